package inventory_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/imaging"
)

// A dispute photo sent as a GIF (17 KB that decode to 25 megapixels) waits
// for the decode budget like a PNG or a JPEG, before it is decoded (issue
// 26): with the budget taken it is refused with 503 and nothing big is
// allocated. Before, the GIF was decoded first (some 25 MB for the pixels
// and as much again for the PNG made of them) and refused only afterwards.
func TestDisputeGIFWaitsForThePixelBudget(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		sendReport(t, e, clerk, id)
		e.Clock.Advance(time.Second) // so the sign-up code is the newest e-mail
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		var g bytes.Buffer
		if err := gif.Encode(&g, image.NewPaletted(image.Rect(0, 0, 5000, 5000), color.Palette{color.White, color.Black}), nil); err != nil {
			t.Fatal(err)
		}
		hold, err := imaging.Acquire(context.Background(), 1, int(imaging.DecodeBudget), color.RGBAModel)
		if err != nil {
			t.Fatal(err)
		}
		restore := imaging.SetMaxWait(100 * time.Millisecond)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r := tom.Upload("/api/inventory/reports/"+id+"/dispute-photos", "bomb.gif", "image/gif", g.Bytes())
		runtime.ReadMemStats(&after)
		restore()
		hold()
		if r.Status != http.StatusServiceUnavailable {
			t.Errorf("with the decode budget taken: %d %s", r.Status, r.Raw)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
			t.Errorf("refused, yet %d MB were allocated: the GIF was decoded before the budget", n>>20)
		}
		// With the budget free it is accepted, as a PNG.
		if r := tom.Upload("/api/inventory/reports/"+id+"/dispute-photos", "bomb.gif", "image/gif", g.Bytes()); r.Status != 201 {
			t.Errorf("with the budget free: %d %s", r.Status, r.Raw)
		}
	})
}
