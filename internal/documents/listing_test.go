package documents_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/property"
)

// A listing's EPC rating is the rating of the EPC recorded for the home. An
// outside probe published a listing rated C while the EPC recorded for the
// home said F: renters read C. Now the listing follows each EPC recorded,
// edited or deleted (a durable job queued with the change), a rating other
// than the recorded one is refused on save and on publishing, and a home
// the recorded rating puts below the minimum, with no exemption, is taken
// off the market.
func TestTheListingShowsTheRecordedEPCRating(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "epc@example.com", true)
		listing := func() map[string]any {
			t.Helper()
			r := c.Get("/api/properties/" + pid)
			if r.Status != http.StatusOK {
				t.Fatalf("property: %d %s", r.Status, r.Raw)
			}
			return r.Body["property"].(map[string]any)
		}
		if p := listing(); p["epcRating"] != "C" || p["status"] != "Published" {
			t.Fatalf("before: %v %v", p["epcRating"], p["status"])
		}

		// An EPC rated D is recorded: the listing says D.
		d := certificate(t, c, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": day(e, -30), "epcRating": "D"})
		e.RunJobs()
		if p := listing(); p["epcRating"] != "D" || p["status"] != "Published" {
			t.Fatalf("after an EPC rated D: %v %v", p["epcRating"], p["status"])
		}

		// The landlord cannot put C back, by saving or publishing.
		want := "The EPC recorded for this home is rated D: the listing must show the same rating."
		if r := c.Do(http.MethodPut, "/api/properties/"+pid+"/details", details); r.Status != http.StatusBadRequest || r.FieldError("epcRating") != want {
			t.Fatalf("save rated C: %d %s", r.Status, r.Raw)
		}
		if p := listing(); p["epcRating"] != "D" {
			t.Fatalf("the refused save changed the rating to %v", p["epcRating"])
		}
		rated := func(rating string, publish bool) map[string]any {
			out := map[string]any{}
			for k, v := range details {
				out[k] = v
			}
			out["epcRating"], out["publish"] = rating, publish
			return out
		}
		if r := c.Do(http.MethodPut, "/api/properties/"+pid+"/details", rated("D", true)); r.Status != http.StatusOK {
			t.Fatalf("save rated D: %d %s", r.Status, r.Raw)
		}

		// Edited to B (a typing mistake corrected): the listing says B.
		if r := c.Do("PATCH", "/api/certificates/"+d["id"].(string), map[string]any{"epcRating": "B"}); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		if p := listing(); p["epcRating"] != "B" || p["status"] != "Published" {
			t.Fatalf("after the edit to B: %v %v", p["epcRating"], p["status"])
		}
		// Unpublished, then publishing rated otherwise is refused too.
		if r := c.Post("/api/properties/"+pid+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		if r := c.Do(http.MethodPut, "/api/properties/"+pid+"/details", rated("A", true)); r.Status != http.StatusBadRequest ||
			r.FieldError("epcRating") != "The EPC recorded for this home is rated B: the listing must show the same rating." {
			t.Fatalf("publish rated A: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/properties/"+pid+"/publish", nil); r.Status != http.StatusOK {
			t.Fatalf("publish as recorded: %d %s", r.Status, r.Raw)
		}

		// A new EPC rated F replaces it: the home cannot be let in England
		// without an exemption, so the listing comes off the market and
		// publishing asks for the exemption.
		f := certificate(t, c, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": day(e, -1), "epcRating": "F", "replaces": d["id"]})
		e.RunJobs()
		if p := listing(); p["epcRating"] != "F" || p["status"] != "Active" {
			t.Fatalf("after an EPC rated F: %v %v", p["epcRating"], p["status"])
		}
		if r := c.Post("/api/properties/"+pid+"/publish", nil); r.Status != http.StatusBadRequest || r.FieldError("epcExemption") != property.MsgEPCTooLow {
			t.Fatalf("publish rated F without an exemption: %d %s", r.Status, r.Raw)
		}

		// Deleted (recorded by mistake): the EPC it replaced is current
		// again, and so is its rating.
		if r := c.Do(http.MethodDelete, "/api/certificates/"+f["id"].(string), nil); r.Status >= 300 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		if p := listing(); p["epcRating"] != "B" {
			t.Fatalf("after deleting the F: %v", p["epcRating"])
		}
		if r := c.Post("/api/properties/"+pid+"/publish", nil); r.Status != http.StatusOK {
			t.Fatalf("publish again: %d %s", r.Status, r.Raw)
		}

		// Another landlord's EPC for their own home never reaches this one.
		o, other := landlord(t, e, "other@example.com", true)
		certificate(t, o, map[string]any{"propertyId": other, "type": "epc", "issuedOn": day(e, -1), "epcRating": "E"})
		e.RunJobs()
		if p := listing(); p["epcRating"] != "B" || p["status"] != "Published" {
			t.Fatalf("another landlord's EPC changed this listing: %v %v", p["epcRating"], p["status"])
		}
	})
}
