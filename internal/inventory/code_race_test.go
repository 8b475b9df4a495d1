package inventory_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// The creator asks for a signing code twice at once (a double click), the
// first time and again once the wait is over. Whichever comes first, one
// code is e-mailed and the other request is told to wait: the 10-second
// gap and the daily cap hold. Before the fix both read the code row
// without locking it (PostgreSQL), both passed the gap and two codes went,
// the first already void; the unfixed code failed in round 1 on
// PostgreSQL, after the wait. With no row yet there is nothing to lock:
// locking alone still let both through in round 8, when the second found
// no row and then replaced the first's; the first code is now only ever
// inserted.
func TestSigningCodeAskedTwiceAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
			for _, when := range []string{"first code", "after the wait"} {
				before := e.MailCount("clerk@example.com")
				res := racetest.Together(2, func(int) apptest.Response {
					return clerk.Post("/api/inventory/reports/"+id+"/signing/code", nil)
				})
				sent := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusOK })
				wait := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusTooManyRequests })
				if sent != 1 || wait != 1 {
					t.Fatalf("%s: want one code sent and one wait: %d %s / %d %s", when, res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
				}
				if n := e.MailCount("clerk@example.com") - before; n != 1 {
					t.Fatalf("%s: %d codes e-mailed, want 1", when, n)
				}
				e.Clock.Advance(11 * time.Second)
			}
		})
	})
}
