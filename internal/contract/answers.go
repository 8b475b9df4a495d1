package contract

import (
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// Answers are the wizard's answers (spec 2 section 3, "Contract", as the
// law of the tenancy's start date shapes them). Money is integer pence.
type Answers struct {
	Landlord         LandlordName `json:"landlord"`
	ServiceAddress   Address      `json:"serviceAddress"`
	Jurisdiction     string       `json:"jurisdiction"`
	ContractType     string       `json:"contractType"` // whole or room
	RoomLocation     string       `json:"roomLocation"`
	ResidentLandlord Choice       `json:"residentLandlord"` // room only: yes or no
	StartDate        string       `json:"startDate"`
	Tenants          []Person     `json:"tenants"`
	Guarantor        Guarantor    `json:"guarantor"`
	Occupiers        Occupiers    `json:"occupiers"`
	RentPence        int64        `json:"rentPence"`
	RentPeriod       string       `json:"rentPeriod"` // weekly or monthly
	FirstPaymentDate string       `json:"firstPaymentDate"`
	Deposit          Deposit      `json:"deposit"`
	Utilities        Utilities    `json:"utilities"`
	ScheduleDate     string       `json:"scheduleDate"`
	Shared           Shared       `json:"shared"`
	Parking          Parking      `json:"parking"`
	AdditionalTerms  Additional   `json:"additionalTerms"`
	Mortgage         string       `json:"mortgage"` // yes, no or empty
	// Nation: the answers of an agreement in Scotland, Wales or Northern
	// Ireland (nation.go); never kept for England.
	Nation *NationAnswers `json:"nation,omitempty"`
}

type LandlordName struct {
	First   string `json:"first"`
	Middle  string `json:"middle"`
	Last    string `json:"last"`
	Company string `json:"company"`
}

type Address struct {
	Line1    string `json:"line1"`
	Line2    string `json:"line2"`
	Town     string `json:"town"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

type Person struct {
	First  string `json:"first"`
	Middle string `json:"middle"`
	Last   string `json:"last"`
	Email  string `json:"email,omitempty"`
}

// Choice answers a yes, no or skip question; no and skip store empty values.
type Choice = string

const (
	Yes  Choice = "yes"
	No   Choice = "no"
	Skip Choice = "skip"
)

type Guarantor struct {
	Answer Choice `json:"answer"`
	Person
}

type Occupiers struct {
	Answer Choice   `json:"answer"`
	People []Person `json:"people"`
}

// Deposit kinds.
const (
	DepositStandard = "standard"
	DepositZero     = "zero"
	DepositNone     = "skip"
)

type Deposit struct {
	Kind           string `json:"kind"`
	PerTenantPence int64  `json:"perTenantPence"`
	Scheme         string `json:"scheme"`
	SchemeOther    string `json:"schemeOther"`
	ZeroPence      int64  `json:"zeroPence"`
}

type Utilities struct {
	Answer Choice   `json:"answer"`
	Items  []string `json:"items"`
	Other  string   `json:"other"`
}

type Shared struct {
	Answer     Choice `json:"answer"`
	Facilities string `json:"facilities"` // comma-separated
}

type Parking struct {
	Answer    Choice `json:"answer"`
	Spaces    int    `json:"spaces"`
	Type      string `json:"type"`
	TypeOther string `json:"typeOther"`
	Location  string `json:"location"`
}

type Additional struct {
	Answer Choice   `json:"answer"`
	Text   RichText `json:"text"`
}

// The wizard's messages, word for word (spec 2 section 5, "Wizard"), and
// the ones the law adds.
const (
	MsgEmail             = "Please provide a valid email"
	MsgLandlordName      = "Provide a landlord name or company"
	MsgAddress           = "Please add an address"
	MsgTown              = "Please add a town"
	MsgPostCode          = "Please add a post code"
	MsgRoomLocation      = "Please provide the room location"
	MsgStartDate         = "Please enter a starting date"
	MsgFirstName         = "Please provide a first name"
	MsgLastName          = "Please provide a last name"
	MsgFillCorrectly     = "Please fill the form correctly"
	MsgDate              = "Please provide a date"
	MsgScheme            = "Please specify a scheme"
	MsgShared            = "Please provide the shared facilities"
	MsgSpecify           = "Please specify"
	MsgSpecifyDots       = "Please specify..."
	MsgAdditionalTerms   = "Please provide the additional terms"
	MsgTenantsRequired   = "Please add at least one tenant"
	MsgTooManyTenants    = "An agreement can have at most 10 tenants"
	MsgChoose            = "Please choose an answer"
	MsgRentPeriod        = "Choose a weekly or monthly rent period. A tenancy in England cannot have a rent period longer than a month (28 days for a four-weekly rent); the agreements made here are weekly or monthly."
	MsgFirstPaymentEarly = "The first payment cannot be due more than one month before the tenancy starts: rent in advance is capped at one month."
	MsgJurisdiction      = "Please choose where the property is"
	MsgContractType      = "Please choose the contract type"
	MsgTenantIsGuarantor = "The guarantor cannot also be a tenant"
)

// The option lists (spec 2 section 9, as the law leaves them).
var (
	DepositSchemes = []string{"Deposit Protection Service", "My Deposits", "Tenancy Deposit Scheme", "Other"}
	UtilityChoices = []string{"Electricity", "Gas", "Water", "Internet", "TV License", "Council Tax", "Other"}
	ParkingTypes   = []string{"Off-street", "Residential", "Garage", "Other"}
)

// MaxTenants bounds an agreement's tenants.
const MaxTenants = 10

const maxText = 500

func clean(s string) string { return strings.TrimSpace(s) }

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@"):], ".")
}

func day(s string) (time.Time, bool) {
	t, err := dates.Parse(strings.TrimSpace(s))
	return t, err == nil
}

// normalise trims every text and lowercases e-mails, and drops the values a
// No or Skip answer leaves empty (spec: 'No' and skip store empty values).
// Tenants with an e-mail already in the list are not added twice.
func (a *Answers) normalise() {
	if nationOf(*a) == nil {
		a.Nation = nil
	}
	a.Landlord = LandlordName{clean(a.Landlord.First), clean(a.Landlord.Middle), clean(a.Landlord.Last), clean(a.Landlord.Company)}
	a.ServiceAddress = a.ServiceAddress.normalised()
	a.RoomLocation = clean(a.RoomLocation)
	if a.ContractType != "room" {
		a.RoomLocation, a.ResidentLandlord = "", ""
	}
	seen := map[string]bool{}
	tenants := a.Tenants[:0:0]
	for _, t := range a.Tenants {
		t = t.normalised()
		if t.Email != "" && seen[t.Email] {
			continue
		}
		seen[t.Email] = true
		tenants = append(tenants, t)
	}
	a.Tenants = tenants
	if a.Guarantor.Answer != Yes {
		a.Guarantor = Guarantor{Answer: a.Guarantor.Answer}
	} else {
		a.Guarantor.Person = a.Guarantor.Person.normalised()
	}
	if a.Occupiers.Answer != Yes {
		a.Occupiers = Occupiers{Answer: a.Occupiers.Answer}
	} else {
		for i := range a.Occupiers.People {
			a.Occupiers.People[i] = a.Occupiers.People[i].normalised()
			a.Occupiers.People[i].Email = ""
		}
	}
	switch a.Deposit.Kind {
	case DepositStandard:
		a.Deposit.ZeroPence = 0
		if a.Deposit.Scheme != "Other" {
			a.Deposit.SchemeOther = ""
		}
	case DepositZero:
		a.Deposit = Deposit{Kind: DepositZero, ZeroPence: a.Deposit.ZeroPence}
	default:
		a.Deposit = Deposit{Kind: a.Deposit.Kind}
	}
	if a.Utilities.Answer != Yes {
		a.Utilities = Utilities{Answer: a.Utilities.Answer}
	}
	if a.Shared.Answer != Yes {
		a.Shared = Shared{Answer: a.Shared.Answer}
	}
	if a.Parking.Answer != Yes {
		a.Parking = Parking{Answer: a.Parking.Answer}
	}
	if a.AdditionalTerms.Answer != Yes {
		a.AdditionalTerms = Additional{Answer: a.AdditionalTerms.Answer}
	}
}

func (ad Address) normalised() Address {
	ad = Address{clean(ad.Line1), clean(ad.Line2), clean(ad.Town), strings.ToUpper(clean(ad.Postcode)), clean(ad.Country)}
	if ad.Country == "" {
		ad.Country = "United Kingdom"
	}
	return ad
}

func (p Person) normalised() Person {
	return Person{clean(p.First), clean(p.Middle), clean(p.Last), strings.ToLower(clean(p.Email))}
}

// problems collects a step's field messages.
type problems map[string]string

func (p problems) add(field, msg string) {
	if _, ok := p[field]; !ok {
		p[field] = msg
	}
}

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	// The first message in the form's order leads.
	for _, f := range fieldOrder {
		if m, ok := p[f]; ok {
			return apperr.Fields(m, p)
		}
	}
	for _, m := range p {
		return apperr.Fields(m, p)
	}
	return nil
}

var fieldOrder = []string{
	"landlord", "serviceAddress.line1", "serviceAddress.town", "serviceAddress.postcode", "jurisdiction", "contractType",
	"roomLocation", "residentLandlord", "startDate", "tenants", "guarantor", "guarantor.first", "guarantor.last", "guarantor.email", "occupiers",
	"rentPence", "rentPeriod", "firstPaymentDate", "deposit", "deposit.perTenantPence", "deposit.scheme", "deposit.schemeOther",
	"deposit.zeroPence", "utilities", "utilities.other", "scheduleDate", "shared", "parking", "parking.spaces", "parking.type",
	"parking.location", "additionalTerms", "mortgage",
}

func checkPerson(p problems, field string, x Person, withEmail bool) {
	if x.First == "" || !text.ValidName(x.First) {
		p.add(field+".first", MsgFirstName)
	}
	if x.Last == "" || !text.ValidName(x.Last) {
		p.add(field+".last", MsgLastName)
	}
	if withEmail && !validEmail(x.Email) {
		p.add(field+".email", MsgEmail)
	}
	if len(x.First)+len(x.Middle)+len(x.Last) > maxText {
		p.add(field+".first", MsgFillCorrectly)
	}
}

func choice(c Choice, allowSkip bool) bool {
	return c == Yes || c == No || (allowSkip && c == Skip)
}

// checkStep applies one wizard step's rules to the answers. The browser
// applies the same rules for speed; this is the authority.
func (a *Answers) checkStep(step Step, lib *Library) error {
	p := problems{}
	switch step {
	case StepLandlord:
		l := a.Landlord
		if l.Company == "" && (l.First == "" || l.Last == "") {
			p.add("landlord", MsgLandlordName)
		}
		for _, s := range []string{l.First, l.Middle, l.Last, l.Company} {
			if len(s) > maxText || (s != "" && !text.ValidName(s) && s != l.Company) {
				p.add("landlord", MsgLandlordName)
			}
		}
	case StepServiceAddress:
		ad := a.ServiceAddress
		if ad.Line1 == "" {
			p.add("serviceAddress.line1", MsgAddress)
		}
		if ad.Town == "" {
			p.add("serviceAddress.town", MsgTown)
		}
		if ad.Postcode == "" {
			p.add("serviceAddress.postcode", MsgPostCode)
		} else if lib != nil && !noticeAddressAllowed(ad, lib.Law.NoticeAddress) {
			p.add("serviceAddress.postcode", strings.TrimSpace(lib.Law.NoticeAddress.Message))
		}
	case StepJurisdiction:
		if !tenancy.ValidJurisdiction(a.Jurisdiction) {
			p.add("jurisdiction", MsgJurisdiction)
		} else if a.Jurisdiction != tenancy.England {
			msg := fmt.Sprintf(MsgJurisdictionNotOffered, a.Jurisdiction)
			return apperr.Fields(msg, map[string]string{"jurisdiction": msg}).WithKind(apperr.Invalid, "jurisdiction_not_offered")
		}
	case StepContractType:
		if a.ContractType != "whole" && a.ContractType != "room" {
			p.add("contractType", MsgContractType)
		}
	case StepRoomLocation:
		if a.RoomLocation == "" || len(a.RoomLocation) > maxText {
			p.add("roomLocation", MsgRoomLocation)
		}
	case StepResidentLandlord:
		if !choice(a.ResidentLandlord, false) {
			p.add("residentLandlord", MsgChoose)
		} else if a.ResidentLandlord == Yes && lib != nil {
			return lodgerRefused(lib)
		}
	case StepTermType, StepNoticePeriod, StepFinished:
		// Information only: the law fixes both.
	case StepStartDate:
		d, ok := day(a.StartDate)
		if !ok {
			p.add("startDate", MsgStartDate)
			break
		}
		if lib == nil {
			return nil
		}
		if d.Before(lib.from) || (!lib.to.IsZero() && d.After(lib.to)) {
			msg := fmt.Sprintf(MsgNoLibraryForDate, lib.from.Format("2 January 2006"))
			p.add("startDate", msg)
		}
	case StepTenants:
		if len(a.Tenants) == 0 {
			p.add("tenants", MsgTenantsRequired)
		}
		if len(a.Tenants) > MaxTenants {
			p.add("tenants", MsgTooManyTenants)
		}
		for i, t := range a.Tenants {
			checkPerson(p, fmt.Sprintf("tenants.%d", i), t, true)
		}
	case StepGuarantor:
		if !choice(a.Guarantor.Answer, true) {
			p.add("guarantor", MsgChoose)
		} else if a.Guarantor.Answer == Yes {
			checkPerson(p, "guarantor", a.Guarantor.Person, true)
			for _, t := range a.Tenants {
				if t.Email == a.Guarantor.Email {
					p.add("guarantor.email", MsgTenantIsGuarantor)
				}
			}
		}
	case StepOccupiers:
		if !choice(a.Occupiers.Answer, true) {
			p.add("occupiers", MsgChoose)
		} else if a.Occupiers.Answer == Yes {
			if len(a.Occupiers.People) == 0 || len(a.Occupiers.People) > MaxTenants {
				p.add("occupiers", MsgFillCorrectly)
			}
			for i, o := range a.Occupiers.People {
				checkPerson(p, fmt.Sprintf("occupiers.%d", i), o, false)
			}
		}
	case StepRent:
		if a.RentPence <= 0 || a.RentPence > tenancy.MaxRentPence {
			p.add("rentPence", MsgFillCorrectly)
		}
		periodOK := false
		if lib != nil {
			for _, rp := range lib.Rules.RentPeriods {
				periodOK = periodOK || rp == a.RentPeriod
			}
		}
		if !periodOK {
			p.add("rentPeriod", MsgRentPeriod)
		}
	case StepFirstPayment:
		fp, ok := day(a.FirstPaymentDate)
		if !ok {
			p.add("firstPaymentDate", MsgDate)
			break
		}
		if start, ok := day(a.StartDate); ok && fp.Before(start.AddDate(0, -1, 0)) {
			p.add("firstPaymentDate", MsgFirstPaymentEarly)
		}
	case StepDeposit:
		d := a.Deposit
		switch d.Kind {
		case DepositStandard:
			if d.PerTenantPence <= 0 || d.PerTenantPence > tenancy.MaxRentPence {
				p.add("deposit.perTenantPence", MsgFillCorrectly)
			} else if w := tenancy.DepositWarningAnnual(annualRent(a.RentPence, a.RentPeriod), d.PerTenantPence*int64(max(1, len(a.Tenants)))); w != "" {
				p.add("deposit.perTenantPence", w)
			}
			switch {
			case !contains(DepositSchemes, d.Scheme):
				p.add("deposit.scheme", MsgScheme)
			case lib != nil && !contains(lib.Law.DepositScheme.Schemes, d.Scheme):
				// The law approves its schemes: no other (law.depositScheme).
				p.add("deposit.scheme", strings.TrimSpace(lib.Law.DepositScheme.Message))
			case d.Scheme == "Other" && (clean(d.SchemeOther) == "" || len(d.SchemeOther) > maxText):
				p.add("deposit.schemeOther", MsgScheme)
			}
		case DepositZero:
			if d.ZeroPence <= 0 || d.ZeroPence > tenancy.MaxRentPence {
				p.add("deposit.zeroPence", MsgFillCorrectly)
			}
		case DepositNone:
		default:
			p.add("deposit", MsgChoose)
		}
	case StepUtilities:
		u := a.Utilities
		if !choice(u.Answer, true) {
			p.add("utilities", MsgChoose)
		} else if u.Answer == Yes {
			if len(u.Items) == 0 {
				p.add("utilities", MsgSpecify)
			}
			for _, it := range u.Items {
				if !contains(UtilityChoices, it) {
					p.add("utilities", MsgSpecify)
				}
				if it == "Other" && (clean(u.Other) == "" || len(u.Other) > maxText) {
					p.add("utilities.other", MsgSpecify)
				}
			}
		}
	case StepSchedule:
		if _, ok := day(a.ScheduleDate); !ok {
			p.add("scheduleDate", MsgFillCorrectly)
		}
	case StepShared:
		s := a.Shared
		if !choice(s.Answer, true) {
			p.add("shared", MsgChoose)
		} else if s.Answer == Yes {
			parts := strings.Split(s.Facilities, ",")
			for _, f := range parts {
				if clean(f) == "" {
					p.add("shared", MsgShared)
				}
			}
			if len(s.Facilities) > maxText {
				p.add("shared", MsgShared)
			}
		}
	case StepParking:
		k := a.Parking
		if !choice(k.Answer, true) {
			p.add("parking", MsgChoose)
		} else if k.Answer == Yes {
			if k.Spaces < 1 || k.Spaces > 99 {
				p.add("parking.spaces", MsgFillCorrectly)
			}
			if !contains(ParkingTypes, k.Type) || (k.Type == "Other" && clean(k.TypeOther) == "") {
				p.add("parking.type", MsgSpecifyDots)
			}
			if clean(k.Location) == "" || len(k.Location) > maxText {
				p.add("parking.location", MsgSpecifyDots)
			}
		}
	case StepAdditionalTerms:
		t := a.AdditionalTerms
		if !choice(t.Answer, true) {
			p.add("additionalTerms", MsgChoose)
		} else if t.Answer == Yes && strings.TrimSpace(t.Text.Plain()) == "" {
			p.add("additionalTerms", MsgAdditionalTerms)
		}
	case StepMortgage:
		if a.Mortgage != Yes && a.Mortgage != No {
			p.add("mortgage", MsgChoose)
		}
	default:
		return apperr.New(apperr.Invalid, "unknown_step", "Unknown step.")
	}
	return p.err()
}

// noticeAddressAllowed is whether the landlord's address for notices is in
// a jurisdiction the law allows (England or Wales: Landlord and Tenant Act
// 1987 section 48), read from its postcode district and its country.
func noticeAddressAllowed(ad Address, rule LawRule) bool {
	country := strings.ToLower(strings.TrimSpace(ad.Country))
	switch country {
	case "", "uk", "u.k.", "united kingdom", "great britain", "gb", "england", "wales":
	default:
		return false
	}
	for _, j := range tenancy.JurisdictionChoices(ad.Postcode) {
		if contains(rule.Jurisdictions, j) && tenancy.District(ad.Postcode) != "" {
			return true
		}
	}
	return false
}

// lodgerRefused answers a room let by a resident landlord: not an assured
// tenancy, so the builder makes nothing.
func lodgerRefused(lib *Library) error {
	msg := strings.TrimSpace(lib.Law.ResidentLandlord.Message)
	return apperr.Fields(msg, map[string]string{"residentLandlord": msg}).WithKind(apperr.Invalid, "lodger_not_offered")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// annualRent is a rent's yearly total: 52 weeks or 12 months.
func annualRent(pence int64, period string) int64 {
	if period == "weekly" {
		return pence * 52
	}
	return pence * 12
}

// moneyText formats pence as the agreement writes it.
func moneyText(p int64) string { return money.Format(p) }
