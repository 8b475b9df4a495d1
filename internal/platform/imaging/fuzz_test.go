package imaging

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"testing"
)

// fuzzMaxPixels keeps fuzzing fast: bigger headers are refused by Check.
const fuzzMaxPixels = 1 << 18

// fuzzSeeds are small valid images of every kind the product meets.
func fuzzSeeds(t testing.TB) [][]byte {
	small := gradient(17, 11)
	jpg := encJPEG(t, small, 80)
	gray := image.NewGray(image.Rect(0, 0, 9, 7))
	return [][]byte{
		encPNG(t, small),
		encPNG(t, gray),
		encPNG(t, image.NewNRGBA64(image.Rect(0, 0, 5, 3))),
		encPNG(t, image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White})),
		jpg,
		encJPEG(t, gray, 70),
		withSegments(jpg, exifAPP1(6)),
		withSegments(jpg, exifAPP1(3)),
		bombPNG(50000, 50000),
		[]byte("GIF89a"),
		{},
	}
}

// FuzzCheck feeds arbitrary bytes to the upload path: Check, then Clean,
// Dimensions and Resize on what it accepts. Nothing may panic; refusals are
// one of the sentinel errors; an accepted image cleans into one that Check
// accepts again, of the same kind, with the displayed dimensions.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := context.Background()
		got, kind, w, h, err := Check(bytes.NewReader(data), Limits{MaxPixels: fuzzMaxPixels})
		if err != nil {
			if !errors.Is(err, ErrNotImage) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTooManyPixels) {
				t.Fatalf("Check refused with an unexpected error: %v", err)
			}
			return
		}
		if w <= 0 || h <= 0 || w*h > fuzzMaxPixels || !bytes.Equal(got, data) {
			t.Fatalf("Check accepted %dx%d (or changed the bytes)", w, h)
		}
		clean, err := Clean(ctx, data, kind)
		if err != nil {
			if !errors.Is(err, ErrNotImage) {
				t.Fatalf("Clean: %v", err)
			}
			return // a valid header over broken pixel data
		}
		_, k2, w2, h2, err := Check(bytes.NewReader(clean), Limits{MaxPixels: fuzzMaxPixels})
		if err != nil || k2 != kind {
			t.Fatalf("cleaned image refused: %v (kind %s, was %s)", err, k2, kind)
		}
		if !(w2 == w && h2 == h) && !(w2 == h && h2 == w) {
			t.Fatalf("cleaned %dx%d from %dx%d", w2, h2, w, h)
		}
		if dw, dh, err := Dimensions(clean); err != nil || dw != w2 || dh != h2 {
			t.Fatalf("Dimensions %dx%d %v, want %dx%d", dw, dh, err, w2, h2)
		}
		out, rw, rh, err := Resize(ctx, data, kind, 8, 8)
		if err != nil {
			t.Fatalf("Resize of an image Clean decoded: %v", err)
		}
		if rw < 1 || rh < 1 || rw > 8 || rh > 8 {
			t.Fatalf("Resize gave %dx%d", rw, rh)
		}
		if k, err := Sniff(out); err != nil || k != JPEG {
			t.Fatalf("Resize output is %s %v", k, err)
		}
	})
}

// FuzzJPEGOrientation walks arbitrary marker segments and TIFF structures:
// reading the capture time never panics, the orientation is always 1-8, and orient applies it to an image without
// panicking, swapping the sides for 5-8.
func FuzzJPEGOrientation(f *testing.F) {
	jpg := encJPEG(f, gradient(6, 4), 80)
	f.Add(jpg)
	for o := range uint16(10) {
		f.Add(withSegments(jpg, exifAPP1(o)))
	}
	f.Add(withSegments(jpg, segment(0xE1, []byte("Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00\x06\x00"))))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x02})
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xFF, 0xFF})
	f.Fuzz(func(t *testing.T, data []byte) {
		if at, ok := CaptureTime(data); ok && at.Year() < 1900 {
			t.Fatalf("capture time %v", at)
		}
		o := jpegOrientation(data)
		if o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
		for _, img := range []image.Image{
			gradient(3, 2),
			image.NewYCbCr(image.Rect(0, 0, 5, 3), image.YCbCrSubsampleRatio420),
			image.NewGray(image.Rect(0, 0, 2, 3)),
		} {
			b := img.Bounds()
			out := orient(img, o).Bounds()
			wantW, wantH := b.Dx(), b.Dy()
			if o >= 5 {
				wantW, wantH = wantH, wantW
			}
			if out.Dx() != wantW || out.Dy() != wantH {
				t.Fatalf("orient %d: %v from %v", o, out, b)
			}
		}
	})
}
