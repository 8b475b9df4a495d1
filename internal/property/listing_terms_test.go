package property_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// A listing's description is read by the term checker: "No DSS", "No
// children" and "No pets" are refused publication, by both ways of
// publishing and on a listing already published, with the phrase and why on
// the description field; the text is still saved while the listing is not
// published, so nothing typed is lost.
func TestListingTextIsCheckedBeforePublishing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := create(t, c)["id"].(string)
		base := "/api/properties/" + id
		cases := []struct{ text, phrase, law string }{
			{"Bright two-bed flat near Clapham Junction. No DSS.", "No DSS.", "Equality Act 2010"},
			{"Bright two-bed flat. Sorry, no children or pets.", "Sorry, no children or pets.", "children"},
			{"Two-bed flat. Professionals only, no pets.", "Professionals only, no pets.", "benefits"},
			// Benefits in an advert's abbreviations: D.S.S., HB (housing benefit), UC (universal credit).
			{"Two-bed flat. No D.S.S.", "No D.S.S.", "Equality Act 2010"},
			{"Two-bed flat. No HB.", "No HB.", "Equality Act 2010"},
			{"Two-bed flat. No UC.", "No UC.", "Equality Act 2010"},
			{"Two-bed flat near the park. No pets.", "No pets.", "28 days"},
			// Rental bidding (Renters' Rights Act 2025, section 56).
			{"Two-bed flat near the park. Offers over £1,850 pcm invited.", "Offers over £1,850 pcm invited.", "the advertised rent is the rent"},
			{"Two-bed flat near the park. Sealed bids by Friday.", "Sealed bids by Friday.", "the advertised rent is the rent"},
		}
		for _, k := range cases {
			r := c.Do("PUT", base+"/details", with(with(details, "shortDescription", k.text), "publish", true))
			msg := r.FieldError("shortDescription")
			if r.Status != http.StatusBadRequest || r.ErrorCode() != "listing_text" || !strings.Contains(msg, "“"+k.phrase+"”") || !strings.Contains(msg, k.law) {
				t.Errorf("publish %q: %d %s", k.text, r.Status, r.Raw)
			}
			// Saved as a draft listing, then refused by Publish as well.
			if r := c.Do("PUT", base+"/details", with(details, "shortDescription", k.text)); r.Status != http.StatusOK || prop(r)["shortDescription"] != k.text {
				t.Fatalf("save without publishing: %d %s", r.Status, r.Raw)
			}
			if r := c.Post(base+"/publish", nil); r.Status != http.StatusBadRequest || r.ErrorCode() != "listing_text" {
				t.Errorf("publish endpoint with %q: %d %s", k.text, r.Status, r.Raw)
			}
		}
		for _, ok := range []string{"Two-bed flat. Families and pets welcome; housing benefit tenants welcome.", "Bright two-bed flat. Pets considered.", "Two-bed flat. Housing benefit and Universal Credit welcome.", "Two-bed flat. UC claimants welcome."} {
			if r := c.Do("PUT", base+"/details", with(with(details, "shortDescription", ok), "publish", true)); r.Status != http.StatusOK || prop(r)["status"] != "Published" {
				t.Fatalf("publish %q: %d %s", ok, r.Status, r.Raw)
			}
		}
		// A published listing cannot be changed to say it.
		if r := c.Do("PUT", base+"/details", with(details, "shortDescription", "Two-bed flat. No children.")); r.Status != http.StatusBadRequest || r.ErrorCode() != "listing_text" {
			t.Errorf("edit a published listing: %d %s", r.Status, r.Raw)
		}

		// In Scotland the pets rule of England does not apply; the Equality Act does.
		scot := c.Post("/api/properties", map[string]any{"address": map[string]any{"addrFirstLine": "1 Royal Mile", "town": "Edinburgh", "postcode": "EH1 2NG", "country": "United Kingdom"}})
		sid := prop(scot)["id"].(string)
		addPhoto(t, c, sid)
		if r := c.Do("PUT", "/api/properties/"+sid+"/details", with(with(details, "shortDescription", "Flat on the Royal Mile. No pets."), "publish", true)); r.Status != http.StatusOK {
			t.Errorf("Scotland, no pets: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("PUT", "/api/properties/"+sid+"/details", with(with(details, "shortDescription", "Flat on the Royal Mile. Offers over £1,850 invited."), "publish", true)); r.Status != http.StatusOK {
			t.Errorf("Scotland, offers over (England's ban on rental bidding): %d %s", r.Status, r.Raw)
		}
		if r := c.Do("PUT", "/api/properties/"+sid+"/details", with(with(details, "shortDescription", "Flat on the Royal Mile. No DSS."), "publish", true)); r.ErrorCode() != "listing_text" {
			t.Errorf("Scotland, no DSS: %d %s", r.Status, r.Raw)
		}
		// Scotland's private residential tenancy is open-ended (no fixed term) and
		// replaced the short assured tenancy; England's fixed-term and section-21
		// rules are not the ones that say so.
		for _, k := range []struct{ text, phrase, law string }{
			{"Flat on the Royal Mile. 12 month fixed term contract.", "12 month fixed term contract.", "private residential tenancy"},
			{"Flat on the Royal Mile. Short assured tenancy.", "Short assured tenancy.", "no new assured or short assured tenancy"},
			{"Flat on the Royal Mile. Assured shorthold tenancy.", "Assured shorthold tenancy.", "no new assured or short assured tenancy"},
		} {
			r := c.Do("PUT", "/api/properties/"+sid+"/details", with(with(details, "shortDescription", k.text), "publish", true))
			msg := r.FieldError("shortDescription")
			if r.Status != http.StatusBadRequest || r.ErrorCode() != "listing_text" || !strings.Contains(msg, "“"+k.phrase+"”") || !strings.Contains(msg, k.law) ||
				strings.Contains(msg, "1 May 2026") {
				t.Errorf("Scotland, %q: %d %s", k.text, r.Status, r.Raw)
			}
		}
		if r := c.Do("PUT", "/api/properties/"+sid+"/details", with(with(details, "shortDescription", "Flat on the Royal Mile. Private residential tenancy, open-ended."), "publish", true)); r.Status != http.StatusOK {
			t.Errorf("Scotland, private residential tenancy: %d %s", r.Status, r.Raw)
		}

		// Wales: occupation contracts since 1 December 2022. An assured shorthold
		// tenancy no longer exists; a fixed-term standard contract does.
		wales := c.Post("/api/properties", map[string]any{"address": map[string]any{"addrFirstLine": "1 Queen Street", "town": "Cardiff", "postcode": "CF10 2BU", "country": "United Kingdom"}})
		wid := prop(wales)["id"].(string)
		addPhoto(t, c, wid)
		r := c.Do("PUT", "/api/properties/"+wid+"/details", with(with(details, "shortDescription", "Two-bed flat in Cardiff. Assured shorthold tenancy."), "publish", true))
		if msg := r.FieldError("shortDescription"); r.Status != http.StatusBadRequest || r.ErrorCode() != "listing_text" || !strings.Contains(msg, "“Assured shorthold tenancy.”") || !strings.Contains(msg, "occupation contract") {
			t.Errorf("Wales, assured shorthold tenancy: %d %s", r.Status, r.Raw)
		}
		for _, ok := range []string{"Two-bed flat in Cardiff. 12 month fixed term contract.", "Two-bed flat in Cardiff. Fixed-term standard occupation contract of 12 months."} {
			if r := c.Do("PUT", "/api/properties/"+wid+"/details", with(with(details, "shortDescription", ok), "publish", true)); r.Status != http.StatusOK || prop(r)["status"] != "Published" {
				t.Errorf("Wales, %q: %d %s", ok, r.Status, r.Raw)
			}
		}
	})
}
