package auth_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/config"
)

// Addresses of the throttle tests; the app trusts X-Forwarded-For here so
// one test can sign in from several addresses.
const (
	ownerAddr    = "198.51.100.7"
	attackerAddr = "203.0.113.9"
)

func trustProxy(c *config.Config) { c.TrustProxy = true }

func loginFrom(e *apptest.Env, addr, email, password string) apptest.Response {
	return e.NewClient().Do(http.MethodPost, "/api/auth/login", map[string]any{"email": email, "password": password}, "X-Forwarded-For", addr)
}

func TestSignInOthersGuessesDoNotLockOutTheOwner(t *testing.T) {
	t.Parallel()
	eachCheap(t, trustProxy, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		// Ann signs in from home once: her usual address.
		if r := loginFrom(e, ownerAddr, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("first sign-in: %d %s", r.Status, r.Raw)
		}
		// Someone else guesses 20 times from another address: the first ten
		// are wrong passwords, then that address is throttled for this account.
		for i := 1; i <= 20; i++ {
			r := loginFrom(e, attackerAddr, "ann@example.com", fmt.Sprintf("Wrong#%d", i))
			if i <= 10 {
				wantError(t, fmt.Sprintf("guess %d", i), r, http.StatusUnauthorized, "invalid_credentials")
			} else {
				wantError(t, fmt.Sprintf("guess %d", i), r, http.StatusTooManyRequests, "too_many_requests")
				if r.ErrorMessage() != auth.MsgTooManySignIns {
					t.Fatalf("message %q", r.ErrorMessage())
				}
			}
		}
		// Even the right password is refused from the guessing address...
		wantError(t, "right password from the guessing address", loginFrom(e, attackerAddr, "ann@example.com", goodPassword), http.StatusTooManyRequests, "too_many_requests")
		// ...while Ann signs in from home, and from a new address too (20 is far under the account ceiling).
		if r := loginFrom(e, ownerAddr, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("owner from her usual address after someone else's guesses: %d %s", r.Status, r.Raw)
		}
		if r := loginFrom(e, "192.0.2.44", "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("owner from a new address after someone else's guesses: %d %s", r.Status, r.Raw)
		}
		// Ann signing in does not forgive the guessing address.
		wantError(t, "guessing address after the owner signed in", loginFrom(e, attackerAddr, "ann@example.com", goodPassword), http.StatusTooManyRequests, "too_many_requests")
		// The window is 15 minutes from the failures.
		e.Clock.Advance(15*time.Minute + time.Second)
		if r := loginFrom(e, attackerAddr, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("after the window: %d %s", r.Status, r.Raw)
		}
	})
}

// IPv6 addresses of one /64 are one address to the throttle: a host can
// pick any of them.
func TestSignInThrottleTreatsAnIPv6Slash64AsOneAddress(t *testing.T) {
	t.Parallel()
	eachCheap(t, trustProxy, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		for i := 1; i <= 10; i++ {
			r := loginFrom(e, fmt.Sprintf("2001:db8:1:2::%x", i), "ann@example.com", "Wrong#123")
			wantError(t, fmt.Sprintf("guess %d", i), r, http.StatusUnauthorized, "invalid_credentials")
		}
		wantError(t, "another address in the same /64", loginFrom(e, "2001:db8:1:2:ffff::1", "ann@example.com", goodPassword), http.StatusTooManyRequests, "too_many_requests")
		if r := loginFrom(e, "2001:db8:1:3::1", "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("another /64: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSignInAccountCeilingAcrossAddresses(t *testing.T) {
	t.Parallel()
	eachCheap(t, trustProxy, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		if r := loginFrom(e, ownerAddr, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("first sign-in: %d %s", r.Status, r.Raw)
		}
		// 100 guesses spread over ten addresses, each under its pair limit.
		for i := 0; i < 100; i++ {
			r := loginFrom(e, fmt.Sprintf("203.0.113.%d", 100+i/10), "ann@example.com", "Wrong#123")
			wantError(t, fmt.Sprintf("spread guess %d", i+1), r, http.StatusUnauthorized, "invalid_credentials")
		}
		// The account ceiling now stops every address the account has not
		// signed in from, even with the right password...
		r := loginFrom(e, "192.0.2.44", "ann@example.com", goodPassword)
		wantError(t, "new address over the account ceiling", r, http.StatusTooManyRequests, "too_many_requests")
		if r.ErrorMessage() != auth.MsgTooManySignIns {
			t.Fatalf("message %q", r.ErrorMessage())
		}
		wantError(t, "a fresh guessing address", loginFrom(e, "203.0.113.250", "ann@example.com", "Wrong#123"), http.StatusTooManyRequests, "too_many_requests")
		// ...but not Ann at home.
		if r := loginFrom(e, ownerAddr, "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("owner from her usual address over the ceiling: %d %s", r.Status, r.Raw)
		}
		// Other accounts are not affected.
		verifiedAccount(t, e, "bob@example.com")
		if r := loginFrom(e, "192.0.2.44", "bob@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("other account: %d %s", r.Status, r.Raw)
		}
	})
}

// A verified account receives no sign-up code; an unverified one's
// resend answers must not differ from it or from an unknown address.
func TestResendCodeAnswersAlikeForEveryAccount(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "verified@example.com")
		e.Register("unverified@example.com", goodPassword, "Tenant")
		e.Register("capped@example.com", goodPassword, "Tenant")
		resend := func(email string) apptest.Response {
			return e.NewClient().Post("/api/auth/resend-code", map[string]any{"email": email})
		}
		// Fill capped@'s hour: the sign-up code and four resends make five.
		for i := 0; i < 4; i++ {
			e.Clock.Advance(11 * time.Second)
			resend("capped@example.com")
		}
		if n := e.MailCount("capped@example.com"); n != 5 {
			t.Fatalf("capped@: %d e-mails before the cap, want 5", n)
		}
		e.Clock.Advance(11 * time.Second)
		answers := map[string]apptest.Response{
			"unknown":    resend("ghost@example.com"),
			"unverified": resend("unverified@example.com"),
			"verified":   resend("verified@example.com"),
			"capped":     resend("capped@example.com"),
			"too soon":   resend("unverified@example.com"), // within 10 s of the one before
		}
		want := answers["unknown"]
		if want.Status != http.StatusOK || want.Body["message"] != auth.MsgResent {
			t.Fatalf("unknown: %d %s", want.Status, want.Raw)
		}
		for what, r := range answers {
			if r.Status != want.Status || r.Raw != want.Raw {
				t.Errorf("%s answers differently:\n %d %s\nwant %d %s", what, r.Status, r.Raw, want.Status, want.Raw)
			}
			for _, h := range []string{"Retry-After", "Set-Cookie"} {
				if v := r.Header.Get(h); v != "" {
					t.Errorf("%s: %s %q", what, h, v)
				}
			}
		}
		for addr, n := range map[string]int{"ghost@example.com": 0, "verified@example.com": 1, "unverified@example.com": 2, "capped@example.com": 5} {
			if got := e.MailCount(addr); got != n {
				t.Errorf("%s: %d e-mails, want %d", addr, got, n)
			}
		}
	})
}

func TestCodeEmailsCappedPerHourAndDay(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Run("sign-up codes by resend", func(t *testing.T) {
			e.Register("ann@example.com", goodPassword, "Tenant")
			for i := 0; i < 10; i++ {
				e.Clock.Advance(11 * time.Second)
				if r := e.NewClient().Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"}); r.Status != http.StatusOK {
					t.Fatalf("resend %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			if n := e.MailCount("ann@example.com"); n != 5 {
				t.Fatalf("%d codes in the first hour, want 5", n)
			}
			// Signing in with the right password does not get round the cap either.
			wantError(t, "unverified sign-in", login(e.NewClient(), "ann@example.com", goodPassword), http.StatusForbidden, "unconfirmed")
			// An hour after the first code, one more fits in the hour.
			e.Clock.Advance(time.Hour - 109*time.Second)
			e.NewClient().Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"})
			if n := e.MailCount("ann@example.com"); n != 6 {
				t.Fatalf("%d codes an hour later, want 6", n)
			}
			// A day holds at most 20 however the hours are spread.
			for h := 0; h < 10; h++ {
				e.Clock.Advance(time.Hour)
				for i := 0; i < 5; i++ {
					e.Clock.Advance(11 * time.Second)
					e.NewClient().Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"})
				}
			}
			if n := e.MailCount("ann@example.com"); n != 20 {
				t.Fatalf("%d codes in a day, want 20", n)
			}
		})
		t.Run("reset codes", func(t *testing.T) {
			verifiedAccount(t, e, "bob@example.com")
			for i := 0; i < 10; i++ {
				e.Clock.Advance(11 * time.Second)
				r := e.NewClient().Post("/api/auth/password-reset/request", map[string]any{"email": "bob@example.com"})
				if r.Status != http.StatusOK || r.Body["message"] != auth.MsgResetSent {
					t.Fatalf("reset request %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			if n := e.MailCount("bob@example.com"); n != 1+5 {
				t.Fatalf("%d e-mails, want the sign-up code and 5 reset codes", n)
			}
		})
		t.Run("change-password codes", func(t *testing.T) {
			c := e.SignedIn("cat@example.com", goodPassword, "Tenant")
			for i := 0; i < 5; i++ {
				e.Clock.Advance(11 * time.Second)
				if r := c.Post("/api/account/password-code", nil); r.Status != http.StatusOK {
					t.Fatalf("code %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			e.Clock.Advance(11 * time.Second)
			r := c.Post("/api/account/password-code", nil)
			wantError(t, "sixth code in an hour", r, http.StatusTooManyRequests, "too_many_requests")
			if r.ErrorMessage() != auth.MsgCodeSendLimit {
				t.Fatalf("message %q", r.ErrorMessage())
			}
			if n := e.MailCount("cat@example.com"); n != 1+5 {
				t.Fatalf("%d e-mails, want the sign-up code and 5 change-password codes", n)
			}
		})
	})
}

func TestCodeGuessesCappedAcrossResends(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.Register("ann@example.com", goodPassword, "Tenant")
		resend := func() {
			t.Helper()
			e.Clock.Advance(11 * time.Second)
			if r := c.Post("/api/auth/resend-code", map[string]any{"email": "ann@example.com"}); r.Status != http.StatusOK {
				t.Fatalf("resend: %d %s", r.Status, r.Raw)
			}
		}
		// Four wrong tries of each of five codes: each code stays under its
		// own limit of five, but the account reaches 20 in the hour.
		for round := 0; round < 5; round++ {
			if round > 0 {
				resend()
			}
			code := e.LastCode("ann@example.com")
			for i := 0; i < 4; i++ {
				wantError(t, fmt.Sprintf("code %d wrong try %d", round+1, i+1), verify(c, "ann@example.com", wrong(code)), http.StatusBadRequest, "code_invalid")
			}
		}
		// Now even the right code is refused, until the hour has passed.
		r := verify(c, "ann@example.com", e.LastCode("ann@example.com"))
		wantError(t, "right code after 20 wrong ones in the hour", r, http.StatusTooManyRequests, "too_many_requests")
		if r.ErrorMessage() != auth.MsgCodeGuessLimit || r.FieldError("code") != auth.MsgCodeGuessLimit {
			t.Fatalf("message %q, fields.code %q", r.ErrorMessage(), r.FieldError("code"))
		}
		if r := c.Get("/api/auth/me"); r.Status != http.StatusUnauthorized {
			t.Fatalf("signed in over the cap: %d", r.Status)
		}
		// The day cap: 20 more in the next hour, 10 in the one after.
		e.Clock.Advance(time.Hour)
		for round := 0; round < 6; round++ {
			if round == 5 {
				e.Clock.Advance(time.Hour)
			}
			resend()
			code := e.LastCode("ann@example.com")
			for i := 0; i < 4 && !(round == 5 && i >= 2); i++ {
				wantError(t, fmt.Sprintf("day: code %d wrong try %d", round+1, i+1), verify(c, "ann@example.com", wrong(code)), http.StatusBadRequest, "code_invalid")
			}
		}
		// 20 + 20 + 2 = 42 so far; eight more reach 50.
		for round := 0; round < 2; round++ {
			resend()
			code := e.LastCode("ann@example.com")
			for i := 0; i < 4; i++ {
				wantError(t, fmt.Sprintf("last: code %d wrong try %d", round+1, i+1), verify(c, "ann@example.com", wrong(code)), http.StatusBadRequest, "code_invalid")
			}
		}
		e.Clock.Advance(time.Hour) // the last hour's ten leave the hour window; the day holds 50
		resend()
		wantError(t, "right code after 50 wrong ones in the day", verify(c, "ann@example.com", e.LastCode("ann@example.com")), http.StatusTooManyRequests, "too_many_requests")
		// A day after the first wrong codes, the right code works again.
		e.Clock.Advance(21 * time.Hour)
		resend()
		if r := verify(c, "ann@example.com", e.LastCode("ann@example.com")); r.Status != http.StatusOK {
			t.Fatalf("a day later: %d %s", r.Status, r.Raw)
		}
	})
}

func TestResetCodeGuessesCappedAcrossRequests(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		verifiedAccount(t, e, "ann@example.com")
		for round := 0; round < 5; round++ {
			e.Clock.Advance(11 * time.Second)
			e.NewClient().Post("/api/auth/password-reset/request", map[string]any{"email": "ann@example.com"})
			code := e.LastCode("ann@example.com")
			for i := 0; i < 4; i++ {
				wantError(t, "wrong reset code", confirmReset(e.NewClient(), "ann@example.com", wrong(code), newPassword), http.StatusBadRequest, "code_invalid")
			}
		}
		wantError(t, "right reset code after 20 wrong ones", confirmReset(e.NewClient(), "ann@example.com", e.LastCode("ann@example.com"), newPassword), http.StatusTooManyRequests, "too_many_requests")
		if r := login(e.NewClient(), "ann@example.com", goodPassword); r.Status != http.StatusOK {
			t.Fatalf("the old password no longer works: %d %s", r.Status, r.Raw)
		}
	})
}
