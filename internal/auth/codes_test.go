package auth_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
)

func verify(c *apptest.Client, email, code string) apptest.Response {
	return c.Post("/api/auth/verify", map[string]any{"email": email, "code": code})
}

func TestVerifyCodeFormatAndWrongCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		for _, tc := range []struct{ code, msg string }{
			{"", auth.MsgCodeRequired},
			{"12345", auth.MsgCodeInvalid},
			{"1234567", auth.MsgCodeInvalid},
			{"12a456", auth.MsgCodeInvalid},
			{wrong(code), auth.MsgCodeInvalid},
		} {
			r := verify(c, "ann@example.com", tc.code)
			wantError(t, "code "+tc.code, r, http.StatusBadRequest, "code_invalid")
			if r.FieldError("code") != tc.msg {
				t.Errorf("code %q: fields.code = %q, want %q", tc.code, r.FieldError("code"), tc.msg)
			}
		}
		if r := c.Get("/api/auth/me"); r.Status != http.StatusUnauthorized {
			t.Fatalf("a wrong code signed in: %d", r.Status)
		}
		// One wrong try so far: the right code still works.
		if r := verify(c, "ann@example.com", code); r.Status != http.StatusOK {
			t.Fatalf("right code: %d %s", r.Status, r.Raw)
		}
		if r := c.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("verification did not sign in: %d", r.Status)
		}
	})
}

func TestMalformedCodesDoNotUseUpAttempts(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		for i := 0; i < 6; i++ {
			for _, bad := range []string{"", code[:5], code + "0", "abcdef"} {
				wantError(t, "malformed code "+bad, verify(c, "ann@example.com", bad), http.StatusBadRequest, "code_invalid")
			}
		}
		if r := verify(c, "ann@example.com", " "+code+" "); r.Status != http.StatusOK {
			t.Fatalf("right code (with spaces) after malformed ones: %d %s", r.Status, r.Raw)
		}
	})
}

func TestVerifyUnknownEmailLooksLikeWrongCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		known := verify(e.NewClient(), "ann@example.com", wrong(code))
		unknown := verify(e.NewClient(), "nobody@example.com", wrong(code))
		if known.Status != unknown.Status || known.Raw != unknown.Raw {
			t.Fatalf("unknown e-mail answers differently:\n known   %d %s\n unknown %d %s", known.Status, known.Raw, unknown.Status, unknown.Raw)
		}
	})
}

func TestVerifyFiveWrongTriesLockTheCode(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Run("four wrong tries leave the code usable", func(t *testing.T) {
			c := e.Register("four@example.com", goodPassword, "Tenant")
			code := e.LastCode("four@example.com")
			for i := 1; i <= 4; i++ {
				wantError(t, "wrong try", verify(c, "four@example.com", wrong(code)), http.StatusBadRequest, "code_invalid")
			}
			if r := verify(c, "four@example.com", code); r.Status != http.StatusOK {
				t.Fatalf("right code after 4 wrong tries: %d %s", r.Status, r.Raw)
			}
		})
		t.Run("after five wrong tries the right code is refused", func(t *testing.T) {
			c := e.Register("five@example.com", goodPassword, "Tenant")
			code := e.LastCode("five@example.com")
			for i := 1; i <= 5; i++ {
				r := verify(c, "five@example.com", wrong(code))
				if r.Status != http.StatusBadRequest {
					t.Fatalf("wrong try %d: %d", i, r.Status)
				}
			}
			r := verify(c, "five@example.com", code)
			wantError(t, "right code after 5 wrong", r, http.StatusBadRequest, "code_attempts")
			if r.ErrorMessage() != auth.MsgCodeAttempts {
				t.Errorf("message %q", r.ErrorMessage())
			}
			// A new code unlocks the account.
			e.Clock.Advance(11 * time.Second)
			if r := c.Post("/api/auth/resend-code", map[string]any{"email": "five@example.com"}); r.Status != http.StatusOK {
				t.Fatalf("resend: %d %s", r.Status, r.Raw)
			}
			if r := verify(c, "five@example.com", e.LastCode("five@example.com")); r.Status != http.StatusOK {
				t.Fatalf("new code after lock: %d %s", r.Status, r.Raw)
			}
		})
	})
}

func TestSignupCodeExpiresAfter24Hours(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := e.Register("early@example.com", goodPassword, "Tenant")
		b := e.Register("late@example.com", goodPassword, "Tenant")
		codeA, codeB := e.LastCode("early@example.com"), e.LastCode("late@example.com")
		e.Clock.Advance(23*time.Hour + 59*time.Minute)
		if r := verify(a, "early@example.com", codeA); r.Status != http.StatusOK {
			t.Fatalf("code at 23h59m: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(time.Minute) // exactly 24 h
		r := verify(b, "late@example.com", codeB)
		wantError(t, "code at 24h", r, http.StatusBadRequest, "code_expired")
		if r.ErrorMessage() != auth.MsgCodeExpired {
			t.Errorf("message %q", r.ErrorMessage())
		}
	})
}

func TestCodeWorksOnlyOnce(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		code := e.LastCode("ann@example.com")
		if r := verify(c, "ann@example.com", code); r.Status != http.StatusOK {
			t.Fatalf("first use: %d %s", r.Status, r.Raw)
		}
		r := verify(e.NewClient(), "ann@example.com", code)
		if r.Status != http.StatusBadRequest {
			t.Fatalf("second use of the code: %d %s, want 400", r.Status, r.Raw)
		}
		if h := r.Header.Get("Set-Cookie"); h != "" {
			t.Fatalf("second use set a cookie: %s", h)
		}
	})
}

func TestResentCodeReplacesOldOne(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		old := e.LastCode("ann@example.com")
		e.Clock.Advance(10 * time.Second)
		r := c.Post("/api/auth/resend-code", map[string]any{"email": "ANN@example.com"})
		if r.Status != http.StatusOK || r.Body["message"] != "Code has been resent successfully!" {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		fresh := e.LastCode("ann@example.com")
		if e.MailCount("ann@example.com") != 2 {
			t.Fatalf("resend did not send a second e-mail")
		}
		if fresh != old {
			if r := verify(c, "ann@example.com", old); r.Status != http.StatusBadRequest {
				t.Fatalf("old code after resend: %d %s, want 400", r.Status, r.Raw)
			}
		}
		if r := verify(c, "ann@example.com", fresh); r.Status != http.StatusOK {
			t.Fatalf("new code: %d %s", r.Status, r.Raw)
		}
	})
}

func TestResendWaitsTenSeconds(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		e.Clock.Advance(9*time.Second + 999*time.Millisecond)
		// Too soon: the same answer as a resend (a 429 would tell a stranger
		// the account exists), and no e-mail.
		r := c.Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"})
		if r.Status != http.StatusOK || r.Body["message"] != auth.MsgResent {
			t.Fatalf("resend within 10 s of sign-up: %d %s", r.Status, r.Raw)
		}
		if n := e.MailCount("ann@example.com"); n != 1 {
			t.Fatalf("%d e-mails after a resend within 10 s, want 1", n)
		}
		e.Clock.Advance(time.Millisecond)
		if r := c.Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"}); r.Status != http.StatusOK {
			t.Fatalf("resend after 10 s: %d %s", r.Status, r.Raw)
		}
		// The interval counts from the newest code.
		e.Clock.Advance(5 * time.Second)
		c.Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"})
		if n := e.MailCount("ann@example.com"); n != 2 {
			t.Fatalf("%d e-mails, want 2", n)
		}
	})
}

func TestResendForUnknownEmailLooksTheSameAndSendsNothing(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		real := c.Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"})
		unknown := e.NewClient().Post("/api/auth/resend-code", map[string]any{"email": "ghost@example.com"})
		if real.Status != http.StatusOK || unknown.Status != real.Status || unknown.Raw != real.Raw {
			t.Fatalf("answers differ:\n real    %d %s\n unknown %d %s", real.Status, real.Raw, unknown.Status, unknown.Raw)
		}
		if n := e.MailCount("ghost@example.com"); n != 0 {
			t.Fatalf("sent %d e-mails to an unknown address", n)
		}
	})
}

func TestResendForVerifiedAccountSendsNothing(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)
		if r := e.NewClient().Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"}); r.Status != http.StatusOK {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		if n := e.MailCount("ann@example.com"); n != 1 {
			t.Fatalf("%d e-mails to a verified account, want only the first code", n)
		}
	})
}

func TestResetCodeExpiresAfterOneHour(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "early@example.com")
		verifiedAccount(t, e, "late@example.com")
		e.Clock.Advance(time.Minute)
		c := e.NewClient()
		for _, m := range []string{"early@example.com", "late@example.com"} {
			if r := c.Post("/api/auth/password-reset/request", map[string]any{"email": m}); r.Status != http.StatusOK {
				t.Fatalf("request reset: %d %s", r.Status, r.Raw)
			}
		}
		codeA, codeB := e.LastCode("early@example.com"), e.LastCode("late@example.com")
		e.Clock.Advance(59 * time.Minute)
		if r := confirmReset(c, "early@example.com", codeA, newPassword); r.Status != http.StatusOK {
			t.Fatalf("reset code at 59 min: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(time.Minute)
		wantError(t, "reset code at 60 min", confirmReset(c, "late@example.com", codeB, newPassword), http.StatusBadRequest, "code_expired")
	})
}

func TestChangePasswordCodeExpiresAfterOneHour(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := e.SignedIn("early@example.com", goodPassword, "Tenant")
		b := e.SignedIn("late@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		for _, c := range []*apptest.Client{a, b} {
			if r := c.Post("/api/account/password-code", nil); r.Status != http.StatusOK {
				t.Fatalf("password code: %d %s", r.Status, r.Raw)
			}
		}
		codeA, codeB := e.LastCode("early@example.com"), e.LastCode("late@example.com")
		e.Clock.Advance(59 * time.Minute)
		if r := changePassword(a, codeA, newPassword, newPassword); r.Status != http.StatusOK {
			t.Fatalf("change code at 59 min: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(time.Minute)
		wantError(t, "change code at 60 min", changePassword(b, codeB, newPassword, newPassword), http.StatusBadRequest, "code_expired")
	})
}

func TestCodesAreBoundToTheirPurpose(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		e.Clock.Advance(time.Minute)
		if r := c.Post("/api/account/password-code", nil); r.Status != http.StatusOK {
			t.Fatalf("password code: %d %s", r.Status, r.Raw)
		}
		changeCode := e.LastCode("ann@example.com")
		// A change-password code is no reset code.
		if r := confirmReset(e.NewClient(), "ann@example.com", changeCode, newPassword); r.Status != http.StatusBadRequest {
			t.Fatalf("change-password code accepted as reset code: %d %s", r.Status, r.Raw)
		}
	})
}
