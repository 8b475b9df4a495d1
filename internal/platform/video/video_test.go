package video

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"testing"
	"time"
)

// bx is a box: its size, its type, its payload.
func bx(typ string, payload ...[]byte) []byte {
	p := bytes.Join(payload, nil)
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(p)))
	return append(append(out, typ...), p...)
}

func u32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

// created is the mvhd creation time of the test videos.
var created = time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)

func mvhd(scale, dur uint32) []byte {
	secs := uint32(created.Sub(epoch1904) / time.Second)
	return bx("mvhd", u32(0), u32(secs), u32(secs), u32(scale), u32(dur), make([]byte, 80))
}

const location = "+51.5072-000.1276+011.000/"

// udta is an MP4's user data with the phone's location (©xyz) and model.
func udta() []byte {
	return bx("udta", bx("\xa9xyz", u32(uint32(len(location))<<16|0x15c7), []byte(location)), bx("\xa9mak", []byte("Apple")))
}

// qtMeta is a MOV's metadata: keys and values, the location among them.
func qtMeta(date string) []byte {
	key := func(s string) []byte { return append(append(u32(uint32(8+len(s))), "mdta"...), s...) }
	item := func(i uint32, v string) []byte {
		return append(append(u32(uint32(8+16+len(v))), u32(i)...), bx("data", u32(1), u32(0), []byte(v))...)
	}
	return bx("meta",
		bx("hdlr", u32(0), u32(0), []byte("mdta"), make([]byte, 13)),
		bx("keys", u32(0), u32(3), key("com.apple.quicktime.location.ISO6709"), key("com.apple.quicktime.make"), key("com.apple.quicktime.creationdate")),
		bx("ilst", item(1, location), item(2, "Apple"), item(3, date)))
}

var samples = [][]byte{[]byte("FRAME-ONE-bytes"), []byte("FRAME-TWO-more-bytes"), []byte("FRAME-THREE")}

// file builds a video: ftyp, then moov and mdat in the order asked, with a
// chunk offset per sample pointing at it (stco, or co64 when wide).
func file(brand string, moovFirst, wide bool, scale, dur uint32, extra ...[]byte) []byte {
	mdatBody := bytes.Join(samples, nil)
	ftyp := bx("ftyp", []byte(brand), u32(0), []byte(brand), []byte("isom"))
	mk := func(mdatAt int) []byte {
		var offs []byte
		at := mdatAt + 8
		for _, s := range samples {
			if wide {
				offs = append(offs, u64(uint64(at))...)
			} else {
				offs = append(offs, u32(uint32(at))...)
			}
			at += len(s)
		}
		co := bx("stco", u32(0), u32(uint32(len(samples))), offs)
		if wide {
			co = bx("co64", u32(0), u32(uint32(len(samples))), offs)
		}
		stbl := bx("stbl", bx("stsd", u32(0), u32(0)), co)
		trak := bx("trak", bx("tkhd", u32(0), make([]byte, 80)), bx("mdia", bx("mdhd", u32(0), make([]byte, 20)), bx("minf", stbl)), udta(), qtMeta("2026-12-01T10:15:30+0000"))
		return bx("moov", append(append([]byte{}, mvhd(scale, dur)...), append(trak, append(udta(), bytes.Join(extra, nil)...)...)...))
	}
	mdat := bx("mdat", mdatBody)
	if moovFirst {
		moov := mk(0)
		moov = mk(len(ftyp) + len(moov))
		return bytes.Join([][]byte{ftyp, moov, mdat}, nil)
	}
	return bytes.Join([][]byte{ftyp, mdat, mk(len(ftyp))}, nil)
}

// offsets are the chunk offsets of a cleaned file.
func offsets(t *testing.T, b []byte) []uint64 {
	t.Helper()
	var out []uint64
	var walk func(from, to int)
	walk = func(from, to int) {
		bs, err := boxes(b, from, to, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range bs {
			switch {
			case container(x.typ):
				walk(x.payloadStart, x.end)
			case x.typ == "stco":
				for i := x.payloadStart + 8; i < x.end; i += 4 {
					out = append(out, uint64(binary.BigEndian.Uint32(b[i:])))
				}
			case x.typ == "co64":
				for i := x.payloadStart + 8; i < x.end; i += 8 {
					out = append(out, binary.BigEndian.Uint64(b[i:]))
				}
			}
		}
	}
	walk(0, len(b))
	return out
}

func TestCleanRemovesLocationAndKeepsSamples(t *testing.T) {
	for _, c := range []struct {
		name            string
		brand           string
		moovFirst, wide bool
		typ             string
		wantCaptured    time.Time
	}{
		{"mov, moov first (iPhone)", "qt  ", true, false, TypeMOV, time.Date(2026, 12, 1, 10, 15, 30, 0, time.UTC)},
		{"mp4, mdat first (Android)", "mp42", false, false, TypeMP4, time.Date(2026, 12, 1, 10, 15, 30, 0, time.UTC)},
		{"mp4, 64-bit offsets", "isom", true, true, TypeMP4, time.Date(2026, 12, 1, 10, 15, 30, 0, time.UTC)},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := file(c.brand, c.moovFirst, c.wide, 600, 600*12+300, qtMeta("2026-12-01T10:15:30+0000"), bx("uuid", make([]byte, 16), []byte("<x:xmpmeta/>")))
			for _, s := range [][]byte{[]byte("\xa9xyz"), []byte("ISO6709"), []byte(location)} {
				if !bytes.Contains(in, s) {
					t.Fatalf("the test file lacks %q", s)
				}
			}
			out, info, err := Clean(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range [][]byte{[]byte("\xa9xyz"), []byte("ISO6709"), []byte(location), []byte("Apple"), []byte("udta"), []byte("meta"), []byte("xmpmeta")} {
				if bytes.Contains(out, s) {
					t.Errorf("the cleaned copy still holds %q", s)
				}
			}
			got := offsets(t, out)
			if len(got) != len(samples) {
				t.Fatalf("offsets %v", got)
			}
			for i, o := range got {
				if !bytes.Equal(out[o:int(o)+len(samples[i])], samples[i]) {
					t.Errorf("offset %d points at %q, want %q", i, out[o:int(o)+len(samples[i])], samples[i])
				}
			}
			if info.ContentType != c.typ || info.Duration != 12500*time.Millisecond {
				t.Errorf("info %+v", info)
			}
			if info.CapturedAt == nil || !info.CapturedAt.Equal(c.wantCaptured) {
				t.Errorf("captured %v, want %v (QuickTime's creation date)", info.CapturedAt, c.wantCaptured)
			}
			sum := sha256.Sum256(out)
			if info.SHA256 != hex.EncodeToString(sum[:]) || info.Size != int64(len(out)) {
				t.Errorf("sha256 %s size %d", info.SHA256, info.Size)
			}
			again, info2, err := Clean(out)
			if err != nil || !bytes.Equal(again, out) || info2.SHA256 != info.SHA256 {
				t.Errorf("cleaning the cleaned copy changed it (%v)", err)
			}
		})
	}
}

func TestCapturedFromMvhdWithoutQuickTimeDate(t *testing.T) {
	in := file("mp42", true, false, 1000, 5000)
	// the trak's QuickTime meta is not moov's: only mvhd's time counts
	_, info, err := Clean(in)
	if err != nil {
		t.Fatal(err)
	}
	if info.CapturedAt == nil || !info.CapturedAt.Equal(created) || info.Duration != 5*time.Second {
		t.Errorf("info %+v, want captured %v and 5s", info, created)
	}
}

func TestRefusals(t *testing.T) {
	good := file("mp42", true, false, 600, 600*10)
	large := append(bytes.Clone(good), bx("free", make([]byte, MaxBytes))...)
	truncated := good[:len(good)-5]
	noMoov := bytes.Join([][]byte{bx("ftyp", []byte("mp42"), u32(0)), bx("mdat", []byte("x"))}, nil)
	for _, c := range []struct {
		name string
		in   []byte
		want error
	}{
		{"a JPEG", []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00"), ErrNotVideo},
		{"text", []byte("hello, this is not a video at all"), ErrNotVideo},
		{"empty", nil, ErrNotVideo},
		{"WebM", []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81}, ErrWebM},
		{"61 seconds", file("mp42", true, false, 600, 600*61), ErrTooLong},
		{"60.5 seconds", file("mp42", false, false, 1000, 60500), ErrTooLong},
		{"over 50 MB", large, ErrTooLarge},
		{"truncated", truncated, ErrDamaged},
		{"no moov", noMoov, ErrDamaged},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, _, err := Clean(c.in); !errors.Is(err, c.want) {
				t.Errorf("got %v, want %v", err, c.want)
			}
		})
	}
	if _, info, err := Clean(file("mp42", true, false, 600, 600*60)); err != nil || info.Duration != MaxDuration {
		t.Errorf("exactly a minute: %v %v", info.Duration, err)
	}
}

func FuzzClean(f *testing.F) {
	f.Add(file("qt  ", true, false, 600, 6000, qtMeta("2026-12-01T10:15:30+0000")))
	f.Add(file("mp42", false, true, 600, 6000))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, info, err := Clean(b)
		if err != nil {
			return
		}
		again, info2, err := Clean(out)
		if err != nil || !bytes.Equal(again, out) || info2.Duration != info.Duration {
			t.Fatalf("the cleaned copy does not clean to itself: %v", err)
		}
	})
}
