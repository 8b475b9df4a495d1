package documents_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/documents"
	"github.com/omnirent/omnirent/internal/documents/documentstest"
)

// createWithFile POSTs a certificate and its file in one multipart request.
func createWithFile(t *testing.T, c *apptest.Client, body map[string]any, filename, ctype string, data []byte) apptest.Response {
	t.Helper()
	return documentstest.Create(t, c, body, filename, ctype, data)
}

// certificateCount is how many certificates (current and history) the
// property's list holds.
func certificateCount(t *testing.T, c *apptest.Client, pid string) int {
	t.Helper()
	r := c.Get("/api/documents/certificates?propertyId=" + pid)
	if r.Status != http.StatusOK {
		t.Fatalf("certificates: %d %s", r.Status, r.Raw)
	}
	n := 0
	for _, g := range r.Body["groups"].([]any) {
		gm := g.(map[string]any)
		n += len(gm["current"].([]any)) + len(gm["history"].([]any))
	}
	return n
}

// Issue 24: a certificate whose file was refused was still saved as a
// record without a file (then counted as action needed and reminded
// about), and Cancel left it there. The record and its file are now saved
// in one request, together or not at all.
func TestCertificateAndItsFileTogetherOrNotAtAll(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com", false)
		before := counts(t, c)
		body := map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -10)}
		// A refused file: nothing is saved.
		for _, bad := range []struct {
			name, ctype string
			data        []byte
		}{
			{"notes.txt", "text/plain", []byte("not a certificate")},
			{"fake.pdf", "application/pdf", []byte("MZ\x90\x00 an executable named .pdf")},
			{"empty.pdf", "application/pdf", nil},
		} {
			r := createWithFile(t, c, body, bad.name, bad.ctype, bad.data)
			if r.Status != http.StatusBadRequest {
				t.Fatalf("%s: %d %s", bad.name, r.Status, r.Raw)
			}
		}
		if n := certificateCount(t, c, pid); n != 0 {
			t.Fatalf("%d certificates saved without their file", n)
		}
		if after := counts(t, c); after["certificates"] != before["certificates"] {
			t.Fatalf("the counts changed with refused uploads: %v -> %v", before, after)
		}
		list, err := e.App.Files.List(t.Context(), "certificates/")
		if err != nil || len(list) != 0 {
			t.Fatalf("files left behind: %v %v", list, err)
		}
		// Details the server refuses: nothing is saved either.
		if r := createWithFile(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, 5)}, "c.pdf", "application/pdf", pdf); r.Status != http.StatusBadRequest {
			t.Fatalf("issue date in the future: %d %s", r.Status, r.Raw)
		}
		if list, _ := e.App.Files.List(t.Context(), "certificates/"); len(list) != 0 {
			t.Fatalf("a refused certificate's file was kept: %v", list)
		}
		// A good one: the record with its file.
		r := createWithFile(t, c, body, "gas.pdf", "application/pdf", pdf)
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		files, _ := r.Body["files"].([]any)
		if len(files) != 1 || !strings.HasSuffix(files[0].(map[string]any)["filename"].(string), ".pdf") {
			t.Fatalf("files: %v", r.Body["files"])
		}
		if n := certificateCount(t, c, pid); n != 1 {
			t.Fatalf("certificates: %d", n)
		}
		// Another landlord cannot add one to this property.
		other := e.SignedIn("other@example.com", password, "Landlord")
		if r := createWithFile(t, other, body, "gas.pdf", "application/pdf", pdf); r.Status != http.StatusNotFound {
			t.Fatalf("other landlord: %d %s", r.Status, r.Raw)
		}
		_ = documents.MsgFileType
	})
}

// Issue 43: the old JSON POST /api/certificates still recorded a
// certificate without its file. It is gone (the web app records one with
// POST /api/certificates/with-file); that request without a file is
// refused with 'Please choose a file.', and nothing is recorded either way.
func TestNoCertificateIsRecordedWithoutItsFile(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com", false)
		before := counts(t, c)
		body := map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -10)}
		if r := c.Post("/api/certificates", body); r.Status != http.StatusNotFound && r.Status != http.StatusMethodNotAllowed {
			t.Fatalf("the JSON-only POST /api/certificates: %d %s", r.Status, r.Raw)
		}
		// The multipart request with the certificate's details and no file.
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		js, _ := json.Marshal(body)
		_ = w.WriteField("certificate", string(js))
		_ = w.Close()
		req, _ := http.NewRequest(http.MethodPost, c.URL("/api/certificates/with-file"), &buf)
		req.Header.Set("Content-Type", w.FormDataContentType())
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, err := c.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(raw), `"code":"no_file"`) || !strings.Contains(string(raw), `"message":"`+documents.MsgNoFile+`"`) {
			t.Fatalf("details without a file: %d %s", res.StatusCode, raw)
		}
		// The details sent as JSON to the multipart endpoint: no file either.
		if r := c.Post("/api/certificates/with-file", body); r.Status != http.StatusBadRequest || r.ErrorCode() != "no_file" || r.ErrorMessage() != documents.MsgNoFile {
			t.Fatalf("JSON to with-file: %d %s", r.Status, r.Raw)
		}
		if n := certificateCount(t, c, pid); n != 0 {
			t.Fatalf("%d certificates recorded without their file", n)
		}
		if after := counts(t, c); after["certificates"] != before["certificates"] {
			t.Fatalf("the counts changed: %v -> %v", before, after)
		}
	})
}
