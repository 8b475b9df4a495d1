package demo

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
)

// SeedContract gives the demo landlord a finished draft agreement for the
// demo property, with the demo tenant as its tenant, so the contract
// builder has something to preview from the first start. It goes through
// the wizard's own steps, so the demo obeys the same rules as a user.
func SeedContract(ctx context.Context, accounts *auth.Service, properties *property.Service, contracts *contract.Service, now time.Time) error {
	owner, propertyID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		existing, err := contracts.List(ctx, owner, contract.ViewAll)
		return len(existing) > 0, err
	})
	if err != nil || propertyID == "" {
		return err
	}
	rec, err := contracts.Create(ctx, owner, propertyID)
	if err != nil {
		return err
	}
	start := now.AddDate(0, 1, 0).Format(time.DateOnly)
	a := contract.Answers{
		Landlord:         contract.LandlordName{First: "Lara", Last: "Landlord"},
		ServiceAddress:   contract.Address{Line1: "4 Battersea Rise", Town: "London", Postcode: "SW11 1ED", Country: "United Kingdom"},
		Jurisdiction:     "England",
		ContractType:     "whole",
		StartDate:        start,
		Tenants:          []contract.Person{{First: "Tom", Last: "Tenant", Email: Accounts[1].Email}},
		Guarantor:        contract.Guarantor{Answer: contract.No},
		Occupiers:        contract.Occupiers{Answer: contract.No},
		RentPence:        185_000,
		RentPeriod:       "monthly",
		FirstPaymentDate: start,
		Deposit:          contract.Deposit{Kind: contract.DepositStandard, PerTenantPence: 200_000, Scheme: "Deposit Protection Service"},
		Utilities:        contract.Utilities{Answer: contract.Yes, Items: []string{"Water"}},
		ScheduleDate:     start,
		Shared:           contract.Shared{Answer: contract.No},
		Parking:          contract.Parking{Answer: contract.No},
		AdditionalTerms:  contract.Additional{Answer: contract.No},
		Mortgage:         contract.No,
	}
	for _, st := range contract.Steps(a) {
		if st == contract.StepFinished {
			break
		}
		if _, err := contracts.SaveStep(ctx, owner, rec.ID, contract.StepInput{Step: st, Answers: a}); err != nil {
			return err
		}
	}
	return nil
}
