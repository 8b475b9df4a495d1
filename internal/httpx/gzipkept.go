package httpx

import (
	"bytes"
	"hash/maphash"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// GzipKept sends answers that many requests receive byte for byte the same
// (a search's first page, asked by every visitor until a listing changes)
// compressed once: it keeps the gzip of each answer it has sent, keyed by
// the answer's own bytes, and sends the kept gzip when the same bytes are
// answered again. The caller still makes the whole answer each time (what
// it says is decided afresh, from the database); only the compression is
// saved, which on a page of listings costs the server about as much CPU as
// everything else it does outside the SQL statement (docs/perf.md, issue
// 43). Answers are compared whole, never by a key the caller chooses, so a
// kept gzip is never sent for other bytes.
//
// The gzip is the one WithCompression's API wrapper would make (the
// fastest level), sent with its Content-Encoding set so that wrapper lets
// it pass. Browsers that do not accept gzip, and answers too small to be
// worth compressing, get the bytes as they are.
type GzipKept struct {
	mu    sync.Mutex
	seed  maphash.Seed
	kept  map[uint64]*gzipEntry
	bytes int // the plain and gzip bytes kept
	max   int
}

type gzipEntry struct{ plain, gz []byte }

// NewGzipKept keeps at most max bytes of answers (each counted plain and
// compressed); past it, kept answers picked at random make room.
func NewGzipKept(max int) *GzipKept {
	return &GzipKept{seed: maphash.MakeSeed(), kept: map[uint64]*gzipEntry{}, max: max}
}

// Write sends body with status; the headers other than the encoding and
// length are the caller's, set before.
func (k *GzipKept) Write(w http.ResponseWriter, r *http.Request, status int, body []byte) error {
	if len(body) < gzhttp.DefaultMinSize || !AcceptsGzip(r.Header.Get("Accept-Encoding")) {
		w.WriteHeader(status)
		_, err := w.Write(body)
		return err
	}
	gz, err := k.gzipOf(body)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Length", strconv.Itoa(len(gz)))
	w.WriteHeader(status)
	_, err = w.Write(gz)
	return err
}

// gzipOf answers body's kept gzip, compressing and keeping it the first
// time. The answer is never changed afterwards (it may be sent while
// another request makes room).
func (k *GzipKept) gzipOf(body []byte) ([]byte, error) {
	key := maphash.Bytes(k.seed, body)
	k.mu.Lock()
	e := k.kept[key]
	k.mu.Unlock()
	if e != nil && bytes.Equal(e.plain, body) {
		return e.gz, nil
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	e = &gzipEntry{plain: bytes.Clone(body), gz: buf.Bytes()}
	size := len(e.plain) + len(e.gz)
	if size > k.max {
		return e.gz, nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if old := k.kept[key]; old != nil {
		k.bytes -= len(old.plain) + len(old.gz)
		delete(k.kept, key)
	}
	for key, old := range k.kept { // a map's order: entries picked at random
		if k.bytes+size <= k.max {
			break
		}
		k.bytes -= len(old.plain) + len(old.gz)
		delete(k.kept, key)
	}
	k.kept[key] = e
	k.bytes += size
	return e.gz, nil
}

// AcceptsGzip reports whether an Accept-Encoding header accepts gzip: named
// (or "*") with a quality above zero.
func AcceptsGzip(header string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "x-gzip" && name != "*" {
			continue
		}
		ok := true
		for p := range strings.SplitSeq(params, ";") {
			k, v, found := strings.Cut(strings.TrimSpace(p), "=")
			if found && strings.EqualFold(strings.TrimSpace(k), "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				ok = err == nil && q > 0
			}
		}
		if name == "*" {
			star = ok
		} else {
			return ok
		}
	}
	return star
}

// Kept is how many bytes are kept (plain and compressed).
func (k *GzipKept) Kept() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.bytes
}
