package auth_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
)

func TestRegisterFieldMessages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		overrides map[string]any
		field     string
		message   string
	}{
		{"empty full name", map[string]any{"fullName": ""}, "fullName", "Please enter your full name."},
		{"blank full name", map[string]any{"fullName": "   "}, "fullName", "Please enter your full name."},
		{"empty email", map[string]any{"email": ""}, "email", "Please enter a valid email address."},
		{"email without at", map[string]any{"email": "not-an-email"}, "email", "Please enter a valid email address."},
		{"email without domain dot", map[string]any{"email": "ann@localhost"}, "email", "Please enter a valid email address."},
		{"email with display name", map[string]any{"email": "Ann <ann@example.com>"}, "email", "Please enter a valid email address."},
		{"password too short", map[string]any{"password": "Ab1!xyz", "confirmPassword": "Ab1!xyz"}, "password", auth.MsgPasswordRule},
		{"password without uppercase", map[string]any{"password": "secret#123", "confirmPassword": "secret#123"}, "password", auth.MsgPasswordRule},
		{"password without lowercase", map[string]any{"password": "SECRET#123", "confirmPassword": "SECRET#123"}, "password", auth.MsgPasswordRule},
		{"password without digit", map[string]any{"password": "Secret#abc", "confirmPassword": "Secret#abc"}, "password", auth.MsgPasswordRule},
		{"password without special", map[string]any{"password": "Secret1234", "confirmPassword": "Secret1234"}, "password", auth.MsgPasswordRule},
		{"password over 100", map[string]any{"password": "Aa1!" + strings.Repeat("x", 97), "confirmPassword": "Aa1!" + strings.Repeat("x", 97)}, "password", auth.MsgPasswordRule},
		{"passwords differ", map[string]any{"confirmPassword": "Secret#124"}, "confirmPassword", "Passwords must match!"},
		{"no user type", map[string]any{"userType": ""}, "userType", "Kindly select either landlord or tenant"},
		{"unknown user type", map[string]any{"userType": "Vendor"}, "userType", "Kindly select either landlord or tenant"},
		{"lower-case user type", map[string]any{"userType": "tenant"}, "userType", "Kindly select either landlord or tenant"},
		{"terms not accepted", map[string]any{"acceptTerms": false}, "acceptTerms", "Kindly agree to our Terms of Service and Privacy Policy to continue."},
	}
	if auth.MsgPasswordRule != "Password must have an Uppercase, lowercase, number, special characters an must be at least 8 characters." {
		t.Fatalf("password rule message is not the spec's text: %q", auth.MsgPasswordRule)
	}
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.NewClient()
		for _, tc := range cases {
			email := "field@example.com"
			r := c.Post("/api/auth/register", signupBody(email, tc.overrides))
			if r.Status != http.StatusBadRequest || r.ErrorCode() != "invalid" {
				t.Errorf("%s: got %d %q, want 400 invalid (%s)", tc.name, r.Status, r.ErrorCode(), r.Raw)
				continue
			}
			if got := r.FieldError(tc.field); got != tc.message {
				t.Errorf("%s: fields.%s = %q, want %q", tc.name, tc.field, got, tc.message)
			}
			if r.ErrorMessage() != tc.message {
				t.Errorf("%s: message = %q, want %q", tc.name, r.ErrorMessage(), tc.message)
			}
		}
		if n := e.MailCount("field@example.com"); n != 0 {
			t.Errorf("refused sign-ups sent %d e-mails", n)
		}
		// Nothing was created: the same address can still register.
		if r := c.Post("/api/auth/register", signupBody("field@example.com", nil)); r.Status != http.StatusCreated {
			t.Fatalf("valid sign-up after refusals: %d %s", r.Status, r.Raw)
		}
	})
}

func TestRegisterReportsEveryBadField(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		r := e.NewClient().Post("/api/auth/register", map[string]any{"fullName": "", "email": "x", "password": "a",
			"confirmPassword": "b", "userType": "", "acceptTerms": false})
		if r.Status != http.StatusBadRequest {
			t.Fatalf("status %d", r.Status)
		}
		want := map[string]string{"fullName": auth.MsgFullNameRequired, "email": auth.MsgEmailInvalid, "password": auth.MsgPasswordRule,
			"confirmPassword": auth.MsgPasswordsMatch, "userType": auth.MsgUserType, "acceptTerms": auth.MsgTerms}
		for f, m := range want {
			if got := r.FieldError(f); got != m {
				t.Errorf("fields.%s = %q, want %q", f, got, m)
			}
		}
	})
}

func TestRegisterLowercasesEmailAndSendsCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		r := e.NewClient().Post("/api/auth/register", signupBody("  Ann.Smith@Example.COM ", map[string]any{"userType": "Landlord"}))
		if r.Status != http.StatusCreated {
			t.Fatalf("register: %d %s", r.Status, r.Raw)
		}
		if r.Body["email"] != "ann.smith@example.com" {
			t.Fatalf("returned email %v, want lower-cased", r.Body["email"])
		}
		if r.Header.Get("Set-Cookie") != "" {
			t.Fatalf("registration must not sign in before verification: %s", r.Header.Get("Set-Cookie"))
		}
		subjects := mailSubjects(t, e, "ann.smith@example.com")
		if len(subjects) != 1 || subjects[0] != "Your OmniRent verification code" {
			t.Fatalf("mails to the lower-cased address: %v", subjects)
		}
		code := e.LastCode("ann.smith@example.com")
		if !regexp.MustCompile(`^\d{6}$`).MatchString(code) {
			t.Fatalf("code %q is not 6 digits", code)
		}
		// The stored account is lower-cased too: verify with another casing, then sign in with yet another.
		c := e.NewClient()
		if r := c.Post("/api/auth/verify", map[string]any{"email": "ANN.SMITH@example.com", "code": code}); r.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", r.Status, r.Raw)
		}
		me := c.Get("/api/auth/me")
		u := me.Body["user"].(map[string]any)
		if u["email"] != "ann.smith@example.com" || u["userType"] != "Landlord" || u["fullName"] != "Test Person" {
			t.Fatalf("me = %v", u)
		}
	})
}

func TestRegisterEmailUniqueIgnoringCase(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Register("bob@example.com", goodPassword, "Tenant")
		for _, dup := range []string{"bob@example.com", "BOB@Example.com", " Bob@example.com"} {
			r := e.NewClient().Post("/api/auth/register", signupBody(dup, nil))
			wantError(t, "duplicate "+dup, r, http.StatusConflict, "email_taken")
			if r.FieldError("email") != auth.MsgEmailTaken {
				t.Errorf("duplicate %s: fields.email = %q", dup, r.FieldError("email"))
			}
		}
		if n := e.MailCount("bob@example.com"); n != 1 {
			t.Fatalf("duplicates sent mail: %d e-mails, want 1", n)
		}
	})
}

func TestRegisterRefusesRoleField(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.NewClient()
		for _, extra := range []map[string]any{{"role": "Admin"}, {"Role": "Admin"}, {"custom:role": "Admin"}} {
			r := c.Post("/api/auth/register", signupBody("eve@example.com", extra))
			if r.Status != http.StatusBadRequest {
				t.Fatalf("sign-up with %v: %d %s, want 400", extra, r.Status, r.Raw)
			}
		}
		if n := e.MailCount("eve@example.com"); n != 0 {
			t.Fatalf("refused sign-up created an account (%d e-mails)", n)
		}
		// A normal sign-up (either type) gets role User.
		for _, typ := range []string{"Landlord", "Tenant"} {
			email := strings.ToLower(typ) + "@example.com"
			c := e.SignedIn(email, goodPassword, typ)
			u := c.Get("/api/auth/me").Body["user"].(map[string]any)
			if u["role"] != "User" || u["userType"] != typ {
				t.Fatalf("%s: me = %v", typ, u)
			}
		}
	})
}
