package savedsearch

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

// Deps are what the service needs.
type Deps struct {
	DB       *db.DB
	Clock    clock.Clock
	Jobs     *jobs.Queue
	Mail     *mail.Service
	Listings Listings
	People   People
	BaseURL  string
	Log      *slog.Logger
}

type Service struct{ d Deps }

const sweepJob = "savedsearch.sweep"

// SweepHour is when the daily sweep runs (UK time).
const SweepHour = 8

func NewService(d Deps) *Service {
	s := &Service{d: d}
	if d.Jobs != nil {
		d.Jobs.Handle(sweepJob, s.sweepJob)
	}
	return s
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

// Create saves a search for the signed-in user; an empty name becomes the
// description of the filters.
func (s *Service) Create(ctx context.Context, a session.Actor, name string, q url.Values) (SavedSearch, error) {
	if err := a.RequireSignedIn(); err != nil {
		return SavedSearch{}, err
	}
	q = canonical(q)
	if len(q) == 0 {
		return SavedSearch{}, apperr.New(apperr.Invalid, "invalid_filter", MsgNothingToSave)
	}
	if err := s.d.Listings.Check(ctx, q); err != nil {
		return SavedSearch{}, err
	}
	name = text.SingleLine(name) // one line: it is the digest e-mail's heading
	if name == "" {
		name = Describe(q)
	}
	if utf8.RuneCountInString(name) > maxNameRunes {
		return SavedSearch{}, apperr.Fields(MsgNameTooLong, map[string]string{"name": MsgNameTooLong})
	}
	now := s.now()
	ss := SavedSearch{ID: uuid.NewString(), UserID: a.UserID, Name: name, Query: q.Encode(), Emails: true, CheckedAt: now, CreatedAt: now}
	err := s.d.DB.Tx(ctx, func(tx db.Conn) error {
		n, err := countOf(ctx, tx, a.UserID)
		if err != nil {
			return err
		}
		if n >= MaxPerUser {
			return apperr.New(apperr.Invalid, "too_many", MsgTooMany)
		}
		return insert(ctx, tx, ss)
	})
	return ss, err
}

// List gives the user's saved searches, newest first.
func (s *Service) List(ctx context.Context, a session.Actor) ([]SavedSearch, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	return listOf(ctx, s.d.DB.Conn(), a.UserID)
}

// Get gives one of the user's saved searches; anyone else's answers not
// found, as if it did not exist (an admin included: saved searches are
// private).
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (SavedSearch, error) {
	if err := a.RequireSignedIn(); err != nil {
		return SavedSearch{}, err
	}
	return own(ctx, s.d.DB.Conn(), a.UserID, id)
}

// Delete removes one of the user's saved searches and its e-mail record.
func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	return s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := own(ctx, tx, a.UserID, id); err != nil {
			return err
		}
		return remove(ctx, tx, id)
	})
}

// SetEmails turns a saved search's daily e-mails on or off. Turned back on,
// only listings published from now on count as new. The row is read
// locked: the time of the last e-mail written back is the one the sweep
// may have just set (PostgreSQL wrote back an older one, and the next day's
// e-mail repeated listings already sent).
func (s *Service) SetEmails(ctx context.Context, a session.Actor, id string, on bool) (SavedSearch, error) {
	if err := a.RequireSignedIn(); err != nil {
		return SavedSearch{}, err
	}
	var ss SavedSearch
	err := s.d.DB.Tx(ctx, func(tx db.Conn) error {
		var err error
		if ss, err = lockedOwn(ctx, tx, s.d.DB.Dialect, a.UserID, id); err != nil {
			return err
		}
		if on && !ss.Emails {
			ss.CheckedAt = s.now()
		}
		ss.Emails = on
		return setEmails(ctx, tx, ss)
	})
	return ss, err
}

// tokenHash is what is stored of an unsubscribe token.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// ByToken names the saved search an unsubscribe token is for (the public
// unsubscribe page, before the press).
func (s *Service) ByToken(ctx context.Context, token string) (SavedSearch, error) {
	if token == "" || len(token) > 100 {
		return SavedSearch{}, apperr.New(apperr.NotFound, "bad_link", MsgBadLink)
	}
	ss, err := byTokenHash(ctx, s.d.DB.Conn(), tokenHash(token))
	if apperr.IsNotFound(err) {
		return ss, apperr.New(apperr.NotFound, "bad_link", MsgBadLink)
	}
	return ss, err
}

// Unsubscribe turns off the e-mails of the saved search an e-mail's token
// names; no sign-in is needed (the token is the proof). Pressing twice is
// harmless.
func (s *Service) Unsubscribe(ctx context.Context, token string) (SavedSearch, error) {
	ss, err := s.ByToken(ctx, token)
	if err != nil {
		return ss, err
	}
	ss.Emails = false
	return ss, setEmails(ctx, s.d.DB.Conn(), ss)
}

// Schedule makes sure the daily sweep is queued (at start-up).
func (s *Service) Schedule(ctx context.Context) error {
	pending, err := s.d.Jobs.Pending(ctx, sweepJob)
	if err != nil || pending {
		return err
	}
	return s.d.Jobs.EnqueueAt(ctx, s.d.DB.Conn(), sweepJob, sweepPayload{Repeat: true}, nextSweep(s.now()), 3)
}

// SweepSoon queues a one-off sweep now (the development hook).
func (s *Service) SweepSoon(ctx context.Context) error {
	return s.d.Jobs.Enqueue(ctx, s.d.DB.Conn(), sweepJob, sweepPayload{}, 3)
}

type sweepPayload struct {
	Repeat bool `json:"repeat,omitempty"`
}

// nextSweep is the next SweepHour:00 UK time after now.
func nextSweep(now time.Time) time.Time {
	uk := now.In(clock.UK)
	at := time.Date(uk.Year(), uk.Month(), uk.Day(), SweepHour, 0, 0, 0, clock.UK)
	if !at.After(now) {
		at = time.Date(uk.Year(), uk.Month(), uk.Day()+1, SweepHour, 0, 0, 0, clock.UK)
	}
	return at
}

func (s *Service) sweepJob(ctx context.Context, raw json.RawMessage) error {
	var p sweepPayload
	_ = json.Unmarshal(raw, &p)
	err := s.Sweep(ctx)
	if !p.Repeat {
		return err
	}
	if err != nil && s.d.Log != nil {
		s.d.Log.Warn("saved search sweep failed; tomorrow's retries", "err", err)
	}
	return s.d.Jobs.EnqueueAt(ctx, s.d.DB.Conn(), sweepJob, sweepPayload{Repeat: true}, nextSweep(s.now()), 3)
}

// Sweep sends, for every saved search with e-mails on, the listings new
// since its last e-mail: at most one e-mail per search per UK day (the
// ledger's key decides when two sweeps race), none when nothing is new.
func (s *Service) Sweep(ctx context.Context) error {
	list, err := withEmails(ctx, s.d.DB.Conn())
	if err != nil {
		return err
	}
	var first error
	for _, ss := range list {
		if err := s.sendOne(ctx, ss); err != nil && first == nil {
			first = fmt.Errorf("saved search sweep: %w", err)
		}
	}
	return first
}

func (s *Service) sendOne(ctx context.Context, ss SavedSearch) error {
	now := s.now()
	day := now.In(clock.UK).Format(time.DateOnly)
	if sent, err := sentOn(ctx, s.d.DB.Conn(), ss.ID, day); err != nil || sent {
		return err
	}
	q, err := url.ParseQuery(ss.Query)
	if err != nil {
		return apperr.Wrap(err, "saved query")
	}
	found, err := s.d.Listings.NewSince(ctx, q, ss.CheckedAt, listingsPerEmail)
	if err != nil || len(found) == 0 {
		return err
	}
	email, name, err := s.d.People.Contact(ctx, ss.UserID)
	if err != nil {
		return err
	}
	token := newToken()
	return s.d.DB.Tx(ctx, func(tx db.Conn) error {
		// The row is re-read in the transaction: deleted or unsubscribed
		// meanwhile, nothing goes.
		cur, err := own(ctx, tx, ss.UserID, ss.ID)
		if apperr.IsNotFound(err) {
			return nil
		}
		if err != nil || !cur.Emails {
			return err
		}
		ok, err := recordSend(ctx, tx, ss.ID, day, now, len(found), tokenHash(token))
		if err != nil || !ok {
			return err
		}
		if err := setChecked(ctx, tx, ss.ID, now); err != nil {
			return err
		}
		return s.d.Mail.Send(ctx, tx, s.digest(email, name, cur, found, token))
	})
}
