package imaging

import (
	"encoding/binary"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// EXIF reading, only what the image pipeline needs: the orientation (applied
// by Clean) and the capture time (kept by callers as evidence before Clean
// drops the metadata). Every offset is bounds-checked: the bytes are
// untrusted uploads.

// tiff is the TIFF structure inside an Exif segment.
type tiff struct {
	b  []byte
	bo binary.ByteOrder
}

// eachExif walks a JPEG's marker segments up to the start of scan and calls
// fn with each APP1 "Exif\0\0" segment's TIFF structure until fn returns true.
func eachExif(data []byte, fn func(tiff) bool) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return
	}
	pos := 2
	for pos+4 <= len(data) {
		if data[pos] != 0xFF {
			return
		}
		marker := data[pos+1]
		switch {
		case marker == 0xFF: // fill byte
			pos++
			continue
		case marker == 0x01 || marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7):
			pos += 2 // markers without a length
			continue
		case marker == 0xDA || marker == 0xD9: // start of scan / end of image
			return
		}
		segLen := int(binary.BigEndian.Uint16(data[pos+2:]))
		if segLen < 2 || pos+2+segLen > len(data) {
			return
		}
		seg := data[pos+4 : pos+2+segLen]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			if t, ok := parseTIFF(seg[6:]); ok && fn(t) {
				return
			}
		}
		pos += 2 + segLen
	}
}

func parseTIFF(b []byte) (tiff, bool) {
	if len(b) < 8 {
		return tiff{}, false
	}
	t := tiff{b: b}
	switch string(b[:2]) {
	case "II":
		t.bo = binary.LittleEndian
	case "MM":
		t.bo = binary.BigEndian
	default:
		return tiff{}, false
	}
	return t, t.bo.Uint16(b[2:]) == 42
}

// ifd0 is the offset of the first image file directory.
func (t tiff) ifd0() int64 { return int64(t.bo.Uint32(t.b[4:])) }

// entry finds tag in the directory at offset ifd: its type, count and the
// offset of its 4-byte value field.
func (t tiff) entry(ifd int64, tag uint16) (typ uint16, count uint32, at int64, ok bool) {
	if ifd < 8 || ifd+2 > int64(len(t.b)) {
		return 0, 0, 0, false
	}
	n := int(t.bo.Uint16(t.b[ifd:]))
	for i := range n {
		e := ifd + 2 + int64(i)*12
		if e+12 > int64(len(t.b)) {
			return 0, 0, 0, false
		}
		if t.bo.Uint16(t.b[e:]) == tag {
			return t.bo.Uint16(t.b[e+2:]), t.bo.Uint32(t.b[e+4:]), e + 8, true
		}
	}
	return 0, 0, 0, false
}

// ascii reads an ASCII tag of the directory (values over 4 bytes are at an
// offset), without its terminating NULs.
func (t tiff) ascii(ifd int64, tag uint16) (string, bool) {
	typ, count, at, ok := t.entry(ifd, tag)
	if !ok || typ != 2 || count == 0 || count > 64 {
		return "", false
	}
	if count > 4 {
		at = int64(t.bo.Uint32(t.b[at:]))
	}
	if at < 0 || at+int64(count) > int64(len(t.b)) {
		return "", false
	}
	return strings.TrimRight(string(t.b[at:at+int64(count)]), "\x00 "), true
}

// CaptureTime is when a JPEG says it was taken: EXIF DateTimeOriginal
// (0x9003 in the Exif sub-directory), with OffsetTimeOriginal (0x9011) when
// present. Without an offset the time is the camera's wall clock, which a
// phone in the UK keeps in UK time, so it is read as Europe/London time
// (BST in summer, GMT in winter), not as UTC; a time in the hour the
// clocks go back, which comes twice, is read as the second (GMT) one. The
// answer is in UTC. ok is false when the file has no readable capture time
// (PNGs, cleaned files, most screenshots). Read it before Clean, which
// drops the metadata.
func CaptureTime(data []byte) (at time.Time, ok bool) {
	eachExif(data, func(t tiff) bool {
		typ, count, ptr, found := t.entry(t.ifd0(), 0x8769) // Exif IFD pointer
		if !found || typ != 4 || count != 1 {
			return false
		}
		sub := int64(t.bo.Uint32(t.b[ptr:]))
		s, found := t.ascii(sub, 0x9003)
		if !found {
			return false
		}
		v, err := time.ParseInLocation("2006:01:02 15:04:05", s, clock.UK)
		if err != nil || v.Year() < 1900 {
			return false
		}
		if off, found := t.ascii(sub, 0x9011); found {
			if z, err := time.Parse("2006:01:02 15:04:05-07:00", s+off); err == nil {
				v = z
			}
		}
		at, ok = v.UTC(), true
		return true
	})
	return at, ok
}

// rationals reads count unsigned rationals (type 5) at the value field at.
func (t tiff) rationals(typ uint16, count uint32, at int64, want uint32) ([]float64, bool) {
	if typ != 5 || count != want {
		return nil, false
	}
	off := int64(t.bo.Uint32(t.b[at:]))
	if off < 0 || off+int64(count)*8 > int64(len(t.b)) {
		return nil, false
	}
	out := make([]float64, count)
	for i := range out {
		num, den := t.bo.Uint32(t.b[off+int64(i)*8:]), t.bo.Uint32(t.b[off+int64(i)*8+4:])
		if den == 0 {
			return nil, false
		}
		out[i] = float64(num) / float64(den)
	}
	return out, true
}

// Location is where a JPEG says it was taken: EXIF GPSLatitude and
// GPSLongitude (degrees, minutes, seconds) with their N/S and E/W
// references, in decimal degrees. ok is false without a readable position.
// Read it before Clean, which drops it: callers keep it as evidence and
// never serve it.
func Location(data []byte) (lat, lng float64, ok bool) {
	eachExif(data, func(t tiff) bool {
		typ, count, ptr, found := t.entry(t.ifd0(), 0x8825) // GPS IFD pointer
		if !found || typ != 4 || count != 1 {
			return false
		}
		gps := int64(t.bo.Uint32(t.b[ptr:]))
		coord := func(refTag, tag uint16, neg string) (float64, bool) {
			ty, n, at, found := t.entry(gps, tag)
			if !found {
				return 0, false
			}
			dms, good := t.rationals(ty, n, at, 3)
			if !good {
				return 0, false
			}
			v := dms[0] + dms[1]/60 + dms[2]/3600
			if ref, found := t.ascii(gps, refTag); found && ref == neg {
				v = -v
			}
			return v, true
		}
		la, okLat := coord(1, 2, "S")
		lo, okLng := coord(3, 4, "W")
		if okLat && okLng && la >= -90 && la <= 90 && lo >= -180 && lo <= 180 {
			lat, lng, ok = la, lo, true
		}
		return true
	})
	return lat, lng, ok
}
