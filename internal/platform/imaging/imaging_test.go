package imaging

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// ---- fixtures ----

func gradient(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / max(1, w-1)), uint8(y * 255 / max(1, h-1)), 128, 255})
		}
	}
	return img
}

func encPNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encJPEG(t testing.TB, img image.Image, q int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// redCorner is w x h blue with a red block in the top-left quarter.
func redCorner(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{0, 0, 255, 255}
			if x < w/4 && y < h/4 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// gpsMarker is the GPSLatitude rational block: 48/1 51/1 2956/100 (Paris).
var gpsMarker = []byte{0, 0, 0, 48, 0, 0, 0, 1, 0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0x0B, 0x8C, 0, 0, 0, 100}

// exifAPP1 builds a big-endian APP1 Exif segment with IFD0 holding the
// orientation and a GPS IFD pointer, and a GPS IFD with latitude N 48°51'29.56".
func exifAPP1(orientation uint16) []byte {
	be := binary.BigEndian
	var t []byte
	t = append(t, 'M', 'M', 0, 42, 0, 0, 0, 8) // TIFF header, IFD0 at 8
	// IFD0: 2 entries (8 + 2 + 24 + 4 = 38 bytes) -> GPS IFD at 38
	t = be.AppendUint16(t, 2)
	t = be.AppendUint16(t, 0x0112) // Orientation
	t = be.AppendUint16(t, 3)      // SHORT
	t = be.AppendUint32(t, 1)
	t = be.AppendUint16(t, orientation)
	t = be.AppendUint16(t, 0)
	t = be.AppendUint16(t, 0x8825) // GPSInfo IFD pointer
	t = be.AppendUint16(t, 4)      // LONG
	t = be.AppendUint32(t, 1)
	t = be.AppendUint32(t, 38)
	t = be.AppendUint32(t, 0) // no next IFD
	// GPS IFD at 38: 2 entries (2 + 24 + 4 = 30 bytes) -> rationals at 68
	t = be.AppendUint16(t, 2)
	t = be.AppendUint16(t, 0x0001) // GPSLatitudeRef
	t = be.AppendUint16(t, 2)      // ASCII
	t = be.AppendUint32(t, 2)
	t = append(t, 'N', 0, 0, 0)
	t = be.AppendUint16(t, 0x0002) // GPSLatitude
	t = be.AppendUint16(t, 5)      // RATIONAL
	t = be.AppendUint32(t, 3)
	t = be.AppendUint32(t, 68)
	t = be.AppendUint32(t, 0)
	t = append(t, gpsMarker...)
	return segment(0xE1, append([]byte("Exif\x00\x00"), t...))
}

func segment(marker byte, payload []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(payload)+2))
	return append(s, payload...)
}

// withSegments splices segments right after the SOI marker of a JPEG.
func withSegments(jpg []byte, segs ...[]byte) []byte {
	out := append([]byte{}, jpg[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

// bombPNG is a tiny PNG whose IHDR claims w x h (valid CRC, no pixel data).
func bombPNG(w, h uint32) []byte {
	b := append([]byte{}, pngMagic...)
	ihdr := []byte("IHDR")
	ihdr = binary.BigEndian.AppendUint32(ihdr, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8-bit RGB
	b = binary.BigEndian.AppendUint32(b, 13)
	b = append(b, ihdr...)
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(ihdr))
	return b
}

// jpegSegments lists the markers before the first SOS.
func jpegSegments(t *testing.T, data []byte) []byte {
	t.Helper()
	var markers []byte
	pos := 2
	for pos+4 <= len(data) && data[pos] == 0xFF {
		m := data[pos+1]
		markers = append(markers, m)
		if m == 0xDA {
			break
		}
		pos += 2 + int(binary.BigEndian.Uint16(data[pos+2:]))
	}
	return markers
}

func isRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r > 0xB000 && g < 0x5000 && b < 0x5000
}

func isBlue(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return b > 0xB000 && r < 0x5000 && g < 0x5000
}

// ---- Sniff / Check ----

func TestSniff(t *testing.T) {
	var gifBuf bytes.Buffer
	if err := gif.Encode(&gifBuf, gradient(4, 4), nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		data []byte
		want Kind
		err  error
	}{
		{"png", encPNG(t, gradient(8, 8)), PNG, nil},
		{"jpeg", encJPEG(t, gradient(8, 8), 90), JPEG, nil},
		{"gif", gifBuf.Bytes(), "", ErrNotImage},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "", ErrNotImage},
		{"text named .jpg", []byte("this is a text file called photo.jpg\n"), "", ErrNotImage},
		{"empty", nil, "", ErrNotImage},
		{"short png magic", pngMagic[:7], "", ErrNotImage},
		{"short jpeg magic", []byte{0xFF, 0xD8}, "", ErrNotImage},
		{"html", []byte("<!doctype html><img src=x onerror=alert(1)>"), "", ErrNotImage},
	}
	for _, c := range cases {
		k, err := Sniff(c.data)
		if k != c.want || !errors.Is(err, c.err) {
			t.Errorf("%s: Sniff = %q, %v; want %q, %v", c.name, k, err, c.want, c.err)
		}
	}
	// Only the first 512 bytes matter.
	long := append(bytes.Repeat([]byte("x"), 600), pngMagic...)
	if _, err := Sniff(long); !errors.Is(err, ErrNotImage) {
		t.Errorf("magic after 512 bytes accepted: %v", err)
	}
}

func TestCheckAccepts(t *testing.T) {
	pngData := encPNG(t, gradient(30, 20))
	jpgData := encJPEG(t, gradient(30, 20), 90)
	for _, c := range []struct {
		data []byte
		kind Kind
	}{{pngData, PNG}, {jpgData, JPEG}} {
		data, kind, w, h, err := Check(bytes.NewReader(c.data), Limits{})
		if err != nil || kind != c.kind || w != 30 || h != 20 || !bytes.Equal(data, c.data) {
			t.Errorf("Check(%s) = kind %q %dx%d equal=%v err=%v", c.kind, kind, w, h, bytes.Equal(data, c.data), err)
		}
		if kind.ContentType() != "image/"+string(c.kind) {
			t.Errorf("ContentType = %q", kind.ContentType())
		}
	}
	// The kind comes from the bytes: a PNG "declared" as a JPEG is still a PNG,
	// and Clean refuses a mismatching declaration.
	_, kind, _, _, err := Check(bytes.NewReader(pngData), Limits{})
	if err != nil || kind != PNG {
		t.Fatalf("PNG uploaded as photo.jpg: %q %v", kind, err)
	}
	if _, err := Clean(context.Background(), pngData, JPEG); !errors.Is(err, ErrNotImage) {
		t.Errorf("Clean(png, jpeg) = %v, want ErrNotImage", err)
	}
}

func TestCheckRejects(t *testing.T) {
	var gifBuf bytes.Buffer
	_ = gif.Encode(&gifBuf, gradient(4, 4), nil)
	for name, data := range map[string][]byte{
		"gif":            gifBuf.Bytes(),
		"pdf":            []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"),
		"text":           []byte("just some words, renamed to holiday.jpg"),
		"truncated jpeg": {0xFF, 0xD8, 0xFF, 0xE0, 0x00},
		"truncated png":  pngMagic,
		"corrupt ihdr":   append(bombPNG(10, 10)[:len(bombPNG(10, 10))-1], 0),
		"zero size png":  bombPNG(0, 10),
	} {
		if _, _, _, _, err := Check(bytes.NewReader(data), Limits{}); !errors.Is(err, ErrNotImage) {
			t.Errorf("%s: err = %v, want ErrNotImage", name, err)
		}
	}
}

func TestCheckTooLarge(t *testing.T) {
	big := make([]byte, 5*1024*1024+1)
	copy(big, encPNG(t, gradient(4, 4)))
	if _, _, _, _, err := Check(bytes.NewReader(big), Limits{}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("5 MiB + 1: err = %v, want ErrTooLarge", err)
	}
	// Exactly at the limit is fine (as far as size goes).
	small := encPNG(t, gradient(4, 4))
	if _, _, _, _, err := Check(bytes.NewReader(small), Limits{MaxBytes: int64(len(small))}); err != nil {
		t.Fatalf("at limit: %v", err)
	}
	if _, _, _, _, err := Check(bytes.NewReader(small), Limits{MaxBytes: int64(len(small) - 1)}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("one over custom limit: %v", err)
	}
}

func TestCheckTooManyPixels(t *testing.T) {
	bomb := bombPNG(20000, 20000)
	if len(bomb) > 64 {
		t.Fatalf("bomb fixture is %d bytes", len(bomb))
	}
	start := time.Now()
	_, _, _, _, err := Check(bytes.NewReader(bomb), Limits{})
	if !errors.Is(err, ErrTooManyPixels) {
		t.Fatalf("20000x20000: err = %v, want ErrTooManyPixels", err)
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Fatalf("refusing the bomb took %v (pixels decoded?)", d)
	}
	// Clean and Resize refuse it too, without decoding.
	if _, err := Clean(context.Background(), bomb, PNG); !errors.Is(err, ErrTooManyPixels) {
		t.Errorf("Clean(bomb) = %v", err)
	}
	if _, _, _, err := Resize(context.Background(), bomb, PNG, 100, 100); !errors.Is(err, ErrTooManyPixels) {
		t.Errorf("Resize(bomb) = %v", err)
	}
	// Custom limit, and a JPEG over it.
	jpg := encJPEG(t, gradient(100, 50), 80)
	if _, _, _, _, err := Check(bytes.NewReader(jpg), Limits{MaxPixels: 4999}); !errors.Is(err, ErrTooManyPixels) {
		t.Errorf("jpeg over custom pixel limit: %v", err)
	}
	if _, _, _, _, err := Check(bytes.NewReader(jpg), Limits{MaxPixels: 5000}); err != nil {
		t.Errorf("jpeg at custom pixel limit: %v", err)
	}
	// Overflow-proof multiplication.
	if _, _, _, _, err := Check(bytes.NewReader(bombPNG(1<<31-1, 1<<31-1)), Limits{}); err == nil {
		t.Error("2^31-1 square accepted")
	}
}

// ---- EXIF / Clean ----

func TestJPEGOrientation(t *testing.T) {
	base := encJPEG(t, gradient(16, 8), 90)
	if o := jpegOrientation(base); o != 1 {
		t.Fatalf("no EXIF: %d", o)
	}
	for o := uint16(1); o <= 8; o++ {
		if got := jpegOrientation(withSegments(base, exifAPP1(o))); got != int(o) {
			t.Errorf("orientation %d read as %d", o, got)
		}
	}
	// Little-endian TIFF.
	le := []byte("Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00\x00")
	if got := jpegOrientation(withSegments(base, segment(0xE1, le))); got != 8 {
		t.Errorf("little-endian orientation = %d, want 8", got)
	}
	// XMP APP1 first, then Exif; a JFIF APP0 before that.
	xmp := segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta/>"))
	if got := jpegOrientation(withSegments(base, xmp, exifAPP1(3))); got != 3 {
		t.Errorf("after XMP: %d", got)
	}
	// Garbage must not panic and yields 1.
	ex := exifAPP1(6)
	for i := 4; i < len(ex); i++ {
		_ = jpegOrientation(withSegments(base, ex[:i])) // truncated segment
		bad := append([]byte{}, ex...)
		bad[i] ^= 0xFF
		_ = jpegOrientation(withSegments(base, bad))
	}
	if got := jpegOrientation(withSegments(base, exifAPP1(9))); got != 1 {
		t.Errorf("orientation 9 -> %d", got)
	}
}

func TestCleanStripsMetadataAndRotates(t *testing.T) {
	src := encJPEG(t, redCorner(64, 32), 95)
	xmp := segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta><GPS>48.8582</GPS></x:xmpmeta>"))
	icc := segment(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), bytes.Repeat([]byte{7}, 64)...))
	com := segment(0xFE, []byte("shot at 12 Rue Secret"))
	dirty := withSegments(src, exifAPP1(6), xmp, icc, com)
	if !bytes.Contains(dirty, []byte("Exif")) || !bytes.Contains(dirty, gpsMarker) {
		t.Fatal("fixture lacks EXIF/GPS")
	}
	data, kind, w, h, err := Check(bytes.NewReader(dirty), Limits{})
	if err != nil || kind != JPEG || w != 64 || h != 32 {
		t.Fatalf("Check: %q %dx%d %v", kind, w, h, err)
	}
	out, err := Clean(context.Background(), data, kind)
	if err != nil {
		t.Fatal(err)
	}
	for _, needle := range [][]byte{[]byte("Exif"), gpsMarker, []byte("xmpmeta"), []byte("ICC_PROFILE"), []byte("Rue Secret")} {
		if bytes.Contains(out, needle) {
			t.Errorf("cleaned output still contains %q", needle)
		}
	}
	for _, m := range jpegSegments(t, out) {
		if m >= 0xE1 && m <= 0xEF || m == 0xFE {
			t.Errorf("cleaned output has segment FF%02X", m)
		}
	}
	if k, err := Sniff(out); k != JPEG || err != nil {
		t.Fatalf("output kind %q %v", k, err)
	}
	img, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != 32 || b.Dy() != 64 {
		t.Fatalf("orientation 6 output is %dx%d, want 32x64", b.Dx(), b.Dy())
	}
	// Rotated 90° clockwise: the red top-left block is now top-right.
	if !isRed(img.At(b.Dx()-3, 3)) || !isBlue(img.At(3, 3)) || !isBlue(img.At(b.Dx()-3, b.Dy()-3)) {
		t.Errorf("not rotated clockwise: TR=%v TL=%v BR=%v", img.At(b.Dx()-3, 3), img.At(3, 3), img.At(b.Dx()-3, b.Dy()-3))
	}
	// Cleaning again is stable (no orientation left to apply).
	again, err := Clean(context.Background(), out, JPEG)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := jpeg.DecodeConfig(bytes.NewReader(again)); c.Width != 32 || c.Height != 64 {
		t.Errorf("second Clean changed size to %dx%d", c.Width, c.Height)
	}
}

func TestCleanPNGDropsChunks(t *testing.T) {
	raw := encPNG(t, redCorner(20, 10))
	// Insert tEXt and eXIf chunks after IHDR (8 + 25 bytes).
	chunk := func(typ string, data []byte) []byte {
		c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		c = append(c, typ...)
		c = append(c, data...)
		return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	dirty := append([]byte{}, raw[:33]...)
	dirty = append(dirty, chunk("tEXt", []byte("Comment\x00home address 12 Rue Secret"))...)
	dirty = append(dirty, chunk("eXIf", exifAPP1(6)[10:])...)
	dirty = append(dirty, raw[33:]...)
	if _, err := png.Decode(bytes.NewReader(dirty)); err != nil {
		t.Fatalf("fixture: %v", err)
	}
	out, err := Clean(context.Background(), dirty, PNG)
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := Sniff(out); k != PNG {
		t.Fatalf("PNG did not stay PNG: %q", k)
	}
	for _, needle := range []string{"tEXt", "eXIf", "Rue Secret", "MM\x00*"} {
		if strings.Contains(string(out), needle) {
			t.Errorf("output still has %q", needle)
		}
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil || img.Bounds().Dx() != 20 || !isRed(img.At(0, 0)) {
		t.Fatalf("pixels changed: %v", err)
	}
}

func TestOrientAllTypes(t *testing.T) {
	// Where the source top-left and top-right pixels land for each orientation,
	// as functions of the destination size (W, H).
	type pt = image.Point
	corners := map[int][2]func(W, H int) pt{
		1: {func(W, H int) pt { return image.Pt(0, 0) }, func(W, H int) pt { return image.Pt(W-1, 0) }},
		2: {func(W, H int) pt { return image.Pt(W-1, 0) }, func(W, H int) pt { return image.Pt(0, 0) }},
		3: {func(W, H int) pt { return image.Pt(W-1, H-1) }, func(W, H int) pt { return image.Pt(0, H-1) }},
		4: {func(W, H int) pt { return image.Pt(0, H-1) }, func(W, H int) pt { return image.Pt(W-1, H-1) }},
		5: {func(W, H int) pt { return image.Pt(0, 0) }, func(W, H int) pt { return image.Pt(0, H-1) }},
		6: {func(W, H int) pt { return image.Pt(W-1, 0) }, func(W, H int) pt { return image.Pt(W-1, H-1) }},
		7: {func(W, H int) pt { return image.Pt(W-1, H-1) }, func(W, H int) pt { return image.Pt(W-1, 0) }},
		8: {func(W, H int) pt { return image.Pt(0, H-1) }, func(W, H int) pt { return image.Pt(0, 0) }},
	}
	const w, h = 7, 5 // odd sizes exercise chroma rounding
	tl, tr := color.Gray{10}, color.Gray{250}
	mk := map[string]func() image.Image{
		"gray":   func() image.Image { return image.NewGray(image.Rect(0, 0, w, h)) },
		"rgba":   func() image.Image { return image.NewRGBA(image.Rect(0, 0, w, h)) },
		"nrgba":  func() image.Image { return image.NewNRGBA(image.Rect(0, 0, w, h)) },
		"cmyk":   func() image.Image { return image.NewCMYK(image.Rect(0, 0, w, h)) },
		"gray16": func() image.Image { return image.NewGray16(image.Rect(0, 0, w, h)) },
	}
	for _, r := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411} {
		mk["ycbcr-"+r.String()] = func() image.Image { return image.NewYCbCr(image.Rect(0, 0, w, h), r) }
	}
	gray := func(c color.Color) uint8 { return color.GrayModel.Convert(c).(color.Gray).Y }
	for name, newImg := range mk {
		for o := 1; o <= 8; o++ {
			src := newImg()
			switch m := src.(type) {
			case *image.YCbCr:
				for i := range m.Cb {
					m.Cb[i], m.Cr[i] = 128, 128
				}
				m.Y[0], m.Y[w-1] = tl.Y, tr.Y
			case interface{ Set(int, int, color.Color) }:
				m.Set(0, 0, tl)
				m.Set(w-1, 0, tr)
			}
			out := orient(src, o)
			b := out.Bounds()
			W, H := w, h
			if o >= 5 {
				W, H = h, w
			}
			if b.Dx() != W || b.Dy() != H {
				t.Errorf("%s o=%d: size %dx%d, want %dx%d", name, o, b.Dx(), b.Dy(), W, H)
				continue
			}
			p1, p2 := corners[o][0](W, H), corners[o][1](W, H)
			if g := gray(out.At(p1.X, p1.Y)); g < 5 || g > 15 {
				t.Errorf("%s o=%d: top-left pixel not at %v (gray %d)", name, o, p1, g)
			}
			if g := gray(out.At(p2.X, p2.Y)); g < 245 {
				t.Errorf("%s o=%d: top-right pixel not at %v (gray %d)", name, o, p2, g)
			}
		}
	}
}

// ---- Resize ----

func TestFit(t *testing.T) {
	for _, c := range []struct{ w, h, mw, mh, ww, wh int }{
		{400, 300, 200, 200, 200, 150},
		{300, 400, 200, 200, 150, 200},
		{400, 300, 1000, 1000, 400, 300}, // never upscale
		{4000, 3000, 1600, 1600, 1600, 1200},
		{4000, 3000, 400, 400, 400, 300},
		{10000, 1, 100, 100, 100, 1},
		{1, 10000, 100, 100, 1, 100},
		{1000, 1000, 300, 100, 100, 100},
		{401, 301, 200, 200, 200, 150},
	} {
		if w, h := fit(c.w, c.h, c.mw, c.mh); w != c.ww || h != c.wh {
			t.Errorf("fit(%dx%d in %dx%d) = %dx%d, want %dx%d", c.w, c.h, c.mw, c.mh, w, h, c.ww, c.wh)
		}
	}
}

func TestResize(t *testing.T) {
	jpg := encJPEG(t, gradient(400, 300), 90)
	out, w, h, err := Resize(context.Background(), jpg, JPEG, 200, 200)
	if err != nil || w != 200 || h != 150 {
		t.Fatalf("Resize landscape: %dx%d %v", w, h, err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(out))
	if err != nil || cfg.Width != 200 || cfg.Height != 150 {
		t.Fatalf("output header %dx%d %v", cfg.Width, cfg.Height, err)
	}

	tall := encJPEG(t, gradient(300, 400), 90)
	if _, w, h, err := Resize(context.Background(), tall, JPEG, 200, 200); err != nil || w != 150 || h != 200 {
		t.Fatalf("Resize portrait: %dx%d %v", w, h, err)
	}

	// Never upscales.
	out, w, h, err = Resize(context.Background(), jpg, JPEG, 1000, 1000)
	if err != nil || w != 400 || h != 300 {
		t.Fatalf("no upscale: %dx%d %v", w, h, err)
	}
	if cfg, _ := jpeg.DecodeConfig(bytes.NewReader(out)); cfg.Width != 400 || cfg.Height != 300 {
		t.Fatalf("no-upscale output %dx%d", cfg.Width, cfg.Height)
	}

	// PNG with transparency becomes a JPEG on white.
	trans := image.NewNRGBA(image.Rect(0, 0, 100, 50))
	for x := range 50 {
		for y := range 50 {
			trans.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
		}
	}
	out, w, h, err = Resize(context.Background(), encPNG(t, trans), PNG, 50, 50)
	if err != nil || w != 50 || h != 25 {
		t.Fatalf("png resize: %dx%d %v", w, h, err)
	}
	if k, _ := Sniff(out); k != JPEG {
		t.Fatalf("resize output kind %q, want jpeg", k)
	}
	img, _ := jpeg.Decode(bytes.NewReader(out))
	if r, g, b, _ := img.At(45, 12).RGBA(); r < 0xF000 || g < 0xF000 || b < 0xF000 {
		t.Errorf("transparent area not white: %v", img.At(45, 12))
	}
	if !isRed(img.At(5, 12)) {
		t.Errorf("opaque area not red: %v", img.At(5, 12))
	}

	// EXIF orientation honoured on raw uploads.
	rot := withSegments(encJPEG(t, gradient(400, 200), 90), exifAPP1(8))
	if _, w, h, err := Resize(context.Background(), rot, JPEG, 100, 100); err != nil || w != 50 || h != 100 {
		t.Fatalf("rotated resize: %dx%d %v", w, h, err)
	}

	for _, bad := range [][2]int{{0, 10}, {10, 0}, {-1, -1}} {
		if _, _, _, err := Resize(context.Background(), jpg, JPEG, bad[0], bad[1]); err == nil {
			t.Errorf("Resize bounds %v accepted", bad)
		}
	}
	if _, _, _, err := Resize(context.Background(), []byte("not an image"), JPEG, 10, 10); !errors.Is(err, ErrNotImage) {
		t.Errorf("Resize(text) = %v", err)
	}
}

// ---- benchmark ----

// photo12MP returns a 4000x3000 JPEG (quality 90) with smooth gradients and
// some noise, roughly like a phone photo, plus orientation-6 EXIF with GPS.
func photo12MP(b *testing.B) []byte {
	const w, h = 4000, 3000
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			v := (x*255/w+y*255/h)/2 + rng.IntN(24) - 12
			img.Y[y*img.YStride+x] = uint8(max(0, min(255, v)))
		}
	}
	for y := range (h + 1) / 2 {
		for x := range (w + 1) / 2 {
			img.Cb[y*img.CStride+x] = uint8(64 + x*128/(w/2))
			img.Cr[y*img.CStride+x] = uint8(64 + y*128/(h/2))
		}
	}
	return withSegments(encJPEG(b, img, 90), exifAPP1(6))
}

// BenchmarkCleanAndResize12MP measures the upload path on a 12 MP photo:
// "upload" is what happens before the upload is acknowledged (Check + Clean,
// target < 1 s), "thumbs" the two resized copies made from the cleaned image
// (1600 and 400 px boxes, target < 2 s), "all" both.
func BenchmarkCleanAndResize12MP(b *testing.B) {
	src := photo12MP(b)
	b.Logf("source: 4000x3000 JPEG, %d bytes", len(src))
	lim := Limits{}
	if int64(len(src)) > DefaultMaxBytes {
		lim.MaxBytes = int64(len(src))
		b.Logf("fixture over 5 MiB; raising MaxBytes for the benchmark")
	}
	cleaned, err := Clean(context.Background(), src, JPEG)
	if err != nil {
		b.Fatal(err)
	}
	upload := func(b *testing.B) []byte {
		data, kind, _, _, err := Check(bytes.NewReader(src), lim)
		if err != nil {
			b.Fatal(err)
		}
		out, err := Clean(context.Background(), data, kind)
		if err != nil {
			b.Fatal(err)
		}
		return out
	}
	thumbs := func(b *testing.B, c []byte) {
		for _, box := range []int{1600, 400} {
			if _, _, _, err := Resize(context.Background(), c, JPEG, box, box); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("upload", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			upload(b)
		}
	})
	b.Run("thumbs", func(b *testing.B) {
		for b.Loop() {
			thumbs(b, cleaned)
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			thumbs(b, upload(b))
		}
	})
}

func TestResizeShrinkOddSizes(t *testing.T) {
	for _, sz := range [][2]int{{1001, 751}, {999, 3}, {17, 1001}} {
		for _, kind := range []Kind{JPEG, PNG} {
			var data []byte
			if kind == JPEG {
				data = encJPEG(t, redCorner(sz[0], sz[1]), 90)
			} else {
				data = encPNG(t, redCorner(sz[0], sz[1]))
			}
			out, w, h, err := Resize(context.Background(), data, kind, 100, 100)
			if err != nil {
				t.Fatalf("%v %s: %v", sz, kind, err)
			}
			ww, wh := fit(sz[0], sz[1], 100, 100)
			if w != ww || h != wh {
				t.Errorf("%v %s: %dx%d, want %dx%d", sz, kind, w, h, ww, wh)
			}
			img, err := jpeg.Decode(bytes.NewReader(out))
			if err != nil || img.Bounds().Dx() != w || img.Bounds().Dy() != h {
				t.Fatalf("%v %s: decoded %v %v", sz, kind, img.Bounds(), err)
			}
			if w >= 8 && h >= 8 && !isRed(img.At(0, 0)) {
				t.Errorf("%v %s: top-left not red: %v", sz, kind, img.At(0, 0))
			}
		}
	}
}
