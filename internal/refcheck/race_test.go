package refcheck_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// The landlord removes both renters of an unpaid two-renter check at once
// (two tabs, a double click on two rows). Whichever comes first, one
// renter is removed and the other is refused as the last one: the check
// keeps one renter and its basket charges for exactly that renter. Before
// the fix each removal read the check without locking anything
// (PostgreSQL), both saw two renters, both deleted theirs, and the one
// that took the order's lock second priced a basket of the renter the
// other had just deleted: a check with no renter, charged for one. The
// unfixed code failed in round 2 on PostgreSQL.
func TestRemoveBothRentersAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "race@example.com")
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			r := c.Post("/api/reference-checks", form(pid, renter("Ann Renter", "ann@example.com"), renter("Bob Renter", "bob@example.com")))
			if r.Status != http.StatusCreated {
				t.Fatalf("purchase: %d %s", r.Status, r.Raw)
			}
			check := r.Body["referenceCheck"].(map[string]any)
			id, orderID := check["id"].(string), r.Body["order"].(map[string]any)["id"].(string)
			renters := check["renters"].([]any)
			res := racetest.Together(2, func(i int) apptest.Response {
				return c.Do(http.MethodDelete, "/api/reference-checks/"+id+"/renters/"+renters[i].(map[string]any)["id"].(string), nil)
			})
			removed := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusOK })
			refused := racetest.Count(res, func(r apptest.Response) bool { return r.ErrorMessage() == refcheck.MsgLastRenter })
			if removed != 1 || refused != 1 {
				t.Fatalf("want one removal and one refusal of the last renter: %d %s / %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			left := c.Get("/api/reference-checks/" + id).Body["referenceCheck"].(map[string]any)["renters"].([]any)
			order := c.Get("/api/orders/" + orderID).Body
			if o, ok := order["order"].(map[string]any); ok {
				order = o
			}
			items, _ := order["items"].([]any)
			if len(left) != 1 || len(items) != 1 || order["totalPence"] != 899.0 {
				t.Fatalf("the check keeps %d renters and its basket %d items (%v pence), want 1 and 1 (899)", len(left), len(items), order["totalPence"])
			}
		})
	})
}

// The landlord resends a renter's invitation twice at once after the
// one-minute wait (a double click, two tabs). Both read the renter as last
// notified over a minute ago and both queued an invitation. Now the resend
// claims the slot with a conditional update of the time the renter was
// last notified, in the transaction that queues the e-mail: one is sent,
// the other is told to wait. The unfixed code failed in round 1 on
// PostgreSQL.
func TestResendTwiceAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "race@example.com")
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			email := fmt.Sprintf("ann%d@example.com", round)
			r := c.Post("/api/reference-checks", form(pid, renter("Ann Renter", email)))
			if r.Status != http.StatusCreated {
				t.Fatalf("purchase: %d %s", r.Status, r.Raw)
			}
			check := r.Body["referenceCheck"].(map[string]any)
			id, renterID := check["id"].(string), check["renters"].([]any)[0].(map[string]any)["id"].(string)
			if r := c.Post("/api/orders/"+r.Body["order"].(map[string]any)["id"].(string)+"/sandbox-payment", goodCard); r.Status != http.StatusOK {
				t.Fatalf("pay: %d %s", r.Status, r.Raw)
			}
			e.Clock.Advance(61 * time.Second)
			before := e.MailCount(email)
			res := racetest.Together(2, func(int) apptest.Response {
				return c.Post("/api/reference-checks/"+id+"/renters/"+renterID+"/resend", nil)
			})
			sent := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusOK })
			waited := racetest.Count(res, func(r apptest.Response) bool {
				return r.Status == http.StatusTooManyRequests && r.ErrorMessage() == refcheck.MsgResendWait
			})
			if sent != 1 || waited != 1 {
				t.Fatalf("want one resend and one told to wait: %d %s / %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			if n := e.MailCount(email) - before; n != 1 {
				t.Fatalf("%d invitations resent, want 1", n)
			}
		})
	})
}
