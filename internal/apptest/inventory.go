package apptest

import (
	"net/http"
	"time"

	"github.com/omnirent/omnirent/internal/inventory"
)

// inventoryData is a report's data: a kitchen with its oven, the
// cleanliness given, a gas meter, no tenant and no landlord named (so the
// one who makes the report is its only signer and signing completes it).
func inventoryData(ovenCleanliness, ovenRating string) map[string]any {
	return map[string]any{
		"settings": map[string]any{"coverPhoto": "", "inspector": map[string]any{"first": "Ines", "last": "Pector", "email": "ines@example.com"}, "students": false, "pets": false, "saved": true},
		"overview": map[string]any{"rating": "Fine", "description": "A tidy flat.", "photos": []any{}},
		"insideProperty": []any{
			map[string]any{"id": 0, "name": "Kitchen", "tag": "Kitchen", "done": true, "overview": map[string]any{"rating": "Fine", "description": "", "photos": []any{}},
				"items": []any{map[string]any{"id": 0, "name": "Oven", "tag": "Oven", "completed": true, "notes": "", "photos": []any{},
					"overview":         map[string]any{"rating": ovenRating, "description": "", "photos": []any{}},
					"description":      map[string]any{"Brand": []any{"Belling"}},
					"disputeAvoidance": map[string]any{"Cleanliness": []any{ovenCleanliness}}}}},
		},
		"outsideProperty":        []any{},
		"utilitiesAndMeters":     []any{map[string]any{"kind": "Gas", "location": "Under the stairs", "reading": "01234", "supplier": "", "serial": "", "notes": "", "photos": []any{}, "done": true}},
		"documentsAndCompliance": []any{},
		"tenantDetails":          []any{},
		"landlord":               map[string]any{"fullName": "", "email": ""},
		"checkIn":                map[string]any{"keys": map[string]any{"rating": "", "description": "2 keys", "photos": []any{}}, "alarms": map[string]any{"rating": "", "description": "", "photos": []any{}}, "done": true},
		"checkOut":               map[string]any{"keys": map[string]any{"rating": "", "description": "", "photos": []any{}}, "alarms": map[string]any{"rating": "", "description": "", "photos": []any{}}, "done": true},
	}
}

// signReport saves a report's data, pays its fee and signs it as c.
func (e *Env) signReport(c *Client, email, id string, revision any, data map[string]any) {
	e.T.Helper()
	if r := c.Do(http.MethodPut, "/api/inventory/reports/"+id+"/data", map[string]any{"revision": revision, "data": data}); r.Status != http.StatusOK {
		e.T.Fatalf("save report: %d %s", r.Status, r.Raw)
	}
	r := c.Post("/api/inventory/reports/"+id+"/signing/order", nil)
	if r.Status != http.StatusOK {
		e.T.Fatalf("report order: %d %s", r.Status, r.Raw)
	}
	if p := c.Post("/api/orders/"+r.Body["order"].(map[string]any)["id"].(string)+"/sandbox-payment", sandboxCard); p.Status != http.StatusOK {
		e.T.Fatalf("report pay: %d %s", p.Status, p.Raw)
	}
	e.RunJobs()
	e.Clock.Advance(time.Second) // so the code's e-mail is the newest
	if r := c.Post("/api/inventory/reports/"+id+"/signing/code", nil); r.Status != http.StatusOK {
		e.T.Fatalf("report code: %d %s", r.Status, r.Raw)
	}
	if r := c.Post("/api/inventory/reports/"+id+"/signing/verify", map[string]any{"code": e.LastCode(email)}); r.Status != http.StatusOK {
		e.T.Fatalf("report verify: %d %s", r.Status, r.Raw)
	}
	if r := c.Sign("/api/inventory/reports/"+id, map[string]any{"method": "type", "typed": "Lara Lord"}); r.Status != http.StatusOK {
		e.T.Fatalf("sign report: %d %s", r.Status, r.Raw)
	}
	e.RunJobs()
}

// SignedCheckOut makes and signs, as the household's landlord, a
// check-in report of its home (the oven clean and fine) and a check-out
// report started from it (the oven very dirty and damaged), and answers
// the check-out's id.
func (e *Env) SignedCheckOut(h Household) string {
	e.T.Helper()
	return e.SignedCheckOutWith(h, 1)
}

// withItems adds n more items to a report's data, each in the condition
// given: the kitchen's other catalogue items, then a bedroom's (a
// comparison of many items: the deductions page's benchmark).
func withItems(data map[string]any, n int, rating string) map[string]any {
	if n <= 0 {
		return data
	}
	cat, err := inventory.LoadCatalogue()
	if err != nil {
		panic(err)
	}
	rooms := data["insideProperty"].([]any)
	kitchen := rooms[0].(map[string]any)
	bedroom := map[string]any{"id": 1, "name": "Bedroom", "tag": "Bedroom", "done": true, "overview": map[string]any{"rating": "Fine", "description": "", "photos": []any{}},
		"items": []any{}}
	for _, room := range []map[string]any{kitchen, bedroom} {
		items := room["items"].([]any)
		for _, name := range cat.ItemsFor(room["name"].(string)) {
			if n == 0 || name == "Oven" {
				continue
			}
			items = append(items, map[string]any{"id": len(items), "name": name, "tag": name, "completed": true, "notes": "", "photos": []any{},
				"overview": map[string]any{"rating": rating, "description": "", "photos": []any{}}, "description": map[string]any{}, "disputeAvoidance": map[string]any{}})
			n--
		}
		room["items"] = items
	}
	data["insideProperty"] = append(rooms, bedroom)
	return data
}

// SignedCheckOutWith is SignedCheckOut with n items in the kitchen: the
// oven and n-1 more items, each worse at check-out.
func (e *Env) SignedCheckOutWith(h Household, n int) string {
	e.T.Helper()
	r := h.Lord.Post("/api/inventory/reports", map[string]any{"propertyId": h.PropertyID, "type": "Check-in Report"})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("check-in: %d %s", r.Status, r.Raw)
	}
	in := r.Body["report"].(map[string]any)
	e.signReport(h.Lord, "lara@example.com", in["id"].(string), in["revision"], withItems(inventoryData("Good", "Fine"), n-1, "Fine"))
	e.Clock.Advance(time.Hour)
	r = h.Lord.Post("/api/inventory/reports", map[string]any{"propertyId": h.PropertyID, "type": "Check-out Report", "fromCheckIn": in["id"]})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("check-out: %d %s", r.Status, r.Raw)
	}
	out := r.Body["report"].(map[string]any)
	e.signReport(h.Lord, "lara@example.com", out["id"].(string), out["revision"], withItems(inventoryData("Very poor", "Damaged"), n-1, "Damaged"))
	return out["id"].(string)
}
