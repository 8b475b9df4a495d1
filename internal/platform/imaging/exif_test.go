package imaging

import (
	"context"
	"os"
	"testing"
	"time"
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
