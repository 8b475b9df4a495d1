package httpx_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
)

const (
	noFile   = "Please choose an image to upload."
	tooLarge = "Image size should not be more than 5MB."
)

// multipartBody is a well-formed body with one part "file" holding content.
func multipartBody(t testing.TB, content []byte) (body []byte, contentType string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("note", "first a text field")
	fw, err := mw.CreateFormFile("file", "photo.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(content)
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), mw.FormDataContentType()
}

// uploadHandler reads the part fully, as the photo and blog uploads do.
func uploadHandler(limit int64) http.Handler {
	return httpx.WithBodyLimit(limit, nil)(httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		f, err := httpx.UploadedFile(r, "file", noFile, tooLarge)
		if err != nil {
			return err
		}
		data, err := io.ReadAll(f)
		if err != nil {
			return apperr.Wrap(err, "read upload") // what the services do
		}
		return httpx.WriteJSON(w, 201, map[string]int{"bytes": len(data)})
	}))
}

func postUpload(h http.Handler, body []byte, ct string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/upload", bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestUploadedFileWholeBody(t *testing.T) {
	content := bytes.Repeat([]byte("pixel"), 1000)
	body, ct := multipartBody(t, content)
	rec := postUpload(uploadHandler(1<<20), body, ct)
	if rec.Code != 201 || !strings.Contains(rec.Body.String(), `"bytes":5000`) {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

// A body cut anywhere (in the file's bytes, in its part headers, before the
// closing boundary) is the client's fault: 400 with a clear message, never a
// 500 "unexpected EOF".
func TestUploadedFileTruncatedBodyIs400(t *testing.T) {
	content := bytes.Repeat([]byte("pixel"), 1000)
	body, ct := multipartBody(t, content)
	fileStart := bytes.Index(body, []byte("pixel"))
	headerMid := bytes.Index(body, []byte(`name="file"`)) + 5
	for name, cut := range map[string]int{
		"inside the file":           fileStart + 2000,
		"just before the boundary":  len(body) - 10,
		"inside the part's headers": headerMid,
		"after the first boundary":  40,
	} {
		t.Run(name, func(t *testing.T) {
			rec := postUpload(uploadHandler(1<<20), body[:cut], ct)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", rec.Code, rec.Body)
			}
			b := decodeErr(t, rec)
			if b.Error.Code != "bad_upload" || b.Error.Message != httpx.MsgUploadCutShort {
				t.Fatalf("body %s", rec.Body)
			}
		})
	}
}

func TestUploadedFileOverTheCapIs413(t *testing.T) {
	body, ct := multipartBody(t, bytes.Repeat([]byte("x"), 4000))
	for name, limit := range map[string]int64{
		"while reading the file": 2000,
		"while finding the part": 100,
	} {
		t.Run(name, func(t *testing.T) {
			rec := postUpload(uploadHandler(limit), body, ct)
			if rec.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413: %s", rec.Code, rec.Body)
			}
			if b := decodeErr(t, rec); b.Error.Code != "image_too_large" || b.Error.Message != tooLarge {
				t.Fatalf("body %s", rec.Body)
			}
		})
	}
}

func TestUploadedFileNoFile(t *testing.T) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("other", "x")
	_ = mw.Close()
	for name, tc := range map[string]struct {
		body []byte
		ct   string
	}{
		"no file part":  {buf.Bytes(), mw.FormDataContentType()},
		"not multipart": {[]byte(`{"file":"x"}`), "application/json"},
	} {
		t.Run(name, func(t *testing.T) {
			rec := postUpload(uploadHandler(1<<20), tc.body, tc.ct)
			if b := decodeErr(t, rec); rec.Code != 400 || b.Error.Message != noFile {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
		})
	}
}

func TestRetryAfterHeader(t *testing.T) {
	e := apperr.New(apperr.Unavailable, "busy", "Busy.")
	e.RetryAfter = 2500 * time.Millisecond
	rec := httptest.NewRecorder()
	httpx.WriteError(rec, httptest.NewRequest("POST", "/api/x", nil), e)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "3" {
		t.Fatalf("%d Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	rec = httptest.NewRecorder()
	httpx.WriteError(rec, httptest.NewRequest("POST", "/api/x", nil), apperr.New(apperr.Invalid, "x", "X."))
	if rec.Header().Get("Retry-After") != "" {
		t.Fatal("Retry-After on an error without one")
	}
}
