package video

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/video/videotest"
)

var (
	bx       = videotest.Box
	qtMeta   = videotest.QuickTimeMeta
	samples  = videotest.Samples
	created  = videotest.Created
	location = videotest.Location
)

func u32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

// file builds a video with a timed metadata track whose sample is the location.
func file(brand string, moovFirst, wide bool, scale, dur uint32, extra ...[]byte) []byte {
	return videotest.File(videotest.Options{Brand: brand, MoovFirst: moovFirst, Wide: wide, Scale: scale, Duration: dur, Extra: extra, MetaTrack: true})
}

// offsets are the chunk offsets of a cleaned file; types every box's type
// met on the way (containers' children included).
func offsets(t *testing.T, b []byte) (out []uint64, types map[string]bool) {
	t.Helper()
	types = map[string]bool{}
	var walk func(from, to int)
	walk = func(from, to int) {
		bs, err := boxes(b, from, to, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range bs {
			types[x.typ] = true
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
	return out, types
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
			for _, s := range [][]byte{[]byte("\xa9xyz"), []byte("ISO6709"), []byte(location), []byte("Apple"), []byte("xmpmeta")} {
				if bytes.Contains(out, s) {
					t.Errorf("the cleaned copy still holds %q", s)
				}
			}
			got, types := offsets(t, out)
			for _, typ := range []string{"udta", "meta", "uuid"} {
				if types[typ] {
					t.Errorf("the cleaned copy still has a %s box", typ)
				}
			}
			if len(got) != len(samples)+1 {
				t.Fatalf("offsets %v", got)
			}
			meta := got[len(samples)] // the timed metadata track's sample: blanked in place
			if !bytes.Equal(out[meta:int(meta)+len(videotest.MetaSample)], make([]byte, len(videotest.MetaSample))) {
				t.Errorf("the metadata track's sample is %q", out[meta:int(meta)+len(videotest.MetaSample)])
			}
			for i, o := range got[:len(samples)] {
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
