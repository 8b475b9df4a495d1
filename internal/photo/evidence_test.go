package photo_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/photo"
)

// Every photo keeps, as evidence, the SHA-256 of the file it serves as the
// original, the capture time the upload's EXIF gave (read before cleaning),
// the upload time, its origin and the record it belongs to.
func TestEvidenceKeptWithEachPhoto(t *testing.T) {
	captured, err := os.ReadFile("../platform/imaging/testdata/captured.jpg") // EXIF: taken 2026:03:14 09:26:53 +01:00
	if err != nil {
		t.Fatal(err)
	}
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		c, id := landlordWithProperty(t, e, "owner@example.com")
		for _, tc := range []struct {
			file     []byte
			captured *time.Time
		}{
			{captured, ptr(time.Date(2026, 3, 14, 8, 26, 53, 0, time.UTC))},
			{jpegOf(t, 40, 30), nil},
			{pngOf(t, 40, 30), nil},
		} {
			r := upload(c, id, "a.jpg", "image/jpeg", tc.file)
			if r.Status != http.StatusCreated {
				t.Fatalf("upload: %d %s", r.Status, r.Raw)
			}
			img := r.Body["image"].(map[string]any)
			name := img["name"].(string)
			status, _, served := fetch(t, c, "/api/photos/original/"+name)
			if status != http.StatusOK {
				t.Fatalf("original: %d", status)
			}
			ev, err := e.App.Photos.Evidence(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(served)
			if ev.SHA256 != hex.EncodeToString(sum[:]) {
				t.Errorf("%s: hash %q is not the SHA-256 of the served original", name, ev.SHA256)
			}
			if ev.OwnerKind != photo.KindProperty || ev.OwnerID != id || ev.Origin != photo.FromUpload || ev.Name != name {
				t.Errorf("owner and origin: %+v", ev)
			}
			if (ev.CapturedAt == nil) != (tc.captured == nil) || (ev.CapturedAt != nil && !ev.CapturedAt.Equal(*tc.captured)) {
				t.Errorf("%s: captured at %v, want %v", name, ev.CapturedAt, tc.captured)
			}
			if !ev.UploadedAt.Equal(e.Clock.Now().UTC().Truncate(time.Millisecond)) {
				t.Errorf("uploaded at %v, now %v", ev.UploadedAt, e.Clock.Now())
			}
			// Resizing later does not change what the original proves.
			e.RunJobs()
			if again, _ := e.App.Photos.Evidence(ctx, name); !reflect.DeepEqual(again, ev) {
				t.Errorf("evidence changed after resizing: %+v, was %+v", again, ev)
			}
		}
		if _, err := e.App.Photos.Evidence(ctx, "nosuchphoto00000.jpg"); err == nil {
			t.Error("evidence of an unknown photo")
		}
	})
}

func ptr[T any](v T) *T { return &v }
