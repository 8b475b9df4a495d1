package wallet

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

//go:embed data/categories.yaml
var categoriesYAML []byte

//go:embed data/tax.yaml
var taxYAML []byte

// Box is a line of HMRC's UK property pages (SA105) or one of the wallet's
// own groups (capital).
type Box struct {
	Key     string `yaml:"key" json:"box"`
	Section string `yaml:"section" json:"-"`
	Label   string `yaml:"label" json:"label"`
}

// Sections of the boxes.
const (
	SectionIncome      = "income"
	SectionExpense     = "expense"
	SectionFinanceCost = "financeCost"
	SectionCapital     = "capital"
)

type builtin struct {
	Name string `yaml:"name"`
	Box  string `yaml:"box"`
	Rent bool   `yaml:"rent"`
	// Apart: money that is neither income nor an expense of the business
	// (a deposit given back): listed, never in the revenue, the expenses
	// or the profit.
	Apart bool `yaml:"apart"`
}

// Rules are the data files, loaded and checked at start-up.
type Rules struct {
	Reviewed string            `yaml:"reviewed"`
	Source   string            `yaml:"source"`
	Boxes    []Box             `yaml:"boxes"`
	Income   []builtin         `yaml:"income"`
	Expense  []builtin         `yaml:"expense"`
	Loan     []builtin         `yaml:"loan"`
	Custom   map[string]string `yaml:"custom"`
	Tax      TaxRules          `yaml:"-"`
	boxes    map[string]Box
	lists    map[Kind][]builtin
}

// TaxRules are data/tax.yaml.
type TaxRules struct {
	Reviewed                 string                   `yaml:"reviewed"`
	TaxYearStart             struct{ Month, Day int } `yaml:"taxYearStart"`
	PropertyAllowancePence   int64                    `yaml:"propertyAllowancePence"`
	RentARoomPence           int64                    `yaml:"rentARoomPence"`
	FinanceCostCreditPercent int64                    `yaml:"financeCostCreditPercent"`
	VAT                      VATRate                  `yaml:"vat"`
	MTD                      []struct {
		From           string `yaml:"from"`
		BasedOnTaxYear int    `yaml:"basedOnTaxYear"`
		ThresholdPence int64  `yaml:"thresholdPence"`
	} `yaml:"mtd"`
	Quarters []struct {
		Start string `yaml:"start"`
		End   string `yaml:"end"`
		Label string `yaml:"label"`
	} `yaml:"quarters"`
}

// VATRate is the UK standard rate of VAT, the highest of its rates.
type VATRate struct {
	StandardPercent int64  `yaml:"standardPercent"`
	Source          string `yaml:"source"`
	Reviewed        string `yaml:"reviewed"`
}

func strict(raw []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	return dec.Decode(v)
}

// LoadRules reads and checks the embedded data files.
func LoadRules() (*Rules, error) {
	var r Rules
	if err := strict(categoriesYAML, &r); err != nil {
		return nil, fmt.Errorf("wallet categories: %w", err)
	}
	if err := strict(taxYAML, &r.Tax); err != nil {
		return nil, fmt.Errorf("wallet tax rules: %w", err)
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("wallet data: %w", err)
	}
	return &r, nil
}

func (r *Rules) check() error {
	if _, err := time.Parse(time.DateOnly, r.Reviewed); err != nil || !strings.HasPrefix(r.Source, "https://") {
		return fmt.Errorf("categories need a source and a review date")
	}
	r.boxes = map[string]Box{}
	sections := map[string]bool{SectionIncome: true, SectionExpense: true, SectionFinanceCost: true, SectionCapital: true}
	for _, b := range r.Boxes {
		if b.Key == "" || b.Label == "" || !sections[b.Section] {
			return fmt.Errorf("bad box %+v", b)
		}
		if _, dup := r.boxes[b.Key]; dup {
			return fmt.Errorf("box %s twice", b.Key)
		}
		r.boxes[b.Key] = b
	}
	r.lists = map[Kind][]builtin{Income: r.Income, Expense: r.Expense, Loan: r.Loan}
	allowed := map[Kind][]string{Income: {SectionIncome}, Expense: {SectionExpense, SectionFinanceCost, SectionCapital}, Loan: {SectionCapital}}
	rents := 0
	for _, k := range Kinds {
		if len(r.lists[k]) == 0 {
			return fmt.Errorf("no %s categories", k)
		}
		seen := map[string]bool{}
		for _, c := range append(r.lists[k], builtin{Name: "custom", Box: r.Custom[string(k)]}) {
			b, ok := r.boxes[c.Box]
			if !ok || !contains(allowed[k], b.Section) {
				return fmt.Errorf("%s category %q: box %q does not fit", k, c.Name, c.Box)
			}
			key := strings.ToLower(c.Name)
			if c.Name == "" || seen[key] || key == strings.ToLower(CategoryOther) || key == strings.ToLower(CategoryCreateNew) {
				return fmt.Errorf("%s category %q empty, repeated or reserved", k, c.Name)
			}
			seen[key] = true
			if c.Rent {
				if k != Income {
					return fmt.Errorf("only income pays rent")
				}
				rents++
			}
		}
	}
	if rents == 0 {
		return fmt.Errorf("no rent category")
	}
	t := r.Tax
	if _, err := time.Parse(time.DateOnly, t.Reviewed); err != nil {
		return fmt.Errorf("tax rules need a review date")
	}
	if t.TaxYearStart.Month != 4 || t.TaxYearStart.Day != 6 {
		return fmt.Errorf("the tax year starts on 6 April")
	}
	if t.PropertyAllowancePence <= 0 || t.RentARoomPence <= 0 || t.FinanceCostCreditPercent <= 0 || t.FinanceCostCreditPercent > 100 {
		return fmt.Errorf("allowances must be positive")
	}
	if _, err := time.Parse(time.DateOnly, t.VAT.Reviewed); err != nil || !strings.HasPrefix(t.VAT.Source, "https://") ||
		t.VAT.StandardPercent <= 0 || t.VAT.StandardPercent > 100 {
		return fmt.Errorf("the VAT rate needs a percent, a source and a review date")
	}
	if len(t.MTD) == 0 {
		return fmt.Errorf("no Making Tax Digital thresholds")
	}
	prev := ""
	for _, m := range t.MTD {
		if _, err := time.Parse(time.DateOnly, m.From); err != nil || m.From <= prev || m.ThresholdPence <= 0 || m.BasedOnTaxYear < minYear {
			return fmt.Errorf("bad Making Tax Digital threshold %+v", m)
		}
		prev = m.From
	}
	if len(t.Quarters) != 4 {
		return fmt.Errorf("a tax year has four quarters")
	}
	// The quarters must tile the tax year: each starts the day after the
	// previous one ends, the first on 6 April and the last ending 5 April.
	y := 2025
	start := dayFrom(y, 4, 6)
	for _, q := range t.Quarters {
		s, e, err := quarterDays(y, q.Start, q.End)
		if err != nil || s != start || e < s || q.Label == "" {
			return fmt.Errorf("quarter %s to %s does not follow on", q.Start, q.End)
		}
		start = e + 1
	}
	if start != dayFrom(y+1, 4, 6) {
		return fmt.Errorf("the quarters do not end on 5 April")
	}
	return nil
}

// maxVAT is the most VAT an amount can carry at the standard rate (the
// highest UK rate), on top of it (vat add) or inside it (vat included):
// limit is that amount to the nearest penny, for the message, and ok says
// whether vat is within it, a penny of rounding allowed.
func (t TaxRules) maxVAT(amount int64, how string, vat int64) (limit int64, ok bool) {
	p, den := t.VAT.StandardPercent, int64(100)
	if how == VATIncluded {
		den += p
	}
	// Compared as whole numbers: vat <= amount*p/den + 1 penny. Amounts are
	// at most MaxAmountPence, so nothing overflows.
	return (2*amount*p + den) / (2 * den), vat*den <= amount*p+den
}

// quarterDays places a quarter's month-days in the tax year starting in y.
func quarterDays(y int, start, end string) (day, day, error) {
	at := func(md string) (day, error) {
		t, err := time.Parse("01-02", md)
		if err != nil {
			return 0, err
		}
		yy := y
		if t.Month() < 4 || (t.Month() == 4 && t.Day() < 6) {
			yy++
		}
		return dayFrom(yy, t.Month(), t.Day()), nil
	}
	s, err := at(start)
	if err != nil {
		return 0, 0, err
	}
	e, err := at(end)
	return s, e, err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// builtinCategory finds a kind's list entry by name, ignoring case.
func (r *Rules) builtinCategory(k Kind, name string) (builtin, bool) {
	for _, c := range r.lists[k] {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return builtin{}, false
}

// boxOf is the SA105 box an entry counts in: its category's (a custom or
// unknown category the kind's default), except that an expense which is
// not tax deductible, or capital, is not allowable.
func (r *Rules) boxOf(t *Transaction) string {
	box := r.Custom[string(t.Kind)]
	if c, ok := r.builtinCategory(t.Kind, t.Category); ok {
		box = c.Box
	}
	if t.Kind == Expense && (!t.TaxDeductible || box == BoxCapital) {
		return BoxNotAllowable
	}
	return box
}

func (r *Rules) boxLabel(key string) string {
	if key == BoxNotAllowable {
		return "Not allowable (capital or not tax deductible)"
	}
	return r.boxes[key].Label
}

// isRent says whether an entry pays rent due under an agreement.
// isApart says an entry's category keeps it out of the profit (data).
func (r *Rules) isApart(t *Transaction) bool {
	c, ok := r.builtinCategory(t.Kind, t.Category)
	return ok && c.Apart
}

func (r *Rules) isRent(t *Transaction) bool {
	if t.Kind != Income {
		return false
	}
	c, ok := r.builtinCategory(Income, t.Category)
	return ok && c.Rent
}
