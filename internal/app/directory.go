package app

import (
	"context"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/promo"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/refcheck"
	"github.com/omnirent/omnirent/internal/session"
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

// calendarProperties gives the calendar the address of one of the actor's
// properties (calendar.Properties).
type calendarProperties struct{ properties *property.Service }

func (p calendarProperties) Address(ctx context.Context, a session.Actor, id string) (string, error) {
	pr, err := p.properties.Get(ctx, a, id)
	if err != nil {
		return "", err
	}
	return oneLine(pr.Address.FirstLine, pr.Address.SecondLine, pr.Address.Town, pr.Address.Postcode), nil
}

func oneLine(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if s := strings.TrimSpace(p); s != "" {
			keep = append(keep, s)
		}
	}
	return strings.Join(keep, ", ")
}

// calendarPeople gives the calendar an account's e-mail and name (calendar.People).
type calendarPeople struct{ auth *auth.Service }

func (p calendarPeople) Contact(ctx context.Context, id string) (string, string, error) {
	u, err := p.auth.UserByID(ctx, id)
	return u.Email, u.FullName, err
}

// calendarAgreements gives the calendar the tenancy agreements its legal
// dates come from (calendar.Agreements). No date of receiving the deposit
// is recorded by the agreements yet, so the calendar counts from the start.
type calendarAgreements struct{ contracts *contract.Service }

func (c calendarAgreements) Tenancies(ctx context.Context, landlordID string) ([]calendar.Tenancy, error) {
	list, err := c.contracts.Tenancies(ctx, landlordID)
	out := make([]calendar.Tenancy, 0, len(list))
	for _, r := range list {
		view := "awaiting"
		if r.Status == contract.Completed {
			view = "completed"
		}
		p := r.Property
		out = append(out, calendar.Tenancy{ID: r.ID, LandlordID: r.LandlordID, PropertyAddress: oneLine(p.Line1, p.Line2, p.Town, p.Postcode),
			Jurisdiction: r.Jurisdiction, StartDate: r.Answers.StartDate, HasDeposit: r.Answers.Deposit.Kind == contract.DepositStandard,
			Link: "/contract-builder?view=" + view + "&id=" + url.QueryEscape(r.ID)})
	}
	return out, err
}

// inventoryCertificates gives the calendar the certificate expiries recorded
// in the landlord's own inventory reports' compliance documents (gas safety,
// EICR, EPC, HMO licence): calendar.Certificates until the documents area
// is merged, when the lead combines both sources. The newest report's date
// counts for a property's certificate of a kind.
type inventoryCertificates struct{ inventory *inventory.Service }

func (c inventoryCertificates) Expiries(ctx context.Context, ownerID string, from, to time.Time) ([]calendar.CertificateExpiry, error) {
	a := session.Actor{UserID: ownerID, UserType: session.Landlord, Role: session.RoleUser}
	type latest struct {
		exp     calendar.CertificateExpiry
		updated time.Time
	}
	byKind := map[string]latest{}
	for _, view := range []inventory.ListView{inventory.ViewDraft, inventory.ViewActive, inventory.ViewCompleted} {
		list, err := c.inventory.List(ctx, a, view, "")
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			if !r.Mine {
				continue
			}
			for _, d := range r.Data.Documents {
				if d.Kind == "" || d.Expiry == "" {
					continue
				}
				k := r.PropertyID + "|" + strings.ToLower(d.Kind)
				if prev, ok := byKind[k]; ok && !r.UpdatedAt.After(prev.updated) {
					continue
				}
				p := r.Property
				byKind[k] = latest{updated: r.UpdatedAt, exp: calendar.CertificateExpiry{
					Key:           "inventory:" + r.PropertyID + ":" + strings.ReplaceAll(strings.ToLower(d.Kind), " ", "-") + ":" + d.Expiry,
					CertificateID: r.ID, Type: d.Kind, PropertyID: r.PropertyID,
					PropertyAddress: oneLine(p.Line1, p.Line2, p.Town, p.Postcode), ExpiresOn: d.Expiry,
					Link: "/NewReport?id=" + url.QueryEscape(r.ID) + "&view=preview"}}
			}
		}
	}
	fromDay, toDay := from.In(clock.UK).Format(time.DateOnly), to.In(clock.UK).Format(time.DateOnly)
	out := []calendar.CertificateExpiry{}
	for _, l := range byKind {
		if l.exp.ExpiresOn >= fromDay && l.exp.ExpiresOn <= toDay {
			out = append(out, l.exp)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ExpiresOn+out[i].Key < out[j].ExpiresOn+out[j].Key })
	return out, nil
}
