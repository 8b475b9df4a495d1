package main

import (
	"bufio"
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/app"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// closedPort is an address nothing listens on.
func closedPort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// fakeSMTP answers enough of SMTP for a connection check (greeting, EHLO, QUIT).
func fakeSMTP(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				r := bufio.NewReader(c)
				_, _ = c.Write([]byte("220 fake ESMTP\r\n"))
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					switch cmd := strings.ToUpper(strings.Fields(line + " x")[0]); cmd {
					case "EHLO", "HELO":
						_, _ = c.Write([]byte("250-fake\r\n250 8BITMIME\r\n"))
					case "QUIT":
						_, _ = c.Write([]byte("221 bye\r\n"))
						return
					default:
						_, _ = c.Write([]byte("250 ok\r\n"))
					}
				}
			}(c)
		}
	}()
	return ln.Addr().String()
}

func productionEnv(t *testing.T, extra map[string]string) config.Config {
	t.Helper()
	env := map[string]string{
		"OMNIRENT_ENV": "production", "OMNIRENT_DATA_DIR": t.TempDir(), "OMNIRENT_BASE_URL": "https://omnirent.example",
		"OMNIRENT_SECRET_KEY": strings.Repeat("k", 40), "OMNIRENT_SEED_DEMO": "false",
	}
	for k, v := range extra {
		env[k] = v
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// config check reaches the outside services and names each one that fails.
func TestConfigCheckFindsUnreachableServices(t *testing.T) {
	cfg := productionEnv(t, map[string]string{
		"OMNIRENT_SMTP_URL":    "smtp://" + closedPort(t),
		"OMNIRENT_S3_ENDPOINT": closedPort(t), "OMNIRENT_S3_BUCKET": "uploads", "OMNIRENT_S3_USE_SSL": "false",
		"OMNIRENT_S3_ACCESS_KEY": "a", "OMNIRENT_S3_SECRET_KEY": "b", "OMNIRENT_S3_REGION": "eu-west-2",
	})
	problems := strings.Join(app.CheckConfig(context.Background(), cfg), "\n")
	for _, want := range []string{"mail: the SMTP server cannot be reached", "file storage:", "payments: OMNIRENT_STRIPE_SECRET_KEY is empty",
		"receipts: OMNIRENT_SUPPLIER_VAT_NUMBER is the placeholder"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems do not say %q:\n%s", want, problems)
		}
	}

	// A reachable SMTP server, a real VAT number and no S3: only the sandbox payments remain.
	cfg = productionEnv(t, map[string]string{"OMNIRENT_SMTP_URL": "smtp://" + fakeSMTP(t), "OMNIRENT_SUPPLIER_VAT_NUMBER": "GB 123 4567 89"})
	problems = strings.Join(app.CheckConfig(context.Background(), cfg), "\n")
	if strings.Contains(problems, "mail:") || strings.Contains(problems, "database:") || strings.Contains(problems, "receipts:") || !strings.Contains(problems, "payments:") {
		t.Fatalf("problems:\n%s", problems)
	}

	// The command exits non-zero with a problem, and zero on a sound development set-up.
	t.Setenv("OMNIRENT_ENV", "production")
	t.Setenv("OMNIRENT_DATA_DIR", t.TempDir())
	t.Setenv("OMNIRENT_SECRET_KEY", strings.Repeat("k", 40))
	t.Setenv("OMNIRENT_BASE_URL", "https://omnirent.example")
	t.Setenv("OMNIRENT_SMTP_URL", "smtp://"+closedPort(t))
	if err := run([]string{"config", "check"}); err == nil {
		t.Fatal("config check passed with an unreachable SMTP server")
	}
	t.Setenv("OMNIRENT_SECRET_KEY", "short")
	if err := run([]string{"config", "check"}); err == nil || !strings.Contains(err.Error(), "at least 32 characters") {
		t.Fatalf("a short secret: %v", err)
	}
	t.Setenv("OMNIRENT_ENV", "development")
	t.Setenv("OMNIRENT_SECRET_KEY", "")
	t.Setenv("OMNIRENT_SMTP_URL", "")
	t.Setenv("OMNIRENT_BASE_URL", "")
	if err := run([]string{"config", "check"}); err != nil {
		t.Fatalf("development default: %v", err)
	}
}

// backup and restore through the command line: the restored folder holds the account.
func TestBackupAndRestoreCommands(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("OMNIRENT_DATA_DIR", dir)
	t.Setenv("OMNIRENT_SEED_DEMO", "false")
	t.Setenv("OMNIRENT_ARGON2_MEMORY_KIB", "8192")
	t.Setenv("OMNIRENT_LOG_LEVEL", "error")
	if err := run([]string{"admin", "create", "-email", "boss@example.com", "-password", "Secret#123"}); err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(t.TempDir(), "b")
	if err := run([]string{"backup", "-to", to}); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"backup", "-to", to}); err == nil {
		t.Fatal("a backup over a folder that is not empty was accepted")
	}
	restored := t.TempDir()
	t.Setenv("OMNIRENT_DATA_DIR", restored)
	if err := run([]string{"restore", "-from", to}); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(restored, "omnirent.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var role string
	if err := d.Conn().QueryRow(context.Background(), `SELECT role FROM users WHERE email = ?`, "boss@example.com").Scan(&role); err != nil || role != "Admin" {
		t.Fatalf("restored account: %q %v", role, err)
	}
}
