package app

import (
	"context"
	"net/url"

	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/notices"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
	"github.com/omnirent/omnirent/internal/wallet"
)

// The notices area (issue 45) reads signed agreements through the
// contracts area, and gives the wallet the rent it expects from an
// increase's date and the calendar the dates both sides see.

// noticeTenancies answers the notices area about agreements signed by
// everyone (notices.Tenancies).
type noticeTenancies struct{ contracts *contract.Service }

func noticeTenancy(r contract.Record) notices.Tenancy {
	f := contract.NoticeFactsOf(r)
	j := r.Jurisdiction
	if j == "" {
		j, _ = tenancy.JurisdictionOf(r.Property.Postcode)
	}
	t := notices.Tenancy{ID: r.ID, LandlordID: r.LandlordID, PropertyID: r.PropertyID, Jurisdiction: j, Address: f.PropertyAddress,
		LandlordName: f.LandlordName, ServiceAddress: f.ServiceAddress, StartDate: r.Answers.StartDate,
		FirstPaymentDate: r.Answers.FirstPaymentDate, RentPence: r.Answers.RentPence, RentPeriod: r.Answers.RentPeriod, Bills: f.Bills,
		Link: "/contract-builder?view=completed&id=" + url.QueryEscape(r.ID)}
	for _, p := range f.Tenants {
		t.Tenants = append(t.Tenants, notices.Person{Name: p.Name, Email: p.Email})
	}
	return t
}

func (n noticeTenancies) OfLandlord(ctx context.Context, landlordID string) ([]notices.Tenancy, error) {
	list, err := n.contracts.Tenancies(ctx, landlordID)
	if err != nil {
		return nil, err
	}
	out := []notices.Tenancy{}
	for _, r := range list {
		if signedAgreement(r.Contract) && r.LandlordID == landlordID {
			out = append(out, noticeTenancy(r))
		}
	}
	return out, nil
}

func (n noticeTenancies) OfTenant(ctx context.Context, email string) ([]notices.Tenancy, error) {
	list, err := n.contracts.SignedFor(ctx, email)
	if err != nil {
		return nil, err
	}
	out := make([]notices.Tenancy, 0, len(list))
	for _, r := range list {
		out = append(out, noticeTenancy(r))
	}
	return out, nil
}

// firstRentDay is the tenancy's first rent day on or after a day: a new
// rent is expected from it, never before.
func firstRentDay(t notices.Tenancy, on string) string {
	return contract.NextRentDay(t.FirstPaymentDate, t.RentPeriod, on)
}

// rentChanges are the agreements' rents for the wallet with each served
// increase after them: the wallet runs each from its first rent day until
// the next one's (walletAgreements).
func rentChanges(ctx context.Context, n *notices.Service, a session.Actor) ([]wallet.Agreement, error) {
	if n == nil || !a.IsLandlord() {
		return nil, nil
	}
	list, err := n.RentChanges(ctx, a.UserID, firstRentDay)
	out := make([]wallet.Agreement, 0, len(list))
	for _, c := range list {
		out = append(out, wallet.Agreement{PropertyID: c.PropertyID, RentPence: c.Pence, RentPeriod: c.Period, FirstPaymentDate: c.From})
	}
	return out, err
}

// noticeDates gives the calendar the notices' dates (calendar.Dated).
type noticeDates struct{ notices *notices.Service }

func (d noticeDates) Dates(ctx context.Context, userID string) ([]calendar.DatedItem, error) {
	list, err := d.notices.Dates(ctx, userID)
	out := make([]calendar.DatedItem, 0, len(list))
	for _, x := range list {
		out = append(out, calendar.DatedItem{Key: x.Key, Day: x.Day, Category: "Tenancy", Title: x.Title, Description: x.Description,
			PropertyID: x.PropertyID, Address: x.Address, Link: x.Link})
	}
	return out, err
}
