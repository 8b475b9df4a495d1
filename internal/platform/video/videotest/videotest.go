// Package videotest builds small, valid MP4 and MOV files by hand for
// tests (Go cannot encode video): the boxes a phone writes, with the
// location and the phone's model in them, and a few distinct samples in
// mdat that the chunk offsets point at.
package videotest

import (
	"bytes"
	"encoding/binary"
	"time"
)

// Box is an ISO media box: its size, its type, its payload.
func Box(typ string, payload ...[]byte) []byte {
	p := bytes.Join(payload, nil)
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(p)))
	return append(append(out, typ...), p...)
}

func u32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

// Created is mvhd's creation time in the files built.
var Created = time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)

// Location is the ISO 6709 location the files carry (London).
const Location = "+51.5072-000.1276+011.000/"

// Samples are the media data, each a chunk.
var Samples = [][]byte{[]byte("FRAME-ONE-bytes"), []byte("FRAME-TWO-more-bytes"), []byte("FRAME-THREE")}

func mvhd(scale, dur uint32) []byte {
	secs := uint32(Created.Sub(time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)) / time.Second)
	return Box("mvhd", u32(0), u32(secs), u32(secs), u32(scale), u32(dur), make([]byte, 80))
}

// UserData is an MP4's user data with the location (©xyz) and the make.
func UserData() []byte {
	return Box("udta", Box("\xa9xyz", u32(uint32(len(Location))<<16|0x15c7), []byte(Location)), Box("\xa9mak", []byte("Apple")))
}

// QuickTimeMeta is a MOV's metadata: keys and values, the location, the
// make and the creation date among them.
func QuickTimeMeta(date string) []byte {
	key := func(s string) []byte { return append(append(u32(uint32(8+len(s))), "mdta"...), s...) }
	item := func(i uint32, v string) []byte {
		return append(append(u32(uint32(8+16+len(v))), u32(i)...), Box("data", u32(1), u32(0), []byte(v))...)
	}
	return Box("meta",
		Box("hdlr", u32(0), u32(0), []byte("mdta"), make([]byte, 13)),
		Box("keys", u32(0), u32(3), key("com.apple.quicktime.location.ISO6709"), key("com.apple.quicktime.make"), key("com.apple.quicktime.creationdate")),
		Box("ilst", item(1, Location), item(2, "Apple"), item(3, date)))
}

// Options shape a file.
type Options struct {
	Brand     string // "qt  " for a MOV, "mp42" or "isom" for an MP4
	MoovFirst bool   // moov before mdat (iPhone, "fast start"), else after (many Androids)
	Wide      bool   // 64-bit chunk offsets (co64)
	Scale     uint32 // mvhd's time scale
	Duration  uint32 // in Scale units
	Extra     [][]byte
	MetaTrack bool // a timed metadata track (handler "meta") whose one sample is the location
}

// MetaSample is the sample of the timed metadata track.
var MetaSample = []byte("GPS " + Location)

// File builds a video: ftyp, then moov and mdat, a chunk offset per
// sample; the location in moov's and the track's udta and meta, and in
// Extra's boxes appended to moov.
func File(o Options) []byte {
	ftyp := Box("ftyp", []byte(o.Brand), u32(0), []byte(o.Brand), []byte("isom"))
	mk := func(mdatAt int) []byte {
		var offs []byte
		at := mdatAt + 8
		for _, s := range Samples {
			if o.Wide {
				offs = append(offs, u64(uint64(at))...)
			} else {
				offs = append(offs, u32(uint32(at))...)
			}
			at += len(s)
		}
		co := Box("stco", u32(0), u32(uint32(len(Samples))), offs)
		if o.Wide {
			co = Box("co64", u32(0), u32(uint32(len(Samples))), offs)
		}
		stbl := Box("stbl", Box("stsd", u32(0), u32(0)), co)
		trak := Box("trak", Box("tkhd", u32(0), make([]byte, 80)), Box("mdia", Box("mdhd", u32(0), make([]byte, 20)),
			Box("hdlr", u32(0), u32(0), []byte("vide"), make([]byte, 13)), Box("minf", stbl)),
			UserData(), QuickTimeMeta("2026-12-01T10:15:30+0000"))
		var meta []byte
		if o.MetaTrack {
			mstbl := Box("stbl", Box("stsd", u32(0), u32(0)), Box("stsc", u32(0), u32(1), u32(1), u32(1), u32(1)),
				Box("stsz", u32(0), u32(0), u32(1), u32(uint32(len(MetaSample)))), Box("stco", u32(0), u32(1), u32(uint32(at))))
			meta = Box("trak", Box("tkhd", u32(0), make([]byte, 80)), Box("mdia", Box("mdhd", u32(0), make([]byte, 20)),
				Box("hdlr", u32(0), u32(0), []byte("meta"), make([]byte, 13)), Box("minf", mstbl)))
		}
		return Box("moov", mvhd(o.Scale, o.Duration), trak, meta, UserData(), bytes.Join(o.Extra, nil))
	}
	body := bytes.Join(Samples, nil)
	if o.MetaTrack {
		body = append(body, MetaSample...)
	}
	mdat := Box("mdat", body)
	if o.MoovFirst {
		moov := mk(0)
		moov = mk(len(ftyp) + len(moov))
		return bytes.Join([][]byte{ftyp, moov, mdat}, nil)
	}
	return bytes.Join([][]byte{ftyp, mdat, mk(len(ftyp))}, nil)
}

// MOV is a 12.5-second iPhone video with its location, taken
// 2026-12-01T10:15:30Z by QuickTime's creation date.
func MOV() []byte {
	return File(Options{Brand: "qt  ", MoovFirst: true, Scale: 600, Duration: 7500, MetaTrack: true, Extra: [][]byte{QuickTimeMeta("2026-12-01T10:15:30+0000")}})
}
