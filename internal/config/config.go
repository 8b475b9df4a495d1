// Package config reads the one Config struct from environment variables.
// Every option is listed in options below with its default and meaning; the
// README's configuration table is generated from the same list (see
// `omnirent config`), so the documentation cannot drift from the code.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	Env                  string // development | production
	Addr                 string
	BaseURL              string
	DataDir              string
	DatabaseURL          string
	SecretKey            []byte
	SMTPURL              string
	MailFrom             string
	SupportEmail         string
	VendorBookingEmail   string // where landlords' certificate booking requests go; empty: no booking
	DataProtectionNumber string
	Supplier             Supplier
	MapTileURL           string
	MapAttribution       string
	S3                   S3
	Stripe               Stripe
	News                 News
	SeedDemo             bool
	LogLevel             string
	LogFormat            string
	MaxBodyBytes         int64
	TrustProxy           bool
	Argon2MemoryKiB      uint32
	Argon2Time           uint32
	Argon2Threads        uint8
	ShutdownTimeout      time.Duration
	MetricsAddr          string // empty: no /metrics
}

// PlaceholderVATNumber is the default supplier VAT number: fine for
// development, refused by `omnirent config check` in production.
const PlaceholderVATNumber = "GB000000000"

// Supplier is the business named on every VAT receipt as selling.
type Supplier struct {
	Name      string
	Address   []string // its lines, e.g. the street, the town and the postcode
	VATNumber string   // written the usual way: GB 123 4567 89
}

// News is where OmniNews headlines come from.
type News struct {
	UKFeeds, WorldFeeds []string
	Refresh, Retention  time.Duration
}

// Origins are where browsers fetch the files the server redirects them to
// (presigned URLs): the endpoint, and the bucket's virtual host unless
// path-style URLs are used. None when files stay in the data dir.
func (s S3) Origins() []string {
	if s.Endpoint == "" {
		return nil
	}
	scheme := "https://"
	if !s.UseSSL {
		scheme = "http://"
	}
	out := []string{scheme + s.Endpoint}
	if !s.PathStyle && s.Bucket != "" {
		out = append(out, scheme+s.Bucket+"."+s.Endpoint)
	}
	return out
}

// S3 is where uploads go when an S3-compatible endpoint is configured.
type S3 struct {
	Endpoint, Bucket, Region, AccessKey, SecretKey string
	UseSSL, PathStyle                              bool
}

// Stripe is the production card provider, used when SecretKey is set;
// without it orders are paid through the offline sandbox.
type Stripe struct {
	SecretKey, PublishableKey, WebhookSecret string
	APIURL                                   string // empty: Stripe's own; tests point it at stripe-mock
}

// Dev reports whether the server runs in development mode (mailbox page,
// demo logins printed). Production mode never exposes those.
func (c Config) Dev() bool { return c.Env == "development" }

// localURL is the address a browser on this machine reaches the server
// listening on addr by, the base URL when none is configured.
func localURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return "http://localhost:8080"
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// SecureCookies is true when the site is served over TLS.
func (c Config) SecureCookies() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// Option documents one environment variable.
type Option struct {
	Name, Default, Help string
}

// Options is the documented list of every environment variable.
var Options = []Option{
	{"OMNIRENT_ENV", "development", "`development` (mailbox at /dev/mailbox, demo logins printed) or `production`."},
	{"OMNIRENT_ADDR", ":8080", "Address the HTTP server listens on."},
	{"OMNIRENT_BASE_URL", "http://localhost:8080 (the port of OMNIRENT_ADDR)", "Public URL of the site, used in e-mails and printed at start; `https://` turns on Secure cookies and HSTS."},
	{"OMNIRENT_DATA_DIR", "./data", "Folder for the SQLite database, uploaded files and the development secret key."},
	{"OMNIRENT_DATABASE_URL", "sqlite:<data dir>/omnirent.db", "`sqlite:PATH` or a PostgreSQL URL `postgres://user:pass@host:5432/db`."},
	{"OMNIRENT_SECRET_KEY", "generated into the data dir in development", "At least 32 characters; keys code hashes. Required in production (or OMNIRENT_SECRET_KEY_FILE)."},
	{"OMNIRENT_SMTP_URL", "(empty: local outbox)", "`smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`. Empty keeps mail in the local outbox. Also OMNIRENT_SMTP_URL_FILE."},
	{"OMNIRENT_MAIL_FROM", "OmniRent <no-reply@omnirent.co.uk>", "Sender of every e-mail."},
	{"OMNIRENT_SUPPORT_EMAIL", "support@omnirent.co.uk", "Contact address shown on the site and in e-mails."},
	{"OMNIRENT_VENDOR_BOOKING_EMAIL", "(empty: no booking)", "Address that receives landlords' requests to book a certificate check (gas safety, EICR, EPC, HMO licence), with a copy to the landlord. Empty hides the Book a vendor button."},
	{"OMNIRENT_DATA_PROTECTION_NUMBER", "ZB000000", "ICO data-protection registration number shown in the footer."},
	{"OMNIRENT_SUPPLIER_NAME", "OmniRent Ltd", "The business named as the supplier on VAT receipts (the page, the PDF and the receipt e-mail)."},
	{"OMNIRENT_SUPPLIER_ADDRESS", "1 Example Street, London, EC1A 1AA", "The supplier's address on VAT receipts, its lines separated by commas."},
	{"OMNIRENT_SUPPLIER_VAT_NUMBER", "GB000000000", "The supplier's VAT registration number on VAT receipts: GB (or XI) and 9 or 12 digits, spaces allowed. Set the real one in production (`omnirent config check` names the placeholder)."},
	{"OMNIRENT_MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "Map tiles for listing maps (any XYZ tile server; respect its usage policy). Pages stay usable when tiles cannot load."},
	{"OMNIRENT_MAP_ATTRIBUTION", "© OpenStreetMap contributors", "Attribution shown on the map, as the tile provider requires."},
	{"OMNIRENT_S3_ENDPOINT", "(empty: files under <data dir>/files)", "S3-compatible endpoint as host[:port], e.g. `s3.eu-west-2.amazonaws.com`; setting it stores uploads in the bucket instead of the data dir."},
	{"OMNIRENT_S3_BUCKET", "", "Bucket for uploads (must exist). Required with OMNIRENT_S3_ENDPOINT."},
	{"OMNIRENT_S3_REGION", "(discovered)", "Bucket region, e.g. `eu-west-2`."},
	{"OMNIRENT_S3_ACCESS_KEY", "", "Access key id. Also OMNIRENT_S3_ACCESS_KEY_FILE."},
	{"OMNIRENT_S3_SECRET_KEY", "", "Secret access key. Also OMNIRENT_S3_SECRET_KEY_FILE."},
	{"OMNIRENT_S3_USE_SSL", "true", "Talk to the endpoint over HTTPS."},
	{"OMNIRENT_S3_PATH_STYLE", "false", "Path-style bucket URLs (MinIO, Garage and most self-hosted servers)."},
	{"OMNIRENT_STRIPE_SECRET_KEY", "(empty: sandbox card provider)", "Stripe secret key (`sk_live_...`, `sk_test_...` or a restricted `rk_` key); setting it takes card payments through Stripe instead of the offline sandbox. Also OMNIRENT_STRIPE_SECRET_KEY_FILE."},
	{"OMNIRENT_STRIPE_PUBLISHABLE_KEY", "", "Stripe publishable key (`pk_...`) given to the browser for the card element. Required with the secret key."},
	{"OMNIRENT_STRIPE_WEBHOOK_SECRET", "", "Signing secret (`whsec_...`) of the webhook endpoint `<base URL>/api/payments/stripe/webhook` (event `payment_intent.succeeded`). Required with the secret key. Also OMNIRENT_STRIPE_WEBHOOK_SECRET_FILE."},
	{"OMNIRENT_STRIPE_API_URL", "(Stripe's)", "Stripe API base URL; only for tests against stripe-mock, e.g. `http://127.0.0.1:12111`."},
	{"OMNIRENT_PDF_FONT_DIR", "(Debian's /usr/share/fonts/truetype/droid)", "Folder holding DroidSansFallbackFull.ttf, the Chinese and Japanese font of generated PDFs (the other scripts' fonts are built in)."},
	{"OMNIRENT_SEED_DEMO", "true in development", "Create the demo landlord, tenant and admin on first start."},
	{"OMNIRENT_LOG_LEVEL", "info", "debug, info, warn or error."},
	{"OMNIRENT_LOG_FORMAT", "text", "`text` or `json`."},
	{"OMNIRENT_MAX_BODY_BYTES", "1048576", "Largest JSON request body accepted."},
	{"OMNIRENT_TRUST_PROXY", "false", "Read the client address from the last X-Forwarded-For entry (only behind one trusted load balancer, which appends it)."},
	{"OMNIRENT_ARGON2_MEMORY_KIB", "47104", "argon2id memory per password hash (46 MiB; with 2 passes about 80 ms a hash here, see docs/perf.md)."},
	{"OMNIRENT_ARGON2_TIME", "2", "argon2id passes."},
	{"OMNIRENT_ARGON2_THREADS", "1", "argon2id parallelism."},
	{"OMNIRENT_NEWS_UK_FEEDS", "(none: sample articles)", "Comma-separated RSS or Atom feed URLs for OmniNews Top Headlines (UK rental sector)."},
	{"OMNIRENT_NEWS_WORLD_FEEDS", "(none: sample articles)", "Comma-separated RSS or Atom feed URLs for Worldwide Top Headlines."},
	{"OMNIRENT_NEWS_REFRESH", "30m", "How often the feeds are read (by the job queue)."},
	{"OMNIRENT_NEWS_RETENTION", "720h", "How long headlines are kept (720h is 30 days)."},
	{"OMNIRENT_SHUTDOWN_TIMEOUT", "10s", "How long to wait for requests in flight (uploads included) and running jobs when stopping (SIGTERM or Ctrl-C); then the rest are cut off and their job leases released."},
	{"OMNIRENT_METRICS_ADDR", "(empty: off)", "Address of a second listener serving Prometheus metrics at `/metrics` (requests by route and status with latencies, job queue, mails, sweeps, database pool), and Go's profiles of the running server at `/debug/pprof/` (`go tool pprof http://127.0.0.1:9090/debug/pprof/profile`), e.g. `127.0.0.1:9090`. Keep it off the public network."},
}

// MarkdownTable renders Options as the configuration table of
// docs/configuration.md (a test keeps the page and this list the same).
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| Variable | Default | Meaning |\n|---|---|---|\n")
	for _, o := range Options {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", o.Name, o.Default, o.Help)
	}
	return b.String()
}

// Load reads the environment (a lookup function so tests can pass a map).
func Load(getenv func(string) string) (Config, error) {
	var errs []error
	get := func(name, def string) string {
		v, err := readSecretFile(getenv, name)
		if err != nil {
			errs = append(errs, err)
		}
		if v != "" {
			return v
		}
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	addr := get("OMNIRENT_ADDR", ":8080")
	c := Config{
		Env:                  get("OMNIRENT_ENV", "development"),
		Addr:                 addr,
		BaseURL:              strings.TrimRight(get("OMNIRENT_BASE_URL", localURL(addr)), "/"),
		DataDir:              get("OMNIRENT_DATA_DIR", "./data"),
		SMTPURL:              get("OMNIRENT_SMTP_URL", ""),
		MailFrom:             get("OMNIRENT_MAIL_FROM", "OmniRent <no-reply@omnirent.co.uk>"),
		SupportEmail:         get("OMNIRENT_SUPPORT_EMAIL", "support@omnirent.co.uk"),
		VendorBookingEmail:   strings.ToLower(get("OMNIRENT_VENDOR_BOOKING_EMAIL", "")),
		DataProtectionNumber: get("OMNIRENT_DATA_PROTECTION_NUMBER", "ZB000000"),
		Supplier: Supplier{Name: get("OMNIRENT_SUPPLIER_NAME", "OmniRent Ltd"),
			Address:   addressLines(get("OMNIRENT_SUPPLIER_ADDRESS", "1 Example Street, London, EC1A 1AA")),
			VATNumber: vatNumber(get("OMNIRENT_SUPPLIER_VAT_NUMBER", PlaceholderVATNumber))},
		MapTileURL:     get("OMNIRENT_MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
		MapAttribution: get("OMNIRENT_MAP_ATTRIBUTION", "© OpenStreetMap contributors"),
		LogLevel:       get("OMNIRENT_LOG_LEVEL", "info"),
		LogFormat:      get("OMNIRENT_LOG_FORMAT", "text"),
		MetricsAddr:    get("OMNIRENT_METRICS_ADDR", ""),
	}
	c.S3 = S3{
		Endpoint: get("OMNIRENT_S3_ENDPOINT", ""), Bucket: get("OMNIRENT_S3_BUCKET", ""), Region: get("OMNIRENT_S3_REGION", ""),
		AccessKey: get("OMNIRENT_S3_ACCESS_KEY", ""), SecretKey: get("OMNIRENT_S3_SECRET_KEY", ""),
		UseSSL:    parseBool(get("OMNIRENT_S3_USE_SSL", "true"), "OMNIRENT_S3_USE_SSL", &errs),
		PathStyle: parseBool(get("OMNIRENT_S3_PATH_STYLE", "false"), "OMNIRENT_S3_PATH_STYLE", &errs),
	}
	c.Stripe = Stripe{
		SecretKey: get("OMNIRENT_STRIPE_SECRET_KEY", ""), PublishableKey: get("OMNIRENT_STRIPE_PUBLISHABLE_KEY", ""),
		WebhookSecret: get("OMNIRENT_STRIPE_WEBHOOK_SECRET", ""), APIURL: strings.TrimRight(get("OMNIRENT_STRIPE_API_URL", ""), "/"),
	}
	c.DatabaseURL = get("OMNIRENT_DATABASE_URL", "sqlite:"+filepath.Join(c.DataDir, "omnirent.db"))
	c.SeedDemo = parseBool(get("OMNIRENT_SEED_DEMO", strconv.FormatBool(c.Env == "development")), "OMNIRENT_SEED_DEMO", &errs)
	c.TrustProxy = parseBool(get("OMNIRENT_TRUST_PROXY", "false"), "OMNIRENT_TRUST_PROXY", &errs)
	c.MaxBodyBytes = int64(parseUint(get("OMNIRENT_MAX_BODY_BYTES", "1048576"), "OMNIRENT_MAX_BODY_BYTES", 1<<40, &errs))
	c.Argon2MemoryKiB = uint32(parseUint(get("OMNIRENT_ARGON2_MEMORY_KIB", "47104"), "OMNIRENT_ARGON2_MEMORY_KIB", 1<<22, &errs))
	c.Argon2Time = uint32(parseUint(get("OMNIRENT_ARGON2_TIME", "2"), "OMNIRENT_ARGON2_TIME", 100, &errs))
	c.Argon2Threads = uint8(parseUint(get("OMNIRENT_ARGON2_THREADS", "1"), "OMNIRENT_ARGON2_THREADS", 255, &errs))
	c.News = News{UKFeeds: feedList(get("OMNIRENT_NEWS_UK_FEEDS", "")), WorldFeeds: feedList(get("OMNIRENT_NEWS_WORLD_FEEDS", "")),
		Refresh:   parseDuration(get("OMNIRENT_NEWS_REFRESH", "30m"), "OMNIRENT_NEWS_REFRESH", &errs),
		Retention: parseDuration(get("OMNIRENT_NEWS_RETENTION", "720h"), "OMNIRENT_NEWS_RETENTION", &errs)}
	for _, f := range append(append([]string{}, c.News.UKFeeds...), c.News.WorldFeeds...) {
		if u, err := url.Parse(f); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			errs = append(errs, fmt.Errorf("news feed %q must be an http(s) URL", f))
		}
	}
	d, err := time.ParseDuration(get("OMNIRENT_SHUTDOWN_TIMEOUT", "10s"))
	if err != nil {
		errs = append(errs, fmt.Errorf("OMNIRENT_SHUTDOWN_TIMEOUT: %v", err))
	}
	c.ShutdownTimeout = d
	if key := get("OMNIRENT_SECRET_KEY", ""); key != "" {
		c.SecretKey = []byte(key)
	}
	errs = append(errs, c.validate()...)
	return c, errors.Join(errs...)
}

func (c *Config) validate() []error {
	var errs []error
	if c.Env != "development" && c.Env != "production" {
		errs = append(errs, fmt.Errorf("OMNIRENT_ENV must be development or production, not %q", c.Env))
	}
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("OMNIRENT_BASE_URL must be an http(s) URL, not %q", c.BaseURL))
	}
	if !strings.HasPrefix(c.DatabaseURL, "sqlite:") && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		errs = append(errs, fmt.Errorf("OMNIRENT_DATABASE_URL must start with sqlite: or postgres://"))
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			errs = append(errs, fmt.Errorf("OMNIRENT_SMTP_URL must look like smtp://user:pass@host:587"))
		}
	}
	if c.Env == "production" && len(c.SecretKey) < 32 {
		errs = append(errs, fmt.Errorf("OMNIRENT_SECRET_KEY (or _FILE) of at least 32 characters is required in production"))
	}
	if c.SecretKey != nil && len(c.SecretKey) < 32 {
		errs = append(errs, fmt.Errorf("OMNIRENT_SECRET_KEY must be at least 32 characters"))
	}
	if !strings.HasPrefix(c.MapTileURL, "https://") || !strings.Contains(c.MapTileURL, "{z}") {
		errs = append(errs, fmt.Errorf("OMNIRENT_MAP_TILE_URL must be an https XYZ template with {z}, {x} and {y}"))
	}
	if c.VendorBookingEmail != "" {
		if a, err := mail.ParseAddress(c.VendorBookingEmail); err != nil || a.Name != "" || a.Address != c.VendorBookingEmail {
			errs = append(errs, fmt.Errorf("OMNIRENT_VENDOR_BOOKING_EMAIL must be a plain e-mail address, not %q", c.VendorBookingEmail))
		}
	}
	if len(c.Supplier.Address) == 0 {
		errs = append(errs, fmt.Errorf("OMNIRENT_SUPPLIER_ADDRESS must give at least one line"))
	}
	if !vatNumberRe.MatchString(strings.ReplaceAll(c.Supplier.VATNumber, " ", "")) {
		errs = append(errs, fmt.Errorf("OMNIRENT_SUPPLIER_VAT_NUMBER must be GB or XI and 9 or 12 digits (GB 123 4567 89), not %q", c.Supplier.VATNumber))
	}
	if c.S3.Endpoint != "" && c.S3.Bucket == "" {
		errs = append(errs, fmt.Errorf("OMNIRENT_S3_BUCKET is required with OMNIRENT_S3_ENDPOINT"))
	}
	errs = append(errs, c.Stripe.validate()...)
	if c.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			errs = append(errs, fmt.Errorf("OMNIRENT_METRICS_ADDR must be host:port, such as 127.0.0.1:9090"))
		} else if c.MetricsAddr == c.Addr {
			errs = append(errs, fmt.Errorf("OMNIRENT_METRICS_ADDR must differ from OMNIRENT_ADDR"))
		}
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("OMNIRENT_LOG_FORMAT must be text or json"))
	}
	if c.Argon2MemoryKiB < 8*1024 || c.Argon2Time < 1 || c.Argon2Threads < 1 {
		errs = append(errs, fmt.Errorf("argon2id parameters too weak (memory >= 8192 KiB, time >= 1, threads >= 1)"))
	}
	return errs
}

// addressLines splits a comma-separated address into its trimmed lines.
func addressLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, ",") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// vatNumberRe is a UK VAT registration number without spaces: GB (or XI
// for Northern Ireland's goods) and 9 digits, or 12 for a group branch.
var vatNumberRe = regexp.MustCompile(`^(GB|XI)(\d{9}|\d{12})$`)

// vatNumber writes a VAT number the usual way, GB 123 4567 89 (a branch's
// three more digits after); anything else is kept as typed for validate
// to refuse.
func vatNumber(s string) string {
	n := strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if !vatNumberRe.MatchString(n) {
		return s
	}
	out := n[:2] + " " + n[2:5] + " " + n[5:9] + " " + n[9:11]
	if len(n) == 14 {
		out += " " + n[11:]
	}
	return out
}

// validate checks a Stripe configuration at start-up: a half-configured
// Stripe would take card payments it can never confirm (no webhook secret)
// or show a card form that cannot work (no publishable key, or keys of
// different modes, which Stripe refuses together).
func (s Stripe) validate() []error {
	var errs []error
	if s.SecretKey == "" {
		if s.PublishableKey != "" || s.WebhookSecret != "" {
			errs = append(errs, fmt.Errorf("OMNIRENT_STRIPE_SECRET_KEY is required with the other OMNIRENT_STRIPE_ options"))
		}
		return errs
	}
	if !strings.HasPrefix(s.SecretKey, "sk_") && !strings.HasPrefix(s.SecretKey, "rk_") {
		errs = append(errs, fmt.Errorf("OMNIRENT_STRIPE_SECRET_KEY must be a secret key (sk_...) or a restricted key (rk_...)"))
	}
	if !strings.HasPrefix(s.PublishableKey, "pk_") {
		errs = append(errs, fmt.Errorf("OMNIRENT_STRIPE_PUBLISHABLE_KEY (pk_...) is required with OMNIRENT_STRIPE_SECRET_KEY"))
	} else if live := strings.Contains(s.SecretKey, "_live_"); live != strings.HasPrefix(s.PublishableKey, "pk_live_") {
		errs = append(errs, fmt.Errorf("OMNIRENT_STRIPE_SECRET_KEY and OMNIRENT_STRIPE_PUBLISHABLE_KEY must both be live or both test keys"))
	}
	if !strings.HasPrefix(s.WebhookSecret, "whsec_") {
		errs = append(errs, fmt.Errorf("OMNIRENT_STRIPE_WEBHOOK_SECRET (whsec_...) is required with OMNIRENT_STRIPE_SECRET_KEY"))
	}
	if s.APIURL != "" {
		if u, err := url.Parse(s.APIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("OMNIRENT_STRIPE_API_URL must be an http(s) URL"))
		}
	}
	return errs
}

// EnsureSecretKey creates (once) and reads a random key in the data dir for
// development, so `make run` needs no setup but restarts keep codes valid.
func (c *Config) EnsureSecretKey() error {
	if c.SecretKey != nil {
		return nil
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return err
	}
	path := filepath.Join(c.DataDir, "secret.key")
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		c.SecretKey = b
		return nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return err
	}
	key := []byte(hex.EncodeToString(buf))
	if err := os.WriteFile(path, key, 0o600); err != nil {
		return err
	}
	c.SecretKey = key
	return nil
}

// readSecretFile supports NAME_FILE for secrets mounted as files.
func readSecretFile(getenv func(string) string, name string) (string, error) {
	path := strings.TrimSpace(getenv(name + "_FILE"))
	if path == "" {
		return "", nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%s_FILE: %v", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// feedList splits a comma-separated list; "none" means no feeds.
func feedList(v string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f != "" && f != "none" {
			out = append(out, f)
		}
	}
	return out
}

func parseDuration(v, name string, errs *[]error) time.Duration {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		*errs = append(*errs, fmt.Errorf("%s must be a positive duration such as 30m, not %q", name, v))
		return time.Hour
	}
	return d
}

func parseBool(v, name string, errs *[]error) bool {
	b, err := strconv.ParseBool(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s: %q is not true or false", name, v))
	}
	return b
}

func parseUint(v, name string, max uint64, errs *[]error) uint64 {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil || n > max {
		*errs = append(*errs, fmt.Errorf("%s: %q is not a whole number up to %d", name, v, max))
	}
	return n
}
