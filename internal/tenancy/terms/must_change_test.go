package terms

import (
	"slices"
	"strings"
	"testing"
)

// Which rules must be changed (rules.yaml, mustChange): the law prohibits
// what they catch outright, so a flagged term cannot be acknowledged and
// kept in an agreement; the others need judgement and may be kept. Before,
// no rule said so: an outside probe acknowledged, signed and sealed a
// fixed term with a no-fault ending and twelve months' rent up front.
func TestOutrightProhibitionsMustChange(t *testing.T) {
	c := MustLoad()
	must := []string{"fixed-term", "section-21", "children", "benefits", "prohibited-fees", "rent-in-advance", "deposit-cap", "rental-bidding",
		"scotland-fixed-term", "scotland-short-assured", "wales-assured-shorthold",
		// Issue 46: the nations' own agreement rules, each an outright prohibition there.
		"wales-children", "wales-benefits", "scotland-premium", "scotland-rent-review", "ni-rent-increase", "ni-notice-charge"}
	judgement := []string{"rent-review", "pets", "tenant-notice", "repairs", "entry", "deposit-forfeit"}
	for _, r := range c.rules {
		switch {
		case slices.Contains(must, r.ID):
			if !r.mustChange() {
				t.Errorf("%s: an outright prohibition, but it may be acknowledged and kept", r.ID)
			}
		case slices.Contains(judgement, r.ID):
			if r.mustChange() {
				t.Errorf("%s: needs judgement, but it must be changed", r.ID)
			}
		default:
			t.Errorf("%s: not classified by this test", r.ID)
		}
	}
	// A finding carries its rule's answer.
	for text, want := range map[string]bool{
		"The tenancy is granted for a term certain of one year.":                                true,
		"The landlord may recover possession at the end of that year without stating a reason.": true,
		"The tenant will pay twelve months' rent up front on signing.":                          true,
		"No DSS or housing benefit tenants.":                                                    true,
		"No children may live at the property.":                                                 true,
		"The tenant must pay a check-out fee of £150.":                                          true,
		"A deposit of two months' rent is required.":                                            true,
		"Offers over £1,000 pcm invited.":                                                       true,
		"No pets.":                                                                              false,
		"The rent will be reviewed every six months.":                                           false,
		"The landlord may enter the property at any time.":                                      false,
		"The tenant is responsible for repairs to the boiler.":                                  false,
	} {
		found := c.Check(text, day, Agreement)
		if len(found) == 0 {
			t.Errorf("%q: not flagged", text)
		}
		for _, f := range found {
			if f.MustChange != want {
				t.Errorf("%q: %s finding mustChange %v, want %v", text, f.Rule, f.MustChange, want)
			}
		}
	}
}

// A rule that does not say whether it must be changed stops the server.
func TestParseRefusesARuleWithoutMustChange(t *testing.T) {
	good := strings.Replace(strings.Replace(oneRule, "%s", "No pets.", 1), "%s", "A cat is fine.", 1)
	if _, err := Parse([]byte(good)); err != nil {
		t.Fatalf("a good rule: %v", err)
	}
	if _, err := Parse([]byte(strings.Replace(good, "    mustChange: false\n", "", 1))); err == nil || !strings.Contains(err.Error(), "mustChange") {
		t.Errorf("a rule without mustChange loaded: %v", err)
	}
}

// What the outside probe found missed (27 November 2026): a no-fault
// ending in other words, the landlord's legal fees (Tenant Fees Act 2019)
// in an agreement; children refused in a list, and rent "negotiable
// upwards" (rental bidding) in a listing.
func TestProbeMissesCaught(t *testing.T) {
	c := MustLoad()
	for _, k := range []struct {
		use  Use
		rule string
		text []string
	}{
		{Agreement, "section-21", []string{
			"The landlord may give the tenant two months' notice to leave without giving a reason.",
			"The landlord may recover possession at the end of that year without stating a reason.",
			"The landlord can give the tenant notice to leave at any time.",
		}},
		{Agreement, "prohibited-fees", []string{
			"The tenant agrees to pay the landlord's legal fees.",
			"The tenant will reimburse the landlord's solicitor's costs.",
			"Any legal costs the landlord incurs are payable by the tenant.",
		}},
		{Listing, "children", []string{
			"Ideal for a single professional, no couples or children.",
			"No smokers, pets or children.",
			"Sorry, no students/children.",
		}},
		{Listing, "rental-bidding", []string{
			"Rent negotiable upwards for the right applicant.",
			"Rent £1,200 pcm, negotiable upwards.",
			"Rent open to negotiation upwards.",
		}},
	} {
		for _, text := range k.text {
			if ids := ruleIDs(c, text, "England", day, k.use); !slices.Contains(ids, k.rule) {
				t.Errorf("%s %q: not flagged as %s (%v)", k.use, text, k.rule, ids)
			}
		}
	}
	for _, k := range []struct {
		use  Use
		text string
	}{
		{Agreement, "Each party will pay its own legal fees."},
		{Agreement, "The landlord pays the legal fees of preparing this agreement."},
		{Agreement, "The tenant will pay any costs a court orders the tenant to pay."},
		{Agreement, "The landlord may end the tenancy only on a ground in the Housing Act 1988, giving the notice the ground requires."},
		{Listing, "No stairs, so children and prams are easy."},
		{Listing, "Children welcome; no smokers or pets without asking."},
		{Listing, "The rent is £1,200 pcm and is not negotiable."},
		{Listing, "Rent negotiable downwards for a longer stay."},
	} {
		if ids := ruleIDs(c, k.text, "England", day, k.use); len(ids) > 0 {
			t.Errorf("%s %q: flagged %v", k.use, k.text, ids)
		}
	}
}
