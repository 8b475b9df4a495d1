package auth

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	omail "github.com/omnirent/omnirent/internal/platform/mail"
)

// Mailer is the part of the mail module auth needs.
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e omail.Email) error
}

type Service struct {
	db        *db.DB
	clock     clock.Clock
	mail      Mailer
	secret    []byte
	argon     Argon2Params
	log       *slog.Logger
	dummyOnce sync.Once
	dummyHash string
}

type Options struct {
	DB        *db.DB
	Clock     clock.Clock
	Mail      Mailer
	SecretKey []byte
	Argon2    Argon2Params
	Log       *slog.Logger
}

func NewService(o Options) (*Service, error) {
	return &Service{db: o.DB, clock: o.Clock, mail: o.Mail, secret: o.SecretKey, argon: o.Argon2, log: o.Log}, nil
}

// burnPasswordCheck costs what a real password check costs, so a sign-in
// with an unknown e-mail takes as long as a wrong password and timing does
// not reveal which accounts exist. The hash is made on first use to keep
// start-up fast.
func (s *Service) burnPasswordCheck(password string) {
	s.dummyOnce.Do(func() { s.dummyHash, _ = HashPassword(s.argon, "not-a-real-password-1!A") })
	_, _ = CheckPassword(s.dummyHash, password)
}

// --- helpers ---

type fieldErrors map[string]string

func (f fieldErrors) add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// fieldOrder decides which message leads when several fields are wrong.
var fieldOrder = []string{"userType", "fullName", "email", "password", "confirmPassword", "acceptTerms", "code"}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	for _, k := range fieldOrder {
		if m, ok := f[k]; ok {
			return apperr.Fields(m, f)
		}
	}
	return apperr.Fields("Please check the form.", f)
}

type notice struct {
	Name, Heading string
	Paragraphs    []string
}

// sendCode e-mails a new code of a purpose if the send limits allow it,
// deciding in the transaction that stores the code with the account's row
// locked (PostgreSQL's FOR UPDATE; SQLite's transactions take the write
// lock when they begin). Requests at once are so counted one after
// another: checked outside it, a burst all saw no recent code and each
// sent one, past the limits.
func (s *Service) sendCode(ctx context.Context, u User, p CodePurpose) error {
	return s.db.Tx(ctx, func(c db.Conn) error {
		if err := lockUser(ctx, c, s.db.Dialect, u.ID); err != nil {
			return err
		}
		now := s.clock.Now()
		if err := codeSendAllowed(ctx, c, u.ID, p, now); err != nil {
			return err
		}
		return s.issueCode(ctx, c, u, p, now)
	})
}

// codeSendAllowed says whether another code of a purpose may be e-mailed to
// the account: at most one per resendMinInterval, maxCodesHour an hour and
// maxCodesDay a day. Only sendCode calls it, with the account locked.
func codeSendAllowed(ctx context.Context, conn db.Conn, userID string, p CodePurpose, now time.Time) error {
	last, ok, err := lastCodeSentAt(ctx, conn, userID, p)
	if err != nil {
		return err
	}
	if ok && now.Sub(last) < resendMinInterval {
		return apperr.New(apperr.TooMany, "too_many_requests", MsgResendTooSoon)
	}
	for _, w := range []struct {
		since time.Duration
		max   int
	}{{time.Hour, maxCodesHour}, {24 * time.Hour, maxCodesDay}} {
		if n, err := codesSentSince(ctx, conn, userID, p, now.Add(-w.since)); err != nil {
			return err
		} else if n >= w.max {
			return apperr.New(apperr.TooMany, "too_many_requests", MsgCodeSendLimit)
		}
	}
	return nil
}

// silentLimit drops a send limit's refusal (and an account gone meanwhile)
// where the answer must be the same whether or not the account exists and
// a code was sent: a 429 there would reveal the account.
func silentLimit(err error) error {
	if k := apperr.KindOf(err); k == apperr.TooMany || k == apperr.NotFound {
		return nil
	}
	return err
}
