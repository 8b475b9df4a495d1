package inventory_test

import (
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// A certificate recorded in a report lasts no longer than the law allows
// one issued the day it is recorded (the documents area's catalogue: gas
// safety 12 months, or 14 after an early check; EPC 10 years); and one that
// had already expired is printed as expired, not as served. An outside
// probe recorded an expired gas safety certificate and an EPC expiring in 14
// years: the PDF listed both as "served to the tenant before the tenancy",
// with no note, and the EPC would have counted as the property's until then.
func TestReportCertificatesKeepToTheLegalTerm(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id, page, d := oneRoomCheckIn(t, e)
		docs := func(kind, expiry string) []any {
			return []any{map[string]any{"kind": kind, "expiry": expiry, "files": []any{page}}}
		}
		// Today is 2 November 2026 (the test clock).
		for _, tc := range []struct{ kind, expiry, msg string }{
			{"EPC", "2040-01-01", "An Energy Performance Certificate lasts 10 years: it expires by 2 November 2036."},
			{"Gas Safety Certificate", "2028-01-03", "A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 2 January 2028."},
			{"electrical installation condition report", "2032-01-01", "An Electrical Installation Condition Report lasts 5 years: it expires by 2 November 2031."},
		} {
			d["documentsAndCompliance"] = docs(tc.kind, tc.expiry)
			if r := save(c, id, 1, d); r.Status != 400 || r.FieldError("documentsAndCompliance") != tc.msg {
				t.Errorf("%s expiring %s: %d %s", tc.kind, tc.expiry, r.Status, r.Raw)
			}
		}
		// A document the law sets no term for keeps the date given.
		d["documentsAndCompliance"] = docs("Fire risk assessment", "2040-01-01")
		if r := save(c, id, 1, d); r.Status != 200 {
			t.Fatalf("fire risk assessment: %d %s", r.Status, r.Raw)
		}
		d["documentsAndCompliance"] = []any{
			map[string]any{"kind": "Gas Safety Certificate", "expiry": "2025-01-01", "files": []any{page}},
			map[string]any{"kind": "EPC", "expiry": "2036-11-02", "files": []any{page}},
		}
		if r := save(c, id, 2, d); r.Status != 200 {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		payFee(t, c, id)
		verifyCode(t, e, c, "clerk@example.com", id)
		if r := c.Sign("/api/inventory/reports/"+id, typed("Ines Pector")); r.Status != 200 {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
		text := strings.Join(strings.Fields(pdfOf(t, e, "clerk@example.com", id)), " ")
		if !strings.Contains(text, "EXPIRED 01/01/2025, before this report was made: not a valid certificate when served") {
			t.Errorf("the expired gas safety certificate is not marked expired:\n%s", text)
		}
		if !strings.Contains(text, "Expires 02/11/2036") || strings.Contains(text, "Expires 01/01/2025") {
			t.Errorf("the certificates' expiries:\n%s", text)
		}
	})
}
