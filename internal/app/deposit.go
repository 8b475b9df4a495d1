package app

import (
	"context"

	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/deposit"
)

// The deposit area (issue 45, "The deposit back") reads signed agreements
// through the contracts area, as the notices area does.

// depositTenancies answers the deposit area about agreements signed by
// everyone (deposit.Tenancies).
type depositTenancies struct{ contracts *contract.Service }

func depositTenancy(r contract.Record) deposit.Tenancy {
	n := noticeTenancy(r)
	t := deposit.Tenancy{ID: n.ID, LandlordID: n.LandlordID, Jurisdiction: n.Jurisdiction, Address: n.Address,
		DepositReceived: r.DepositReceived, Link: n.Link}
	if r.Answers.Deposit.Kind == contract.DepositStandard {
		t.DepositPence = r.Answers.Deposit.PerTenantPence * int64(max(1, len(r.Answers.Tenants)))
	}
	for _, p := range n.Tenants {
		t.Tenants = append(t.Tenants, deposit.Person{Name: p.Name, Email: p.Email})
	}
	return t
}

func (d depositTenancies) OfLandlord(ctx context.Context, landlordID string) ([]deposit.Tenancy, error) {
	list, err := d.contracts.Tenancies(ctx, landlordID)
	if err != nil {
		return nil, err
	}
	out := []deposit.Tenancy{}
	for _, r := range list {
		if signedAgreement(r.Contract) && r.LandlordID == landlordID {
			out = append(out, depositTenancy(r))
		}
	}
	return out, nil
}

func (d depositTenancies) OfTenant(ctx context.Context, email string) ([]deposit.Tenancy, error) {
	list, err := d.contracts.SignedFor(ctx, email)
	if err != nil {
		return nil, err
	}
	out := make([]deposit.Tenancy, 0, len(list))
	for _, r := range list {
		out = append(out, depositTenancy(r))
	}
	return out, nil
}
