// Package storage is where uploaded files live: a local directory in
// development and single-node installs, or an S3-compatible bucket.
//
// Keys are relative, slash-separated paths (see ValidKey); both backends
// refuse anything else so a key built from user input can never escape the
// store.
package storage

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"
)

// Object describes a stored file.
type Object struct {
	Key         string
	ContentType string
	Size        int64
}

// Store is the interface the application uses for uploaded files.
type Store interface {
	// Put stores r under key, replacing any existing object. When size >= 0
	// the reader must yield exactly size bytes; size < 0 means unknown.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Get opens key. A missing key returns an error for which IsNotExist is true.
	// The caller must Close the reader.
	Get(ctx context.Context, key string) (io.ReadCloser, Object, error)
	// Delete removes key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// List returns the objects whose key starts with prefix, sorted by key.
	// Object.ContentType may be empty in List results (S3 does not return it).
	List(ctx context.Context, prefix string) ([]Object, error)
	// SignedURL returns a short-lived URL the browser can fetch directly, or
	// ("", nil) when the store serves files through the app (local).
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
}

// ErrInvalidKey is returned (wrapped) for keys that fail ValidKey.
var ErrInvalidKey = errors.New("storage: invalid key")

// ErrSizeMismatch is returned (wrapped) when Put is given a size that does
// not match the number of bytes the reader produced.
var ErrSizeMismatch = errors.New("storage: size mismatch")

// IsNotExist reports whether err means the object does not exist.
func IsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// MaxKeyLen is the longest key ValidKey accepts.
const MaxKeyLen = 300

// ValidKey reports whether key is an acceptable object key: a relative path
// of non-empty segments made of [a-zA-Z0-9._-] separated by '/', with no
// "..", no leading or trailing '/', no "." segment, and at most 300 bytes.
func ValidKey(key string) bool {
	if key == "" || len(key) > MaxKeyLen || strings.Contains(key, "..") {
		return false
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg == "." || !validChars(seg) {
			return false
		}
	}
	return true
}

func validChars(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// validPrefix accepts "" or anything that could be the start of a valid key
// (it may end in '/').
func validPrefix(p string) bool {
	if p == "" {
		return true
	}
	return ValidKey(strings.TrimSuffix(p, "/"))
}

func invalidKey(key string) error {
	return &keyError{key: key}
}

type keyError struct{ key string }

func (e *keyError) Error() string {
	k := e.key
	if len(k) > 80 {
		k = k[:80] + "..."
	}
	return "storage: invalid key " + quote(k) + " (want relative path of [a-zA-Z0-9._-] segments, no '..', max 300 chars)"
}
func (e *keyError) Unwrap() error { return ErrInvalidKey }

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == '"' || r == '\\' {
			b.WriteString("\\x")
			const hex = "0123456789abcdef"
			b.WriteByte(hex[byte(r)>>4])
			b.WriteByte(hex[byte(r)&0xf])
			continue
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// ContentTypeByKey derives a content type from the key's extension for the
// image types the application stores; anything else is application/octet-stream.
func ContentTypeByKey(key string) string {
	switch strings.ToLower(path.Ext(key)) {
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".webp":
		return "image/webp"
	}
	return "application/octet-stream"
}
