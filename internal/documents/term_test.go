package documents_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/documents"
)

// The law fixes how long a gas safety certificate (12 months), an EICR
// (5 years) and an EPC (10 years) last (LAW.md, "Other dates that drive
// reminders"; termMonths, termFixed and source in
// data/certificate-types.yaml). An outside probe recorded a gas safety
// certificate issued 10 January 2026 expiring 10 January 2028, and an EICR
// issued 10 January 2025 expiring 10 January 2035: both were shown valid
// for years longer than the law allows, with no compliance warning.
func TestAnExpiryBeyondTheTermTheLawFixesIsRefused(t *testing.T) {
	const (
		gasMsg  = "A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 10 March 2027."
		eicrMsg = "An Electrical Installation Condition Report lasts 5 years: it expires by 10 January 2030."
		epcMsg  = "An Energy Performance Certificate lasts 10 years: it expires by 10 January 2030."
	)
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "term@example.com", false)
		for _, tc := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"type": "gas-safety", "issuedOn": "2026-01-10", "expiresOn": "2028-01-10"}, gasMsg},
			{map[string]any{"type": "gas-safety", "issuedOn": "2026-01-10", "expiresOn": "2027-03-11"}, gasMsg}, // one day over
			{map[string]any{"type": "eicr", "issuedOn": "2025-01-10", "expiresOn": "2035-01-10"}, eicrMsg},
			{map[string]any{"type": "epc", "issuedOn": "2020-01-10", "expiresOn": "2031-01-10", "epcRating": "C"}, epcMsg},
		} {
			tc.body["propertyId"] = pid
			// Refused with its file, nothing kept.
			if r := post(t, c, tc.body); r.Status != http.StatusBadRequest || r.FieldError("expiresOn") != tc.msg || r.ErrorMessage() != tc.msg {
				t.Fatalf("create %v: %d %s", tc.body, r.Status, r.Raw)
			}
		}
		if n := certificateCount(t, c, pid); n != 0 {
			t.Fatalf("%d certificates kept with an expiry beyond the law's term", n)
		}

		// Up to the term is accepted, and so is sooner (a date printed
		// differently, an EICR asking for an earlier inspection); without
		// an expiry, the issue date plus the term. A type whose term the
		// law does not fix takes the expiry given.
		for _, tc := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"type": "gas-safety", "issuedOn": "2026-01-10", "expiresOn": "2027-01-10"}, "2027-01-10"},
			// A check made up to 2 months early keeps the old date (2018 amendment): 14 months.
			{map[string]any{"type": "gas-safety", "issuedOn": "2026-01-10", "expiresOn": "2027-03-10"}, "2027-03-10"},
			{map[string]any{"type": "gas-safety", "issuedOn": "2026-01-10", "expiresOn": "2026-12-01"}, "2026-12-01"},
			{map[string]any{"type": "gas-safety", "issuedOn": "2026-01-10"}, "2027-01-10"},
			{map[string]any{"type": "eicr", "issuedOn": "2025-01-10", "expiresOn": "2028-01-10"}, "2028-01-10"},
			{map[string]any{"type": "other", "name": "Fire risk assessment", "issuedOn": "2025-01-10", "expiresOn": "2035-01-10"}, "2035-01-10"},
		} {
			tc.body["propertyId"] = pid
			if r := post(t, c, tc.body); r.Status != http.StatusCreated || r.Body["expiresOn"] != tc.want {
				t.Fatalf("create %v: %d %s, want expiry %s", tc.body, r.Status, r.Raw, tc.want)
			}
		}

		// Editing: a later expiry, or an earlier issue date that leaves the
		// expiry beyond the term, is refused; the certificate is unchanged.
		r := post(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": "2026-01-10"})
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		id := r.Body["id"].(string)
		for _, tc := range []struct {
			patch map[string]any
			msg   string
		}{
			{map[string]any{"expiresOn": "2028-01-10"}, gasMsg},
			{map[string]any{"issuedOn": "2025-06-01", "expiresOn": "2027-01-10"}, "A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 1 August 2026."},
		} {
			if r := c.Do("PATCH", "/api/certificates/"+id, tc.patch); r.Status != http.StatusBadRequest || r.FieldError("expiresOn") != tc.msg {
				t.Fatalf("patch %v: %d %s", tc.patch, r.Status, r.Raw)
			}
		}
		if r := c.Do("PATCH", "/api/certificates/"+id, map[string]any{"expiresOn": "2026-12-20"}); r.Status != http.StatusOK || r.Body["expiresOn"] != "2026-12-20" || r.Body["issuedOn"] != "2026-01-10" {
			t.Fatalf("patch within the term: %d %s", r.Status, r.Raw)
		}
	})
}

// Certificates recorded before the limit was checked may hold an expiry
// beyond the term the law fixes: they count only up to the legal expiry, in
// the certificates page, the compliance warnings, the menu's count and the
// calendar; editing one corrects it.
func TestAStoredExpiryBeyondTheTermCountsOnlyToTheLegalExpiry(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const email = "stored-term@example.com"
		c, pid := landlord(t, e, email, true)
		// Today is 2 November 2026. The gas safety check of 1 August 2025
		// lapsed on 1 October 2026 at the latest (14 months, made early); the EICR of 10 January 2025 lasts to 10
		// January 2030. Both are stored with a later expiry, as the API
		// accepted before.
		gas := certificate(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": "2025-08-01"})
		eicr := certificate(t, c, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2025-01-10"})
		certificate(t, c, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": "2026-01-10", "epcRating": "C"})
		for id, stored := range map[string]string{gas["id"].(string): "2027-10-01", eicr["id"].(string): "2035-01-10"} {
			if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE certificates SET expires_on = ? WHERE id = ?`, stored, id); err != nil {
				t.Fatal(err)
			}
		}
		today := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
		page := c.Get("/api/documents/certificates?propertyId=" + pid)
		if page.Status != http.StatusOK {
			t.Fatalf("certificates: %d %s", page.Status, page.Raw)
		}
		for _, g := range page.Body["groups"].([]any) {
			g := g.(map[string]any)
			want := map[string]string{"gas-safety": "2026-10-01", "eicr": "2030-01-10"}[g["type"].(string)]
			if want == "" {
				continue
			}
			cur := g["current"].([]any)
			if len(cur) != 1 {
				t.Fatalf("%s: %v", g["type"], g)
			}
			v := cur[0].(map[string]any)
			x := documents.ExpiryOf(today, want)
			if v["expiresOn"] != want || v["status"] != x.Status || v["expiryText"] != x.Text || int(v["daysLeft"].(float64)) != x.DaysLeft {
				t.Fatalf("%s shown as %v %v %v %v, want %s (%+v)", g["type"], v["expiresOn"], v["status"], v["expiryText"], v["daysLeft"], want, x)
			}
		}
		// The gas safety check has lapsed: the property is published without
		// a valid one, and it needs action.
		for _, path := range []string{"/api/properties/" + pid + "/compliance", "/api/documents/compliance?propertyId=" + pid} {
			w := c.Get(path)
			ws, _ := w.Body["warnings"].([]any)
			if w.Status != http.StatusOK || len(ws) != 1 || ws[0].(map[string]any)["type"] != "gas-safety" ||
				ws[0].(map[string]any)["message"] != "This property is published for letting without a valid Gas Safety Certificate." {
				t.Fatalf("%s: %d %s", path, w.Status, w.Raw)
			}
		}
		if n := certCount(t, c); n != 1 {
			t.Fatalf("needing action: %d, want 1 (the lapsed gas safety certificate)", n)
		}
		// The calendar shows the legal expiries.
		ex, err := e.App.Documents.Expiries(context.Background(), userID(t, e, email), today.AddDate(0, -3, 0), today.AddDate(10, 0, 0))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, x := range ex {
			got[x.Type] = x.ExpiresOn
		}
		if got["gas-safety"] != "2026-10-01" || got["eicr"] != "2030-01-10" {
			t.Fatalf("calendar: %v", got)
		}
		// Editing only the notes is not refused: it stores the legal expiry.
		if r := c.Do("PATCH", "/api/certificates/"+eicr["id"].(string), map[string]any{"notes": "Next inspection due in 2030."}); r.Status != http.StatusOK || r.Body["expiresOn"] != "2030-01-10" {
			t.Fatalf("patch notes: %d %s", r.Status, r.Raw)
		}
		var stored string
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT expires_on FROM certificates WHERE id = ?`, eicr["id"]).Scan(&stored); err != nil || stored != "2030-01-10" {
			t.Fatalf("stored after the edit: %q %v", stored, err)
		}
	})
}

func TestTheTermMessageIsBuiltFromTheCatalogue(t *testing.T) {
	ts, err := documents.LoadTypes()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ id, issued, latest, msg string }{
		{documents.GasSafety, "2026-01-10", "2027-03-10", "A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 10 March 2027."},
		{documents.GasSafety, "2024-02-29", "2025-04-29", "A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 29 April 2025."},
		{documents.EICR, "2024-02-29", "2029-02-28", "An Electrical Installation Condition Report lasts 5 years: it expires by 28 February 2029."},
		{documents.EICR, "2025-01-10", "2030-01-10", "An Electrical Installation Condition Report lasts 5 years: it expires by 10 January 2030."},
		{documents.EPC, "2026-03-15", "2036-03-15", "An Energy Performance Certificate lasts 10 years: it expires by 15 March 2036."},
		{documents.HMOLicence, "2026-03-15", "", ""}, // the council sets the term
		{documents.Other, "2026-03-15", "", ""},
	} {
		typ, _ := ts.Get(tc.id)
		if got := typ.LatestExpiry(tc.issued); got != tc.latest {
			t.Errorf("%s issued %s: latest expiry %q, want %q", tc.id, tc.issued, got, tc.latest)
		}
		if got := typ.TermMessage(tc.issued); got != tc.msg {
			t.Errorf("%s issued %s: %q, want %q", tc.id, tc.issued, got, tc.msg)
		}
	}
}
