package deposit_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// BenchmarkDeductionsPage40Items is the server time of the deductions page
// (GET /api/deposits/tenancies/{id}/deductions, through the HTTP API on
// SQLite) of a tenancy whose signed check-out compares 40 items with the
// check-in (read from the inventory area, as the page does), with a
// deduction proposed on each and answered by both joint tenants: the
// landlord's page (the comparison, the lines, the shares) and a tenant's.
// Target: under 100 ms (issue 45; docs/perf.md).
func BenchmarkDeductionsPage40Items(b *testing.B) {
	e := apptest.Start(b, dbtest.Open(b, db.SQLite), nil)
	h := e.NewHousehold(nil)
	e.SignedCheckOutWith(h, 40)
	path := "/api/deposits/tenancies/" + h.TenancyID + "/deductions"
	r := h.Lord.Get(path)
	items, _ := r.Body["items"].([]any)
	if r.Status != http.StatusOK || len(items) < 40 {
		b.Fatalf("the comparison: %d, %d items", r.Status, len(items))
	}
	for i, it := range items[:40] {
		key := it.(map[string]any)["key"].(string)
		in := map[string]any{"itemKey": key, "reason": "damage", "costPence": 1000 + i, "itemType": "fixture", "ageMonths": 24, "note": "Broken hinge."}
		if i%2 == 1 {
			in = map[string]any{"itemKey": key, "reason": "cleaning", "costPence": 500 + i}
		}
		r := h.Lord.Post(path, in)
		if r.Status != http.StatusCreated {
			b.Fatalf("line %d: %d %s", i, r.Status, r.Raw)
		}
		id := r.Body["line"].(map[string]any)["id"].(string)
		for j, c := range []*apptest.Client{h.Tom, h.Tess} {
			ans, why := "agree", ""
			if (i+j)%5 == 0 {
				ans, why = "dispute", "It was like this at check-in."
			}
			if r := c.Post("/api/deposits/lines/"+id+"/answer", map[string]any{"revision": 1, "answer": ans, "comment": why}); r.Status != http.StatusOK {
				b.Fatalf("answer: %d %s", r.Status, r.Raw)
			}
		}
	}
	for _, who := range []struct {
		name string
		c    *apptest.Client
	}{{"landlord", h.Lord}, {"tenant", h.Tom}} {
		b.Run(who.name, func(b *testing.B) {
			var worst time.Duration
			for b.Loop() {
				start := time.Now()
				r := who.c.Get(path)
				if d := time.Since(start); d > worst {
					worst = d
				}
				if r.Status != http.StatusOK || len(r.Body["lines"].([]any)) != 40 {
					b.Fatalf("page: %d", r.Status)
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
			b.Logf("%s's deductions page of 40 items: target under 100 ms", who.name)
		})
	}
}
