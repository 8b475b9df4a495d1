// Package apptest starts the whole application on httptest with a fresh
// database per test (SQLite, and PostgreSQL when OMNIRENT_TEST_POSTGRES_URL
// is set), a fake clock, and a browser-like client with a cookie jar.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/textproto"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/omnirent/omnirent/internal/app"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// Env is a running application for one test.
type Env struct {
	T      testing.TB
	App    *app.App
	Server *httptest.Server
	Clock  *clock.Fake
}

// Each runs fn once per configured database dialect.
func Each(t *testing.T, fn func(t *testing.T, e *Env)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, Start(t, d, nil)) })
}

// TestDist is a tiny stand-in for the built web app.
var TestDist = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html><head><title>OmniRent</title>` +
		`<meta name="description" content="OmniRent makes renting simple." /></head><body><div id=root></div></body></html>`)},
	"assets/app-1a2b3c.js": {Data: []byte("console.log('app')")},
	"favicon.svg":          {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

// Start builds the app on d. tweak may change the configuration first.
func Start(t testing.TB, d *db.DB, tweak func(*config.Config)) *Env {
	t.Helper()
	cfg := Config(t, t.TempDir())
	if tweak != nil {
		tweak(&cfg)
	}
	clk := clock.NewFake(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := app.Build(context.Background(), cfg, log, clk, d, TestDist)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler)
	t.Cleanup(srv.Close)
	return &Env{T: t, App: a, Server: srv, Clock: clk}
}

// Config is the tests' configuration on a data folder: development mode,
// a fixed secret key, cheap password hashing and no demo data.
func Config(t testing.TB, dataDir string) config.Config {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		switch k {
		case "OMNIRENT_DATA_DIR":
			return dataDir
		case "OMNIRENT_ARGON2_MEMORY_KIB":
			return "8192" // cheap hashing keeps tests fast; production cost is benchmarked
		case "OMNIRENT_ARGON2_THREADS":
			return "1"
		case "OMNIRENT_SECRET_KEY":
			return "test-secret-key-test-secret-key-0123456789"
		case "OMNIRENT_SEED_DEMO":
			return "false"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	// Below what config.Load accepts (it refuses production settings under
	// 8 MiB): a hash at 8 MiB costs seconds under the race detector, and the
	// suite hashes thousands of passwords. The cost itself is benchmarked in
	// internal/auth; the production defaults are unchanged.
	cfg.Argon2MemoryKiB, cfg.Argon2Time, cfg.Argon2Threads = TestArgon2MemoryKiB, 1, 1
	return cfg
}

// TestArgon2MemoryKiB is the tests' argon2id memory: the least the algorithm
// allows for one lane (8 KiB per lane), so hashing stays a few microseconds
// even under the race detector.
const TestArgon2MemoryKiB = 64

// Client is a browser-like client: it keeps cookies and sends the
// same-origin header a page of the site would.
type Client struct {
	e    *Env
	HTTP *http.Client
}

func (e *Env) NewClient() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{e: e, HTTP: &http.Client{Jar: jar}}
}

// Response is a decoded JSON answer.
type Response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

// ErrorCode returns body.error.code.
func (r Response) ErrorCode() string { return r.errField("code") }

// ErrorMessage returns body.error.message.
func (r Response) ErrorMessage() string { return r.errField("message") }

// FieldError returns body.error.fields[name].
func (r Response) FieldError(name string) string {
	e, _ := r.Body["error"].(map[string]any)
	f, _ := e["fields"].(map[string]any)
	s, _ := f[name].(string)
	return s
}

func (r Response) errField(k string) string {
	e, _ := r.Body["error"].(map[string]any)
	s, _ := e[k].(string)
	return s
}

// Do sends a request; body is encoded as JSON when not nil. headers are
// name, value pairs that override the defaults.
func (c *Client) Do(method, path string, body any, headers ...string) Response {
	c.e.T.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.e.Server.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return c.send(req)
}

func (c *Client) send(req *http.Request) Response {
	c.e.T.Helper()
	res, err := c.HTTP.Do(req)
	if err != nil {
		c.e.T.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// Upload posts data as a multipart form with one file in field "file".
func (c *Client) Upload(path, filename, contentType string, data []byte) Response {
	c.e.T.Helper()
	return c.SendForm(http.MethodPost, path, Form{Filename: filename, ContentType: contentType, Data: data})
}

// Form is a multipart form of text fields, in order, then one file in the
// field "file", named Filename (quoted as a browser does) or described by
// a whole Disposition when a test needs one a browser would not send.
type Form struct {
	Fields                []Field
	Filename, Disposition string
	ContentType           string
	Data                  []byte
}

// Field is one text field of a Form.
type Field struct{ Name, Value string }

// SendForm sends f to path with method, as the app's own pages do.
func (c *Client) SendForm(method, path string, f Form) Response {
	c.e.T.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, fl := range f.Fields {
		_ = w.WriteField(fl.Name, fl.Value)
	}
	h := textproto.MIMEHeader{}
	if f.Disposition == "" {
		f.Disposition = `form-data; name="file"; filename="` + strings.ReplaceAll(f.Filename, `"`, `\"`) + `"`
	}
	h.Set("Content-Disposition", f.Disposition)
	h.Set("Content-Type", f.ContentType)
	part, _ := w.CreatePart(h)
	_, _ = part.Write(f.Data)
	_ = w.Close()
	req, _ := http.NewRequest(method, c.e.Server.URL+path, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return c.send(req)
}

// URL is the full address of path on the test server.
func (c *Client) URL(path string) string { return c.e.Server.URL + path }

func (c *Client) Post(path string, body any) Response { return c.Do(http.MethodPost, path, body) }
func (c *Client) Get(path string) Response            { return c.Do(http.MethodGet, path, nil) }

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// LastCode runs the mail jobs and returns the 6-digit code of the newest
// e-mail to addr (failing the test when there is none). Receipts are
// passed over: their job queues them whenever it runs (here, say, just
// after the code was sent), and their numbers end in six digits.
func (e *Env) LastCode(addr string) string {
	e.T.Helper()
	e.RunJobs()
	msgs, err := e.App.Mail.Outbox(context.Background(), strings.ToLower(addr), 20)
	for len(msgs) > 0 && strings.HasPrefix(msgs[0].Subject, receiptSubject) {
		msgs = msgs[1:]
	}
	if err != nil || len(msgs) == 0 {
		e.T.Fatalf("no e-mail to %s (err %v)", addr, err)
	}
	m := sixDigits.FindStringSubmatch(msgs[0].Text)
	if m == nil {
		e.T.Fatalf("no code in the newest e-mail to %s: %q", addr, msgs[0].Subject)
	}
	return m[1]
}

// receiptSubject starts the subject of a receipt e-mail (internal/payment).
const receiptSubject = "Your OmniRent receipt "

// MailCount is how many e-mails went to addr.
func (e *Env) MailCount(addr string) int {
	e.T.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), strings.ToLower(addr), 1000)
	if err != nil {
		e.T.Fatal(err)
	}
	return len(msgs)
}

// RunJobs runs every due job now.
func (e *Env) RunJobs() {
	e.T.Helper()
	for {
		ran, err := e.App.Jobs.RunOnce(context.Background())
		if err != nil {
			e.T.Fatal(err)
		}
		if !ran {
			return
		}
	}
}

// Register creates an account through the API and returns its client (not signed in).
func (e *Env) Register(email, password, userType string) *Client {
	e.T.Helper()
	c := e.NewClient()
	r := c.Post("/api/auth/register", map[string]any{"fullName": "Test Person", "email": email, "password": password,
		"confirmPassword": password, "userType": userType, "acceptTerms": true})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("register %s: %d %s", email, r.Status, r.Raw)
	}
	return c
}

// SignedIn registers, verifies and returns a signed-in client.
func (e *Env) SignedIn(email, password, userType string) *Client {
	e.T.Helper()
	c := e.Register(email, password, userType)
	r := c.Post("/api/auth/verify", map[string]any{"email": email, "code": e.LastCode(email)})
	if r.Status != http.StatusOK {
		e.T.Fatalf("verify %s: %d %s", email, r.Status, r.Raw)
	}
	return c
}

// NonAdmin is an actor an admin-only service must refuse, and how.
type NonAdmin struct {
	Name  string
	Actor session.Actor
	Kind  apperr.Kind
}

// NonAdmins are the visitor (401) and the signed-in landlord and tenant
// (403), for table tests of services that only admins may use.
var NonAdmins = []NonAdmin{
	{"visitor", session.Actor{}, apperr.Unauthenticated},
	{"landlord", session.Actor{UserID: "l1", UserType: session.Landlord, Role: session.RoleUser}, apperr.Forbidden},
	{"tenant", session.Actor{UserID: "t1", UserType: session.Tenant, Role: session.RoleUser}, apperr.Forbidden},
}

// Admin is an admin actor for calling services directly in tests.
var Admin = session.Actor{UserID: "admin-1", UserType: session.Landlord, Role: session.RoleAdmin}

// Sign signs the document at base (e.g. "/api/contracts/{id}") as a
// signing screen does: it reads the signing state's documentHash (the
// version the page shows) and sends it with the signature sig.
func (c *Client) Sign(base string, sig map[string]any) Response {
	c.e.T.Helper()
	body := map[string]any{"documentHash": c.Get(base + "/signing").Body["documentHash"]}
	for k, v := range sig {
		body[k] = v
	}
	return c.Post(base+"/signing/sign", body)
}
