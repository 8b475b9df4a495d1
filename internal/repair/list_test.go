package repair_test

import (
	"fmt"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// A landlord's long list (50 repairs or more: its next deadlines are read
// in one statement joined on each repair's next due moment) shows each
// repair's next deadline as the repair's own page does, on both
// databases, with repairs sharing one due moment; one property's list
// holds only that property's.
func TestLandlordsLongListShowsEachNextDeadline(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		lord := e.SignedIn("lara@example.com", password, "Landlord")
		a := property(t, lord, "1 Park Row", "Leeds", "LS1 5HD")
		b := property(t, lord, "2 Park Row", "Leeds", "LS1 5HD")
		want := map[string]any{}
		for i := range 60 {
			pid := a
			if i%3 == 0 {
				pid = b
			}
			body := with(leak(), "propertyId", pid, "awareAt", "2026-10-01T09:00", "channel", "phone")
			if i%2 == 0 {
				body = with(damp(), "propertyId", pid, "awareAt", fmt.Sprintf("2026-10-%02dT09:00", 1+i%20), "channel", "phone")
			}
			r := report(t, lord, body)
			if i == 59 { // one with its clocks met: no next deadline
				change(t, lord, r["id"].(string), map[string]any{"status": "triaged"})
				r = change(t, lord, r["id"].(string), map[string]any{"status": "work_done", "note": "Fixed."})
			}
			want[r["id"].(string)] = r["nextDue"]
		}
		items := lord.Get("/api/repairs").Body["repairs"].([]any)
		if len(items) != 60 {
			t.Fatalf("%d repairs listed", len(items))
		}
		nones := 0
		for _, it := range items {
			m := it.(map[string]any)
			got, w := m["nextDue"], want[m["id"].(string)]
			if got == nil || w == nil {
				if got != nil || w != nil {
					t.Fatalf("repair %v: listed next deadline %v, its page %v", m["id"], got, w)
				}
				nones++
				continue
			}
			if got.(map[string]any)["ruleId"] != w.(map[string]any)["ruleId"] || got.(map[string]any)["dueAt"] != w.(map[string]any)["dueAt"] {
				t.Fatalf("repair %v: listed next deadline %v, its page %v", m["id"], got, w)
			}
		}
		if nones != 1 {
			t.Fatalf("%d repairs listed without a next deadline, want 1", nones)
		}
		if n := len(lord.Get("/api/repairs?propertyId=" + b).Body["repairs"].([]any)); n != 20 {
			t.Fatalf("one property's list holds %d repairs, want 20", n)
		}
	})
}
