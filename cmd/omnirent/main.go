// Command omnirent is the whole product in one binary.
//
//	omnirent serve                 start the web server (the default)
//	omnirent migrate               apply database migrations and exit
//	omnirent admin create -email E [-password P] [-name N]
//	                               create an Admin, or promote an existing account
//	omnirent seed listings -count N [-seed S]
//	                               add N published listings across the UK (load tests)
//	omnirent config                print the configuration table (Markdown)
//	omnirent config check          reach the database, S3 and SMTP of the configuration
//	                               and say what is wrong; exits 1 when anything is
//	omnirent backup -to DIR        copy the SQLite database and the files, while serving
//	omnirent restore -from DIR     put a backup into the (empty) data folder
package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/omnirent/omnirent/internal/app"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/demo"
	"github.com/omnirent/omnirent/internal/platform/backup"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/web"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "omnirent:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "config":
		if len(args) == 0 {
			fmt.Print(config.MarkdownTable())
			return nil
		}
		if args[0] != "check" {
			return fmt.Errorf("usage: omnirent config [check]")
		}
	case "serve", "migrate", "admin", "seed", "backup", "restore":
	case "-h", "--help", "help":
		fmt.Println("usage: omnirent [serve | migrate | admin create -email E | seed listings -count N | config [check] | backup -to DIR | restore -from DIR]")
		return nil
	default:
		return fmt.Errorf("unknown command %q (serve, migrate, admin, seed, config, backup, restore)", cmd)
	}
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	if cmd == "restore" {
		return restoreCommand(cfg, args)
	}
	log := app.NewLogger(os.Stderr, cfg.LogLevel, cfg.LogFormat)
	slog.SetDefault(log)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "migrate":
		d, err := db.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer d.Close()
		return d.Migrate(ctx)
	case "admin":
		return adminCommand(ctx, cfg, log, args)
	case "seed":
		return seedCommand(ctx, cfg, log, args)
	case "config":
		return configCheck(ctx, cfg)
	case "backup":
		return backupCommand(ctx, cfg, args)
	}
	return serve(ctx, cfg, log)
}

func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	started := time.Now()
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg, log, clock.System{}, dist)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	log.Info("omnirent ready", "addr", ln.Addr().String(), "env", cfg.Env, "database", dbKind(cfg.DatabaseURL), "startup_ms", time.Since(started).Milliseconds())
	printWelcome(cfg)
	return a.Serve(ctx, ln)
}

func printWelcome(cfg config.Config) {
	fmt.Printf("\n  OmniRent is running at %s\n", cfg.BaseURL)
	if !cfg.Dev() {
		fmt.Println()
		return
	}
	fmt.Printf("  Development mailbox (every e-mail sent): %s/dev/mailbox\n", cfg.BaseURL)
	if cfg.SeedDemo {
		fmt.Println("  Demo logins:")
		for _, a := range demo.Accounts {
			role := string(a.UserType)
			if a.Role == auth.RoleAdmin {
				role = "Admin"
			}
			fmt.Printf("    %-9s %-32s %s\n", role, a.Email, a.Password)
		}
	}
	fmt.Println()
}

func dbKind(url string) string {
	if len(url) > 7 && url[:7] == "sqlite:" {
		return "sqlite"
	}
	return "postgres"
}

func adminCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return fmt.Errorf("usage: omnirent admin create -email E [-password P] [-name N]")
	}
	fl := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fl.String("email", "", "e-mail of the admin (required)")
	password := fl.String("password", "", "password for a new account (generated and printed when empty)")
	name := fl.String("name", "OmniRent Admin", "full name for a new account")
	if err := fl.Parse(args[1:]); err != nil {
		return err
	}
	if *email == "" {
		return fmt.Errorf("-email is required")
	}
	cfg.SeedDemo = false
	a, err := app.New(ctx, cfg, log, clock.System{}, nil)
	if err != nil {
		return err
	}
	defer a.DB.Close()
	pw := *password
	generated := pw == ""
	if generated {
		pw = rand.Text()[:16] + "a1!A"
	} else if !auth.ValidSignupPassword(pw) {
		return fmt.Errorf("%s", auth.MsgPasswordRule)
	}
	created, err := a.Auth.EnsureAccount(ctx, auth.NewAccount{Email: *email, FullName: *name, Password: pw, UserType: auth.Landlord, Role: auth.RoleAdmin})
	if err != nil {
		return err
	}
	if created {
		fmt.Printf("Created admin %s\n", text.NormaliseEmail(*email))
		if generated {
			fmt.Printf("Password: %s\n", pw)
		}
		return nil
	}
	if err := a.Auth.PromoteToAdmin(ctx, *email); err != nil {
		if apperr.IsNotFound(err) {
			return fmt.Errorf("no account %s", *email)
		}
		return err
	}
	fmt.Printf("Promoted %s to Admin (password unchanged)\n", text.NormaliseEmail(*email))
	return nil
}

func seedCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string) error {
	if len(args) == 0 || args[0] != "listings" {
		return fmt.Errorf("usage: omnirent seed listings -count N [-seed S]")
	}
	fl := flag.NewFlagSet("seed listings", flag.ContinueOnError)
	count := fl.Int("count", 1000, "how many listings to add")
	seed := fl.Uint64("seed", 1, "random seed (the same seed gives the same listings)")
	if err := fl.Parse(args[1:]); err != nil {
		return err
	}
	if *count < 1 {
		return fmt.Errorf("-count must be at least 1")
	}
	cfg.SeedDemo = false
	a, err := app.New(ctx, cfg, log, clock.System{}, nil)
	if err != nil {
		return err
	}
	defer a.DB.Close()
	// The listings belong to one seed landlord, so they are easy to tell apart.
	const email = "listings@seed.omnirent.co.uk"
	if _, err := a.Auth.EnsureAccount(ctx, auth.NewAccount{Email: email, FullName: "Seed Listings", Password: rand.Text() + "a1!A", UserType: auth.Landlord, Role: auth.RoleUser}); err != nil {
		return err
	}
	u, err := a.Auth.UserByEmail(ctx, email)
	if err != nil {
		return err
	}
	started := time.Now()
	err = a.Properties.SeedListings(ctx, u.ID, *count, *seed, func(done int) {
		if done%10000 == 0 || done == *count {
			fmt.Printf("\r%d / %d listings", done, *count)
		}
	})
	fmt.Printf("\nadded %d listings in %s\n", *count, time.Since(started).Round(time.Millisecond))
	return err
}

// configCheck prints what is wrong with the configuration's outside services.
func configCheck(ctx context.Context, cfg config.Config) error {
	problems := app.CheckConfig(ctx, cfg)
	if len(problems) == 0 {
		fmt.Printf("Configuration OK (%s, database %s, files %s, mail %s)\n", cfg.Env, dbKind(cfg.DatabaseURL), filesKind(cfg), mailKind(cfg))
		return nil
	}
	for _, p := range problems {
		fmt.Println("- " + p)
	}
	return fmt.Errorf("%d problem(s) in the configuration", len(problems))
}

func filesKind(cfg config.Config) string {
	if cfg.S3.Endpoint != "" {
		return "s3"
	}
	return "local"
}

func mailKind(cfg config.Config) string {
	if cfg.SMTPURL != "" {
		return "smtp"
	}
	return "outbox"
}

// backupCommand copies a running SQLite deployment (database and files).
func backupCommand(ctx context.Context, cfg config.Config, args []string) error {
	fl := flag.NewFlagSet("backup", flag.ContinueOnError)
	to := fl.String("to", "", "an empty or new folder for the backup (required)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return fmt.Errorf("usage: omnirent backup -to DIR")
	}
	if dbKind(cfg.DatabaseURL) != "sqlite" || cfg.S3.Endpoint != "" {
		return fmt.Errorf("omnirent backup copies the SQLite default (database and local files); for PostgreSQL and S3 see docs/operations.md")
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	files, err := storage.NewLocal(filepath.Join(cfg.DataDir, "files"))
	if err != nil {
		return err
	}
	defer files.Close()
	m, err := backup.Take(ctx, backup.Source{DB: d.DB, Files: files, DataDir: cfg.DataDir}, *to, time.Now())
	if err != nil {
		return err
	}
	fmt.Printf("Backup in %s: the database and %d files (%d bytes)\n", *to, m.Files, m.Bytes)
	return nil
}

// restoreCommand puts a backup into the configured, empty data folder.
func restoreCommand(cfg config.Config, args []string) error {
	fl := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fl.String("from", "", "the backup folder (required)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *from == "" {
		return fmt.Errorf("usage: omnirent restore -from DIR (into OMNIRENT_DATA_DIR, which must be empty)")
	}
	if want := "sqlite:" + filepath.Join(cfg.DataDir, backup.DBFile); cfg.DatabaseURL != want {
		return fmt.Errorf("restore writes %s; unset OMNIRENT_DATABASE_URL or set it to %s", filepath.Join(cfg.DataDir, backup.DBFile), want)
	}
	m, err := backup.Restore(*from, cfg.DataDir)
	if err != nil {
		return err
	}
	fmt.Printf("Restored the backup of %s into %s\n", m.TakenAt.Format(time.RFC3339), cfg.DataDir)
	return nil
}
