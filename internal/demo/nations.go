package demo

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/property"
)

// NationAddresses are the demo landlord's properties in Scotland, Wales and
// Northern Ireland (issue 46), each with a draft agreement that follows its
// nation's rules.
var NationAddresses = []property.Address{
	{FirstLine: "9 Marchmont Road", Town: "Edinburgh", Postcode: "EH9 1HY", Country: "United Kingdom"},
	{FirstLine: "14 Cathedral Road", Town: "Cardiff", Postcode: "CF11 9LJ", Country: "United Kingdom"},
	{FirstLine: "22 Malone Avenue", Town: "Belfast", Postcode: "BT9 6EN", Country: "United Kingdom"},
}

// nationDetails are the demo's required details, by nation (made-up numbers
// in each register's form).
var nationDetails = map[string]map[string]string{
	"Edinburgh": {"landlordRegistration": "123456/230/12345"},
	"Cardiff":   {"rentSmartRegistration": "RSW-123456", "rentSmartLicence": "LL-654321"},
	"Belfast":   {"landlordRegistration": "NILRS-1234567", "ratesPayer": "tenant", "ratesAmount": "1180.00", "capitalValue": "145000"},
}

var nationSchemes = map[string]string{"Edinburgh": "SafeDeposits Scotland", "Cardiff": "Tenancy Deposit Scheme", "Belfast": "TDS Northern Ireland"}

// SeedNations gives the demo landlord a property in Edinburgh, Cardiff and
// Belfast, each with a draft agreement answered through the nation's own
// checks, so the landlord can open one for every nation. The properties and
// drafts are dated just before the landlord's first property (clk pinned),
// so the demo home stays first in every list. Seeding twice adds nothing.
func SeedNations(ctx context.Context, accounts *auth.Service, properties *property.Service, contracts *contract.Service, clk *clock.Pinnable) error {
	u, err := accounts.UserByEmail(ctx, Accounts[0].Email)
	if err != nil {
		return err
	}
	owner := u.Actor()
	props, err := properties.List(ctx, owner)
	if err != nil || len(props) == 0 || propertyAt(props, NationAddresses[0]) != "" {
		return err
	}
	now := clk.Now()
	oldest := now
	for _, p := range props {
		if p.CreatedAt.Before(oldest) {
			oldest = p.CreatedAt
		}
	}
	defer clk.Unpin()
	start := now.AddDate(0, 1, 0).Format(time.DateOnly)
	for i, addr := range NationAddresses {
		clk.Pin(oldest.Add(time.Duration(i-len(NationAddresses)) * time.Minute))
		p, err := properties.Create(ctx, owner, addr)
		if err != nil {
			return err
		}
		rec, err := contracts.Create(ctx, owner, p.ID)
		if err != nil {
			return err
		}
		a := rec.Answers
		a.Landlord = contract.LandlordName{First: "Lara", Last: "Landlord"}
		a.ServiceAddress = contract.Address{Line1: "4 Battersea Rise", Town: "London", Postcode: "SW11 1ED", Country: "United Kingdom"}
		a.Tenants = []contract.Person{{First: "Isla", Last: "Tenant", Email: "isla.tenant@example.com"}}
		a.Nation = &contract.NationAnswers{Details: nationDetails[addr.Town], StartDate: start, RentPence: 120_000, RentPeriod: "monthly",
			DepositPence: 120_000, Scheme: nationSchemes[addr.Town]}
		if _, err := contracts.SaveNation(ctx, owner, rec.ID, a); err != nil {
			return err
		}
	}
	return nil
}
