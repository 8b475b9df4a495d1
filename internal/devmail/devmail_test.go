package devmail_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

func get(t *testing.T, e *apptest.Env, path string) (int, string, http.Header) {
	t.Helper()
	res, err := e.Server.Client().Get(e.Server.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res.Header
}

func TestMailboxInDevelopment(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, nil)
		e.Register("ann@example.com", "Secret#123", "Tenant")
		e.Register("bob@example.com", "Secret#123", "Landlord")
		code := e.LastCode("ann@example.com")

		c := e.NewClient()
		r := c.Get("/api/dev/mailbox?to=ANN@example.com")
		if r.Status != http.StatusOK {
			t.Fatalf("api mailbox: %d %s", r.Status, r.Raw)
		}
		msgs := r.Body["messages"].([]any)
		if len(msgs) != 1 {
			t.Fatalf("%d messages for ann, want 1: %s", len(msgs), r.Raw)
		}
		m := msgs[0].(map[string]any)
		if m["to"] != "ann@example.com" || m["subject"] != "Your OmniRent verification code" || !strings.Contains(m["text"].(string), code) || m["status"] != "kept" {
			t.Fatalf("message %v", m)
		}
		if all := c.Get("/api/dev/mailbox").Body["messages"].([]any); len(all) != 2 {
			t.Fatalf("%d messages in all, want 2", len(all))
		}

		status, body, h := get(t, e, "/dev/mailbox?to=ann@example.com")
		if status != 200 || !strings.Contains(body, "Development mailbox") || !strings.Contains(body, code) || strings.Contains(body, "bob@example.com") {
			t.Fatalf("page: %d %s", status, body)
		}
		if h.Get("Cache-Control") != "no-store" || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Fatalf("page headers %v", h)
		}
		status, body, _ = get(t, e, "/dev/mailbox/"+m["id"].(string))
		if status != 200 || !strings.Contains(body, code) {
			t.Fatalf("html version: %d", status)
		}
		if status, _, _ := get(t, e, "/dev/mailbox/no-such-id"); status != http.StatusNotFound {
			t.Fatalf("unknown message: %d", status)
		}
	})
}

func TestMailboxPageEscapesContent(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	status, body, _ := get(t, e, `/dev/mailbox?to=<script>alert(1)</script>@x.com`)
	if status != 200 || strings.Contains(body, "<script>alert(1)</script>") {
		t.Fatalf("%d: unescaped filter in page", status)
	}
}

func production(c *config.Config) {
	c.Env = "production"
	c.SecretKey = []byte("production-secret-key-0123456789-abcdef")
}

func TestMailboxAbsentInProduction(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, production)
		e.Register("ann@example.com", "Secret#123", "Tenant")
		code := e.LastCode("ann@example.com")
		for _, p := range []string{"/api/dev/mailbox", "/api/dev/mailbox?to=ann@example.com", "/dev/mailbox", "/dev/mailbox?to=ann@example.com"} {
			_, body, _ := get(t, e, p)
			if strings.Contains(body, code) || strings.Contains(body, "ann@example.com") {
				t.Errorf("%s shows mail in production", p)
			}
		}
		r := e.NewClient().Get("/api/dev/mailbox")
		if r.Status != http.StatusNotFound || r.ErrorCode() != "not_found" {
			t.Fatalf("/api/dev/mailbox in production: %d %s", r.Status, r.Raw)
		}
		if site := e.NewClient().Get("/api/site"); site.Body["dev"] != false {
			t.Fatalf("/api/site says dev in production: %s", site.Raw)
		}
	})
}

// The brief: /dev/mailbox answers 404 in production. The routes are not
// mounted, so the path falls through to the web app's index.html (200).
func TestMailboxPageIs404InProduction(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), production)
	for _, p := range []string{"/dev/mailbox", "/dev/mailbox/some-id"} {
		if status, _, _ := get(t, e, p); status != http.StatusNotFound {
			t.Errorf("%s in production: %d, want 404", p, status)
		}
	}
}
