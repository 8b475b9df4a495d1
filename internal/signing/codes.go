package signing

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/otp"
	"github.com/omnirent/omnirent/internal/session"
)

func (s *Service) hashCode(r Ref, userID, code string) string {
	return otp.Sum(s.secret, "signing", r.Kind, r.ID, userID, code)
}

func codeError(msg, code string) error {
	return apperr.Fields(msg, map[string]string{"code": msg}).WithKind(apperr.Invalid, code)
}

// SendCode e-mails a new 6-digit code to the actor for the document (what
// names it in the mail is title). The area has already decided the actor
// may sign it. One code every 10 seconds, CodesPerDay a day.
func (s *Service) SendCode(ctx context.Context, r Ref, a session.Actor, title string) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	now := s.now()
	code, err := otp.New()
	if err != nil {
		return apperr.Wrap(err, "make code")
	}
	return s.db.Tx(ctx, func(c db.Conn) error {
		old, ok, err := s.lockedCodeOf(ctx, c, r, a.UserID)
		if err != nil {
			return err
		}
		row := codeRow{Hash: s.hashCode(r, a.UserID, code), CreatedAt: now, ExpiresAt: now.Add(CodeLife), Sends: 1, WindowStart: now}
		if ok {
			if now.Sub(old.CreatedAt) < ResendGap {
				return apperr.New(apperr.TooMany, "too_many_requests", MsgWait10)
			}
			if now.Sub(old.WindowStart) < 24*time.Hour {
				if old.Sends >= CodesPerDay {
					return apperr.New(apperr.TooMany, "too_many_requests", MsgCodesPerDay)
				}
				row.Sends, row.WindowStart = old.Sends+1, old.WindowStart
			}
		}
		if stored, err := putCode(ctx, c, r, a.UserID, row, ok); err != nil {
			return err
		} else if !stored { // the first code, sent by a request at the same time
			return apperr.New(apperr.TooMany, "too_many_requests", MsgWait10)
		}
		return s.mail.Send(ctx, c, mail.Email{To: a.Email, Subject: "Your OmniRent signing code", Template: "code", Data: map[string]string{
			"Name": a.FullName, "Heading": "Sign " + title,
			"Intro": "Enter this code on the signing screen to confirm it is you who signs.",
			"Code":  code, "Expires": "15 minutes",
		}})
	})
}

// VerifyCode checks the actor's newest code for the document; once right,
// the actor may sign it for VerifiedFor.
func (s *Service) VerifyCode(ctx context.Context, r Ref, a session.Actor, code string, m Meta) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	code = strings.TrimSpace(code)
	if !otp.WellFormed(code) {
		return codeError(MsgCodeFormat, "code_invalid")
	}
	now := s.now()
	conn := s.db.Conn()
	row, ok, err := codeOf(ctx, conn, r, a.UserID)
	if err != nil {
		return err
	}
	right := s.hashCode(r, a.UserID, code)
	switch {
	case !ok:
		return codeError(MsgCodeWrong, "code_invalid")
	case !now.Before(row.ExpiresAt):
		return codeError(MsgCodeExpired, "code_expired")
	case row.VerifiedAt != nil && otp.Equal(row.Hash, right):
		// Proved already with this code: the same code sent twice (a double
		// click, a second device) is the same proof, not a wrong try.
		return nil
	case row.Attempts >= CodeTries:
		return codeError(MsgCodeTries, "code_attempts")
	}
	// Each comparison spends a try first, in one statement outside any
	// transaction (so nothing rolls it back): of any number of guesses at
	// once, at most CodeTries are compared. The try is spent on the code
	// read above only: a code sent or ended meanwhile is another code.
	tries, ok, err := takeTry(ctx, conn, r, a.UserID, row)
	if err != nil {
		return err
	}
	if !ok {
		return s.whyNotVerified(ctx, r, a, row, right)
	}
	if !otp.Equal(row.Hash, right) {
		if tries >= CodeTries {
			return codeError(MsgCodeTries, "code_attempts")
		}
		return codeError(MsgCodeWrong, "code_invalid")
	}
	// The code is right; it proves the e-mail only if it is still the
	// newest code and still alive: a new code sent, or the document changed
	// (endVerifications), between the comparison and now ends it, and the
	// proof with it.
	verified := false
	err = s.db.Tx(ctx, func(c db.Conn) error {
		var err error
		if verified, err = markVerified(ctx, c, r, a.UserID, row, now); err != nil || !verified {
			return err
		}
		return insertEvent(ctx, c, r, Event{At: now, Event: EventCodeVerified, Actor: a.Email, Detail: "E-mail address confirmed with a 6-digit code", IP: m.IP})
	})
	if err != nil {
		return err
	}
	if !verified {
		return s.whyNotVerified(ctx, r, a, row, right)
	}
	return nil
}

// whyNotVerified says why a code read as row could not be tried or marked:
// a request at the same time proved the same code (that is success), a new
// code replaced it or the document changed (it has expired), or its tries
// are spent.
func (s *Service) whyNotVerified(ctx context.Context, r Ref, a session.Actor, was codeRow, right string) error {
	now, ok, err := codeOf(ctx, s.db.Conn(), r, a.UserID)
	switch {
	case err != nil:
		return err
	case !ok || !now.sameCode(was) || !s.now().Before(now.ExpiresAt):
		return codeError(MsgCodeExpired, "code_expired")
	case now.VerifiedAt != nil && otp.Equal(now.Hash, right):
		return nil
	default:
		return codeError(MsgCodeTries, "code_attempts")
	}
}

// Verified reports whether the actor proved their e-mail for the document
// within VerifiedFor.
func (s *Service) Verified(ctx context.Context, r Ref, a session.Actor) (bool, error) {
	return s.verifiedIn(ctx, s.db.Conn(), r, a)
}

// verifiedIn is Verified reading in conn (a transaction's, inside one).
func (s *Service) verifiedIn(ctx context.Context, conn db.Conn, r Ref, a session.Actor) (bool, error) {
	if !a.SignedIn() {
		return false, nil
	}
	row, ok, err := codeOf(ctx, conn, r, a.UserID)
	if err != nil || !ok || row.VerifiedAt == nil {
		return false, err
	}
	return s.now().Sub(*row.VerifiedAt) < VerifiedFor, nil
}
