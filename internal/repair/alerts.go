package repair

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// Alerts of clocks near or past their deadline (issue 44): the landlord
// gets an e-mail and an event in their calendar, once per clock, round and
// stage, however many instances sweep at once. A sweep (a repeating job of
// platform/jobs) reads the open clocks due within their warning; each alert
// is decided in one transaction that locks the repair's row, checks the
// clock is still open, and claims the alert's row in repair_alerts (its
// primary key refuses a second); the e-mail (a durable job), the calendar
// event and the history's line are written in that same transaction, or
// not at all.

// Alert stages.
const (
	StageNear    = "near"
	StageOverdue = "overdue"
)

// AlertEvery is how often the sweep runs.
const AlertEvery = 15 * time.Minute

const alertJob = "repair.alerts"

// NearWithin is how long before its deadline a clock is near: a day, or a
// quarter of a clock counted in hours (6 hours before a 24-hour one).
func NearWithin(d Deadline) time.Duration {
	if d.Unit == Hours {
		return time.Duration(d.Amount) * time.Hour / 4
	}
	return 24 * time.Hour
}

type alertPayload struct {
	Repeat bool `json:"repeat"`
}

// ScheduleAlerts keeps one repeating alert sweep in the job queue (at start-up).
func (s *Service) ScheduleAlerts(ctx context.Context) error {
	if s.ev.Jobs == nil {
		return nil
	}
	pending, err := s.ev.Jobs.Pending(ctx, alertJob)
	if err != nil || pending {
		return err
	}
	return s.ev.Jobs.Enqueue(ctx, s.d.DB.Conn(), alertJob, alertPayload{Repeat: true}, 3)
}

func (s *Service) alertJob(ctx context.Context, raw json.RawMessage) error {
	var p alertPayload
	_ = json.Unmarshal(raw, &p)
	_, err := s.SweepAlerts(ctx)
	if !p.Repeat {
		return err
	}
	if err != nil {
		s.d.Log.Warn("repair alerts: sweep failed; the next one retries", "err", err)
	}
	return s.ev.Jobs.EnqueueAt(ctx, s.d.DB.Conn(), alertJob, alertPayload{Repeat: true}, s.now().Add(AlertEvery), 3)
}

// SweepAlerts sends the alerts due now and answers how many it sent.
func (s *Service) SweepAlerts(ctx context.Context) (int, error) {
	now := s.now()
	// The widest warning is a day: every clock due within it is read, and
	// each one's own warning decides.
	list, err := dueDeadlines(ctx, s.d.DB.Conn(), now.Add(24*time.Hour))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range list {
		stage := StageOverdue
		if now.Before(d.DueAt) {
			if d.DueAt.Sub(now) > NearWithin(d) {
				continue
			}
			stage = StageNear
		}
		ok, err := s.alert(ctx, d, stage)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// alert sends one alert unless it was sent, or the clock stopped, first.
func (s *Service) alert(ctx context.Context, d Deadline, stage string) (bool, error) {
	r, err := repairByID(ctx, s.d.DB.Conn(), d.RepairID)
	if err != nil {
		return false, err
	}
	email, name, err := s.d.People.Contact(ctx, r.LandlordID)
	if err != nil {
		return false, err
	}
	sent := false
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		r, err := s.lockedFor(ctx, tx, d.RepairID)
		if err != nil {
			return err
		}
		all, err := deadlinesOf(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		var cur *Deadline
		for i := range all {
			if all[i].Cycle == d.Cycle && all[i].RuleID == d.RuleID {
				cur = &all[i]
			}
		}
		if cur == nil || cur.MetAt != nil || cur.StoppedAt != nil || cur.Cycle != r.Cycle {
			return nil // met, stopped or replaced since the sweep read it
		}
		now := s.now()
		claimed, err := claimAlert(ctx, tx, *cur, stage, now)
		if err != nil || !claimed {
			return err
		}
		what := s.categoryName(r.Category) + " (" + r.Room + ")"
		kind := "a target"
		if cur.Kind == Legal {
			kind = "a legal deadline"
		}
		var subject, heading, line, title string
		if stage == StageOverdue {
			subject = "Repair deadline passed: " + cur.Label() + ", " + r.Address
			heading = "A repair deadline has passed"
			line = fmt.Sprintf("The deadline \"%s\" for the repair at %s (%s) has passed: it was %s.", cur.Label(), r.Address, what, kind)
			title = "Overdue: " + cur.Label() + " (" + what + ")"
		} else {
			subject = "Repair deadline soon: " + cur.Label() + ", " + r.Address
			heading = "A repair deadline is near"
			line = fmt.Sprintf("The deadline \"%s\" for the repair at %s (%s) is near: it is %s.", cur.Label(), r.Address, what, kind)
			title = "Due: " + cur.Label() + " (" + what + ")"
		}
		p := []string{line}
		if cur.Kind == Legal && cur.NoticeAt == nil {
			p = append(p, "If it cannot be met, tell the tenant before it passes why, by when you expect to do it, and what you are doing meanwhile: use \"Tell the tenant a deadline cannot be met\" on the repair.")
		}
		p = append(p, "Open the repair: "+s.link(r))
		if err := s.d.Mail.Send(ctx, tx, mail.Email{To: email, Subject: subject, Template: "notice",
			Data: map[string]any{"Name": name, "Heading": heading, "Paragraphs": p}}); err != nil {
			return err
		}
		if s.ev.Calendar != nil {
			due := cur.DueAt.In(clock.UK)
			start := "09:00"
			if cur.Unit == Hours {
				start = due.Add(-30 * time.Minute).Format("15:04")
				if due.Add(-30*time.Minute).Format(time.DateOnly) != due.Format(time.DateOnly) {
					start = "00:00"
				}
			}
			st, _ := time.Parse("15:04", start)
			ev := CalendarEvent{Date: due.Format(time.DateOnly), StartTime: start, EndTime: st.Add(30 * time.Minute).Format("15:04"),
				Title: title, Description: line + " " + s.link(r), PropertyID: r.PropertyID, Address: r.Address}
			if err := s.ev.Calendar.AddFor(ctx, tx, r.LandlordID, ev); err != nil {
				return apperr.Wrap(err, "repair alert calendar event")
			}
		}
		if err := s.append(ctx, tx, &r, Event{ActorRole: RoleSystem, Kind: EventAlert, Body: line,
			Data: map[string]any{"ruleId": cur.RuleID, "stage": stage, "deadline": cur.Label()}}); err != nil {
			return err
		}
		sent = true
		return updateRepair(ctx, tx, r)
	})
	return sent, err
}

// claimAlert inserts the alert's row; false when it was there already.
func claimAlert(ctx context.Context, tx db.Conn, d Deadline, stage string, at time.Time) (bool, error) {
	res, err := tx.Exec(ctx, `INSERT INTO repair_alerts (repair_id, cycle, rule_id, stage, sent_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (repair_id, cycle, rule_id, stage) DO NOTHING`, d.RepairID, d.Cycle, d.RuleID, stage, at.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "claim repair alert")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "claim repair alert")
}

// dueDeadlines are the open clocks to act by due at or before until.
func dueDeadlines(ctx context.Context, c db.Conn, until time.Time) ([]Deadline, error) {
	list, err := db.All(ctx, c, scanDeadline, `SELECT `+deadlineCols+` FROM repair_deadlines
		WHERE effect = ? AND met_at IS NULL AND stopped_at IS NULL AND due_at <= ? ORDER BY due_at, repair_id, rule_id`, By, until.UnixMilli())
	return list, apperr.Wrap(err, "list due repair deadlines")
}
