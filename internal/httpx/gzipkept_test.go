package httpx_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/httpx"
)

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                              false,
		"gzip":                          true,
		"GZIP":                          true,
		"gzip, deflate, br, zstd":       true,
		"br;q=1.0, gzip;q=0.8, *;q=0.1": true,
		"deflate, br":                   false,
		"gzip;q=0":                      false,
		"gzip; q=0.000":                 false,
		"*":                             true,
		"*;q=0":                         false,
		"*, gzip;q=0":                   false,
		"gzip;q=0, *":                   false,
		"x-gzip":                        true,
		"gzipped":                       false,
		"identity":                      false,
		"gzip;q=abc":                    false,
	} {
		if got := httpx.AcceptsGzip(header); got != want {
			t.Errorf("AcceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// send writes body through k as a handler would, behind WithCompression,
// and answers the decoded body with the response.
func send(t *testing.T, k *httpx.GzipKept, body []byte, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	h := httpx.WithCompression(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if err := k.Write(w, r, http.StatusOK, body); err != nil {
			t.Error(err)
		}
	}))
	req := httptest.NewRequest(http.MethodGet, "/api/listings", nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	raw, _ := io.ReadAll(res.Body)
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("not gzip: %v", err)
		}
		if raw, err = io.ReadAll(zr); err != nil {
			t.Fatalf("gzip cut short: %v", err)
		}
		if n, _ := io.ReadAll(zr); len(n) != 0 {
			t.Fatal("compressed twice")
		}
	}
	return res, raw
}

func page(n int) []byte {
	return []byte(`{"listings":[` + strings.Repeat(fmt.Sprintf(`{"id":"%d","title":"A flat"},`, n), 200) + `{}]}` + "\n")
}

// TestGzipKeptSendsTheSameBytes: every answer decodes to the bytes the
// handler wrote, compressed once (not again by WithCompression), kept for
// the same bytes and never sent for others.
func TestGzipKeptSendsTheSameBytes(t *testing.T) {
	k := httpx.NewGzipKept(1 << 20)
	for round := range 3 {
		for n := range 5 {
			res, got := send(t, k, page(n), "gzip, deflate, br")
			if !bytes.Equal(got, page(n)) {
				t.Fatalf("round %d page %d: got %q", round, n, got)
			}
			if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Fatalf("headers %v", res.Header)
			}
			if cl := res.Header.Get("Content-Length"); cl == "" || cl == fmt.Sprint(len(page(n))) {
				t.Fatalf("Content-Length %q of the compressed answer", cl)
			}
		}
	}
	// No gzip accepted, or too small to compress: the bytes as they are.
	for _, ae := range []string{"", "br", "gzip;q=0"} {
		res, got := send(t, k, page(1), ae)
		if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(got, page(1)) {
			t.Fatalf("Accept-Encoding %q: %v %q", ae, res.Header, got)
		}
	}
	small := []byte(`{"listings":[]}` + "\n")
	if res, got := send(t, k, small, "gzip"); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(got, small) {
		t.Fatalf("small answer: %v %q", res.Header, got)
	}
}

// TestGzipKeptStaysWithinItsBound sends many different answers, from many
// requests at once, into a small store: every answer is right and the
// store never holds more than its bound.
func TestGzipKeptStaysWithinItsBound(t *testing.T) {
	k := httpx.NewGzipKept(64 << 10)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 60 {
				n := (g*7 + i) % 40
				if _, got := send(t, k, page(n), "gzip"); !bytes.Equal(got, page(n)) {
					t.Errorf("page %d: wrong bytes", n)
					return
				}
			}
		})
	}
	wg.Wait()
	if b := k.Kept(); b > 64<<10 || b == 0 {
		t.Fatalf("%d bytes kept, bound %d", b, 64<<10)
	}
}
