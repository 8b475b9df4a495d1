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
