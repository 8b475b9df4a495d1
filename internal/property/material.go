package property

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

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

// EPCRatings are the energy performance ratings. A home rated below the
// minimum (E, data/epc-exemptions.yaml) may be let only with an exemption
// registered on the PRS Exemptions Register: the listing records its type
// and reference and shows them.
var EPCRatings = []string{"A", "B", "C", "D", "E", "F", "G"}

//go:embed data/epc-exemptions.yaml
var epcData []byte

// EPCExemption is one exemption type of the PRS Exemptions Register.
type EPCExemption struct {
	ID         string `yaml:"id" json:"id"`
	Name       string `yaml:"name" json:"name"`
	Regulation string `yaml:"regulation" json:"regulation"`
	Years      int    `yaml:"years" json:"-"`
	Months     int    `yaml:"months" json:"-"`
}

// EPCStandard is the minimum energy efficiency standard and its exemptions.
type EPCStandard struct {
	Version   string `yaml:"version"`
	Source    string `yaml:"source"`
	URL       string `yaml:"url"`
	Checked   string `yaml:"checked"`
	MinRating string `yaml:"minRating"`
	// Jurisdictions are where the minimum applies.
	Jurisdictions []string       `yaml:"jurisdictions"`
	Ratings       []string       `yaml:"ratings"`
	Exemptions    []EPCExemption `yaml:"exemptions"`
}

// EPC is the standard in force, loaded (and checked) when the package loads;
// a broken data file stops the program at start-up.
var EPC = mustLoadEPC(epcData)

func mustLoadEPC(b []byte) EPCStandard {
	s, err := LoadEPC(b)
	if err != nil {
		panic(err)
	}
	return s
}

// LoadEPC reads and checks the EPC standard's data.
func LoadEPC(b []byte) (EPCStandard, error) {
	var s EPCStandard
	if err := yaml.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("epc-exemptions.yaml: %w", err)
	}
	if s.Source == "" || s.URL == "" || s.Version == "" || s.Checked == "" {
		return s, fmt.Errorf("epc-exemptions.yaml: source, url, version and checked are required")
	}
	if !slices.Equal(s.Ratings, EPCRatings) || !slices.Contains(s.Ratings, s.MinRating) {
		return s, fmt.Errorf("epc-exemptions.yaml: ratings must be A to G and minRating one of them")
	}
	seen := map[string]bool{}
	for _, e := range s.Exemptions {
		if e.ID == "" || e.Name == "" || e.Regulation == "" || seen[e.ID] || (e.Years <= 0) == (e.Months <= 0) {
			return s, fmt.Errorf("epc-exemptions.yaml: exemption %q needs a unique id, a name, a regulation and years or months", e.ID)
		}
		seen[e.ID] = true
	}
	if len(s.Exemptions) == 0 {
		return s, fmt.Errorf("epc-exemptions.yaml: no exemptions")
	}
	if len(s.Jurisdictions) == 0 {
		return s, fmt.Errorf("epc-exemptions.yaml: jurisdictions (where the minimum applies) are required")
	}
	for _, j := range s.Jurisdictions {
		if !tenancy.ValidJurisdiction(j) {
			return s, fmt.Errorf("epc-exemptions.yaml: unknown jurisdiction %q", j)
		}
	}
	return s, nil
}

// AppliesAt tells whether the minimum applies to a home with this postcode
// (in any of the countries a border district may be in).
func (s EPCStandard) AppliesAt(postcode string) bool {
	return s.appliesIn(tenancy.JurisdictionChoices(postcode))
}

func (s EPCStandard) appliesIn(choices []string) bool {
	for _, j := range choices {
		if slices.Contains(s.Jurisdictions, j) {
			return true
		}
	}
	return false
}

//go:embed data/council-tax.yaml
var councilTaxData []byte

// CouncilTax is, per jurisdiction, the council tax bands a listing may give
// (data/council-tax.yaml, checked when the package loads).
var CouncilTax = mustLoadCouncilTax(councilTaxData)

// LocalTax is one jurisdiction's council tax: its bands, or none (None says
// what a listing shows instead), and Bill, the local tax's name among the
// bills a rent may include ("Council tax", or "Rates" in Northern Ireland).
type LocalTax struct {
	Bill   string   `yaml:"bill"`
	Bands  []string `yaml:"bands"`
	None   string   `yaml:"none"`
	Source string   `yaml:"source"`
	URL    string   `yaml:"url"`
	// NotBilled are bills households there do not pay (Northern Ireland
	// pays no separate water charge): a rent cannot "include" them.
	NotBilled []NotBilled `yaml:"notBilled"`
}

// NotBilled is a bill not paid in a jurisdiction, why (the listing form's
// message) and the law that says so.
type NotBilled struct {
	Bill   string `yaml:"bill"`
	Why    string `yaml:"why"`
	Source string `yaml:"source"`
}

// CouncilTaxRules are the jurisdictions' council tax rules.
type CouncilTaxRules struct {
	Version       string              `yaml:"version"`
	Checked       string              `yaml:"checked"`
	Jurisdictions map[string]LocalTax `yaml:"jurisdictions"`
}

func mustLoadCouncilTax(b []byte) CouncilTaxRules {
	r, err := LoadCouncilTax(b)
	if err != nil {
		panic(err)
	}
	return r
}

// LoadCouncilTax reads and checks the council tax data: every jurisdiction,
// each with its source, its bill (not one of the other bills) and bands
// among CouncilTaxBands or a None text.
func LoadCouncilTax(b []byte) (CouncilTaxRules, error) {
	var r CouncilTaxRules
	if err := yaml.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("council-tax.yaml: %w", err)
	}
	if r.Version == "" || r.Checked == "" {
		return r, fmt.Errorf("council-tax.yaml: version and checked are required")
	}
	for _, j := range tenancy.Jurisdictions() {
		t, ok := r.Jurisdictions[j]
		if !ok {
			return r, fmt.Errorf("council-tax.yaml: %s is missing", j)
		}
		if t.Source == "" || t.URL == "" {
			return r, fmt.Errorf("council-tax.yaml: %s needs a source and a url", j)
		}
		if strings.TrimSpace(t.Bill) == "" || slices.Contains(billsBefore, t.Bill) || slices.Contains(billsAfter, t.Bill) {
			return r, fmt.Errorf("council-tax.yaml: %s needs a bill (what the local tax is called among the bills a rent may include)", j)
		}
		for _, nb := range t.NotBilled {
			if !slices.Contains(billsBefore, nb.Bill) && !slices.Contains(billsAfter, nb.Bill) || nb.Why == "" || nb.Source == "" {
				return r, fmt.Errorf("council-tax.yaml: %s: notBilled %q needs to be one of the bills, with why and source", j, nb.Bill)
			}
		}
		if (len(t.Bands) == 0) == (t.None == "") {
			return r, fmt.Errorf("council-tax.yaml: %s needs bands, or none (what a listing says instead), not both", j)
		}
		for _, band := range t.Bands {
			if band == "Exempt" || !slices.Contains(CouncilTaxBands, band) {
				return r, fmt.Errorf("council-tax.yaml: %s: unknown band %q", j, band)
			}
		}
	}
	if len(r.Jurisdictions) != len(tenancy.Jurisdictions()) {
		return r, fmt.Errorf("council-tax.yaml: unknown jurisdiction")
	}
	return r, nil
}

// BandsAt are the choices of council tax band for a home with this
// postcode (the bands of every country a border district may be in, and
// Exempt); none where there is no council tax.
func (r CouncilTaxRules) BandsAt(postcode string) []string {
	bands, _ := r.at(tenancy.JurisdictionChoices(postcode))
	return bands
}

func (r CouncilTaxRules) at(choices []string) (bands []string, none string) {
	for _, band := range CouncilTaxBands {
		for _, j := range choices {
			if t := r.Jurisdictions[j]; slices.Contains(t.Bands, band) || (band == "Exempt" && len(t.Bands) > 0) {
				bands = append(bands, band)
				break
			}
		}
	}
	if len(bands) == 0 && len(choices) > 0 {
		none = r.Jurisdictions[choices[0]].None
	}
	return bands, none
}

// BelowMinimum tells whether a rating is below the letting minimum.
func (s EPCStandard) BelowMinimum(rating string) bool {
	i, m := slices.Index(s.Ratings, rating), slices.Index(s.Ratings, s.MinRating)
	return i >= 0 && i > m
}

// Exemption finds an exemption type by id.
func (s EPCStandard) Exemption(id string) (EPCExemption, bool) {
	for _, e := range s.Exemptions {
		if e.ID == id {
			return e, true
		}
	}
	return EPCExemption{}, false
}

// The bills a rent may include besides the local tax (council tax, or rates
// in Northern Ireland), in the order the form offers them: the local tax's
// bill (data/council-tax.yaml) goes between.
var (
	billsBefore = []string{"Gas", "Electricity", "Water"}
	billsAfter  = []string{"Broadband", "TV licence"}
)

// Bills are every bill a rent may include somewhere in the UK; BillsAt are
// those of a home with a given postcode.
var Bills = CouncilTax.billsIn(tenancy.Jurisdictions())

// BillsAt are the bills a rent may include for a home with this postcode:
// the local tax's is that of the country it is in (of every country a
// border district, or an unreadable postcode, may be in).
func (r CouncilTaxRules) BillsAt(postcode string) []string {
	return r.billsIn(tenancy.JurisdictionChoices(postcode))
}

func (r CouncilTaxRules) billsIn(choices []string) []string {
	out := slices.Clone(billsBefore)
	out = append(out, r.localBills(choices)...)
	out = append(out, billsAfter...)
	return slices.DeleteFunc(out, func(b string) bool { return r.notBilled(choices, b) != "" })
}

// notBilled is why bill is paid in none of these jurisdictions, or "" when
// it is paid in one of them.
func (r CouncilTaxRules) notBilled(choices []string, bill string) string {
	why := ""
	for _, j := range choices {
		i := slices.IndexFunc(r.Jurisdictions[j].NotBilled, func(nb NotBilled) bool { return nb.Bill == bill })
		if i < 0 {
			return ""
		}
		why = r.Jurisdictions[j].NotBilled[i].Why
	}
	return why
}

// localBills are the local tax's bills of these jurisdictions, each once.
func (r CouncilTaxRules) localBills(choices []string) []string {
	var out []string
	for _, j := range choices {
		if b := r.Jurisdictions[j].Bill; b != "" && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// billError is the message for a rent's bills at this postcode ("" when
// they may all be included there): a local tax's bill of another part of
// the UK says which to choose instead.
func billError(bills []string, postcode string) string {
	choices := tenancy.JurisdictionChoices(postcode)
	here := CouncilTax.billsIn(choices)
	for _, b := range bills {
		if slices.Contains(here, b) {
			continue
		}
		if why := CouncilTax.notBilled(choices, b); why != "" {
			return why
		}
		if slices.Contains(Bills, b) {
			return fmt.Sprintf(MsgBillNotPaidHere, b, strings.Join(choices, " or "), strings.Join(CouncilTax.localBills(choices), " or "))
		}
		return MsgUnknownChoice
	}
	return ""
}

// localBillFor swaps, in bills, a local tax's bill not paid at this
// postcode for the one that is (a home moved between Great Britain and
// Northern Ireland: "Council tax" becomes "Rates"), drops a bill not paid
// there at all (water in Northern Ireland), and keeps each bill once.
func localBillFor(bills []string, postcode string) []string {
	choices := tenancy.JurisdictionChoices(postcode)
	local := CouncilTax.localBills(choices)
	here := CouncilTax.billsIn(choices)
	out := make([]string, 0, len(bills))
	for _, b := range bills {
		if CouncilTax.notBilled(choices, b) != "" {
			continue
		}
		if !slices.Contains(here, b) && slices.Contains(Bills, b) && len(local) == 1 {
			b = local[0]
		}
		if !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

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
	MsgEPCTooLow        = "A home rated F or G can be let only with an exemption registered on the PRS Exemptions Register: choose the exemption and enter its reference."
	MsgEPCExemptionRef  = "Enter the reference of the registered exemption (from the PRS Exemptions Register)."
	MsgPets             = "Say whether pets will be considered."
	MsgPhotoNeeded      = "Add at least one photo before publishing: renters decide from the photos first."
	MsgUnknownChoice    = "Please choose one of the options."
	MsgRentRequiredText = "Enter the rent and how often it is paid."
)

// MsgBandIOnlyInWales refuses council tax band I outside Wales.
const MsgBandIOnlyInWales = "Band I is used only in Wales: choose the property's council tax band."

// MsgNoCouncilTax refuses a council tax band where there is no council tax.
const MsgNoCouncilTax = "Northern Ireland has no council tax (homes there pay domestic rates): leave the council tax band empty."

// MsgBillNotPaidHere refuses a local tax's bill of another part of the UK
// (the bill, where the home is, the bill paid there): "Council tax is not
// paid in Northern Ireland: choose Rates instead."
const MsgBillNotPaidHere = "%s is not paid in %s: choose %s instead."

// MsgNoEPCRegister refuses an EPC exemption for a home outside England and
// Wales, the only countries of the PRS Exemptions Register.
const MsgNoEPCRegister = "The PRS Exemptions Register covers England and Wales only: a home in Scotland or Northern Ireland has no exemption to record."

// lawWhereErrors checks, by form field, the facts whose rule is the law of
// the home's jurisdiction (from its postcode): the deposit's cap
// (tenancy.DepositLimit: five or six weeks' rent in England, two months' in
// Scotland, one month's in Northern Ireland, none in Wales; the stricter
// where a border district may be in either) and band I, which only Wales
// has.
func lawWhereErrors(postcode string, deposit *int64, rentPence int64, cycle RentCycle, band string) map[string]string {
	out := map[string]string{}
	if deposit != nil {
		// A district on a border may be in either country: the stricter
		// cap of the two (Berwick's TD15 is English, most of TD Scottish).
		var capPence int64 = -1
		var msg string
		choices := tenancy.JurisdictionChoices(postcode)
		if tenancy.District(postcode) == "" { // not placed: England's cap, as JurisdictionOf says
			j, _ := tenancy.JurisdictionOf(postcode)
			choices = []string{j}
		}
		for _, j := range choices {
			if c, m, ok := tenancy.DepositLimit(j, rentPence, cycle == Weekly); ok && (capPence < 0 || c < capPence) {
				capPence, msg = c, m
			}
		}
		if capPence >= 0 && *deposit > capPence {
			out["depositPence"] = msg
		}
	}
	if bands := CouncilTax.BandsAt(postcode); band != "" && !slices.Contains(bands, band) {
		switch {
		case len(bands) == 0:
			out["councilTaxBand"] = MsgNoCouncilTax
		case band == "I":
			out["councilTaxBand"] = MsgBandIOnlyInWales
		default:
			out["councilTaxBand"] = MsgUnknownChoice
		}
	}
	return out
}

// MsgAddressListingLaw starts the refusal of a published listing's new
// address whose law the listing breaks; the broken rule follows.
const MsgAddressListingLaw = "At this address the published listing would break the law there:"

// firstOf is the message of the first field of bad, in the form's order.
func firstOf(bad map[string]string) string {
	for _, f := range []string{"depositPence", "councilTaxBand", "epcExemption", "billsIncluded"} {
		if m, ok := bad[f]; ok {
			return m + " Change the listing's details, or unpublish it, first."
		}
	}
	return ""
}

// listedLawWhereErrors is lawWhereErrors for a saved property, with its
// bills (saved before the address moved, or before rates were a bill) and
// the EPC minimum.
func listedLawWhereErrors(p Property) map[string]string {
	var rent int64
	if p.RentPence != nil {
		rent = *p.RentPence
	}
	out := lawWhereErrors(p.Address.Postcode, p.DepositPence, rent, p.RentCycle, p.CouncilTaxBand)
	if msg := billError(p.BillsIncluded, p.Address.Postcode); msg != "" {
		out["billsIncluded"] = msg
	}
	// A home rated F or G moved (back) into England or Wales, where its
	// exemption was dropped when it left.
	if EPC.BelowMinimum(p.EPCRating) && EPC.AppliesAt(p.Address.Postcode) && (p.EPCExemption == "" || p.EPCExemptionRef == "") {
		out["epcExemption"] = MsgEPCTooLow
	}
	return out
}

// choiceErrors checks the new facts' values whenever they are given, for a
// home with this postcode.
func choiceErrors(d Details, postcode string) map[string]string {
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
	case EPC.BelowMinimum(d.EPCRating) && EPC.AppliesAt(postcode):
		if d.EPCExemption == "" {
			out["epcExemption"] = MsgEPCTooLow
		} else if _, ok := EPC.Exemption(d.EPCExemption); !ok {
			out["epcExemption"] = MsgUnknownChoice
		}
		if d.EPCExemptionRef == "" {
			out["epcExemptionRef"] = MsgEPCExemptionRef
		} else if len([]rune(d.EPCExemptionRef)) > maxTextLen {
			out["epcExemptionRef"] = MsgTooLong
		}
	case EPC.BelowMinimum(d.EPCRating) && (d.EPCExemption != "" || d.EPCExemptionRef != ""):
		// Scotland and Northern Ireland: no register, so no exemption.
		out["epcExemption"] = MsgNoEPCRegister
	}
	if msg := billError(d.BillsIncluded, postcode); msg != "" {
		out["billsIncluded"] = msg
	}
	if d.DepositPence != nil {
		if dep := *d.DepositPence; dep < 0 || !tenancy.DepositOK(dep) {
			out["depositPence"] = tenancy.MsgWholePounds
		}
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
	if p.CouncilTaxBand == "" && len(CouncilTax.BandsAt(p.Address.Postcode)) > 0 {
		out["councilTaxBand"] = MsgCouncilTaxBand
	}
	if p.EPCRating == "" {
		out["epcRating"] = MsgEPCRating
	}
	if p.PetsConsidered == nil {
		out["petsConsidered"] = MsgPets
	}
	if EPC.BelowMinimum(p.EPCRating) && EPC.AppliesAt(p.Address.Postcode) && (p.EPCExemption == "" || p.EPCExemptionRef == "") {
		out["epcExemption"] = MsgEPCTooLow
	}
	if p.RentPence == nil || *p.RentPence <= 0 {
		out["rentPence"] = MsgRentRequiredText
	}
	return out
}
