package documents

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// Reminders: every current certificate (the landlord's own and those in
// inventory reports) has three reminder stages, 30 and 7 days before its
// expiry date and on the day, due at 09:00 UK time. A sweep job sends, for
// each certificate, only the latest stage that has fallen due and was not
// sent (earlier ones are recorded as skipped), writing the ledger row and
// queueing the e-mail in one transaction; the ledger's unique key decides
// when two workers race, so each reminder goes exactly once. Replaced and
// deleted certificates are not current, so never reminded. The calendar
// reads the same stages through Expiries.

const reminderJob = "documents.reminders"

// SweepEvery is how often the reminder sweep runs.
const SweepEvery = 15 * time.Minute

type sweepPayload struct {
	// Repeat marks the self-scheduling sweep (one is kept queued); the
	// sweeps queued when a certificate changes run once.
	Repeat bool `json:"repeat,omitempty"`
}

// queueSweep queues a sweep now, in the caller's transaction.
func (s *Service) queueSweep(ctx context.Context, tx db.Conn) error {
	if s.d.Jobs == nil {
		return nil
	}
	return apperr.Wrap(s.d.Jobs.Enqueue(ctx, tx, reminderJob, sweepPayload{}, 5), "queue reminder sweep")
}

// Schedule makes sure a repeating sweep is queued (at start-up).
func (s *Service) Schedule(ctx context.Context) error {
	pending, err := s.d.Jobs.Pending(ctx, reminderJob)
	if err != nil || pending {
		return err
	}
	return s.d.Jobs.Enqueue(ctx, s.d.DB.Conn(), reminderJob, sweepPayload{Repeat: true}, 3)
}

func (s *Service) reminderJob(ctx context.Context, raw json.RawMessage) error {
	var p sweepPayload
	_ = json.Unmarshal(raw, &p)
	err := s.Sweep(ctx)
	if !p.Repeat {
		return err
	}
	if err != nil {
		s.d.Log.Warn("certificate reminder sweep failed; the next one retries", "err", err)
	}
	return s.d.Jobs.EnqueueAt(ctx, s.d.DB.Conn(), reminderJob, sweepPayload{Repeat: true}, s.d.Clock.Now().Add(SweepEvery), 3)
}

// StageTime is when a reminder stage of an expiry date falls due: 09:00 UK
// time, the given days before.
func StageTime(expiresOn string, before int) (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, expiresOn)
	if err != nil {
		return time.Time{}, false
	}
	return time.Date(d.Year(), d.Month(), d.Day()-before, ReminderHour, 0, 0, 0, clock.UK), true
}

// dueStages are the stages of an expiry date due by now, in order.
func dueStages(expiresOn string, now time.Time) []string {
	var out []string
	for _, st := range Stages {
		if at, ok := StageTime(expiresOn, st.Before); ok && !at.After(now) {
			out = append(out, st.Name)
		}
	}
	return out
}

// Sweep sends the reminders that have fallen due, for every landlord.
func (s *Service) Sweep(ctx context.Context) error {
	set := map[string]bool{}
	list, err := owners(ctx, s.d.DB.Conn())
	if err != nil {
		return err
	}
	for _, o := range list {
		set[o] = true
	}
	if s.d.Reports != nil {
		docs, err := s.d.Reports.ComplianceDocuments(ctx, "", "")
		if err != nil {
			return err
		}
		for _, d := range docs {
			set[d.OwnerID] = true
		}
	}
	ids := make([]string, 0, len(set))
	for o := range set {
		ids = append(ids, o)
	}
	sort.Strings(ids)
	var errs []error
	for _, o := range ids {
		if err := s.remind(ctx, o); err != nil {
			errs = append(errs, fmt.Errorf("reminders of %s: %w", o, err))
		}
	}
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// remind sends one landlord's due reminders.
func (s *Service) remind(ctx context.Context, ownerID string) error {
	props, err := s.d.Properties.OfOwner(ctx, ownerID)
	if err != nil {
		return err
	}
	live := map[string]Property{}
	for _, p := range props {
		live[p.ID] = p
	}
	certs, err := s.load(ctx, ownerID, "")
	if err != nil {
		return err
	}
	ledger, err := ledgerOf(ctx, s.d.DB.Conn(), ownerID)
	if err != nil {
		return err
	}
	done := map[string]bool{}
	for _, r := range ledger {
		done[r.Key+"|"+r.Stage+"|"+r.ExpiresOn] = true
	}
	current, now := currentOf(certs), s.d.Clock.Now()
	var person *Person
	for _, c := range certs {
		p, ok := live[c.PropertyID]
		if !ok || !current[c.Key()] {
			continue
		}
		due := dueStages(c.ExpiresOn, now)
		if len(due) == 0 || done[c.Key()+"|"+due[len(due)-1]+"|"+c.ExpiresOn] {
			continue
		}
		if person == nil {
			pp, err := s.d.Accounts.Person(ctx, ownerID)
			if err != nil {
				return err
			}
			person = &pp
		}
		if err := s.sendReminder(ctx, *person, p, c, due); err != nil {
			return err
		}
	}
	return nil
}

// sendReminder records the latest due stage (earlier ones as skipped) and
// queues its e-mail, all in one transaction; nothing is sent when another
// worker recorded it first.
func (s *Service) sendReminder(ctx context.Context, to Person, p Property, c Certificate, due []string) error {
	now := s.now()
	latest := due[len(due)-1]
	return s.d.DB.Tx(ctx, func(tx db.Conn) error {
		for _, st := range due[:len(due)-1] {
			if _, err := recordReminder(ctx, tx, c.Key(), st, c.ExpiresOn, c.OwnerID, "skipped", now); err != nil {
				return err
			}
		}
		ok, err := recordReminder(ctx, tx, c.Key(), latest, c.ExpiresOn, c.OwnerID, "sent", now)
		if err != nil || !ok {
			return err
		}
		return s.d.Mail.Send(ctx, tx, s.reminderMail(to, p, c))
	})
}

func (s *Service) reminderMail(to Person, p Property, c Certificate) mail.Email {
	t, _ := s.types.Get(c.Type)
	title := t.Name
	if c.Type == Other && c.Name != "" {
		title = c.Name
	}
	e := ExpiryOf(s.today(), c.ExpiresOn)
	when := ""
	switch {
	case e.DaysLeft > 1:
		when = fmt.Sprintf("expires in %d days", e.DaysLeft)
	case e.DaysLeft == 1:
		when = "expires tomorrow"
	case e.DaysLeft == 0:
		when = "expires today"
	case e.DaysLeft == -1:
		when = "expired yesterday"
	default:
		when = fmt.Sprintf("expired %d days ago", -e.DaysLeft)
	}
	date := c.ExpiresOn
	if d, err := time.Parse(time.DateOnly, c.ExpiresOn); err == nil {
		date = d.Format(LongDate)
	}
	link := strings.TrimRight(s.d.BaseURL, "/") + certificatesURL(p.ID)
	paras := []string{
		fmt.Sprintf("The %s of %s %s (%s).", title, p.Address, when, date),
		"Book the check in good time and upload the new certificate when you have it, so the property stays lawful to let and your tenants have their copy.",
		"Your certificates for this property: " + link,
	}
	if c.Source != nil {
		paras = append(paras, "This certificate was recorded in your "+strings.ToLower(c.Source.ReportType)+".")
	}
	return mail.Email{To: to.Email, Subject: fmt.Sprintf("%s for %s %s", title, p.FirstLine, when), Template: "notice",
		Data: map[string]any{"Name": to.Name, "Heading": title + " " + when, "Paragraphs": paras}}
}

// ReminderStage is one reminder of an expiry, for the calendar.
type ReminderStage struct {
	Stage  string    `json:"stage"`
	At     time.Time `json:"at"`
	Status string    `json:"status"` // "sent", "skipped", "done" (marked done in the calendar) or "" (not yet)
}

// ExpiryEntry is a current certificate's expiry, for the calendar.
type ExpiryEntry struct {
	Key        string          `json:"key"`
	Type       string          `json:"type"`
	TypeName   string          `json:"typeName"`
	Title      string          `json:"title"`
	PropertyID string          `json:"propertyId"`
	Address    string          `json:"address"`
	ExpiresOn  string          `json:"expiresOn"`
	Link       string          `json:"link"`
	Reminders  []ReminderStage `json:"reminders"`
}

// Expiries lists a landlord's current certificates expiring from from to
// to (inclusive dates, UK), with their reminder stages: what the calendar
// shows. The caller has checked who asks.
func (s *Service) Expiries(ctx context.Context, ownerID string, from, to time.Time) ([]ExpiryEntry, error) {
	props, err := s.d.Properties.OfOwner(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	live := map[string]Property{}
	for _, p := range props {
		live[p.ID] = p
	}
	certs, err := s.load(ctx, ownerID, "")
	if err != nil {
		return nil, err
	}
	ledger, err := ledgerOf(ctx, s.d.DB.Conn(), ownerID)
	if err != nil {
		return nil, err
	}
	status := map[string]string{}
	for _, r := range ledger {
		status[r.Key+"|"+r.Stage+"|"+r.ExpiresOn] = r.Status
	}
	lo, hi := from.In(clock.UK).Format(time.DateOnly), to.In(clock.UK).Format(time.DateOnly)
	current := currentOf(certs)
	out := []ExpiryEntry{}
	for _, c := range certs {
		p, ok := live[c.PropertyID]
		if !ok || !current[c.Key()] || c.ExpiresOn < lo || c.ExpiresOn > hi {
			continue
		}
		v := s.view(c, true, s.today())
		e := ExpiryEntry{Key: c.Key(), Type: c.Type, TypeName: v.TypeName, Title: v.Title, PropertyID: p.ID, Address: p.Address,
			ExpiresOn: c.ExpiresOn, Link: v.OpenURL}
		for _, st := range Stages {
			at, _ := StageTime(c.ExpiresOn, st.Before)
			e.Reminders = append(e.Reminders, ReminderStage{Stage: st.Name, At: at.UTC(), Status: status[c.Key()+"|"+st.Name+"|"+c.ExpiresOn]})
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ExpiresOn < out[j].ExpiresOn })
	return out, nil
}

// Acknowledge records that the landlord has dealt with a current
// certificate's expiry (the calendar's "Mark done"): its reminders not yet
// sent are recorded as done, so the sweep never sends them; done=false
// takes those marks back. key is a Key from Expiries; a key that is not
// one of the owner's current certificates answers not found.
func (s *Service) Acknowledge(ctx context.Context, ownerID, key string, done bool) error {
	certs, err := s.load(ctx, ownerID, "")
	if err != nil {
		return err
	}
	current := currentOf(certs)
	for _, c := range certs {
		if c.Key() != key || !current[key] {
			continue
		}
		return s.d.DB.Tx(ctx, func(tx db.Conn) error {
			if !done {
				return unmarkDone(ctx, tx, ownerID, key, c.ExpiresOn)
			}
			for _, st := range Stages {
				if _, err := recordReminder(ctx, tx, key, st.Name, c.ExpiresOn, ownerID, "done", s.now()); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
}
