package imaging

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"math"
	"testing"
)

// gpsJPEG is a JPEG whose EXIF says 51°30'26.4"N 0°7'40.08"W (London).
func gpsJPEG(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	jpg := buf.Bytes()
	be := binary.BigEndian
	var x []byte
	x = append(x, 'M', 'M', 0, 42, 0, 0, 0, 8)
	x = be.AppendUint16(x, 1) // IFD0 at 8: the GPS pointer
	x = be.AppendUint16(x, 0x8825)
	x = be.AppendUint16(x, 4)
	x = be.AppendUint32(x, 1)
	x = be.AppendUint32(x, 26)
	x = be.AppendUint32(x, 0)
	// GPS IFD at 26: four entries (2+4*12+4 = 54 bytes), rationals from 80.
	x = be.AppendUint16(x, 4)
	entry := func(tag, typ uint16, count, value uint32) {
		x = be.AppendUint16(x, tag)
		x = be.AppendUint16(x, typ)
		x = be.AppendUint32(x, count)
		x = be.AppendUint32(x, value)
	}
	entry(1, 2, 2, uint32('N')<<24)
	entry(2, 5, 3, 80)
	entry(3, 2, 2, uint32('W')<<24)
	entry(4, 5, 3, 104)
	x = be.AppendUint32(x, 0)
	for _, r := range [][2]uint32{{51, 1}, {30, 1}, {264, 10}, {0, 1}, {7, 1}, {4008, 100}} {
		x = be.AppendUint32(x, r[0])
		x = be.AppendUint32(x, r[1])
	}
	payload := append([]byte("Exif\x00\x00"), x...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	be.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, append(seg, payload...)...)
	return append(out, jpg[2:]...)
}

func TestLocation(t *testing.T) {
	lat, lng, ok := Location(gpsJPEG(t))
	if !ok || math.Abs(lat-51.5073) > 0.0001 || math.Abs(lng+0.1278) > 0.0001 {
		t.Fatalf("location %v %v %v", lat, lng, ok)
	}
	var plain bytes.Buffer
	_ = jpeg.Encode(&plain, image.NewGray(image.Rect(0, 0, 8, 8)), nil)
	if _, _, ok := Location(plain.Bytes()); ok {
		t.Fatal("a JPEG without GPS has a location")
	}
	if _, _, ok := Location([]byte("not a jpeg")); ok {
		t.Fatal("garbage has a location")
	}
}
