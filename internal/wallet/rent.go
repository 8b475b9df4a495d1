package wallet

import (
	"cmp"
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/omnirent/omnirent/internal/session"
)

// Where a property's rent due comes from.
const (
	rentAgreement = "agreement"
	rentManual    = "manual"
	rentNone      = "none"
)

// schedule is a rent due on a series of dates.
type schedule struct {
	pence int64
	rec   recurrence
}

// rentState is a property's rent for a period, and overdue today.
type rentState struct {
	source       string
	manual       *ExpectedRent
	duePence     int64
	overduePence int64
	overdue      []OverdueRent
	next         *Due
	payments     []RentPayment   // the period's, each with what it settled
	statement    []StatementLine // every rent due before today, with what paid it
}

// MsgRentRule is how rent payments are matched to rent due, said on the page.
const MsgRentRule = "Each rent payment settles the oldest rent still owed first, so a payment meant for this month pays an earlier month that is still unpaid before it."

// RentPayment is a rent income recorded in the period and the rent due it
// settled (oldest first); AheadPence is what no due date (in the next
// year) took.
type RentPayment struct {
	TransactionID string    `json:"transactionId"`
	PropertyID    string    `json:"propertyId"`
	PropertyLabel string    `json:"propertyLabel"`
	Date          string    `json:"date"`
	Description   string    `json:"description"`
	AmountPence   int64     `json:"amountPence"`
	Settles       []Settled `json:"settles"`
	AheadPence    int64     `json:"aheadPence"`
}

// Settled is the part of one rent due date a payment paid.
type Settled struct {
	DueDate string `json:"dueDate"`
	Pence   int64  `json:"pence"`
}

// schedules are each property's rent schedules: from its agreements when
// it has any (each running from its first payment date until the next
// agreement's), else from the rent set by hand.
func (s *Service) schedules(ctx context.Context, a session.Actor) (map[string][]schedule, map[string]string, map[string]*ExpectedRent, error) {
	out := map[string][]schedule{}
	source := map[string]string{}
	manual := map[string]*ExpectedRent{}
	if s.agree != nil {
		list, err := s.agree.Rents(ctx, a)
		if err != nil {
			return nil, nil, nil, err
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].FirstPaymentDate < list[j].FirstPaymentDate })
		for _, ag := range list {
			first, ok := parseDay(ag.FirstPaymentDate)
			if !ok || ag.RentPence <= 0 || (ag.RentPeriod != Weekly && ag.RentPeriod != Monthly) {
				continue
			}
			prev := out[ag.PropertyID]
			if n := len(prev); n > 0 && prev[n-1].rec.end == 0 {
				prev[n-1].rec.end = first - 1
			}
			out[ag.PropertyID] = append(prev, schedule{pence: ag.RentPence, rec: recurrence{start: first, freq: ag.RentPeriod}})
			source[ag.PropertyID] = rentAgreement
		}
	}
	rows, err := rents(ctx, s.db.Conn(), a.UserID)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, r := range rows {
		r := r
		manual[r.PropertyID] = &r.ExpectedRent
		if source[r.PropertyID] == rentAgreement {
			continue
		}
		first, ok := parseDay(r.FirstDueDate)
		if !ok {
			continue
		}
		end, _ := parseDay(r.EndDate)
		out[r.PropertyID] = []schedule{{pence: r.RentPence, rec: recurrence{start: first, end: end, freq: r.RentPeriod}}}
		source[r.PropertyID] = rentManual
	}
	return out, source, manual, nil
}

// rentStates matches each property's rent due against the rent income
// recorded for it. Payments pay the oldest dues first; a due date before
// today that the rent recorded up to today does not cover is overdue, by
// the days since it fell due. (Due on the 1st and recorded on the 3rd: it
// was overdue on the 2nd and is paid from the 3rd.)
func (s *Service) rentStates(ctx context.Context, a session.Actor, b *book, from, to, now day) (map[string]rentState, error) {
	scheds, source, manual, err := s.schedules(ctx, a)
	if err != nil {
		return nil, err
	}
	// Rent recorded long before a property's rent first fell due (a former
	// tenant's, before the agreement) pays none of it; a month ahead of the
	// first due date is rent paid in advance.
	since := map[string]day{}
	for id, list := range scheds {
		for _, sc := range list {
			if first := addMonths(sc.rec.start, -1); since[id] == 0 || first < since[id] {
				since[id] = first
			}
		}
	}
	paid := map[string]int64{}
	type payment struct {
		t *Transaction
		d day
	}
	payments := map[string][]payment{}
	b.each(dayFrom(minYear, 1, 1), now, func(t *Transaction) bool { return t.rent }, func(t *Transaction, d day) {
		if d >= since[t.PropertyID] {
			paid[t.PropertyID] += t.AmountPence
			payments[t.PropertyID] = append(payments[t.PropertyID], payment{t, d})
		}
	})
	out := map[string]rentState{}
	for id, list := range scheds {
		st := rentState{source: source[id], manual: manual[id], overdue: []OverdueRent{}}
		label := b.labels[id]
		if label == "" {
			label = MsgDeletedProperty
		}
		type due struct {
			on    day
			pence int64
		}
		var dues []due
		for _, sc := range list {
			sc.rec.each(sc.rec.start, max(to, now), func(d day) {
				dues = append(dues, due{d, sc.pence})
			})
			// The next due date after today (the period may end today).
			sc.rec.each(now, addMonths(now, 2), func(d day) {
				if st.next == nil || d < day0(st.next.Date) {
					st.next = &Due{Date: d.String(), AmountPence: sc.pence}
				}
			})
		}
		slices.SortStableFunc(dues, func(a, b due) int { return cmp.Compare(a.on, b.on) })
		// Each payment settles the oldest rent still owed (MsgRentRule), up
		// to a year ahead (rent paid in advance); what overdue says below
		// follows from the same rule.
		alloc := slices.Clone(dues)
		for _, sc := range list {
			sc.rec.each(max(to, now)+1, addMonths(now, 12), func(d day) { alloc = append(alloc, due{d, sc.pence}) })
		}
		slices.SortStableFunc(alloc, func(a, b due) int { return cmp.Compare(a.on, b.on) })
		ps := payments[id]
		slices.SortStableFunc(ps, func(a, b payment) int {
			if a.d != b.d {
				return cmp.Compare(a.d, b.d)
			}
			if c := a.t.CreatedAt.Compare(b.t.CreatedAt); c != 0 {
				return c
			}
			return strings.Compare(a.t.ID, b.t.ID)
		})
		st.payments = []RentPayment{}
		di, left := 0, int64(0)
		if len(alloc) > 0 {
			left = alloc[0].pence
		}
		for _, p := range ps {
			rp := RentPayment{TransactionID: p.t.ID, PropertyID: id, PropertyLabel: label, Date: p.d.String(), Description: p.t.Description,
				AmountPence: p.t.AmountPence, Settles: []Settled{}}
			amount := p.t.AmountPence
			for amount > 0 && di < len(alloc) {
				take := min(amount, left)
				rp.Settles = append(rp.Settles, Settled{DueDate: alloc[di].on.String(), Pence: take})
				amount, left = amount-take, left-take
				if left == 0 {
					if di++; di < len(alloc) {
						left = alloc[di].pence
					}
				}
			}
			rp.AheadPence = amount
			if p.d >= from && p.d <= to {
				st.payments = append(st.payments, rp)
			}
		}
		var cum int64
		for _, d := range dues {
			if d.on >= from && d.on <= to {
				st.duePence += d.pence
			}
			if d.on >= now {
				continue
			}
			cum += d.pence
			owed := max(0, min(d.pence, cum-paid[id]))
			st.statement = append(st.statement, StatementLine{DueDate: d.on.String(), AmountPence: d.pence, PaidPence: d.pence - owed,
				OutstandingPence: owed})
			if cum > paid[id] {
				st.overduePence += owed
				st.overdue = append(st.overdue, OverdueRent{PropertyID: id, PropertyLabel: label, DueDate: d.on.String(),
					AmountPence: d.pence, OutstandingPence: owed, DaysOverdue: int(now - d.on)})
			}
		}
		out[id] = st
	}
	for id, m := range manual {
		if _, ok := out[id]; !ok {
			out[id] = rentState{source: rentNone, manual: m, overdue: []OverdueRent{}}
		}
	}
	return out, nil
}

func day0(s string) day {
	d, _ := parseDay(s)
	return d
}
