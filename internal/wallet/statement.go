package wallet

import (
	"context"

	"github.com/omnirent/omnirent/internal/session"
)

// A property's rent statement for another area (issue 45: rent arrears at
// the end of a tenancy come from it, never typed): each rent due up to
// today under the landlord's agreements, what the rent recorded paid of it
// (MsgRentRule: oldest first) and what is still owed.

// StatementLine is one rent due date of a statement.
type StatementLine struct {
	DueDate          string `json:"dueDate"`
	AmountPence      int64  `json:"amountPence"`
	PaidPence        int64  `json:"paidPence"`
	OutstandingPence int64  `json:"outstandingPence"`
}

// RentStatement is a property's rent due up to a day and what is owed.
type RentStatement struct {
	PropertyID string          `json:"propertyId"`
	Lines      []StatementLine `json:"lines"`
	OwedPence  int64           `json:"owedPence"`
}

// RentStatement is the landlord's rent statement of a property: the rent
// due up to today (today's included) and on or before until (YYYY-MM-DD; "" for no end),
// each due date with what paid it, and the total still owed. Payments
// recorded up to today count, so rent paid late after the end still pays
// what was owed.
func (s *Service) RentStatement(ctx context.Context, landlordID, propertyID, until string) (RentStatement, error) {
	a := session.Actor{UserID: landlordID, UserType: session.Landlord}
	out := RentStatement{PropertyID: propertyID, Lines: []StatementLine{}}
	b, err := s.book(ctx, a)
	if err != nil {
		return out, err
	}
	// Rent due today is owed today: the statement reads the books as they
	// are at the end of today.
	now := s.today() + 1
	rs, err := s.rentStates(ctx, a, b, now, now, now)
	if err != nil {
		return out, err
	}
	end, hasEnd := parseDay(until)
	for _, l := range rs[propertyID].statement {
		if hasEnd && day0(l.DueDate) > end {
			continue
		}
		out.Lines = append(out.Lines, l)
		out.OwedPence += l.OutstandingPence
	}
	return out, nil
}
