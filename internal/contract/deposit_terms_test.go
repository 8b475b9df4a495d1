package contract

import (
	"slices"
	"strings"
	"testing"
)

func englandLibrary(t *testing.T) *Library {
	t.Helper()
	lib, err := mustLibraries(t).Select(DocumentType, "England", date("2026-12-01"))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// The deposits a sentence names with an amount, as landlords write them;
// an amount taken from the deposit, or a fee for its protection, is not one.
func TestDepositsNamed(t *testing.T) {
	for _, c := range []struct {
		text string
		want []namedDeposit
	}{
		{"The tenant shall pay a deposit of £5,000.", []namedDeposit{{pence: 500000}}},
		{"A holding deposit of £900 is payable to reserve the property.", []namedDeposit{{holding: true, pence: 90000}}},
		{"Deposit: £1,250.50", []namedDeposit{{pence: 125050}}},
		{"The security deposit will be £2000 per tenant.", []namedDeposit{{pence: 200000, perTenant: true}}},
		{"Each tenant pays a deposit of £700.", []namedDeposit{{pence: 70000, perTenant: true}}},
		{"The tenant pays £900 as a holding deposit.", []namedDeposit{{holding: true, pence: 90000}}},
		{"£5,000 (five thousand pounds) by way of deposit.", []namedDeposit{{pence: 500000}}},
		{"The damage deposit is 3,000 pounds.", []namedDeposit{{pence: 300000}}},
		{"A tenancy deposit in the sum of £1,600 is held in the DPS.", []namedDeposit{{pence: 160000}}},
		{"The landlord may deduct from the deposit £200 for repairs.", nil},
		{"Up to £300 may be deducted from the deposit.", nil},
		{"The landlord may keep £200 of the deposit for cleaning.", nil},
		{"The tenant pays the £30 deposit protection fee.", nil},
		{"The deposit is five weeks' rent.", nil},
		{"The rent is £1,500 a month and is due on the first day.", nil},
	} {
		if got := depositsNamed(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%q: %+v, want %+v", c.text, got, c.want)
		}
	}
}

// A deposit the landlord's terms name is held to the caps the law sets for
// the agreement's rent (five weeks' rent, six from £50,000 a year; a
// holding deposit one week's) and to the deposit the agreement states; the
// library's own deposit clause raises nothing.
func TestDepositFindings(t *testing.T) {
	lib := englandLibrary(t)
	a := Answers{RentPence: 150000, RentPeriod: "monthly", Tenants: []Person{{First: "Tom"}, {First: "Tess"}},
		Deposit: Deposit{Kind: DepositStandard, PerTenantPence: 80000, Scheme: "Deposit Protection Service"}}
	rules := func(a Answers, term string) []string {
		var out []string
		for _, f := range depositFindings(lib, a, term) {
			out = append(out, f.Rule)
		}
		return out
	}
	// £1,500 a month: £18,000 a year, a cap of £1,730.76 (5 weeks) and a
	// holding deposit of at most £346.15 (1 week).
	for _, c := range []struct {
		term string
		want []string
	}{
		{"The tenant shall pay a deposit of £5,000.", []string{RuleDepositCap}},
		{"The tenant shall pay a deposit of £1,730.77.", []string{RuleDepositCap}},
		{"A deposit of £900 per tenant is payable.", []string{RuleDepositCap}}, // £1,800 in all
		{"A holding deposit of £900 is payable.", []string{RuleHoldingDepositCap}},
		{"A holding deposit of £346.15 is payable.", nil},
		{"A holding deposit of £346.16 is payable.", []string{RuleHoldingDepositCap}},
		{"The deposit of £1,600 is protected with the DPS.", nil},
		{"The deposit of £800 per tenant is protected with the DPS.", nil},
		{"The deposit of £1,500 is protected with the DPS.", []string{RuleDepositDiffers}},
		{"A holding deposit of £900 and a deposit of £5,000 are payable.", []string{RuleHoldingDepositCap, RuleDepositCap}},
		{"A deposit of £5,000. Another deposit of £6,000.", []string{RuleDepositCap}}, // each rule once
	} {
		if got := rules(a, c.term); !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v", c.term, got, c.want)
		}
	}
	f := depositFindings(lib, a, "No smoking. The tenant shall pay a deposit of £5,000.")
	if len(f) != 1 || f[0].Phrase != "The tenant shall pay a deposit of £5,000." || f[0].Title != "Deposit above the legal cap" ||
		!strings.Contains(f[0].Why, "a deposit of £5,000.00, but for this agreement's rent a deposit can be at most £1,730.76 (5 weeks' rent)") ||
		f[0].Statute != "Tenant Fees Act 2019, Schedule 1, paragraph 2 (the cap on a tenancy deposit)" || !strings.HasPrefix(f[0].Source, "https://www.legislation.gov.uk/") {
		t.Errorf("finding: %+v", f)
	}
	f = depositFindings(lib, a, "A holding deposit of £900 is payable.")
	if len(f) != 1 || !strings.Contains(f[0].Why, "a holding deposit of £900.00, but for this agreement's rent a holding deposit can be at most £346.15 (1 week's rent)") {
		t.Errorf("holding finding: %+v", f)
	}
	f = depositFindings(lib, a, "The deposit of £1,500 is protected.")
	if len(f) != 1 || !strings.Contains(f[0].Why, "a deposit of £1,500.00, but the deposit this agreement states is £800.00 per tenant (£1,600.00 in all)") {
		t.Errorf("differs finding: %+v", f)
	}
	if !mustChange(depositFindings(lib, a, "A deposit of £5,000.")) || mustChange(depositFindings(lib, a, "A deposit of £1,500.")) {
		t.Error("over the cap must be changed; a different amount may be acknowledged")
	}
	// Six weeks from £50,000 a year: £5,000 a month caps the deposit at
	// £6,923.07 (five weeks would be £5,769.23).
	rich := a
	rich.RentPence = 500000
	rich.Deposit = Deposit{Kind: DepositNone} // nothing to differ from
	if got := rules(rich, "A deposit of £6,923.07 is payable."); got != nil {
		t.Errorf("six weeks' rent at £60,000 a year: %v", got)
	}
	if got := rules(rich, "A deposit of £6,923.08 is payable."); !slices.Equal(got, []string{RuleDepositCap}) {
		t.Errorf("over six weeks' rent: %v", got)
	}
	// A weekly rent: £400 a week caps the deposit at £2,000 and the holding deposit at £400.
	weekly := a
	weekly.RentPence, weekly.RentPeriod = 40000, "weekly"
	if got := rules(weekly, "A holding deposit of £400 and a deposit of £1,600."); got != nil {
		t.Errorf("weekly rent: %v", got)
	}
	// No rent yet: no cap to read against; no deposit answered: nothing to differ from.
	if got := rules(Answers{}, "A deposit of £5,000 and a holding deposit of £900."); got != nil {
		t.Errorf("no answers: %v", got)
	}
	// The library's deposit clause, as generated, raises nothing.
	doc := Build(lib, a, Property{}, nil)
	for _, s := range doc.Sections {
		for _, b := range s.Blocks {
			if got := rules(a, blockText(b)); got != nil {
				t.Errorf("library wording %q: %v", blockText(b), got)
			}
		}
	}
}
