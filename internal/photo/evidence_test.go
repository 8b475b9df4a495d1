package photo_test

import (
	"bytes"
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
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
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

// The page's word that a photo was taken with the app's camera is checked
// against the photo's own capture time: a time close to the upload keeps
// "camera"; one too far before it (an old file from the gallery) or after
// it (impossible) is recorded as an upload, and says so, also when read
// back; a photo with no capture time keeps the page's word.
func TestCameraOriginCheckedAgainstCaptureTime(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		_, id := landlordWithProperty(t, e, "owner@example.com")
		u, err := e.App.Auth.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		now := e.Clock.Now().In(time.UTC)
		exif := func(at time.Time) []byte {
			return imagingtest.WithExif(jpegOf(t, 40, 30), imagingtest.Exif{Taken: at.Format("2006:01:02 15:04:05"), Offset: "+00:00"})
		}
		for _, tc := range []struct {
			what         string
			file         []byte
			origin       string
			notConfirmed bool
		}{
			{"taken a minute ago", exif(now.Add(-time.Minute)), photo.FromCamera, false},
			{"phone clock 5 minutes fast", exif(now.Add(5 * time.Minute)), photo.FromCamera, false},
			{"taken in 2019", exif(time.Date(2019, 6, 1, 12, 0, 0, 0, time.UTC)), photo.FromUpload, true},
			{"taken 2 hours ago", exif(now.Add(-2 * time.Hour)), photo.FromUpload, true},
			{"dated 2031", exif(time.Date(2031, 1, 1, 12, 0, 0, 0, time.UTC)), photo.FromUpload, true},
			{"no capture time", jpegOf(t, 40, 30), photo.FromCamera, false},
		} {
			_, ev, err := e.App.Photos.UploadFrom(ctx, photo.KindProperty, u.Actor(), id, photo.FromCamera, bytes.NewReader(tc.file))
			if err != nil {
				t.Fatalf("%s: %v", tc.what, err)
			}
			again, err := e.App.Photos.Evidence(ctx, ev.Name)
			if err != nil {
				t.Fatal(err)
			}
			for _, got := range []photo.Evidence{ev, again} {
				if got.Origin != tc.origin || got.CameraNotConfirmed != tc.notConfirmed {
					t.Errorf("%s: origin %q, camera not confirmed %v; want %q, %v", tc.what, got.Origin, got.CameraNotConfirmed, tc.origin, tc.notConfirmed)
				}
			}
		}
		// A file chosen on the device is an upload, whatever its time says.
		_, ev, err := e.App.Photos.UploadFrom(ctx, photo.KindProperty, u.Actor(), id, photo.FromUpload, bytes.NewReader(exif(time.Date(2019, 6, 1, 12, 0, 0, 0, time.UTC))))
		if err != nil || ev.Origin != photo.FromUpload || ev.CameraNotConfirmed {
			t.Errorf("upload: %+v %v", ev, err)
		}
	})
}
