// Package imagingtest makes real PNG and JPEG files for tests of the
// image pipeline and the areas that take photos (properties, inventory
// reports): a gradient picture, so resizes and crops can be told apart.
package imagingtest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
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

// Exif is what WithExif writes into a JPEG, as a phone does: the capture
// time as EXIF's wall-clock "2006:01:02 15:04:05" ("" for none), its
// offset such as "+01:00" ("" for none, as many phones write), and the
// position Lat, Lng when GPS is set.
type Exif struct {
	Taken, Offset string
	GPS           bool
	Lat, Lng      float64
}

// WithExif splices an EXIF segment (a big-endian TIFF structure) holding x
// into a JPEG, after its start-of-image marker.
func WithExif(jpg []byte, x Exif) []byte {
	be := binary.BigEndian
	type entry struct {
		tag, typ uint16
		count    uint32
		data     []byte // over 4 bytes: stored after the directory
	}
	// dir writes a directory at offset base with its long values after it.
	dir := func(base int, es []entry) []byte {
		out := be.AppendUint16(nil, uint16(len(es)))
		at := base + 2 + 12*len(es) + 4
		var tail []byte
		for _, e := range es {
			out = be.AppendUint16(out, e.tag)
			out = be.AppendUint16(out, e.typ)
			out = be.AppendUint32(out, e.count)
			if len(e.data) <= 4 {
				out = append(out, append(append([]byte{}, e.data...), make([]byte, 4-len(e.data))...)...)
			} else {
				out = be.AppendUint32(out, uint32(at+len(tail)))
				tail = append(tail, e.data...)
			}
		}
		out = be.AppendUint32(out, 0)
		return append(out, tail...)
	}
	ascii := func(tag uint16, s string) entry {
		return entry{tag, 2, uint32(len(s) + 1), append([]byte(s), 0)}
	}
	dms := func(tag uint16, v float64) entry {
		v = math.Abs(v)
		d := math.Floor(v)
		m := math.Floor((v - d) * 60)
		s := ((v-d)*60 - m) * 60
		var b []byte
		for _, r := range [][2]uint32{{uint32(d), 1}, {uint32(m), 1}, {uint32(math.Round(s * 10000)), 10000}} {
			b = be.AppendUint32(b, r[0])
			b = be.AppendUint32(b, r[1])
		}
		return entry{tag, 5, 3, b}
	}
	var exif, gps []entry
	if x.Taken != "" {
		exif = append(exif, ascii(0x9003, x.Taken))
		if x.Offset != "" {
			exif = append(exif, ascii(0x9011, x.Offset))
		}
	}
	if x.GPS {
		ns, ew := "N", "E"
		if x.Lat < 0 {
			ns = "S"
		}
		if x.Lng < 0 {
			ew = "W"
		}
		gps = []entry{ascii(1, ns), dms(2, x.Lat), ascii(3, ew), dms(4, x.Lng)}
	}
	n0 := 0
	if exif != nil {
		n0++
	}
	if gps != nil {
		n0++
	}
	at := 8 + 2 + 12*n0 + 4 // the first sub-directory, after IFD0
	var ifd0 []entry
	var subs []byte
	for _, sub := range []struct {
		tag uint16
		es  []entry
	}{{0x8769, exif}, {0x8825, gps}} {
		if sub.es == nil {
			continue
		}
		ifd0 = append(ifd0, entry{sub.tag, 4, 1, be.AppendUint32(nil, uint32(at+len(subs)))})
		subs = append(subs, dir(at+len(subs), sub.es)...)
	}
	t := append([]byte{'M', 'M', 0, 42, 0, 0, 0, 8}, dir(8, ifd0)...)
	return SpliceExif(jpg, append(t, subs...))
}

// SpliceExif puts tiff (an EXIF TIFF structure, from its byte order mark)
// into a JPEG as its APP1 segment, after the start-of-image marker.
func SpliceExif(jpg, tiff []byte) []byte {
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, append(seg, payload...)...)
	return append(out, jpg[2:]...)
}
