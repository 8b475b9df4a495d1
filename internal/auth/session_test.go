package auth_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
)

func TestLogoutEndsSessionOnServer(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		token := sessionToken(t, e, c)
		if token == "" {
			t.Fatal("no session cookie after verification")
		}
		if s := replay(e, token); s != http.StatusOK {
			t.Fatalf("replay before logout: %d", s)
		}
		r := c.Post("/api/auth/logout", nil)
		if r.Status != http.StatusNoContent {
			t.Fatalf("logout: %d", r.Status)
		}
		if ck := setCookieHeader(t, r); ck.Value != "" || ck.MaxAge >= 0 {
			t.Fatalf("logout did not clear the cookie: %+v", ck)
		}
		if s := replay(e, token); s != http.StatusUnauthorized {
			t.Fatalf("old cookie after logout: %d, want 401", s)
		}
		// Logging out when signed out is harmless.
		if r := e.NewClient().Post("/api/auth/logout", nil); r.Status != http.StatusNoContent {
			t.Fatalf("signed-out logout: %d", r.Status)
		}
	})
}

func TestMeSignedOut(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		wantError(t, "me", e.NewClient().Get("/api/auth/me"), http.StatusUnauthorized, "unauthenticated")
	})
}

func TestSessionExpiresAfter30Days(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		e.Clock.Advance(30*24*time.Hour - time.Minute)
		if r := c.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("before 30 days: %d", r.Status)
		}
		e.Clock.Advance(time.Minute)
		wantError(t, "after 30 days", c.Get("/api/auth/me"), http.StatusUnauthorized, "unauthenticated")
	})
}

func TestPasswordChangeEndsOtherSessionsOnly(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		here := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		phone := e.NewClient()
		if r := login(phone, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("second sign-in: %d", r.Status)
		}
		other := e.SignedIn("bob@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		here.Post("/api/account/password-code", nil)
		if r := changePassword(here, e.LastCode("ann@example.com"), newPassword, newPassword); r.Status != http.StatusOK {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
		if r := here.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("current session after change: %d", r.Status)
		}
		wantError(t, "other session after change", phone.Get("/api/auth/me"), http.StatusUnauthorized, "unauthenticated")
		if r := other.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("another user's session ended: %d", r.Status)
		}
	})
}

func TestPasswordResetEndsAllSessions(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		b := e.NewClient()
		login(b, "ann@example.com", goodPassword)
		other := e.SignedIn("bob@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		// The reset is confirmed from the signed-in browser a.
		requestReset(a, "ann@example.com")
		r := confirmReset(a, "ann@example.com", e.LastCode("ann@example.com"), newPassword)
		if r.Status != http.StatusOK {
			t.Fatalf("confirm: %d %s", r.Status, r.Raw)
		}
		for name, c := range map[string]*apptest.Client{"confirming browser": a, "other browser": b} {
			wantError(t, name+" after reset", c.Get("/api/auth/me"), http.StatusUnauthorized, "unauthenticated")
		}
		if r := other.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("another user's session ended: %d", r.Status)
		}
	})
}

func TestSessionTokenStoredOnlyAsHash(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		d := e.NewClient()
		login(d, "ann@example.com", goodPassword)
		tokens := []string{sessionToken(t, e, c), sessionToken(t, e, d)}
		rows, err := e.App.DB.QueryContext(context.Background(), "SELECT id_hash FROM sessions")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		stored := map[string]bool{}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				t.Fatal(err)
			}
			stored[h] = true
		}
		if len(stored) != 2 {
			t.Fatalf("%d session rows, want 2", len(stored))
		}
		for _, tok := range tokens {
			if tok == "" {
				t.Fatal("missing session cookie")
			}
			if stored[tok] {
				t.Fatal("the database holds a session token in clear")
			}
			if !stored[auth.SessionKey(tok)] {
				t.Fatal("the session's hash is not stored")
			}
		}
	})
}

func TestSessionProbeAnswersNullForVisitorsAndTheUserWhenSignedIn(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		visitor := e.NewClient()
		r := visitor.Get("/api/auth/session")
		if r.Status != http.StatusOK || r.Body["user"] != nil {
			t.Fatalf("visitor: %d %s", r.Status, r.Raw)
		}
		c := e.SignedIn("probe@example.com", "Secret#123", "Landlord")
		r = c.Get("/api/auth/session")
		u, _ := r.Body["user"].(map[string]any)
		if r.Status != http.StatusOK || u["email"] != "probe@example.com" {
			t.Fatalf("signed in: %d %s", r.Status, r.Raw)
		}
		c.Post("/api/auth/logout", nil)
		if r := c.Get("/api/auth/session"); r.Body["user"] != nil {
			t.Fatalf("after logout: %s", r.Raw)
		}
	})
}
