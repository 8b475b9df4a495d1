package auth_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
)

func requestReset(c *apptest.Client, email string) apptest.Response {
	return c.Post("/api/auth/password-reset/request", map[string]any{"email": email})
}

func confirmReset(c *apptest.Client, email, code, password string) apptest.Response {
	return c.Post("/api/auth/password-reset/confirm", map[string]any{"email": email, "code": code, "password": password, "confirmPassword": password})
}

func TestResetRequestDoesNotRevealAccounts(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)
		known := requestReset(e.NewClient(), "ann@example.com")
		unknown := requestReset(e.NewClient(), "ghost@example.com")
		if known.Status != http.StatusOK || known.Body["message"] != auth.MsgResetSent {
			t.Fatalf("known: %d %s", known.Status, known.Raw)
		}
		if unknown.Status != known.Status || unknown.Raw != known.Raw {
			t.Fatalf("answers differ:\n known   %d %s\n unknown %d %s", known.Status, known.Raw, unknown.Status, unknown.Raw)
		}
		if n := e.MailCount("ghost@example.com"); n != 0 {
			t.Fatalf("%d e-mails to an unknown address", n)
		}
		if s := mailSubjects(t, e, "ann@example.com"); len(s) != 2 || s[0] != "Your OmniRent password reset code" {
			t.Fatalf("mails to the account: %v", s)
		}
		// A second request within 10 s is throttled silently: same answer, no e-mail.
		again := requestReset(e.NewClient(), "ann@example.com")
		if again.Status != known.Status || again.Raw != known.Raw {
			t.Fatalf("throttled request answers differently: %d %s", again.Status, again.Raw)
		}
		if n := e.MailCount("ann@example.com"); n != 2 {
			t.Fatalf("%d e-mails after a quick second request, want 2", n)
		}
	})
}

func TestResetRequestNeedsValidEmail(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		r := requestReset(e.NewClient(), "not-an-email")
		wantError(t, "bad e-mail", r, http.StatusBadRequest, "invalid")
		if r.FieldError("email") != auth.MsgEmailInvalid {
			t.Fatalf("fields.email = %q", r.FieldError("email"))
		}
	})
}

func TestResetSetsNewPassword(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)
		c := e.NewClient()
		requestReset(c, "Ann@Example.com")
		code := e.LastCode("ann@example.com")
		wantError(t, "wrong code", confirmReset(c, "ann@example.com", wrong(code), newPassword), http.StatusBadRequest, "code_invalid")
		r := confirmReset(c, "ANN@example.com", code, newPassword)
		if r.Status != http.StatusOK || r.Body["message"] != "Your password has been reset!" {
			t.Fatalf("confirm: %d %s", r.Status, r.Raw)
		}
		wantError(t, "old password", login(e.NewClient(), "ann@example.com", goodPassword), http.StatusUnauthorized, "invalid_credentials")
		if r := login(e.NewClient(), "ann@example.com", newPassword); r.Status != http.StatusOK {
			t.Fatalf("new password: %d %s", r.Status, r.Raw)
		}
		// The code is spent.
		if r := confirmReset(c, "ann@example.com", code, "Another1!"); r.Status != http.StatusBadRequest {
			t.Fatalf("reset code reused: %d %s", r.Status, r.Raw)
		}
		// The owner is told.
		if s := mailSubjects(t, e, "ann@example.com"); !slices.Contains(s, "Your OmniRent password was changed") {
			t.Fatalf("no change notice: %v", s)
		}
	})
}

func TestResetPasswordRule(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)
		c := e.NewClient()
		requestReset(c, "ann@example.com")
		code := e.LastCode("ann@example.com")
		for _, pw := range []string{
			"Newpass1-",  // '-' is not one of !@#$%^&*
			"Newpass 1!", // space
			"Newpass!!",  // no digit
			"Newpass11",  // no special
			"Np1!xyz",    // 7 characters
			"Pässword1!", // non-ASCII letter
		} {
			r := confirmReset(c, "ann@example.com", code, pw)
			wantError(t, "reset to "+pw, r, http.StatusBadRequest, "invalid")
			if r.FieldError("password") != auth.MsgPasswordRule || r.ErrorMessage() != auth.MsgPasswordRule {
				t.Errorf("reset to %q: message %q, fields.password %q", pw, r.ErrorMessage(), r.FieldError("password"))
			}
		}
		r := c.Post("/api/auth/password-reset/confirm", map[string]any{"email": "ann@example.com", "code": code, "password": newPassword, "confirmPassword": "Newpass2!"})
		if r.FieldError("confirmPassword") != auth.MsgPasswordsMatch {
			t.Fatalf("mismatch: %d %s", r.Status, r.Raw)
		}
		r = c.Post("/api/auth/password-reset/confirm", map[string]any{"email": "ann@example.com", "code": "", "password": newPassword, "confirmPassword": newPassword})
		if r.FieldError("code") != auth.MsgCodeRequired {
			t.Fatalf("empty code: %d %s", r.Status, r.Raw)
		}
		// None of the refusals used up the code; an all-lower-case password passes the reset rule.
		if r := confirmReset(c, "ann@example.com", code, "newpass1!"); r.Status != http.StatusOK {
			t.Fatalf("valid reset after refusals: %d %s", r.Status, r.Raw)
		}
		if r := login(e.NewClient(), "ann@example.com", "newpass1!"); r.Status != http.StatusOK {
			t.Fatalf("sign in with reset password: %d %s", r.Status, r.Raw)
		}
	})
}

func TestResetForUnverifiedAccountSendsVerificationCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Register("ann@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		c := e.NewClient()
		if r := requestReset(c, "ann@example.com"); r.Status != http.StatusOK || r.Body["message"] != auth.MsgResetSent {
			t.Fatalf("request: %d %s", r.Status, r.Raw)
		}
		if s := mailSubjects(t, e, "ann@example.com"); len(s) != 2 || s[0] != "Your OmniRent verification code" {
			t.Fatalf("mails: %v", s)
		}
		code := e.LastCode("ann@example.com")
		r := confirmReset(c, "ann@example.com", code, newPassword)
		wantError(t, "confirm on unverified account", r, http.StatusConflict, "unverified")
		if r.ErrorMessage() != auth.MsgUnverifiedReset {
			t.Errorf("message %q", r.ErrorMessage())
		}
		// The password did not change and the code was not consumed.
		wantError(t, "new password before verification", login(e.NewClient(), "ann@example.com", newPassword), http.StatusUnauthorized, "invalid_credentials")
		if r := verify(c, "ann@example.com", code); r.Status != http.StatusOK {
			t.Fatalf("verify with the same code: %d %s", r.Status, r.Raw)
		}
		if r := login(e.NewClient(), "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("old password after verification: %d %s", r.Status, r.Raw)
		}
	})
}

func TestResetForUnverifiedAccountWithWrongCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		// A wrong code must not reveal that the account is unverified.
		wantError(t, "wrong code", confirmReset(e.NewClient(), "ann@example.com", wrong(code), newPassword), http.StatusBadRequest, "code_invalid")
	})
}
