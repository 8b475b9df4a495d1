package app

import (
	"context"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/documents"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/notices"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/promo"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/refcheck"
	"github.com/omnirent/omnirent/internal/repair"
	"github.com/omnirent/omnirent/internal/savedsearch"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
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

// Name is a user's full name (refcheck.Accounts).
func (d accountDirectory) Name(ctx context.Context, id string) (string, error) {
	u, err := d.auth.UserByID(ctx, id)
	return u.FullName, err
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
	return contractPlace(pr), nil
}

func (p contractProperties) Places(ctx context.Context, ids []string) (map[string]contract.Property, error) {
	ps, err := p.properties.ByIDs(ctx, ids)
	out := make(map[string]contract.Property, len(ps))
	for id, pr := range ps {
		out[id] = contractPlace(pr)
	}
	return out, err
}

// contractPlace is the property as an agreement knows it: its address, and
// the rent its listing advertises while it is published, or last
// advertised before it was taken down.
func contractPlace(pr property.Property) contract.Property {
	a := pr.Address
	out := contract.Property{ID: pr.ID, Line1: a.FirstLine, Line2: a.SecondLine, Town: a.Town, Postcode: a.Postcode, Country: a.Country}
	switch {
	case pr.Status == property.Published && pr.RentPence != nil:
		out.Advertised = &contract.AdvertisedRent{Pence: *pr.RentPence, Weekly: pr.RentCycle == property.Weekly, Listed: true}
	case pr.Advert != nil:
		out.Advertised = &contract.AdvertisedRent{Pence: pr.Advert.Pence, Weekly: pr.Advert.Cycle == property.Weekly, At: pr.Advert.At}
	}
	return out
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

// documentsDirectory answers the documents area about properties, accounts,
// agreements, reference checks and reports (documents.Properties, Accounts,
// Contracts, RefChecks, Reports) in its own terms.
type documentsDirectory struct {
	properties *property.Service
	auth       *auth.Service
	contracts  *contract.Service
	refchecks  *refcheck.Service
	inventory  *inventory.Service
}

func documentsPlace(p property.Property) documents.Property {
	a := p.Address
	return documents.Property{ID: p.ID, Address: oneLine(a.FirstLine, a.Town, a.Postcode), FirstLine: a.FirstLine, Published: p.Status == property.Published}
}

func (d documentsDirectory) Owned(ctx context.Context, ownerID, id string) (documents.Property, error) {
	p, err := d.properties.Get(ctx, session.Actor{UserID: ownerID, UserType: session.Landlord}, id)
	if err != nil {
		return documents.Property{}, err
	}
	return documentsPlace(p), nil
}

func (d documentsDirectory) AlignEPCRating(ctx context.Context, ownerID, propertyID, rating string) error {
	return d.properties.AlignEPCRating(ctx, ownerID, propertyID, rating)
}

func (d documentsDirectory) OfOwner(ctx context.Context, ownerID string) ([]documents.Property, error) {
	list, err := d.properties.List(ctx, session.Actor{UserID: ownerID, UserType: session.Landlord})
	out := make([]documents.Property, 0, len(list))
	for _, p := range list {
		out = append(out, documentsPlace(p))
	}
	return out, err
}

func (d documentsDirectory) Person(ctx context.Context, id string) (documents.Person, error) {
	u, err := d.auth.UserByID(ctx, id)
	return documents.Person{Email: u.Email, Name: u.FullName}, err
}

type documentsContracts struct{ documentsDirectory }

func (d documentsContracts) OfLandlord(ctx context.Context, landlordID, propertyID string) ([]documents.Contract, error) {
	list, err := d.contracts.OfLandlord(ctx, landlordID, propertyID)
	out := make([]documents.Contract, 0, len(list))
	for _, c := range list {
		var names []string
		for _, t := range c.Answers.Tenants {
			if n := strings.Join(strings.Fields(t.First+" "+t.Last), " "); n != "" {
				names = append(names, n)
			}
		}
		title := "Tenancy agreement"
		if len(names) > 0 {
			title += " with " + strings.Join(names, ", ")
		}
		out = append(out, documents.Contract{ID: c.ID, PropertyID: c.PropertyID, Status: string(c.Status), Title: title, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt})
	}
	return out, err
}

type documentsRefChecks struct{ documentsDirectory }

func (d documentsRefChecks) OfLandlord(ctx context.Context, landlordID, propertyID string) ([]documents.RefCheck, error) {
	list, err := d.refchecks.OfLandlord(ctx, landlordID, propertyID)
	out := make([]documents.RefCheck, 0, len(list))
	for _, r := range list {
		out = append(out, documents.RefCheck{CheckID: r.CheckID, RenterID: r.RenterID, PropertyID: r.PropertyID, Name: r.Name,
			Status: string(r.Status), Completed: r.Status == refcheck.ProcessComplete, InitiatedAt: r.InitiatedAt})
	}
	return out, err
}

type documentsReports struct{ documentsDirectory }

func (d documentsReports) OfCreator(ctx context.Context, creatorID, propertyID string) ([]documents.Report, error) {
	list, err := d.inventory.OfCreator(ctx, creatorID, propertyID)
	out := make([]documents.Report, 0, len(list))
	for _, r := range list {
		out = append(out, documents.Report{ID: r.ID, PropertyID: r.PropertyID, Type: r.Type, Status: r.Status, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt})
	}
	return out, err
}

func (d documentsReports) ComplianceDocuments(ctx context.Context, ownerID, propertyID string) ([]documents.ReportDocument, error) {
	list, err := d.inventory.ComplianceDocuments(ctx, ownerID, propertyID)
	out := make([]documents.ReportDocument, 0, len(list))
	for _, c := range list {
		doc := documents.ReportDocument{ReportID: c.ReportID, ReportType: c.ReportType, ReportDate: c.ReportDate, OwnerID: c.CreatorID,
			PropertyID: c.PropertyID, Index: c.Index, Kind: c.Kind, Expiry: c.Expiry}
		for _, f := range c.Files {
			doc.Files = append(doc.Files, documents.ReportFile{Name: f.Name, URL: f.URL})
		}
		out = append(out, doc)
	}
	return out, err
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
// dates come from (calendar.Agreements), with the day the deposit was
// received when the landlord recorded it, and the day the agreement was sent.
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
			DepositReceived: r.DepositReceived, SentOn: sentOn(r.SentAt),
			Link: "/contract-builder?view=" + view + "&id=" + url.QueryEscape(r.ID)})
	}
	return out, err
}

func sentOn(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(clock.UK).Format(time.DateOnly)
}

// contractCertificates gives agreements the documents area's certificates
// a let property needs (contract.Certificates).
type contractCertificates struct{ documents *documents.Service }

func (c contractCertificates) ForLetting(ctx context.Context, ownerID, propertyID string) ([]contract.Certificate, error) {
	list, err := c.documents.LetCertificates(ctx, ownerID, propertyID)
	out := make([]contract.Certificate, 0, len(list))
	for _, lc := range list {
		ct := contract.Certificate{Name: lc.Name, Missing: lc.Missing, CertID: lc.CertID, ExpiresOn: lc.ExpiresOn, Rating: lc.Rating,
			RatingTooLow: lc.RatingTooLow, MinRating: lc.MinRating, Deposit: lc.Deposit}
		for _, f := range lc.Files {
			ct.Files = append(ct.Files, contract.CertificateFile{ID: f.ID, Filename: f.Filename})
		}
		out = append(out, ct)
	}
	return out, err
}

func (c contractCertificates) Open(ctx context.Context, ownerID, propertyID, certID, fileID string) (io.ReadCloser, string, string, error) {
	rc, f, err := c.documents.OpenLetFile(ctx, ownerID, propertyID, certID, fileID)
	return rc, f.Filename, f.ContentType, err
}

// calendarCertificates gives the calendar the certificate expiries of the
// documents area (calendar.Certificates): the landlord's own certificates
// and those recorded in inventory reports, the same records the documents
// area reminds about (the calendar shows them and sends no alert of its own).
type calendarCertificates struct{ documents *documents.Service }

func (c calendarCertificates) Expiries(ctx context.Context, ownerID string, from, to time.Time) ([]calendar.CertificateExpiry, error) {
	list, err := c.documents.Expiries(ctx, ownerID, from, to)
	out := make([]calendar.CertificateExpiry, 0, len(list))
	for _, e := range list {
		out = append(out, calendar.CertificateExpiry{Key: e.Key, CertificateID: e.Key, Type: e.TypeName, Name: e.Title,
			PropertyID: e.PropertyID, PropertyAddress: e.Address, ExpiresOn: e.ExpiresOn, Link: e.Link})
	}
	return out, err
}

func (c calendarCertificates) Acknowledge(ctx context.Context, ownerID, key string, done bool) error {
	return c.documents.Acknowledge(ctx, ownerID, key, done)
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
// not yet agreed. A served rent increase is a new rent from its first
// rent day (notices.go).
type walletAgreements struct {
	contracts *contract.Service
	notices   *notices.Service
}

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
	changes, err := rentChanges(ctx, c.notices, a)
	return append(out, changes...), err
}

// savedSearchListings runs saved searches on the property area's public
// search (savedsearch.Listings).
type savedSearchListings struct{ properties *property.Service }

func (l savedSearchListings) Check(_ context.Context, q url.Values) error {
	return l.properties.CheckQuery(geo.Default(), q)
}

func (l savedSearchListings) NewSince(ctx context.Context, q url.Values, since time.Time, limit int) ([]savedsearch.Listing, error) {
	ps, err := l.properties.PublishedSince(ctx, geo.Default(), q, since, limit)
	out := make([]savedsearch.Listing, 0, len(ps))
	for _, p := range ps {
		var rent int64
		if p.RentPence != nil {
			rent = *p.RentPence
		}
		out = append(out, savedsearch.Listing{ID: p.ID, PropertyType: p.PropertyType, Bedrooms: p.BedroomCount, Town: p.Address.Town,
			District: geo.Outcode(p.Address.Postcode), RentPence: rent, Weekly: p.RentCycle == property.Weekly,
			MonthlyPence: property.MonthlyPence(rent, p.RentCycle)})
	}
	return out, err
}

// repairHomes answers repairs about homes (repair.Homes): a tenant's homes
// are the properties of the agreements signed by everyone that name their
// e-mail; a landlord's property has the nation of its newest such
// agreement (the landlord chose it where the postcode straddles a border),
// or of its postcode when it has none.
type repairHomes struct {
	properties *property.Service
	contracts  *contract.Service
}

func signedAgreement(c contract.Contract) bool {
	return c.Status == contract.ADS || c.Status == contract.Completed
}

func (h repairHomes) TenantHomes(ctx context.Context, email string) ([]repair.Home, error) {
	list, err := h.contracts.SignedFor(ctx, email)
	out := make([]repair.Home, 0, len(list))
	for _, r := range list {
		p := r.Property
		j := r.Jurisdiction
		if j == "" {
			j, _ = tenancy.JurisdictionOf(p.Postcode)
		}
		out = append(out, repair.Home{PropertyID: r.PropertyID, LandlordID: r.LandlordID, Address: oneLine(p.Line1, p.Line2, p.Town, p.Postcode),
			Jurisdiction: j, TenancyID: r.ID})
	}
	return out, err
}

func (h repairHomes) Owned(ctx context.Context, landlordID, propertyID string) (repair.Home, error) {
	pr, err := h.properties.Get(ctx, session.Actor{UserID: landlordID, UserType: session.Landlord}, propertyID)
	if err != nil {
		return repair.Home{}, err
	}
	a := pr.Address
	j, _ := tenancy.JurisdictionOf(a.Postcode)
	home := repair.Home{PropertyID: pr.ID, LandlordID: landlordID, Address: oneLine(a.FirstLine, a.SecondLine, a.Town, a.Postcode), Jurisdiction: j}
	list, err := h.contracts.OfLandlord(ctx, landlordID, propertyID) // newest first
	if err != nil {
		return repair.Home{}, err
	}
	for _, c := range list {
		if signedAgreement(c) {
			home.TenancyID = c.ID
			if c.Jurisdiction != "" {
				home.Jurisdiction = c.Jurisdiction
			}
			break
		}
	}
	return home, nil
}

func (h repairHomes) Tenants(ctx context.Context, landlordID, tenancyID string) ([]repair.Person, error) {
	list, err := h.contracts.OfLandlord(ctx, landlordID, "")
	if err != nil {
		return nil, err
	}
	var out []repair.Person
	for _, c := range list {
		if c.ID != tenancyID {
			continue
		}
		for _, t := range c.Answers.Tenants {
			out = append(out, repair.Person{Name: strings.Join(strings.Fields(t.First+" "+t.Last), " "), Email: t.Email})
		}
	}
	return out, nil
}
