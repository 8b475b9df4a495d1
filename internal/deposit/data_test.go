package deposit

import (
	"strings"
	"testing"
)

// The embedded data loads; a rule without a source, with a penalty range
// upside down or a scheme without a site is refused at start-up.
func TestRulesAreChecked(t *testing.T) {
	r, err := LoadRules()
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Protection[0]; p.Days != 30 || p.PenaltyMinTimes != 1 || p.PenaltyMaxTimes != 3 {
		t.Fatalf("England: %+v", p)
	}
	good := string(depositYAML)
	for _, bad := range []struct{ from, to string }{
		{"source: https://www.legislation.gov.uk/ukpga/2004/34/section/214", "source: LAW.md"},
		{"penaltyMaxTimes: 3", "penaltyMaxTimes: 0"},
		{"url: https://www.mydeposits.co.uk", "url: www.mydeposits.co.uk"},
		{`effectiveFrom: "2007-04-06"`, `effectiveFrom: "April 2007"`},
		{"days: 30", "days: 0"},
	} {
		if !strings.Contains(good, bad.from) {
			t.Fatalf("the data has no %q", bad.from)
		}
		if _, err := parseRules([]byte(strings.Replace(good, bad.from, bad.to, 1))); err == nil {
			t.Errorf("%q accepted", bad.to)
		}
	}
}
