package repair_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/repair"
)

// REPAIRS.md 3.6 tests 1, 2 and 4 through the API. An Edinburgh tenant
// tells the landlord of mould by e-mail on Friday 27 November 2026 at
// 16:00; the landlord logs it on Monday 30 November (St Andrew's Day, a
// Scottish bank holiday): the clock counts from Friday, and the
// investigation is due by the end of Monday 14 December (10 Scottish
// working days, 30 November not counted). The investigation completed on
// Wednesday 23 December finds safety work needed: the written summary is
// due Wednesday 30 December (25 and 28 December are holidays), the safety
// work must start by Tuesday 5 January 2027 (1 and 4 January are holidays
// in Scotland); the investigation itself was late. The landlord tells the tenant the work cannot start in
// time, then starts it.
func TestScottishDampClock(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		lord := e.SignedIn("lara@example.com", password, "Landlord")
		pid := property(t, lord, "4 Royal Mile", "Edinburgh", "EH1 1YZ")
		uk(e, "2026-11-30 10:30")
		signIn(t, lord, "lara@example.com")
		logged := report(t, lord, with(damp(), "propertyId", pid, "awareAt", "2026-11-27T16:00", "channel", "email",
			"channelNote", "From: the tenant. There is black mould behind the wardrobe in the bedroom."))
		if logged["jurisdiction"] != "Scotland" || logged["reporterRole"] != "landlord" || logged["channelText"] != "an e-mail" ||
			!strings.HasPrefix(logged["awareAt"].(string), "2026-11-27T16:00:00") || !strings.HasPrefix(logged["loggedAt"].(string), "2026-11-30T10:30:00") {
			t.Fatalf("logged: %v", logged)
		}
		id := logged["id"].(string)
		inv := deadlines(logged)["SCO-DM-INV"]
		if inv["dueDay"] != "2026-12-14" || inv["label"] != "Investigate by Mon 14 Dec 2026" || inv["kind"] != "legal" ||
			inv["kindText"] != "Legal deadline" || inv["counting"] != "10 working days" || inv["state"] != "open" ||
			!strings.Contains(inv["note"].(string), "St Andrew's Day (Mon 30 Nov 2026)") || !strings.Contains(inv["source"].(string), "SSI 2026/173") {
			t.Fatalf("SCO-DM-INV: %v", inv)
		}
		ev := logged["history"].([]any)[0].(map[string]any)
		if ev["kind"] != "logged" || ev["name"] != "Test Person" || !strings.HasPrefix(ev["at"].(string), "2026-11-30T10:30:00") ||
			!strings.Contains(ev["text"].(string), "told at 16:00 on Fri 27 Nov 2026") || ev["body"] != "From: the tenant. There is black mould behind the wardrobe in the bedroom." {
			t.Errorf("the log's event: %v", ev)
		}
		change(t, lord, id, map[string]any{"status": "triaged", "priority": "urgent", "note": "Mould over a large area.", "from": "reported"})
		change(t, lord, id, map[string]any{"status": "investigation_booked", "note": "Damp surveyor on 23 December."})
		uk(e, "2026-12-23 17:00")
		signIn(t, lord, "lara@example.com")
		if r := lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "investigated", "note": "Condensation.", "completedAt": "2026-12-24T09:00"}); r.Status != http.StatusBadRequest || r.FieldError("completedAt") != repair.MsgCompletedAt {
			t.Errorf("an investigation completed in the future: %d %s", r.Status, r.Raw)
		}
		rp := change(t, lord, id, map[string]any{"status": "investigated", "safetyWorkRequired": true, "completedAt": "2026-12-23T15:00",
			"note": "Condensation from a blocked extractor; mould on two walls needs treating."})
		ds := deadlines(rp)
		// Completed on 23 December, after the 14th: met late, when it was
		// completed (15:00), not when it was recorded.
		if inv := ds["SCO-DM-INV"]; inv["state"] != "met_late" || !strings.HasPrefix(inv["metAt"].(string), "2026-12-23T15:00:00") {
			t.Errorf("the investigation's deadline: %v", inv)
		}
		if ds["SCO-DM-SUM"]["dueDay"] != "2026-12-30" || ds["SCO-DM-WORK"]["dueDay"] != "2027-01-05" || ds["SCO-DM-WORK"]["label"] != "Start the safety work by Tue 5 Jan 2027" {
			t.Errorf("after the investigation: %v / %v", ds["SCO-DM-SUM"], ds["SCO-DM-WORK"])
		}
		rp = change(t, lord, id, map[string]any{"status": "summary_sent", "note": "We found condensation caused by a blocked extractor fan..."})
		if deadlines(rp)["SCO-DM-SUM"]["state"] != "met" {
			t.Errorf("summary: %v", deadlines(rp)["SCO-DM-SUM"])
		}
		// The notice that the safety work cannot start in time.
		bad := lord.Post("/api/repairs/"+id+"/notices", map[string]any{"ruleId": "SCO-DM-INV", "reason": "x", "expectedBy": "2027-01-08", "mitigation": "y"})
		if bad.Status != http.StatusBadRequest || bad.FieldError("ruleId") != repair.MsgDeadline {
			t.Errorf("a notice on a met deadline: %d %s", bad.Status, bad.Raw)
		}
		n := lord.Post("/api/repairs/"+id+"/notices", map[string]any{"ruleId": "SCO-DM-WORK", "reason": "The specialist cannot come before 7 January.",
			"expectedBy": "2027-01-08", "mitigation": "A dehumidifier was delivered today and the room is ventilated daily."})
		if n.Status != http.StatusCreated {
			t.Fatalf("notice: %d %s", n.Status, n.Raw)
		}
		work := deadlines(n.Body["repair"].(map[string]any))["SCO-DM-WORK"]
		if work["noticeSentAt"] == nil || work["state"] != "open" {
			t.Errorf("the notice on the deadline: %v", work)
		}
		uk(e, "2027-01-07 09:00")
		signIn(t, lord, "lara@example.com")
		rp = change(t, lord, id, map[string]any{"status": "in_progress"})
		if w := deadlines(rp)["SCO-DM-WORK"]; w["state"] != "met_late" || rp["nextDue"].(map[string]any)["ruleId"] != "ALL-URGENT" {
			t.Errorf("the work started after its deadline: %v", w)
		}
		if rp["historyValid"] != true || len(rp["history"].([]any)) != 7 {
			t.Errorf("history: %v", len(rp["history"].([]any)))
		}
	})
}

// REPAIRS.md 3.6 test 4: a landlord logs on Wednesday an e-mail received
// on Monday at 09:12: the clocks count from Monday; a moment in the future
// is refused; a landlord cannot log for another's property.
func TestLoggedReportCountsFromWhenTheLandlordWasTold(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		lord := e.SignedIn("lara@example.com", password, "Landlord")
		pid := property(t, lord, "12 Park Row", "Leeds", "LS1 5HD")
		other := e.SignedIn("lenny@example.com", password, "Landlord")
		uk(e, "2026-11-04 11:00") // Wednesday
		for _, c := range []*apptest.Client{lord, other} {
			signIn(t, c, map[*apptest.Client]string{lord: "lara@example.com", other: "lenny@example.com"}[c])
		}
		body := with(leak(), "propertyId", pid, "awareAt", "2026-11-02T09:12", "channel", "email")
		rp := report(t, lord, body)
		if !strings.HasPrefix(rp["awareAt"].(string), "2026-11-02T09:12:00") {
			t.Errorf("aware at: %v", rp["awareAt"])
		}
		// 5 working days from Monday 2 November: Monday 9 November.
		if d := deadlines(rp)["ALL-URGENT"]; d["dueDay"] != "2026-11-09" || !strings.HasPrefix(d["triggerAt"].(string), "2026-11-02T09:12:00") {
			t.Errorf("counted from: %v", d)
		}
		for name, tc := range map[string]struct {
			c     *apptest.Client
			body  map[string]any
			field string
			msg   string
		}{
			"in the future":       {lord, with(body, "awareAt", "2026-11-04T11:30"), "awareAt", repair.MsgAwareFuture},
			"no moment":           {lord, with(body, "awareAt", ""), "awareAt", repair.MsgAwareAt},
			"not a moment":        {lord, with(body, "awareAt", "last Monday"), "awareAt", repair.MsgAwareAt},
			"year 0":              {lord, with(body, "awareAt", "0000-01-01T09:00"), "awareAt", repair.MsgAwareAt},
			"no channel":          {lord, with(body, "channel", "pigeon"), "channel", repair.MsgChannel},
			"another's property":  {other, body, "propertyId", repair.MsgChooseProperty},
			"vulnerability by LL": {lord, with(body, "vulnerability", map[string]any{"groups": []any{"over_65"}, "consent": true}), "vulnerability", ""},
		} {
			r := tc.c.Post("/api/repairs", tc.body)
			if r.Status != http.StatusBadRequest || r.FieldError(tc.field) == "" || (tc.msg != "" && r.FieldError(tc.field) != tc.msg) {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		// What the landlord says is recorded with who said it and when.
		ev := rp["history"].([]any)[0].(map[string]any)
		if ev["role"] != "landlord" || !strings.HasPrefix(ev["at"].(string), "2026-11-04T11:00:00") {
			t.Errorf("event: %v", ev)
		}
	})
}

// Bad input gets a clear message, and nothing is recorded.
func TestBadReportsAreRefusedClearly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		for name, tc := range map[string]struct {
			body       map[string]any
			status     int
			field, msg string
		}{
			"description over its limit": {with(leak(), "description", strings.Repeat("é", repair.MaxDescription+1)), 400, "description", repair.MsgDescriptionLong},
			"no description":             {with(leak(), "description", "  "), 400, "description", repair.MsgDescription},
			"unknown category":           {with(leak(), "category", "plumbing"), 400, "category", repair.MsgCategory},
			"unknown answer":             {with(leak(), "answers", map[string]any{"what": "flood", "leaking": "yes"}), 400, "answers.what", repair.MsgUnknown},
			"unanswered question":        {with(leak(), "answers", map[string]any{"what": "basin-taps"}), 400, "answers.leaking", repair.MsgAnswer},
			"no room":                    {with(leak(), "room", ""), 400, "room", repair.MsgRoom},
			"availability too long":      {with(leak(), "availability", strings.Repeat("a", 501)), 400, "availability", repair.MsgAvailability},
			"vulnerable without consent": {with(leak(), "vulnerability", map[string]any{"groups": []any{"pregnancy"}}), 400, "vulnerability.consent", repair.MsgConsent},
			"unknown vulnerability":      {with(leak(), "vulnerability", map[string]any{"groups": []any{"tall"}, "consent": true}), 400, "vulnerability.groups", repair.MsgGroups},
			"not their home":             {with(leak(), "propertyId", "someone-else"), 400, "propertyId", repair.MsgChooseHome},
			"a tenant setting the clock": {with(leak(), "awareAt", "2026-10-01T09:00"), 403, "", repair.MsgLandlordsLog},
		} {
			r := h.tom.Post("/api/repairs", tc.body)
			if r.Status != tc.status || (tc.field != "" && r.FieldError(tc.field) != tc.msg) || (tc.field == "" && r.ErrorMessage() != tc.msg) {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
			if tc.field != "" && len(r.Body["error"].(map[string]any)["fields"].(map[string]any)) == 1 && r.ErrorMessage() != tc.msg {
				t.Errorf("%s: the message is not the field's: %q", name, r.ErrorMessage())
			}
		}
		if list := h.tom.Get("/api/repairs").Body["repairs"].([]any); len(list) != 0 {
			t.Errorf("a refused report was kept: %v", list)
		}
		id := report(t, h.tom, leak())["id"].(string)
		if r := h.tom.Post("/api/repairs/"+id+"/messages", map[string]any{"body": strings.Repeat("x", repair.MaxMessage+1)}); r.Status != 400 || r.FieldError("body") != repair.MsgMessage {
			t.Errorf("a long message: %d %s", r.Status, r.Raw)
		}
		if r := h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "triaged", "priority": "soon"}); r.Status != 400 || r.FieldError("priority") != repair.MsgPriority {
			t.Errorf("unknown priority: %d %s", r.Status, r.Raw)
		}
		if r := h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "triaged", "priority": "routine"}); r.Status != 400 || r.FieldError("note") != repair.MsgPriorityNote {
			t.Errorf("a priority changed without a reason: %d %s", r.Status, r.Raw)
		}
		if r := h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "fixed"}); r.Status != 400 || r.FieldError("status") != repair.MsgStatus {
			t.Errorf("unknown status: %d %s", r.Status, r.Raw)
		}
		if r := h.lord.Post("/api/repairs/"+id+"/notices", map[string]any{"ruleId": "ALL-URGENT", "reason": "", "expectedBy": "2026-11-01", "mitigation": ""}); r.Status != 400 ||
			r.FieldError("expectedBy") != repair.MsgExpectedBy || r.FieldError("reason") != repair.MsgReason || r.FieldError("mitigation") != repair.MsgMitigation {
			t.Errorf("a bad notice: %d %s", r.Status, r.Raw)
		}
		rp := h.tom.Get("/api/repairs/" + id).Body["repair"].(map[string]any)
		if rp["status"] != "reported" || len(rp["history"].([]any)) != 1 {
			t.Errorf("refused changes left a trace: %v", rp["history"])
		}
	})
}

// The state machine through the API: refused changes say why; on hold and
// resume; an emergency cannot be declined before its investigation; a
// decline can be disputed; a tenant confirms the work, reopens within 90
// days (a repeat, with a new round of deadlines) but not after.
func TestStateMachine(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		id := report(t, h.tom, leak())["id"].(string)
		r := h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "work_done", "note": "Replaced the washer."})
		if r.Status != http.StatusConflict || r.ErrorMessage() != "This repair is Reported: it cannot be marked work done." {
			t.Errorf("work done before triage: %d %s", r.Status, r.Raw)
		}
		rp := change(t, h.lord, id, map[string]any{"status": "triaged"})
		if d := deadlines(rp)["ENG-REPLY"]; d["state"] != "met" {
			t.Errorf("triage is the reply: %v", d)
		}
		if r := h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "on_hold", "note": "Part ordered."}); r.Status != 400 || r.FieldError("reason") != repair.MsgHoldReason {
			t.Errorf("hold without a reason: %d %s", r.Status, r.Raw)
		}
		rp = change(t, h.lord, id, map[string]any{"status": "on_hold", "reason": "awaiting_parts", "note": "Part ordered."})
		resume := ""
		for _, a := range rp["actions"].([]any) {
			if a.(map[string]any)["status"] == "resume" {
				resume = a.(map[string]any)["label"].(string)
			}
		}
		if rp["heldFrom"] != "triaged" || resume != "Resume (Triaged)" {
			t.Errorf("on hold: %v %v", rp["heldFrom"], rp["actions"])
		}
		if r := h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "triaged", "from": "triaged"}); r.Status != http.StatusConflict ||
			r.ErrorCode() != "changed" || r.ErrorMessage() != "This repair changed since you opened it: it is now On hold. Please look at it again." {
			t.Errorf("a stale page: %d %s", r.Status, r.Raw)
		}
		rp = change(t, h.lord, id, map[string]any{"status": "resume"})
		if rp["status"] != "triaged" || rp["heldFrom"] != "" {
			t.Errorf("resumed: %v", rp["status"])
		}
		rp = change(t, h.lord, id, map[string]any{"status": "work_done", "note": "Replaced the washer."})
		if d := deadlines(rp)["ALL-URGENT"]; d["state"] != "met" || rp["nextDue"] != nil {
			t.Errorf("done: %v %v", d, rp["nextDue"])
		}
		rp = change(t, h.tess, id, map[string]any{"status": "verified"})
		if rp["open"] != false {
			t.Errorf("verified is not open: %v", rp["open"])
		}
		rp = change(t, h.lord, id, map[string]any{"status": "closed"}) // no note needed once the tenant confirmed
		// Reopened within 90 days: a repeat, a second round of deadlines.
		e.Clock.Advance(20 * 24 * time.Hour)
		signIn(t, h.tom, "tom@example.com")
		rp = change(t, h.tom, id, map[string]any{"status": "reopened", "note": "It drips again."})
		if rp["repeats"] != float64(1) || rp["status"] != "reopened" {
			t.Errorf("reopened: %v %v", rp["repeats"], rp["status"])
		}
		rounds := map[float64]int{}
		for _, d := range rp["deadlines"].([]any) {
			rounds[d.(map[string]any)["round"].(float64)]++
		}
		if rounds[1] == 0 || rounds[2] == 0 || rp["nextDue"].(map[string]any)["round"] != float64(2) {
			t.Errorf("rounds: %v", rounds)
		}
		signIn(t, h.lord, "lara@example.com")
		change(t, h.lord, id, map[string]any{"status": "triaged"})
		change(t, h.lord, id, map[string]any{"status": "closed", "note": "The tenant says it stopped."})
		e.Clock.Advance(91 * 24 * time.Hour)
		signIn(t, h.tom, "tom@example.com")
		if r := h.tom.Post("/api/repairs/"+id+"/status", map[string]any{"status": "reopened", "note": "Again."}); r.Status != 409 || r.ErrorMessage() != repair.MsgReopenLate {
			t.Errorf("reopened after 90 days: %d %s", r.Status, r.Raw)
		}
		// An emergency is investigated before it may be declined; the
		// tenant may dispute a decline, and the landlord triage again.
		signIn(t, h.lord, "lara@example.com")
		gas := report(t, h.tom, map[string]any{"category": "gas", "answers": map[string]any{"what": "smell"}, "room": "Kitchen", "description": "Gas smell."})
		gid := gas["id"].(string)
		r = h.lord.Post("/api/repairs/"+gid+"/status", map[string]any{"status": "declined", "reason": "no_fault_found", "note": "Nothing found."})
		if r.Status != 409 || r.ErrorMessage() != repair.MsgDeclineEmergency {
			t.Errorf("an emergency declined: %d %s", r.Status, r.Raw)
		}
		change(t, h.lord, gid, map[string]any{"status": "triaged"})
		change(t, h.lord, gid, map[string]any{"status": "investigated", "note": "Gas engineer found no leak; the smell was from the drains."})
		rp = change(t, h.lord, gid, map[string]any{"status": "declined", "reason": "no_fault_found", "note": "No gas leak found."})
		if rp["open"] != false {
			t.Errorf("declined is closed: %v", rp)
		}
		for _, d := range rp["deadlines"].([]any) {
			if s := d.(map[string]any)["state"]; s == "open" {
				t.Errorf("a declined repair's deadline is open: %v", d)
			}
		}
		change(t, h.tom, gid, map[string]any{"status": "disputed", "note": "It still smells of gas."})
		if r := h.tom.Post("/api/repairs/"+gid+"/status", map[string]any{"status": "closed"}); r.Status != 409 {
			t.Errorf("a tenant withdrawing a disputed repair: %d %s", r.Status, r.Raw)
		}
		rp = change(t, h.lord, gid, map[string]any{"status": "triaged"})
		if rp["status"] != "triaged" {
			t.Errorf("after the dispute: %v", rp["status"])
		}
		// A tenant withdraws a report the landlord has not acted on.
		signIn(t, h.tess, "tess@example.com")
		wid := report(t, h.tess, leak())["id"].(string)
		if rp := change(t, h.tess, wid, map[string]any{"status": "closed"}); rp["open"] != false {
			t.Errorf("withdrawn: %v", rp["status"])
		}
		// The landlord was e-mailed each tenant change, the tenants each landlord change.
		if n := countPrefix(mails(t, e, "tess@example.com"), "Repair update: "); n < 5 {
			t.Errorf("Tess got %d updates", n)
		}
		if n := countPrefix(mails(t, e, "lara@example.com"), "Repair update: "); n < 4 {
			t.Errorf("Lara got %d updates", n)
		}
	})
}

// The history cannot be changed: the database refuses to update or delete
// an event, and a changed event breaks the chain.
func TestHistoryIsAppendOnly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		id := report(t, h.tom, leak())["id"].(string)
		h.tom.Post("/api/repairs/"+id+"/messages", map[string]any{"body": "Any news?"})
		change(t, h.lord, id, map[string]any{"status": "triaged"})
		ctx := context.Background()
		conn := e.App.DB.Conn()
		if _, err := conn.Exec(ctx, `UPDATE repair_events SET body = 'nothing' WHERE repair_id = ?`, id); err == nil {
			t.Error("an event was updated")
		}
		if _, err := conn.Exec(ctx, `DELETE FROM repair_events WHERE repair_id = ?`, id); err == nil {
			t.Error("an event was deleted")
		}
		events, err := e.App.Repairs.History(ctx, sessionOf(t, e, "tom@example.com"), id)
		if err != nil || len(events) != 3 {
			t.Fatalf("history: %d %v", len(events), err)
		}
		if err := repair.VerifyChain(events); err != nil {
			t.Fatal(err)
		}
		events[1].Body = "Never mind."
		if err := repair.VerifyChain(events); err == nil || err.Error() != "event 2 was changed after it was recorded" {
			t.Errorf("a changed message: %v", err)
		}
		events[1].Body = "Any news?"
		if err := repair.VerifyChain(append(events[:1], events[2:]...)); err == nil {
			t.Error("a removed event was not noticed")
		}
	})
}
