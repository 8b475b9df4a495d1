package inventory_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
)

// The report PDF: the spec's sections from the report's data, its photos
// with their terms, and the evidence page with each photo's hash.
func TestReportPDF(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn,
			"location": map[string]any{"lat": 51.46, "lng": -0.17, "accuracy": 20}})["id"].(string)
		base := "/api/inventory/reports/" + id + "/photos"
		var names []string
		for _, q := range []struct {
			query string
			w, h  int
		}{{"?origin=camera", 800, 600}, {"", 600, 800}} {
			up := c.Upload(base+q.query, "p.jpg", "image/jpeg", jpegOf(t, q.w, q.h))
			if up.Status != 201 {
				t.Fatalf("photo: %d %s", up.Status, up.Raw)
			}
			names = append(names, up.Body["photo"].(map[string]any)["name"].(string))
		}
		e.RunJobs() // thumbnails
		d := fullData(names[0])
		d["settings"].(map[string]any)["coverPhoto"] = names[1]
		d["documentsAndCompliance"] = []any{map[string]any{"kind": "Gas Safety Certificate", "expiry": "2027-03-31", "files": []any{names[1]}}}
		d["outsideProperty"] = []any{map[string]any{"id": 0, "name": "Garden", "tag": "Garden", "done": true,
			"overview": map[string]any{"rating": "Marked", "description": "Lawn worn by the gate.", "photos": []any{names[1]}}, "items": []any{}}}
		oven := d["insideProperty"].([]any)[0].(map[string]any)["items"].([]any)[0].(map[string]any)
		oven["overview"] = map[string]any{"rating": "Marked", "description": "Scratch on the door glass.", "photos": []any{}}
		if r := save(c, id, 1, d); r.Status != 200 {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		u, err := e.App.Auth.UserByEmail(ctx, "clerk@example.com")
		if err != nil {
			t.Fatal(err)
		}
		rec, err := e.App.Inventory.Get(ctx, u.Actor(), id)
		if err != nil {
			t.Fatal(err)
		}
		out, err := e.App.Inventory.RenderPDF(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(out), "%PDF") {
			t.Fatal("not a PDF")
		}
		if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "inventory-report.pdf"), out, 0o600) // to look at
		}
		text := pdftest.Text(t, out)
		_, evs, err := e.App.Inventory.Photos(ctx, u.Actor(), id)
		if err != nil || len(evs) != 2 {
			t.Fatalf("evidence: %v %d", err, len(evs))
		}
		want := []string{
			inventory.TypeCheckIn, "12 Lavender Hill, London, SW11 5RW", "Ines Pector", "ines@example.com", "02/11/2026", "Draft",
			"Glossary", "Damaged", "Marked", "Dirty", "Dusty", "Fine", "Very poor", "Poor", "Fair", "Good", "New Item",
			"Captured (via App)", "Added",
			"Pre-arrival document serving", "Gas Safety Certificate", "Expires 31/03/2027; 1 page",
			"Schedule of cleanliness and condition", "Kitchen", "Bedroom", "Bedroom 1", "Garden", "Lawn worn by the gate.",
			"Utility details", "Under the stairs", "01234",
			"Room details", "Oven", "Freestanding", "Belling", "Cleanliness", "PAT tested", "Clean inside.", "Scratch on the door glass.",
			"Tom Tenant", "tom@example.com", "01/12/2026", "Lara Lord", "lord@example.com", "2 front door keys",
			"Evidence", "Report begun", "51.46000, -0.17000", "Page 1 of", "OmniScan Check-in report, 12 Lavender Hill",
		}
		// Photos are named by their number in the report's order and their
		// place, in the grid's captions and on the evidence page; a file
		// name is an internal name and never printed.
		want = append(want, "Photo 1, Cover", "Photo 2, Kitchen, Oven", "1. Added", "2. Captured (via App)")
		for _, ev := range evs {
			want = append(want, ev.SHA256)
			if strings.Contains(text, strings.TrimSuffix(ev.Name, ".jpg")) {
				t.Errorf("the PDF prints the photo's file name %q", ev.Name)
			}
		}
		for _, s := range want {
			if !strings.Contains(text, s) {
				t.Errorf("the PDF lacks %q", s)
			}
		}
		if strings.Contains(text, "Photo unavailable") {
			t.Errorf("a photo was not drawn")
		}
		// The glossary defines only the terms the captions use.
		for _, s := range []string{"Captured (external device)", "Captured (certified by inspector)"} {
			if strings.Contains(text, s) {
				t.Errorf("the PDF defines %q, which no photo can be", s)
			}
		}
		if strings.Contains(text, "Signatures") {
			t.Errorf("a draft has a signatures page")
		}
		if !strings.Contains(text, "Gas Safety Certificate, page 1 of 1 (expires 31/03/2027)") {
			t.Errorf("the certificate's page is not printed on a page of its own")
		}
		// Once signed, the signing package's signatures page follows.
		verifyCode(t, e, c, "clerk@example.com", id)
		payFee(t, c, id)
		if r := c.Sign("/api/inventory/reports/"+id, typed("Ines Pector")); r.Status != 200 {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
		if rec, err = e.App.Inventory.Get(ctx, u.Actor(), id); err != nil {
			t.Fatal(err)
		}
		if out, err = e.App.Inventory.RenderPDF(ctx, rec); err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "inventory-report-signed.pdf"), out, 0o600)
		}
		text = pdftest.Text(t, out)
		for _, s := range []string{"Signatures", "Ines Pector", "clerk@example.com", "Not signed", "tom@example.com", "Signed", "Awaiting signatures"} {
			if !strings.Contains(text, s) {
				t.Errorf("the signed PDF lacks %q", s)
			}
		}
	})
}

// A photo that cannot be read is a grey box, not a failed PDF.
func TestReportPDFMissingPhoto(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckOut})["id"].(string)
		u, err := e.App.Auth.UserByEmail(ctx, "clerk@example.com")
		if err != nil {
			t.Fatal(err)
		}
		rec, err := e.App.Inventory.Get(ctx, u.Actor(), id)
		if err != nil {
			t.Fatal(err)
		}
		// The data names a photo the store does not have (as after a lost file).
		rec.Data.Settings.CoverPhoto = "0123456789abcdef0123456789abcdef.jpg"
		out, err := e.App.Inventory.RenderPDF(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		text := pdftest.Text(t, out)
		for _, s := range []string{"Photo unavailable", "Keys and alarms at check-out", "location not shared", "Page 1 of"} {
			if !strings.Contains(text, s) {
				t.Errorf("the PDF lacks %q", s)
			}
		}
	})
}

// A photo's own time and place are printed with what they are worth: a
// phone's time without an offset is UK time; a camera date after the
// upload, one more than a day before the report was begun and a position
// far from the property are said so in plain words under the photo and on
// the evidence page, and in the evidence the report's pages read; a photo
// sent as taken in the app whose date says otherwise is Added; captions
// show the time the glossary says they show.
func TestReportPDFDoubtfulPhotos(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		e.Clock.Set(time.Date(2027, 7, 14, 12, 50, 0, 0, time.UTC)) // 13:50 BST
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		e.Clock.Set(time.Date(2027, 7, 14, 13, 5, 0, 0, time.UTC)) // 14:05 BST
		base := "/api/inventory/reports/" + id + "/photos"
		up := func(query string, x imagingtest.Exif) string {
			t.Helper()
			r := c.Upload(base+query, "p.jpg", "image/jpeg", imagingtest.WithExif(jpegOf(t, 80, 60), x))
			if r.Status != 201 {
				t.Fatalf("photo: %d %s", r.Status, r.Raw)
			}
			return r.Body["photo"].(map[string]any)["name"].(string)
		}
		now := imagingtest.Exif{Taken: "2027:07:14 14:00:00"} // UK wall-clock time, no offset: 13:00 UTC
		inApp := up("?origin=camera", imagingtest.Exif{Taken: now.Taken, GPS: true, Lat: 51.4637, Lng: -0.1677})
		future := up("", imagingtest.Exif{Taken: "2031:01:01 09:00:00"})
		old := up("?origin=camera", imagingtest.Exif{Taken: "2019:05:01 10:00:00"})
		paris := up("?origin=camera", imagingtest.Exif{Taken: now.Taken, GPS: true, Lat: 48.8584, Lng: 2.2945})
		e.RunJobs()
		d := fullData("")
		oven := d["insideProperty"].([]any)[0].(map[string]any)["items"].([]any)[0].(map[string]any)
		oven["photos"] = []any{inApp, future, old, paris}
		if r := save(c, id, 1, d); r.Status != 200 {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		text := pdfOf(t, e, "clerk@example.com", id)
		for _, s := range []string{
			"Taken 14/07/2027 14:00 BST",               // the phone's 14:00 is 14:00 BST, not 15:00
			"Uploaded 14/07/2027 14:05 BST",            // the Added photos show their upload time
			"Camera date after upload: not relied on",  // 2031
			"Camera date over a day before the report", // 2019
			"is after the photo was uploaded",          // the evidence page says why
			"more than a day before this report was begun",
			"Sent as taken with the app's camera", // the 2019 photo
			"km from the centre of the property's postcode district",
		} {
			if !strings.Contains(text, s) {
				t.Errorf("the PDF lacks %q", s)
			}
		}
		for _, s := range []string{"Taken 01/01/2031", "Taken 01/05/2019", "15:00 BST"} {
			if strings.Contains(text, s) {
				t.Errorf("the PDF says %q", s)
			}
		}
		if !regexp.MustCompile(`Taken about 3\d\d km from the property`).MatchString(text) {
			t.Errorf("the Paris photo is not noted under it")
		}
		// Captured (via App): the glossary's, and the caption and evidence
		// line of the photo taken now and of the one from Paris.
		if n := strings.Count(text, "Captured (via App)"); n != 1+2*2 {
			t.Errorf("Captured (via App) %d times, want 5", n)
		}
		if !strings.Contains(text, "Camera's date 01/01/2031 09:00:00 GMT") {
			t.Errorf("the evidence page lacks the 2031 photo's own date")
		}
		// The pages read the same notes with the evidence.
		_, evs, err := e.App.Inventory.Photos(ctx, actorOf(t, e, "clerk@example.com"), id)
		if err != nil {
			t.Fatal(err)
		}
		notes := map[string]int{}
		for _, ev := range evs {
			notes[ev.Name] = len(ev.Notes)
		}
		if want := map[string]int{inApp: 0, future: 1, old: 2, paris: 1}; !reflect.DeepEqual(notes, want) {
			t.Errorf("notes per photo %v, want %v", notes, want)
		}
		r := c.Get(base)
		if list, _ := r.Body["evidence"].([]any); len(list) != 4 || list[0].(map[string]any)["notes"] == nil {
			t.Errorf("evidence JSON: %s", r.Raw)
		}
	})
}
