package auth

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	omail "github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/otp"
)

// Codes are random 6-digit numbers. Only an HMAC of the code (keyed with the
// server secret, bound to the user and purpose) is stored, so a copy of the
// database does not reveal working codes.

func (s *Service) hashCode(userID string, p CodePurpose, code string) string {
	return otp.Sum(s.secret, userID, string(p), code)
}

var codeMail = map[CodePurpose]struct{ subject, heading, intro, expires string }{
	PurposeSignup:         {"Your OmniRent verification code", "Verify your account", "Welcome to OmniRent. Enter this code to verify your e-mail address and finish creating your account.", "24 hours"},
	PurposeReset:          {"Your OmniRent password reset code", "Reset your password", "We received a request to reset the password of your OmniRent account. Enter this code with your new password.", "1 hour"},
	PurposeChangePassword: {"Your OmniRent change-password code", "Change your password", "Enter this code in the Change Password window to set your new password.", "1 hour"},
}

// issueCode makes a new code, stores its hash and e-mails it, in conn's transaction.
func (s *Service) issueCode(ctx context.Context, c db.Conn, u User, p CodePurpose, now time.Time) error {
	code, err := otp.New()
	if err != nil {
		return apperr.Wrap(err, "make code")
	}
	if err := insertCode(ctx, c, u.ID, p, s.hashCode(u.ID, p, code), now); err != nil {
		return err
	}
	m := codeMail[p]
	return s.mail.Send(ctx, c, omail.Email{To: u.Email, Subject: m.subject, Template: "code", Data: map[string]string{
		"Name": u.FullName, "Heading": m.heading, "Intro": m.intro, "Code": code, "Expires": m.expires,
	}})
}

func codeError(msg, code string) error {
	return apperr.Fields(msg, map[string]string{"code": msg}).WithKind(apperr.Invalid, code)
}

func codeFormat(code string) error {
	code = strings.TrimSpace(code)
	if code == "" {
		return codeError(MsgCodeRequired, "code_invalid")
	}
	if !otp.WellFormed(code) {
		return codeError(MsgCodeInvalid, "code_invalid")
	}
	return nil
}

// checkCode verifies the newest code of a purpose: the account under its
// caps of wrong codes per hour and per day, the code unexpired, under its own
// attempt limit, and (when consume) used exactly once. Wrong tries are
// counted outside any transaction so a rollback cannot undo them.
func (s *Service) checkCode(ctx context.Context, u User, p CodePurpose, code string, consume bool) error {
	if err := codeFormat(code); err != nil {
		return err
	}
	code = strings.TrimSpace(code)
	conn := s.db.Conn()
	row, ok, err := latestCode(ctx, conn, u.ID, p)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	if err := s.guessesAllowed(ctx, u.ID, p, now); err != nil {
		return err
	}
	switch {
	case !ok:
		return codeError(MsgCodeInvalid, "code_invalid")
	case row.Attempts >= maxCodeAttempts:
		return codeError(MsgCodeAttempts, "code_attempts")
	case !now.Before(row.ExpiresAt):
		return codeError(MsgCodeExpired, "code_expired")
	}
	if !otp.Equal(row.Hash, s.hashCode(u.ID, p, code)) {
		if err := recordCodeGuess(ctx, conn, u.ID, p, now); err != nil {
			return err
		}
		counted, err := countWrongAttempt(ctx, conn, row.ID)
		if err != nil {
			return err
		}
		if !counted || row.Attempts+1 >= maxCodeAttempts {
			return codeError(MsgCodeAttempts, "code_attempts")
		}
		return codeError(MsgCodeInvalid, "code_invalid")
	}
	if !consume {
		return nil
	}
	used, err := useCode(ctx, conn, row.ID, now)
	if err != nil {
		return err
	}
	if !used {
		return codeError(MsgCodeInvalid, "code_invalid")
	}
	return nil
}

// guessesAllowed refuses every code, right or wrong, once the account has
// had maxCodeGuessesHour wrong codes of the purpose in the last hour or
// maxCodeGuessesDay in the last day: asking for new codes does not reset
// these, so guessing stays slow however many codes are sent.
func (s *Service) guessesAllowed(ctx context.Context, userID string, p CodePurpose, now time.Time) error {
	for _, w := range []struct {
		since time.Duration
		max   int
	}{{time.Hour, maxCodeGuessesHour}, {24 * time.Hour, maxCodeGuessesDay}} {
		if n, err := codeGuessesSince(ctx, s.db.Conn(), userID, p, now.Add(-w.since)); err != nil {
			return err
		} else if n >= w.max {
			return apperr.Fields(MsgCodeGuessLimit, map[string]string{"code": MsgCodeGuessLimit}).WithKind(apperr.TooMany, "too_many_requests")
		}
	}
	return nil
}
