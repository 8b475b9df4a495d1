package contract

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/tenancy"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// Deposits the landlord's own terms name ("The tenant shall pay a deposit of
// £5,000", "a holding deposit of £900"), read against the law the deposit
// answer is held to: a tenancy deposit over its cap (the Tenant Fees Act
// 2019: five weeks' rent, six from £50,000 a year, as tenancy.DepositCapAnnual
// gives it for the answer), a holding deposit over law.holdingDeposit's
// weeks of rent, and a deposit other than the answer's (law.depositDiffers:
// two amounts mislead the tenant). The first two must be changed: a term
// that breaks them cannot be acknowledged and kept (TermFlag.MustChange).

// The findings' rules.
const (
	RuleDepositCap        = "deposit-amount-cap"
	RuleHoldingDepositCap = "holding-deposit-cap"
	RuleDepositDiffers    = "deposit-amount-differs"
)

// mustChangeRules are the deposit findings a landlord cannot acknowledge:
// the term asks for more than the law allows. (The term checker's rules say
// so themselves: rules.yaml, mustChange.)
var mustChangeRules = map[string]bool{RuleDepositCap: true, RuleHoldingDepositCap: true}

// mustChange: a finding says the law prohibits the term outright, so it
// cannot be acknowledged and kept.
func mustChange(found []terms.Finding) bool {
	for _, f := range found {
		if f.MustChange {
			return true
		}
	}
	return false
}

const (
	// amountRx is a sum of money as written: £5,000, £ 900.50, GBP 5000, 5,000 pounds.
	amountRx = `(£ ?\d[\d,]*(?:\.\d{1,2})?|gbp ?\d[\d,]*(?:\.\d{1,2})?|\d[\d,]*(?:\.\d{1,2})? ?(?:pounds|gbp)\b)`
	// kindRx is the word before "deposit": a holding deposit, or a tenancy
	// deposit by any of its names.
	kindRx = `(holding |security |tenancy |damages? |refundable )?`
	// perTenantRx says an amount is each tenant's.
	perTenantRx = `(?:per|each|for each|for every|a) (?:tenant|person|occupier|adult|head)\b`
)

var (
	// "a deposit of £5,000", "Deposit: £5,000", "the holding deposit will be £900".
	depositThenAmount = regexp.MustCompile(`\b` + kindRx + `deposit\b(?: (?:amount|sum|payment))?(?:\s*[:=(,-]\s*|\s+(?:(?:is|will|shall|must|be|of|equal|equivalent|to|totalling|totaling|amounting|amounts|in|the|amount|sum|set|fixed|at|up|payable|required|due|being|only|just|which|totals?)\s+){0,6})` + amountRx)
	// "£900 holding deposit", "£5,000 as a security deposit", "£5,000 by way of deposit".
	amountThenDeposit = regexp.MustCompile(amountRx + `(?: \([^)]{0,60}\))?(?: ` + perTenantRx + `)?\s+(?:(?:as|is|will|be|payable|paid|required|due|being|by way of|a|an|the|for)\s+){0,5}` + kindRx + `deposit\b`)
	// A deposit taken from rather than named: "deduct from the deposit £200".
	fromDeposit = regexp.MustCompile(`\b(?:from|out of|against|towards|off)\s+(?:(?:the|their|his|her|your|any|this|that)\s+)?$`)
	// Not the deposit's amount: "£200 deposit protection fee".
	notTheDeposit   = regexp.MustCompile(`^\s*(?:protection|scheme|replacement|insurance|certificate|service|deduction|dispute|return)`)
	perTenantAfter  = regexp.MustCompile(`^\s*(?:\([^)]{0,60}\)\s*)?` + perTenantRx)
	perTenantBefore = regexp.MustCompile(`\b(?:each|every) (?:tenant|person|occupier|adult)\b.{0,40}$`)
	digits          = regexp.MustCompile(`\d[\d,]*(?:\.\d{1,2})?`)
)

// namedDeposit is a deposit a sentence names: holding or tenancy, its
// amount in pence, and whether the amount is each tenant's.
type namedDeposit struct {
	holding   bool
	pence     int64
	perTenant bool
}

// depositsNamed are the deposits a sentence names with an amount.
func depositsNamed(sentence string) []namedDeposit {
	s := strings.ToLower(strings.ReplaceAll(sentence, "\u00a0", " "))
	if !strings.Contains(s, "deposit") { // both patterns name it
		return nil
	}
	var out []namedDeposit
	add := func(kind, amount string, start, end int) {
		pence, ok := pounds(amount)
		if !ok {
			return
		}
		d := namedDeposit{holding: strings.TrimSpace(kind) == "holding", pence: pence}
		d.perTenant = perTenantAfter.MatchString(s[end:]) || perTenantBefore.MatchString(s[:start])
		for _, x := range out {
			if x == d {
				return
			}
		}
		out = append(out, d)
	}
	for _, m := range depositThenAmount.FindAllStringSubmatchIndex(s, -1) {
		kind := ""
		if m[2] >= 0 {
			kind = s[m[2]:m[3]]
		}
		if fromDeposit.MatchString(s[:m[0]]) {
			continue
		}
		add(kind, s[m[4]:m[5]], m[0], m[5])
	}
	for _, m := range amountThenDeposit.FindAllStringSubmatchIndex(s, -1) {
		kind := ""
		if m[4] >= 0 {
			kind = s[m[4]:m[5]]
		}
		if notTheDeposit.MatchString(s[m[1]:]) {
			continue
		}
		// The amount's own "per tenant" is inside the match.
		add(kind, s[m[2]:m[3]], m[0], m[3])
	}
	return out
}

// pounds reads an amount of money ("£5,000.50") as pence.
func pounds(amount string) (int64, bool) {
	n := strings.ReplaceAll(digits.FindString(amount), ",", "")
	whole, frac, _ := strings.Cut(n, ".")
	p, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || len(whole) > 12 {
		return 0, false
	}
	p *= 100
	if frac != "" {
		f, _ := strconv.ParseInt((frac + "0")[:2], 10, 64)
		p += f
	}
	return p, true
}

// weeksOfRent is "1 week's" or "5 weeks'".
func weeksOfRent(n int) string {
	if n == 1 {
		return "1 week's"
	}
	return fmt.Sprintf("%d weeks'", n)
}

// depositFindings are what a term's named deposits break under the
// library's law, for the agreement's answers (its rent, tenants and
// deposit): each rule once, on the first sentence that breaks it.
func depositFindings(lib *Library, a Answers, term string) []terms.Finding {
	if lib == nil || !strings.Contains(strings.ToLower(term), "deposit") { // no sentence names one (depositsNamed)
		return nil
	}
	annual := annualRent(a.RentPence, a.RentPeriod)
	capPence, capWeeks := tenancy.DepositCapAnnual(annual)
	holdingWeeks := lib.Law.HoldingDeposit.Weeks
	holdingCap := annual * int64(holdingWeeks) / 52
	tenants := int64(max(1, len(a.Tenants)))
	seen := map[string]bool{}
	var out []terms.Finding
	add := func(rule string, r LawRule, sentence string, values ...any) {
		if seen[rule] {
			return
		}
		seen[rule] = true
		out = append(out, terms.Finding{Rule: rule, Title: r.Title, Why: fmt.Sprintf(strings.TrimSpace(r.Message), values...),
			Statute: r.Source, Source: r.URL, Phrase: strings.TrimSpace(sentence), MustChange: mustChangeRules[rule]})
	}
	for _, sentence := range terms.Sentences(term) {
		for _, d := range depositsNamed(sentence) {
			total, named := d.pence, moneyText(d.pence)
			if d.perTenant {
				total = d.pence * tenants
				if tenants > 1 {
					named = fmt.Sprintf("%s per tenant (%s in all)", moneyText(d.pence), moneyText(total))
				}
			}
			switch {
			case d.holding:
				if annual > 0 && total > holdingCap {
					add(RuleHoldingDepositCap, lib.Law.HoldingDeposit, sentence, named, moneyText(holdingCap), weeksOfRent(holdingWeeks))
				}
			case annual > 0 && total > capPence:
				add(RuleDepositCap, lib.Law.DepositInTerms, sentence, named, moneyText(capPence), weeksOfRent(capWeeks))
			case a.Deposit.Kind == DepositStandard && a.Deposit.PerTenantPence > 0:
				per, all := a.Deposit.PerTenantPence, a.Deposit.PerTenantPence*tenants
				if d.pence == per || (!d.perTenant && d.pence == all) {
					continue
				}
				agreed := moneyText(all)
				if tenants > 1 {
					agreed = fmt.Sprintf("%s per tenant (%s in all)", moneyText(per), moneyText(all))
				}
				add(RuleDepositDiffers, lib.Law.DepositDiffers, sentence, named, agreed)
			}
		}
	}
	return out
}
