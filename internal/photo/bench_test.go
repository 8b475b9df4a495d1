package photo_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// phonePhoto is a 4000x3000 (12 MP) JPEG at quality 90 with gradients and
// noise, so it compresses about as badly as a real phone photo, carrying
// GPS EXIF like one.
func phonePhoto(b *testing.B) []byte {
	const w, h = 4000, 3000
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range img.Y {
		x, y := i%w, i/w
		img.Y[i] = uint8(max(0, min(255, (x*255/w+y*255/h)/2+rng.IntN(24)-12)))
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(64+i%(w/2)*128/(w/2)), uint8(64+i/(w/2)*128/(h/2))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return withGPS(buf.Bytes())
}

// BenchmarkUpload12MP measures, through the HTTP API on SQLite, the time
// until a 12 MP upload is acknowledged ("ack", target under 1 s) and until
// its thumbnail and large sizes are stored ("thumbs-ready": the upload plus
// the resize job, target under 2 s).
func BenchmarkUpload12MP(b *testing.B) {
	src := phonePhoto(b)
	b.Logf("source: 4000x3000 JPEG, %d bytes", len(src))
	e := apptest.Start(b, dbtest.Open(b, db.SQLite), nil)
	c, id := landlordWithProperty(b, e, "bench@example.com")
	clear := func(name string) {
		if r := c.Do("DELETE", "/api/properties/"+id+"/images/"+name, nil); r.Status != http.StatusNoContent {
			b.Fatalf("delete: %d", r.Status)
		}
	}
	for _, thumbs := range []bool{false, true} {
		name := map[bool]string{false: "ack", true: "thumbs-ready"}[thumbs]
		b.Run(name, func(b *testing.B) {
			var total time.Duration
			for b.Loop() {
				start := time.Now()
				r := upload(c, id, "IMG_1234.JPG", "image/jpeg", src)
				if r.Status != http.StatusCreated {
					b.Fatalf("upload: %d %s", r.Status, r.Raw)
				}
				if thumbs {
					e.RunJobs()
				}
				total += time.Since(start)
				b.StopTimer()
				clear(r.Body["image"].(map[string]any)["name"].(string))
				e.RunJobs()
				b.StartTimer()
			}
			b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/upload")
		})
	}
}
