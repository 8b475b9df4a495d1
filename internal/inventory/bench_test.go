package inventory_test

import (
	"fmt"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// BenchmarkOpenLargeReport opens a report of 20 rooms, 200 items and 200
// photos as the editor and the preview do: the report and its photo list,
// through the HTTP API on SQLite. Target: under 1 s server side
// (docs/perf.md).
func BenchmarkOpenLargeReport(b *testing.B) {
	e := apptest.Start(b, dbtest.Open(b, db.SQLite), nil)
	c, pid := landlordWithProperty(b, e, "clerk@example.com")
	r := c.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})
	id := r.Body["report"].(map[string]any)["id"].(string)
	var names []string
	img := jpegOf(b, 64, 48)
	for range 200 {
		up := c.Upload("/api/inventory/reports/"+id+"/photos", "p.jpg", "image/jpeg", img)
		if up.Status != 201 {
			b.Fatal(up.Raw)
		}
		names = append(names, up.Body["photo"].(map[string]any)["name"].(string))
	}
	cat, err := inventory.LoadCatalogue()
	if err != nil {
		b.Fatal(err)
	}
	d := fullData("")
	var rooms []any
	n := 0
	for i, room := range cat.Inside[:20] {
		var items []any
		for j, it := range cat.ItemsFor(room) {
			if j == 10 {
				break
			}
			items = append(items, map[string]any{"id": 0, "name": it, "tag": it, "completed": true, "notes": "Good order, light wear.",
				"photos": []any{names[n%200]}, "description": map[string]any{}, "disputeAvoidance": map[string]any{"Cleanliness": []any{"Good"}}})
			n++
		}
		rooms = append(rooms, map[string]any{"id": 0, "name": room, "tag": fmt.Sprintf("%s %d", room, i), "done": true,
			"overview": map[string]any{"rating": "Fine", "description": "Walls and floor sound.", "photos": []any{}}, "items": items})
	}
	d["insideProperty"] = rooms
	if r := save(c, id, 1, d); r.Status != 200 {
		b.Fatal(r.Raw)
	}
	b.ReportAllocs()
	for b.Loop() {
		if r := c.Get("/api/inventory/reports/" + id); r.Status != 200 {
			b.Fatal(r.Raw)
		}
		if r := c.Get("/api/inventory/reports/" + id + "/photos"); r.Status != 200 || len(r.Body["photos"].([]any)) != 200 {
			b.Fatal(r.Raw)
		}
	}
	b.ReportMetric(float64(n), "items")
}
