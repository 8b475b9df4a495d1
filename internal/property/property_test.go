package property_test

import (
	"context"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"net/http"
	"regexp"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/tenancy"
)

var address = map[string]any{"address": map[string]any{
	"addrFirstLine": "12 Lavender Hill", "addrSecondLine": "Flat 3", "town": "London", "postcode": "sw11 5rw", "country": "United Kingdom",
}}

var details = map[string]any{
	"propertyType": "Flat", "depositPence": 185000, "councilTaxBand": "C", "epcRating": "C", "billsIncluded": []string{}, "petsConsidered": true,
	"rentPence": 185000, "rentCycle": "Monthly", "bedroomCount": 2, "bathroomCount": 1, "sofasCount": 1,
	"furnishStatus": "Furnished", "moveInDate": "2026-12-01", "shortDescription": "Bright two-bed flat near Clapham Junction.", "publish": false,
}

func with(base map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range base {
		out[key] = val
	}
	out[k] = v
	return out
}

func prop(r apptest.Response) map[string]any {
	p, _ := r.Body["property"].(map[string]any)
	return p
}

func create(t *testing.T, c *apptest.Client) map[string]any {
	t.Helper()
	r := c.Post("/api/properties", address)
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	addPhoto(t, c, prop(r)["id"].(string))
	return prop(r)
}

// addPhoto gives a property the photo publishing needs.
func addPhoto(t testing.TB, c *apptest.Client, id string) {
	t.Helper()
	if r := c.Upload("/api/properties/"+id+"/images", "p.jpg", "image/jpeg", imagingtest.JPEG(t, 60, 40)); r.Status != http.StatusCreated && r.Status != http.StatusOK {
		t.Fatalf("photo: %d %s", r.Status, r.Raw)
	}
}

func TestCreatePlacesThePropertyFromItsPostcode(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		p := create(t, c)
		a := p["address"].(map[string]any)
		if p["status"] != "Active" || a["postcode"] != "SW11 5RW" || a["addrSecondLine"] != "Flat 3" {
			t.Fatalf("unexpected property %v", p)
		}
		lat, _ := p["latitude"].(float64)
		lon, _ := p["longitude"].(float64)
		if lat < 51.4 || lat > 51.5 || lon < -0.2 || lon > -0.1 {
			t.Fatalf("SW11 placed at %v,%v", lat, lon)
		}
		stations := p["nearbyStations"].([]any)
		if len(stations) != 2 {
			t.Fatalf("stations %v", stations)
		}
		first := stations[0].(map[string]any)
		if !regexp.MustCompile(`^\d+\.\d mi$`).MatchString(first["distance"].(string)) || first["miles"].(float64) > 2 {
			t.Fatalf("nearest station %v", first)
		}
	})
}

func TestAddressRules(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		for _, missing := range []string{"addrFirstLine", "town", "postcode", "country"} {
			a := map[string]any{"addrFirstLine": "1 High St", "addrSecondLine": "", "town": "Reading", "postcode": "RG1 1AA", "country": "United Kingdom"}
			a[missing] = "  "
			r := c.Post("/api/properties", map[string]any{"address": a})
			if r.Status != http.StatusBadRequest || r.ErrorMessage() != property.MsgAddressRequired || r.FieldError(missing) == "" {
				t.Errorf("without %s: %d %s", missing, r.Status, r.Raw)
			}
		}
		a := map[string]any{"addrFirstLine": "1 High St", "addrSecondLine": "", "town": "Reading", "postcode": "RG1", "country": "United Kingdom"}
		r := c.Post("/api/properties", map[string]any{"address": a})
		if r.Status != http.StatusBadRequest || r.FieldError("postcode") != property.MsgPostcodeInvalid {
			t.Errorf("bad postcode: %d %s", r.Status, r.Raw)
		}
	})
}

func TestOnlyLandlordsAddAndOnlyTheOwnerSeesOrChanges(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		tenant := e.SignedIn("ten@example.com", "Secret#123", "Tenant")
		if r := tenant.Post("/api/properties", address); r.Status != http.StatusForbidden {
			t.Fatalf("tenant create: %d", r.Status)
		}
		owner := e.SignedIn("own@example.com", "Secret#123", "Landlord")
		other := e.SignedIn("oth@example.com", "Secret#123", "Landlord")
		id := create(t, owner)["id"].(string)
		base := "/api/properties/" + id
		for _, req := range []struct {
			method, path string
			body         any
		}{
			{"GET", base, nil}, {"DELETE", base, nil}, {"PUT", base + "/address", address},
			{"PUT", base + "/details", details}, {"POST", base + "/publish", nil}, {"POST", base + "/unpublish", nil},
			{"GET", "/api/properties/no-such-id", nil},
		} {
			if r := other.Do(req.method, req.path, req.body); r.Status != http.StatusNotFound {
				t.Errorf("other landlord %s %s: %d %s", req.method, req.path, r.Status, r.Raw)
			}
		}
		if r := other.Get("/api/properties"); len(r.Body["properties"].([]any)) != 0 {
			t.Fatalf("other landlord lists %s", r.Raw)
		}
		if r := e.NewClient().Get("/api/properties"); r.Status != http.StatusUnauthorized {
			t.Fatalf("visitor list: %d", r.Status)
		}
		// The owner's property was not changed by any of those attempts.
		if r := owner.Get(base); r.Status != http.StatusOK || prop(r)["status"] != "Active" {
			t.Fatalf("owner view: %d %s", r.Status, r.Raw)
		}
	})
}

func TestStatusMachine(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := create(t, c)["id"].(string)
		base := "/api/properties/" + id
		status := func(r apptest.Response) any { return prop(r)["status"] }

		if r := c.Post(base+"/publish", nil); r.Status != http.StatusBadRequest || r.ErrorMessage() != property.MsgDetailsRequired {
			t.Fatalf("publish without details: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("PUT", base+"/details", details); status(r) != "Active" {
			t.Fatalf("plain save of Active: %s", r.Raw)
		}
		if r := c.Do("PUT", base+"/details", with(details, "publish", true)); status(r) != "Published" {
			t.Fatalf("save and publish: %s", r.Raw)
		}
		if r := c.Do("PUT", base+"/details", with(details, "shortDescription", "Updated")); status(r) != "Published" {
			t.Fatalf("plain save of Published must keep it Published: %s", r.Raw)
		}
		r := c.Post(base+"/unpublish", nil)
		if status(r) != "Active" || r.Body["message"] != property.MsgActionSuccess {
			t.Fatalf("unpublish: %s", r.Raw)
		}
		if r := c.Post(base+"/publish", nil); status(r) != "Published" || r.Body["message"] != property.MsgActionSuccess {
			t.Fatalf("publish: %s", r.Raw)
		}
		if r := c.Do("DELETE", base, nil); r.Status != http.StatusOK || r.Body["message"] != property.MsgActionSuccess {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if r := c.Get(base); r.Status != http.StatusNotFound {
			t.Fatalf("deleted property still readable: %d", r.Status)
		}
		if r := c.Get("/api/properties"); len(r.Body["properties"].([]any)) != 0 {
			t.Fatalf("deleted property still listed: %s", r.Raw)
		}
		if r := c.Post(base+"/publish", nil); r.Status != http.StatusNotFound {
			t.Fatalf("a deleted property came back: %d", r.Status)
		}
		var kept string
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT status FROM properties WHERE id = ?`, id).Scan(&kept); err != nil || kept != "Disabled" {
			t.Fatalf("row not kept as Disabled: %q %v", kept, err)
		}
	})
}

func TestPortalDetailsRulesAndMonthlyFigure(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := create(t, c)["id"].(string)
		base := "/api/properties/" + id + "/details"
		for name, body := range map[string]map[string]any{
			"no rent":           with(details, "rentPence", 0),
			"negative rent":     with(details, "rentPence", -5),
			"bad cycle":         with(details, "rentCycle", "Daily"),
			"negative bedrooms": with(details, "bedroomCount", -1),
			"negative baths":    with(details, "bathroomCount", -1),
			"negative sofas":    with(details, "sofasCount", -1),
			"bad furnish":       with(details, "furnishStatus", "Partly"),
			"no description":    with(details, "shortDescription", "   "),
			"bad date":          with(details, "moveInDate", "31/12/2026"),
			"impossible date":   with(details, "moveInDate", "2026-02-30"),
		} {
			if r := c.Do("PUT", base, body); r.Status != http.StatusBadRequest || r.ErrorMessage() != property.MsgDetailsRequired {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		// One rule for rent amounts (internal/tenancy): the reference-check
		// purchase refuses a rent that is not whole pounds, and so does this.
		for _, pence := range []int{185050, 1, 100_000_100} {
			if r := c.Do("PUT", base, with(details, "rentPence", pence)); r.Status != http.StatusBadRequest || r.ErrorMessage() != tenancy.MsgWholePounds || r.FieldError("rentPence") == "" {
				t.Errorf("rent %d pence: %d %s", pence, r.Status, r.Raw)
			}
		}
		r := c.Do("PUT", base, with(with(details, "rentCycle", "Weekly"), "rentPence", 40000))
		p := prop(r)
		if r.Status != http.StatusOK || p["rentPence"].(float64) != 40000 || p["rentCycle"] != "Weekly" || p["moveInDate"] != "2026-12-01" {
			t.Fatalf("weekly save: %d %s", r.Status, r.Raw)
		}
		var monthly int64
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT monthly_rent_pence FROM properties WHERE id = ?`, id).Scan(&monthly); err != nil {
			t.Fatal(err)
		}
		if monthly != 173333 { // 400.00 a week x 52 / 12 = 1,733.33 a month
			t.Fatalf("monthly figure %d", monthly)
		}
	})
}

func TestMonthlyPence(t *testing.T) {
	for _, c := range []struct {
		rent  int64
		cycle property.RentCycle
		want  int64
	}{{120000, property.Monthly, 120000}, {30000, property.Weekly, 130000}, {1, property.Weekly, 4}, {100, property.Weekly, 433}} {
		if got := property.MonthlyPence(c.rent, c.cycle); got != c.want {
			t.Errorf("MonthlyPence(%d, %s) = %d, want %d", c.rent, c.cycle, got, c.want)
		}
	}
}

func TestOnboardingFollowsTheFirstProperty(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		has := func() any { return c.Get("/api/auth/session").Body["user"].(map[string]any)["hasProperties"] }
		if has() != false {
			t.Fatal("a new landlord should see onboarding")
		}
		id := create(t, c)["id"].(string)
		if has() != true {
			t.Fatal("a landlord with a property should skip onboarding")
		}
		c.Do("DELETE", "/api/properties/"+id, nil)
		if has() != false {
			t.Fatal("a Disabled property must not count")
		}
	})
}
