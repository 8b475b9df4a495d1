// Package property owns landlords' rental properties: the address, the
// portal (listing) details and the status machine of spec 1 section 4:
// new = Active; Save keeps Published; Save and Publish and Publish make it
// Published; Un-publish makes it Active; delete makes it Disabled, which
// every list and search leaves out but the database keeps.
package property

import (
	"time"

	"github.com/omnirent/omnirent/internal/photo"
)

type Status string

const (
	Active    Status = "Active"
	Published Status = "Published"
	Disabled  Status = "Disabled"
)

type RentCycle string

const (
	Weekly  RentCycle = "Weekly"
	Monthly RentCycle = "Monthly"
)

type Address struct {
	FirstLine, SecondLine, Town, Postcode, Country string
}

// NearbyStation is a rail station near the property, as shown on listings.
type NearbyStation struct {
	Name     string  `json:"name"`
	Code     string  `json:"code"`
	Miles    float64 `json:"miles"`
	Distance string  `json:"distance"`
}

type Property struct {
	ID               string
	LandlordID       string
	Status           Status
	Address          Address
	Latitude         *float64
	Longitude        *float64
	NearbyStations   []NearbyStation
	RentPence        *int64
	RentCycle        RentCycle
	BedroomCount     int
	BathroomCount    int
	SofasCount       int
	FurnishStatus    string
	MoveInDate       *string // YYYY-MM-DD
	ShortDescription string
	// Material information (material.go).
	PropertyType   string
	DepositPence   *int64
	CouncilTaxBand string
	EPCRating      string
	BillsIncluded  []string // [] for none
	PetsConsidered *bool    // nil: not answered
	// A home rated below the EPC minimum: the registered exemption's type
	// (EPC.Exemptions id) and its PRS Exemptions Register reference.
	EPCExemption, EPCExemptionRef string
	Photos                        []Photo // filled by the service from its PhotoLister
	CreatedAt                     time.Time
	UpdatedAt                     time.Time
	PublishedAt                   *time.Time
	// Advert is the rent the listing last advertised (advert.go); filled
	// by ByIDs only, nil when never published.
	Advert *Advert
}

// HasPortalDetails is the spec's part of what publishing needs: a price, a
// description and a move-in date (missingFacts is the rest).
func (p Property) HasPortalDetails() bool {
	return p.RentPence != nil && *p.RentPence > 0 && p.ShortDescription != "" && p.MoveInDate != nil
}

// MonthlyPence is the rent as a monthly figure: weekly rent x 52 / 12,
// rounded to the penny, so weekly and monthly listings compare like with like.
func MonthlyPence(rent int64, cycle RentCycle) int64 {
	if cycle == Weekly {
		return (rent*52 + 6) / 12
	}
	return rent
}

// User-facing texts; those quoted in the spec are its exact words.
const (
	MsgAddressRequired = "Please enter first line address, town, postcode and country."
	MsgPostcodeInvalid = "Please enter a valid UK postcode."
	MsgDetailsRequired = "Enter a rental price, number of beds, baths, sofas, short description and a valid move-in date."
	MsgActionSuccess   = "Action successful."
	MsgNotFound        = "Property not found."
	MsgLandlordsOnly   = "Only landlords can add properties."
	MsgTooLong         = "Please shorten this text."
)

// Limits of the portal details (the spec leaves them open).
const (
	maxRoomCount    = 50
	maxTextLen      = 200
	maxDescription  = 2000
	stationsToStore = 2
)

// Photo is one photo of a property as pages show it (the photo mechanism's
// view: display size and thumbnail with their dimensions). Photos are kept
// by the photo package as kind "property"; properties only carry them.
type Photo = photo.View
