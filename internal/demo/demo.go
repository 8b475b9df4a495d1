// Package demo creates the demo accounts (and the demo landlord's property)
// that `make run` prints, so a newcomer can sign in and look around at once.
// Development mode only.
package demo

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
)

// Accounts are the demo logins. The passwords are public on purpose: they
// exist only on development machines.
var Accounts = []auth.NewAccount{
	{Email: "landlord@demo.omnirent.co.uk", FullName: "Lara Landlord", Password: "DemoLandlord1!", UserType: auth.Landlord, Role: auth.RoleUser},
	{Email: "tenant@demo.omnirent.co.uk", FullName: "Tom Tenant", Password: "DemoTenant1!", UserType: auth.Tenant, Role: auth.RoleUser},
	{Email: "admin@demo.omnirent.co.uk", FullName: "Ada Admin", Password: "DemoAdmin1!", UserType: auth.Landlord, Role: auth.RoleAdmin},
}

// Seed creates any demo account that does not exist yet, and gives the demo
// landlord a published property the first time. The accounts are made in
// parallel because each costs a deliberately slow password hash.
// Photos stores the demo property's pictures (the photo package).
type Photos interface {
	Upload(ctx context.Context, o session.Actor, propertyID string, file io.Reader) (property.Photo, error)
}

// SecondAddress is the demo landlord's second property: active, not
// published, with no certificates.
var SecondAddress = property.Address{FirstLine: "27 Acacia Road", Town: "London", Postcode: "SW8 3NX", Country: "United Kingdom"}

func Seed(ctx context.Context, accounts *auth.Service, properties *property.Service, photos Photos, now time.Time) error {
	var wg sync.WaitGroup
	errs := make([]error, len(Accounts))
	for i, a := range Accounts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = accounts.EnsureAccount(ctx, a)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return seedProperty(ctx, accounts, properties, photos, now)
}

func seedProperty(ctx context.Context, accounts *auth.Service, properties *property.Service, photos Photos, now time.Time) error {
	u, err := accounts.UserByEmail(ctx, Accounts[0].Email)
	if err != nil {
		return err
	}
	owner := u.Actor()
	if has, err := properties.HasProperties(ctx, u.ID); err != nil || has {
		return err
	}
	// A second property, not yet published and without certificates (the
	// documents area's journey starts there), made first so that the
	// published one stays the newest, first in every list.
	if _, err := properties.Create(ctx, owner, SecondAddress); err != nil {
		return err
	}
	time.Sleep(2 * time.Millisecond) // a later creation time, so the order is certain
	p, err := properties.Create(ctx, owner, property.Address{
		FirstLine: "12 Lavender Hill", SecondLine: "Flat 3", Town: "London", Postcode: "SW11 5RW", Country: "United Kingdom",
	})
	if err != nil {
		return err
	}
	demoDeposit, yes := int64(210_000), true // five weeks of £1,850 a month is £2,134
	_, err = properties.UpdateDetails(ctx, owner, p.ID, property.Details{
		RentPence: 185_000, RentCycle: property.Monthly, BedroomCount: 2, BathroomCount: 1, SofasCount: 1,
		PropertyType: "Flat", DepositPence: &demoDeposit, CouncilTaxBand: "C", EPCRating: "C", BillsIncluded: []string{"Water"}, PetsConsidered: &yes,
		FurnishStatus: "Furnished", MoveInDate: now.AddDate(0, 1, 0).Format(time.DateOnly),
		ShortDescription: "Bright two-bedroom flat a short walk from Clapham Junction, with a modern kitchen and a quiet bedroom at the back.",
	})
	if err != nil || photos == nil {
		return err
	}
	// Two drawn pictures, so the listing shows a gallery from the first
	// start; then it is published (a listing needs a photo).
	for _, palette := range []int{0, 2} {
		if _, err := photos.Upload(ctx, owner, p.ID, bytes.NewReader(houseScene(1200, 900, palette))); err != nil {
			return err
		}
	}
	_, err = properties.Publish(ctx, owner, p.ID)
	return err
}
