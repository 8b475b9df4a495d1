package app

import (
	"context"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/promo"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/refcheck"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

// accountDirectory lets other areas (properties, reference checks) reach
// account holders through the accounts service, never through its tables.
type accountDirectory struct{ auth *auth.Service }

func (d accountDirectory) Person(ctx context.Context, id string) (property.Person, error) {
	u, err := d.auth.UserByID(ctx, id)
	if err != nil {
		return property.Person{}, err
	}
	return property.Person{ID: u.ID, Email: u.Email, FullName: u.FullName}, nil
}

// Email is a user's e-mail address (refcheck.Accounts).
func (d accountDirectory) Email(ctx context.Context, id string) (string, error) {
	u, err := d.auth.UserByID(ctx, id)
	return u.Email, err
}

// promoCodes lets payment check a code with the promo area's rules
// (payment.Codes), in payment's own terms.
type promoCodes struct{ promo *promo.Service }

func (p promoCodes) Check(ctx context.Context, code string) (payment.CodeCheck, error) {
	c, err := p.promo.Check(ctx, code)
	return payment.CodeCheck{Code: c.Code, IsValid: c.IsValid, Message: c.Message, Discount: c.Discount}, err
}

// propertyPlaces answers reference checks about properties (refcheck.Properties)
// in refcheck's own terms.
type propertyPlaces struct{ properties *property.Service }

func (p propertyPlaces) Owns(ctx context.Context, landlordID, propertyID string) error {
	_, err := p.properties.Get(ctx, session.Actor{UserID: landlordID, UserType: session.Landlord}, propertyID)
	return err
}

func (p propertyPlaces) Addresses(ctx context.Context, ids []string) (map[string]refcheck.Place, error) {
	addrs, err := p.properties.Addresses(ctx, ids)
	out := make(map[string]refcheck.Place, len(addrs))
	for id, a := range addrs {
		out[id] = refcheck.Place{FirstLine: a.FirstLine, Town: a.Town, Postcode: a.Postcode}
	}
	return out, err
}

// contractProperties answers agreements about properties (contract.Properties)
// in contract's own terms.
type contractProperties struct{ properties *property.Service }

func (p contractProperties) Owned(ctx context.Context, a session.Actor, id string) (contract.Property, error) {
	pr, err := p.properties.Get(ctx, a, id)
	if err != nil {
		return contract.Property{}, err
	}
	return contractPlace(pr.ID, pr.Address), nil
}

func (p contractProperties) Places(ctx context.Context, ids []string) (map[string]contract.Property, error) {
	addrs, err := p.properties.Addresses(ctx, ids)
	out := make(map[string]contract.Property, len(addrs))
	for id, a := range addrs {
		out[id] = contractPlace(id, a)
	}
	return out, err
}

func contractPlace(id string, a property.Address) contract.Property {
	return contract.Property{ID: id, Line1: a.FirstLine, Line2: a.SecondLine, Town: a.Town, Postcode: a.Postcode, Country: a.Country}
}

// inventoryProperties answers reports about properties (inventory.Properties)
// in inventory's own terms.
type inventoryProperties struct{ properties *property.Service }

func (p inventoryProperties) Owned(ctx context.Context, a session.Actor, id string) (inventory.Property, error) {
	pr, err := p.properties.Get(ctx, a, id)
	if err != nil {
		return inventory.Property{}, err
	}
	return inventoryPlace(pr.ID, pr.Address), nil
}

func (p inventoryProperties) Places(ctx context.Context, ids []string) (map[string]inventory.Property, error) {
	addrs, err := p.properties.Addresses(ctx, ids)
	out := make(map[string]inventory.Property, len(addrs))
	for id, a := range addrs {
		out[id] = inventoryPlace(id, a)
	}
	return out, err
}

func inventoryPlace(id string, a property.Address) inventory.Property {
	return inventory.Property{ID: id, Line1: a.FirstLine, Line2: a.SecondLine, Town: a.Town, Postcode: a.Postcode, Country: a.Country}
}

// walletProperties answers the wallet about a landlord's properties
// (wallet.Properties) in the wallet's terms.
type walletProperties struct{ properties *property.Service }

func (p walletProperties) Owned(ctx context.Context, a session.Actor, id string) (wallet.Property, error) {
	pr, err := p.properties.Get(ctx, a, id)
	if err != nil {
		return wallet.Property{}, err
	}
	return walletPlace(pr.ID, pr.Address), nil
}

func (p walletProperties) Mine(ctx context.Context, a session.Actor) ([]wallet.Property, error) {
	list, err := p.properties.List(ctx, a)
	out := make([]wallet.Property, 0, len(list))
	for _, pr := range list {
		out = append(out, walletPlace(pr.ID, pr.Address))
	}
	return out, err
}

func walletPlace(id string, a property.Address) wallet.Property {
	label := a.FirstLine
	if a.Town != "" {
		label += ", " + a.Town
	}
	return wallet.Property{ID: id, Label: label}
}

// walletAgreements gives the wallet the rent of a landlord's agreements
// sent to their tenants (awaiting signatures or completed): drafts are
// not yet agreed.
type walletAgreements struct{ contracts *contract.Service }

func (c walletAgreements) Rents(ctx context.Context, a session.Actor) ([]wallet.Agreement, error) {
	var out []wallet.Agreement
	for _, view := range []contract.ListView{contract.ViewAwaiting, contract.ViewCompleted} {
		list, err := c.contracts.List(ctx, a, view)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			if !r.Mine {
				continue
			}
			out = append(out, wallet.Agreement{PropertyID: r.PropertyID, RentPence: r.Answers.RentPence,
				RentPeriod: r.Answers.RentPeriod, FirstPaymentDate: r.Answers.FirstPaymentDate})
		}
	}
	return out, nil
}
