package property_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/property"
)

func without(base map[string]any, keys ...string) map[string]any {
	out := with(base, "publish", base["publish"])
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

// A listing is published only when it tells a renter what they must know
// before enquiring (Trading Standards' material information): each missing
// fact is named beside its field. Before this, a listing published with 0
// bedrooms, 0 bathrooms and no furnishing, shown as "Studio · 0 bathrooms".
func TestPublishingNeedsTheMaterialInformation(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		id := create(t, c)["id"].(string)
		put := func(d map[string]any) apptest.Response {
			return c.Do(http.MethodPut, "/api/properties/"+id+"/details", d)
		}
		publishing := with(details, "publish", true)
		// The probe's listing: nothing but a price, a date and a description.
		bare := without(publishing, "propertyType", "depositPence", "councilTaxBand", "epcRating", "petsConsidered", "furnishStatus")
		bare = with(with(bare, "bedroomCount", 0), "bathroomCount", 0)
		r := put(bare)
		if r.Status != http.StatusBadRequest || r.ErrorMessage() != property.MsgPublishNeeds {
			t.Fatalf("bare listing published: %d %s", r.Status, r.Raw)
		}
		for field, msg := range map[string]string{
			"propertyType": property.MsgPropertyType, "bedroomCount": property.MsgBedrooms, "bathroomCount": property.MsgBathrooms,
			"furnishStatus": property.MsgFurnishing, "depositPence": property.MsgDeposit, "councilTaxBand": property.MsgCouncilTaxBand,
			"epcRating": property.MsgEPCRating, "petsConsidered": property.MsgPets,
		} {
			if got := r.FieldError(field); got != msg {
				t.Errorf("%s: %q, want %q", field, got, msg)
			}
		}
		// Saved without publishing, the same details are kept for later.
		if r := put(with(bare, "publish", false)); r.Status != http.StatusOK || prop(r)["status"] != "Active" {
			t.Fatalf("plain save: %d %s", r.Status, r.Raw)
		}
		// ...and Publish on its own refuses the same way.
		if r := c.Post("/api/properties/"+id+"/publish", nil); r.Status != http.StatusBadRequest || r.FieldError("epcRating") != property.MsgEPCRating {
			t.Fatalf("publish bare: %d %s", r.Status, r.Raw)
		}
		// Values that cannot be true or lawful.
		for name, tc := range map[string]struct {
			d           map[string]any
			field, want string
		}{
			"studio with a bedroom": {with(publishing, "propertyType", "Studio"), "bedroomCount", property.MsgStudioBedrooms},
			"EPC G, no exemption":   {with(publishing, "epcRating", "G"), "epcExemption", property.MsgEPCTooLow},
			"EPC F, no reference":   {with(with(publishing, "epcRating", "F"), "epcExemptionType", "high-cost"), "epcExemptionRef", property.MsgEPCExemptionRef},
			"EPC F, made-up type":   {with(with(with(publishing, "epcRating", "F"), "epcExemptionType", "vibes"), "epcExemptionRef", "PRS-1"), "epcExemption", property.MsgUnknownChoice},
			"deposit over the cap":  {with(publishing, "depositPence", 300000), "depositPence", "The deposit can be at most 5 weeks' rent (£2,134.61) under the Tenant Fees Act 2019."},
			"band Z":                {with(publishing, "councilTaxBand", "Z"), "councilTaxBand", property.MsgUnknownChoice},
			"bills: a pony":         {with(publishing, "billsIncluded", []string{"Water", "Pony"}), "billsIncluded", property.MsgUnknownChoice},
		} {
			if r := put(tc.d); r.Status != http.StatusBadRequest || r.FieldError(tc.field) != tc.want {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		// A studio chosen as such has no bedroom.
		studio := with(with(with(publishing, "propertyType", "Studio"), "bedroomCount", 0), "billsIncluded", []string{"Water", "Council tax"})
		r = put(studio)
		if r.Status != http.StatusOK || prop(r)["status"] != "Published" {
			t.Fatalf("studio: %d %s", r.Status, r.Raw)
		}
		// The public listing tells the renter every fact.
		pub := c.Get("/api/listings/" + id)
		l, _ := pub.Body["listing"].(map[string]any)
		if l == nil {
			l = pub.Body
		}
		for k, want := range map[string]any{"propertyType": "Studio", "depositPence": float64(185000), "councilTaxBand": "C",
			"epcRating": "C", "petsConsidered": true, "furnishStatus": "Furnished", "bathroomCount": float64(1)} {
			if l[k] != want {
				t.Errorf("listing %s = %v, want %v (%s)", k, l[k], want, pub.Raw)
			}
		}
		if b, _ := l["billsIncluded"].([]any); len(b) != 2 {
			t.Errorf("bills: %v", l["billsIncluded"])
		}
		// Still published, a plain save cannot take a fact away.
		if r := put(with(without(studio, "councilTaxBand"), "publish", false)); r.Status != http.StatusBadRequest || r.FieldError("councilTaxBand") == "" {
			t.Fatalf("unsaying a fact of a published listing: %d %s", r.Status, r.Raw)
		}
	})
}

// Issue 25's leftovers: "No" is an answer to whether pets will be
// considered; a home rated F or G publishes only with a registered PRS
// exemption, shown on the listing; a listing needs a photo; a weekly rent
// is also given as its monthly equivalent, computed on the server.
func TestPetsNoExemptEPCPhotosAndMonthlyRent(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		// No photo yet: publishing is refused with the reason beside the photos.
		r := c.Post("/api/properties", address)
		id := prop(r)["id"].(string)
		put := func(d map[string]any) apptest.Response {
			return c.Do(http.MethodPut, "/api/properties/"+id+"/details", d)
		}
		publishing := with(with(with(details, "publish", true), "rentCycle", "Weekly"), "rentPence", 20000)
		publishing = with(publishing, "depositPence", 80000)
		if r := put(publishing); r.Status != http.StatusBadRequest || r.FieldError("photos") != property.MsgPhotoNeeded {
			t.Fatalf("published without a photo: %d %s", r.Status, r.Raw)
		}
		if r := put(with(publishing, "publish", false)); r.Status != http.StatusOK {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/properties/"+id+"/publish", nil); r.Status != http.StatusBadRequest || r.FieldError("photos") != property.MsgPhotoNeeded {
			t.Fatalf("publish without a photo: %d %s", r.Status, r.Raw)
		}
		addPhoto(t, c, id)
		// Pets: No is an answer; an F with its registered exemption publishes.
		exempt := with(with(with(with(publishing, "petsConsidered", false), "epcRating", "F"), "epcExemptionType", "high-cost"), "epcExemptionRef", " PRS-2026-0042 ")
		if r := put(exempt); r.Status != http.StatusOK || prop(r)["status"] != "Published" {
			t.Fatalf("pets no, exempt F: %d %s", r.Status, r.Raw)
		}
		l := e.NewClient().Get("/api/listings/" + id).Body["listing"].(map[string]any)
		if l["petsConsidered"] != false {
			t.Errorf("pets: %v", l["petsConsidered"])
		}
		// £200 a week is £866.67 a month (200 x 52 / 12 = 866.666..., half up).
		if l["rentPence"] != float64(20000) || l["monthlyRentPence"] != float64(86667) {
			t.Errorf("rent %v, monthly %v", l["rentPence"], l["monthlyRentPence"])
		}
		ex, _ := l["epcExemption"].(map[string]any)
		if ex == nil || ex["reference"] != "PRS-2026-0042" || ex["name"] != "High cost exemption" || ex["regulation"] == "" {
			t.Errorf("exemption on the listing: %v", l["epcExemption"])
		}
		// Rated C again, the exemption is dropped.
		if r := put(with(exempt, "epcRating", "C")); r.Status != http.StatusOK || prop(r)["epcExemption"] != nil {
			t.Fatalf("C keeps an exemption: %d %s", r.Status, r.Raw)
		}
		// A monthly rent's monthly figure is itself.
		if r := put(with(with(with(exempt, "epcRating", "C"), "rentCycle", "Monthly"), "depositPence", 20000)); prop(r)["monthlyRentPence"] != float64(20000) {
			t.Fatalf("monthly: %s", r.Raw)
		}
	})
}

// The EPC standard is data: a file without its source or with an unknown
// minimum stops the start.
func TestEPCStandardIsCheckedData(t *testing.T) {
	good := "version: x\nsource: s\nurl: u\nchecked: c\nminRating: E\nratings: [A, B, C, D, E, F, G]\nexemptions: [{id: a, name: A, regulation: r, years: 5}]\njurisdictions: [Wales]"
	if _, err := property.LoadEPC([]byte(good)); err != nil {
		t.Fatalf("good data refused: %v", err)
	}
	if property.EPC.MinRating != "E" || !property.EPC.BelowMinimum("F") || property.EPC.BelowMinimum("E") || len(property.EPC.Exemptions) < 5 {
		t.Fatalf("standard: %+v", property.EPC)
	}
	for name, bad := range map[string]string{
		"no source":   "version: x\nurl: u\nchecked: c\nminRating: E\nratings: [A, B, C, D, E, F, G]\nexemptions: [{id: a, name: A, regulation: r, years: 5}]",
		"bad minimum": "version: x\nsource: s\nurl: u\nchecked: c\nminRating: Q\nratings: [A, B, C, D, E, F, G]\nexemptions: [{id: a, name: A, regulation: r, years: 5}]",
		"no term":     "version: x\nsource: s\nurl: u\nchecked: c\nminRating: E\nratings: [A, B, C, D, E, F, G]\nexemptions: [{id: a, name: A, regulation: r}]",
		"no where":    "version: x\nsource: s\nurl: u\nchecked: c\nminRating: E\nratings: [A, B, C, D, E, F, G]\nexemptions: [{id: a, name: A, regulation: r, years: 5}]",
		"bad where":   "version: x\nsource: s\nurl: u\nchecked: c\nminRating: E\nratings: [A, B, C, D, E, F, G]\nexemptions: [{id: a, name: A, regulation: r, years: 5}]\njurisdictions: [Mercia]",
	} {
		if _, err := property.LoadEPC([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// The deposit's cap and the council tax bands are the law of the part of
// the UK the home is in: five (six) weeks' rent in England, two months' in
// Scotland, one month's in Northern Ireland (30 days of a weekly rent),
// none in Wales; band I only in Wales. An outside probe found Scottish
// listings held to England's Tenant Fees Act. A published listing whose
// address moves keeps to the law of its new address.
func TestDepositCapAndBandsAreTheLawWhereTheHomeIs(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		at := func(postcode string) string { return propertyWithPhotoAt(t, c, postcode) }
		publish := func(id, cycle string, rent, deposit int, band string) apptest.Response {
			d := with(with(with(with(details, "publish", true), "rentCycle", cycle), "rentPence", rent), "depositPence", deposit)
			return c.Do(http.MethodPut, "/api/properties/"+id+"/details", with(d, "councilTaxBand", band))
		}
		england, scotland, wales, ni := at("SW11 5RW"), at("EH1 2NG"), at("CF10 1EP"), at("BT1 5GS")
		berwick := at("TD15 1BT") // a district in Scotland and England: the stricter cap
		for _, tc := range []struct {
			name, id, cycle string
			rent, deposit   int
			band            string
			field, want     string // "" when it publishes
		}{
			{"England, 5 weeks", england, "Monthly", 100000, 115300, "C", "", ""},
			{"England, over 5 weeks", england, "Monthly", 100000, 115400, "C", "depositPence", "The deposit can be at most 5 weeks' rent (£1,153.84) under the Tenant Fees Act 2019."},
			{"England, band I", england, "Monthly", 100000, 100000, "I", "councilTaxBand", property.MsgBandIOnlyInWales},
			{"Scotland, 2 months", scotland, "Monthly", 100000, 200000, "C", "", ""},
			{"Scotland, over 2 months", scotland, "Monthly", 100000, 200100, "C", "depositPence", "The deposit can be at most 2 months' rent (£2,000.00) under the Rent (Scotland) Act 1984."},
			{"Scotland, weekly, over 2 months", scotland, "Weekly", 30000, 260100, "C", "depositPence", "The deposit can be at most 2 months' rent (£2,600.00) under the Rent (Scotland) Act 1984."},
			{"Northern Ireland, 1 month", ni, "Monthly", 100000, 100000, "", "", ""},
			{"Northern Ireland, over 1 month", ni, "Monthly", 100000, 100100, "", "depositPence", "The deposit can be at most 1 month's rent (£1,000.00) under the Private Tenancies Act (Northern Ireland) 2022."},
			{"Northern Ireland, weekly: 30 days", ni, "Weekly", 20000, 85800, "", "depositPence", "The deposit can be at most 1 month's rent (£857.14) under the Private Tenancies Act (Northern Ireland) 2022."},
			{"Northern Ireland, a band", ni, "Monthly", 100000, 100000, "C", "councilTaxBand", property.MsgNoCouncilTax},
			{"Northern Ireland, exempt", ni, "Monthly", 100000, 100000, "Exempt", "councilTaxBand", property.MsgNoCouncilTax},
			{"Wales, no cap, band I", wales, "Monthly", 100000, 500000, "I", "", ""},
			{"Berwick, 5 weeks", berwick, "Monthly", 100000, 115300, "C", "", ""},
			{"Berwick, 2 months", berwick, "Monthly", 100000, 200000, "C", "depositPence", "The deposit can be at most 5 weeks' rent (£1,153.84) under the Tenant Fees Act 2019."},
		} {
			expectPublished(t, tc.name, publish(tc.id, tc.cycle, tc.rent, tc.deposit, tc.band), tc.field, tc.want)
		}
		// Scotland's lawful two months are over England's cap: moving the
		// published listing to an English address is refused, and nothing
		// of it changes.
		r := c.Do(http.MethodPut, "/api/properties/"+scotland+"/address", map[string]any{"address": map[string]any{
			"addrFirstLine": "1 High Street", "town": "Town", "postcode": "SW11 5RW", "country": "United Kingdom"}})
		if r.Status != http.StatusBadRequest || !strings.HasPrefix(r.ErrorMessage(), property.MsgAddressListingLaw) ||
			!strings.Contains(r.FieldError("depositPence"), "5 weeks' rent") {
			t.Fatalf("published Scottish listing moved to England: %d %s", r.Status, r.Raw)
		}
		l := e.NewClient().Get("/api/listings/" + scotland).Body["listing"].(map[string]any)
		if l["postcodeDistrict"] != "EH1" || l["depositPence"] != float64(200000) {
			t.Errorf("after the refused move: %v", l)
		}
		// Unpublished, it may move; publishing it again keeps to England's cap.
		if r := c.Post("/api/properties/"+scotland+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		r = c.Do(http.MethodPut, "/api/properties/"+scotland+"/address", map[string]any{"address": map[string]any{
			"addrFirstLine": "1 High Street", "town": "Town", "postcode": "SW11 5RW", "country": "United Kingdom"}})
		if r.Status != http.StatusOK {
			t.Fatalf("move unpublished: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/properties/"+scotland+"/publish", nil); r.Status != http.StatusBadRequest || !strings.Contains(r.FieldError("depositPence"), "Tenant Fees Act 2019") {
			t.Fatalf("publish in England with two months' deposit: %d %s", r.Status, r.Raw)
		}
	})
}

// Council tax and the EPC minimum are the law where the home is. Northern
// Ireland has no council tax (domestic rates): a listing there is not asked
// for a band, may not give one, and says so instead; an address moved there
// loses its band. The minimum EPC rating and the PRS Exemptions Register
// are England and Wales's: a Scottish or Northern Irish home rated F or G
// publishes without an exemption (before, it could not publish at all).
func TestCouncilTaxAndEPCMinimumWhereTheHomeIs(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		at := func(postcode string) string { return propertyWithPhotoAt(t, c, postcode) }
		england, scotland, ni, border := at("SW11 5RW"), at("EH1 2NG"), at("BT1 5GS"), at("CH4 0AA")
		publish := func(id string, band, epc string) apptest.Response {
			d := with(with(with(details, "publish", true), "councilTaxBand", band), "epcRating", epc)
			return c.Do(http.MethodPut, "/api/properties/"+id+"/details", d)
		}
		for _, tc := range []struct {
			name, id, band, epc string
			field, want         string // "" when it publishes
		}{
			{"England, F without exemption", england, "C", "F", "epcExemption", property.MsgEPCTooLow},
			{"England, no band", england, "", "C", "councilTaxBand", property.MsgCouncilTaxBand},
			{"Scotland, G without exemption", scotland, "B", "G", "", ""},
			{"Northern Ireland, F without exemption and no band", ni, "", "F", "", ""},
			{"England/Wales border, band I", border, "I", "D", "", ""},
		} {
			expectPublished(t, tc.name, publish(tc.id, tc.band, tc.epc), tc.field, tc.want)
		}
		// What the form and the listing are told of the law there.
		for _, tc := range []struct {
			id, bands, none, epc string
		}{
			{england, "A B C D E F G H Exempt", "", "E"},
			{scotland, "A B C D E F G H Exempt", "", ""},
			{border, "A B C D E F G H I Exempt", "", "E"},
			{ni, "", "None: homes in Northern Ireland pay domestic rates", ""},
		} {
			p := prop(c.Get("/api/properties/" + tc.id))
			var bands []string
			for _, b := range p["councilTaxBands"].([]any) {
				bands = append(bands, b.(string))
			}
			if strings.Join(bands, " ") != tc.bands || p["councilTaxNone"] != tc.none || p["epcMinimum"] != tc.epc {
				t.Errorf("%s: bands %v, none %q, EPC minimum %q", p["address"], bands, p["councilTaxNone"], p["epcMinimum"])
			}
		}
		l := e.NewClient().Get("/api/listings/" + ni).Body["listing"].(map[string]any)
		if l["councilTaxBand"] != "" || l["councilTaxNone"] != "None: homes in Northern Ireland pay domestic rates" {
			t.Errorf("Northern Irish listing: %v %v", l["councilTaxBand"], l["councilTaxNone"])
		}
		// The stations data is Great Britain's: a Belfast listing names no
		// station across the sea (it had Stranraer, 42 miles off).
		if st := l["nearbyStations"].([]any); len(st) != 0 {
			t.Errorf("Northern Irish listing's stations: %v", st)
		}
		if st := prop(c.Get("/api/properties/" + scotland))["nearbyStations"].([]any); len(st) == 0 {
			t.Errorf("Edinburgh lists no station")
		}
		// An English home moved to Belfast loses its band with the move.
		draft := at("SW11 5RW")
		if r := c.Do(http.MethodPut, "/api/properties/"+draft+"/details", with(details, "councilTaxBand", "D")); r.Status != http.StatusOK {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		r := c.Do(http.MethodPut, "/api/properties/"+draft+"/address", map[string]any{"address": map[string]any{
			"addrFirstLine": "1 High Street", "town": "Belfast", "postcode": "BT1 5GS", "country": "United Kingdom"}})
		if r.Status != http.StatusOK || prop(r)["councilTaxBand"] != "" {
			t.Fatalf("moved to Belfast: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/properties/"+draft+"/publish", nil); r.Status != http.StatusOK {
			t.Fatalf("publish in Belfast: %d %s", r.Status, r.Raw)
		}
	})
}

// The council tax data is checked at start-up: every jurisdiction, each with
// its source, and bands or what a listing says instead.
func TestCouncilTaxIsCheckedData(t *testing.T) {
	ok := func(j string) string {
		return "  " + j + ": {bill: Council tax, bands: [A, B], source: s, url: u}\n"
	}
	head := "version: x\nchecked: c\njurisdictions:\n"
	good := head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [], none: n, source: s, url: u}\n"
	if _, err := property.LoadCouncilTax([]byte(good)); err != nil {
		t.Fatalf("good data refused: %v", err)
	}
	for name, bad := range map[string]string{
		"a jurisdiction missing": head + ok("England") + ok("Wales") + ok("Scotland"),
		"no source":              head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [], none: n, url: u}\n",
		"neither bands nor none": head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [], source: s, url: u}\n",
		"unknown band":           head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [Z], source: s, url: u}\n",
		"unknown jurisdiction":   good + ok("Mercia"),
		"no bill":                head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bands: [], none: n, source: s, url: u}\n",
		"an empty bill":          head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: \" \", bands: [], none: n, source: s, url: u}\n",
		"another bill's name":    head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Water, bands: [], none: n, source: s, url: u}\n",
		"not billed, unknown":    head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [], none: n, source: s, url: u, notBilled: [{bill: Pony, why: w, source: s}]}\n",
		"not billed, no why":     head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [], none: n, source: s, url: u, notBilled: [{bill: Water, source: s}]}\n",
		"not billed, no source":  head + ok("England") + ok("Wales") + ok("Scotland") + "  Northern Ireland: {bill: Rates, bands: [], none: n, source: s, url: u, notBilled: [{bill: Water, why: w}]}\n",
	} {
		if _, err := property.LoadCouncilTax([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if property.CouncilTax.Jurisdictions["Northern Ireland"].None == "" || len(property.CouncilTax.Jurisdictions["Wales"].Bands) != 9 {
		t.Errorf("loaded: %+v", property.CouncilTax)
	}
	for postcode, want := range map[string]string{
		"SW11 5RW": "Gas Electricity Water Council tax Broadband TV licence",
		"BT1 5GS":  "Gas Electricity Rates Broadband TV licence", // no water charge there
		// Unreadable: any part of the UK, so either local tax.
		"nowhere": "Gas Electricity Water Council tax Rates Broadband TV licence",
	} {
		if got := strings.Join(property.CouncilTax.BillsAt(postcode), " "); got != want {
			t.Errorf("bills at %s: %s, want %s", postcode, got, want)
		}
	}
	if got := strings.Join(property.Bills, " "); got != "Gas Electricity Water Council tax Rates Broadband TV licence" {
		t.Errorf("every bill: %s", got)
	}
}

// The local tax a rent may include is the one paid where the home is:
// council tax in Great Britain, domestic rates in Northern Ireland. The
// form offered "Council tax" for a Belfast home; now the bills offered are
// the place's (billChoices), another place's local tax is refused with the
// one to choose instead, a home moved between Great Britain and Northern
// Ireland has its included local tax swapped, and a listing saved with the
// wrong one does not publish. An unreadable postcode (GIR 0AA: any part of
// the UK) keeps accepting council tax, as before, and rates too.
func TestBillsAreTheLocalTaxWhereTheHomeIs(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		at := func(postcode string) string { return propertyWithPhotoAt(t, c, postcode) }
		england, scotland, ni, border, unplaced := at("SW11 5RW"), at("EH1 2NG"), at("BT1 5GS"), at("CH4 0AA"), at("GIR 0AA")
		publish := func(id string, band string, bills ...string) apptest.Response {
			d := with(with(with(details, "publish", true), "councilTaxBand", band), "billsIncluded", bills)
			return c.Do(http.MethodPut, "/api/properties/"+id+"/details", d)
		}
		for _, tc := range []struct {
			name, id, band string
			bills          []string
			field, want    string // "" when it publishes
		}{
			{"England, council tax", england, "C", []string{"Water", "Council tax"}, "", ""},
			{"England, rates", england, "C", []string{"Water", "Rates"}, "billsIncluded", "Rates is not paid in England: choose Council tax instead."},
			{"Scotland, council tax", scotland, "C", []string{"Council tax"}, "", ""},
			{"Scotland, rates", scotland, "C", []string{"Rates"}, "billsIncluded", "Rates is not paid in Scotland: choose Council tax instead."},
			{"Northern Ireland, council tax", ni, "", []string{"Gas", "Council tax"}, "billsIncluded", "Council tax is not paid in Northern Ireland: choose Rates instead."},
			{"Northern Ireland, a pony", ni, "", []string{"Pony"}, "billsIncluded", property.MsgUnknownChoice},
			{"Northern Ireland, rates", ni, "", []string{"Gas", "Rates"}, "", ""},
			{"Northern Ireland, water", ni, "", []string{"Water", "Rates"}, "billsIncluded", "Homes in Northern Ireland pay no separate water charge (it is paid for through the rates): a rent cannot include it."},
			{"England/Wales border, rates", border, "I", []string{"Rates"}, "billsIncluded", "Rates is not paid in England or Wales: choose Council tax instead."},
			{"England/Wales border, council tax", border, "I", []string{"Council tax"}, "", ""},
			{"unreadable postcode, council tax", unplaced, "C", []string{"Council tax"}, "", ""},
		} {
			expectPublished(t, tc.name, publish(tc.id, tc.band, tc.bills...), tc.field, tc.want)
		}
		// What the form and the listing are offered.
		billsOf := func(m map[string]any) string {
			var out []string
			for _, b := range m["billChoices"].([]any) {
				out = append(out, b.(string))
			}
			return strings.Join(out, " ")
		}
		for _, tc := range []struct{ id, want string }{
			{england, "Gas Electricity Water Council tax Broadband TV licence"},
			{scotland, "Gas Electricity Water Council tax Broadband TV licence"},
			{border, "Gas Electricity Water Council tax Broadband TV licence"},
			{ni, "Gas Electricity Rates Broadband TV licence"},
			{unplaced, "Gas Electricity Water Council tax Rates Broadband TV licence"},
		} {
			p := prop(c.Get("/api/properties/" + tc.id))
			if got := billsOf(p); got != tc.want {
				t.Errorf("%v: bill choices %s, want %s", p["address"], got, tc.want)
			}
		}
		l := e.NewClient().Get("/api/listings/" + ni).Body["listing"].(map[string]any)
		if got := billsOf(l); got != "Gas Electricity Rates Broadband TV licence" {
			t.Errorf("Northern Irish listing's bill choices: %s", got)
		}
		if b := l["billsIncluded"].([]any); len(b) != 2 || b[1] != "Rates" {
			t.Errorf("Northern Irish listing's bills: %v", b)
		}
		// The published English listing (a month's deposit: lawful in
		// Northern Ireland too) moves to Belfast: its council tax becomes
		// rates, the water it included goes (no water charge there), and it
		// stays published; back in London, council tax again.
		move := func(id, town, postcode string) apptest.Response {
			return c.Do(http.MethodPut, "/api/properties/"+id+"/address", map[string]any{"address": map[string]any{
				"addrFirstLine": "1 High Street", "town": town, "postcode": postcode, "country": "United Kingdom"}})
		}
		billsIncluded := func(p map[string]any) string {
			var out []string
			for _, b := range p["billsIncluded"].([]any) {
				out = append(out, b.(string))
			}
			return strings.Join(out, ", ")
		}
		r := move(england, "Belfast", "BT1 5GS")
		if r.Status != http.StatusOK || billsIncluded(prop(r)) != "Rates" || prop(r)["status"] != "Published" || prop(r)["councilTaxBand"] != "" {
			t.Fatalf("published listing moved to Belfast: %d %s", r.Status, r.Raw)
		}
		if got := billsIncluded(e.NewClient().Get("/api/listings/" + england).Body["listing"].(map[string]any)); got != "Rates" {
			t.Errorf("moved listing's bills: %s", got)
		}
		if r := move(england, "London", "SW11 5RW"); r.Status != http.StatusOK || billsIncluded(prop(r)) != "Council tax" {
			t.Fatalf("moved back to London: %d %s", r.Status, r.Raw)
		}
		// A Northern Irish listing saved with council tax (before this
		// check) cannot be published until the landlord chooses again.
		if r := c.Post("/api/properties/"+ni+"/unpublish", nil); r.Status != http.StatusOK {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE properties SET bills_included = ? WHERE id = ?`, `["Council tax"]`, ni); err != nil {
			t.Fatal(err)
		}
		r = c.Post("/api/properties/"+ni+"/publish", nil)
		if r.Status != http.StatusBadRequest || r.FieldError("billsIncluded") != "Council tax is not paid in Northern Ireland: choose Rates instead." {
			t.Fatalf("publish with council tax in Belfast: %d %s", r.Status, r.Raw)
		}
	})
}

// The PRS Exemptions Register is England and Wales's. Before, a Scottish
// or Northern Irish home rated F or G could be saved, through the API, with
// an exemption type and reference, and the listing showed it. Now they are
// refused; a home moved out of England and Wales loses its exemption, and
// one saved before is not shown. Moved back, a published F or G listing is
// refused without one.
func TestEPCExemptionOnlyWhereTheRegisterIs(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lan@example.com", "Secret#123", "Landlord")
		at := func(postcode string) string { return propertyWithPhotoAt(t, c, postcode) }
		england, edinburgh, glasgow, ni := at("SW11 5RW"), at("EH1 1AA"), at("G1 1AA"), at("BT1 5GS")
		publish := func(id, band, epc, exemption, ref string) apptest.Response {
			d := with(with(with(details, "publish", true), "councilTaxBand", band), "epcRating", epc)
			d = with(with(d, "epcExemptionType", exemption), "epcExemptionRef", ref)
			return c.Do(http.MethodPut, "/api/properties/"+id+"/details", d)
		}
		for _, tc := range []struct {
			name, id, band, epc, exemption, ref string
			field, want                         string // "" when it publishes
		}{
			{"Edinburgh, F with an exemption", edinburgh, "C", "F", "high-cost", "PRS-1", "epcExemption", property.MsgNoEPCRegister},
			{"Glasgow, G with an exemption type", glasgow, "C", "G", "consent", "", "epcExemption", property.MsgNoEPCRegister},
			{"Belfast, F with an exemption", ni, "", "F", "high-cost", "PRS-1", "epcExemption", property.MsgNoEPCRegister},
			{"Belfast, G with a reference", ni, "", "G", "", "PRS-1", "epcExemption", property.MsgNoEPCRegister},
			{"Edinburgh, C with an exemption (ignored)", edinburgh, "C", "C", "high-cost", "PRS-1", "", ""},
			{"Glasgow, G without", glasgow, "C", "G", "", "", "", ""},
			{"Belfast, F without", ni, "", "F", "", "", "", ""},
			{"England, F with an exemption", england, "C", "F", "high-cost", "PRS-1", "", ""},
		} {
			expectPublished(t, tc.name, publish(tc.id, tc.band, tc.epc, tc.exemption, tc.ref), tc.field, tc.want)
		}
		for _, id := range []string{edinburgh, glasgow, ni} {
			if p := prop(c.Get("/api/properties/" + id)); p["epcExemption"] != nil {
				t.Errorf("%v: exemption %v", p["address"], p["epcExemption"])
			}
		}
		// One saved before the check is not shown.
		if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE properties SET epc_exemption = ?, epc_exemption_ref = ? WHERE id = ?`, "high-cost", "PRS-OLD", glasgow); err != nil {
			t.Fatal(err)
		}
		if l := e.NewClient().Get("/api/listings/" + glasgow).Body["listing"].(map[string]any); l["epcRating"] != "G" || l["epcExemption"] != nil {
			t.Errorf("Glasgow listing with an old exemption: %v %v", l["epcRating"], l["epcExemption"])
		}
		// The English F listing moves to Edinburgh (a month's deposit and
		// band C are lawful there): its exemption goes with the move.
		move := func(id, town, postcode string) apptest.Response {
			return c.Do(http.MethodPut, "/api/properties/"+id+"/address", map[string]any{"address": map[string]any{
				"addrFirstLine": "1 High Street", "town": town, "postcode": postcode, "country": "United Kingdom"}})
		}
		if r := move(england, "Edinburgh", "EH1 1AA"); r.Status != http.StatusOK || prop(r)["epcExemption"] != nil || prop(r)["status"] != "Published" {
			t.Fatalf("moved to Edinburgh: %d %s", r.Status, r.Raw)
		}
		var kind, ref string
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT epc_exemption, epc_exemption_ref FROM properties WHERE id = ?`, england).Scan(&kind, &ref); err != nil || kind != "" || ref != "" {
			t.Fatalf("stored exemption after the move: %q %q %v", kind, ref, err)
		}
		// Back to England, an F with no exemption may not stay published.
		r := move(england, "London", "SW11 5RW")
		if r.Status != http.StatusBadRequest || !strings.HasPrefix(r.ErrorMessage(), property.MsgAddressListingLaw) || r.FieldError("epcExemption") != property.MsgEPCTooLow {
			t.Fatalf("published F moved back to England: %d %s", r.Status, r.Raw)
		}
	})
}

// propertyWithPhotoAt creates a property at 1 High Street with this
// postcode, with one photo, and returns its id.
func propertyWithPhotoAt(t *testing.T, c *apptest.Client, postcode string) string {
	t.Helper()
	r := c.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": "1 High Street", "town": "Town", "postcode": postcode, "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create at %s: %d %s", postcode, r.Status, r.Raw)
	}
	id := prop(r)["id"].(string)
	addPhoto(t, c, id)
	return id
}

// expectPublished checks a save-and-publish's answer: published when want
// is "", else refused with want beside field.
func expectPublished(t *testing.T, name string, r apptest.Response, field, want string) {
	t.Helper()
	if want == "" {
		if r.Status != http.StatusOK || prop(r)["status"] != "Published" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
		return
	}
	if r.Status != http.StatusBadRequest || r.FieldError(field) != want {
		t.Errorf("%s: %d %s", name, r.Status, r.Raw)
	}
}
