package wallet

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/session"
)

// Filters of the Recent Transactions menu (spec 3, "Wallet"; loan is extra).
const (
	FilterAll         = "all"
	FilterIncome      = "income"
	FilterExpense     = "expense"
	FilterLoan        = "loan"
	FilterRecoverable = "recoverable"
)

func validFilter(f string) bool {
	switch f {
	case FilterAll, FilterIncome, FilterExpense, FilterLoan, FilterRecoverable:
		return true
	}
	return false
}

func matches(filter string, t *Transaction) bool {
	switch filter {
	case FilterIncome:
		return t.Kind == Income
	case FilterExpense:
		return t.Kind == Expense
	case FilterLoan:
		return t.Kind == Loan
	case FilterRecoverable:
		return t.Kind == Expense && t.Recoverable
	}
	return true
}

// periodMonths are the overview's periods (spec 3 section 9: 1M, 3M, 1Y,
// 3Y), as true calendar periods: the spec's day counts (31, 93, 365, 1095
// days) drift across month ends and leap years, and are corrected.
var periodMonths = map[string]int{"1M": 1, "3M": 3, "1Y": 12, "3Y": 36}

// periodRange is the period ending on t: from the day after the same date
// so many months before (clamped at month ends) to t. 31 March's month is
// 1 to 31 March; 29 February 2024's year is 1 March 2023 to 29 February 2024.
func periodRange(period string, t day) (day, day, error) {
	n, ok := periodMonths[period]
	if !ok {
		return 0, 0, apperr.New(apperr.Invalid, "bad_period", MsgBadPeriod)
	}
	return addMonths(t, -n) + 1, t, nil
}

// each calls fn for every occurrence in [from, to] of the entries keep
// admits.
func (b *book) each(from, to day, keep func(*Transaction) bool, fn func(*Transaction, day)) {
	for i := range b.txs {
		t := &b.txs[i]
		if t.start > to || (keep != nil && !keep(t)) {
			continue
		}
		t.recurrence().each(from, to, func(d day) { fn(t, d) })
	}
}

// Query narrows the transactions list.
type Query struct {
	From, To   string
	Filter     string
	PropertyID string
	Category   string
	Box        string
	Limit      int
}

// Page is a list of occurrences, newest first, with the count before the limit.
type Page struct {
	Items []Occurrence `json:"items"`
	Total int          `json:"total"`
	// Money adds up every matching entry (not only this page) as the
	// overview and the tax year do: what a tax-year box's list shows in all.
	// Occurrences dated after today are scheduled: listed (marked) but
	// left out of Money, as the tax year leaves them out, and added up apart.
	Money     Money     `json:"money"`
	Scheduled Scheduled `json:"scheduled"`
}

const (
	defaultLimit = 200
	maxLimit     = 1000
	recentLimit  = 50
)

// List is the landlord's occurrences in a range (default: all up to
// today), each recurring entry once per occurrence.
func (s *Service) List(ctx context.Context, a session.Actor, q Query) (Page, error) {
	if err := landlord(a); err != nil {
		return Page{}, err
	}
	from, to, keep, err := s.query(q)
	if err != nil {
		return Page{}, err
	}
	b, err := s.book(ctx, a)
	if err != nil {
		return Page{}, err
	}
	var items []Occurrence
	var tt totals
	var sc Scheduled
	now := s.today()
	b.each(from, to, keep, func(t *Transaction, d day) {
		items = append(items, Occurrence{Date: d.String(), Transaction: t, on: d, Scheduled: d > now})
		if d > now {
			sc.add(t)
		} else {
			tt.add(t)
		}
	})
	sortNewest(items)
	limit := q.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	page := Page{Items: items, Total: len(items), Money: tt.money(), Scheduled: sc}
	if len(items) > limit {
		page.Items = items[:limit]
	}
	page.Items = b.labelled(page.Items)
	if page.Items == nil {
		page.Items = []Occurrence{}
	}
	return page, nil
}

func (s *Service) query(q Query) (day, day, func(*Transaction) bool, error) {
	from, to := dayFrom(minYear, 1, 1), s.today()
	if strings.TrimSpace(q.From) != "" {
		d, ok := parseDay(q.From)
		if !ok {
			msg := dateMessage(q.From)
			return 0, 0, nil, apperr.Fields(msg, map[string]string{"from": msg})
		}
		from = d
	}
	if strings.TrimSpace(q.To) != "" {
		d, ok := parseDay(q.To)
		if !ok {
			msg := dateMessage(q.To)
			return 0, 0, nil, apperr.Fields(msg, map[string]string{"to": msg})
		}
		to = d
	}
	// Both given and the wrong way round: said, not an empty list (the
	// end left out is today, and a start after it lists nothing yet).
	if strings.TrimSpace(q.From) != "" && strings.TrimSpace(q.To) != "" && to < from {
		return 0, 0, nil, apperr.Fields(MsgFromAfterTo, map[string]string{"to": MsgFromAfterTo})
	}
	if q.Filter == "" {
		q.Filter = FilterAll
	}
	if !validFilter(q.Filter) {
		return 0, 0, nil, apperr.New(apperr.Invalid, "bad_filter", MsgBadFilter)
	}
	keep := func(t *Transaction) bool {
		return matches(q.Filter, t) &&
			(q.PropertyID == "" || t.PropertyID == q.PropertyID) &&
			(q.Category == "" || strings.EqualFold(t.Category, q.Category)) &&
			(q.Box == "" || t.Box == q.Box)
	}
	return from, to, keep, nil
}

// Money is a period's profit.
type Money struct {
	RevenuePence  int64 `json:"revenuePence"`
	ExpensesPence int64 `json:"expensesPence"`
	ProfitPence   int64 `json:"profitPence"`
}

// OverdueRent is a due date whose rent was not recorded by then.
type OverdueRent struct {
	PropertyID       string `json:"propertyId"`
	PropertyLabel    string `json:"propertyLabel"`
	DueDate          string `json:"dueDate"`
	AmountPence      int64  `json:"amountPence"`
	OutstandingPence int64  `json:"outstandingPence"`
	DaysOverdue      int    `json:"daysOverdue"`
}

// RentSummary is rent paid and due in a period, and overdue today.
type RentSummary struct {
	PaidPence    int64         `json:"paidPence"`
	DuePence     int64         `json:"duePence"`
	OverduePence int64         `json:"overduePence"`
	Overdue      []OverdueRent `json:"overdue"`
	// Payments are the period's newest rent payments of properties with
	// rent due (at most recentLimit of PaymentsTotal), each with the due
	// dates it settled by Rule.
	Payments      []RentPayment `json:"payments"`
	PaymentsTotal int           `json:"paymentsTotal"`
	Rule          string        `json:"rule"`
}

// Month is a bar of the chart.
type Month struct {
	Month         string `json:"month"`
	IncomePence   int64  `json:"incomePence"`
	ExpensesPence int64  `json:"expensesPence"`
}

// Overview is the wallet's first page.
type Overview struct {
	Period              string       `json:"period"`
	From                string       `json:"from"`
	To                  string       `json:"to"`
	Today               string       `json:"today"`
	Profit              Money        `json:"profit"`
	FinanceCostsPence   int64        `json:"financeCostsPence"`
	VATOnIncomePence    int64        `json:"vatOnIncomePence"`
	LoansPence          int64        `json:"loansPence"`
	RecoverablePence    int64        `json:"recoverablePence"`
	UnpaidExpensesPence int64        `json:"unpaidExpensesPence"`
	Rent                RentSummary  `json:"rent"`
	Months              []Month      `json:"months"`
	Recent              []Occurrence `json:"recent"`
	RecentTotal         int          `json:"recentTotal"`
}

// totals add up occurrences. Revenue is income without VAT added; expenses
// are gross (with VAT: not reclaimable) and include finance costs; a
// loan's capital is apart, never an expense.
type totals struct {
	revenue, expenses, finance, vatIncome, loans, recoverable, unpaid, rentPaid int64
	count                                                                       int
}

func (tt *totals) add(t *Transaction) {
	tt.count++
	if t.apart {
		return // neither income nor an expense (a deposit given back)
	}
	switch t.Kind {
	case Income:
		tt.revenue += t.AmountPence
		if t.VAT == VATAdd {
			tt.vatIncome += t.VATPence
		}
		if t.rent {
			tt.rentPaid += t.AmountPence
		}
	case Expense:
		g := t.gross()
		tt.expenses += g
		if t.finance {
			tt.finance += g
		}
		if t.Recoverable {
			tt.recoverable += t.RecoverPence
		}
		if !t.Paid {
			tt.unpaid += g
		}
	case Loan:
		tt.loans += t.AmountPence
	}
}

func (tt totals) money() Money {
	return Money{RevenuePence: tt.revenue, ExpensesPence: tt.expenses, ProfitPence: tt.revenue - tt.expenses}
}

// Overview is the period's profit, rent and chart, and its recent entries
// through the filter.
func (s *Service) Overview(ctx context.Context, a session.Actor, period, filter string) (Overview, error) {
	if err := landlord(a); err != nil {
		return Overview{}, err
	}
	if period == "" {
		period = "1M"
	}
	if filter == "" {
		filter = FilterAll
	}
	if !validFilter(filter) {
		return Overview{}, apperr.New(apperr.Invalid, "bad_filter", MsgBadFilter)
	}
	now := s.today()
	from, to, err := periodRange(period, now)
	if err != nil {
		return Overview{}, err
	}
	b, err := s.book(ctx, a)
	if err != nil {
		return Overview{}, err
	}
	var tt totals
	months := monthsOf(from, to)
	recent := []Occurrence{}
	b.each(from, to, nil, func(t *Transaction, d day) {
		tt.add(t)
		m := &months[monthsBetween(from, d)]
		switch t.Kind {
		case Income:
			m.IncomePence += t.AmountPence
		case Expense:
			if !t.apart {
				m.ExpensesPence += t.gross()
			}
		}
		if matches(filter, t) {
			recent = append(recent, Occurrence{Date: d.String(), Transaction: t, on: d})
		}
	})
	sortNewest(recent)
	o := Overview{Period: period, From: from.String(), To: to.String(), Today: now.String(), Profit: tt.money(),
		FinanceCostsPence: tt.finance, VATOnIncomePence: tt.vatIncome, LoansPence: tt.loans, RecoverablePence: tt.recoverable,
		UnpaidExpensesPence: tt.unpaid, Months: months, Recent: recent, RecentTotal: len(recent)}
	if len(recent) > recentLimit {
		o.Recent = recent[:recentLimit]
	}
	o.Recent = b.labelled(o.Recent)
	rs, err := s.rentStates(ctx, a, b, from, to, now)
	if err != nil {
		return Overview{}, err
	}
	o.Rent = RentSummary{PaidPence: tt.rentPaid, Overdue: []OverdueRent{}, Payments: []RentPayment{}, Rule: MsgRentRule}
	for _, r := range rs {
		o.Rent.DuePence += r.duePence
		o.Rent.OverduePence += r.overduePence
		o.Rent.Overdue = append(o.Rent.Overdue, r.overdue...)
		o.Rent.Payments = append(o.Rent.Payments, r.payments...)
	}
	slices.SortStableFunc(o.Rent.Overdue, func(a, b OverdueRent) int { return strings.Compare(a.DueDate, b.DueDate) })
	slices.SortStableFunc(o.Rent.Payments, func(a, b RentPayment) int { return strings.Compare(b.Date, a.Date) })
	// Three years of rent can be thousands of payments: the page shows the
	// newest, as it does recent entries, and says how many there are.
	o.Rent.PaymentsTotal = len(o.Rent.Payments)
	if len(o.Rent.Payments) > recentLimit {
		o.Rent.Payments = o.Rent.Payments[:recentLimit]
	}
	return o, nil
}

func monthsOf(from, to day) []Month {
	n := monthsBetween(from, to) + 1
	out := make([]Month, n)
	y, m, _ := from.ymd()
	for i := range out {
		out[i].Month = monthDay(y, m+time.Month(i), 1).String()[:7]
	}
	return out
}

// PropertyCard is a property's card on the Properties page.
type PropertyCard struct {
	PropertyID       string        `json:"propertyId"`
	PropertyLabel    string        `json:"propertyLabel"`
	RevenuePence     int64         `json:"revenuePence"`
	ExpensesPence    int64         `json:"expensesPence"`
	ProfitPence      int64         `json:"profitPence"`
	RentPaidPence    int64         `json:"rentPaidPence"`
	RentDuePence     int64         `json:"rentDuePence"`
	RentOverduePence int64         `json:"rentOverduePence"`
	NextDue          *Due          `json:"nextDue"`
	TransactionCount int           `json:"transactionCount"`
	RentSource       string        `json:"rentSource"`
	ExpectedRent     *ExpectedRent `json:"expectedRent"`
}

// Due is a rent due date.
type Due struct {
	Date        string `json:"date"`
	AmountPence int64  `json:"amountPence"`
}

// PropertyCards is the Properties page.
type PropertyCards struct {
	Period     string         `json:"period"`
	From       string         `json:"from"`
	To         string         `json:"to"`
	Properties []PropertyCard `json:"properties"`
}

// Properties is a card per property of the landlord (and per deleted
// property that still has entries) for the period.
func (s *Service) Properties(ctx context.Context, a session.Actor, period string) (PropertyCards, error) {
	if err := landlord(a); err != nil {
		return PropertyCards{}, err
	}
	if period == "" {
		period = "1M"
	}
	now := s.today()
	from, to, err := periodRange(period, now)
	if err != nil {
		return PropertyCards{}, err
	}
	props, err := s.props.Mine(ctx, a)
	if err != nil {
		return PropertyCards{}, err
	}
	b, err := s.book(ctx, a)
	if err != nil {
		return PropertyCards{}, err
	}
	per := map[string]*totals{}
	order := []string{}
	for _, p := range props {
		per[p.ID] = &totals{}
		order = append(order, p.ID)
	}
	b.each(from, to, nil, func(t *Transaction, _ day) {
		tt := per[t.PropertyID]
		if tt == nil {
			tt = &totals{}
			per[t.PropertyID] = tt
			order = append(order, t.PropertyID)
		}
		tt.add(t)
	})
	counts := map[string]int{}
	for i := range b.txs {
		counts[b.txs[i].PropertyID]++
	}
	rs, err := s.rentStates(ctx, a, b, from, to, now)
	if err != nil {
		return PropertyCards{}, err
	}
	out := PropertyCards{Period: period, From: from.String(), To: to.String(), Properties: []PropertyCard{}}
	for _, id := range order {
		tt := per[id]
		m := tt.money()
		label := b.labels[id]
		if label == "" {
			label = MsgDeletedProperty
		}
		c := PropertyCard{PropertyID: id, PropertyLabel: label, RevenuePence: m.RevenuePence, ExpensesPence: m.ExpensesPence, ProfitPence: m.ProfitPence,
			RentPaidPence: tt.rentPaid, TransactionCount: counts[id], RentSource: rentNone}
		if r, ok := rs[id]; ok {
			c.RentDuePence, c.RentOverduePence, c.NextDue, c.RentSource, c.ExpectedRent = r.duePence, r.overduePence, r.next, r.source, r.manual
		}
		out.Properties = append(out.Properties, c)
	}
	return out, nil
}
