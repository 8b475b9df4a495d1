package photo_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/imaging"
)

func zeroPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, image.NewNRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type answer struct {
	status     int
	retryAfter string
	code, msg  string
}

// rawUpload posts body as it is (safe from many goroutines: no t.Fatal).
func rawUpload(c *apptest.Client, propertyID string, body []byte, contentType string) (answer, error) {
	req, _ := http.NewRequest(http.MethodPost, c.URL("/api/properties/"+propertyID+"/images"), bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var b struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	_ = json.Unmarshal(raw, &b)
	return answer{res.StatusCode, res.Header.Get("Retry-After"), b.Error.Code, b.Error.Message}, nil
}

func form(t testing.TB, data []byte) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, _ := w.CreateFormFile("file", "photo.png")
	_, _ = part.Write(data)
	_ = w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

// Eight probe-style images at once through the upload endpoint: the 36 MP
// ones are refused from their header (400 too_many_pixels, nothing decoded);
// the ones at the 25 MP limit are decoded at most DecodeBudget pixels at a
// time, each answered 201 or, when its turn did not come in time, 503 with
// Retry-After.
func TestConcurrentLargeUploadsAreBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 8 x 25 megapixels")
	}
	over, atLimit := zeroPNG(t, 6000, 6000), zeroPNG(t, 5000, 5000)
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		for _, tc := range []struct {
			name string
			data []byte
		}{{"6000x6000", over}, {"5000x5000", atLimit}} {
			body, ct := form(t, tc.data)
			imaging.ResetPeak()
			answers := make([]answer, 8)
			var wg sync.WaitGroup
			for i := range answers {
				wg.Go(func() {
					a, err := rawUpload(c, id, body, ct)
					if err != nil {
						a.msg = err.Error()
					}
					answers[i] = a
				})
			}
			wg.Wait()
			if p := imaging.Peak(); p > imaging.DecodeBudget {
				t.Errorf("%s: %d pixels decoded at once, over the budget %d", tc.name, p, imaging.DecodeBudget)
			}
			created := 0
			for _, a := range answers {
				switch {
				case tc.name == "6000x6000":
					if a.status != http.StatusBadRequest || a.msg != photo.MsgTooManyPixels {
						t.Errorf("%s: %+v, want 400 %q", tc.name, a, photo.MsgTooManyPixels)
					}
				case a.status == http.StatusCreated:
					created++
				case a.status == http.StatusServiceUnavailable:
					if a.code != "busy" || a.msg != photo.MsgBusy || a.retryAfter != "5" {
						t.Errorf("%s: busy answer %+v", tc.name, a)
					}
				default:
					t.Errorf("%s: %+v", tc.name, a)
				}
			}
			if tc.name == "5000x5000" && created == 0 {
				t.Errorf("no upload at the limit got through: %+v", answers)
			}
		}
	})
}

// With the decode budget taken, an upload waits, then answers 503 busy with
// Retry-After, and stores nothing; once free, the same upload goes through.
func TestUploadWhenBusyIs503(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		body, ct := form(t, pngOf(t, 64, 48))
		defer imaging.SetMaxWait(100 * time.Millisecond)()
		hold, err := imaging.Acquire(context.Background(), 1<<20, 1<<20, nil) // all of it
		if err != nil {
			t.Fatal(err)
		}
		a, err := rawUpload(c, id, body, ct)
		hold()
		if err != nil {
			t.Fatal(err)
		}
		if a.status != http.StatusServiceUnavailable || a.code != "busy" || a.msg != photo.MsgBusy || a.retryAfter != "5" {
			t.Fatalf("busy upload: %+v", a)
		}
		if r := c.Get("/api/properties/" + id); len(images(r, "property")) != 0 {
			t.Fatalf("a refused upload was kept: %s", r.Raw)
		}
		if a, err := rawUpload(c, id, body, ct); err != nil || a.status != http.StatusCreated {
			t.Fatalf("after the budget is back: %+v %v", a, err)
		}
	})
}

// A multipart body cut short is the client's fault: 400 with a clear
// message, not 500 "unexpected EOF".
func TestTruncatedUploadIs400(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		body, ct := form(t, jpegOf(t, 400, 300))
		for _, cut := range []int{len(body) / 2, len(body) - 8, 60} {
			a, err := rawUpload(c, id, body[:cut], ct)
			if err != nil {
				t.Fatal(err)
			}
			if a.status != http.StatusBadRequest || a.code != "bad_upload" || a.msg != httpx.MsgUploadCutShort {
				t.Errorf("cut at %d of %d: %+v", cut, len(body), a)
			}
		}
	})
}
