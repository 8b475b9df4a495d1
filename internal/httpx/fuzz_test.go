package httpx_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
)

// fuzzTarget is the kind of struct handlers decode into.
type fuzzTarget struct {
	Name  string            `json:"name"`
	Count int               `json:"count"`
	Tags  []string          `json:"tags"`
	Extra map[string]string `json:"extra"`
	Ptr   *float64          `json:"ptr"`
}

// clientError reports whether err is a refusal the client can act on (400
// or 413 with the error shape), never a 500.
func clientError(err error) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && (ae.Kind == apperr.Invalid || ae.Kind == apperr.TooLarge)
}

// FuzzDecodeJSON: whatever the body, DecodeJSON never panics and refuses
// only with 400 invalid_json or 413 too_large. What it accepts is exactly one
// valid JSON value (json.Valid) within the size cap, decoded as the standard
// decoder would.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{
		`{"name":"a","count":2,"tags":["x"],"extra":{"k":"v"},"ptr":1.5}`,
		`{"name":"a"}{"name":"b"}`, `{"name":"a"} x`, `{"name":"a"}` + "\n\t ", `{"name":`, `[]`, `null`,
		`{"role":"Admin"}`, `{"count":1e400}`, `{"name":"\ud800"}`, "\xef\xbb\xbf{}", ``, ` `, `{}}`, `{"tags":[1]}`,
	} {
		f.Add([]byte(s), uint16(64))
	}
	f.Fuzz(func(t *testing.T, body []byte, limit uint16) {
		if limit == 0 {
			limit = 1
		}
		req := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Body = http.MaxBytesReader(httptest.NewRecorder(), req.Body, int64(limit))
		var got fuzzTarget
		err := httpx.DecodeJSON(req, &got)
		if err != nil {
			if !clientError(err) {
				t.Fatalf("refusal is not a client error: %#v", err)
			}
			if apperr.CodeOf(err) == "too_large" && len(body) <= int(limit) {
				t.Fatalf("too_large for %d bytes under a %d cap", len(body), limit)
			}
			return
		}
		if len(body) > int(limit) {
			t.Fatalf("accepted %d bytes over a %d cap", len(body), limit)
		}
		if !json.Valid(body) {
			t.Fatalf("accepted a body that is not one JSON value: %q", body)
		}
		var want fuzzTarget
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("accepted what the standard decoder refuses: %v", err)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if !bytes.Equal(a, b) {
			t.Fatalf("decoded %s, standard decoder %s", a, b)
		}
	})
}

const fuzzBoundary = "fuzzboundary"

// FuzzUploadedFile: a multipart body of any bytes never panics and every
// refusal is a client error; a well-formed body cut anywhere before the
// delimiter that ends the file is refused (400 bad_upload), and a whole one
// gives the file's bytes exactly. (Cut inside the closing "--" after a
// complete file, the file may be accepted: its bytes are all there.)
func FuzzUploadedFile(f *testing.F) {
	whole := func(content []byte) []byte {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.SetBoundary(fuzzBoundary)
		_ = mw.WriteField("note", "x")
		w, _ := mw.CreateFormFile("file", "a.png")
		_, _ = w.Write(content)
		_ = mw.Close()
		return buf.Bytes()
	}
	for _, s := range []struct {
		content string
		cut     uint16
		raw     string
	}{
		{"\x89PNG\r\n\x1a\n pixels", 0xffff, ""},
		{"pixels", 40, ""},
		{"pixels", 100, ""},
		{"--" + fuzzBoundary[:5] + " almost the boundary", 0xffff, ""},
		{"", 0, "--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc\r\n--" + fuzzBoundary + "--\r\n"},
		{"", 0, "--" + fuzzBoundary + "\r\nContent-Disposition: form-data; na"},
		{"", 0, "--" + fuzzBoundary + "--"},
		{"", 0, "preamble\r\n--" + fuzzBoundary + "\r\n\r\n\r\n--" + fuzzBoundary + "--"},
	} {
		f.Add([]byte(s.content), s.cut, []byte(s.raw))
	}
	f.Fuzz(func(t *testing.T, content []byte, cut uint16, raw []byte) {
		read := func(body []byte) ([]byte, error) {
			req := httptest.NewRequest("POST", "/upload", bytes.NewReader(body))
			req.Header.Set("Content-Type", "multipart/form-data; boundary="+fuzzBoundary)
			req.Body = http.MaxBytesReader(httptest.NewRecorder(), req.Body, 1<<16)
			r, err := httpx.UploadedFile(req, "file", "no file", "too large")
			if err != nil {
				return nil, err
			}
			return io.ReadAll(r)
		}
		// Any bytes at all.
		if _, err := read(raw); err != nil && !clientError(err) {
			t.Fatalf("raw body: refusal is not a client error: %#v", err)
		}
		// A well-formed body, cut or whole. (A sender picks a boundary that is
		// not in the content; one that is makes a different, valid body.)
		if bytes.Contains(content, []byte(fuzzBoundary)) {
			return
		}
		body := whole(content)
		closing := bytes.LastIndex(body, []byte("\r\n--"+fuzzBoundary+"--"))
		fileEnd := closing + len("\r\n--"+fuzzBoundary) // the file's bytes are delimited
		end := fileEnd + 2                              // and the body is complete
		if int(cut) < len(body) {
			body = body[:cut]
		}
		data, err := read(body)
		switch {
		case err != nil && !clientError(err):
			t.Fatalf("cut at %d of %d: refusal is not a client error: %#v", len(body), end, err)
		case len(body) >= end && err != nil:
			t.Fatalf("whole body refused: %v", err)
		case len(body) < fileEnd && err == nil:
			t.Fatalf("body cut inside the file (at %d, file ends at %d) accepted", len(body), fileEnd)
		case err == nil && !bytes.Equal(data, content):
			t.Fatalf("read %d bytes, sent %d", len(data), len(content))
		}
	})
}
