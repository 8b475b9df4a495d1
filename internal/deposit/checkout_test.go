package deposit_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// Through the real inventory area: before a signed check-out the landlord
// cannot propose a deduction (409 with what to do); after one, the items
// come from its comparison with the check-in, worse first, each with its
// condition at both, and a deduction on the oven carries them.
func TestDeductionsFromTheSignedCheckOut(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		base := "/api/deposits/tenancies/" + h.TenancyID + "/deductions"
		oven := map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 9000}
		if r := h.Lord.Post(base, oven); r.Status != http.StatusConflict || r.ErrorCode() != "no_check_out" || !strings.Contains(r.ErrorMessage(), "signed check-out report") {
			t.Fatalf("before the check-out: %d %s", r.Status, r.Raw)
		}
		if d := deductions(t, h.Lord, h.TenancyID); d["items"] != nil || d["checkOutText"] != nil {
			t.Fatalf("items before the check-out: %v", d)
		}
		e.SignedCheckOut(h)
		d := deductions(t, h.Lord, h.TenancyID)
		items, _ := d["items"].([]any)
		if len(items) == 0 || !strings.HasPrefix(d["checkOutText"].(string), "Check-out report signed ") {
			t.Fatalf("items: %v", d)
		}
		first := items[0].(map[string]any)
		if first["key"] != "inside/Kitchen/Oven" || first["change"] != "worse" ||
			first["checkIn"] != "Condition: Fine. Cleanliness: Good" || first["checkOut"] != "Condition: Damaged. Cleanliness: Very poor" {
			t.Fatalf("the oven: %v", first)
		}
		line := addLine(t, h, oven)
		if ev := line["evidence"].(map[string]any); line["item"] != "Kitchen: Oven" || ev["checkOut"] != "Condition: Damaged. Cleanliness: Very poor" {
			t.Fatalf("line: %v", line)
		}
		// The tenants see the line, not the landlord's list of items.
		if td := deductions(t, h.Tom, h.TenancyID); len(td["lines"].([]any)) != 1 || td["items"] != nil {
			t.Fatalf("tenant: %v", td)
		}
	})
}
