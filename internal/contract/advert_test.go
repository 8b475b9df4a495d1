package contract_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// The advertised rent is the rent (Renters' Rights Act 2025, s.56), and
// taking the listing down does not lift it. An outside probe unpublished a
// listing at £1,850 a month, made, paid for, signed and sealed an agreement
// at £2,500, and published the listing again. Now the listing's last advert
// binds until an agreement for the property is sent for signing after it;
// and the fee is not taken for an agreement its signature would refuse.
func TestAnAdvertBindsAfterTheListingIsTakenDown(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "lord@example.com")
		if r := c.Upload("/api/properties/"+pid+"/images", "p.jpg", "image/jpeg", imagingtest.JPEG(t, 60, 40)); r.Status >= 300 {
			t.Fatalf("photo: %d %s", r.Status, r.Raw)
		}
		list := func(rent int64) {
			t.Helper()
			d := map[string]any{"propertyType": "Flat", "depositPence": rent, "councilTaxBand": "C", "epcRating": "C", "billsIncluded": []string{},
				"petsConsidered": true, "rentPence": rent, "rentCycle": "Monthly", "bedroomCount": 2, "bathroomCount": 1, "sofasCount": 1,
				"furnishStatus": "Furnished", "moveInDate": "2026-12-01", "shortDescription": "A two-bed flat.", "publish": true}
			if r := c.Do(http.MethodPut, "/api/properties/"+pid+"/details", d); r.Status != http.StatusOK {
				t.Fatalf("publish at %d: %d %s", rent, r.Status, r.Raw)
			}
		}
		advertised := func(pounds string) string {
			return "This property's listing advertises the rent at £" + pounds + " a month. Since 1 May 2026 a landlord may not accept more than the advertised rent, nor invite offers above it: enter that rent or less."
		}
		list(100000)
		if r := c.Post("/api/properties/"+pid+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}

		// Taken down, the £1,000 advert still binds.
		a := answers() // £1,500 a month
		id := newDraft(t, c, pid)["id"].(string)
		if r := step(c, id, "rent", a); r.Status != http.StatusBadRequest || r.FieldError("rentPence") != advertised("1,000.00") {
			t.Fatalf("£1,500 against a £1,000 advert taken down: %d %s", r.Status, r.Raw)
		}
		// The advertised rent is made, sent and signed.
		atAdvert := with(with(a, "rentPence", 100000), "deposit", map[string]any{"kind": "standard", "perTenantPence": 50000, "scheme": "Deposit Protection Service"})
		e.Clock.Advance(time.Hour)
		finish(t, c, id, atAdvert)
		pay(t, c, id)
		verify(t, e, c, "lord@example.com", id)
		if r := c.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusOK {
			t.Fatalf("signing at the advertised rent: %d %s", r.Status, r.Raw)
		}

		// That advert found its tenancy: a later agreement (the next
		// tenant) is not held to it.
		next := newDraft(t, c, pid)["id"].(string)
		finish(t, c, next, a)

		// Advertised again, at £1,200: the £1,500 draft finished before is
		// refused before its fee is taken, and at its rent step.
		e.Clock.Advance(time.Hour)
		list(120000)
		if r := c.Post("/api/contracts/"+next+"/signing/order", nil); r.Status != http.StatusBadRequest || r.FieldError("rentPence") != advertised("1,200.00") {
			t.Fatalf("order for £1,500 against a £1,200 advert: %d %s", r.Status, r.Raw)
		}
		if r := step(c, next, "rent", a); r.Status != http.StatusBadRequest || r.FieldError("rentPence") != advertised("1,200.00") {
			t.Fatalf("£1,500 against a £1,200 advert: %d %s", r.Status, r.Raw)
		}
		// And still once it is taken down again.
		e.Clock.Advance(time.Hour)
		if r := c.Post("/api/properties/"+pid+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		if r := step(c, next, "rent", a); r.Status != http.StatusBadRequest || r.FieldError("rentPence") != advertised("1,200.00") {
			t.Fatalf("£1,500 against a £1,200 advert taken down: %d %s", r.Status, r.Raw)
		}
		if r := step(c, next, "rent", with(a, "rentPence", 120000)); r.Status != http.StatusOK {
			t.Fatalf("the advertised £1,200: %d %s", r.Status, r.Raw)
		}
	})
}
