package calendar

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// Alerts are e-mails sent through the job queue. A sweep job runs every
// minute (and soon after any change): it finds the occurrences whose alert
// time has passed and that are not over, claims each in the alert ledger
// (calendar_alerts, keyed by event and occurrence start) and queues the
// e-mail in the same transaction. Whichever worker or server claims first
// sends it; the others find the row and send nothing, so each alert goes
// exactly once, also across restarts. An alert whose time passed while no
// server was running goes out when one comes back, marked late, unless the
// occurrence is already over. An alert due before the event was created or
// last edited is never sent; editing moves the pending alerts (they are
// keyed by the new starts), deleting cancels them (nothing left to find).
const (
	sweepJob    = "calendar.alerts"     // the every-minute sweep; queues its next run itself
	sweepNowJob = "calendar.alerts.now" // a one-off sweep queued by a change
	sweepEvery  = time.Minute
	// lateAfter: an alert sent more than this after its time says it is late.
	lateAfter = 5 * time.Minute
	// legalAlertAt is the London time of day generated dates' alerts go.
	legalAlertAt = "09:00"
)

// Schedule makes sure the sweep is queued (at start-up).
func (s *Service) Schedule(ctx context.Context) error {
	pending, err := s.d.Jobs.Pending(ctx, sweepJob)
	if err != nil || pending {
		return err
	}
	return s.d.Jobs.EnqueueAt(ctx, s.d.DB.Conn(), sweepJob, struct{}{}, s.now(), 3)
}

// sweepSoon queues a one-off sweep in tx (after a change).
func (s *Service) sweepSoon(ctx context.Context, tx db.Conn) error {
	if s.d.Jobs == nil {
		return nil
	}
	return s.d.Jobs.Enqueue(ctx, tx, sweepNowJob, struct{}{}, 3)
}

func (s *Service) sweepJob(ctx context.Context, _ json.RawMessage) error {
	if err := s.Sweep(ctx); err != nil {
		s.d.Log.Error("calendar alerts", "err", err)
	}
	return s.d.Jobs.EnqueueAt(ctx, s.d.DB.Conn(), sweepJob, struct{}{}, s.now().Add(sweepEvery), 3)
}

func (s *Service) sweepNowJob(ctx context.Context, _ json.RawMessage) error { return s.Sweep(ctx) }

// due is one alert to send.
type due struct {
	key, occurrence, owner string
	at                     time.Time
	o                      Occurrence
	late                   bool
}

// Sweep sends every alert that is due now and not yet sent. It reports how
// many it sent through the log only; the ledger is the record.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now()
	var list []due
	from, to := now.Add(-24*time.Hour), now.Add(maxAlertLead+time.Hour)
	events, err := alertingEvents(ctx, s.d.DB.Conn(), now)
	if err != nil {
		return err
	}
	for _, e := range events {
		occs, err := occurrences(e, from, to)
		if err != nil {
			s.d.Log.Error("calendar alerts: bad event", "id", e.ID, "err", err)
			continue
		}
		for _, o := range occs {
			at, ok := alertTime(e.Alert, o.Start.In(london))
			if !ok || at.After(now) || !o.End.After(now) || at.Before(e.AlertsFrom) || at.Before(o.changedAt) {
				continue
			}
			list = append(list, due{key: e.ID, occurrence: localKey(o.Start), owner: e.OwnerID, at: at, o: o, late: now.Sub(at) > lateAfter})
		}
	}
	legal, err := s.legalDates(ctx, "")
	if err != nil {
		return err
	}
	done := map[string]map[string]bool{}
	for _, d := range legal {
		if d.AlertDays <= 0 {
			continue
		}
		day, err := wallClock(d.Date, legalAlertAt)
		if err != nil {
			continue
		}
		at := day.AddDate(0, 0, -d.AlertDays)
		o := d.occurrence(false)
		if at.After(now) || !o.End.After(now) {
			continue
		}
		owner := d.Tenancy.LandlordID
		if done[owner] == nil {
			if done[owner], err = doneKeys(ctx, s.d.DB.Conn(), owner); err != nil {
				return err
			}
		}
		if done[owner][d.Key] {
			continue
		}
		list = append(list, due{key: d.Key, occurrence: d.Date, owner: owner, at: at, o: o, late: now.Sub(at) > lateAfter})
	}
	for _, a := range list {
		if err := s.send(ctx, a, now); err != nil {
			return err
		}
	}
	// Every alert due by now is sent: each event read waits for its next.
	for _, e := range events {
		if err := s.scheduleAlert(ctx, s.d.DB.Conn(), e, now.Add(time.Millisecond)); err != nil {
			return err
		}
	}
	return nil
}

// scheduleAlert records when e's next alert at or after t is due, for the
// sweep to read e only then.
func (s *Service) scheduleAlert(ctx context.Context, c db.Conn, e Event, t time.Time) error {
	at, ok := nextAlert(e, t)
	return setNextAlert(ctx, c, e.ID, e.Sequence, at, ok)
}

// nextAlert is the earliest alert of e at or after t (false: none left).
// It may be early, never late: the sweep then reads the event, finds
// nothing due and asks again. Alert times are not in the order of their
// occurrences ("1 month" before 31 March is 3 March, before 1 April is 1
// March), so the occurrences are read on until none can have an earlier one.
func nextAlert(e Event, t time.Time) (time.Time, bool) {
	if _, ok := alertTime(e.Alert, t); !ok {
		return time.Time{}, false
	}
	s, err := seriesOf(e)
	if err != nil {
		return time.Time{}, false // a bad event is logged by the views
	}
	var best time.Time
	consider := func(at time.Time) {
		if !at.Before(t) && (best.IsZero() || at.Before(best)) {
			best = at
		}
	}
	changed := map[string]bool{}
	for _, x := range e.Exceptions {
		changed[x.Occurrence] = true
		if x.Deleted {
			continue
		}
		orig, err1 := time.ParseInLocation(localFmt, x.Occurrence, london)
		start, err2 := wallClock(x.Date, x.StartTime)
		if err1 == nil && err2 == nil && s.has(orig) {
			at, _ := alertTime(e.Alert, start)
			consider(at)
		}
	}
	// Every occurrence starting before t has its alert before t too.
	const lead = maxAlertLead + time.Hour
	from := t
	for range 500 {
		o, ok := s.next(from)
		if !ok {
			return best, !best.IsZero()
		}
		if !best.IsZero() && o.Add(-lead).After(best) {
			return best, true // no later occurrence can alert earlier
		}
		if !changed[localKey(o)] {
			at, _ := alertTime(e.Alert, o)
			consider(at)
		}
		from = o.Add(time.Second)
	}
	// Not reached with the calendar's alerts (at most 32 daily occurrences
	// come before the first alert due); early is safe.
	if best.IsZero() || from.Add(-lead).Before(best) {
		return from.Add(-lead), true
	}
	return best, true
}

// send claims one alert in the ledger and queues its e-mail, together.
func (s *Service) send(ctx context.Context, a due, now time.Time) error {
	email, name, err := s.d.People.Contact(ctx, a.owner)
	if apperr.IsNotFound(err) {
		return nil // the account is gone
	}
	if err != nil {
		return err
	}
	return s.d.DB.Tx(ctx, func(tx db.Conn) error {
		claimed, err := recordAlert(ctx, tx, a.key, a.occurrence, a.owner, a.late, now)
		if err != nil || !claimed {
			return err
		}
		subject, heading := "Reminder: "+a.o.Title, "Coming up: "+a.o.Title
		var paras []string
		if a.late {
			subject = "Late alert: " + a.o.Title
			paras = append(paras, fmt.Sprintf("This alert was due on %s but could not be sent then; it is late.", a.at.In(london).Format(dayFormat+" at 15:04")))
		}
		if a.o.AllDay {
			d, _ := time.Parse(dateFmt, a.o.Date)
			paras = append(paras, "When: "+d.Format(dayFormat)+".")
		} else {
			start := a.o.Start.In(london)
			paras = append(paras, fmt.Sprintf("When: %s, %s to %s (UK time).", start.Format(dayFormat), a.o.StartTime, a.o.EndTime))
		}
		if a.o.Location.Address != "" {
			paras = append(paras, "Where: "+a.o.Location.Address)
		}
		if a.o.Description != "" {
			paras = append(paras, a.o.Description)
		}
		if a.o.Note != "" {
			paras = append(paras, a.o.Note)
		}
		if a.o.Source != "" {
			paras = append(paras, "Source: "+a.o.Source)
		}
		link := a.o.Link
		if a.o.EventID != "" {
			link = "/calendar/view/" + a.o.EventID
		}
		if link != "" {
			paras = append(paras, "Open it: "+strings.TrimRight(s.d.BaseURL, "/")+link)
		}
		first := strings.Fields(name)
		greet := "there"
		if len(first) > 0 {
			greet = first[0]
		}
		return s.d.Mail.Send(ctx, tx, mail.Email{To: email, Subject: subject, Template: "notice",
			Data: notice{Name: greet, Heading: heading, Paragraphs: paras}})
	})
}
