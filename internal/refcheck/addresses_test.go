package refcheck_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
)

// The report list and the report page show each check's own property
// address, asked of the property domain in one call per list, and keep
// showing it after the property is deleted (Disabled).
func TestReportsShowTheirPropertysAddress(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		lord, first := landlord(t, e, "lord@example.com")
		r := lord.Post("/api/properties", map[string]any{"address": map[string]any{
			"addrFirstLine": "3 Mill Lane", "town": "Leeds", "postcode": "LS1 4AP", "country": "United Kingdom"}})
		if r.Status != http.StatusCreated {
			t.Fatalf("second property: %d %s", r.Status, r.Raw)
		}
		second := r.Body["property"].(map[string]any)["id"].(string)
		checkA, rentersA := paidCheckOf(t, e, lord, first)
		e.Clock.Advance(time.Second)
		checkB, _ := paidCheckOf(t, e, lord, second)

		// Ann of the first check completes; her report is ready.
		v := e.NewClient()
		next := v.Post("/api/renter-checks/"+checkA+"/renters/"+rentersA[0]+"/declaration", declaration).Body["url"].(string)
		get(t, v, consent(t, v, next, "salaried", "allow"))
		e.Clock.Advance(time.Second)
		e.RunJobs()

		if r := lord.Do("DELETE", "/api/properties/"+first, nil); r.Status != http.StatusOK {
			t.Fatalf("delete property: %d %s", r.Status, r.Raw)
		}
		want := map[string]map[string]any{
			checkA: {"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW"},
			checkB: {"addrFirstLine": "3 Mill Lane", "town": "Leeds", "postcode": "LS1 4AP"},
		}
		seen := 0
		for _, status := range []string{"active", "completed"} {
			for _, x := range lord.Get("/api/reference-reports?status=" + status).Body["reports"].([]any) {
				rep := x.(map[string]any)
				got := rep["property"].(map[string]any)
				w := want[rep["referenceCheckId"].(string)]
				if got["addrFirstLine"] != w["addrFirstLine"] || got["town"] != w["town"] || got["postcode"] != w["postcode"] {
					t.Errorf("%s report of check %s: property %v, want %v", status, rep["referenceCheckId"], got, w)
				}
				seen++
			}
		}
		if seen != 4 {
			t.Fatalf("listed %d renters, want 4", seen)
		}
		page := lord.Get("/api/reference-checks/" + checkA + "/renters/" + rentersA[0] + "/report")
		if got := page.Body["property"].(map[string]any); page.Status != 200 || got["addrFirstLine"] != "12 Lavender Hill" || got["postcode"] != "SW11 5RW" {
			t.Fatalf("report page: %d %s", page.Status, page.Raw)
		}
	})
}
