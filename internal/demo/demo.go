// Package demo creates the demo accounts (and the demo landlord's properties)
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

// Photos stores the demo listing's pictures (the photo package).
type Photos interface {
	Upload(ctx context.Context, o session.Actor, propertyID string, file io.Reader) (property.Photo, error)
}

// The demo landlord's properties. HomeAddress is the demo tenant's home,
// let to them: its signed agreement, the draft agreement and check-in
// report, the books, the calendar's events and certificates are all there;
// it is not listed (it is let). ListingAddress is the demo's published
// listing, with certificates of its own. DraftAddress is neither published
// nor certified (the documents area's journey starts there).
var (
	HomeAddress    = property.Address{FirstLine: "12 Lavender Hill", SecondLine: "Flat 3", Town: "London", Postcode: "SW11 5RW", Country: "United Kingdom"}
	ListingAddress = property.Address{FirstLine: "27 Acacia Road", Town: "London", Postcode: "SW8 3NX", Country: "United Kingdom"}
	DraftAddress   = property.Address{FirstLine: "5 Elsley Road", Town: "London", Postcode: "SW11 5LJ", Country: "United Kingdom"}
)

// Seed creates any demo account that does not exist yet, and gives the demo
// landlord their properties the first time (seedProperties). The accounts
// are made in parallel because each costs a deliberately slow password
// hash.
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
	return seedProperties(ctx, accounts, properties, photos, now)
}

// seedProperties makes the demo landlord's three properties, oldest first
// so that the home is the newest, first in every list: the draft, the
// listing (its details, two drawn pictures, published) and the home (its
// details; the tenancy and the rest are seeded on it afterwards).
func seedProperties(ctx context.Context, accounts *auth.Service, properties *property.Service, photos Photos, now time.Time) error {
	u, err := accounts.UserByEmail(ctx, Accounts[0].Email)
	if err != nil {
		return err
	}
	owner := u.Actor()
	if has, err := properties.HasProperties(ctx, u.ID); err != nil || has {
		return err
	}
	if _, err := properties.Create(ctx, owner, DraftAddress); err != nil {
		return err
	}
	time.Sleep(2 * time.Millisecond) // a later creation time, so the order is certain
	listing, err := properties.Create(ctx, owner, ListingAddress)
	if err != nil {
		return err
	}
	deposit, no := int64(240_000), false // five weeks of £2,100 a month is £2,423
	if _, err := properties.UpdateDetails(ctx, owner, listing.ID, property.Details{
		RentPence: 210_000, RentCycle: property.Monthly, BedroomCount: 2, BathroomCount: 1, SofasCount: 1,
		PropertyType: "House", DepositPence: &deposit, CouncilTaxBand: "D", EPCRating: "D", PetsConsidered: &no,
		FurnishStatus: "Unfurnished", MoveInDate: now.AddDate(0, 1, 0).Format(time.DateOnly),
		ShortDescription: "Two-bedroom terraced house with a small garden, a short walk from Wandsworth Road station, with a new kitchen and a bright front room.",
	}); err != nil {
		return err
	}
	if photos != nil {
		// Two drawn pictures, so the listing shows a gallery from the
		// first start; then it is published (a listing needs a photo).
		for _, palette := range []int{0, 2} {
			if _, err := photos.Upload(ctx, owner, listing.ID, bytes.NewReader(houseScene(1200, 900, palette))); err != nil {
				return err
			}
		}
		if _, err := properties.Publish(ctx, owner, listing.ID); err != nil {
			return err
		}
	}
	time.Sleep(2 * time.Millisecond)
	home, err := properties.Create(ctx, owner, HomeAddress)
	if err != nil {
		return err
	}
	homeDeposit, yes := int64(210_000), true // five weeks of £1,850 a month is £2,134
	_, err = properties.UpdateDetails(ctx, owner, home.ID, property.Details{
		RentPence: 185_000, RentCycle: property.Monthly, BedroomCount: 2, BathroomCount: 1, SofasCount: 1,
		PropertyType: "Flat", DepositPence: &homeDeposit, CouncilTaxBand: "C", EPCRating: "C", BillsIncluded: []string{"Water"}, PetsConsidered: &yes,
		FurnishStatus: "Furnished", MoveInDate: now.AddDate(0, 1, 0).Format(time.DateOnly),
		ShortDescription: "Bright two-bedroom flat a short walk from Clapham Junction, with a modern kitchen and a quiet bedroom at the back.",
	})
	return err
}
