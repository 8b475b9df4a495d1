// Package documentstest records certificates through the API for tests:
// with their file, in one request (POST /api/certificates/with-file), the
// only way the API records one.
package documentstest

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// PDF is a minimal PDF the server takes as a certificate's file.
var PDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// Create POSTs a certificate (body, the JSON of CertificateInput) and its
// file in one multipart request, and answers whatever the server does.
func Create(t testing.TB, c *apptest.Client, body any, filename, contentType string, data []byte) apptest.Response {
	t.Helper()
	js, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return c.SendForm(http.MethodPost, "/api/certificates/with-file", apptest.Form{
		Fields: []apptest.Field{{Name: "certificate", Value: string(js)}}, Filename: filename, ContentType: contentType, Data: data})
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
