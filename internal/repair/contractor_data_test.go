package repair

import (
	"strings"
	"testing"
)

// data/contractors.yaml is read and checked at start-up: the shipped file
// loads, and a file that would let a gas engineer be kept without a Gas
// Safe number, a registration without its source, or hours that make no
// sense is refused with what is wrong.
func TestContractorRules(t *testing.T) {
	r, err := LoadContractorRules()
	if err != nil {
		t.Fatal(err)
	}
	gas := r.trade("gas")
	if gas == nil || gas.Registration == nil || !gas.Registration.Required || !gas.Registration.re.MatchString("123456") || gas.Registration.re.MatchString("12-34") {
		t.Fatalf("gas: %+v", gas)
	}
	if r.trade("plumber").Registration != nil || r.LinkDays != 14 || r.VisitHours.From != "08:00" || r.VisitHours.To != "20:00" {
		t.Fatalf("rules: %+v", r)
	}
	for name, tc := range map[string]struct{ from, to, want string }{
		"gas optional":    {"required: true\n      source: \"Gas Safety", "required: false\n      source: \"Gas Safety", "gas trade must require"},
		"no source":       {"source: \"Gas Safety (Installation and Use) Regulations 1998, reg. 3: work on gas fittings only by a member of the class of persons approved by the HSE (the Gas Safe Register, in Great Britain and Northern Ireland)\"", "source: \"\"", "needs a scheme, a label, a source"},
		"bad pattern":     {"pattern: '^[0-9]{6,7}$'", "pattern: '^[0-9'", "pattern"},
		"hours backwards": {"from: \"08:00\"\n  to: \"20:00\"", "from: \"20:00\"\n  to: \"08:00\"", "visitHours"},
		"no link days":    {"linkDays: 14", "linkDays: 0", "linkDays"},
		"repeated trade":  {"  - id: builder\n", "  - id: plumber\n", "trade \"plumber\""},
		"unknown field":   {"linkDays: 14", "linkDays: 14\nlinkHours: 3", "linkHours"},
		"date not a date": {"effectiveFrom: \"2009-04-01\"", "effectiveFrom: \"April 2009\"", "effectiveFrom"},
	} {
		if !strings.Contains(string(contractorsYAML), tc.from) {
			t.Fatalf("%s: the file has no %q", name, tc.from)
		}
		_, err := parseContractorRules([]byte(strings.Replace(string(contractorsYAML), tc.from, tc.to, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", name, err, tc.want)
		}
	}
}
