package repair_test

import (
	"context"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/repair"
)

// calendarEvents counts an account's calendar events whose title starts so.
func calendarEvents(t *testing.T, e *apptest.Env, email, prefix string) int {
	t.Helper()
	u, err := e.App.Auth.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT COUNT(*) FROM calendar_events WHERE owner_id = ? AND title LIKE ?`,
		u.ID, prefix+"%").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// alertMails counts the landlord's alert e-mails of one kind.
func alertMails(t *testing.T, e *apptest.Env, prefix string) int {
	t.Helper()
	e.RunJobs()
	msgs, err := e.App.Mail.Outbox(context.Background(), "lara@example.com", 10000)
	if err != nil {
		t.Fatal(err)
	}
	return countPrefix(subjects(msgs), prefix)
}

// A clock near its deadline, then past it, alerts the landlord by e-mail
// and in their calendar exactly once each, however many instances sweep
// at the same moment (here: sweeps run together, many rounds, as several
// instances' job workers would). A clock met before its deadline never
// alerts.
func TestClockAlertsOnceWithSweepsRacing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		uk(e, "2026-11-27 16:00") // Friday
		signIn(t, h.tom, "tom@example.com")
		signIn(t, h.lord, "lara@example.com")
		rp := report(t, h.tom, leak())
		id := rp["id"].(string)
		due := rp["nextDue"].(map[string]any)
		dueAt, err := time.Parse(time.RFC3339, due["dueAt"].(string))
		if err != nil {
			t.Fatal(err)
		}
		label := due["label"].(string)
		sweep := func(t *testing.T) {
			res := racetest.Together(3, func(int) error { _, err := e.App.Repairs.SweepAlerts(context.Background()); return err })
			for _, err := range res {
				if err != nil {
					t.Fatal(err)
				}
			}
		}

		// Well before: nothing.
		sweep(t)
		if n := alertMails(t, e, "Repair deadline"); n != 0 {
			t.Fatalf("%d alerts days before the deadline", n)
		}
		// Within a day of it: one "soon" e-mail and one calendar event, however many sweeps.
		e.Clock.Set(dueAt.Add(-6 * time.Hour))
		racetest.Rounds(t, 10, func(t *testing.T, round int) { sweep(t) })
		if n := alertMails(t, e, "Repair deadline soon: "+label); n != 1 {
			t.Fatalf("%d near-deadline e-mails, want 1", n)
		}
		if n := calendarEvents(t, e, "lara@example.com", "Due: "+label); n != 1 {
			t.Fatalf("%d near-deadline calendar events, want 1", n)
		}
		// Past it: one "passed" e-mail and event more.
		e.Clock.Set(dueAt.Add(time.Minute))
		racetest.Rounds(t, 10, func(t *testing.T, round int) { sweep(t) })
		if n := alertMails(t, e, "Repair deadline passed: "+label); n != 1 {
			t.Fatalf("%d overdue e-mails, want 1", n)
		}
		if n := calendarEvents(t, e, "lara@example.com", "Overdue: "+label); n != 1 {
			t.Fatalf("%d overdue calendar events, want 1", n)
		}
		if n := alertMails(t, e, "Repair deadline"); n != 2 {
			t.Fatalf("%d alert e-mails in all, want 2", n)
		}
		// The history says so, once each, and still holds.
		events, err := e.App.Repairs.History(context.Background(), sessionOf(t, e, "lara@example.com"), id)
		if err != nil {
			t.Fatal(err)
		}
		alerts := 0
		for _, ev := range events {
			if ev.Kind == repair.EventAlert {
				alerts++
			}
		}
		if alerts != 2 || repair.VerifyChain(events) != nil {
			t.Fatalf("%d alert lines in the history (chain: %v)", alerts, repair.VerifyChain(events))
		}

		// A clock met before it is near never alerts (the first repair's
		// reply is met by its triage; the second's clocks by its triage
		// and the work done).
		change(t, h.lord, id, map[string]any{"status": "triaged"})
		e.Clock.Advance(time.Hour)
		met := report(t, h.tom, leak())
		change(t, h.lord, met["id"].(string), map[string]any{"status": "triaged"})
		r := change(t, h.lord, met["id"].(string), map[string]any{"status": "work_done", "note": "New washer fitted."})
		if r["nextDue"] != nil {
			t.Fatalf("a deadline is still open after the work was done: %v", r["nextDue"])
		}
		sweep(t)
		before := alertMails(t, e, "Repair deadline")
		e.Clock.Advance(60 * 24 * time.Hour)
		sweep(t)
		if n := alertMails(t, e, "Repair deadline"); n != before {
			t.Fatalf("a met clock alerted: %d e-mails, had %d", n, before)
		}
	})
}
