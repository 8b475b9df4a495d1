package contract

import (
	"strings"
	"time"
)

// View is what a clause template may say: the answers written out as the
// agreement writes them. Adding a field here is the only way to give the
// clause libraries a new placeholder.
type View struct {
	LandlordName        string
	ServiceAddress      string
	PropertyAddress     string
	Room                bool
	RoomLocation        string
	TenantNames         string // "A and B"
	TenantList          string // "A (a@x), B (b@x)"
	GuarantorName       string
	GuarantorEmail      string
	Occupiers           string
	StartDate           string
	RentAmount          string
	RentPeriodNoun      string // week or month
	RentPeriodAdjective string // weekly or monthly
	FirstPaymentDate    string
	Bills               string
	DepositKind         string
	DepositPerTenant    string
	DepositTotal        string
	DepositScheme       string
	ZeroDepositAmount   string
	ScheduleDate        string
	SharedFacilities    string
	ParkingSpaces       int
	ParkingType         string
	ParkingLocation     string
	Mortgage            bool
}

// Property is the rented address, as the properties area keeps it.
type Property struct {
	ID       string `json:"id"`
	Line1    string `json:"addrFirstLine"`
	Line2    string `json:"addrSecondLine"`
	Town     string `json:"town"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
	// Advertised: the rent its listing advertises while it is published,
	// or last advertised before it was taken down (nil when never
	// advertised); the agreement's rent may not be more (advert.go).
	Advertised *AdvertisedRent `json:"-"`
}

// AdvertisedRent is a listing's rent: pence a month, or a week; Listed
// while the listing is published, else At is when it was last advertised.
type AdvertisedRent struct {
	Pence  int64
	Weekly bool
	Listed bool
	At     time.Time
}

func (p Property) text() string { return joinNonEmpty(", ", p.Line1, p.Line2, p.Town, p.Postcode) }

func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if s := strings.TrimSpace(p); s != "" {
			keep = append(keep, s)
		}
	}
	return strings.Join(keep, sep)
}

func (p Person) name() string { return joinNonEmpty(" ", p.First, p.Middle, p.Last) }

// andList writes "A", "A and B", "A, B and C".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// longDate writes 2026-06-01 as 1 June 2026; an unreadable date stays as it is.
func longDate(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return t.Format("2 January 2006")
}

// viewOf writes the answers out for the templates.
func viewOf(a Answers, p Property) View {
	v := View{
		ServiceAddress:      joinNonEmpty(", ", a.ServiceAddress.Line1, a.ServiceAddress.Line2, a.ServiceAddress.Town, a.ServiceAddress.Postcode, a.ServiceAddress.Country),
		PropertyAddress:     p.text(),
		Room:                a.ContractType == "room",
		RoomLocation:        a.RoomLocation,
		StartDate:           longDate(a.StartDate),
		RentAmount:          moneyText(a.RentPence),
		RentPeriodNoun:      "month",
		RentPeriodAdjective: "monthly",
		FirstPaymentDate:    longDate(a.FirstPaymentDate),
		DepositKind:         a.Deposit.Kind,
		ScheduleDate:        longDate(a.ScheduleDate),
		SharedFacilities:    a.Shared.Facilities,
		Mortgage:            a.Mortgage == Yes,
	}
	if a.Landlord.Company != "" {
		v.LandlordName = a.Landlord.Company
	} else {
		v.LandlordName = joinNonEmpty(" ", a.Landlord.First, a.Landlord.Middle, a.Landlord.Last)
	}
	if a.RentPeriod == "weekly" {
		v.RentPeriodNoun, v.RentPeriodAdjective = "week", "weekly"
	}
	var names, list []string
	for _, t := range a.Tenants {
		names = append(names, t.name())
		list = append(list, t.name()+" ("+t.Email+")")
	}
	v.TenantNames, v.TenantList = andList(names), andList(list)
	if a.Guarantor.Answer == Yes {
		v.GuarantorName, v.GuarantorEmail = a.Guarantor.name(), a.Guarantor.Email
	}
	if a.Occupiers.Answer == Yes {
		var occ []string
		for _, o := range a.Occupiers.People {
			occ = append(occ, o.name())
		}
		v.Occupiers = andList(occ)
	}
	if a.Utilities.Answer == Yes {
		var bills []string
		for _, it := range a.Utilities.Items {
			if it == "Other" {
				it = a.Utilities.Other
			}
			bills = append(bills, it)
		}
		v.Bills = andList(bills)
	}
	if a.Deposit.Kind == DepositStandard {
		v.DepositPerTenant = moneyText(a.Deposit.PerTenantPence)
		v.DepositTotal = moneyText(a.Deposit.PerTenantPence * int64(max(1, len(a.Tenants))))
		v.DepositScheme = a.Deposit.Scheme
		if v.DepositScheme == "Other" {
			v.DepositScheme = a.Deposit.SchemeOther
		}
	}
	if a.Deposit.Kind == DepositZero {
		v.ZeroDepositAmount = moneyText(a.Deposit.ZeroPence)
	}
	if a.Parking.Answer == Yes {
		v.ParkingSpaces, v.ParkingLocation = a.Parking.Spaces, a.Parking.Location
		v.ParkingType = a.Parking.Type
		if v.ParkingType == "Other" {
			v.ParkingType = a.Parking.TypeOther
		}
	}
	return v
}

// sampleView fills every field: the start-up check runs every clause on it.
func sampleView() View {
	return viewOf(SampleAnswers(), Property{Line1: "1 High Street", Town: "Leeds", Postcode: "LS1 1AA", Country: "United Kingdom"})
}

// SampleAnswers is a complete agreement: two tenants, a guarantor, an
// occupier, a standard deposit, bills, shared facilities and parking.
func SampleAnswers() Answers {
	return Answers{
		Landlord:       LandlordName{First: "Jane", Last: "Landlord"},
		ServiceAddress: Address{Line1: "2 Office Row", Town: "Leeds", Postcode: "LS2 2BB", Country: "United Kingdom"},
		Jurisdiction:   "England",
		ContractType:   "room",
		RoomLocation:   "Second floor, front room",
		StartDate:      "2026-12-01",
		Tenants: []Person{
			{First: "Ann", Last: "Tenant", Email: "ann@example.com"},
			{First: "Bob", Last: "Tenant", Email: "bob@example.com"},
		},
		Guarantor:        Guarantor{Answer: Yes, Person: Person{First: "Gail", Last: "Guarantor", Email: "gail@example.com"}},
		Occupiers:        Occupiers{Answer: Yes, People: []Person{{First: "Cara", Last: "Tenant"}}},
		RentPence:        120000,
		RentPeriod:       "monthly",
		FirstPaymentDate: "2026-12-01",
		Deposit:          Deposit{Kind: DepositStandard, PerTenantPence: 60000, Scheme: "Deposit Protection Service"},
		Utilities:        Utilities{Answer: Yes, Items: []string{"Water", "Internet"}},
		ScheduleDate:     "2026-11-30",
		Shared:           Shared{Answer: Yes, Facilities: "kitchen, bathroom"},
		Parking:          Parking{Answer: Yes, Spaces: 1, Type: "Off-street", Location: "Bay 4 behind the building"},
		AdditionalTerms:  Additional{Answer: No},
		Mortgage:         Yes,
	}
}
