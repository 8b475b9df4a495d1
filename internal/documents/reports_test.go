package documents_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// The certificates recorded in an inventory report's Documents and
// Compliance section are the same records, read through: they count, are
// reminded and are replaced like the landlord's own, read-only.
func TestReportCertificatesAreReadThrough(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const email = "reports@example.com"
		c, pid := landlord(t, e, email, true)
		r := c.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": "Check-in Report"})
		if r.Status != http.StatusCreated {
			t.Fatalf("report: %d %s", r.Status, r.Raw)
		}
		rep := r.Body["report"].(map[string]any)
		rid := rep["id"].(string)
		u := c.Upload("/api/inventory/reports/"+rid+"/photos", "gas.jpg", "image/jpeg", imagingtest.JPEG(t, 60, 40))
		if u.Status != http.StatusCreated {
			t.Fatalf("photo: %d %s", u.Status, u.Raw)
		}
		name := u.Body["photo"].(map[string]any)["name"].(string)
		data := rep["data"].(map[string]any)
		data["documentsAndCompliance"] = []any{
			map[string]any{"kind": "Gas Safety Certificate", "expiry": day(e, 20), "files": []any{name}},
			map[string]any{"kind": "Legionella risk assessment", "expiry": day(e, 400), "files": []any{name}},
		}
		if s := c.Do("PUT", "/api/inventory/reports/"+rid+"/data", map[string]any{"revision": rep["revision"], "data": data}); s.Status != http.StatusOK {
			t.Fatalf("save: %d %s", s.Status, s.Raw)
		}
		page := c.Get("/api/documents/certificates?propertyId=" + pid)
		groups := page.Body["groups"].([]any)
		gas := groups[0].(map[string]any)["current"].([]any)
		if len(gas) != 1 {
			t.Fatalf("gas group: %s", page.Raw)
		}
		g := gas[0].(map[string]any)
		src, _ := g["source"].(map[string]any)
		if g["id"] != "report:"+rid+":0" || g["readOnly"] != true || g["canDelete"] != false || src == nil ||
			src["label"] != "From the check-in report of 2 November 2026" || !strings.Contains(src["url"].(string), rid) ||
			g["expiryText"] != "20 days left" || len(g["files"].([]any)) != 1 {
			t.Fatalf("report certificate: %v", g)
		}
		var otherGroup map[string]any
		for _, gr := range groups {
			if gm := gr.(map[string]any); gm["type"] == "other" {
				otherGroup = gm
			}
		}
		other, _ := otherGroup["current"].([]any)
		if len(other) != 1 || other[0].(map[string]any)["title"] != "Legionella risk assessment" {
			t.Fatalf("other group: %v", otherGroup)
		}
		// Counted: gas within 30 days, EICR and EPC missing.
		if n := certCount(t, c); n != 3 {
			t.Fatalf("count: %d, want 3", n)
		}
		// Reminded once, like the landlord's own.
		e.RunJobs()
		if err := e.App.Documents.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := mails(t, e, email); len(got) != 1 || got[0] != "Gas Safety Certificate for 12 Acacia Road expires in 20 days" {
			t.Fatalf("reminder: %v", got)
		}
		// Read-only here: the id is not a certificate of the documents area.
		if r := c.Do("DELETE", "/api/certificates/report:"+rid+":0", nil); r.Status != http.StatusNotFound {
			t.Fatalf("delete a report certificate: %d", r.Status)
		}
		// A newer certificate of the landlord's own supersedes it.
		certificate(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, 0)})
		g0 := c.Get("/api/documents/certificates?propertyId=" + pid).Body["groups"].([]any)[0].(map[string]any)
		if cur := g0["current"].([]any); len(cur) != 1 || cur[0].(map[string]any)["source"] != nil || len(g0["history"].([]any)) != 1 {
			t.Fatalf("superseded: %v", g0)
		}
		if n := certCount(t, c); n != 2 {
			t.Fatalf("count after the new one: %d, want 2", n)
		}
		// Another landlord sees none of it.
		o, opid := landlord(t, e, "reports-other@example.com", false)
		if r := o.Get("/api/documents/certificates?propertyId=" + pid); r.Status != http.StatusNotFound {
			t.Fatalf("other landlord: %d", r.Status)
		}
		for _, gr := range o.Get("/api/documents/certificates?propertyId=" + opid).Body["groups"].([]any) {
			if len(gr.(map[string]any)["current"].([]any)) != 0 {
				t.Fatalf("other landlord's own page shows: %v", gr)
			}
		}
		// The reports list of the property.
		items := c.Get("/api/documents/inventory-reports?propertyId=" + pid).Body["items"].([]any)
		if len(items) != 1 || items[0].(map[string]any)["group"] != "draft" || items[0].(map[string]any)["canDelete"] != true ||
			items[0].(map[string]any)["openUrl"] != "/NewReport?id="+rid {
			t.Fatalf("report items: %v", items)
		}
	})
}
