package tenancy

import (
	"os"
	"strings"
	"testing"
)

func TestRentAndDepositAmounts(t *testing.T) {
	for _, c := range []struct {
		pence         int64
		rent, deposit bool
	}{
		{0, false, true},
		{-100, false, false},
		{1, false, false},
		{150, false, false},
		{99_999, false, false},
		{100, true, true},
		{120_000, true, true},
		{MaxRentPence, true, true},
		{MaxRentPence + 100, false, false},
	} {
		if got := RentOK(c.pence); got != c.rent {
			t.Errorf("RentOK(%d) = %v", c.pence, got)
		}
		if got := DepositOK(c.pence); got != c.deposit {
			t.Errorf("DepositOK(%d) = %v", c.pence, got)
		}
	}
}

func TestDepositCap(t *testing.T) {
	for _, tc := range []struct {
		rent, deposit int64
		warn          bool
	}{
		{185000, 213461, false}, // 1,850 pcm: 5 weeks is £2,134.61
		{185000, 213462, true},
		{420000, 581538, false}, // 4,200 pcm = 50,400 a year: 6 weeks, £5,815.38
		{420000, 581539, true},
		{416600, 480692, false}, // 49,992 a year: still 5 weeks, £4,806.92
		{416600, 480693, true},
	} {
		got := DepositWarning(tc.rent, tc.deposit)
		if (got != "") != tc.warn {
			capPence, weeks := DepositCapPence(tc.rent)
			t.Errorf("rent %d deposit %d: warning %q (cap %d, %d weeks)", tc.rent, tc.deposit, got, capPence, weeks)
		}
	}
	if w := DepositWarning(185000, 250000); !strings.Contains(w, "£2,134.61") || !strings.Contains(w, "Tenant Fees Act 2019") {
		t.Errorf("warning text: %q", w)
	}
}

func TestJurisdictionOf(t *testing.T) {
	for _, c := range []struct {
		postcode string
		want     string
		ask      bool
	}{
		{"SW1A 1AA", "England", false},
		{"bt1 5gs", "Northern Ireland", false},
		{"EH1 1YZ", "Scotland", false},
		{"G1 1XQ", "Scotland", false},
		{"GL1 2AB", "England", false}, // G is Scotland, GL is not
		{"CF10 1EP", "Wales", false},
		{"SY23 1AB", "Wales", false},
		{"SY1 1AA", "England", false},
		{"CH5 1AB", "England", true},   // Deeside: ask
		{"TD15 1AA", "Scotland", true}, // Berwick-upon-Tweed is in England: ask
		{"NP16 5AA", "Wales", true},
		{"nonsense", "England", true},
		// Not in the UK (Crown Dependencies), or no such area: unplaced, as
		// an unreadable postcode is. Before, every unlisted area was England.
		{"GY1 1WH", "England", true},
		{"JE2 3AB", "England", true},
		{"IM1 1AA", "England", true},
		{"XX1 1XX", "England", true},
	} {
		j, ask := JurisdictionOf(c.postcode)
		if j != c.want || ask != c.ask {
			t.Errorf("JurisdictionOf(%q) = %s, ask %v; want %s, ask %v", c.postcode, j, ask, c.want, c.ask)
		}
	}
	if !ValidJurisdiction("Wales") || ValidJurisdiction("France") {
		t.Error("ValidJurisdiction")
	}
}

// Only a district that straddles a border gives the landlord a choice, and
// only between the countries it lies in (issue 25, "Jurisdiction").
func TestJurisdictionChoices(t *testing.T) {
	for _, c := range []struct {
		postcode string
		want     string
	}{
		{"EH1 2NG", "Scotland"},
		{"SW1A 1AA", "England"},
		{"CF10 1EP", "Wales"},
		{"CH5 1AB", "England,Wales"},
		{"TD15 1AA", "Scotland,England"},
		{"nonsense", "England,Wales,Scotland,Northern Ireland"},
	} {
		if got := strings.Join(JurisdictionChoices(c.postcode), ","); got != c.want {
			t.Errorf("JurisdictionChoices(%q) = %s; want %s", c.postcode, got, c.want)
		}
	}
	for pc, want := range map[string]bool{"SW1A 1AA": true, "CF10 1EP": true, "CH5 1AB": true, "TD15 1AA": true,
		"EH1 2NG": false, "BT1 5GS": false, "nonsense": false, "": false, "GY1 1WH": false, "JE2 3AB": false, "IM1 1AA": false, "ZZ99 9ZZ": false} {
		if InEnglandOrWales(pc) != want {
			t.Errorf("InEnglandOrWales(%q) = %v", pc, !want)
		}
	}
}

// data/deposits.yaml is checked at start-up: a cap that cannot be worked
// out, or names no law, is refused.
func TestDepositCapsAreChecked(t *testing.T) {
	good := func(extra string) string {
		return "reviewedOn: 2026-11-27\ncaps:\n  - jurisdiction: England\n    weeks: 5\n    law: the Act\n    statute: The Act, s.1\n    source: https://example.org/act\n    effectiveFrom: 2019-06-01\n" + extra
	}
	if _, err := loadDepositCaps([]byte(good(""))); err != nil {
		t.Fatalf("a good file: %v", err)
	}
	for name, raw := range map[string]string{
		"weeks and months": good("  - jurisdiction: Scotland\n    weeks: 5\n    months: 2\n    law: l\n    statute: s\n    source: https://x.org\n    effectiveFrom: 2017-12-01\n"),
		"unknown country":  good("  - jurisdiction: Mercia\n    months: 2\n    law: l\n    statute: s\n    source: https://x.org\n    effectiveFrom: 2017-12-01\n"),
		"twice":            good("  - jurisdiction: England\n    months: 2\n    law: l\n    statute: s\n    source: https://x.org\n    effectiveFrom: 2017-12-01\n"),
		"no source":        good("  - jurisdiction: Scotland\n    months: 2\n    law: l\n    statute: s\n    effectiveFrom: 2017-12-01\n"),
		"bad date":         good("  - jurisdiction: Scotland\n    months: 2\n    law: l\n    statute: s\n    source: https://x.org\n    effectiveFrom: soon\n"),
		"days with weeks":  good("  - jurisdiction: Scotland\n    weeks: 8\n    daysWhenNotMonthly: 30\n    law: l\n    statute: s\n    source: https://x.org\n    effectiveFrom: 2017-12-01\n"),
		"no England":       "reviewedOn: 2026-11-27\ncaps: []\n",
		"unknown field":    good("    maximum: 3\n"),
	} {
		if _, err := loadDepositCaps([]byte(raw)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// The file as shipped: England's six weeks from £50,000 a year, Wales
	// without a cap.
	if c, msg, ok := DepositLimit(England, 416667, false); !ok || c != 576923 || msg != "The deposit can be at most 6 weeks' rent (£5,769.23) under the Tenant Fees Act 2019." {
		t.Errorf("England at £50,000 a year: %d %q %v", c, msg, ok)
	}
	if _, _, ok := DepositLimit(Wales, 100000, false); ok {
		t.Error("Wales has no cap on the security deposit")
	}
}

// Every postcode area of the districts data (internal/geo) is one of the
// four's, or a Crown Dependency's, which are not in the UK.
func TestEveryPostcodeAreaIsPlaced(t *testing.T) {
	raw, err := os.ReadFile("../geo/data/uk-postcode-districts.csv")
	if err != nil {
		t.Fatal(err)
	}
	crown := map[string]bool{"GY": true, "JE": true, "IM": true}
	for _, line := range strings.Split(string(raw), "\n")[1:] {
		outcode, _, _ := strings.Cut(strings.TrimSpace(line), ",")
		m := outwardRe.FindStringSubmatch(outcode)
		if m == nil {
			continue
		}
		if placed := District(outcode+"1AA") != ""; placed == crown[m[1]] {
			t.Errorf("%s: placed %v", outcode, placed)
		}
	}
}
