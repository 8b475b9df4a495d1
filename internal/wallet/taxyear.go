package wallet

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// CategoryTotal is a category's total in a box.
type CategoryTotal struct {
	Category   string `json:"category"`
	TotalPence int64  `json:"totalPence"`
	Count      int    `json:"count"`
}

// BoxTotal is a box of SA105 (or a group of the wallet's) with its categories.
type BoxTotal struct {
	Box        string          `json:"box"`
	Label      string          `json:"label"`
	TotalPence int64           `json:"totalPence"`
	Categories []CategoryTotal `json:"categories"`
}

// FinanceCosts are the residential finance costs, apart: a tax credit.
type FinanceCosts struct {
	BoxTotal
	TaxCreditPence int64 `json:"taxCreditPence"`
}

// Allowances are the thresholds noted on the page.
type Allowances struct {
	PropertyAllowancePence int64    `json:"propertyAllowancePence"`
	RentARoomPence         int64    `json:"rentARoomPence"`
	Notes                  []string `json:"notes"`
}

// MTD is whether Making Tax Digital for Income Tax applies.
type MTD struct {
	ThresholdPence        int64  `json:"thresholdPence"`
	AppliesFrom           string `json:"appliesFrom"`
	QualifyingIncomePence int64  `json:"qualifyingIncomePence"`
	Crosses               bool   `json:"crosses"`
	Message               string `json:"message"`
}

// Quarter is a Making Tax Digital quarterly period's totals.
type Quarter struct {
	Label         string `json:"label"`
	Start         string `json:"start"`
	End           string `json:"end"`
	IncomePence   int64  `json:"incomePence"`
	ExpensesPence int64  `json:"expensesPence"`
}

// Scheduled is what a period holds dated after today: entries to come, not
// yet paid or received, counted nowhere until their date has come.
type Scheduled struct {
	IncomePence   int64 `json:"incomePence"`
	ExpensesPence int64 `json:"expensesPence"`
	Count         int   `json:"count"`
}

// TaxYear is a tax year's summary in the boxes of SA105.
type TaxYear struct {
	Year               int          `json:"year"`
	Label              string       `json:"label"`
	Start              string       `json:"start"`
	End                string       `json:"end"`
	PropertyID         string       `json:"propertyId"`
	Income             []BoxTotal   `json:"income"`
	IncomeTotalPence   int64        `json:"incomeTotalPence"`
	Expenses           []BoxTotal   `json:"expenses"`
	ExpensesTotalPence int64        `json:"expensesTotalPence"`
	FinanceCosts       FinanceCosts `json:"financeCosts"`
	NotAllowable       BoxTotal     `json:"notAllowable"`
	LoansPence         int64        `json:"loansPence"`
	ProfitPence        int64        `json:"profitPence"`
	VATOnIncomePence   int64        `json:"vatOnIncomePence"`
	Allowances         Allowances   `json:"allowances"`
	MTD                MTD          `json:"mtd"`
	Quarters           []Quarter    `json:"quarters"`
	Years              []int        `json:"years"`
	// CountedTo is the last day counted: the year's end, or today while
	// the year runs; what is dated after it is Scheduled.
	CountedTo string    `json:"countedTo"`
	Scheduled Scheduled `json:"scheduled"`
}

// taxYearOf is the tax year (named by the year it starts in) d falls in.
func taxYearOf(d day) int {
	y, m, dd := d.ymd()
	if m < time.April || (m == time.April && dd < 6) {
		return y - 1
	}
	return y
}

// taxYearRange is 6 April of y to 5 April of y+1.
func taxYearRange(y int) (day, day) { return dayFrom(y, time.April, 6), dayFrom(y+1, time.April, 5) }

func taxYearLabel(y int) string { return fmt.Sprintf("%d-%02d", y, (y+1)%100) }

// TaxYear is the summary of the tax year starting in year (0: the current
// one), for the landlord or one of their properties.
func (s *Service) TaxYear(ctx context.Context, a session.Actor, year int, propertyID string) (TaxYear, error) {
	if err := landlord(a); err != nil {
		return TaxYear{}, err
	}
	now := s.today()
	if year == 0 {
		year = taxYearOf(now)
	}
	if year < minYear || year >= maxYear {
		return TaxYear{}, apperr.New(apperr.Invalid, "bad_year", MsgBadYear)
	}
	if propertyID != "" {
		if _, err := s.props.Owned(ctx, a, propertyID); err != nil {
			return TaxYear{}, err
		}
	}
	b, err := s.book(ctx, a)
	if err != nil {
		return TaxYear{}, err
	}
	return s.taxYear(b, year, propertyID, now), nil
}

func (s *Service) taxYear(b *book, year int, propertyID string, now day) TaxYear {
	from, to := taxYearRange(year)
	ty := TaxYear{Year: year, Label: taxYearLabel(year), Start: from.String(), End: to.String(), PropertyID: propertyID}
	groups := map[string]*BoxTotal{}
	cats := map[string]map[string]int{} // box -> category -> index
	var incomeBoxes, expenseBoxes []*BoxTotal
	for _, bx := range s.rules.Boxes {
		g := &BoxTotal{Box: bx.Key, Label: bx.Label, Categories: []CategoryTotal{}}
		groups[bx.Key] = g
		cats[bx.Key] = map[string]int{}
		switch bx.Section {
		case SectionIncome:
			incomeBoxes = append(incomeBoxes, g)
		case SectionExpense:
			expenseBoxes = append(expenseBoxes, g)
		}
	}
	ty.NotAllowable = BoxTotal{Box: BoxNotAllowable, Label: s.rules.boxLabel(BoxNotAllowable), Categories: []CategoryTotal{}}
	groups[BoxNotAllowable] = &ty.NotAllowable
	cats[BoxNotAllowable] = map[string]int{}
	quarters := make([]Quarter, len(s.rules.Tax.Quarters))
	qdays := make([][2]day, len(quarters))
	for i, q := range s.rules.Tax.Quarters {
		qs, qe, _ := quarterDays(year, q.Start, q.End)
		quarters[i] = Quarter{Label: q.Label, Start: qs.String(), End: qe.String()}
		qdays[i] = [2]day{qs, qe}
	}
	years := map[int]bool{taxYearOf(now): true, year: true}
	for i := range b.txs {
		years[taxYearOf(b.txs[i].start)] = true
	}
	keep := func(t *Transaction) bool { return propertyID == "" || t.PropertyID == propertyID }
	ty.CountedTo = min(to, max(now, from-1)).String()
	b.each(from, to, keep, func(t *Transaction, d day) {
		if d > now { // scheduled: counts once its date has come
			ty.Scheduled.add(t)
			return
		}
		if t.Kind == Loan {
			ty.LoansPence += t.AmountPence
			return
		}
		amount := t.AmountPence
		if t.Kind == Expense {
			amount = t.gross()
		} else if t.VAT == VATAdd {
			ty.VATOnIncomePence += t.VATPence
		}
		g := groups[t.Box]
		if g == nil {
			return
		}
		g.TotalPence += amount
		idx, ok := cats[t.Box][t.Category]
		if !ok {
			idx = len(g.Categories)
			cats[t.Box][t.Category] = idx
			g.Categories = append(g.Categories, CategoryTotal{Category: t.Category})
		}
		g.Categories[idx].TotalPence += amount
		g.Categories[idx].Count++
		section := s.rules.boxes[t.Box].Section
		for qi := range quarters {
			if d >= qdays[qi][0] && d <= qdays[qi][1] {
				switch {
				case t.Kind == Income:
					quarters[qi].IncomePence += amount
				case section == SectionExpense:
					quarters[qi].ExpensesPence += amount
				}
			}
		}
	})
	for _, g := range incomeBoxes {
		ty.Income = append(ty.Income, *g)
		ty.IncomeTotalPence += g.TotalPence
	}
	for _, g := range expenseBoxes {
		ty.Expenses = append(ty.Expenses, *g)
		ty.ExpensesTotalPence += g.TotalPence
	}
	ty.FinanceCosts = FinanceCosts{BoxTotal: *groups[financeBox]}
	ty.FinanceCosts.TaxCreditPence = ty.FinanceCosts.TotalPence * s.rules.Tax.FinanceCostCreditPercent / 100
	ty.ProfitPence = ty.IncomeTotalPence - ty.ExpensesTotalPence
	ty.Quarters = quarters
	for y := range years {
		ty.Years = append(ty.Years, y)
	}
	slices.Sort(ty.Years)
	ty.Allowances = s.allowances(ty)
	ty.MTD = s.mtd(year, ty.IncomeTotalPence)
	return ty
}

// add counts an occurrence to come (income without VAT added, expenses
// gross, as everywhere; a loan's capital is neither).
func (sc *Scheduled) add(t *Transaction) {
	if t.apart {
		sc.Count++
		return
	}
	switch t.Kind {
	case Income:
		sc.IncomePence += t.AmountPence
	case Expense:
		sc.ExpensesPence += t.gross()
	}
	sc.Count++
}

func (s *Service) allowances(ty TaxYear) Allowances {
	t := s.rules.Tax
	al := Allowances{PropertyAllowancePence: t.PropertyAllowancePence, RentARoomPence: t.RentARoomPence}
	if ty.IncomeTotalPence <= t.PropertyAllowancePence {
		al.Notes = append(al.Notes, fmt.Sprintf("Your recorded property income (%s) is within the %s property allowance: you may not need to declare it.",
			money.Format(ty.IncomeTotalPence), money.Format(t.PropertyAllowancePence)))
	} else if ty.ExpensesTotalPence < t.PropertyAllowancePence {
		al.Notes = append(al.Notes, fmt.Sprintf("Your allowable expenses (%s) are less than the %s property allowance: you may deduct the allowance instead of your expenses (not both).",
			money.Format(ty.ExpensesTotalPence), money.Format(t.PropertyAllowancePence)))
	} else {
		al.Notes = append(al.Notes, fmt.Sprintf("You may deduct the %s property allowance instead of your expenses; your allowable expenses (%s) are more, so deducting them gives the lower profit.",
			money.Format(t.PropertyAllowancePence), money.Format(ty.ExpensesTotalPence)))
	}
	al.Notes = append(al.Notes, fmt.Sprintf("If you let furnished rooms in your own home, the Rent a Room Scheme makes up to %s a year tax-free (half if the income is shared); this summary assumes whole properties let out.",
		money.Format(t.RentARoomPence)))
	if ty.FinanceCosts.TotalPence > 0 {
		al.Notes = append(al.Notes, fmt.Sprintf("Residential finance costs (%s) are not deducted from your profit: they give a tax credit of %d%% (%s).",
			money.Format(ty.FinanceCosts.TotalPence), t.FinanceCostCreditPercent, money.Format(ty.FinanceCosts.TaxCreditPence)))
	}
	return al
}

// mtd judges the tax year's income against the threshold it decides
// (years before 2024-25 decide nothing): 2024-25's income decides 6 April 2026, 2025-26's 6 April 2027, 2026-27's
// 6 April 2028 (data/tax.yaml); later years are judged on the latest
// threshold, two years on, and the message says so.
func (s *Service) mtd(year int, income int64) MTD {
	list := s.rules.Tax.MTD
	th := list[0]
	for _, m := range list {
		if m.BasedOnTaxYear <= year {
			th = m
		}
	}
	if year < th.BasedOnTaxYear {
		// Before the first year that decides it: this year's income decides nothing.
		return MTD{ThresholdPence: th.ThresholdPence, AppliesFrom: th.From, QualifyingIncomePence: income,
			Message: fmt.Sprintf("Making Tax Digital for Income Tax starts on %s for property income over %s in %s; the income of %s does not decide it.",
				dayLong(day0(th.From)), money.Format(th.ThresholdPence), taxYearLabel(th.BasedOnTaxYear), taxYearLabel(year))}
	}
	from := th.From
	if year > th.BasedOnTaxYear {
		from = dayFrom(year+2, time.April, 6).String()
	}
	out := MTD{ThresholdPence: th.ThresholdPence, AppliesFrom: from, QualifyingIncomePence: income, Crosses: income > th.ThresholdPence}
	when := dayLong(day0(from))
	if year > th.BasedOnTaxYear {
		when += " (no threshold is announced for that date yet: the latest one is used)"
	}
	if out.Crosses {
		out.Message = fmt.Sprintf("Your recorded property income for %s (%s) is over %s: Making Tax Digital for Income Tax applies to you from %s, with quarterly updates.",
			taxYearLabel(year), money.Format(income), money.Format(th.ThresholdPence), when)
	} else {
		out.Message = fmt.Sprintf("Your recorded property income for %s (%s) is not over %s, the threshold for Making Tax Digital for Income Tax from %s (self-employment income counts too).",
			taxYearLabel(year), money.Format(income), money.Format(th.ThresholdPence), when)
	}
	return out
}

func dayLong(d day) string { return d.time().Format("2 January 2006") }
