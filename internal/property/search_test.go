package property_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/db"
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
	if l.publish {
		addPhoto(t, c, id)
	}
	cycle := l.cycle
	if cycle == "" {
		cycle = "Monthly"
	}
	d := with(with(with(with(with(details, "rentPence", l.rentPounds*100), "rentCycle", cycle), "bedroomCount", l.beds), "bathroomCount", l.baths), "publish", l.publish)
	d = with(d, "depositPence", l.rentPounds*100) // a month's rent: within the cap whatever the rent
	if l.beds == 0 {
		d = with(d, "propertyType", property.Studio)
	}
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

		// A result is the card: what the card shows, not the law where the
		// home is, which the listing page adds (issue 29).
		got, _, _ := search(t, visitor, url.Values{"minimumBeds": {"2"}, "maximumBeds": {"2"}})
		page := visitor.Get("/api/listings/" + twoBed).Body["listing"].(map[string]any)
		for _, card := range got {
			for _, k := range []string{"councilTaxBands", "councilTaxNone", "billChoices", "epcMinimum"} {
				if _, ok := card[k]; ok {
					t.Errorf("a search result carries %s", k)
				}
				if _, ok := page[k]; !ok {
					t.Errorf("the listing page lacks %s", k)
				}
			}
			for k, v := range card {
				if !reflect.DeepEqual(page[k], v) {
					t.Errorf("%s: card %v, page %v", k, v, page[k])
				}
			}
		}
		if len(got) != 1 {
			t.Errorf("got %d two-bed listings, want 1", len(got))
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

// Area searches read a spatial index that the database keeps in step with
// the properties table (migration 00005_search_index). Every way a listing
// can change must show up in area results at once.
func TestAreaSearchFollowsEveryChangeToAListing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 1500, beds: 2, baths: 1, publish: true})
		other := publishListing(t, c, listing{postcode: "SW11 2AA", rentPounds: 1500, beds: 2, baths: 1, publish: true})
		visitor := e.NewClient()
		found := func(step string, want bool, q url.Values) {
			t.Helper()
			for _, sortOrder := range []string{"nearest", "newest"} {
				q.Set("sort", sortOrder)
				got, _, r := search(t, visitor, q)
				if r.Status != http.StatusOK {
					t.Fatalf("%s: %d %s", step, r.Status, r.Raw)
				}
				if ids(got)[id] != want {
					t.Errorf("%s (%s): listed %v, want %v", step, sortOrder, !want, want)
				}
				if !ids(got)[other] && len(q) == 3 && q.Get("searchArea") == "SW11" {
					t.Errorf("%s (%s): the unchanged listing went missing", step, sortOrder)
				}
			}
			checkSpatialIndex(t, e)
		}
		sw11 := func() url.Values { return url.Values{"searchArea": {"SW11"}, "radius": {"1"}} }
		move := func(postcode string) map[string]any {
			t.Helper()
			r := c.Do("PUT", "/api/properties/"+id+"/address", map[string]any{"address": map[string]any{
				"addrFirstLine": "1 Test Street", "addrSecondLine": "", "town": "Testtown", "postcode": postcode, "country": "United Kingdom"}})
			if r.Status != http.StatusOK {
				t.Fatalf("move to %s: %d %s", postcode, r.Status, r.Raw)
			}
			return prop(r)
		}
		found("published", true, sw11())

		move("M1 1AA")
		found("moved to Manchester: gone from SW11", false, sw11())
		found("moved to Manchester: found there", true, url.Values{"searchArea": {"M1"}, "radius": {"1"}})
		if p := move("N99 9AA"); p["latitude"] != nil {
			t.Fatalf("N99 placed at %v", p["latitude"])
		}
		found("moved to an unknown district: in no area", false, url.Values{"searchArea": {"M1"}, "radius": {"10"}})
		if got, _, _ := search(t, visitor, url.Values{}); !ids(got)[id] {
			t.Error("unknown district: still listed without an area")
		}
		move("SW11 1AA")
		found("moved back", true, sw11())

		// Each filtered column on its own (publishListing gave 2 beds, 1 bath, £1,500).
		d := with(with(with(with(details, "bedroomCount", 2), "bathroomCount", 1), "rentPence", 150000), "publish", true)
		save := func(k string, v any) {
			t.Helper()
			d = with(d, k, v)
			if r := c.Do("PUT", "/api/properties/"+id+"/details", d); r.Status != http.StatusOK {
				t.Fatalf("details: %d %s", r.Status, r.Raw)
			}
		}
		filtered := func(k, v string) url.Values {
			q := sw11()
			q.Set(k, v)
			return q
		}
		found("£1,500: within £1,600", true, filtered("maximumRent", "1600"))
		save("rentPence", 240000)
		found("now £2,400: over £1,600", false, filtered("maximumRent", "1600"))
		found("now £2,400: within £2,000+", true, filtered("minimumRent", "2000"))
		save("bedroomCount", 4)
		found("now 4 beds: matches 3+", true, filtered("minimumBeds", "3"))
		found("now 4 beds: not at most 2", false, filtered("maximumBeds", "2"))
		save("bathroomCount", 2)
		found("now 2 baths: matches 2+", true, filtered("minimumBathrooms", "2"))
		found("now 2 baths: not at most 1", false, filtered("maximumBathrooms", "1"))

		if r := c.Post("/api/properties/"+id+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		found("unpublished", false, sw11())
		if r := c.Post("/api/properties/"+id+"/publish", nil); r.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", r.Status, r.Raw)
		}
		found("published again", true, sw11())

		if r := c.Do("DELETE", "/api/properties/"+id, nil); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		found("deleted (Disabled)", false, sw11())

		// A row removed outright (a landlord's account erased, say) leaves the index too.
		if _, err := e.App.DB.Conn().Exec(context.Background(), `DELETE FROM properties WHERE id = ?`, other); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := search(t, visitor, sw11()); len(got) != 0 {
			t.Errorf("after a hard delete: %d listings", len(got))
		}
		checkSpatialIndex(t, e)
	})
}

// checkSpatialIndex compares SQLite's R*Tree with the table row by row (on
// PostgreSQL the index is the database's own business).
func checkSpatialIndex(t *testing.T, e *apptest.Env) {
	t.Helper()
	if e.App.DB.Dialect != db.SQLite {
		return
	}
	var bad int
	err := e.App.DB.QueryRow(`SELECT
		(SELECT COUNT(*) FROM properties p WHERE status = 'Published' AND latitude IS NOT NULL AND longitude IS NOT NULL AND NOT EXISTS (
			SELECT 1 FROM properties_geo g JOIN properties_geo_keys k ON k.k = g.k WHERE k.id = p.id AND g.id = p.id
			AND g.latitude = p.latitude AND g.longitude = p.longitude AND g.landlord_id = p.landlord_id
			AND g.bedroom_count = p.bedroom_count AND g.bathroom_count = p.bathroom_count
			AND g.monthly_rent_pence IS p.monthly_rent_pence AND g.published_at IS p.published_at))
		+ (SELECT COUNT(*) FROM properties_geo) - (SELECT COUNT(*) FROM properties WHERE status = 'Published' AND latitude IS NOT NULL AND longitude IS NOT NULL)
		+ (SELECT COUNT(*) FROM properties_geo_keys) - (SELECT COUNT(*) FROM properties_geo)`).Scan(&bad)
	if err != nil || bad != 0 {
		t.Fatalf("R*Tree out of step with properties: %d (%v)", bad, err)
	}
}

// Nearest first and newest first over an area return exactly the listings
// within the radius, however many circles the search needed to fill a page,
// and a listing just outside the radius is left out.
func TestAreaSearchReturnsExactlyTheListingsWithinTheRadius(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		g := geo.Default()
		centre, _ := g.District("SW11")
		districts := []string{"SW11", "SW11", "SW11", "SW4", "SW8", "SW12", "SW18", "SW6", "SW3", "SE11", "SW19", "W8", "SE1", "N1", "SE24", "W14", "E1", "NW3", "E14", "RH1", "TW9", "KT1"}
		miles := map[string]float64{}
		for i := range 60 {
			e.Clock.Advance(time.Minute)
			d := districts[i%len(districts)]
			id := publishListing(t, c, listing{postcode: fmt.Sprintf("%s %dAB", d, i%10), rentPounds: 1000 + int64(i), beds: 1 + i%3, baths: 1, publish: true})
			pt, _ := g.District(d)
			miles[id] = geo.Miles(centre, pt)
		}
		for _, radius := range []float64{0.25, 1, 2.5, 5, 10} {
			want := map[string]bool{}
			for id, m := range miles {
				if m <= radius {
					want[id] = true
				}
			}
			for _, sortOrder := range []string{"nearest", "newest"} {
				q := url.Values{"searchArea": {"SW11"}, "radius": {strconv.FormatFloat(radius, 'f', -1, 64)}, "sort": {sortOrder}}
				var all []map[string]any
				for {
					got, next, r := search(t, e.NewClient(), q)
					if r.Status != http.StatusOK {
						t.Fatalf("%v %s: %d %s", radius, sortOrder, r.Status, r.Raw)
					}
					all = append(all, got...)
					if next == "" {
						break
					}
					q.Set("cursor", next)
				}
				if len(all) != len(want) || len(ids(all)) != len(want) {
					t.Errorf("%v mi %s: %d listings (%d distinct), want %d", radius, sortOrder, len(all), len(ids(all)), len(want))
				}
				for i, l := range all {
					id := l["id"].(string)
					if !want[id] {
						t.Errorf("%v mi %s: %s is %.3f mi away", radius, sortOrder, id, miles[id])
					}
					if i == 0 {
						continue
					}
					prev := all[i-1]
					if sortOrder == "nearest" {
						d0, d1 := prev["distanceMiles"].(float64), l["distanceMiles"].(float64)
						if d0 > d1 || d0 == d1 && prev["id"].(string) > id {
							t.Errorf("%v mi: %s (%v) listed after %s (%v)", radius, id, d1, prev["id"], d0)
						}
					} else if prev["publishedAt"].(string) < l["publishedAt"].(string) {
						t.Errorf("%v mi newest: %s listed after an older one", radius, id)
					}
				}
			}
		}
		// Just inside and just outside the radius.
		sw4, _ := g.District("SW4")
		edge := geo.Miles(centre, sw4)
		for _, tc := range []struct {
			radius float64
			in     bool
		}{{edge + 0.001, true}, {edge - 0.001, false}} {
			got, _, r := search(t, e.NewClient(), url.Values{"searchArea": {"SW11"}, "radius": {strconv.FormatFloat(tc.radius, 'f', -1, 64)}, "maximumRent": {"100000"}})
			if r.Status != http.StatusOK {
				t.Fatalf("edge: %d %s", r.Status, r.Raw)
			}
			has := false
			for _, l := range got {
				if l["postcodeDistrict"] == "SW4" {
					has = true
				}
			}
			if has != tc.in {
				t.Errorf("SW4 is %.4f mi from SW11; a %.4f mi search lists it: %v", edge, tc.radius, has)
			}
		}
		checkSpatialIndex(t, e)
	})
}

// Nearest first looks in growing circles (an eighth of the radius first). A
// listing in the corner of a circle's bounding box is further away than one
// just outside the box: it must not be ranked before it.
func TestNearestFirstAcrossGrowingCircles(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		centre, _ := geo.Default().District("SW11")
		const radius = 8.0 // first circle: 1 mile
		mileLat := 1 / geo.Miles(centre, geo.Point{Lat: centre.Lat + 1, Lon: centre.Lon})
		mileLon := 1 / geo.Miles(centre, geo.Point{Lat: centre.Lat, Lon: centre.Lon + 1})
		at := func(north, east float64) geo.Point {
			return geo.Point{Lat: centre.Lat + north*mileLat, Lon: centre.Lon + east*mileLon}
		}
		var points []geo.Point
		for i := range 19 {
			points = append(points, at(0.02*float64(i), 0.01*float64(i))) // within half a mile
		}
		points = append(points,
			at(1.1, 0),                     // just outside the first circle's box
			at(0.92, 0.92),                 // about 1.3 miles, inside its box
			at(0.95, 0.95),                 // about 1.34 miles, inside its box
			at(radius*0.999, 0),            // just inside the radius
			at(0, radius*1.001),            // just outside
			at(-radius*0.75, -radius*0.75), // in the corner of the radius's box, outside the circle
		)
		miles := placed(t, e, c, centre, points)
		checkSpatialIndex(t, e)
		want := nearestOrder(miles, radius)
		if len(want) != len(points)-2 {
			t.Fatalf("set-up: %d of %d points within the radius", len(want), len(points))
		}
		for _, sortOrder := range []string{"nearest", "newest"} {
			q := url.Values{"searchArea": {"SW11"}, "radius": {"8"}, "sort": {sortOrder}}
			var got []string
			for {
				page, next, r := search(t, e.NewClient(), q)
				if r.Status != http.StatusOK {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				for _, l := range page {
					got = append(got, l["id"].(string))
				}
				if next == "" {
					break
				}
				q.Set("cursor", next)
			}
			if sortOrder == "newest" {
				sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
				sorted := slices.Clone(want)
				slices.Sort(sorted)
				if !slices.Equal(got, sorted) {
					t.Errorf("newest: %d listings, want %d", len(got), len(want))
				}
				continue
			}
			if !slices.Equal(got, want) {
				for i := range max(len(got), len(want)) {
					var g, w string
					if i < len(got) {
						g = fmt.Sprintf("%.3f", miles[got[i]])
					}
					if i < len(want) {
						w = fmt.Sprintf("%.3f", miles[want[i]])
					}
					if g != w {
						t.Errorf("nearest, place %d: %s mi, want %s mi", i+1, g, w)
					}
				}
			}
		}
	})
}

// Deep pages of a nearest-first search read rings around the last page's
// distance (geo.RingBoxes) with a width the cursor carries: paging through
// listings scattered at random, with ties and rows on the ring edges, gives
// every listing within the radius once, in order of distance then id.
func TestNearestFirstPagesThroughRings(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		centre, _ := geo.Default().District("SW11")
		const radius = 1.0
		rng := rand.New(rand.NewPCG(29, 1))
		// 150 spread evenly over the disc, some just past the radius; one
		// on the radius, one near the centre; and five at one spot whose
		// distance puts them at places 20 to 24, across the end of page 1.
		var dists []float64
		for range 150 {
			dists = append(dists, radius*1.05*math.Sqrt(rng.Float64()))
		}
		sorted := slices.Sorted(slices.Values(dists))
		tie := (sorted[17] + sorted[18]) / 2
		points := []geo.Point{geo.Destination(centre, 90, radius), geo.Destination(centre, 200, radius/8)}
		for range 5 {
			points = append(points, geo.Destination(centre, 10, tie))
		}
		for _, d := range dists {
			points = append(points, geo.Destination(centre, rng.Float64()*360, d))
		}
		miles := placed(t, e, c, centre, points)
		want := nearestOrder(miles, radius)
		q := url.Values{"searchArea": {"SW11"}, "radius": {"1"}}
		var got []string
		pages := 0
		for {
			page, next, r := search(t, e.NewClient(), q)
			if r.Status != http.StatusOK {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			pages++
			for _, l := range page {
				got = append(got, l["id"].(string))
			}
			if next == "" {
				break
			}
			if len(page) != property.PageSize {
				t.Fatalf("page %d holds %d listings and another follows", pages, len(page))
			}
			q.Set("cursor", next)
		}
		if miles[got[property.PageSize-1]] != miles[got[property.PageSize]] {
			t.Errorf("set-up: page 1 ends at %.4f mi and page 2 starts at %.4f mi, not in one tie", miles[got[property.PageSize-1]], miles[got[property.PageSize]])
		}
		if pages < 5 {
			t.Fatalf("set-up: %d pages, want at least 3", pages)
		}
		if !slices.Equal(got, want) {
			t.Errorf("nearest through rings: %d listings, want %d", len(got), len(want))
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("place %d: %.4f mi, want %.4f mi", i+1, miles[got[i]], miles[want[i]])
				}
			}
		}
	})
}

// placed publishes a listing at each point, a minute apart, and answers
// each one's distance from centre. Each is placed exactly by an update; the
// database keeps the spatial index in step.
func placed(t *testing.T, e *apptest.Env, c *apptest.Client, centre geo.Point, points []geo.Point) map[string]float64 {
	t.Helper()
	miles := map[string]float64{}
	for i, p := range points {
		e.Clock.Advance(time.Minute)
		id := publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 1000 + int64(i), beds: 1, baths: 1, publish: true})
		if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE properties SET latitude = ?, longitude = ? WHERE id = ?`, p.Lat, p.Lon, id); err != nil {
			t.Fatal(err)
		}
		miles[id] = geo.Miles(centre, p)
	}
	return miles
}

// nearestOrder lists the listings within radius by distance, then id.
func nearestOrder(miles map[string]float64, radius float64) []string {
	var want []string
	for id, m := range miles {
		if m <= radius {
			want = append(want, id)
		}
	}
	sort.Slice(want, func(i, j int) bool {
		if miles[want[i]] != miles[want[j]] {
			return miles[want[i]] < miles[want[j]]
		}
		return want[i] < want[j]
	})
	return want
}
