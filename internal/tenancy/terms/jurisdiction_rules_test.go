package terms

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// ruleIDs are the rules a text breaks under a jurisdiction's law on day.
func ruleIDs(c *Checker, text, jurisdiction string, on time.Time, u Use) []string {
	var ids []string
	for _, f := range c.CheckIn(text, jurisdiction, on, u) {
		ids = append(ids, f.Rule)
	}
	return ids
}

// expectAgreementRule checks English agreement sentences: each of caught
// breaks the rule; none of lawful does (noRule: breaks no rule at all).
func expectAgreementRule(t *testing.T, c *Checker, rule, what string, caught, lawful []string, noRule bool) {
	t.Helper()
	for _, text := range caught {
		if ids := ruleIDs(c, text, "England", day, Agreement); !slices.Contains(ids, rule) {
			t.Errorf("%q: not flagged as %s (%v)", text, what, ids)
		}
	}
	for _, text := range lawful {
		if ids := ruleIDs(c, text, "England", day, Agreement); slices.Contains(ids, rule) || noRule && len(ids) > 0 {
			t.Errorf("%q: flagged %v", text, ids)
		}
	}
}

// An advert refusing tenants on benefits is caught in the abbreviations
// adverts use (D.S.S., HB for housing benefit, UC for universal credit),
// also with their letters spaced ("No D. S. S.", "no D S S", "No H. B.":
// missed before, the full stops cut "No D." from "S." as sentences), in all
// three countries (the Equality Act 2010); an advert welcoming them is not.
func TestBenefitsAbbreviationsInListings(t *testing.T) {
	c := MustLoad()
	unlawful := []string{
		"No D.S.S.", "No HB.", "No H.B. tenants.", "No housing benefit.", "No UC.", "no universal credit.",
		"Professionals only, no DSS.", "No DSS/HB.", "No DSS, HB or UC.", "UC not accepted.", "HB/UC not accepted.",
		"Sorry, no UC or HB.", "No DHSS.", "No UC claimants.", "Employed only.", "Working professionals only, no UC.",
		"No D. S. S.", "No D. S. S. tenants, sorry.", "no D S S", "No H. B.", "No H B.", "Sorry, no D. S. S. or H. B. claimants.", "No U. C.",
		"No H. B. Pets welcome.", "No D. S. S. Garden flat.",
		// Already caught before: still caught.
		"No DSS.", "No-DSS.", "No benefits.", "DSS not accepted.",
	}
	lawful := []string{
		"Housing benefit and Universal Credit welcome.", "UC claimants welcome.", "HB and UC welcome.",
		"No smokers, UC welcome.", "Students and professionals welcome.", "Close to UCL and the British Museum.",
		"Flat B, 2 Church Road. Viewings with Mr J. Smith.", "H. B. and U. C. welcome.",
	}
	for _, j := range []string{"England", "Wales", "Scotland"} {
		for _, text := range unlawful {
			if ids := ruleIDs(c, "Two-bed flat near the station. "+text, j, day, Listing); !slices.Contains(ids, "benefits") {
				t.Errorf("%s listing %q: not flagged as a ban on benefits (%v)", j, text, ids)
			}
		}
		for _, text := range lawful {
			if ids := ruleIDs(c, text, j, day, Listing); len(ids) > 0 {
				t.Errorf("%s listing %q: flagged %v", j, text, ids)
			}
		}
	}
}

// An agreement may not ask more of a tenant because they receive benefits:
// a guarantor, a larger deposit, or an end to the tenancy if they claim.
func TestBenefitConditionsInAgreements(t *testing.T) {
	caught := []string{
		"The tenant must have a guarantor if claiming benefits.",
		"A guarantor is required if the tenant is on Universal Credit.",
		"If the tenant claims universal credit, a guarantor is required.",
		"The tenant must pay a larger deposit if they receive housing benefit.",
		"The landlord may end the tenancy if the tenant claims benefits.",
	}
	lawful := []string{
		"The tenant must provide a guarantor.",
		"Tenants on benefits do not need a guarantor.",
		"If the tenant receives housing benefit, the tenant may ask for the rent to be paid directly to the landlord.",
		"We do not discriminate against tenants who receive benefits.",
	}
	expectAgreementRule(t, MustLoad(), "benefits", "a ban on benefits", caught, lawful, true)
}

// In England every assured tenancy is periodic: a term making the tenant
// leave at a set time, or the tenancy end on a set date, fixes its length.
// The tenant's two months' notice, and leaving the home clean, are lawful.
func TestFixedTermEndingsInAgreements(t *testing.T) {
	caught := []string{
		"The tenant must leave after 12 months.",
		"The tenancy ends on 31 December 2027.",
		"The tenancy will end after 12 months.",
		"The agreement expires on 30/06/2027.",
		"The tenant agrees to vacate the property on 30 June 2027.",
		"The tenant must move out by the end of the first year.",
		"The tenant will vacate the property at the end of the term.",
		"The tenancy is for a term of 12 months.",
		"The tenancy is granted for a period of twelve months.",
		"Tenancy end date: 30/06/2027.",
		"Six months minimum.",
	}
	lawful := []string{
		"The tenant may end the tenancy by giving two months' notice.",
		"The tenant must leave the property clean at the end of the tenancy.",
		"The tenant will leave the keys with the agent on 1 December.",
		"The tenancy starts on 1 December 2026.",
		"The tenancy starts on 1 December 2026 and continues until it is ended by notice or by a court order.",
		"The tenancy ends when the tenant's notice expires or the court orders possession.",
		"The tenancy ends after two months notice from the tenant.",
		"The tenancy ends 2 months after the tenant gives notice.",
		"The tenant must move out within two months of giving notice.",
		"The landlord gives 4 months minimum notice on ground 1A.",
	}
	expectAgreementRule(t, MustLoad(), "fixed-term", "a fixed term", caught, lawful, false)
}

// Scotland (private residential tenancies, open-ended since 1 December
// 2017) and Wales (occupation contracts since 1 December 2022) have their
// own rules on the kind of tenancy; England's fixed-term and section-21
// rules stay England's. A fixed-term standard contract is lawful in Wales.
func TestScotlandAndWalesTenancyTypes(t *testing.T) {
	c := MustLoad()
	for _, id := range []string{"fixed-term", "section-21"} {
		r, ok := c.byID(id)
		if !ok {
			t.Fatalf("no rule %s", id)
		}
		if strings.Join(r.Jurisdictions, ",") != "England" {
			t.Errorf("%s: jurisdictions %v, want England only", id, r.Jurisdictions)
		}
	}
	for _, id := range []string{"scotland-fixed-term", "scotland-short-assured", "wales-assured-shorthold"} {
		r, ok := c.byID(id)
		if !ok {
			t.Fatalf("no rule %s", id)
		}
		if !strings.HasPrefix(r.Source, "https://www.legislation.gov.uk/") || r.Statute == "" || !r.usedFor(Listing) {
			t.Errorf("%s: statute %q, source %q, uses %v", id, r.Statute, r.Source, r.Uses)
		}
	}
	for _, r := range c.Rules(day, Listing) {
		if strings.HasPrefix(r.ID, "scotland-") || strings.HasPrefix(r.ID, "wales-") {
			t.Errorf("England's rules include %s", r.ID)
		}
	}
	cases := []struct {
		jurisdiction, text string
		want               []string
	}{
		{"Scotland", "12 month fixed term contract.", []string{"scotland-fixed-term"}},
		{"Scotland", "Minimum let of six months.", []string{"scotland-fixed-term"}},
		{"Scotland", "The tenancy ends on 31 May 2027.", []string{"scotland-fixed-term"}},
		{"Scotland", "Assured shorthold tenancy.", []string{"scotland-short-assured"}},
		{"Scotland", "Let on a short assured tenancy.", []string{"scotland-short-assured"}},
		{"Scotland", "Short assured tenancy, 6 months minimum.", []string{"scotland-fixed-term", "scotland-short-assured"}},
		{"Scotland", "Private residential tenancy, open-ended.", nil},
		{"Scotland", "The tenant may leave with 28 days' notice.", nil},
		{"Scotland", "Rest assured the flat is well maintained.", nil},
		{"Scotland", "Sat nav directions on request.", nil},
		{"Wales", "Assured shorthold tenancy.", []string{"wales-assured-shorthold"}},
		{"Wales", "AST, 6 months.", []string{"wales-assured-shorthold"}},
		{"Wales", "12 month fixed term contract.", nil},
		{"Wales", "Fixed-term standard occupation contract of 12 months.", nil},
		{"Wales", "Periodic standard occupation contract.", nil},
		{"Wales", "Assured shorthold tenancies no longer exist in Wales; this is a standard occupation contract.", nil},
		// "ast" is a Welsh word (a bitch): AST is the abbreviation in
		// capitals, or beside the words that make it a tenancy.
		{"Wales", "Mae'r ast yn cysgu yn yr ardd.", nil},
		{"Wales", "Fflat dwy ystafell wely; dim ast na chi, os gwelwch yn dda.", nil},
		{"Wales", "The flat is let on an AST.", []string{"wales-assured-shorthold"}},
		{"Wales", "Let on an ast agreement.", []string{"wales-assured-shorthold"}},
		{"Scotland", "The flat is let on an AST.", []string{"scotland-short-assured"}},
		{"Scotland", "Mae'r ast yn cysgu yn yr ardd.", nil},
		{"England", "This is an AST.", []string{"section-21"}},
		{"England", "12 month ast tenancy.", []string{"section-21"}},
		{"England", "Mae'r ast yn cysgu yn yr ardd.", nil},
		{"England", "12 month fixed term contract.", []string{"fixed-term"}},
		{"England", "Assured shorthold tenancy.", []string{"section-21"}},
		{"Northern Ireland", "Assured shorthold tenancy. 12 month fixed term contract.", nil},
	}
	for _, k := range cases {
		for _, u := range []Use{Listing, Agreement} {
			if got := ruleIDs(c, k.text, k.jurisdiction, day, u); strings.Join(got, ",") != strings.Join(k.want, ",") {
				t.Errorf("%s %s %q: %v, want %v", k.jurisdiction, u, k.text, got, k.want)
			}
		}
	}
	// Each law from its day.
	for _, k := range []struct {
		jurisdiction string
		in           time.Time
	}{{"Scotland", time.Date(2017, 12, 1, 0, 0, 0, 0, time.UTC)}, {"Wales", time.Date(2022, 12, 1, 0, 0, 0, 0, time.UTC)}} {
		if got := ruleIDs(c, "Assured shorthold tenancy.", k.jurisdiction, k.in.AddDate(0, 0, -1), Listing); len(got) != 0 {
			t.Errorf("%s the day before: %v", k.jurisdiction, got)
		}
		if got := ruleIDs(c, "Assured shorthold tenancy.", k.jurisdiction, k.in, Listing); len(got) != 1 {
			t.Errorf("%s on the day: %v", k.jurisdiction, got)
		}
	}
	// The phrase and why are the reader's.
	f := c.CheckIn("Two-bed flat in Leith. Short assured tenancy.", "Scotland", day, Listing)
	if len(f) != 1 || f[0].Phrase != "Short assured tenancy." || !strings.Contains(f[0].Why, "private residential tenancy") || !strings.Contains(f[0].Statute, "Private Housing (Tenancies) (Scotland) Act 2016") {
		t.Errorf("Scotland finding: %+v", f)
	}
	f = c.CheckIn("Two-bed flat in Cardiff. Assured shorthold tenancy.", "Wales", day, Listing)
	if len(f) != 1 || !strings.Contains(f[0].Why, "occupation contract") || !strings.Contains(f[0].Statute, "Renting Homes (Wales) Act 2016") {
		t.Errorf("Wales finding: %+v", f)
	}
}

// Since 1 May 2026 a landlord ends an assured tenancy only on a statutory
// ground, and ground 1A (selling) or 1 (the landlord or family moving in)
// with four months' notice is that lawful route: it is not a no-fault
// ending. Before, "after four months' notice on ground 1A" was flagged as
// section 21. An ending at will, or with less notice, still is.
func TestGroundWithItsNoticeIsNotNoFault(t *testing.T) {
	caught := []string{
		"The landlord may end the tenancy with two months' notice.",
		"The landlord may end the tenancy with two months' notice on ground 1A.",
		"The landlord may end the tenancy by giving four months' notice.",
		"The landlord can end the tenancy at any time without giving a reason.",
		"We may end the tenancy at any time by giving the tenant two months' notice.",
	}
	lawful := []string{
		"The landlord may end the tenancy after four months' notice on ground 1A.",
		"The landlord may end the tenancy with 4 months' notice on ground 1A (sale).",
		"On ground 1A (sale of the property) the landlord must give 4 months' notice.",
		"The landlord may end the tenancy with four months' notice on ground 1 if a close family member will live there.",
	}
	expectAgreementRule(t, MustLoad(), "section-21", "a no-fault ending", caught, lawful, true)
}

// Issue 46: the rules of the nations' own agreements. Wales's children and
// benefit-claimant terms hold from 1 June 2026 (sections 54A and 54B);
// Scotland forbids any premium and rent reviews more often than the Act
// allows; Northern Ireland forbids a rent increase within 12 months and a
// charge for the information notice or rent book. None is England's, and
// listings keep their own rules.
func TestNationAgreementRules(t *testing.T) {
	c := MustLoad()
	june := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		j, text string
		on      time.Time
		u       Use
		want    string
		has     bool
	}{
		{"Wales", "No children may live at the property.", june, Agreement, "wales-children", true},
		{"Wales", "No children may live at the property.", june.AddDate(0, 0, -1), Agreement, "wales-children", false},
		{"Wales", "No children may live at the property.", june, Listing, "wales-children", false},
		{"Wales", "No DSS or housing benefit.", june, Agreement, "wales-benefits", true},
		{"England", "No DSS or housing benefit.", june, Agreement, "wales-benefits", false},
		{"Scotland", "An administration fee of £100 is payable.", day, Agreement, "scotland-premium", true},
		{"England", "An administration fee of £100 is payable.", day, Agreement, "scotland-premium", false},
		{"Scotland", "The rent will be reviewed every six months.", day, Agreement, "scotland-rent-review", true},
		{"Northern Ireland", "The rent will go up after the first six months.", day, Agreement, "ni-rent-increase", true},
		{"Northern Ireland", "The rent will go up after the first six months.", time.Date(2025, 3, 31, 0, 0, 0, 0, time.UTC), Agreement, "ni-rent-increase", false},
		{"Northern Ireland", "The rent may go up once a year with three months' written notice.", day, Agreement, "ni-rent-increase", false},
		{"Northern Ireland", "A £25 fee is charged for the rent book.", day, Agreement, "ni-notice-charge", true},
		{"Northern Ireland", "The rent book is given free of charge.", day, Agreement, "ni-notice-charge", false},
	} {
		ids := ruleIDs(c, tc.text, tc.j, tc.on, tc.u)
		if slices.Contains(ids, tc.want) != tc.has {
			t.Errorf("%s %s %q on %s: %v (want %s: %v)", tc.j, tc.u, tc.text, tc.on.Format(time.DateOnly), ids, tc.want, tc.has)
		}
	}
	for _, f := range c.CheckIn("No children may live at the property.", "Wales", june, Agreement) {
		if f.Rule == "wales-children" && (!f.MustChange || !strings.Contains(f.Statute, "section 54A")) {
			t.Errorf("wales-children: %+v", f)
		}
	}
}
