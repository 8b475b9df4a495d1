// Package imaging checks and processes uploaded photos. It decides what a file
// is from its bytes, never from its name or declared content type, refuses
// oversized files and decompression bombs before decoding pixels, strips all
// metadata by re-encoding, and makes resized copies.
//
// Only PNG and JPEG are accepted (no GIF, no WebP).
package imaging

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"path"
	"strings"
)

// Sentinel errors; test with errors.Is.
var (
	ErrNotImage      = errors.New("imaging: not a PNG or JPEG image")
	ErrTooLarge      = errors.New("imaging: file too large")
	ErrTooManyPixels = errors.New("imaging: image has too many pixels")
)

// Kind is the detected image format.
type Kind string

const (
	PNG  Kind = "png"
	JPEG Kind = "jpeg"
)

// ContentType returns the MIME type for k ("" for an unknown kind).
func (k Kind) ContentType() string {
	switch k {
	case PNG:
		return "image/png"
	case JPEG:
		return "image/jpeg"
	}
	return ""
}

// Ext returns the file extension for k, with the dot (".png", ".jpg").
func (k Kind) Ext() string {
	switch k {
	case PNG:
		return ".png"
	case JPEG:
		return ".jpg"
	}
	return ""
}

// Defaults used when a Limits field is zero (or negative).
const (
	DefaultMaxBytes  int64 = 5 * 1024 * 1024
	DefaultMaxPixels int   = 25_000_000
)

// Limits bounds what Check accepts. Zero fields take the defaults.
type Limits struct {
	MaxBytes  int64 // largest accepted upload in bytes (default 5 MiB)
	MaxPixels int   // largest accepted width*height (default 25 megapixels)
}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultMaxPixels
	}
	return l
}

const sniffLen = 512

var (
	pngMagic  = []byte{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}
	jpegMagic = []byte{0xFF, 0xD8, 0xFF}
)

// Sniff looks at most at the first 512 bytes of head and decides the kind by
// magic numbers: PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF. Anything else
// (GIF, PDF, text renamed .jpg, ...) is ErrNotImage.
func Sniff(head []byte) (Kind, error) {
	if len(head) > sniffLen {
		head = head[:sniffLen]
	}
	switch {
	case bytes.HasPrefix(head, pngMagic):
		return PNG, nil
	case bytes.HasPrefix(head, jpegMagic):
		return JPEG, nil
	}
	return "", ErrNotImage
}

// Check reads the whole upload (refusing more than l.MaxBytes with
// ErrTooLarge), sniffs its kind, reads only the image header and refuses
// width*height over l.MaxPixels with ErrTooManyPixels before any pixel is
// decoded. Width and height are as stored in the file (an EXIF-rotated JPEG
// has them swapped compared with how it is displayed; Clean fixes that).
//
// Wrap the request body in http.MaxBytesReader as well so a client cannot make
// the server read past the limit.
func Check(r io.Reader, l Limits) (data []byte, kind Kind, width, height int, err error) {
	l = l.withDefaults()
	data, err = io.ReadAll(io.LimitReader(r, l.MaxBytes+1))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, "", 0, 0, fmt.Errorf("%w: over %d bytes", ErrTooLarge, l.MaxBytes)
		}
		return nil, "", 0, 0, fmt.Errorf("imaging: read upload: %w", err)
	}
	if int64(len(data)) > l.MaxBytes {
		return nil, "", 0, 0, fmt.Errorf("%w: over %d bytes", ErrTooLarge, l.MaxBytes)
	}
	kind, err = Sniff(data)
	if err != nil {
		return nil, "", 0, 0, err
	}
	width, height, err = header(data, kind, l.MaxPixels)
	if err != nil {
		return nil, "", 0, 0, err
	}
	return data, kind, width, height, nil
}

// header decodes only the image header and enforces the pixel limit.
func header(data []byte, kind Kind, maxPixels int) (w, h int, err error) {
	cfg, err := headerConfig(data, kind, maxPixels)
	return cfg.Width, cfg.Height, err
}

// headerConfig is header giving the whole image.Config (the color model
// tells how many bytes a decoded pixel takes).
func headerConfig(data []byte, kind Kind, maxPixels int) (cfg image.Config, err error) {
	switch kind {
	case PNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
	case JPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
	default:
		return image.Config{}, ErrNotImage
	}
	if err != nil {
		return image.Config{}, fmt.Errorf("%w: bad %s header: %v", ErrNotImage, kind, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return image.Config{}, fmt.Errorf("%w: empty %s image", ErrNotImage, kind)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return image.Config{}, fmt.Errorf("%w: %dx%d is over %d pixels", ErrTooManyPixels, cfg.Width, cfg.Height, maxPixels)
	}
	return cfg, nil
}

// Dimensions reads the width and height from an image's header without
// decoding its pixels.
func Dimensions(data []byte) (w, h int, err error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0, fmt.Errorf("imaging: read header: %w", err)
	}
	return cfg.Width, cfg.Height, nil
}

const nameAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// RandomName is a random 16-character name with the extension of the kind
// the content turned out to be (spec 1: random names ending .png or .jpg).
// Stored names never come from the uploader.
func RandomName(kind Kind) string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand panics instead)
	for i := range b {
		b[i] = nameAlphabet[int(b[i])%len(nameAlphabet)]
	}
	return string(b) + kind.Ext()
}

// ValidName reports whether n looks like a RandomName: checked before a
// name from a URL reaches the database or the file store.
func ValidName(n string) bool {
	ext := path.Ext(n)
	stem := strings.TrimSuffix(n, ext)
	if len(stem) != 16 || (ext != ".png" && ext != ".jpg") {
		return false
	}
	for i := 0; i < len(stem); i++ {
		if !strings.ContainsRune(nameAlphabet, rune(stem[i])) {
			return false
		}
	}
	return true
}
