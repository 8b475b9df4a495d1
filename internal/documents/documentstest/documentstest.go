// Package documentstest records certificates through the API for tests:
// with their file, in one request (POST /api/certificates/with-file), the
// only way the API records one.
package documentstest

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// PDF is a minimal PDF the server takes as a certificate's file.
var PDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// Create POSTs a certificate (body, the JSON of CertificateInput) and its
// file in one multipart request, and answers whatever the server does.
func Create(t testing.TB, c *apptest.Client, body any, filename, contentType string, data []byte) apptest.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	js, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	_ = w.WriteField("certificate", string(js))
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="`+strings.ReplaceAll(filename, `"`, `\"`)+`"`)
	h.Set("Content-Type", contentType)
	part, _ := w.CreatePart(h)
	_, _ = part.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, c.URL("/api/certificates/with-file"), &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := apptest.Response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// MustCreate records a certificate with PDF as its file named filename and
// returns the certificate's JSON, failing the test otherwise.
func MustCreate(t testing.TB, c *apptest.Client, body any, filename string) map[string]any {
	t.Helper()
	r := Create(t, c, body, filename, "application/pdf", PDF)
	if r.Status != http.StatusCreated {
		t.Fatalf("create certificate with its file: %d %s", r.Status, r.Raw)
	}
	return r.Body
}
