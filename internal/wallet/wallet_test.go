package wallet_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/wallet"
)

func overview(t testing.TB, c *apptest.Client, period, filter string) map[string]any {
	t.Helper()
	r := c.Get("/api/wallet/overview?period=" + period + "&filter=" + filter)
	if r.Status != http.StatusOK {
		t.Fatalf("overview %s: %d %s", period, r.Status, r.Raw)
	}
	return r.Body
}

func revenue(o map[string]any) int64 { return num(obj(o["profit"])["revenuePence"]) }

// Periods are true calendar periods ending today: across month ends (31
// March's month is all of March) and a leap year (29 February's year
// starts on 1 March).
func TestPeriodsAcrossMonthEndsAndLeapYear(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2028-03-31 12:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		// Each entry's amount is a distinct power of two, so a total says
		// exactly which entries it counted.
		days := []string{"2028-03-31", "2028-03-01", "2028-02-29", "2028-01-31", "2027-12-01", "2027-11-30", "2027-03-01", "2027-02-28", "2025-03-01", "2025-02-28"}
		bit := map[string]int64{}
		for i, d := range days {
			bit[d] = 100 << i
			add(t, c, entry("income", p[0], "Rent", bit[d], d))
		}
		sum := func(ds ...string) (s int64) {
			for _, d := range ds {
				s += bit[d]
			}
			return s
		}
		o := overview(t, c, "1M", "all")
		if o["from"] != "2028-03-01" || o["to"] != "2028-03-31" || revenue(o) != sum("2028-03-31", "2028-03-01") {
			t.Errorf("1M on 31 March: %v..%v %d", o["from"], o["to"], revenue(o))
		}
		e.Clock.Set(at("2028-02-29 12:00"))
		cases := []struct {
			period, from string
			in           []string
		}{
			{"1M", "2028-01-30", []string{"2028-02-29", "2028-01-31"}},
			{"3M", "2027-11-30", []string{"2028-02-29", "2028-01-31", "2027-12-01", "2027-11-30"}},
			{"1Y", "2027-03-01", []string{"2028-02-29", "2028-01-31", "2027-12-01", "2027-11-30", "2027-03-01"}},
			{"3Y", "2025-03-01", []string{"2028-02-29", "2028-01-31", "2027-12-01", "2027-11-30", "2027-03-01", "2027-02-28", "2025-03-01"}},
		}
		for _, tc := range cases {
			o := overview(t, c, tc.period, "all")
			if o["from"] != tc.from || o["to"] != "2028-02-29" {
				t.Errorf("%s: %v..%v, want %s..2028-02-29", tc.period, o["from"], o["to"], tc.from)
			}
			if got, want := revenue(o), sum(tc.in...); got != want {
				t.Errorf("%s revenue %d, want %d", tc.period, got, want)
			}
			if n := num(o["recentTotal"]); n != int64(len(tc.in)) {
				t.Errorf("%s: %d recent, want %d", tc.period, n, len(tc.in))
			}
			if rp := num(obj(o["rent"])["paidPence"]); rp != sum(tc.in...) {
				t.Errorf("%s rent paid %d", tc.period, rp)
			}
		}
		// The chart: a bar per calendar month of the period.
		o = overview(t, c, "3M", "all")
		months := list(o["months"])
		want := map[string]int64{"2027-11": sum("2027-11-30"), "2027-12": sum("2027-12-01"), "2028-01": sum("2028-01-31"), "2028-02": sum("2028-02-29")}
		if len(months) != 4 {
			t.Fatalf("months: %v", months)
		}
		for _, m := range months {
			m := obj(m)
			if num(m["incomePence"]) != want[m["month"].(string)] {
				t.Errorf("month %v: %v", m["month"], m["incomePence"])
			}
		}
		if r := c.Get("/api/wallet/overview?period=2W"); r.Status != 400 {
			t.Errorf("unknown period: %d", r.Status)
		}
	})
}

// A weekly or monthly entry counts once per occurrence in the period it
// falls in, until it is ended; nothing is copied.
func TestRecurringEntries(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2028-05-15 09:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		monthly := add(t, c, entry("income", p[0], "Rent", 90000, "2028-01-31", "frequency", "monthly"))
		weekly := add(t, c, entry("expense", p[0], "Service costs", 2500, "2028-02-26", "frequency", "weekly"))
		page := func(q string) []string {
			r := c.Get("/api/wallet/transactions?" + q)
			if r.Status != 200 {
				t.Fatalf("list %s: %d %s", q, r.Status, r.Raw)
			}
			var out []string
			for _, it := range list(r.Body["items"]) {
				out = append(out, obj(it)["occurrenceDate"].(string))
			}
			return out
		}
		// The 31st falls on the last day of shorter months (29 February in a leap year).
		got := page("from=2028-01-01&to=2028-04-30&filter=income")
		if want := []string{"2028-04-30", "2028-03-31", "2028-02-29", "2028-01-31"}; !equal(got, want) {
			t.Errorf("monthly occurrences %v, want %v", got, want)
		}
		got = page("from=2028-03-01&to=2028-03-31&filter=expense")
		if want := []string{"2028-03-25", "2028-03-18", "2028-03-11", "2028-03-04"}; !equal(got, want) {
			t.Errorf("weekly occurrences %v, want %v", got, want)
		}
		// Overview: 1M to 15 May = 16 April..15 May: the rent of 30 April and
		// the weekly costs of 22, 29 April and 6, 13 May.
		o := overview(t, c, "1M", "all")
		if revenue(o) != 90000 || num(obj(o["profit"])["expensesPence"]) != 4*2500 {
			t.Errorf("1M: %v", o["profit"])
		}
		if num(o["recentTotal"]) != 5 {
			t.Errorf("recent: %v", o["recentTotal"])
		}
		// Ending the monthly entry on 31 March stops it.
		m := entry("income", p[0], "Rent", 90000, "2028-01-31", "frequency", "monthly", "endDate", "2028-03-31", "revision", monthly["revision"])
		r := c.Do(http.MethodPut, "/api/wallet/transactions/"+monthly["id"].(string), m)
		if r.Status != 200 {
			t.Fatalf("end: %d %s", r.Status, r.Raw)
		}
		m["revision"] = obj(r.Body["transaction"])["revision"]
		if got := page("from=2028-01-01&to=2028-12-31&filter=income"); len(got) != 3 {
			t.Errorf("after the end date: %v", got)
		}
		m["endDate"] = "2028-01-01"
		if r := c.Do(http.MethodPut, "/api/wallet/transactions/"+monthly["id"].(string), m); r.Status != 400 || r.FieldError("endDate") != wallet.MsgEndBeforeDate {
			t.Errorf("end before start: %d %s", r.Status, r.Raw)
		}
		// Still one stored entry each.
		if r := c.Get("/api/wallet/transactions/" + weekly["id"].(string)); r.Status != 200 || obj(r.Body["transaction"])["frequency"] != "weekly" {
			t.Errorf("get weekly: %s", r.Raw)
		}
	})
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// VAT, loans, finance costs and amounts recoverable, and the form's rules.
func TestVATLoansAndRecoverable(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		today := "2026-11-01"
		add(t, c, entry("income", p[0], "Rent", 100000, today, "vat", "add", "vatPence", 20000))                          // VAT charged is owed, not revenue
		add(t, c, entry("income", p[0], "Furniture", 5000, today, "vat", "included"))                                     // counted as it is
		add(t, c, entry("expense", p[0], "Maintenance and repairs costs", 50000, today, "vat", "add", "vatPence", 10000)) // a cost with its VAT
		add(t, c, entry("expense", p[0], "Insurance", 30000, today, "vat", "included", "paid", false))
		add(t, c, entry("expense", p[0], "Mortgage and loan interest", 40000, today))
		rec := add(t, c, entry("expense", p[0], "Legal fees", 24000, today, "recoverable", true, "debtor", "Tom Tenant", "recoverPence", 12000))
		loan := add(t, c, entry("loan", p[0], "Secured", 2_000_000, today))
		if loan["box"] != "capital" || obj(rec)["grossPence"] != float64(24000) {
			t.Errorf("loan box %v, gross %v", loan["box"], rec["grossPence"])
		}
		o := overview(t, c, "1M", "all")
		pr := obj(o["profit"])
		wantExp := int64(60000 + 30000 + 40000 + 24000)
		if num(pr["revenuePence"]) != 105000 || num(pr["expensesPence"]) != wantExp || num(pr["profitPence"]) != 105000-wantExp {
			t.Errorf("profit: %v (a loan's capital is not an expense)", pr)
		}
		if num(o["vatOnIncomePence"]) != 20000 || num(o["loansPence"]) != 2_000_000 || num(o["financeCostsPence"]) != 40000 ||
			num(o["recoverablePence"]) != 12000 || num(o["unpaidExpensesPence"]) != 30000 {
			t.Errorf("overview extras: vat %v loans %v finance %v recoverable %v unpaid %v", o["vatOnIncomePence"], o["loansPence"],
				o["financeCostsPence"], o["recoverablePence"], o["unpaidExpensesPence"])
		}
		counts := map[string]int{"all": 7, "income": 2, "expense": 4, "recoverable": 1, "loan": 1}
		for f, n := range counts {
			if got := num(overview(t, c, "1M", f)["recentTotal"]); got != int64(n) {
				t.Errorf("filter %s: %d, want %d", f, got, n)
			}
		}
		recent := list(overview(t, c, "1M", "recoverable")["recent"])
		if tr := obj(obj(recent[0])["transaction"]); tr["debtor"] != "Tom Tenant" || tr["id"] != rec["id"] {
			t.Errorf("recoverable: %v", tr)
		}
		// The form's rules.
		bad := []struct {
			name  string
			m     map[string]any
			field string
			msg   string
		}{
			{"no amount", entry("income", p[0], "Rent", 0, today, "amountPence", nil), "amountPence", wallet.MsgFillAll},
			{"negative", entry("income", p[0], "Rent", -1, today), "amountPence", wallet.MsgAmountNegative},
			{"no description", entry("income", p[0], "Rent", 1, today, "description", " "), "description", wallet.MsgFillAll},
			{"no date", entry("income", p[0], "Rent", 1, ""), "date", wallet.MsgFillAll},
			{"add VAT without its amount", entry("expense", p[0], "Insurance", 1, today, "vat", "add"), "vatPence", wallet.MsgFillAll},
			{"no VAT choice", entry("expense", p[0], "Insurance", 1, today, "vat", ""), "vat", wallet.MsgFillAll},
			{"recoverable without debtor", entry("expense", p[0], "Insurance", 100, today, "recoverable", true, "recoverPence", 50), "debtor", wallet.MsgFillAll},
			{"recover more than the expense", entry("expense", p[0], "Insurance", 100, today, "vat", "add", "vatPence", 20, "recoverable", true,
				"debtor", "X", "recoverPence", 121), "recoverPence", wallet.MsgRecoverTooMuch},
			{"loan without lender", entry("loan", p[0], "Personal", 100, today, "lenderName", ""), "lenderName", wallet.MsgFillAll},
			{"loan tenure", entry("loan", p[0], "Personal", 100, today, "tenureYears", 0), "tenureYears", wallet.MsgTenure},
			{"Other without a name", entry("expense", p[0], "Other", 100, today), "customCategory", wallet.MsgFillAll},
			{"unknown category", entry("expense", p[0], "Yachts", 100, today), "category", wallet.MsgFillAll},
			{"income category on an expense", entry("expense", p[0], "Rent", 100, today), "category", wallet.MsgFillAll},
			// Issue 26: a description over 1,000 characters was cut silently (201).
			{"description too long", entry("income", p[0], "Rent", 1, today, "description", strings.Repeat("é", 1001)), "description", wallet.MsgDescriptionTooLong},
			{"payee too long", entry("expense", p[0], "Insurance", 1, today, "party", map[string]any{"type": "vendor", "person": strings.Repeat("x", 201)}),
				"party.person", wallet.MsgTextTooLong},
		}
		for _, b := range bad {
			r := c.Post("/api/wallet/transactions", b.m)
			if r.Status != 400 || r.FieldError(b.field) != b.msg {
				t.Errorf("%s: %d %s", b.name, r.Status, r.Raw)
			}
		}
		r := c.Post("/api/wallet/transactions", entry("income", p[0], "Rent", 0, today, "amountPence", nil, "description", ""))
		if r.ErrorMessage() != wallet.MsgFillAll {
			t.Errorf("message: %q", r.ErrorMessage())
		}
		// Amount 0 is allowed (the spec's minimum), and a description of
		// exactly 1,000 characters is kept whole.
		long := strings.Repeat("é", 1000)
		if got := add(t, c, entry("income", p[0], "Rent", 0, today, "description", long)); got["description"] != long {
			t.Errorf("a 1,000-character description was changed: %d characters", len([]rune(got["description"].(string))))
		}
	})
}

// Custom categories: 'Other' or 'Create New' with a name makes one; it is
// offered next time and can be deleted; entries keep their category.
func TestCustomCategories(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		tr := add(t, c, entry("expense", p[0], "Create New", 4000, "2026-10-10", "customCategory", "Garden"))
		if tr["category"] != "Garden" || tr["box"] != "29" {
			t.Errorf("custom: %v %v", tr["category"], tr["box"])
		}
		add(t, c, entry("expense", p[0], "Other", 1000, "2026-10-11", "customCategory", "garden")) // same name, any case
		add(t, c, entry("expense", p[0], "Other", 1000, "2026-10-11", "customCategory", "insurance"))
		cats := c.Get("/api/wallet/categories").Body
		custom := 0
		for _, x := range list(cats["expense"]) {
			if obj(x)["custom"] == true {
				custom++
				if obj(x)["name"] != "Garden" {
					t.Errorf("custom %v", x)
				}
			}
		}
		if custom != 1 || len(list(cats["income"])) != 4 || len(list(cats["loan"])) != 6 {
			t.Errorf("categories: %v", cats)
		}
		add(t, c, entry("expense", p[0], "Garden", 500, "2026-10-12")) // now in the list
		other, _ := landlord(t, e, "other@example.com", 0)
		if r := other.Get("/api/wallet/categories"); len(list(r.Body["expense"])) != 15 {
			t.Errorf("another landlord sees custom categories: %s", r.Raw)
		}
		if r := other.Do(http.MethodDelete, "/api/wallet/categories/expense/Garden", nil); r.Status != 404 {
			t.Errorf("other deletes: %d", r.Status)
		}
		if r := c.Do(http.MethodDelete, "/api/wallet/categories/expense/Insurance", nil); r.Status != 404 {
			t.Errorf("built-in deleted: %d", r.Status)
		}
		if r := c.Do(http.MethodDelete, "/api/wallet/categories/expense/"+url.PathEscape("Garden"), nil); r.Status != 204 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if r := c.Get("/api/wallet/transactions/" + tr["id"].(string)); obj(r.Body["transaction"])["category"] != "Garden" {
			t.Errorf("entry lost its category: %s", r.Raw)
		}
		// Editing that entry keeps the deleted category; a new entry cannot use it.
		m := entry("expense", p[0], "Garden", 4500, "2026-10-10", "revision", tr["revision"])
		if r := c.Do(http.MethodPut, "/api/wallet/transactions/"+tr["id"].(string), m); r.Status != 200 {
			t.Errorf("edit: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/wallet/transactions", m); r.Status != 400 {
			t.Errorf("deleted category on a new entry: %d", r.Status)
		}
	})
}
