package imaging

import (
	"context"
	"math"
	"os"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// testdata/captured.jpg is a 64x48 JPEG whose EXIF says it was taken at
// 2026:03:14 09:26:53, offset +01:00 (DateTimeOriginal, OffsetTimeOriginal).
func TestCaptureTime(t *testing.T) {
	data, err := os.ReadFile("testdata/captured.jpg")
	if err != nil {
		t.Fatal(err)
	}
	at, ok := CaptureTime(data)
	if want := time.Date(2026, 3, 14, 8, 26, 53, 0, time.UTC); !ok || !at.Equal(want) {
		t.Fatalf("capture time %v %v, want %v", at, ok, want)
	}
	clean, err := Clean(context.Background(), data, JPEG)
	if err != nil {
		t.Fatal(err)
	}
	if at, ok := CaptureTime(clean); ok {
		t.Fatalf("cleaned file still says %v", at)
	}
	jpg := encJPEG(t, gradient(6, 4), 80)
	for _, d := range [][]byte{jpg, withSegments(jpg, exifAPP1(6)), data[:40], nil} {
		if at, ok := CaptureTime(d); ok {
			t.Fatalf("no capture time expected, got %v", at)
		}
	}
}

// A phone that writes no offset keeps its clock in UK time: 14:00 on a
// summer's day is 13:00 UTC (BST), 14:00 in winter is 14:00 UTC (GMT); an
// offset, when written, is used as it is. The position is read as written.
func TestCaptureTimeWithoutOffsetIsUKTime(t *testing.T) {
	jpg := encJPEG(t, gradient(8, 8), 80)
	for _, tc := range []struct {
		taken, offset string
		want          time.Time
	}{
		{"2026:07:14 14:00:00", "", time.Date(2026, 7, 14, 13, 0, 0, 0, time.UTC)},
		{"2026:01:14 14:00:00", "", time.Date(2026, 1, 14, 14, 0, 0, 0, time.UTC)},
		{"2026:03:29 00:30:00", "", time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)}, // before the clocks go forward at 01:00
		{"2026:03:29 02:30:00", "", time.Date(2026, 3, 29, 1, 30, 0, 0, time.UTC)}, // after
		{"2026:07:14 14:00:00", "+02:00", time.Date(2026, 7, 14, 12, 0, 0, 0, time.UTC)},
		{"2026:07:14 14:00:00", "+00:00", time.Date(2026, 7, 14, 14, 0, 0, 0, time.UTC)},
	} {
		at, ok := CaptureTime(imagingtest.WithExif(jpg, imagingtest.Exif{Taken: tc.taken, Offset: tc.offset}))
		if !ok || !at.Equal(tc.want) || at.Location() != time.UTC {
			t.Errorf("%s %q: capture time %v %v, want %v", tc.taken, tc.offset, at, ok, tc.want)
		}
	}
	paris := imagingtest.WithExif(jpg, imagingtest.Exif{Taken: "2026:07:14 14:00:00", GPS: true, Lat: 48.8584, Lng: 2.2945})
	if lat, lng, ok := Location(paris); !ok || math.Abs(lat-48.8584) > 1e-4 || math.Abs(lng-2.2945) > 1e-4 {
		t.Errorf("position %v %v %v", lat, lng, ok)
	}
}
