package inventory_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
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
			"Captured (external device)", "Captured (via App)", "Captured (certified by inspector)", "Added",
			"Pre-arrival document serving", "Gas Safety Certificate", "Expires 31/03/2027; 1 page",
			"Schedule of cleanliness and condition", "Kitchen", "Bedroom", "Bedroom 1", "Garden", "Lawn worn by the gate.",
			"Utility details", "Under the stairs", "01234",
			"Room details", "Oven", "Freestanding", "Belling", "Cleanliness", "PAT tested", "Clean inside.", "Scratch on the door glass.",
			"Tom Tenant", "tom@example.com", "01/12/2026", "Lara Lord", "lord@example.com", "2 front door keys",
			"Evidence", "Report begun", "51.46000, -0.17000", "Page 1 of",
		}
		for _, ev := range evs {
			want = append(want, ev.Name, ev.SHA256)
		}
		for _, s := range want {
			if !strings.Contains(text, s) {
				t.Errorf("the PDF lacks %q", s)
			}
		}
		if strings.Contains(text, "Photo unavailable") {
			t.Errorf("a photo was not drawn")
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
