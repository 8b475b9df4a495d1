package auth_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

func TestSignInWrongPasswordAndUnknownEmailLookAlike(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		wrongPw := login(e.NewClient(), "ann@example.com", "Wrong#123")
		unknown := login(e.NewClient(), "ghost@example.com", "Wrong#123")
		wantError(t, "wrong password", wrongPw, http.StatusUnauthorized, "invalid_credentials")
		if wrongPw.ErrorMessage() != " - One or more fields are incorrect" {
			t.Fatalf("message %q", wrongPw.ErrorMessage())
		}
		for _, f := range []string{"email", "password"} {
			if wrongPw.FieldError(f) != auth.MsgIncorrect {
				t.Errorf("fields.%s = %q", f, wrongPw.FieldError(f))
			}
		}
		if unknown.Status != wrongPw.Status || unknown.Raw != wrongPw.Raw {
			t.Fatalf("answers differ:\n wrong password %d %s\n unknown e-mail %d %s", wrongPw.Status, wrongPw.Raw, unknown.Status, unknown.Raw)
		}
		if h := wrongPw.Header.Get("Set-Cookie"); h != "" {
			t.Fatalf("failed sign-in set a cookie: %s", h)
		}
	})
}

func TestSignInMatchesEmailIgnoringCase(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		c := e.NewClient()
		r := login(c, "  ANN@Example.Com ", goodPassword)
		if r.Status != http.StatusOK {
			t.Fatalf("login: %d %s", r.Status, r.Raw)
		}
		if u := r.Body["user"].(map[string]any); u["email"] != "ann@example.com" || u["role"] != "User" {
			t.Fatalf("user %v", u)
		}
		if r := c.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("me after login: %d", r.Status)
		}
		// The password is not case-insensitive.
		wantError(t, "password in other case", login(e.NewClient(), "ann@example.com", "sECRET#123"), http.StatusUnauthorized, "invalid_credentials")
	})
}

func TestSignInUnverifiedAccount(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		r := login(e.NewClient(), "ann@example.com", goodPassword)
		wantError(t, "unverified", r, http.StatusForbidden, "unconfirmed")
		if r.ErrorMessage() != auth.MsgUnconfirmed {
			t.Errorf("message %q", r.ErrorMessage())
		}
		if h := r.Header.Get("Set-Cookie"); h != "" {
			t.Fatalf("unverified sign-in set a cookie: %s", h)
		}
		// A usable code is already waiting: no new e-mail, the first code still works.
		if n := e.MailCount("ann@example.com"); n != 1 {
			t.Fatalf("%d e-mails, want 1", n)
		}
		// The wrong password on an unverified account gives the ordinary answer.
		wantError(t, "unverified, wrong password", login(e.NewClient(), "ann@example.com", "Wrong#123"), http.StatusUnauthorized, "invalid_credentials")
		c := e.NewClient()
		if r := verify(c, "ann@example.com", code); r.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", r.Status, r.Raw)
		}
		if r := login(e.NewClient(), "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("login after verify: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInUnverifiedWithExpiredCodeSendsNewCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Register("ann@example.com", goodPassword, "Tenant")
		old := e.LastCode("ann@example.com")
		e.Clock.Advance(25 * time.Hour)
		wantError(t, "unverified", login(e.NewClient(), "ann@example.com", goodPassword), http.StatusForbidden, "unconfirmed")
		if n := e.MailCount("ann@example.com"); n != 2 {
			t.Fatalf("%d e-mails, want a fresh code", n)
		}
		fresh := e.LastCode("ann@example.com")
		if fresh != old {
			if r := verify(e.NewClient(), "ann@example.com", old); r.Status != http.StatusBadRequest {
				t.Fatalf("expired code: %d", r.Status)
			}
		}
		if r := verify(e.NewClient(), "ann@example.com", fresh); r.Status != http.StatusOK {
			t.Fatalf("fresh code: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInUnverifiedWithLockedCodeSendsNewCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		for i := 0; i < 5; i++ {
			verify(c, "ann@example.com", wrong(code))
		}
		e.Clock.Advance(time.Minute)
		wantError(t, "unverified", login(c, "ann@example.com", goodPassword), http.StatusForbidden, "unconfirmed")
		if n := e.MailCount("ann@example.com"); n != 2 {
			t.Fatalf("%d e-mails, want a fresh code after the lock", n)
		}
		if r := verify(c, "ann@example.com", e.LastCode("ann@example.com")); r.Status != http.StatusOK {
			t.Fatalf("fresh code: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInAccountThrottle(t *testing.T) {
	t.Parallel()
	eachCheap(t, nil, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		verifiedAccount(t, e, "bob@example.com")
		c := e.NewClient()
		for i := 1; i <= 9; i++ {
			wantError(t, fmt.Sprintf("failure %d", i), login(c, "ann@example.com", "Wrong#123"), http.StatusUnauthorized, "invalid_credentials")
		}
		e.Clock.Advance(14 * time.Minute)
		wantError(t, "failure 10", login(c, "ANN@example.com", "Wrong#123"), http.StatusUnauthorized, "invalid_credentials")
		r := login(c, "ann@example.com", goodPassword)
		wantError(t, "right password after 10 failures", r, http.StatusTooManyRequests, "too_many_requests")
		if r.ErrorMessage() != auth.MsgTooManySignIns {
			t.Errorf("message %q", r.ErrorMessage())
		}
		// Other accounts are not affected.
		if r := login(e.NewClient(), "bob@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("other account: %d %s", r.Status, r.Raw)
		}
		// 15 minutes after the first failures only one failure remains in the window.
		e.Clock.Advance(time.Minute + time.Second)
		if r := login(c, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("after the window: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInSuccessResetsAccountFailures(t *testing.T) {
	t.Parallel()
	eachCheap(t, nil, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		c := e.NewClient()
		for i := 0; i < 9; i++ {
			login(c, "ann@example.com", "Wrong#123")
		}
		if r := login(c, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("after 9 failures: %d %s", r.Status, r.Raw)
		}
		wantError(t, "failure after success", login(c, "ann@example.com", "Wrong#123"), http.StatusUnauthorized, "invalid_credentials")
		if r := login(c, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("success did not reset the count: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInAddressThrottle(t *testing.T) {
	t.Parallel()
	eachCheap(t, nil, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		c := e.NewClient()
		for i := 1; i <= 49; i++ {
			r := c.Do(http.MethodPost, "/api/auth/login", map[string]any{"email": fmt.Sprintf("guess%d@example.com", i), "password": "Wrong#123"},
				"X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i))
			wantError(t, fmt.Sprintf("failure %d", i), r, http.StatusUnauthorized, "invalid_credentials")
		}
		if r := login(c, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("after 49 address failures: %d %s", r.Status, r.Raw)
		}
		wantError(t, "failure 50", login(c, "guess50@example.com", "Wrong#123"), http.StatusUnauthorized, "invalid_credentials")
		r := e.NewClient().Do(http.MethodPost, "/api/auth/login", map[string]any{"email": "ann@example.com", "password": goodPassword},
			"X-Forwarded-For", "198.51.100.7")
		wantError(t, "51st attempt from the address (with X-Forwarded-For)", r, http.StatusTooManyRequests, "too_many_requests")
		wantError(t, "51st attempt from the address", login(e.NewClient(), "ann@example.com", goodPassword), http.StatusTooManyRequests, "too_many_requests")
		e.Clock.Advance(15*time.Minute + time.Second)
		if r := login(e.NewClient(), "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("after the window: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInAddressThrottleBehindTrustedProxy(t *testing.T) {
	t.Parallel()
	eachCheap(t, func(c *config.Config) { c.TrustProxy = true }, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		c := e.NewClient()
		// The client makes up a different first entry each time; the proxy
		// appends the address it saw, which is the one that counts.
		for i := 1; i <= 50; i++ {
			c.Do(http.MethodPost, "/api/auth/login", map[string]any{"email": fmt.Sprintf("guess%d@example.com", i), "password": "Wrong#123"},
				"X-Forwarded-For", fmt.Sprintf("198.18.0.%d, 203.0.113.9", i))
		}
		r := c.Do(http.MethodPost, "/api/auth/login", map[string]any{"email": "ann@example.com", "password": goodPassword}, "X-Forwarded-For", "203.0.113.9")
		wantError(t, "same client behind the proxy", r, http.StatusTooManyRequests, "too_many_requests")
		r = c.Do(http.MethodPost, "/api/auth/login", map[string]any{"email": "ann@example.com", "password": goodPassword}, "X-Forwarded-For", "198.51.100.7")
		if r.Status != http.StatusOK {
			t.Fatalf("another client behind the proxy: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInCookie(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		c := e.NewClient()
		r := login(c, "ann@example.com", goodPassword)
		ck := setCookieHeader(t, r)
		if !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Secure || ck.Path != "/" {
			t.Fatalf("cookie attributes: %+v", ck)
		}
		if ck.MaxAge != 30*24*3600 {
			t.Fatalf("cookie Max-Age %d, want 30 days", ck.MaxAge)
		}
		if len(ck.Value) < 40 {
			t.Fatalf("session token %q is too short to be 256 random bits", ck.Value)
		}
		first := ck.Value
		// Signing in again gives a new value and ends the previous session.
		r = login(c, "ann@example.com", goodPassword)
		second := setCookieHeader(t, r).Value
		if second == first {
			t.Fatal("second sign-in reused the session value")
		}
		if s := replay(e, first); s != http.StatusUnauthorized {
			t.Fatalf("replaced session still works: %d", s)
		}
		if s := replay(e, second); s != http.StatusOK {
			t.Fatalf("new session: %d", s)
		}
		// Verification signs in with a fresh session too.
		e.Register("bob@example.com", goodPassword, "Tenant")
		v := e.NewClient()
		setCookie(e, v, "planted-by-attacker")
		r = verify(v, "bob@example.com", e.LastCode("bob@example.com"))
		if got := setCookieHeader(t, r); got.Value == "planted-by-attacker" || !got.HttpOnly || got.SameSite != http.SameSiteLaxMode {
			t.Fatalf("verify cookie %+v", got)
		}
	})
}

func TestSignInDoesNotAdoptSessionFromBefore(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		// An attacker's own live session planted in the victim's browser.
		attacker := e.SignedIn("mallory@example.com", goodPassword, "Tenant")
		planted := sessionToken(t, e, attacker)
		victim := e.NewClient()
		setCookie(e, victim, planted)
		r := login(victim, "ann@example.com", goodPassword)
		if r.Status != http.StatusOK {
			t.Fatalf("login: %d %s", r.Status, r.Raw)
		}
		if got := setCookieHeader(t, r).Value; got == planted {
			t.Fatal("sign-in kept the session id from before")
		}
		if u := victim.Get("/api/auth/me").Body["user"].(map[string]any); u["email"] != "ann@example.com" {
			t.Fatalf("victim is signed in as %v", u["email"])
		}
		// Whoever holds the old value is not signed in as the victim.
		res := e.NewClient()
		setCookie(e, res, planted)
		if r := res.Get("/api/auth/me"); r.Status == http.StatusOK && r.Body["user"].(map[string]any)["email"] == "ann@example.com" {
			t.Fatal("pre-sign-in session value gives access to the victim's account")
		}
	})
}

func TestSecureCookieAndHSTSOnHTTPS(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.BaseURL = "https://omnirent.example" })
		e.Register("ann@example.com", goodPassword, "Tenant")
		r := e.NewClient().Post("/api/auth/verify", map[string]any{"email": "ann@example.com", "code": e.LastCode("ann@example.com")})
		ck := setCookieHeader(t, r)
		if !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode {
			t.Fatalf("cookie on https site: %+v", ck)
		}
		if h := r.Header.Get("Strict-Transport-Security"); h == "" {
			t.Fatal("no HSTS on an https site")
		}
		out := e.NewClient().Post("/api/auth/logout", nil)
		if ck := setCookieHeader(t, out); !ck.Secure || ck.MaxAge >= 0 {
			t.Fatalf("logout cookie on https site: %+v", ck)
		}
	})
}
