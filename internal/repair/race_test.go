package repair_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/repair"
)

// updates counts the "Repair update" e-mails to an address.
func updates(t *testing.T, e *apptest.Env, addr string) int {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 10000)
	if err != nil {
		t.Fatal(err)
	}
	return countPrefix(subjects(msgs), "Repair update: ")
}

// consistent checks a repair's history after changes at once: the chain
// holds, each status change starts where the one before ended, the repair
// is where the last one ended, and there is one change per request made.
func consistent(t *testing.T, e *apptest.Env, id string, made int) repair.Status {
	t.Helper()
	events, err := e.App.Repairs.History(context.Background(), sessionOf(t, e, "lara@example.com"), id)
	if err != nil {
		t.Fatal(err)
	}
	if err := repair.VerifyChain(events); err != nil {
		t.Fatalf("history: %v", err)
	}
	at, changes := repair.Reported, 0
	for _, ev := range events {
		if ev.Kind != repair.EventStatus {
			continue
		}
		if ev.From != at {
			t.Fatalf("event %d changes %s to %s, but the repair was %s: two changes decided from the same state", ev.Seq, ev.From, ev.To, at)
		}
		at, changes = ev.To, changes+1
	}
	if changes != made {
		t.Fatalf("%d changes recorded, %d requests succeeded", changes, made)
	}
	return at
}

// The tenant withdraws a report at the moment the landlord triages it.
// Exactly one wins: the other is told, in plain words, that the repair is
// no longer where it was (409), and nothing of it is recorded or e-mailed.
// Both are decided with the repair's row locked. Without the lock (tried
// by removing FOR UPDATE) both read "reported" on PostgreSQL and the
// second's history line collided with the first's (a 500 in round 2).
func TestWithdrawWhileTheLandlordTriages(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		racetest.Rounds(t, 25, func(t *testing.T, round int) {
			id := report(t, h.tom, leak())["id"].(string)
			lordBefore, tessBefore := updates(t, e, "lara@example.com"), updates(t, e, "tess@example.com")
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return h.tom.Post("/api/repairs/"+id+"/status", map[string]any{"status": "closed"})
				}
				return h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "triaged"})
			})
			won := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusOK })
			lost := racetest.Count(res, func(r apptest.Response) bool {
				return r.Status == http.StatusConflict && r.ErrorCode() == "bad_transition"
			})
			if won != 1 || lost != 1 {
				t.Fatalf("withdraw %d %s / triage %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			final := consistent(t, e, id, 1)
			want, lordMails, tessMails := repair.Closed, 1, 0
			if res[1].Status == http.StatusOK {
				want, lordMails, tessMails = repair.Triaged, 0, 1
			}
			if final != want {
				t.Fatalf("the repair is %s, the winner made it %s", final, want)
			}
			if d := updates(t, e, "lara@example.com") - lordBefore; d != lordMails {
				t.Errorf("the landlord got %d updates, want %d", d, lordMails)
			}
			if d := updates(t, e, "tess@example.com") - tessBefore; d != tessMails {
				t.Errorf("Tess got %d updates, want %d", d, tessMails)
			}
		})
	})
}

// The tenant confirms the work is done at the moment the landlord closes
// the repair. Either order is allowed (confirmed, then closed; or closed,
// and the confirmation refused), but each is decided on the state the
// other left: the history never shows both starting from "work done", and
// the repair ends where its last recorded change put it. Without the row
// lock this failed in round 2 on PostgreSQL (a 500, as above).
func TestConfirmWhileTheLandlordCloses(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		racetest.Rounds(t, 25, func(t *testing.T, round int) {
			id := report(t, h.tom, leak())["id"].(string)
			change(t, h.lord, id, map[string]any{"status": "triaged"})
			change(t, h.lord, id, map[string]any{"status": "work_done", "note": "New washer fitted."})
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return h.tom.Post("/api/repairs/"+id+"/status", map[string]any{"status": "verified"})
				}
				return h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "closed", "note": "Fixed, the tenant said so on the phone."})
			})
			if res[1].Status != http.StatusOK {
				t.Fatalf("the landlord's close: %d %s", res[1].Status, res[1].Raw)
			}
			made := 3
			if res[0].Status == http.StatusOK {
				made++
			} else if res[0].Status != http.StatusConflict || res[0].ErrorMessage() != "This repair is Closed: it cannot be marked fixed (confirmed)." {
				t.Fatalf("the tenant's confirmation: %d %s", res[0].Status, res[0].Raw)
			}
			if final := consistent(t, e, id, made); final != repair.Closed {
				t.Fatalf("the repair ends %s", final)
			}
		})
	})
}

// The same report sent twice at once (a phone retrying on a poor
// connection) is one repair: both requests answer it, one made it.
func TestTheSameReportTwiceAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		racetest.Rounds(t, 10, func(t *testing.T, round int) {
			body := with(leak(), "clientKey", fmt.Sprintf("retry-%d", round))
			res := racetest.Together(2, func(int) apptest.Response { return h.tom.Post("/api/repairs", body) })
			if res[0].Status+res[1].Status != http.StatusCreated+http.StatusOK {
				t.Fatalf("%d %s / %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			if res[0].Body["repair"].(map[string]any)["id"] != res[1].Body["repair"].(map[string]any)["id"] {
				t.Fatal("two repairs for one report")
			}
		})
		if n := len(h.tom.Get("/api/repairs").Body["repairs"].([]any)); n != 10 {
			t.Errorf("%d repairs for 10 reports", n)
		}
	})
}
