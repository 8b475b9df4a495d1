package property_test

import (
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// A search shows a listing as it is now, though each card is encoded once
// per revision and kept (issue 43): every kind of change shows in the next
// search, by every search kind, on both databases. The test clock stands
// still, so every save keeps the listing's updated_at: the kept card is
// checked against the whole row, not the time.
func TestSearchShowsAnEditAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 1500, beds: 2, baths: 1, publish: true})
		visitor := e.NewClient()
		searches := map[string]url.Values{
			"newest":       {"sort": {"newest"}},
			"filter":       {"minimumBeds": {"1"}, "rentCycle": {"Monthly"}, "maximumRent": {"5000"}},
			"radius":       {"searchArea": {"SW11"}},
			"area, newest": {"searchArea": {"SW11"}, "sort": {"newest"}},
		}
		// card is the listing in each search's first page, which must be
		// the same for all, and the listing page's fields (issue 29).
		card := func(step string) map[string]any {
			t.Helper()
			var first map[string]any
			for name, q := range searches {
				got, _, r := search(t, visitor, q)
				if r.Status != http.StatusOK {
					t.Fatalf("%s, %s: %d %s", step, name, r.Status, r.Raw)
				}
				var found map[string]any
				for _, l := range got {
					if l["id"] == id {
						found = l
					}
				}
				if found == nil {
					t.Fatalf("%s, %s: the listing is not found", step, name)
				}
				delete(found, "distanceMiles")
				if first == nil {
					first = found
				} else if !reflect.DeepEqual(found, first) {
					t.Fatalf("%s: %s shows %v, another search %v", step, name, found, first)
				}
			}
			page := visitor.Get("/api/listings/" + id).Body["listing"].(map[string]any)
			for k, v := range first {
				if !reflect.DeepEqual(page[k], v) {
					t.Errorf("%s: card's %s %v, listing page's %v", step, k, v, page[k])
				}
			}
			return first
		}
		card("published") // every search's card kept
		d := with(with(with(with(details, "bedroomCount", 2), "bathroomCount", 1), "rentPence", 150000), "publish", true)
		d = with(d, "depositPence", 150000)
		save := func(k string, v any) {
			t.Helper()
			d = with(d, k, v)
			if r := c.Do("PUT", "/api/properties/"+id+"/details", d); r.Status != http.StatusOK {
				t.Fatalf("details: %d %s", r.Status, r.Raw)
			}
		}
		save("shortDescription", "Now with a new kitchen.")
		if got := card("description edited")["shortDescription"]; got != "Now with a new kitchen." {
			t.Fatalf("description %v", got)
		}
		save("rentPence", 160000)
		if got := card("rent edited")["rentPence"]; got != 160000.0 {
			t.Fatalf("rent %v", got)
		}
		save("petsConsidered", false)
		if got := card("pets edited")["petsConsidered"]; got != false {
			t.Fatalf("pets %v", got)
		}
		r := c.Do("PUT", "/api/properties/"+id+"/address", map[string]any{"address": map[string]any{
			"addrFirstLine": "1 Test Street", "addrSecondLine": "", "town": "Battersea", "postcode": "SW11 2AA", "country": "United Kingdom"}})
		if r.Status != http.StatusOK {
			t.Fatalf("move: %d %s", r.Status, r.Raw)
		}
		if got := card("moved")["town"]; got != "Battersea" {
			t.Fatalf("town %v", got)
		}

		images := func(step string) []any { return card(step)["images"].([]any) }
		if n := len(images("one photo")); n != 1 {
			t.Fatalf("%d images", n)
		}
		if r := c.Upload("/api/properties/"+id+"/images", "q.png", "image/png", imagingtest.PNG(t, 30, 50)); r.Status != http.StatusCreated && r.Status != http.StatusOK {
			t.Fatalf("photo: %d %s", r.Status, r.Raw)
		}
		two := images("a photo added")
		if len(two) != 2 {
			t.Fatalf("%d images after an upload", len(two))
		}
		// The resize job gives each photo its large and thumbnail sizes.
		e.RunJobs()
		resized := images("photos resized")
		for _, img := range resized {
			if u := img.(map[string]any)["thumbUrl"].(string); !strings.HasPrefix(u, "/api/photos/thumb/") {
				t.Fatalf("after the resize: %v", img)
			}
		}
		name := two[0].(map[string]any)["name"].(string)
		if r := c.Do("DELETE", "/api/properties/"+id+"/images/"+name, nil); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
			t.Fatalf("delete photo: %d %s", r.Status, r.Raw)
		}
		if left := images("a photo deleted"); len(left) != 1 || left[0].(map[string]any)["name"] == name {
			t.Fatalf("after deleting %s: %v", name, left)
		}

		// Whose listing it is: the owner's own cards say mine, a visitor's not.
		got, _, _ := search(t, c, searches["newest"])
		if len(got) != 1 || got[0]["mine"] != true {
			t.Fatalf("the owner's search: %v", got)
		}
		if got, _, _ := search(t, visitor, searches["newest"]); got[0]["mine"] != false {
			t.Fatalf("a visitor's search: %v", got)
		}

		if r := c.Post("/api/properties/"+id+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		for name, q := range searches {
			if got, _, _ := search(t, visitor, q); len(got) != 0 {
				t.Errorf("%s: unpublished, still found", name)
			}
		}
	})
}

// TestSearchesWhileTheListingChanges: searches at once with saves of the
// listing, on both databases (under -race in make test-go, for the kept
// cards): each answer shows one of the saved descriptions, and once a save
// has answered, every search shows it or a later one.
func TestSearchesWhileTheListingChanges(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := publishListing(t, c, listing{postcode: "SW11 1AA", rentPounds: 1500, beds: 2, baths: 1, publish: true})
		d := with(with(with(with(details, "bedroomCount", 2), "bathroomCount", 1), "rentPence", 150000), "depositPence", 150000)
		const saves = 15
		var mu sync.Mutex
		saved := -1 // the last save that has answered
		var wg sync.WaitGroup
		for g := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				visitor := e.NewClient()
				q := []url.Values{{"sort": {"newest"}}, {"searchArea": {"SW11"}}, {"minimumBeds": {"2"}}}[g]
				for {
					mu.Lock()
					before := saved
					mu.Unlock()
					got, _, r := search(t, visitor, q)
					if r.Status != http.StatusOK || len(got) != 1 || got[0]["id"] != id {
						t.Errorf("search: %d %s", r.Status, r.Raw)
						return
					}
					var n int
					if _, err := fmt.Sscanf(got[0]["shortDescription"].(string), "Save %d.", &n); err != nil {
						n = -1 // the description it was published with
					}
					if n < before {
						t.Errorf("save %d had answered, a search then showed save %d", before, n)
						return
					}
					if before == saves-1 {
						return
					}
				}
			}()
		}
		for i := range saves {
			if r := c.Do("PUT", "/api/properties/"+id+"/details", with(d, "shortDescription", fmt.Sprintf("Save %d.", i))); r.Status != http.StatusOK {
				t.Fatalf("save %d: %d %s", i, r.Status, r.Raw)
			}
			mu.Lock()
			saved = i
			mu.Unlock()
		}
		wg.Wait()
	})
}
