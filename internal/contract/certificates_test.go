package contract_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/documents/documentstest"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/signing"
)

var certPDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// addCertificate records a certificate with its file (epc.pdf).
func addCertificate(t *testing.T, c *apptest.Client, body map[string]any) string {
	t.Helper()
	return documentstest.MustCreate(t, c, body, "epc.pdf")["id"].(string)
}

// Issue 25, "Dates and money the law counts": a property with an agreement
// sent or signed is let, published or not; the documents area flags it
// without a valid gas safety record, EICR and EPC; Sign and Send warns of
// each one missing or expiring before the tenancy starts; and the tenants
// receive copies of the current certificates on the agreement's page.
// Before the fix an unpublished let property had no warning, the builder
// said nothing and the tenant had no copies.
func TestLetPropertyCertificates(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)
		a := with(answers(), "guarantor", map[string]any{"answer": "no"})
		a["startDate"], a["firstPaymentDate"] = "2027-01-15", "2027-01-15"
		finish(t, owner, id, a)
		warnings := func() []string {
			r := owner.Get("/api/contracts/" + id + "/document")
			var out []string
			for _, w := range r.Body["certificateWarnings"].([]any) {
				out = append(out, w.(string))
			}
			return out
		}
		if w := strings.Join(warnings(), "\n"); !strings.Contains(w, "There is no Gas Safety Certificate") || !strings.Contains(w, "There is no Electrical Installation Condition Report") ||
			!strings.Contains(w, "There is no Energy Performance Certificate") {
			t.Errorf("Sign and Send warnings: %s", w)
		}
		// An EPC that runs out before the start (15 January 2027) and an EICR in date; no gas record.
		addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": "2017-01-10", "expiresOn": "2027-01-10", "epcRating": "C"})
		eicr := addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"})
		if w := warnings(); len(w) != 2 || !strings.HasPrefix(w[0], "There is no Gas Safety Certificate") ||
			w[1] != "The Energy Performance Certificate expires on 10 January 2027, before the tenancy starts on 15 January 2027." {
			t.Errorf("with certificates: %v", w)
		}
		// Not published, not sent: no compliance warning yet.
		if r := owner.Get("/api/properties/" + pid + "/compliance"); r.Body["let"] != false {
			t.Errorf("before sending: %s", r.Raw)
		}
		pay(t, owner, id)
		verify(t, e, owner, "lord@example.com", id)
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusOK {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
		// Sent: the property is let, unpublished as it is, and flagged.
		r := owner.Get("/api/properties/" + pid + "/compliance")
		if r.Body["let"] != true || r.Body["published"] != false || !strings.Contains(string(r.Raw), "This property is let without a valid Gas Safety Certificate.") {
			t.Errorf("let property compliance: %s", r.Raw)
		}
		// The tenant reads the agreement with the copies, and downloads one.
		e.Clock.Advance(1e9)
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		doc := tom.Get("/api/contracts/" + id + "/document")
		copies := doc.Body["certificates"].([]any)
		if len(copies) != 2 {
			t.Fatalf("tenant's copies: %s", doc.Raw)
		}
		var url string
		for _, c := range copies {
			m := c.(map[string]any)
			if m["name"] == "Electrical Installation Condition Report" {
				url = m["url"].(string)
			}
		}
		if !strings.Contains(url, eicr) {
			t.Fatalf("EICR copy: %v", copies)
		}
		if dl := tom.Get(url); dl.Status != http.StatusOK || !strings.HasPrefix(string(dl.Raw), "%PDF") {
			t.Errorf("tenant downloads the EICR: %d", dl.Status)
		}
		other, _ := landlordWithProperty(t, e, "other@example.com")
		if dl := other.Get(url); dl.Status != http.StatusNotFound {
			t.Errorf("another landlord downloads it: %d", dl.Status)
		}
		if dl := e.NewClient().Get(url); dl.Status != http.StatusUnauthorized {
			t.Errorf("a visitor downloads it: %d", dl.Status)
		}
	})
}

// Issue 25: "The tenant receives copies of the property's current gas
// safety record, EICR and EPC with the signed agreement." The tenant's
// completion e-mail carries the sealed PDF first, then a copy of each
// current certificate, and says so; the landlord's carries the PDF alone.
// Before the fix the copies were links on the agreement's page only.
func TestTenantCompletionMailAttachesCertificates(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": "2026-10-01"})
		addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"})
		addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": "2025-01-10", "epcRating": "C"})
		id := awaitingTom(t, e, owner, tom, pid)
		if r := tom.Sign("/api/contracts/"+id, typed("Tom Tenant")); r.Status != 200 || r.Body["completed"] != true {
			t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		env, _ := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: contract.Kind, ID: id})
		mailTo := func(addr string) mail.Message {
			t.Helper()
			msgs, _ := e.App.Mail.Outbox(context.Background(), addr, 50)
			for _, m := range msgs {
				if strings.HasPrefix(m.Subject, "Your signed tenancy agreement") {
					return m
				}
			}
			t.Fatalf("no completion e-mail to %s", addr)
			return mail.Message{}
		}
		m := mailTo("tom@example.com")
		if len(m.Attachments) != 4 {
			t.Fatalf("tenant's attachments: %d, want the PDF and 3 certificates", len(m.Attachments))
		}
		if signing.Hash(m.Attachments[0].Data) != env.PDFHash {
			t.Errorf("the first attachment is not the sealed PDF")
		}
		for _, a := range m.Attachments[1:] {
			if a.Name != "epc.pdf" || a.ContentType != "application/pdf" || !bytes.Equal(a.Data, certPDF) {
				t.Errorf("certificate copy %q %q: not the uploaded file", a.Name, a.ContentType)
			}
		}
		for _, s := range []string{"Your copies of the property's current Gas Safety Certificate, Electrical Installation Condition Report and Energy Performance Certificate are attached",
			"/contract-builder?view=completed&id=" + id} {
			if !strings.Contains(m.Text, s) {
				t.Errorf("the tenant's e-mail lacks %q:\n%s", s, m.Text)
			}
		}
		if l := mailTo("lord@example.com"); len(l.Attachments) != 1 || signing.Hash(l.Attachments[0].Data) != env.PDFHash {
			t.Errorf("landlord's attachments: %d, want the sealed PDF alone", len(l.Attachments))
		}
	})
}
