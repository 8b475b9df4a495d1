package wallet

import (
	"strings"
	"testing"
)

// The data files load, and broken data is refused at start-up.
func TestRulesAreCheckedAtStartUp(t *testing.T) {
	r, err := LoadRules()
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := r.builtinCategory(Expense, "mortgage AND loan interest"); !ok || c.Box != financeBox {
		t.Errorf("finance cost category: %+v", c)
	}
	breaks := map[string]func(string) string{
		"an expense in an income box": func(s string) string {
			return strings.Replace(s, `{name: "Council tax", box: "24"}`, `{name: "Council tax", box: "20"}`, 1)
		},
		"an unknown box":      func(s string) string { return strings.Replace(s, `box: "25"}`, `box: "99"}`, 1) },
		"a repeated category": func(s string) string { return strings.Replace(s, `"Furniture"`, `"Utilities"`, 1) },
		"a reserved name":     func(s string) string { return strings.Replace(s, `"Payday"`, `"Other"`, 1) },
		"no source":           func(s string) string { return strings.Replace(s, "source: https://", "source: ", 1) },
	}
	for name, brk := range breaks {
		var bad Rules
		if err := strict([]byte(brk(string(categoriesYAML))), &bad); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		bad.Tax = r.Tax
		if bad.check() == nil {
			t.Errorf("%s accepted", name)
		}
	}
	taxBreaks := map[string]func(string) string{
		"a gap between quarters": func(s string) string { return strings.Replace(s, `{start: "07-06"`, `{start: "07-07"`, 1) },
		"the wrong year start":   func(s string) string { return strings.Replace(s, "{month: 4, day: 6}", "{month: 1, day: 1}", 1) },
		"thresholds out of order": func(s string) string {
			return strings.Replace(s, "from: 2027-04-06", "from: 2025-04-06", 1)
		},
	}
	for name, brk := range taxBreaks {
		bad := *r
		bad.Tax = TaxRules{}
		if err := strict([]byte(brk(string(taxYAML))), &bad.Tax); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if bad.check() == nil {
			t.Errorf("%s accepted", name)
		}
	}
}

func TestMonthEndsClamp(t *testing.T) {
	jan31, _ := parseDay("2027-01-31")
	for n, want := range map[int]string{1: "2027-02-28", 13: "2028-02-29", 2: "2027-03-31", 3: "2027-04-30", -2: "2026-11-30"} {
		if got := addMonths(jan31, n).String(); got != want {
			t.Errorf("31 January + %d months = %s, want %s", n, got, want)
		}
	}
	if taxYearOf(dayFrom(2027, 4, 5)) != 2026 || taxYearOf(dayFrom(2027, 4, 6)) != 2027 {
		t.Error("tax year boundary")
	}
}

// The VAT rate the wallet checks entries against is data with its source,
// and a missing or impossible one stops start-up.
func TestVATRateIsCheckedAtStartUp(t *testing.T) {
	r, err := LoadRules()
	if err != nil {
		t.Fatal(err)
	}
	if r.Tax.VAT.StandardPercent != 20 {
		t.Fatalf("standard rate %d%%", r.Tax.VAT.StandardPercent)
	}
	for name, brk := range map[string]func(string) string{
		"no rate":        func(s string) string { return strings.Replace(s, "standardPercent: 20", "standardPercent: 0", 1) },
		"over 100%":      func(s string) string { return strings.Replace(s, "standardPercent: 20", "standardPercent: 120", 1) },
		"no source":      func(s string) string { return strings.Replace(s, "  source: https://", "  source: ", 1) },
		"no review date": func(s string) string { return strings.Replace(s, "  reviewed: 2026-11-27", "  reviewed: soon", 1) },
	} {
		bad := *r
		bad.Tax = TaxRules{}
		if err := strict([]byte(brk(string(taxYAML))), &bad.Tax); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if bad.check() == nil {
			t.Errorf("%s accepted", name)
		}
	}
	for _, tc := range []struct {
		amount, vat int64
		how         string
		limit       int64
		ok          bool
	}{
		{10000, 2001, VATAdd, 2000, true},
		{10000, 2002, VATAdd, 2000, false},
		{10000, 1667, VATIncluded, 1667, true},
		{10000, 1668, VATIncluded, 1667, false},
		{5, 2, VATAdd, 1, true}, // 1p exact, a penny of rounding
		{0, 1, VATIncluded, 0, true},
		{0, 2, VATAdd, 0, false},
		{MaxAmountPence, MaxAmountPence / 5, VATAdd, MaxAmountPence / 5, true},
	} {
		if limit, ok := r.Tax.maxVAT(tc.amount, tc.how, tc.vat); limit != tc.limit || ok != tc.ok {
			t.Errorf("%d %s %d: limit %d ok %v", tc.amount, tc.how, tc.vat, limit, ok)
		}
	}
}
