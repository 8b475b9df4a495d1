package auth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/session"
)

func changePassword(c *apptest.Client, code, password, confirm string) apptest.Response {
	return c.Post("/api/account/password", map[string]any{"code": code, "password": password, "confirmPassword": confirm})
}

func patchName(c *apptest.Client, name string) apptest.Response {
	return c.Do(http.MethodPatch, "/api/account", map[string]any{"fullName": name})
}

func TestUpdateFullNameRules(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant") // registered as "Test Person"
		for _, tc := range []struct{ name, msg string }{
			{"", "full name cannot be empty"},
			{"   ", "full name cannot be empty"},
			{"Test Person", "You have not changed your full name."},
			{"  Test Person ", "You have not changed your full name."},
			{"Ann 2nd", "Names cannot contain numbers."},
			{"R2D2", "Names cannot contain numbers."},
			{strings.Repeat("a", 101), "Please enter a name of at most 100 characters."},
		} {
			r := patchName(c, tc.name)
			wantError(t, "name "+tc.name, r, http.StatusBadRequest, "invalid")
			if r.ErrorMessage() != tc.msg || r.FieldError("fullName") != tc.msg {
				t.Errorf("name %q: message %q, fields.fullName %q, want %q", tc.name, r.ErrorMessage(), r.FieldError("fullName"), tc.msg)
			}
		}
		r := patchName(c, "  Ann O'Neill-Smith ")
		if r.Status != http.StatusOK || r.Body["message"] != "Update successful." {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		if u := r.Body["user"].(map[string]any); u["fullName"] != "Ann O'Neill-Smith" || u["email"] != "ann@example.com" {
			t.Fatalf("returned user %v", u)
		}
		if u := c.Get("/api/auth/me").Body["user"].(map[string]any); u["fullName"] != "Ann O'Neill-Smith" {
			t.Fatalf("me after update %v", u)
		}
		// The new name is now the unchanged one.
		if r := patchName(c, "Ann O'Neill-Smith"); r.ErrorMessage() != auth.MsgNameUnchanged {
			t.Fatalf("same name again: %d %s", r.Status, r.Raw)
		}
	})
}

func TestChangePasswordRules(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		r := c.Post("/api/account/password-code", nil)
		if r.Status != http.StatusOK || r.Body["message"] != auth.MsgChangeCodeSent {
			t.Fatalf("password code: %d %s", r.Status, r.Raw)
		}
		if s := mailSubjects(t, e, "ann@example.com"); s[0] != "Your OmniRent change-password code" {
			t.Fatalf("mails %v", s)
		}
		code := e.LastCode("ann@example.com")
		for _, in := range [][3]string{{"", newPassword, newPassword}, {code, "", newPassword}, {code, newPassword, ""}, {"", "", ""}} {
			r := changePassword(c, in[0], in[1], in[2])
			wantError(t, "missing field", r, http.StatusBadRequest, "invalid")
			if r.ErrorMessage() != "All fields are required." {
				t.Errorf("%q: message %q", in, r.ErrorMessage())
			}
		}
		for _, pw := range []string{"Newpass1-", "Newpass!!", "Newpass11", "Np1!"} {
			r := changePassword(c, code, pw, pw)
			wantError(t, "rule "+pw, r, http.StatusBadRequest, "invalid")
			if r.ErrorMessage() != auth.MsgPasswordRule || r.FieldError("password") != auth.MsgPasswordRule {
				t.Errorf("%q: message %q", pw, r.ErrorMessage())
			}
		}
		r = changePassword(c, code, newPassword, "Newpass2!")
		if r.Status != http.StatusBadRequest || r.ErrorMessage() != "Passwords must match!" || r.FieldError("confirmPassword") != "Passwords must match!" {
			t.Fatalf("mismatch: %d %s", r.Status, r.Raw)
		}
		wantError(t, "wrong code", changePassword(c, wrong(code), newPassword, newPassword), http.StatusBadRequest, "code_invalid")
		wantError(t, "old password still", login(e.NewClient(), "ann@example.com", newPassword), http.StatusUnauthorized, "invalid_credentials")
		r = changePassword(c, code, newPassword, newPassword)
		if r.Status != http.StatusOK || r.Body["message"] != "Password changed successfully." {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
		wantError(t, "old password", login(e.NewClient(), "ann@example.com", goodPassword), http.StatusUnauthorized, "invalid_credentials")
		if r := login(e.NewClient(), "ann@example.com", newPassword); r.Status != http.StatusOK {
			t.Fatalf("new password: %d %s", r.Status, r.Raw)
		}
		// Spent code.
		if r := changePassword(c, code, "Another1!", "Another1!"); r.Status != http.StatusBadRequest {
			t.Fatalf("code reused: %d %s", r.Status, r.Raw)
		}
	})
}

func TestChangePasswordCodeResendInterval(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		if r := c.Post("/api/account/password-code", nil); r.Status != http.StatusOK {
			t.Fatalf("first: %d %s", r.Status, r.Raw)
		}
		wantError(t, "second within 10 s", c.Post("/api/account/password-code", nil), http.StatusTooManyRequests, "too_many_requests")
		e.Clock.Advance(10 * time.Second)
		if r := c.Post("/api/account/password-code", nil); r.Status != http.StatusOK {
			t.Fatalf("after 10 s: %d %s", r.Status, r.Raw)
		}
	})
}

func TestAccountEndpointsNeedSignIn(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.NewClient()
		for _, rq := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/api/auth/me", nil},
			{http.MethodPatch, "/api/account", map[string]any{"fullName": "Mallory"}},
			{http.MethodPost, "/api/account/password-code", nil},
			{http.MethodPost, "/api/account/password", map[string]any{"code": "123456", "password": newPassword, "confirmPassword": newPassword}},
		} {
			r := c.Do(rq.method, rq.path, rq.body)
			wantError(t, rq.method+" "+rq.path, r, http.StatusUnauthorized, "unauthenticated")
			if r.ErrorMessage() != auth.MsgNotSignedIn {
				t.Errorf("%s: message %q", rq.path, r.ErrorMessage())
			}
		}
		// A made-up cookie is no session either.
		setCookie(e, c, "made-up-token")
		wantError(t, "forged cookie", c.Do(http.MethodPatch, "/api/account", map[string]any{"fullName": "Mallory"}), http.StatusUnauthorized, "unauthenticated")
	})
}

func TestAdminOverview(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		wantError(t, "signed out", e.NewClient().Get("/api/admin/overview"), http.StatusUnauthorized, "unauthenticated")
		landlord := e.SignedIn("lord@example.com", goodPassword, "Landlord")
		e.SignedIn("ten@example.com", goodPassword, "Tenant")
		e.Register("new@example.com", goodPassword, "Tenant") // unverified
		r := landlord.Get("/api/admin/overview")
		wantError(t, "normal user", r, http.StatusForbidden, "forbidden")
		if r.ErrorMessage() != session.MsgAdminOnly {
			t.Errorf("message %q", r.ErrorMessage())
		}
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "LORD@example.com"); err != nil {
			t.Fatal(err)
		}
		r = landlord.Get("/api/admin/overview")
		if r.Status != http.StatusOK {
			t.Fatalf("admin: %d %s", r.Status, r.Raw)
		}
		users := r.Body["users"].(map[string]any)
		want := map[string]float64{"total": 3, "landlords": 1, "tenants": 2, "admins": 1, "unverified": 1}
		for k, v := range want {
			if users[k] != v {
				t.Errorf("users.%s = %v, want %v (%v)", k, users[k], v, users)
			}
		}
		if u := landlord.Get("/api/auth/me").Body["user"].(map[string]any); u["role"] != "Admin" {
			t.Fatalf("me after promotion %v", u)
		}
	})
}
