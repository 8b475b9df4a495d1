package apptest

import (
	"fmt"
	"net/http"
	"time"

	"github.com/omnirent/omnirent/internal/inventory"
)

// SignedCheckOutWithPhotos is SignedCheckOut with photos: the check-in
// report gets nIn photos and the check-out report nOut, uploaded through
// the API (photo(i) gives the i-th file, a JPEG; the resize jobs run),
// spread over the first rooms of the catalogue's rooms and up to items of
// each one's items. At check-in each item is clean and fine, at check-out
// very dirty and damaged. It answers the check-out's id.
func (e *Env) SignedCheckOutWithPhotos(h Household, rooms, items, nIn, nOut int, photo func(i int) []byte) string {
	e.T.Helper()
	upload := func(id string, n, from int) []string {
		names := make([]string, 0, n)
		for i := range n {
			r := h.Lord.Upload("/api/inventory/reports/"+id+"/photos?origin=camera", "IMG.JPG", "image/jpeg", photo(from+i))
			if r.Status != http.StatusCreated {
				e.T.Fatalf("photo %d: %d %s", i, r.Status, r.Raw)
			}
			names = append(names, r.Body["photo"].(map[string]any)["name"].(string))
		}
		e.RunJobs()
		return names
	}
	cat, err := inventory.LoadCatalogue()
	if err != nil {
		e.T.Fatal(err)
	}
	type slot struct{ room, item string }
	var slots []slot
	for _, room := range cat.Inside[:rooms] {
		for k, it := range cat.ItemsFor(room) {
			if k == items {
				break
			}
			slots = append(slots, slot{room, it})
		}
	}
	data := func(cleanliness, rating string, names []string) map[string]any {
		d := inventoryData(cleanliness, rating)
		per := make([][]any, len(slots))
		for i, n := range names {
			per[i%len(per)] = append(per[i%len(per)], n)
		}
		var list []any
		for r, room := range cat.Inside[:rooms] {
			var its []any
			for i, sl := range slots {
				if sl.room != room {
					continue
				}
				ph := per[i]
				if ph == nil {
					ph = []any{}
				}
				its = append(its, map[string]any{"id": 0, "name": sl.item, "tag": sl.item, "completed": true, "notes": "",
					"photos": ph, "overview": map[string]any{"rating": rating, "description": "", "photos": []any{}},
					"description": map[string]any{}, "disputeAvoidance": map[string]any{"Cleanliness": []any{cleanliness}}})
			}
			list = append(list, map[string]any{"id": 0, "name": room, "tag": fmt.Sprintf("%s %d", room, r+1), "done": true,
				"overview": map[string]any{"rating": "Fine", "description": "", "photos": []any{}}, "items": its})
		}
		d["insideProperty"] = list
		return d
	}
	r := h.Lord.Post("/api/inventory/reports", map[string]any{"propertyId": h.PropertyID, "type": "Check-in Report"})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("check-in: %d %s", r.Status, r.Raw)
	}
	in := r.Body["report"].(map[string]any)
	e.signReport(h.Lord, "lara@example.com", in["id"].(string), in["revision"], data("Good", "Fine", upload(in["id"].(string), nIn, 0)))
	e.Clock.Advance(time.Hour)
	r = h.Lord.Post("/api/inventory/reports", map[string]any{"propertyId": h.PropertyID, "type": "Check-out Report", "fromCheckIn": in["id"]})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("check-out: %d %s", r.Status, r.Raw)
	}
	out := r.Body["report"].(map[string]any)
	e.signReport(h.Lord, "lara@example.com", out["id"].(string), out["revision"], data("Very poor", "Damaged", upload(out["id"].(string), nOut, nIn)))
	return out["id"].(string)
}
