package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/storage"
)

// CheckConfig reaches every outside service a configuration names (the
// database, the S3 bucket, the SMTP server) and reports, in words for the
// operator, what would stop or mislead a production server: `omnirent
// config check` prints these and exits non-zero when there are any. The
// configuration's own syntax (config.Load) is checked before.
func CheckConfig(ctx context.Context, cfg config.Config) []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()

	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		add("database: cannot connect (%v)", err)
	} else {
		if err := d.PingContext(ctx); err != nil {
			add("database: cannot connect (%v)", err)
		}
		d.Close()
	}
	if cfg.S3.Endpoint != "" {
		if _, err := storage.NewS3(ctx, storage.S3Config{Endpoint: cfg.S3.Endpoint, Region: cfg.S3.Region, Bucket: cfg.S3.Bucket,
			AccessKey: cfg.S3.AccessKey, SecretKey: cfg.S3.SecretKey, UseSSL: cfg.S3.UseSSL, PathStyle: cfg.S3.PathStyle}); err != nil {
			add("file storage: %v", err)
		}
	}
	if cfg.SMTPURL != "" {
		s, err := mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom)
		if err != nil {
			add("mail: OMNIRENT_SMTP_URL: %v", err)
		} else if err := s.Check(ctx); err != nil {
			add("mail: the SMTP server cannot be reached or refused the sign-in (%v)", err)
		}
	}
	if cfg.Env == "production" {
		if cfg.SMTPURL == "" {
			add("mail: OMNIRENT_SMTP_URL is empty, so e-mails (sign-up codes, signing codes, invitations) would stay in the local outbox")
		}
		if !strings.HasPrefix(cfg.BaseURL, "https://") {
			add("OMNIRENT_BASE_URL %q is not https://: cookies would not be Secure and e-mailed links would be plain HTTP", cfg.BaseURL)
		}
		if cfg.Stripe.SecretKey == "" {
			add("payments: OMNIRENT_STRIPE_SECRET_KEY is empty, so orders would be paid through the offline sandbox")
		}
		if strings.ReplaceAll(cfg.Supplier.VATNumber, " ", "") == config.PlaceholderVATNumber {
			add("receipts: OMNIRENT_SUPPLIER_VAT_NUMBER is the placeholder %s: a VAT receipt must show your real VAT registration number", cfg.Supplier.VATNumber)
		}
		if cfg.SeedDemo {
			add("OMNIRENT_SEED_DEMO is true: the demo accounts and their published passwords would be created")
		}
		if strings.HasPrefix(cfg.DatabaseURL, "sqlite:") && cfg.S3.Endpoint != "" {
			add("a SQLite database with S3 files: several instances cannot share SQLite; use PostgreSQL with S3")
		}
	}
	return problems
}
