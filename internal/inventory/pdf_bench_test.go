package inventory_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// BenchmarkReportPDF draws the PDF of a report of 20 rooms, 100 items and
// 100 twelve-megapixel photos (uploaded through the API and resized by the
// photo job once, in setup). Target: under 2 s and under 20 MB.
func BenchmarkReportPDF(b *testing.B) {
	const nPhotos = 100
	srcs := make([][]byte, nPhotos)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				srcs[i] = imagingtest.PhoneJPEG(b, 4000, 3000, uint64(i+1))
			}
		})
	}
	for i := range nPhotos {
		next <- i
	}
	close(next)
	wg.Wait()

	e := apptest.Start(b, dbtest.Open(b, db.SQLite), nil)
	c, pid := landlordWithProperty(b, e, "clerk@example.com")
	r := c.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})
	id := r.Body["report"].(map[string]any)["id"].(string)
	names := make([]string, 0, nPhotos)
	for i, src := range srcs {
		origin := map[bool]string{true: "?origin=camera", false: ""}[i%2 == 0]
		up := c.Upload("/api/inventory/reports/"+id+"/photos"+origin, "IMG.JPG", "image/jpeg", src)
		if up.Status != 201 {
			b.Fatalf("upload %d: %d %s", i, up.Status, up.Raw)
		}
		names = append(names, up.Body["photo"].(map[string]any)["name"].(string))
	}
	e.RunJobs() // the thumbnails and large sizes
	cat, err := inventory.LoadCatalogue()
	if err != nil {
		b.Fatal(err)
	}
	d := fullData("")
	d["settings"].(map[string]any)["coverPhoto"] = names[0]
	var rooms []any
	n := 0
	for i, room := range cat.Inside[:20] {
		var items []any
		for j, it := range cat.ItemsFor(room) {
			if j == 5 {
				break
			}
			items = append(items, map[string]any{"id": 0, "name": it, "tag": it, "completed": true, "notes": "Good order, light wear by the door.",
				"photos": []any{names[n%nPhotos]}, "description": map[string]any{}, "disputeAvoidance": map[string]any{"Cleanliness": []any{"Good"}}})
			n++
		}
		rooms = append(rooms, map[string]any{"id": 0, "name": room, "tag": fmt.Sprintf("%s %d", room, i), "done": true,
			"overview": map[string]any{"rating": "Fine", "description": "Walls and floor sound.", "photos": []any{}}, "items": items})
	}
	d["insideProperty"] = rooms
	if r := save(c, id, 1, d); r.Status != 200 {
		b.Fatal(r.Raw)
	}
	ctx := context.Background()
	u, err := e.App.Auth.UserByEmail(ctx, "clerk@example.com")
	if err != nil {
		b.Fatal(err)
	}
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		rec, err := e.App.Inventory.Get(ctx, u.Actor(), id)
		if err != nil {
			b.Fatal(err)
		}
		if out, err = e.App.Inventory.RenderPDF(ctx, rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out))/1e6, "MB")
	if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "inventory-report-100-photos.pdf"), out, 0o600) // to look at
	}
	b.ReportMetric(float64(n), "items")
}
