package repair_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/documents"
)

func ptr(s string) *string { return &s }

// An EICR recorded as unsatisfactory in Documents opens a repair for its
// home with the remedial work's 28-day legal clock, counted from the
// inspection; the tenants see it. Saving the certificate again opens no
// second repair; a satisfactory EICR opens none; an outcome is only for
// the types that have one.
func TestUnsatisfactoryEICROpensARepair(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		ctx := context.Background()
		lara := sessionOf(t, e, "lara@example.com")
		if _, err := e.App.Documents.Create(ctx, lara, documents.CertificateInput{PropertyID: h.propertyID, Type: "eicr",
			IssuedOn: ptr("2026-10-20"), Outcome: ptr("satisfactory")}); err != nil {
			t.Fatal(err)
		}
		e.RunJobs()
		if l := h.lord.Get("/api/repairs"); len(l.Body["repairs"].([]any)) != 0 {
			t.Fatalf("a satisfactory EICR opened a repair: %s", l.Raw)
		}
		if _, err := e.App.Documents.Create(ctx, lara, documents.CertificateInput{PropertyID: h.propertyID, Type: "epc",
			IssuedOn: ptr("2026-10-20"), EPCRating: ptr("C"), Outcome: ptr("unsatisfactory")}); err == nil {
			t.Fatal("an EPC took an outcome")
		}
		cert, err := e.App.Documents.Create(ctx, lara, documents.CertificateInput{PropertyID: h.propertyID, Type: "eicr",
			IssuedOn: ptr("2026-10-30"), Notes: ptr("C2: no RCD protection on the socket circuits."), Outcome: ptr("unsatisfactory")})
		if err != nil {
			t.Fatal(err)
		}
		if cert.Outcome != documents.Unsatisfactory {
			t.Fatalf("outcome recorded: %q", cert.Outcome)
		}
		e.RunJobs()
		if _, err := e.App.Documents.Update(ctx, lara, cert.ID, documents.CertificateInput{Notes: ptr("C2 items: RCD."), Outcome: ptr("unsatisfactory")}); err != nil {
			t.Fatal(err)
		}
		e.RunJobs()
		list := h.tom.Get("/api/repairs")
		items := list.Body["repairs"].([]any)
		if len(items) != 1 {
			t.Fatalf("the tenant sees %d repairs: %s", len(items), list.Raw)
		}
		id := items[0].(map[string]any)["id"].(string)
		r := h.tom.Get("/api/repairs/" + id)
		rp := repairOf(r)
		dl := deadlines(rp)["ENG-EICR-REM"]
		if r.Status != http.StatusOK || rp["category"] != "electrics" || rp["channel"] != "inspection" || dl == nil ||
			dl["kind"] != "legal" || dl["dueDay"] != "2026-11-27" {
			t.Fatalf("the remedial repair: %d %v", r.Status, deadlines(rp))
		}
		if rp["awareAt"] != "2026-10-30T09:00:00Z" {
			t.Fatalf("counted from %v, not the inspection", rp["awareAt"])
		}

		// A gas safety record found unsafe opens a gas repair.
		if _, err := e.App.Documents.Create(ctx, lara, documents.CertificateInput{PropertyID: h.propertyID, Type: "gas-safety",
			IssuedOn: ptr("2026-11-01"), Notes: ptr("Boiler flue: at risk."), Outcome: ptr("unsatisfactory")}); err != nil {
			t.Fatal(err)
		}
		e.RunJobs()
		items = h.lord.Get("/api/repairs").Body["repairs"].([]any)
		gas := 0
		for _, it := range items {
			if it.(map[string]any)["category"] == "gas" {
				gas++
			}
		}
		if len(items) != 2 || gas != 1 {
			t.Fatalf("after an unsafe gas record: %v", items)
		}
	})
}
