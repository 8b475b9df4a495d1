package auth_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

func TestRegisterVerifyMeLogout(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("Ann@Example.com", "Secret#123", "Tenant")
		r := c.Get("/api/auth/me")
		if r.Status != http.StatusOK {
			t.Fatalf("me: %d %s", r.Status, r.Raw)
		}
		u := r.Body["user"].(map[string]any)
		if u["email"] != "ann@example.com" || u["role"] != "User" || u["userType"] != "Tenant" || u["hasProperties"] != true {
			t.Fatalf("unexpected user %v", u)
		}
		if r := c.Post("/api/auth/logout", nil); r.Status != http.StatusNoContent {
			t.Fatalf("logout %d", r.Status)
		}
		if r := c.Get("/api/auth/me"); r.Status != http.StatusUnauthorized {
			t.Fatalf("after logout me = %d", r.Status)
		}
	})
}
