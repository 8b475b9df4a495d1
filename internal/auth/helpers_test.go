package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Shared fixtures of the auth scenario tests.
const (
	goodPassword = "Secret#123"
	newPassword  = "Newpass1!" // valid under both the sign-up and the reset rule
	sessionName  = "omnirent_session"
)

// signupBody is a valid registration request; overrides replace or add fields.
func signupBody(email string, overrides map[string]any) map[string]any {
	b := map[string]any{"fullName": "Test Person", "email": email, "password": goodPassword,
		"confirmPassword": goodPassword, "userType": "Tenant", "acceptTerms": true}
	for k, v := range overrides {
		b[k] = v
	}
	return b
}

// sessionToken returns the session cookie the client's jar holds ("" if none).
func sessionToken(t *testing.T, e *apptest.Env, c *apptest.Client) string {
	t.Helper()
	u, _ := url.Parse(e.Server.URL)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == sessionName {
			return ck.Value
		}
	}
	return ""
}

// setCookie plants a session cookie value in the client's jar.
func setCookie(e *apptest.Env, c *apptest.Client, value string) {
	u, _ := url.Parse(e.Server.URL)
	c.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: sessionName, Value: value, Path: "/"}})
}

// replay asks /api/auth/me from a fresh client carrying only token.
func replay(e *apptest.Env, token string) int {
	c := e.NewClient()
	setCookie(e, c, token)
	return c.Get("/api/auth/me").Status
}

// setCookieHeader finds the Set-Cookie of the session in a response.
func setCookieHeader(t *testing.T, r apptest.Response) *http.Cookie {
	t.Helper()
	for _, line := range r.Header.Values("Set-Cookie") {
		ck, err := http.ParseSetCookie(line)
		if err == nil && ck.Name == sessionName {
			return ck
		}
	}
	t.Fatalf("no %s Set-Cookie in response %d %s", sessionName, r.Status, r.Raw)
	return nil
}

// wrong returns a 6-digit code that differs from code.
func wrong(code string) string {
	b := []byte(code)
	b[0] = '0' + (b[0]-'0'+1)%10
	return string(b)
}

func login(c *apptest.Client, email, password string) apptest.Response {
	return c.Post("/api/auth/login", map[string]any{"email": email, "password": password})
}

// verifiedAccount registers and verifies email without signing in.
func verifiedAccount(t *testing.T, e *apptest.Env, email string) {
	t.Helper()
	c := e.Register(email, goodPassword, "Tenant")
	if r := c.Post("/api/auth/verify", map[string]any{"email": email, "code": e.LastCode(email), "signIn": false}); r.Status != http.StatusOK {
		t.Fatalf("verify %s: %d %s", email, r.Status, r.Raw)
	}
}

// mailSubjects lists the subjects of the e-mails to addr, newest first.
func mailSubjects(t *testing.T, e *apptest.Env, addr string) []string {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, m.Subject)
	}
	return out
}

func wantError(t *testing.T, what string, r apptest.Response, status int, code string) {
	t.Helper()
	if r.Status != status || r.ErrorCode() != code {
		t.Fatalf("%s: got %d %q, want %d %q (body %s)", what, r.Status, r.ErrorCode(), status, code, r.Raw)
	}
}

// eachCheap is apptest.Each with the cheapest argon2id cost, for tests that
// sign in dozens of times (the throttles); hashing itself is tested elsewhere.
func eachCheap(t *testing.T, tweak func(*config.Config), fn func(t *testing.T, e *apptest.Env)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		fn(t, apptest.Start(t, d, func(c *config.Config) {
			c.Argon2MemoryKiB, c.Argon2Time, c.Argon2Threads = 64, 1, 1
			if tweak != nil {
				tweak(c)
			}
		}))
	})
}
