package property

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// Locator places a postcode on the map and finds the stations near a point.
// The embedded default is the bundled open data (internal/geo); an online
// geocoder can sit behind the same interface.
type Locator interface {
	Locate(postcode string) (geo.Point, bool)
	NearestStations(p geo.Point, n int) []geo.Nearby
}

type Service struct {
	db      *db.DB
	clock   clock.Clock
	locator Locator
	people  People
	mail    Mailer
	photos  PhotoLister
	terms   *terms.Checker
	epc     EPCEvidence
	// pageSelect starts a search page's statement (pageSelectOf), set with
	// the photo lister; cards keeps the pages' cards encoded (cards.go).
	pageSelect string
	cards      *cardCache
	gzipped    *httpx.GzipKept
}

func NewService(d *db.DB, c clock.Clock, l Locator) *Service {
	return &Service{db: d, clock: c, locator: l, pageSelect: pageSelectOf(nil), cards: newCardCache(maxCardBytes), gzipped: httpx.NewGzipKept(maxGzipBytes)}
}

// Create adds a property at the address (step 1); it starts Active.
func (s *Service) Create(ctx context.Context, o session.Actor, a Address) (Property, error) {
	if !o.IsLandlord() {
		return Property{}, apperr.New(apperr.Forbidden, "forbidden", MsgLandlordsOnly)
	}
	a, err := cleanAddress(a)
	if err != nil {
		return Property{}, err
	}
	now := s.clock.Now().UTC()
	p := Property{ID: uuid.NewString(), LandlordID: o.UserID, Status: Active, Address: a, RentCycle: Monthly, CreatedAt: now, UpdatedAt: now}
	s.place(&p)
	if err := insert(ctx, s.db.Conn(), p); err != nil {
		return Property{}, err
	}
	return p, nil
}

// List returns the landlord's live properties, newest first.
func (s *Service) List(ctx context.Context, o session.Actor) ([]Property, error) {
	return listOwn(ctx, s.db.Conn(), o.UserID)
}

// Get returns one of the landlord's own live properties.
func (s *Service) Get(ctx context.Context, o session.Actor, id string) (Property, error) {
	return own(ctx, s.db.Conn(), o.UserID, id)
}

// Addresses gives the addresses of the properties with these ids, whatever
// their status or landlord (areas that refer to a property, such as
// reference checks, show where it is even after it was deleted), in one
// query. Unknown ids are left out.
func (s *Service) Addresses(ctx context.Context, ids []string) (map[string]Address, error) {
	ps, err := s.ByIDs(ctx, ids)
	out := make(map[string]Address, len(ps))
	for id, p := range ps {
		out[id] = p.Address
	}
	return out, err
}

// ByIDs are the given properties, whoever owns them, keyed by id: for the
// areas that build on a property (its address, the rent it is advertised
// at). Unknown ids are left out.
func (s *Service) ByIDs(ctx context.Context, ids []string) (map[string]Property, error) {
	ps, err := byIDs(ctx, s.db.Conn(), ids)
	if err != nil {
		return nil, err
	}
	ads, err := advertsOf(ctx, s.db.Conn(), ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Property, len(ps))
	for _, p := range ps {
		if ad, ok := ads[p.ID]; ok {
			p.Advert = &ad
		}
		out[p.ID] = p
	}
	return out, nil
}

// Visibility tells who may see what belongs to a property (its photos):
// everyone once it is Published (public), only its landlord while Active,
// nobody once deleted or for an unknown id. viewerID is "" for visitors.
func (s *Service) Visibility(ctx context.Context, viewerID, id string) (visible, public bool, err error) {
	status, landlordID, err := statusOf(ctx, s.db.Conn(), id)
	if apperr.IsNotFound(err) {
		return false, false, nil
	}
	if err != nil {
		return false, false, err
	}
	switch status {
	case Published:
		return true, true, nil
	case Active:
		return viewerID != "" && viewerID == landlordID, false, nil
	}
	return false, false, nil
}

// HasProperties tells the accounts domain whether to show onboarding.
func (s *Service) HasProperties(ctx context.Context, landlordID string) (bool, error) {
	n, err := countLive(ctx, s.db.Conn(), landlordID)
	return n > 0, err
}

// UpdateAddress changes the address and re-places the property.
func (s *Service) UpdateAddress(ctx context.Context, o session.Actor, id string, a Address) (Property, error) {
	a, err := cleanAddress(a)
	if err != nil {
		return Property{}, err
	}
	var p Property
	err = s.db.Tx(ctx, func(c db.Conn) error {
		if p, err = lockOwn(ctx, c, s.db.Dialect, o.UserID, id); err != nil {
			return err
		}
		now := s.clock.Now().UTC()
		p.Address, p.UpdatedAt = a, now
		s.place(&p)
		// Where there is no council tax (Northern Ireland) a band says
		// nothing true: it goes with the move.
		if len(CouncilTax.BandsAt(a.Postcode)) == 0 {
			p.CouncilTaxBand = ""
		}
		// The local tax included in the rent is the new place's: council
		// tax in Great Britain, rates in Northern Ireland.
		p.BillsIncluded = localBillFor(p.BillsIncluded, a.Postcode)
		// The PRS Exemptions Register is England and Wales's: elsewhere an
		// exemption records nothing.
		if !EPC.AppliesAt(a.Postcode) {
			p.EPCExemption, p.EPCExemptionRef = "", ""
		}
		// A published listing moved to another jurisdiction must be lawful
		// there too: its deposit, band and bills, and its wording.
		if p.Status == Published {
			if bad := listedLawWhereErrors(p); len(bad) > 0 {
				return apperr.Fields(MsgAddressListingLaw+" "+firstOf(bad), bad).WithKind(apperr.Invalid, "listing_law")
			}
			if err := s.checkListingText(p, now); err != nil {
				return err
			}
		}
		return updateAddress(ctx, c, p)
	})
	return p, err
}

// Details are the portal (listing) fields of step 2.
type Details struct {
	RentPence                               int64
	RentCycle                               RentCycle
	BedroomCount, BathroomCount, SofasCount int
	FurnishStatus                           string
	MoveInDate                              string // YYYY-MM-DD
	ShortDescription                        string
	// Material information (material.go); empty or nil: not given yet.
	PropertyType   string
	DepositPence   *int64
	CouncilTaxBand string
	EPCRating      string
	BillsIncluded  []string
	PetsConsidered *bool
	// The registered exemption of a home rated below the EPC minimum
	// (ignored for a home rated at or above it).
	EPCExemption, EPCExemptionRef string
	Publish                       bool // Save and Publish
}

// UpdateDetails saves the portal details. A plain Save keeps the status
// (a Published property stays Published); Save and Publish publishes.
func (s *Service) UpdateDetails(ctx context.Context, o session.Actor, id string, d Details) (Property, error) {
	d.ShortDescription = strings.TrimSpace(d.ShortDescription)
	d.EPCExemption, d.EPCExemptionRef = strings.TrimSpace(d.EPCExemption), strings.TrimSpace(d.EPCExemptionRef)
	if !EPC.BelowMinimum(d.EPCRating) {
		d.EPCExemption, d.EPCExemptionRef = "", ""
	}
	if err := validDetails(d); err != nil {
		return Property{}, err
	}
	recorded, err := s.recordedEPC(ctx, o.UserID, id)
	if err != nil {
		return Property{}, err
	}
	var p Property
	err = s.db.Tx(ctx, func(c db.Conn) error {
		if p, err = lockOwn(ctx, c, s.db.Dialect, o.UserID, id); err != nil {
			return err
		}
		// Some rules are the law of the property's jurisdiction.
		bad := choiceErrors(d, p.Address.Postcode)
		for field, msg := range lawWhereErrors(p.Address.Postcode, d.DepositPence, d.RentPence, d.RentCycle, d.CouncilTaxBand) {
			if _, ok := bad[field]; !ok {
				bad[field] = msg
			}
		}
		if msg := epcError(d.EPCRating, recorded); msg != "" {
			bad["epcRating"] = msg
		}
		if len(bad) > 0 {
			return apperr.Fields(MsgPublishNeeds, bad)
		}
		now := s.clock.Now().UTC()
		rent, date := d.RentPence, d.MoveInDate
		p.RentPence, p.RentCycle, p.MoveInDate = &rent, d.RentCycle, &date
		p.BedroomCount, p.BathroomCount, p.SofasCount = d.BedroomCount, d.BathroomCount, d.SofasCount
		p.FurnishStatus, p.ShortDescription, p.UpdatedAt = d.FurnishStatus, d.ShortDescription, now
		p.PropertyType, p.DepositPence, p.CouncilTaxBand, p.EPCRating = d.PropertyType, d.DepositPence, d.CouncilTaxBand, d.EPCRating
		p.BillsIncluded, p.PetsConsidered = d.BillsIncluded, d.PetsConsidered
		p.EPCExemption, p.EPCExemptionRef = d.EPCExemption, d.EPCExemptionRef
		if p.BillsIncluded == nil {
			p.BillsIncluded = []string{}
		}
		// A published listing (newly or still) says what a renter must know.
		if d.Publish || p.Status == Published {
			missing := missingFacts(p)
			if err := s.needPhoto(ctx, p, missing); err != nil {
				return err
			}
			if len(missing) > 0 {
				return apperr.Fields(MsgPublishNeeds, missing)
			}
			if err := s.checkListingText(p, now); err != nil {
				return err
			}
		}
		if d.Publish {
			publish(&p, now)
		}
		if err := updateDetails(ctx, c, p); err != nil {
			return err
		}
		return recordAdvert(ctx, c, p, now)
	})
	return p, err
}

// Publish moves Active to Published; it needs the portal details.
func (s *Service) Publish(ctx context.Context, o session.Actor, id string) (Property, error) {
	recorded, err := s.recordedEPC(ctx, o.UserID, id)
	if err != nil {
		return Property{}, err
	}
	return s.transition(ctx, o, id, func(p *Property, now time.Time) error {
		if !p.HasPortalDetails() {
			return apperr.New(apperr.Invalid, "details_required", MsgDetailsRequired)
		}
		missing := missingFacts(*p)
		if err := s.needPhoto(ctx, *p, missing); err != nil {
			return err
		}
		if len(missing) > 0 {
			return apperr.Fields(MsgPublishNeeds, missing).WithKind(apperr.Invalid, "details_required")
		}
		// The address may have moved to another jurisdiction since the
		// details were saved.
		bad := listedLawWhereErrors(*p)
		if msg := epcError(p.EPCRating, recorded); msg != "" {
			bad["epcRating"] = msg
		}
		if len(bad) > 0 {
			return apperr.Fields(MsgPublishNeeds, bad).WithKind(apperr.Invalid, "details_required")
		}
		if err := s.checkListingText(*p, now); err != nil {
			return err
		}
		publish(p, now)
		return nil
	})
}

// Unpublish moves Published back to Active.
func (s *Service) Unpublish(ctx context.Context, o session.Actor, id string) (Property, error) {
	return s.transition(ctx, o, id, func(p *Property, _ time.Time) error {
		p.Status = Active
		return nil
	})
}

// Delete moves the property to Disabled: gone from every list and search,
// kept in the database for the contracts and reports that refer to it.
func (s *Service) Delete(ctx context.Context, o session.Actor, id string) error {
	_, err := s.transition(ctx, o, id, func(p *Property, _ time.Time) error {
		p.Status = Disabled
		return nil
	})
	return err
}

func (s *Service) transition(ctx context.Context, o session.Actor, id string, change func(*Property, time.Time) error) (Property, error) {
	var p Property
	var err error
	err = s.db.Tx(ctx, func(c db.Conn) error {
		if p, err = lockOwn(ctx, c, s.db.Dialect, o.UserID, id); err != nil {
			return err
		}
		now := s.clock.Now().UTC()
		if err := change(&p, now); err != nil {
			return err
		}
		p.UpdatedAt = now
		if err := setStatus(ctx, c, p); err != nil {
			return err
		}
		return recordAdvert(ctx, c, p, now)
	})
	return p, err
}

// needPhoto adds to missing when p has no photo (issue 25: listings
// published with no photos). Without a photo lister (tools, tests of other
// rules) nothing is checked.
func (s *Service) needPhoto(ctx context.Context, p Property, missing map[string]string) error {
	if s.photos == nil {
		return nil
	}
	byID, err := s.photos.PhotosOf(ctx, []string{p.ID})
	if err != nil {
		return err
	}
	if len(byID[p.ID]) == 0 {
		missing["photos"] = MsgPhotoNeeded
	}
	return nil
}

func publish(p *Property, now time.Time) {
	if p.Status != Published {
		p.Status = Published
		p.PublishedAt = &now
	}
}

// place fills the location and nearest stations from the postcode.
func (s *Service) place(p *Property) {
	p.Latitude, p.Longitude, p.NearbyStations = nil, nil, []NearbyStation{}
	pt, ok := s.locator.Locate(p.Address.Postcode)
	if !ok {
		return
	}
	p.Latitude, p.Longitude = &pt.Lat, &pt.Lon
	// The stations data is Great Britain's: the nearest of them to a home
	// in Northern Ireland are across the sea, so it lists none.
	if j, _ := tenancy.JurisdictionOf(p.Address.Postcode); j == tenancy.NorthernIreland {
		return
	}
	for _, n := range s.locator.NearestStations(pt, stationsToStore) {
		p.NearbyStations = append(p.NearbyStations, NearbyStation{Name: n.Station.Name, Code: n.Station.CRS, Miles: n.Miles, Distance: geo.FormatMiles(n.Miles)})
	}
}

// cleanAddress checks an address. Its lines name the property wherever it
// is shown (report and agreement titles, e-mail subjects, PDFs), so each is
// one line with no bidirectional or invisible characters (text.SingleLine).
func cleanAddress(a Address) (Address, error) {
	a = Address{FirstLine: text.SingleLine(a.FirstLine), SecondLine: text.SingleLine(a.SecondLine),
		Town: text.SingleLine(a.Town), Postcode: text.SingleLine(a.Postcode), Country: text.SingleLine(a.Country)}
	fields := map[string]string{}
	for name, v := range map[string]string{"addrFirstLine": a.FirstLine, "town": a.Town, "postcode": a.Postcode, "country": a.Country} {
		if v == "" {
			fields[name] = MsgAddressRequired
		}
	}
	if len(fields) > 0 {
		return a, apperr.Fields(MsgAddressRequired, fields)
	}
	for name, v := range map[string]string{"addrFirstLine": a.FirstLine, "addrSecondLine": a.SecondLine, "town": a.Town, "country": a.Country} {
		if utf8.RuneCountInString(v) > maxTextLen {
			return a, apperr.Fields(MsgTooLong, map[string]string{name: MsgTooLong})
		}
	}
	pc, ok := geo.NormalisePostcode(a.Postcode)
	if !ok {
		return a, apperr.Fields(MsgPostcodeInvalid, map[string]string{"postcode": MsgPostcodeInvalid})
	}
	a.Postcode = pc
	return a, nil
}

func validDetails(d Details) error {
	if d.RentPence > 0 && !tenancy.RentOK(d.RentPence) {
		return apperr.Fields(tenancy.MsgWholePounds, map[string]string{"rentPence": tenancy.MsgWholePounds})
	}
	bad := !tenancy.RentOK(d.RentPence) ||
		(d.RentCycle != Weekly && d.RentCycle != Monthly) ||
		d.BedroomCount < 0 || d.BedroomCount > maxRoomCount ||
		d.BathroomCount < 0 || d.BathroomCount > maxRoomCount ||
		d.SofasCount < 0 || d.SofasCount > maxRoomCount ||
		(d.FurnishStatus != "" && d.FurnishStatus != "Furnished" && d.FurnishStatus != "Unfurnished") ||
		d.ShortDescription == "" || utf8.RuneCountInString(d.ShortDescription) > maxDescription
	if t, err := time.Parse(time.DateOnly, d.MoveInDate); err != nil || t.Year() < 2000 || t.Year() > 2100 {
		bad = true
	}
	if bad {
		return apperr.New(apperr.Invalid, "invalid", MsgDetailsRequired)
	}
	return nil
}
