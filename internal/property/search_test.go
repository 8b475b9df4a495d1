package property_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/property"
)

type listing struct {
	postcode    string
	rentPounds  int64
	cycle       string
	beds, baths int
	publish     bool
}

// publishListing adds a property with portal details through the API.
func publishListing(t *testing.T, c *apptest.Client, l listing) string {
	t.Helper()
	r := c.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": "1 Test Street", "addrSecondLine": "", "town": "Testtown", "postcode": l.postcode, "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create %s: %d %s", l.postcode, r.Status, r.Raw)
	}
	id := prop(r)["id"].(string)
	cycle := l.cycle
	if cycle == "" {
		cycle = "Monthly"
	}
	d := with(with(with(with(with(details, "rentPence", l.rentPounds*100), "rentCycle", cycle), "bedroomCount", l.beds), "bathroomCount", l.baths), "publish", l.publish)
	if r := c.Do("PUT", "/api/properties/"+id+"/details", d); r.Status != http.StatusOK {
		t.Fatalf("details: %d %s", r.Status, r.Raw)
	}
	return id
}

func search(t *testing.T, c *apptest.Client, q url.Values) ([]map[string]any, string, apptest.Response) {
	t.Helper()
	r := c.Get("/api/listings?" + q.Encode())
	var out []map[string]any
	if list, ok := r.Body["listings"].([]any); ok {
		for _, l := range list {
			out = append(out, l.(map[string]any))
		}
	}
	next, _ := r.Body["nextCursor"].(string)
	return out, next, r
}

func ids(ls []map[string]any) map[string]bool {
	m := map[string]bool{}
	for _, l := range ls {
		m[l["id"].(string)] = true
	}
	return m
}

func TestSearchFiltersAlone_AndCombined(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		studio := publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 1100, beds: 0, baths: 1, publish: true})
		twoBed := publishListing(t, c, listing{postcode: "SW11 2AA", rentPounds: 1850, beds: 2, baths: 1, publish: true})
		fourBed := publishListing(t, c, listing{postcode: "SW4 7AA", rentPounds: 3200, beds: 4, baths: 2, publish: true})
		weekly := publishListing(t, c, listing{postcode: "SW11 3AA", rentPounds: 400, cycle: "Weekly", beds: 1, baths: 1, publish: true}) // 1,733.33 pcm
		draft := publishListing(t, c, listing{postcode: "SW11 4AA", rentPounds: 1500, beds: 2, baths: 1, publish: false})
		visitor := e.NewClient()

		cases := []struct {
			name string
			q    url.Values
			want []string
		}{
			{"everything published", url.Values{}, []string{studio, twoBed, fourBed, weekly}},
			{"min beds studio", url.Values{"minimumBeds": {"studio"}, "maximumBeds": {"studio"}}, []string{studio}},
			{"min beds 2", url.Values{"minimumBeds": {"2"}}, []string{twoBed, fourBed}},
			{"max beds 1", url.Values{"maximumBeds": {"1"}}, []string{studio, weekly}},
			{"max beds 10+ is unbounded", url.Values{"minimumBeds": {"4"}, "maximumBeds": {"10"}}, []string{fourBed}},
			{"min baths 2", url.Values{"minimumBathrooms": {"2"}}, []string{fourBed}},
			{"max baths 1", url.Values{"maximumBathrooms": {"1"}}, []string{studio, twoBed, weekly}},
			{"monthly price band", url.Values{"rentCycle": {"Monthly"}, "minimumRent": {"1700"}, "maximumRent": {"2000"}}, []string{twoBed, weekly}},
			{"weekly rent as monthly is above 1,733", url.Values{"rentCycle": {"Monthly"}, "maximumRent": {"1733"}}, []string{studio}},
			{"weekly filter compares monthly rents at x12/52", url.Values{"rentCycle": {"Weekly"}, "minimumRent": {"400"}, "maximumRent": {"430"}}, []string{twoBed, weekly}},
			{"district", url.Values{"searchArea": {"sw11"}}, []string{studio, twoBed, weekly, fourBed}}, // SW4 is within 3 miles of SW11
			{"district, small radius", url.Values{"searchArea": {"SW11"}, "radius": {"0.25"}}, []string{studio, twoBed, weekly}},
			{"far away", url.Values{"searchArea": {"M1"}}, nil},
			{"combined", url.Values{"searchArea": {"SW11"}, "radius": {"0.25"}, "minimumBeds": {"1"}, "rentCycle": {"Monthly"}, "maximumRent": {"1800"}}, []string{weekly}},
		}
		for _, tc := range cases {
			got, _, r := search(t, visitor, tc.q)
			if r.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", tc.name, r.Status, r.Raw)
			}
			gotIDs := ids(got)
			if len(gotIDs) != len(tc.want) {
				t.Errorf("%s: got %d listings, want %d", tc.name, len(gotIDs), len(tc.want))
			}
			for _, id := range tc.want {
				if !gotIDs[id] {
					t.Errorf("%s: missing %s", tc.name, id)
				}
			}
			if gotIDs[draft] {
				t.Errorf("%s: an unpublished property appeared", tc.name)
			}
		}
	})
}

func TestSearchAreaNearestFirstAndUnknownPlace(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		near := publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 1500, beds: 1, baths: 1, publish: true})
		further := publishListing(t, c, listing{postcode: "SW4 7AA", rentPounds: 1500, beds: 1, baths: 1, publish: true})
		got, _, r := search(t, e.NewClient(), url.Values{"searchArea": {"SW11 1AA"}, "radius": {"5"}})
		if r.Status != http.StatusOK || len(got) != 2 || got[0]["id"] != near || got[1]["id"] != further {
			t.Fatalf("nearest first: %d %s", r.Status, r.Raw)
		}
		if got[0]["distanceMiles"].(float64) > got[1]["distanceMiles"].(float64) {
			t.Fatal("distances out of order")
		}
		area := r.Body["area"].(map[string]any)
		if area["kind"] != "postcode" || area["radiusMiles"].(float64) != 5 {
			t.Fatalf("area %v", area)
		}
		_, _, r = search(t, e.NewClient(), url.Values{"searchArea": {"Clapham"}})
		if r.Status != http.StatusOK || r.Body["area"].(map[string]any)["kind"] != "town" {
			t.Fatalf("town search: %d %s", r.Status, r.Raw)
		}
		_, _, r = search(t, e.NewClient(), url.Values{"searchArea": {"Nowhere-on-sea"}})
		if r.Status != http.StatusBadRequest || r.ErrorMessage() != property.MsgAreaUnknown {
			t.Fatalf("unknown place: %d %s", r.Status, r.Raw)
		}
		for _, q := range []url.Values{{"minimumBeds": {"two"}}, {"maximumRent": {"lots"}}, {"radius": {"50"}}, {"sort": {"cheapest"}}, {"cursor": {"garbage"}}} {
			if _, _, r := search(t, e.NewClient(), q); r.Status != http.StatusBadRequest {
				t.Errorf("%v accepted: %d", q, r.Status)
			}
		}
	})
}

// Keyset pagination: pages of 20, no duplicates or gaps, even when new
// listings are published between pages (they are newer than the cursor).
func TestSearchPagesWithoutDuplicatesOrGaps(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		want := map[string]bool{}
		for i := range 45 {
			e.Clock.Advance(time.Second)
			want[publishListing(t, c, listing{postcode: fmt.Sprintf("SW11 %dAA", 1+i%9), rentPounds: 1000 + int64(i), beds: 1, baths: 1, publish: true})] = true
		}
		for _, sortOrder := range []string{"newest", "nearest"} {
			seen := map[string]bool{}
			q := url.Values{"sort": {sortOrder}}
			if sortOrder == "nearest" {
				q.Set("searchArea", "SW11")
			}
			pages := 0
			for {
				got, next, r := search(t, e.NewClient(), q)
				if r.Status != http.StatusOK {
					t.Fatalf("%s page %d: %d %s", sortOrder, pages, r.Status, r.Raw)
				}
				pages++
				if len(got) > property.PageSize {
					t.Fatalf("page of %d", len(got))
				}
				for _, l := range got {
					id := l["id"].(string)
					if seen[id] {
						t.Fatalf("%s: %s on two pages", sortOrder, id)
					}
					seen[id] = true
				}
				if next == "" {
					break
				}
				// A listing published between pages must not disturb the walk.
				e.Clock.Advance(time.Second)
				publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 999, beds: 1, baths: 1, publish: true})
				q.Set("cursor", next)
			}
			if pages != 3 {
				t.Errorf("%s: %d pages for 45 listings", sortOrder, pages)
			}
			for id := range want {
				if !seen[id] {
					t.Errorf("%s: %s never shown", sortOrder, id)
				}
			}
		}
	})
}

func TestMyPropertiesNeedsSignInAndShowsOnlyMine(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		me := e.SignedIn("me@example.com", "Secret#123", "Landlord")
		other := e.SignedIn("other@example.com", "Secret#123", "Landlord")
		mine := publishListing(t, me, listing{postcode: "SW11 1AA", rentPounds: 1500, beds: 1, baths: 1, publish: true})
		publishListing(t, other, listing{postcode: "SW11 1AA", rentPounds: 1500, beds: 1, baths: 1, publish: true})
		got, _, r := search(t, me, url.Values{"mine": {"true"}})
		if r.Status != http.StatusOK || len(got) != 1 || got[0]["id"] != mine || got[0]["mine"] != true {
			t.Fatalf("my properties: %s", r.Raw)
		}
		if _, _, r := search(t, e.NewClient(), url.Values{"mine": {"true"}}); r.Status != http.StatusUnauthorized {
			t.Fatalf("visitor asking for mine: %d", r.Status)
		}
		all, _, _ := search(t, me, url.Values{})
		if len(all) != 2 {
			t.Fatalf("all: %d", len(all))
		}
		for _, l := range all {
			if _, has := l["addrFirstLine"]; has {
				t.Fatal("the street address must not be public")
			}
		}
	})
}
