package affordability

import (
	"strings"
	"unicode"
)

// Category is the kind of an income source.
type Category string

const (
	Salary   Category = "salary"
	Benefits Category = "benefits"
	Pension  Category = "pension"
	Other    Category = "other"
)

// Words on a statement line that say what it is. Matching is on whole
// words of the upper-cased description.
var (
	benefitWords  = []string{"DWP", "UC", "UNIVERSAL CREDIT", "CHILD BENEFIT", "PIP", "ESA", "JSA", "CARERS ALLOWANCE", "HOUSING BENEFIT", "TAX CREDIT"}
	pensionWords  = []string{"PENSION", "ANNUITY"}
	salaryWords   = []string{"SALARY", "PAYROLL", "WAGES", "PAY"}
	gamblingWords = []string{"BET365", "PADDY POWER", "SKYBET", "SKY BET", "WILLIAM HILL", "LADBROKES", "CORAL", "BETFAIR", "BETFRED",
		"POKERSTARS", "CASINO", "BETWAY", "UNIBET", "GAMBLING"}
	// Money moved by the holder or given by family is not earned income.
	transferWords = []string{"TRANSFER FROM", "TRANSFER TO", "FROM SAVINGS", "TO SAVINGS", "REFUND"}
	// Irregular self-employed income arrives from many clients; it is one source.
	invoiceWords = []string{"INVOICE"}
)

// words normalises a description to upper-case words, dropping tokens with
// digits (card numbers, references, dates) so repeats group together.
func words(desc string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToUpper(desc), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '&' }) {
		if strings.IndexFunc(w, unicode.IsDigit) >= 0 && !hasLetterPrefix(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// hasLetterPrefix keeps brand names such as BET365 while dropping 3187 or A1B2.
func hasLetterPrefix(w string) bool {
	letters := 0
	for _, r := range w {
		if !unicode.IsLetter(r) {
			break
		}
		letters++
	}
	return letters >= 3
}

// has reports whether the word list contains phrase (one or more words) as whole words.
func has(ws []string, phrase string) bool {
	p := strings.Fields(phrase)
	for i := 0; i+len(p) <= len(ws); i++ {
		match := true
		for j := range p {
			if ws[i+j] != p[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func hasAny(ws []string, phrases []string) bool {
	for _, p := range phrases {
		if has(ws, p) {
			return true
		}
	}
	return false
}

// key groups statement lines from the same payer or payee.
func key(ws []string) string {
	if hasAny(ws, invoiceWords) {
		return "SELF-EMPLOYED INVOICES"
	}
	return strings.Join(ws, " ")
}

func categoryOf(ws []string) Category {
	switch {
	case hasAny(ws, benefitWords):
		return Benefits
	case hasAny(ws, pensionWords):
		return Pension
	case hasAny(ws, salaryWords):
		return Salary
	}
	return Other
}
