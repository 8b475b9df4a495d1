package property

import (
	"fmt"
	"slices"

	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// Material information: what a renter must be told before they enquire,
// as the National Trading Standards Estate and Letting Agency Team's
// guidance on material information in property listings (lettings, Part A,
// November 2023) asks: the rent and its period, the deposit, the council
// tax band (or that the rent includes it), the EPC rating and the property
// type; with bedrooms, bathrooms and furnishing, which the spec's portal
// details already had. The advertised rent is the rent (Renters' Rights
// Act 2025 bans rental bidding), so there is no "offers" option. A listing
// is published only when all of them are answered (missingFacts).

// PropertyTypes are the kinds of home a listing can be. A studio is one
// room to live and sleep in: it is chosen as such, and only it has no
// bedroom.
var PropertyTypes = []string{"Flat", "Studio", "House", "Maisonette", "Bungalow", "Room in a shared home"}

// Studio is the property type with no separate bedroom.
const Studio = "Studio"

// CouncilTaxBands: A to H in England, I as well in Wales; a home whose rent
// includes council tax still has a band.
var CouncilTaxBands = []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "Exempt"}

// EPCRatings are the energy performance ratings. A home rated F or G may
// not be let (the Energy Efficiency Regulations 2015 minimum is E) unless
// it is registered exempt, which this product does not record.
var EPCRatings = []string{"A", "B", "C", "D", "E", "F", "G"}

// Bills are the bills a rent may include.
var Bills = []string{"Gas", "Electricity", "Water", "Council tax", "Broadband", "TV licence"}

// Per-field messages of the listing form.
const (
	MsgPublishNeeds     = "Before a listing is published, renters must be told the facts marked below."
	MsgPropertyType     = "Choose the property type."
	MsgBedrooms         = "Enter the number of bedrooms (choose Studio as the property type for a studio)."
	MsgStudioBedrooms   = "A studio has no separate bedroom: set bedrooms to 0 or choose another property type."
	MsgBathrooms        = "A listing needs at least one bathroom."
	MsgFurnishing       = "Choose Furnished or Unfurnished."
	MsgDeposit          = "Enter the deposit (0 if there is none)."
	MsgCouncilTaxBand   = "Choose the council tax band."
	MsgEPCRating        = "Choose the EPC rating."
	MsgEPCTooLow        = "A home rated F or G cannot be let: the minimum EPC rating is E."
	MsgPets             = "Say whether pets will be considered."
	MsgPetsNotBanned    = "A renter may ask to keep a pet and may be refused only on reasonable grounds (Renters' Rights Act 2025), so a listing cannot rule pets out."
	MsgUnknownChoice    = "Please choose one of the options."
	MsgRentRequiredText = "Enter the rent and how often it is paid."
)

// msgDepositCap is the Tenant Fees Act cap for this rent.
func msgDepositCap(capPence int64, weeks int) string {
	return fmt.Sprintf("The deposit can be at most %d weeks' rent (%s) under the Tenant Fees Act 2019.", weeks, money.Format(capPence))
}

// choiceErrors checks the new facts' values whenever they are given.
func choiceErrors(d Details) map[string]string {
	out := map[string]string{}
	if d.PropertyType != "" && !slices.Contains(PropertyTypes, d.PropertyType) {
		out["propertyType"] = MsgUnknownChoice
	}
	if d.CouncilTaxBand != "" && !slices.Contains(CouncilTaxBands, d.CouncilTaxBand) {
		out["councilTaxBand"] = MsgUnknownChoice
	}
	switch {
	case d.EPCRating != "" && !slices.Contains(EPCRatings, d.EPCRating):
		out["epcRating"] = MsgUnknownChoice
	case d.EPCRating == "F" || d.EPCRating == "G":
		out["epcRating"] = MsgEPCTooLow
	}
	for _, b := range d.BillsIncluded {
		if !slices.Contains(Bills, b) {
			out["billsIncluded"] = MsgUnknownChoice
		}
	}
	if d.DepositPence != nil {
		switch dep := *d.DepositPence; {
		case dep < 0 || !tenancy.DepositOK(dep):
			out["depositPence"] = tenancy.MsgWholePounds
		case d.RentPence > 0:
			annual := MonthlyPence(d.RentPence, d.RentCycle) * 12
			if d.RentCycle == Weekly {
				annual = d.RentPence * 52
			}
			if capPence, weeks := tenancy.DepositCapAnnual(annual); dep > capPence {
				out["depositPence"] = msgDepositCap(capPence, weeks)
			}
		}
	}
	if d.PetsConsidered != nil && !*d.PetsConsidered {
		out["petsConsidered"] = MsgPetsNotBanned
	}
	if d.PropertyType == Studio && d.BedroomCount != 0 {
		out["bedroomCount"] = MsgStudioBedrooms
	}
	return out
}

// missingFacts lists, by form field, what a published listing must say and
// p does not.
func missingFacts(p Property) map[string]string {
	out := map[string]string{}
	if p.PropertyType == "" {
		out["propertyType"] = MsgPropertyType
	}
	if p.PropertyType != Studio && p.BedroomCount < 1 {
		out["bedroomCount"] = MsgBedrooms
	}
	if p.BathroomCount < 1 {
		out["bathroomCount"] = MsgBathrooms
	}
	if p.FurnishStatus == "" {
		out["furnishStatus"] = MsgFurnishing
	}
	if p.DepositPence == nil {
		out["depositPence"] = MsgDeposit
	}
	if p.CouncilTaxBand == "" {
		out["councilTaxBand"] = MsgCouncilTaxBand
	}
	if p.EPCRating == "" {
		out["epcRating"] = MsgEPCRating
	}
	if p.PetsConsidered == nil {
		out["petsConsidered"] = MsgPets
	}
	if p.RentPence == nil || *p.RentPence <= 0 {
		out["rentPence"] = MsgRentRequiredText
	}
	return out
}
