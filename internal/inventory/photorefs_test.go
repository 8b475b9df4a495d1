package inventory_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// namedPhotos are the photo names a report's data holds.
func namedPhotos(d map[string]any) []string {
	var out []string
	var walk func(v any, key string)
	walk = func(v any, key string) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				if k == "coverPhoto" {
					if s, _ := c.(string); s != "" {
						out = append(out, s)
					}
					continue
				}
				walk(c, k)
			}
		case []any:
			for _, c := range x {
				if s, ok := c.(string); ok && (key == "photos" || key == "files") {
					out = append(out, s)
				} else {
					walk(c, key)
				}
			}
		}
	}
	walk(d, "")
	return out
}

// reportPhotos reads the report's revision, the photos its data names and
// the photos it has.
func reportPhotos(t *testing.T, c *apptest.Client, id string) (float64, []string, map[string]bool) {
	t.Helper()
	rep := c.Get("/api/inventory/reports/" + id).Body["report"].(map[string]any)
	have := map[string]bool{}
	for _, p := range c.Get("/api/inventory/reports/" + id + "/photos").Body["photos"].([]any) {
		have[p.(map[string]any)["name"].(string)] = true
	}
	return rep["revision"].(float64), namedPhotos(rep["data"].(map[string]any)), have
}

func uploadReportPhoto(t *testing.T, c *apptest.Client, id string) string {
	t.Helper()
	r := c.Upload("/api/inventory/reports/"+id+"/photos", "oven.jpg", "image/jpeg", jpegOf(t, 32, 24))
	if r.Status != 201 {
		t.Fatalf("upload: %d %s", r.Status, r.Raw)
	}
	return r.Body["photo"].(map[string]any)["name"].(string)
}

// Issue 24, photos: a photo the report's data names is not deleted (before
// the fix: 204, and every later autosave answered 400); once the data no
// longer names it, it is. A save naming a photo that has been deleted is
// saved without it, with a message, instead of failing (before: 400 for
// ever). A photo of another report is still refused.
func TestPhotoNamedByAReport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		pic := uploadReportPhoto(t, c, id)
		if r := save(c, id, 1, fullData(pic)); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		del := func(name string) apptest.Response {
			return c.Do(http.MethodDelete, "/api/inventory/reports/"+id+"/photos/"+name, nil)
		}
		if r := del(pic); r.Status != 409 || r.ErrorMessage() != inventory.MsgPhotoInReport {
			t.Fatalf("delete a photo the report names: %d %s", r.Status, r.Raw)
		}
		if r := save(c, id, 2, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if r := del(pic); r.Status != 204 {
			t.Fatalf("delete a photo no longer named: %d %s", r.Status, r.Raw)
		}
		// A device that still shows the photo saves it: saved without it.
		r := save(c, id, 3, fullData(pic))
		if r.Status != 200 || r.Body["message"] != inventory.MsgPhotoLeftOut {
			t.Fatalf("save naming a deleted photo: %d %s", r.Status, r.Raw)
		}
		if _, named, _ := reportPhotos(t, c, id); len(named) != 0 {
			t.Errorf("a deleted photo is still named: %v", named)
		}
		if r := save(c, id, 4, fullData("")); r.Status != 200 || r.Body["message"] != nil {
			t.Errorf("next save: %d %s", r.Status, r.Raw)
		}
		// Another report's photo is refused, as before.
		other := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		theirs := uploadReportPhoto(t, c, other)
		if r := save(c, id, 5, fullData(theirs)); r.Status != 400 || r.ErrorMessage() != inventory.MsgPhotoNotInThis {
			t.Errorf("another report's photo: %d %s", r.Status, r.Raw)
		}
	})
}

// Issue 24, photos: a photo is deleted while an autosave names it. Before
// the fix the save's check and the delete passed each other and the report
// named a deleted photo, after which every autosave answered 400 (the
// probe saw it 1 round in 4 on SQLite and 2 in 4 on PostgreSQL; this test
// failed within its 20 rounds on both). Now either the delete is refused
// (the save came first) or the save leaves the photo out and says so; the
// data never names a missing photo and the next save succeeds.
func TestPhotoDeletedWhileAutosaveNamesIt(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(c, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		racetest.Rounds(t, 20, func(t *testing.T, round int) {
			pic := uploadReportPhoto(t, c, id)
			rev, _, _ := reportPhotos(t, c, id)
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return c.Do(http.MethodDelete, "/api/inventory/reports/"+id+"/photos/"+pic, nil)
				}
				return save(c, id, rev, fullData(pic))
			})
			del, sv := res[0], res[1]
			if sv.Status != 200 {
				t.Fatalf("save: %d %s", sv.Status, sv.Raw)
			}
			switch {
			case del.Status == 204 && sv.Body["message"] == inventory.MsgPhotoLeftOut: // delete first
			case del.Status == 409 && sv.Body["message"] == nil: // save first
			default:
				t.Fatalf("delete %d %s; save %s", del.Status, del.Raw, sv.Raw)
			}
			rev, named, have := reportPhotos(t, c, id)
			for _, n := range named {
				if !have[n] {
					t.Fatalf("the report names a deleted photo %s", n)
				}
			}
			// The next autosave goes through, and the photo is no longer named.
			if r := save(c, id, rev, fullData("")); r.Status != 200 {
				t.Fatalf("next save: %d %s", r.Status, r.Raw)
			}
		})
	})
}
