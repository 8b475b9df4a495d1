package property_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// The landlord takes a published listing down while another tab saves
// its details, at the same time. Whichever comes first, the listing ends
// taken down: a plain save keeps the status it finds, so a save after the
// unpublish keeps it unpublished, and an unpublish after the save takes it
// down. Before the fix the save read the property without locking its row
// (PostgreSQL), the unpublish committed in between, and the save wrote
// back the status it had read: the listing was public again although the
// landlord had been told it was taken down. The unfixed code failed in
// round 1 on PostgreSQL.
func TestSaveWhileUnpublishing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("race@example.com", "Secret#123", "Landlord")
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			id := create(t, c)["id"].(string)
			if r := c.Do(http.MethodPut, "/api/properties/"+id+"/details", with(details, "publish", true)); r.Status != http.StatusOK || prop(r)["status"] != "Published" {
				t.Fatalf("publish: %d %s", r.Status, r.Raw)
			}
			saved := with(details, "shortDescription", "Bright two-bed flat, newly decorated.")
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return c.Post("/api/properties/"+id+"/unpublish", nil)
				}
				return c.Do(http.MethodPut, "/api/properties/"+id+"/details", saved)
			})
			for i, r := range res {
				if r.Status != http.StatusOK {
					t.Fatalf("request %d: %d %s", i, r.Status, r.Raw)
				}
			}
			r := c.Get("/api/properties/" + id)
			if got := prop(r)["status"]; got != "Active" {
				t.Fatalf("after unpublish and save together the listing is %v, want Active (taken down)", got)
			}
			if got := prop(r)["shortDescription"]; got != saved["shortDescription"] {
				t.Fatalf("the save was lost: %v", got)
			}
		})
	})
}
