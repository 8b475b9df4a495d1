package demo

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
)

// SeedReport gives the demo landlord a draft check-in report for the demo
// home (a kitchen with its oven, a bedroom, a gas meter, the demo
// tenant and the landlord), made through the service as a user would, so
// the inventory area has something to open from the first start.
func SeedReport(ctx context.Context, accounts *auth.Service, properties *property.Service, reports *inventory.Service, now time.Time) error {
	owner, propertyID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		existing, err := reports.List(ctx, owner, inventory.ViewDraft, "")
		return len(existing) > 0, err
	})
	if err != nil || propertyID == "" {
		return err
	}
	rec, err := reports.Create(ctx, owner, inventory.NewInput{PropertyID: propertyID, Type: inventory.TypeCheckIn})
	if err != nil {
		return err
	}
	d := rec.Data
	d.Settings = inventory.Settings{Inspector: inventory.Inspector{First: "Lara", Last: "Landlord", Email: Accounts[0].Email}, Saved: true}
	d.Overview = inventory.Condition{Rating: "Fine", Description: "A well-kept two-bedroom flat, cleaned before check-in."}
	d.Inside = []inventory.Room{
		{Name: "Kitchen", Tag: "Kitchen", Done: true, Overview: inventory.Condition{Rating: "Fine", Description: "Clean throughout."},
			Items: []inventory.RoomItem{{Name: "Oven", Tag: "Oven", Completed: true, Notes: "Racks and glass door clean.",
				Description:      map[string][]string{"Brand": {"Belling"}},
				DisputeAvoidance: map[string][]string{"Cleanliness": {"Good"}, "PAT tested": {"Yes"}}}}},
		{Name: "Bedroom", Tag: "Bedroom", Overview: inventory.Condition{Rating: "Marked", Description: "Scuff by the door frame."}},
	}
	d.Meters = []inventory.Meter{{Kind: "Gas", Location: "Cupboard under the stairs", Reading: "04512", Done: true}}
	d.Tenants = []inventory.Tenant{{ID: "demo-tenant", First: "Tom", Last: "Tenant", Email: Accounts[1].Email,
		MoveIn: now.AddDate(0, 1, 0).Format(time.DateOnly), MoveOut: now.AddDate(1, 1, 0).Format(time.DateOnly)}}
	d.Landlord = inventory.Landlord{FullName: "Lara Landlord", Email: Accounts[0].Email}
	_, err = reports.Save(ctx, owner, rec.ID, inventory.SaveInput{Revision: rec.Revision, Data: d})
	return err
}

// landlordsProperty is the demo landlord and their home let to the demo
// tenant (HomeAddress), or no property when there is none or seeded
// already says the area has its demo record (seeding twice adds nothing).
func landlordsProperty(ctx context.Context, accounts *auth.Service, properties *property.Service,
	seeded func(owner session.Actor) (bool, error)) (session.Actor, string, error) {
	u, err := accounts.UserByEmail(ctx, Accounts[0].Email)
	if err != nil {
		return session.Actor{}, "", err
	}
	owner := u.Actor()
	if done, err := seeded(owner); err != nil || done {
		return owner, "", err
	}
	props, err := properties.List(ctx, owner)
	if err != nil {
		return owner, "", err
	}
	return owner, propertyAt(props, HomeAddress), nil
}

// propertyAt is the id of the property of props at the address a (by its
// first line), or "".
func propertyAt(props []property.Property, a property.Address) string {
	for _, p := range props {
		if p.Address.FirstLine == a.FirstLine {
			return p.ID
		}
	}
	return ""
}
