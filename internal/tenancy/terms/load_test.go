package terms

import (
	"strings"
	"testing"
	"time"
)

// The embedded rules load: every example caught, no lawful sentence caught.
func TestRulesLoad(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.rules {
		if !strings.HasPrefix(r.Source, "https://www.legislation.gov.uk/") {
			t.Errorf("rule %s: source %q is not legislation.gov.uk", r.ID, r.Source)
		}
	}
}

const oneRule = `
rules:
  - id: pets
    title: Blanket ban on pets
    why: A tenant may ask to keep a pet.
    statute: Renters' Rights Act 2025, section 11
    source: https://www.legislation.gov.uk/ukpga/2025/26/section/11
    effectiveFrom: 2026-05-01
    uses: [agreement]
    jurisdictions: [England]
    mustChange: false
    patterns: ['\bno pets\b']
    unless: ['\bconsent\b']
    examples: [%s]
    lawful: [%s]
`

// A rule whose example it does not catch, or that catches its own lawful
// sentence, stops the server at start-up.
func TestParseRefusesABrokenRule(t *testing.T) {
	if _, err := Parse([]byte(strings.Replace(strings.Replace(oneRule, "%s", "No pets.", 1), "%s", "A cat is fine.", 1))); err != nil {
		t.Fatalf("a good rule: %v", err)
	}
	if _, err := Parse([]byte(strings.Replace(strings.Replace(oneRule, "%s", "Pets are banned.", 1), "%s", "A cat is fine.", 1))); err == nil {
		t.Error("a rule missing its own example loaded")
	}
	if _, err := Parse([]byte(strings.Replace(strings.Replace(oneRule, "%s", "No pets.", 1), "%s", "No pets here.", 1))); err == nil {
		t.Error("a rule catching its lawful sentence loaded")
	}
	bad := strings.Replace(strings.Replace(oneRule, "%s", "No pets.", 1), "%s", "A cat.", 1)
	if _, err := Parse([]byte(strings.Replace(bad, "https://www.legislation.gov.uk/ukpga/2025/26/section/11", "", 1))); err == nil {
		t.Error("a rule without a source loaded")
	}
	if _, err := Parse([]byte(strings.Replace(bad, "2026-05-01", "1 May", 1))); err == nil {
		t.Error("a rule with a bad date loaded")
	}
}

// A rule applies only while in force, and only where it is used; the
// words that excuse a term count only in the same sentence.
func TestDatesUsesAndSentences(t *testing.T) {
	c := MustLoad()
	before := time.Date(2026, 4, 30, 0, 0, 0, 0, time.UTC)
	if f := c.Check("No pets.", before, Agreement); len(f) != 0 {
		t.Errorf("the pets rule applied before the Renters' Rights Act: %v", f)
	}
	if f := c.Check("No pets.", day, Listing); len(f) != 1 || f[0].Rule != "pets" || f[0].Why == "" || f[0].Phrase != "No pets." {
		t.Errorf("listing: %+v", f)
	}
	if f := c.CheckIn("No pets. No DSS.", "Scotland", day, Listing); len(f) != 1 || f[0].Rule != "benefits" {
		t.Errorf("Scotland: only the Equality Act rules apply: %+v", f)
	}
	if f := c.Check("The tenant is responsible for the boiler.", day, Listing); len(f) != 0 {
		t.Errorf("a repairs rule (agreements only) applied to a listing: %v", f)
	}
	// "consent" in the next sentence does not excuse "No pets".
	if f := c.Check("No pets. Any alterations need the landlord's consent.", day, Agreement); len(f) != 1 {
		t.Errorf("an excuse in another sentence counted: %v", f)
	}
	for text, want := range map[string][]string{
		"Rent is £1,250.50 a month. Pets, e.g. a cat, welcome; no smoking! Ok": {"Rent is £1,250.50 a month.", "Pets, e.g. a cat, welcome;", "no smoking!", "Ok"},
		// An abbreviation's spaced capitals stay in one sentence, which goes
		// on in lower case; a capital alone before a new sentence does not
		// hold the two together.
		"No D. S. S. tenants. Pets welcome.":       {"No D. S. S. tenants.", "Pets welcome."},
		"Sorry, no H. B. Pets welcome.":            {"Sorry, no H. B.", "Pets welcome."},
		"Bins go in store A. The tenant keeps it.": {"Bins go in store A.", "The tenant keeps it."},
	} {
		if got := Sentences(text); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("Sentences(%q) = %q", text, got)
		}
	}
	flags := c.CheckTerms(Split("The tenant may keep one cat.\nNo DSS or housing benefit tenants.\n\nNo children may live at the property."), day, Agreement)
	if len(flags) != 2 || flags[0].Term != "No DSS or housing benefit tenants." || flags[1].Findings[0].Rule != "children" {
		t.Errorf("CheckTerms = %+v", flags)
	}
}
