package config_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/config"
)

const key32 = "0123456789abcdef0123456789abcdef"

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func documentedDefault(t *testing.T, name string) string {
	t.Helper()
	for _, o := range config.Options {
		if o.Name == name {
			return o.Default
		}
	}
	t.Fatalf("%s is not documented in config.Options", name)
	return ""
}

func TestDefaults(t *testing.T) {
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatalf("defaults do not load: %v", err)
	}
	if c.Env != "development" || !c.Dev() {
		t.Errorf("Env %q", c.Env)
	}
	if c.Addr != ":8080" || c.BaseURL != "http://localhost:8080" || c.DataDir != "./data" {
		t.Errorf("Addr %q BaseURL %q DataDir %q", c.Addr, c.BaseURL, c.DataDir)
	}
	if c.DatabaseURL != "sqlite:"+filepath.Join("./data", "omnirent.db") {
		t.Errorf("DatabaseURL %q", c.DatabaseURL)
	}
	if c.SecretKey != nil || c.SMTPURL != "" {
		t.Errorf("SecretKey %q SMTPURL %q", c.SecretKey, c.SMTPURL)
	}
	if c.MailFrom != "OmniRent <no-reply@omnirent.co.uk>" || c.SupportEmail != "support@omnirent.co.uk" || c.DataProtectionNumber != "ZB000000" {
		t.Errorf("mail %q support %q ico %q", c.MailFrom, c.SupportEmail, c.DataProtectionNumber)
	}
	if !c.SeedDemo || c.TrustProxy {
		t.Errorf("SeedDemo %v TrustProxy %v", c.SeedDemo, c.TrustProxy)
	}
	if c.LogLevel != "info" || c.LogFormat != "text" {
		t.Errorf("log %q %q", c.LogLevel, c.LogFormat)
	}
	if c.MaxBodyBytes != 1<<20 || c.ShutdownTimeout != 10*time.Second {
		t.Errorf("MaxBodyBytes %d ShutdownTimeout %v", c.MaxBodyBytes, c.ShutdownTimeout)
	}
	if c.SecureCookies() {
		t.Error("http base URL gives secure cookies")
	}
	// The documented argon2id defaults are the ones used, and they are at least the OWASP minimum (19 MiB, 2 passes).
	for name, got := range map[string]uint64{
		"OMNIRENT_ARGON2_MEMORY_KIB": uint64(c.Argon2MemoryKiB),
		"OMNIRENT_ARGON2_TIME":       uint64(c.Argon2Time),
		"OMNIRENT_ARGON2_THREADS":    uint64(c.Argon2Threads),
		"OMNIRENT_MAX_BODY_BYTES":    uint64(c.MaxBodyBytes),
	} {
		if d := documentedDefault(t, name); d != strconv.FormatUint(got, 10) {
			t.Errorf("%s: documented default %q, actual %d", name, d, got)
		}
	}
	if c.Argon2MemoryKiB < 19456 || (c.Argon2MemoryKiB < 47104 && c.Argon2Time < 2) {
		t.Errorf("argon2id defaults below OWASP: m=%d t=%d", c.Argon2MemoryKiB, c.Argon2Time)
	}
}

// Without OMNIRENT_BASE_URL the site's address follows the port it
// listens on, so the URL printed at start and put in e-mails opens it.
func TestBaseURLFollowsTheListeningPort(t *testing.T) {
	for addr, want := range map[string]string{
		":8099": "http://localhost:8099", "127.0.0.1:9000": "http://127.0.0.1:9000", "0.0.0.0:8081": "http://localhost:8081",
		"[::1]:8082": "http://[::1]:8082", "not an address": "http://localhost:8080",
	} {
		c, _ := config.Load(env(map[string]string{"OMNIRENT_ADDR": addr}))
		if c.BaseURL != want {
			t.Errorf("OMNIRENT_ADDR %q: base URL %q, want %q", addr, c.BaseURL, want)
		}
	}
	c, err := config.Load(env(map[string]string{"OMNIRENT_ADDR": ":8099", "OMNIRENT_BASE_URL": "https://omnirent.example.co.uk/"}))
	if err != nil || c.BaseURL != "https://omnirent.example.co.uk" {
		t.Errorf("configured base URL: %q %v", c.BaseURL, err)
	}
}

func TestEveryOptionIsDocumented(t *testing.T) {
	// Load asks for each variable; every one it asks for must be in Options.
	asked := map[string]bool{}
	_, _ = config.Load(func(k string) string { asked[k] = true; return "" })
	documented := map[string]bool{}
	for _, o := range config.Options {
		documented[o.Name] = true
	}
	for k := range asked {
		if strings.HasSuffix(k, "_FILE") {
			continue
		}
		if !documented[k] {
			t.Errorf("%s is read but not documented", k)
		}
	}
}

func TestValuesAreRead(t *testing.T) {
	c, err := config.Load(env(map[string]string{
		"OMNIRENT_ENV":               "production",
		"OMNIRENT_SECRET_KEY":        "  " + key32 + "  ",
		"OMNIRENT_BASE_URL":          "https://omnirent.example/",
		"OMNIRENT_DATABASE_URL":      "postgres://u:p@db:5432/omnirent",
		"OMNIRENT_SMTP_URL":          "smtps://u:p@mail.example:465",
		"OMNIRENT_MAX_BODY_BYTES":    "2048",
		"OMNIRENT_TRUST_PROXY":       "true",
		"OMNIRENT_ARGON2_MEMORY_KIB": "65536",
		"OMNIRENT_ARGON2_TIME":       "3",
		"OMNIRENT_ARGON2_THREADS":    "4",
		"OMNIRENT_SHUTDOWN_TIMEOUT":  "3s",
		"OMNIRENT_LOG_FORMAT":        "json",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Dev() || string(c.SecretKey) != key32 || c.BaseURL != "https://omnirent.example" || !c.SecureCookies() {
		t.Errorf("env %q key %q base %q", c.Env, c.SecretKey, c.BaseURL)
	}
	if c.SeedDemo {
		t.Error("demo seeding defaults on in production")
	}
	if c.DatabaseURL != "postgres://u:p@db:5432/omnirent" || c.SMTPURL != "smtps://u:p@mail.example:465" {
		t.Errorf("db %q smtp %q", c.DatabaseURL, c.SMTPURL)
	}
	if c.MaxBodyBytes != 2048 || !c.TrustProxy || c.Argon2MemoryKiB != 65536 || c.Argon2Time != 3 || c.Argon2Threads != 4 || c.ShutdownTimeout != 3*time.Second || c.LogFormat != "json" {
		t.Errorf("%+v", c)
	}
}

func TestInvalidConfigurations(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "does-not-exist")
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string // part of the error
	}{
		{"production without secret key", map[string]string{"OMNIRENT_ENV": "production"}, "OMNIRENT_SECRET_KEY"},
		{"production with short secret key", map[string]string{"OMNIRENT_ENV": "production", "OMNIRENT_SECRET_KEY": "short"}, "OMNIRENT_SECRET_KEY"},
		{"short secret key in development", map[string]string{"OMNIRENT_SECRET_KEY": "0123456789"}, "OMNIRENT_SECRET_KEY"},
		{"unknown env", map[string]string{"OMNIRENT_ENV": "staging"}, "OMNIRENT_ENV"},
		{"env in capitals", map[string]string{"OMNIRENT_ENV": "Production", "OMNIRENT_SECRET_KEY": key32}, "OMNIRENT_ENV"},
		{"mysql database", map[string]string{"OMNIRENT_DATABASE_URL": "mysql://u:p@db/omnirent"}, "OMNIRENT_DATABASE_URL"},
		{"bare database path", map[string]string{"OMNIRENT_DATABASE_URL": "/var/lib/omnirent.db"}, "OMNIRENT_DATABASE_URL"},
		{"http smtp url", map[string]string{"OMNIRENT_SMTP_URL": "http://mail.example:587"}, "OMNIRENT_SMTP_URL"},
		{"smtp url without host", map[string]string{"OMNIRENT_SMTP_URL": "smtp://"}, "OMNIRENT_SMTP_URL"},
		{"smtp host only", map[string]string{"OMNIRENT_SMTP_URL": "mail.example:587"}, "OMNIRENT_SMTP_URL"},
		{"base url without scheme", map[string]string{"OMNIRENT_BASE_URL": "omnirent.example"}, "OMNIRENT_BASE_URL"},
		{"ftp base url", map[string]string{"OMNIRENT_BASE_URL": "ftp://omnirent.example"}, "OMNIRENT_BASE_URL"},
		{"argon2 memory too small", map[string]string{"OMNIRENT_ARGON2_MEMORY_KIB": "4096"}, "argon2"},
		{"argon2 zero passes", map[string]string{"OMNIRENT_ARGON2_TIME": "0"}, "argon2"},
		{"argon2 zero threads", map[string]string{"OMNIRENT_ARGON2_THREADS": "0"}, "argon2"},
		{"argon2 memory not a number", map[string]string{"OMNIRENT_ARGON2_MEMORY_KIB": "lots"}, "OMNIRENT_ARGON2_MEMORY_KIB"},
		{"threads over 255", map[string]string{"OMNIRENT_ARGON2_THREADS": "256"}, "OMNIRENT_ARGON2_THREADS"},
		{"negative body size", map[string]string{"OMNIRENT_MAX_BODY_BYTES": "-1"}, "OMNIRENT_MAX_BODY_BYTES"},
		{"bad bool", map[string]string{"OMNIRENT_TRUST_PROXY": "maybe"}, "OMNIRENT_TRUST_PROXY"},
		{"bad duration", map[string]string{"OMNIRENT_SHUTDOWN_TIMEOUT": "10 parsecs"}, "OMNIRENT_SHUTDOWN_TIMEOUT"},
		{"bad log format", map[string]string{"OMNIRENT_LOG_FORMAT": "xml"}, "OMNIRENT_LOG_FORMAT"},
		{"unreadable secret key file", map[string]string{"OMNIRENT_SECRET_KEY_FILE": missing}, "OMNIRENT_SECRET_KEY_FILE"},
		{"unreadable smtp url file", map[string]string{"OMNIRENT_SMTP_URL_FILE": missing}, "OMNIRENT_SMTP_URL_FILE"},
		{"unreadable database url file", map[string]string{"OMNIRENT_DATABASE_URL_FILE": missing}, "OMNIRENT_DATABASE_URL_FILE"},
		{"stripe without webhook secret", map[string]string{"OMNIRENT_STRIPE_SECRET_KEY": "sk_test_1", "OMNIRENT_STRIPE_PUBLISHABLE_KEY": "pk_test_1"}, "OMNIRENT_STRIPE_WEBHOOK_SECRET"},
		{"stripe without publishable key", map[string]string{"OMNIRENT_STRIPE_SECRET_KEY": "sk_test_1", "OMNIRENT_STRIPE_WEBHOOK_SECRET": "whsec_1"}, "OMNIRENT_STRIPE_PUBLISHABLE_KEY"},
		{"stripe publishable key as secret", map[string]string{"OMNIRENT_STRIPE_SECRET_KEY": "pk_test_1", "OMNIRENT_STRIPE_PUBLISHABLE_KEY": "pk_test_1", "OMNIRENT_STRIPE_WEBHOOK_SECRET": "whsec_1"}, "OMNIRENT_STRIPE_SECRET_KEY"},
		{"stripe live and test keys", map[string]string{"OMNIRENT_STRIPE_SECRET_KEY": "sk_live_1", "OMNIRENT_STRIPE_PUBLISHABLE_KEY": "pk_test_1", "OMNIRENT_STRIPE_WEBHOOK_SECRET": "whsec_1"}, "live"},
		{"stripe webhook secret alone", map[string]string{"OMNIRENT_STRIPE_WEBHOOK_SECRET": "whsec_1"}, "OMNIRENT_STRIPE_SECRET_KEY"},
		{"stripe api url without scheme", map[string]string{"OMNIRENT_STRIPE_SECRET_KEY": "sk_test_1", "OMNIRENT_STRIPE_PUBLISHABLE_KEY": "pk_test_1", "OMNIRENT_STRIPE_WEBHOOK_SECRET": "whsec_1", "OMNIRENT_STRIPE_API_URL": "localhost:12111"}, "OMNIRENT_STRIPE_API_URL"},
		{"unreadable stripe key file", map[string]string{"OMNIRENT_STRIPE_SECRET_KEY_FILE": missing}, "OMNIRENT_STRIPE_SECRET_KEY_FILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := config.Load(env(tc.env))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q does not name %s", err, tc.want)
			}
		})
	}
}

func TestProductionWithKeyLoads(t *testing.T) {
	if _, err := config.Load(env(map[string]string{"OMNIRENT_ENV": "production", "OMNIRENT_SECRET_KEY": key32})); err != nil {
		t.Fatal(err)
	}
	if _, err := config.Load(env(map[string]string{"OMNIRENT_ENV": "production", "OMNIRENT_SECRET_KEY": key32[:31]})); err == nil {
		t.Fatal("31-character key accepted")
	}
}

func TestFileVariablesAreRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	c, err := config.Load(env(map[string]string{
		"OMNIRENT_ENV":               "production",
		"OMNIRENT_SECRET_KEY_FILE":   write("key", key32+"\n"),
		"OMNIRENT_SECRET_KEY":        "this-plain-value-is-overridden-by-the-file",
		"OMNIRENT_SMTP_URL_FILE":     write("smtp", "smtp://user:p%40ss@mail.example:587\n"),
		"OMNIRENT_DATABASE_URL_FILE": write("db", "postgres://u:p@db/omnirent"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	if string(c.SecretKey) != key32 {
		t.Errorf("SecretKey %q, want the file's trimmed content", c.SecretKey)
	}
	if c.SMTPURL != "smtp://user:p%40ss@mail.example:587" || c.DatabaseURL != "postgres://u:p@db/omnirent" {
		t.Errorf("smtp %q db %q", c.SMTPURL, c.DatabaseURL)
	}
	// A key file alone satisfies production.
	if _, err := config.Load(env(map[string]string{"OMNIRENT_ENV": "production", "OMNIRENT_SECRET_KEY_FILE": filepath.Join(dir, "key")})); err != nil {
		t.Fatal(err)
	}
}

// Stripe is on only when its secret key is set; its secrets may come from files.
func TestStripeOptions(t *testing.T) {
	if c, _ := config.Load(env(nil)); c.Stripe != (config.Stripe{}) {
		t.Fatalf("Stripe configured by default: %+v", c.Stripe)
	}
	dir := t.TempDir()
	keyFile, hookFile := filepath.Join(dir, "sk"), filepath.Join(dir, "whsec")
	_ = os.WriteFile(keyFile, []byte("sk_live_abc\n"), 0o600)
	_ = os.WriteFile(hookFile, []byte("whsec_def\n"), 0o600)
	c, err := config.Load(env(map[string]string{
		"OMNIRENT_STRIPE_SECRET_KEY_FILE":     keyFile,
		"OMNIRENT_STRIPE_PUBLISHABLE_KEY":     "pk_live_xyz",
		"OMNIRENT_STRIPE_WEBHOOK_SECRET_FILE": hookFile,
		"OMNIRENT_STRIPE_API_URL":             "http://127.0.0.1:12111/",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := config.Stripe{SecretKey: "sk_live_abc", PublishableKey: "pk_live_xyz", WebhookSecret: "whsec_def", APIURL: "http://127.0.0.1:12111"}
	if c.Stripe != want {
		t.Fatalf("got %+v, want %+v", c.Stripe, want)
	}
	// Test keys and a restricted key are fine too.
	if _, err := config.Load(env(map[string]string{"OMNIRENT_STRIPE_SECRET_KEY": "rk_test_1", "OMNIRENT_STRIPE_PUBLISHABLE_KEY": "pk_test_1",
		"OMNIRENT_STRIPE_WEBHOOK_SECRET": "whsec_1"})); err != nil {
		t.Fatal(err)
	}
}

func TestEnsureSecretKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	c := config.Config{DataDir: dir}
	if err := c.EnsureSecretKey(); err != nil {
		t.Fatal(err)
	}
	if len(c.SecretKey) < 32 {
		t.Fatalf("generated key %q", c.SecretKey)
	}
	st, err := os.Stat(filepath.Join(dir, "secret.key"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		t.Fatalf("key file mode %v is readable by others", st.Mode().Perm())
	}
	// A restart reads the same key.
	again := config.Config{DataDir: dir}
	if err := again.EnsureSecretKey(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.SecretKey, c.SecretKey) {
		t.Fatal("restart made a new key")
	}
	// A configured key is kept.
	set := config.Config{DataDir: dir, SecretKey: []byte(key32)}
	if err := set.EnsureSecretKey(); err != nil || string(set.SecretKey) != key32 {
		t.Fatalf("configured key replaced: %q %v", set.SecretKey, err)
	}
}

// The origins a browser fetches redirected files from: the endpoint with
// its scheme, and the bucket's virtual host unless path-style.
func TestS3Origins(t *testing.T) {
	for _, tc := range []struct {
		s3   config.S3
		want []string
	}{
		{config.S3{}, nil},
		{config.S3{Endpoint: "127.0.0.1:9000", Bucket: "files", PathStyle: true}, []string{"http://127.0.0.1:9000"}},
		{config.S3{Endpoint: "s3.eu-west-2.amazonaws.com", Bucket: "files", UseSSL: true}, []string{"https://s3.eu-west-2.amazonaws.com", "https://files.s3.eu-west-2.amazonaws.com"}},
	} {
		if got := tc.s3.Origins(); strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%+v: %v, want %v", tc.s3, got, tc.want)
		}
	}
}

// The supplier on VAT receipts: the documented defaults, an address given
// as comma-separated lines and a VAT number written the usual way; a VAT
// number that is not one stops the start.
func TestSupplierOptions(t *testing.T) {
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Supplier.Name != documentedDefault(t, "OMNIRENT_SUPPLIER_NAME") || c.Supplier.VATNumber != "GB 000 0000 00" ||
		strings.Join(c.Supplier.Address, ", ") != documentedDefault(t, "OMNIRENT_SUPPLIER_ADDRESS") {
		t.Errorf("defaults: %+v", c.Supplier)
	}
	c, err = config.Load(env(map[string]string{"OMNIRENT_SUPPLIER_NAME": "Rent Co Ltd",
		"OMNIRENT_SUPPLIER_ADDRESS": " Unit 4, 12 Mill Lane ,, Leeds,LS1 4AB ", "OMNIRENT_SUPPLIER_VAT_NUMBER": "gb123456789012"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Supplier.Name != "Rent Co Ltd" || strings.Join(c.Supplier.Address, "|") != "Unit 4|12 Mill Lane|Leeds|LS1 4AB" ||
		c.Supplier.VATNumber != "GB 123 4567 89 012" {
		t.Errorf("read: %+v", c.Supplier)
	}
	for _, bad := range []map[string]string{
		{"OMNIRENT_SUPPLIER_VAT_NUMBER": "123456789"},
		{"OMNIRENT_SUPPLIER_VAT_NUMBER": "GB12345678"},
		{"OMNIRENT_SUPPLIER_VAT_NUMBER": "FR12345678901"},
		{"OMNIRENT_SUPPLIER_ADDRESS": " , "},
	} {
		if _, err := config.Load(env(bad)); err == nil || !strings.Contains(err.Error(), "OMNIRENT_SUPPLIER_") {
			t.Errorf("%v: %v", bad, err)
		}
	}
}
