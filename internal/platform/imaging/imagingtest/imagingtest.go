// Package imagingtest makes real PNG and JPEG files for tests of the
// image pipeline and the areas that take photos (properties, inventory
// reports): a gradient picture, so resizes and crops can be told apart.
package imagingtest

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// Picture is a w x h gradient.
func Picture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 120, 255})
		}
	}
	return img
}

// JPEG is Picture as a JPEG (quality 90).
func JPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, Picture(w, h), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// PNG is Picture as a PNG.
func PNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, Picture(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
