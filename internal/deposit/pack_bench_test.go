package deposit_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// BenchmarkEvidencePack200Photos: the evidence pack of a tenancy whose
// check-in and check-out reports hold 200 photos between them (100 each,
// over 10 rooms of 10 items, uploaded through the API and resized by the
// photo job in set-up), with three disputed deductions each showing its
// item's photos side by side. Each round a tenant's comment changes (not
// timed), so the pack is drawn and sealed anew: the whole request, as a
// party downloads it. Targets (issue 45): under 5 s and under 20 MB
// (deposit.MaxPackBytes). With -short (make bench, which only keeps the
// benchmarks running) the reports hold 20 photos: the 200 photos' set-up
// alone takes most of a minute.
func BenchmarkEvidencePack200Photos(b *testing.B) {
	e := apptest.Start(b, dbtest.Open(b, db.SQLite), nil)
	h := e.NewHousehold(nil)
	if r := h.Lord.Do(http.MethodPut, "/api/contracts/"+h.TenancyID+"/deposit-received", map[string]any{"depositReceivedOn": "2026-10-20"}); r.Status != http.StatusOK {
		b.Fatalf("deposit received: %d %s", r.Status, r.Raw)
	}
	rooms, perRoom, photos := 10, 10, 100
	if testing.Short() {
		rooms, perRoom, photos = 2, 5, 10
	}
	e.SignedCheckOutWithPhotos(h, rooms, perRoom, photos, photos, func(i int) []byte { return imagingtest.PhoneJPEG(b, 1600, 1200, uint64(i+1)) })
	var lines []map[string]any
	var keys []string
	d := h.Lord.Get("/api/deposits/tenancies/" + h.TenancyID + "/deductions")
	items, _ := d.Body["items"].([]any)
	for _, it := range items {
		if m := it.(map[string]any); len(m["inPhotos"].([]any)) > 0 && len(m["outPhotos"].([]any)) > 0 && len(keys) < 3 {
			keys = append(keys, m["key"].(string))
		}
	}
	if len(keys) < 3 {
		b.Fatalf("items with photos: %v", keys)
	}
	for _, key := range keys {
		r := h.Lord.Post("/api/deposits/tenancies/"+h.TenancyID+"/deductions", map[string]any{"itemKey": key, "reason": "damage", "costPence": 20000,
			"itemType": "furniture", "ageMonths": 24})
		if r.Status != http.StatusCreated {
			b.Fatalf("add line: %d %s", r.Status, r.Raw)
		}
		lines = append(lines, r.Body["line"].(map[string]any))
	}
	round := 0
	dispute := func() {
		round++
		for _, l := range lines {
			if r := answer(h.Tom, l["id"].(string), 1, "dispute", fmt.Sprintf("It was like this when we moved in (round %d).", round)); r.Status != http.StatusOK {
				b.Fatalf("dispute: %d %s", r.Status, r.Raw)
			}
		}
	}
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		dispute()
		b.StartTimer()
		st, pack, _ := downloadPack(b, h.Lord, h.TenancyID)
		if st != http.StatusOK {
			b.Fatalf("pack: %d %s", st, pack)
		}
		out = pack
	}
	b.ReportMetric(float64(len(out))/1e6, "MB")
	if len(out) > 20<<20 {
		b.Errorf("the pack is %.1f MB, over 20 MB", float64(len(out))/(1<<20))
	}
	if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "deposit-evidence-pack-200-photos.pdf"), out, 0o600) // to look at
	}
}
