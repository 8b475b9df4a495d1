package repair_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/repair"
)

// mails are the subjects of the e-mails to an address, newest first.
func mails(t *testing.T, e *apptest.Env, addr string) []string {
	t.Helper()
	e.RunJobs()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 100)
	if err != nil {
		t.Fatal(err)
	}
	return subjects(msgs)
}

func subjects(msgs []mail.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Subject)
	}
	return out
}

func countPrefix(list []string, prefix string) int {
	n := 0
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			n++
		}
	}
	return n
}

// A tenant of a Leeds home reports a leak on Friday 27 November 2026 at
// 16:00: the landlord is made aware then; England's clocks (targets for a
// private landlord) are counted from it; the landlord is e-mailed and the
// tenant gets an acknowledgement naming the moment; both lists show the
// date the landlord is due to act by. A damp report the same moment gets
// Awaab's Law's 10 working days as a target (REPAIRS.md 3.6 test 1).
func TestTenantReportsARepair(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		uk(e, "2026-11-27 16:00")
		signIn(t, h.tom, "tom@example.com")
		f := h.tom.Get("/api/repairs/form")
		homes := f.Body["homes"].([]any)
		if f.Status != http.StatusOK || len(homes) != 1 || homes[0].(map[string]any)["jurisdiction"] != "England" ||
			len(f.Body["categories"].([]any)) != 13 {
			t.Fatalf("form: %d %v", f.Status, f.Body["homes"])
		}
		rp := report(t, h.tom, leak())
		if rp["status"] != "reported" || rp["priority"] != "urgent" || rp["viewer"] != "tenant" || rp["reporterName"] != "Test Person" ||
			rp["channel"] != "app" || !strings.HasPrefix(rp["awareAt"].(string), "2026-11-27T16:00:00") || rp["address"] != "12 Park Row, Leeds, LS1 5HD" {
			t.Fatalf("report: %v", rp)
		}
		ds := deadlines(rp)
		if ds["ALL-URGENT"]["label"] != "Complete by Fri 4 Dec 2026" || ds["ALL-URGENT"]["kind"] != "target" || ds["ENG-REPLY"]["dueDay"] != "2026-12-11" {
			t.Errorf("leak deadlines: %v", ds)
		}
		if next := rp["nextDue"].(map[string]any); next["ruleId"] != "ALL-URGENT" {
			t.Errorf("next due: %v", next)
		}
		if len(rp["history"].([]any)) != 1 || rp["historyValid"] != true {
			t.Errorf("history: %v", rp["history"])
		}
		if a := rp["actions"].([]any); len(a) != 1 || a[0].(map[string]any)["status"] != "closed" {
			t.Errorf("the tenant's actions on a new report: %v", a)
		}
		dm := report(t, h.tom, damp())
		ds = deadlines(dm)
		if d := ds["ENG-SIG-INV"]; d["dueDay"] != "2026-12-11" || d["kind"] != "target" || d["label"] != "Investigate by Fri 11 Dec 2026" {
			t.Errorf("England's damp clock: %v", d)
		}
		if _, ok := ds["SCO-DM-INV"]; ok {
			t.Error("a Scottish rule in Leeds")
		}
		lord := mails(t, e, "lara@example.com")
		if countPrefix(lord, "Repair reported: Bathroom and WC (Bathroom) at 12 Park Row") != 1 || countPrefix(lord, "Repair reported: Damp and mould") != 1 {
			t.Errorf("landlord's e-mails: %q", lord)
		}
		if tom := mails(t, e, "tom@example.com"); countPrefix(tom, "Your repair report: ") != 2 {
			t.Errorf("tenant's acknowledgements: %q", tom)
		}
		msgs, _ := e.App.Mail.Outbox(context.Background(), "tom@example.com", 100)
		ack := ""
		for _, m := range msgs {
			if m.Subject == "Your repair report: Damp and mould (Bedroom)" {
				ack = m.Text
			}
		}
		if !strings.Contains(ack, "reached your landlord at 16:00 on Fri 27 Nov 2026") || !strings.Contains(ack, "Investigate by Fri 11 Dec 2026: a target.") {
			t.Errorf("acknowledgement: %s", ack)
		}
		// Both lists: the tenants' (Tess too) and the landlord's.
		signIn(t, h.tess, "tess@example.com")
		signIn(t, h.lord, "lara@example.com")
		for name, c := range map[string]*apptest.Client{"tom": h.tom, "tess": h.tess, "landlord": h.lord} {
			l := c.Get("/api/repairs?state=open")
			list := l.Body["repairs"].([]any)
			if l.Status != http.StatusOK || len(list) != 2 {
				t.Fatalf("%s's list: %d %s", name, l.Status, l.Raw)
			}
			for _, it := range list {
				m := it.(map[string]any)
				if m["nextDue"] == nil || m["statusText"] != "Reported" || m["open"] != true {
					t.Errorf("%s's item: %v", name, m)
				}
			}
			if closed := c.Get("/api/repairs?state=closed").Body["repairs"].([]any); len(closed) != 0 {
				t.Errorf("%s's closed list: %v", name, closed)
			}
		}
		// A smell of gas: an emergency, with the safety advice first, and
		// the same report sent twice (a retry) is one repair.
		gas := map[string]any{"category": "gas", "answers": map[string]any{"what": "smell"}, "room": "Kitchen",
			"description": "Strong smell of gas by the boiler.", "clientKey": "k-1"}
		g := report(t, h.tom, gas)
		if g["priority"] != "emergency" || g["emergency"] != true {
			t.Errorf("gas: %v", g["priority"])
		}
		advice := g["safety"].([]any)
		if len(advice) != 1 || !strings.Contains(strings.Join(toStrings(advice[0].(map[string]any)["steps"]), " "), "0800 111 999") {
			t.Errorf("gas advice: %v", advice)
		}
		if d := deadlines(g)["ENG-EMERG"]; d["label"] != "Make safe by 16:00 Sat 28 Nov 2026" {
			t.Errorf("emergency: %v", d)
		}
		again := h.tom.Post("/api/repairs", gas)
		if again.Status != http.StatusOK || again.Body["repair"].(map[string]any)["id"] != g["id"] {
			t.Errorf("the same key again: %d %s", again.Status, again.Raw)
		}
		// Someone vulnerable, with consent, raises a routine report.
		routine := map[string]any{"category": "damp-mould", "answers": map[string]any{"where": "windows", "size": "small", "health": "no"},
			"room": "Living room", "description": "Some mould on the window frame."}
		if p := report(t, h.tom, routine)["priority"]; p != "routine" {
			t.Errorf("routine: %v", p)
		}
		v := report(t, h.tom, with(routine, "vulnerability", map[string]any{"groups": []any{"child_under_5"}, "consent": true}))
		if v["priority"] != "urgent" || len(v["vulnerability"].([]any)) != 1 {
			t.Errorf("vulnerable: %v %v", v["priority"], v["vulnerability"])
		}
		for _, ev := range v["history"].([]any) {
			if strings.Contains(stringOf(ev), "child") {
				t.Errorf("the history names who is vulnerable: %v", ev)
			}
		}
		w := h.tom.Do(http.MethodDelete, "/api/repairs/"+v["id"].(string)+"/vulnerability", nil)
		if w.Status != http.StatusOK || len(w.Body["repair"].(map[string]any)["vulnerability"].([]any)) != 0 {
			t.Errorf("withdraw: %d %s", w.Status, w.Raw)
		}
		// A report the landlord logs for the home reaches its tenants: in
		// their list, and by e-mail with the moment the landlord says they
		// were told (so a tenant can say if it is wrong).
		logged := report(t, h.lord, with(leak(), "propertyId", h.propertyID, "awareAt", "2026-11-26T18:45", "channel", "phone",
			"channelNote", "Tess rang about the tap."))
		if logged["viewer"] != "landlord" || h.tess.Get("/api/repairs/"+logged["id"].(string)).Status != http.StatusOK {
			t.Errorf("the logged report is not the household's: %v", logged["viewer"])
		}
		msgs, _ = e.App.Mail.Outbox(context.Background(), "tess@example.com", 100)
		told := ""
		for _, m := range msgs {
			if strings.HasPrefix(m.Subject, "Your landlord recorded a repair") {
				told = m.Text
			}
		}
		if !strings.Contains(told, "told by a phone call at 18:45 on Thu 26 Nov 2026") {
			t.Errorf("the tenants' e-mail of a logged report: %q", told)
		}
	})
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func stringOf(v any) string {
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, y := range x {
				b.WriteString(k + " ")
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		case string:
			b.WriteString(x + " ")
		}
	}
	walk(v)
	return b.String()
}

var _ = repair.MsgNotFound
