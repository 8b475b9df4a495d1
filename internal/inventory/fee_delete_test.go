package inventory_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// A draft report whose fee is paid is kept; deleting one whose fee is being
// paid decides, with the fee's order locked first, between the payment and
// the deletion (the same mechanism as agreements: payment.Withdraw). An
// outside probe paid the fee of a deleted draft report and got a receipt.
func TestDeletingADraftReportAndItsFee(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		ordered := func() (id, order string) {
			t.Helper()
			id = begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
			r := c.Post("/api/inventory/reports/"+id+"/signing/order", nil)
			if r.Status != http.StatusOK {
				t.Fatalf("order: %d %s", r.Status, r.Raw)
			}
			return id, r.Body["order"].(map[string]any)["id"].(string)
		}
		id, _ := ordered()
		payFee(t, c, id)
		if r := c.Do(http.MethodDelete, "/api/inventory/reports/"+id, nil); r.Status != http.StatusConflict || r.ErrorMessage() != payment.MsgFeePaid {
			t.Fatalf("delete a paid draft: %d %s", r.Status, r.Raw)
		}
		id, order := ordered()
		if r := c.Do(http.MethodDelete, "/api/inventory/reports/"+id, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/orders/"+order+"/sandbox-payment", card); r.Status != http.StatusNotFound || e.App.Payments.SandboxCharges(order) != 0 {
			t.Fatalf("paying a deleted draft's fee: %d %s", r.Status, r.Raw)
		}
		racetest.Rounds(t, 15, func(t *testing.T, round int) {
			id, order := ordered()
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return c.Do(http.MethodDelete, "/api/inventory/reports/"+id, nil)
				}
				return c.Post("/api/orders/"+order+"/sandbox-payment", card)
			})
			del, paid := res[0], res[1]
			charges := e.App.Payments.SandboxCharges(order)
			switch {
			case del.Status == http.StatusNoContent && paid.Status == http.StatusNotFound && charges == 0:
			case paid.Status == http.StatusOK && del.Status == http.StatusConflict && charges == 1:
			default:
				t.Fatalf("delete %d %s; pay %d %s; %d charges", del.Status, del.Raw, paid.Status, paid.Raw, charges)
			}
		})
	})
}
