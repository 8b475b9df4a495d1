// Package video takes a short video from a phone (MP4 or MOV, the ISO base
// media file format both record) as evidence, without a transcoder: it
// checks the file by its content, reads its duration and capture time, and
// writes a cleaned copy from which every box that can hold the phone's
// location or the device is removed (udta, where an MP4's ©xyz lives;
// meta, where a MOV's com.apple.quicktime.location.ISO6709 lives with its
// keys; uuid, where XMP goes), at the top level, in moov and in each trak;
// and the samples of a timed metadata track (handler "meta": an iPhone's
// mebx track, a GoPro's GPS track), which can carry a location frame by
// frame, are zeroed in place. The picture and sound are kept byte for
// byte; the chunk offsets (stco, co64) are moved to where the same bytes
// are in the cleaned copy, so it plays as the original did. The SHA-256 is of the cleaned copy: what is stored and
// served.
//
// The boxes are walked by hand (a box is a 32-bit size and a four-letter
// type; this package needs a dozen of them), which keeps the module free of
// a media library for three operations: drop a box, move an offset, blank
// a track's samples.
package video

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strings"
	"time"
)

// MaxBytes is the largest video taken: a phone records about a minute of
// 1080p in 50 MB at its usual bit rate, and a repair's history should be
// downloadable on a phone's data allowance.
const MaxBytes = 50 << 20

// MaxDuration is what "short" means: a minute shows a leak, a noise or a
// fault; longer belongs in words.
const MaxDuration = 60 * time.Second

// The refusals; callers say them in their own words.
var (
	ErrNotVideo = errors.New("video: not an MP4 or MOV video")
	ErrWebM     = errors.New("video: a WebM or Matroska video")
	ErrTooLarge = errors.New("video: larger than MaxBytes")
	ErrTooLong  = errors.New("video: longer than MaxDuration")
	ErrDamaged  = errors.New("video: damaged or incomplete")
)

// Content types of what Clean returns.
const (
	TypeMP4 = "video/mp4"
	TypeMOV = "video/quicktime"
)

// Info is what Clean learns of a video.
type Info struct {
	ContentType string
	Duration    time.Duration
	CapturedAt  *time.Time // nil when the phone did not say
	SHA256      string     // of the cleaned copy
	Size        int64      // of the cleaned copy
}

// Sniff tells whether head (the file's first bytes, 12 or more) starts like
// a video: nil for an ISO media file, ErrWebM, or ErrNotVideo.
func Sniff(head []byte) error {
	if bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}) {
		return ErrWebM
	}
	if len(head) < 8 {
		return ErrNotVideo
	}
	switch string(head[4:8]) {
	case "ftyp", "moov", "mdat", "wide", "free", "skip":
		return nil
	}
	return ErrNotVideo
}

// dropped are the boxes that can hold location or device data.
func dropped(typ string) bool { return typ == "udta" || typ == "meta" || typ == "uuid" }

// containers are the boxes whose children are walked for dropped boxes and
// chunk offsets.
func container(typ string) bool {
	switch typ {
	case "moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "mvex":
		return true
	}
	return false
}

type box struct {
	typ          string
	start, end   int // in the file
	payloadStart int
	large        bool // a 64-bit size
}

// boxes splits b[from:to] into boxes; toEnd allows a last box of size 0
// (to the end of the file).
func boxes(b []byte, from, to int, toEnd bool) ([]box, error) {
	var out []box
	for p := from; p < to; {
		if to-p < 8 {
			return nil, ErrDamaged
		}
		size := uint64(binary.BigEndian.Uint32(b[p:]))
		typ := string(b[p+4 : p+8])
		hdr, large := 8, false
		switch size {
		case 0:
			if !toEnd {
				return nil, ErrDamaged
			}
			size = uint64(to - p)
		case 1:
			if to-p < 16 {
				return nil, ErrDamaged
			}
			size, hdr, large = binary.BigEndian.Uint64(b[p+8:]), 16, true
		}
		if size < uint64(hdr) || size > uint64(to-p) {
			return nil, ErrDamaged
		}
		out = append(out, box{typ: typ, start: p, end: p + int(size), payloadStart: p + hdr, large: large})
		p += int(size)
	}
	return out, nil
}

// Clean checks a video and returns its cleaned copy with what it learnt.
func Clean(b []byte) ([]byte, Info, error) {
	if len(b) > MaxBytes {
		return nil, Info{}, ErrTooLarge
	}
	if err := Sniff(b); err != nil {
		return nil, Info{}, err
	}
	top, err := boxes(b, 0, len(b), true)
	if err != nil {
		return nil, Info{}, err
	}
	info := Info{ContentType: TypeMOV}
	var moov *box
	mdat := false
	for i, x := range top {
		switch x.typ {
		case "ftyp":
			if i == 0 && x.end-x.payloadStart >= 4 && string(b[x.payloadStart:x.payloadStart+4]) != "qt  " {
				info.ContentType = TypeMP4
			}
		case "moov":
			if moov != nil {
				return nil, Info{}, ErrDamaged
			}
			moov = &top[i]
		case "mdat":
			mdat = true
		case "moof": // a fragmented file: its offsets are not moved here
			return nil, Info{}, ErrNotVideo
		}
	}
	if moov == nil || !mdat {
		return nil, Info{}, ErrDamaged
	}
	if err := readMoov(b, *moov, &info); err != nil {
		return nil, Info{}, err
	}
	// The layout of the copy: the kept top-level boxes in order, moov at
	// its cleaned size (which does not depend on the offsets' values).
	cleanMoov, err := rebuild(b, *moov, func(o uint64) (uint64, bool) { return o, true })
	if err != nil {
		return nil, Info{}, err
	}
	type span struct{ from, to, at int }
	var kept []span
	at := 0
	for _, x := range top {
		if dropped(x.typ) {
			continue
		}
		kept = append(kept, span{x.start, x.end, at})
		if x.typ == "moov" {
			at += len(cleanMoov)
		} else {
			at += x.end - x.start
		}
	}
	move := func(o uint64) (uint64, bool) {
		for _, s := range kept {
			if o >= uint64(s.from) && o < uint64(s.to) && string(b[s.from+4:s.from+8]) != "moov" {
				return o - uint64(s.from) + uint64(s.at), true
			}
		}
		return 0, false
	}
	if cleanMoov, err = rebuild(b, *moov, move); err != nil {
		return nil, Info{}, err
	}
	out := make([]byte, 0, at)
	for _, s := range kept {
		if string(b[s.from+4:s.from+8]) == "moov" {
			out = append(out, cleanMoov...)
		} else {
			out = append(out, b[s.from:s.to]...)
		}
	}
	if err := blankMetadataTracks(out); err != nil {
		return nil, Info{}, err
	}
	sum := sha256.Sum256(out)
	info.SHA256, info.Size = hex.EncodeToString(sum[:]), int64(len(out))
	return out, info, nil
}

// rebuild writes box x without its dropped descendants, its chunk offsets
// moved by move.
func rebuild(b []byte, x box, move func(uint64) (uint64, bool)) ([]byte, error) {
	var payload []byte
	switch {
	case container(x.typ):
		kids, err := boxes(b, x.payloadStart, x.end, false)
		if err != nil {
			return nil, err
		}
		for _, k := range kids {
			if dropped(k.typ) {
				continue
			}
			kb, err := rebuild(b, k, move)
			if err != nil {
				return nil, err
			}
			payload = append(payload, kb...)
		}
	case x.typ == "stco" || x.typ == "co64":
		p := bytes.Clone(b[x.payloadStart:x.end])
		w := 4
		if x.typ == "co64" {
			w = 8
		}
		if len(p) < 8 {
			return nil, ErrDamaged
		}
		n := uint64(binary.BigEndian.Uint32(p[4:]))
		if n*uint64(w) != uint64(len(p)-8) {
			return nil, ErrDamaged
		}
		for i := 8; i < len(p); i += w {
			var o uint64
			if w == 4 {
				o = uint64(binary.BigEndian.Uint32(p[i:]))
			} else {
				o = binary.BigEndian.Uint64(p[i:])
			}
			m, ok := move(o)
			if !ok || (w == 4 && m > 0xFFFFFFFF) {
				return nil, ErrDamaged
			}
			if w == 4 {
				binary.BigEndian.PutUint32(p[i:], uint32(m))
			} else {
				binary.BigEndian.PutUint64(p[i:], m)
			}
		}
		payload = p
	default:
		payload = b[x.payloadStart:x.end]
	}
	hdr := 8
	if x.large {
		hdr = 16
	}
	out := make([]byte, hdr, hdr+len(payload))
	if x.large {
		binary.BigEndian.PutUint32(out, 1)
		binary.BigEndian.PutUint64(out[8:], uint64(hdr+len(payload)))
	} else {
		binary.BigEndian.PutUint32(out, uint32(hdr+len(payload)))
	}
	copy(out[4:8], x.typ)
	return append(out, payload...), nil
}

// blankMetadataTracks zeroes the samples of timed metadata tracks (handler
// "meta": an iPhone's mebx track, a GoPro's GPS track), which can carry a
// location frame by frame; the track stays, so the file stays whole.
func blankMetadataTracks(b []byte) error {
	top, err := boxes(b, 0, len(b), true)
	if err != nil {
		return err
	}
	find := func(from, to int, path ...string) (box, bool) {
		var x box
		for _, typ := range path {
			kids, err := boxes(b, from, to, false)
			if err != nil {
				return box{}, false
			}
			found := false
			for _, k := range kids {
				if k.typ == typ {
					x, found, from, to = k, true, k.payloadStart, k.end
					break
				}
			}
			if !found {
				return box{}, false
			}
		}
		return x, true
	}
	var media [][2]uint64 // the payloads of mdat boxes: the only bytes blanked
	for _, x := range top {
		if x.typ == "mdat" {
			media = append(media, [2]uint64{uint64(x.payloadStart), uint64(x.end)})
		}
	}
	for _, m := range top {
		if m.typ != "moov" {
			continue
		}
		traks, err := boxes(b, m.payloadStart, m.end, false)
		if err != nil {
			return err
		}
		for _, t := range traks {
			hdlr, ok := find(t.payloadStart, t.end, "mdia", "hdlr")
			if t.typ != "trak" || !ok || hdlr.end-hdlr.payloadStart < 12 || string(b[hdlr.payloadStart+8:hdlr.payloadStart+12]) != "meta" {
				continue
			}
			stbl, ok := find(t.payloadStart, t.end, "mdia", "minf", "stbl")
			if !ok {
				return ErrDamaged
			}
			if err := blankSamples(b, stbl, media); err != nil {
				return err
			}
		}
	}
	return nil
}

// blankSamples zeroes every sample of a sample table: each chunk's offset
// (stco, co64), its number of samples (stsc) and their sizes (stsz).
func blankSamples(b []byte, stbl box, media [][2]uint64) error {
	kids, err := boxes(b, stbl.payloadStart, stbl.end, false)
	if err != nil {
		return err
	}
	var offsets []uint64
	var perChunk [][2]uint32 // first chunk (1-based), samples per chunk
	var sizes []uint32
	fixed, count := uint32(0), uint32(0)
	for _, k := range kids {
		p := b[k.payloadStart:k.end]
		if len(p) < 8 {
			return ErrDamaged
		}
		n := binary.BigEndian.Uint32(p[4:])
		switch k.typ {
		case "stco", "co64":
			w := 4
			if k.typ == "co64" {
				w = 8
			}
			if uint64(n)*uint64(w) > uint64(len(p)-8) {
				return ErrDamaged
			}
			for i := 0; i < int(n); i++ {
				if w == 4 {
					offsets = append(offsets, uint64(binary.BigEndian.Uint32(p[8+4*i:])))
				} else {
					offsets = append(offsets, binary.BigEndian.Uint64(p[8+8*i:]))
				}
			}
		case "stsc":
			if uint64(n)*12 > uint64(len(p)-8) {
				return ErrDamaged
			}
			for i := 0; i < int(n); i++ {
				perChunk = append(perChunk, [2]uint32{binary.BigEndian.Uint32(p[8+12*i:]), binary.BigEndian.Uint32(p[12+12*i:])})
			}
		case "stsz":
			if len(p) < 12 {
				return ErrDamaged
			}
			fixed, count = n, binary.BigEndian.Uint32(p[8:])
			if fixed == 0 {
				if uint64(count)*4 > uint64(len(p)-12) {
					return ErrDamaged
				}
				for i := 0; i < int(count); i++ {
					sizes = append(sizes, binary.BigEndian.Uint32(p[12+4*i:]))
				}
			}
		}
	}
	sample := uint32(0)
	for c, off := range offsets {
		per := uint32(0)
		for _, e := range perChunk {
			if uint64(e[0]) <= uint64(c+1) {
				per = e[1]
			}
		}
		var size uint64
		for i := uint32(0); i < per && sample < count; i, sample = i+1, sample+1 {
			if fixed != 0 {
				size += uint64(fixed)
			} else {
				size += uint64(sizes[sample])
			}
		}
		inside := false
		for _, m := range media {
			inside = inside || (off >= m[0] && off+size <= m[1] && off+size >= off)
		}
		if !inside {
			return ErrDamaged
		}
		clear(b[off : off+size])
	}
	return nil
}

var epoch1904 = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)

// readMoov reads the duration and creation time from mvhd, and QuickTime's
// creation date from moov's meta when there is one (it keeps the phone's
// local offset, and mvhd's is sometimes zero).
func readMoov(b []byte, moov box, info *Info) error {
	kids, err := boxes(b, moov.payloadStart, moov.end, false)
	if err != nil {
		return err
	}
	seen, qt := false, (*time.Time)(nil)
	for _, k := range kids {
		p := b[k.payloadStart:k.end]
		switch k.typ {
		case "mvhd":
			var created, scale, dur uint64
			switch {
			case len(p) >= 20 && p[0] == 0:
				created, scale, dur = uint64(binary.BigEndian.Uint32(p[4:])), uint64(binary.BigEndian.Uint32(p[12:])), uint64(binary.BigEndian.Uint32(p[16:]))
			case len(p) >= 32 && p[0] == 1:
				created, scale, dur = binary.BigEndian.Uint64(p[4:]), uint64(binary.BigEndian.Uint32(p[20:])), binary.BigEndian.Uint64(p[24:])
			default:
				return ErrDamaged
			}
			if scale == 0 {
				return ErrDamaged
			}
			if dur > uint64(MaxDuration/time.Second)*scale {
				return ErrTooLong
			}
			info.Duration = time.Duration(dur) * time.Second / time.Duration(scale)
			if created > 0 && created < 1<<40 {
				t := epoch1904.Add(time.Duration(created) * time.Second)
				info.CapturedAt = &t
			}
			seen = true
		case "meta":
			if t, ok := quickTimeDate(b, k); ok {
				qt = &t
			}
		}
	}
	if !seen {
		return ErrDamaged
	}
	if qt != nil {
		info.CapturedAt = qt
	}
	return nil
}

// quickTimeDate finds com.apple.quicktime.creationdate in a QuickTime
// meta box (hdlr mdta, keys, ilst).
func quickTimeDate(b []byte, meta box) (time.Time, bool) {
	from := meta.payloadStart
	if meta.end-from >= 12 && string(b[from+8:from+12]) == "hdlr" { // ISO's meta is a full box
		from += 4
	}
	kids, err := boxes(b, from, meta.end, false)
	if err != nil {
		return time.Time{}, false
	}
	index := uint32(0)
	for _, k := range kids {
		if k.typ != "keys" {
			continue
		}
		p := b[k.payloadStart:k.end]
		if len(p) < 8 {
			return time.Time{}, false
		}
		n, q := binary.BigEndian.Uint32(p[4:]), 8
		for i := uint32(1); i <= n && q+8 <= len(p); i++ {
			size := int(binary.BigEndian.Uint32(p[q:]))
			if size < 8 || q+size > len(p) {
				return time.Time{}, false
			}
			if string(p[q+8:q+size]) == "com.apple.quicktime.creationdate" {
				index = i
			}
			q += size
		}
	}
	if index == 0 {
		return time.Time{}, false
	}
	for _, k := range kids {
		if k.typ != "ilst" {
			continue
		}
		items, err := boxes(b, k.payloadStart, k.end, false)
		if err != nil {
			return time.Time{}, false
		}
		for _, it := range items {
			if binary.BigEndian.Uint32(b[it.start+4:]) != index {
				continue
			}
			data, err := boxes(b, it.payloadStart, it.end, false)
			if err != nil {
				return time.Time{}, false
			}
			for _, d := range data {
				if d.typ == "data" && d.end-d.payloadStart > 8 {
					return parseDate(string(b[d.payloadStart+8 : d.end]))
				}
			}
		}
	}
	return time.Time{}, false
}

func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range []string{"2006-01-02T15:04:05-0700", time.RFC3339, "2006-01-02T15:04:05.000-0700", "2006-01-02T15:04:05Z0700"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
