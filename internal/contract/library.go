package contract

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"text/template"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// The clause libraries: one YAML file per document type and version, each
// with its jurisdiction, the dates it applies to and its legal source. They
// are loaded and checked when the server starts (LoadLibraries), so a broken
// library stops the server instead of producing a broken agreement.
//
//go:embed library/*.yaml
var libraryFiles embed.FS

// Library is one version of a document type's clauses.
type Library struct {
	DocumentType  string    `yaml:"documentType"`
	Version       string    `yaml:"version"`
	Jurisdiction  string    `yaml:"jurisdiction"`
	EffectiveFrom string    `yaml:"effectiveFrom"`
	EffectiveTo   string    `yaml:"effectiveTo"`
	Title         string    `yaml:"title"`
	Subtitle      string    `yaml:"subtitle"`
	Source        string    `yaml:"source"`
	ReviewedOn    string    `yaml:"reviewedOn"`
	Disclaimer    string    `yaml:"disclaimer"`
	Rules         Rules     `yaml:"rules"`
	Sections      []Section `yaml:"sections"`
	Law           Law       `yaml:"law"`
	// StatutoryRightsWarning is shown before the additional-terms step.
	StatutoryRightsWarning string `yaml:"statutoryRightsWarning"`

	from, to time.Time // to is zero when open-ended
}

// Rules are the facts of the law the wizard states rather than asks.
type Rules struct {
	TermType         string   `yaml:"termType" json:"termType"`
	FixedTermReason  string   `yaml:"fixedTermReason" json:"fixedTermReason"`
	RentPeriods      []string `yaml:"rentPeriods" json:"rentPeriods"`
	TenantNotice     string   `yaml:"tenantNotice" json:"tenantNotice"`
	LandlordNotice   string   `yaml:"landlordNotice" json:"landlordNotice"`
	MaxRentInAdvance string   `yaml:"maxRentInAdvance" json:"maxRentInAdvance"`
}

// LawRule is one rule of the law the builder applies to the answers, with
// its source and the date it took effect.
type LawRule struct {
	Question      string   `yaml:"question" json:"question,omitempty"`
	Title         string   `yaml:"title" json:"title,omitempty"` // names the rule where a flagged term cites it
	Message       string   `yaml:"message" json:"message"`
	Jurisdictions []string `yaml:"jurisdictions" json:"jurisdictions,omitempty"`
	RentPeriods   []string `yaml:"rentPeriods" json:"rentPeriods,omitempty"`
	// Schemes: the deposit protection schemes the law approves (depositScheme).
	Schemes []string `yaml:"schemes" json:"schemes,omitempty"`
	// DaysBefore: how many days before the day the agreement is made its
	// tenancy may start (startDate). Weeks: how many weeks' rent the rule
	// allows (holdingDeposit).
	DaysBefore *int `yaml:"daysBefore" json:"daysBefore,omitempty"`
	// PartyMessage and LandlordMessage (startDate): what a tenant who comes
	// to sign, and the landlord, are told once a sent agreement's start date
	// has passed before everyone signed; each has one %s, the start date.
	PartyMessage    string `yaml:"partyMessage" json:"partyMessage,omitempty"`
	LandlordMessage string `yaml:"landlordMessage" json:"landlordMessage,omitempty"`
	Weeks           int    `yaml:"weeks" json:"weeks,omitempty"`
	Source          string `yaml:"source" json:"source"`
	URL             string `yaml:"url" json:"url"`
	Since           string `yaml:"since" json:"since"`
	Checked         string `yaml:"checked" json:"checked"`
}

// Law is the library's rules on who the agreement can be for and what it must hold.
type Law struct {
	// ResidentLandlord: a room let by a landlord who lives in the property
	// is not an assured tenancy; the builder makes nothing.
	ResidentLandlord LawRule `yaml:"residentLandlord" json:"residentLandlord"`
	// NoticeAddress: where the landlord's address for notices may be.
	NoticeAddress LawRule `yaml:"noticeAddress" json:"noticeAddress"`
	// RentBook: the rent periods that need a rent book.
	RentBook LawRule `yaml:"rentBook" json:"rentBook"`
	// StartDate: how early the tenancy may start, counted back from the day
	// the agreement is made (UK date).
	StartDate LawRule `yaml:"startDate" json:"startDate"`
	// AdvertisedRent: the agreement's rent may not be more than its
	// property's published listing advertises; the message has one %s, the
	// advertised rent ("£900 a month").
	AdvertisedRent LawRule `yaml:"advertisedRent" json:"advertisedRent"`
	// DepositScheme: the schemes a deposit may be protected in; no other.
	DepositScheme LawRule `yaml:"depositScheme" json:"depositScheme"`
	// DepositInTerms: a deposit the landlord's own terms name may not be
	// more than the cap the deposit answer is held to; HoldingDeposit: nor a
	// holding deposit more than Weeks' rent. Their messages take the
	// amount, the cap and the weeks ("5 weeks'"). DepositDiffers: a deposit
	// the terms name should be the agreement's; its message takes the
	// amount, then the agreement's. See deposit_terms.go.
	DepositInTerms LawRule `yaml:"depositInTerms" json:"depositInTerms"`
	HoldingDeposit LawRule `yaml:"holdingDeposit" json:"holdingDeposit"`
	DepositDiffers LawRule `yaml:"depositDiffers" json:"depositDiffers"`
}

func (r LawRule) check(name string) error {
	if strings.TrimSpace(r.Message) == "" || r.Source == "" || !strings.HasPrefix(r.URL, "https://") {
		return fmt.Errorf("law.%s needs a message, a source and an https url", name)
	}
	for _, d := range []string{r.Since, r.Checked} {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			return fmt.Errorf("law.%s: since and checked must be dates", name)
		}
	}
	return nil
}

// Section is a numbered part of the agreement.
type Section struct {
	ID      string   `yaml:"id"`
	Part    string   `yaml:"part"` // A, B or C
	Title   string   `yaml:"title"`
	When    string   `yaml:"when"` // a condition on the answers; empty means always
	Clauses []Clause `yaml:"clauses"`
}

// Clause is one numbered paragraph, a template over View.
type Clause struct {
	ID   string `yaml:"id"`
	When string `yaml:"when"`
	Text string `yaml:"text"`

	tmpl *template.Template
}

// conditions are the names a section or clause may use in "when".
var conditions = map[string]func(v View) bool{
	"guarantor":       func(v View) bool { return v.GuarantorName != "" },
	"occupiers":       func(v View) bool { return v.Occupiers != "" },
	"room":            func(v View) bool { return v.Room },
	"weekly":          func(v View) bool { return v.RentPeriodNoun == "week" },
	"parking":         func(v View) bool { return v.ParkingSpaces > 0 },
	"mortgage":        func(v View) bool { return v.Mortgage },
	"shared":          func(v View) bool { return v.SharedFacilities != "" },
	"depositStandard": func(v View) bool { return v.DepositKind == DepositStandard },
	"depositZero":     func(v View) bool { return v.DepositKind == DepositZero },
	"depositNone":     func(v View) bool { return v.DepositKind == DepositNone || v.DepositKind == "" },
}

// Libraries are every loaded library.
type Libraries struct{ all []*Library }

// LoadLibraries reads and checks the embedded clause libraries.
func LoadLibraries() (*Libraries, error) { return loadLibraries(libraryFiles, "library") }

func loadLibraries(fsys fs.FS, dir string) (*Libraries, error) {
	names, err := fs.Glob(fsys, dir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	out := &Libraries{}
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var lib Library
		dec := yaml.NewDecoder(bytes.NewReader(raw))
		dec.KnownFields(true)
		if err := dec.Decode(&lib); err != nil {
			return nil, fmt.Errorf("clause library %s: %w", name, err)
		}
		if err := lib.check(); err != nil {
			return nil, fmt.Errorf("clause library %s: %w", name, err)
		}
		out.all = append(out.all, &lib)
	}
	if len(out.all) == 0 {
		return nil, fmt.Errorf("no clause library in %s", dir)
	}
	return out, out.checkOverlaps()
}

func (l *Library) check() error {
	var err error
	if l.DocumentType == "" || l.Version == "" || l.Title == "" || l.Source == "" {
		return fmt.Errorf("documentType, version, title and source are required")
	}
	if !tenancy.ValidJurisdiction(l.Jurisdiction) {
		return fmt.Errorf("unknown jurisdiction %q", l.Jurisdiction)
	}
	if l.from, err = time.Parse(time.DateOnly, l.EffectiveFrom); err != nil {
		return fmt.Errorf("effectiveFrom: %w", err)
	}
	if l.EffectiveTo != "" {
		if l.to, err = time.Parse(time.DateOnly, l.EffectiveTo); err != nil {
			return fmt.Errorf("effectiveTo: %w", err)
		}
		if l.to.Before(l.from) {
			return fmt.Errorf("effectiveTo is before effectiveFrom")
		}
	}
	if len(l.Rules.RentPeriods) == 0 {
		return fmt.Errorf("rules.rentPeriods is empty")
	}
	for name, r := range map[string]LawRule{"residentLandlord": l.Law.ResidentLandlord, "noticeAddress": l.Law.NoticeAddress, "rentBook": l.Law.RentBook, "startDate": l.Law.StartDate, "advertisedRent": l.Law.AdvertisedRent, "depositScheme": l.Law.DepositScheme,
		"depositInTerms": l.Law.DepositInTerms, "holdingDeposit": l.Law.HoldingDeposit, "depositDiffers": l.Law.DepositDiffers} {
		if err := r.check(name); err != nil {
			return err
		}
	}
	for name, r := range map[string]LawRule{"depositInTerms": l.Law.DepositInTerms, "holdingDeposit": l.Law.HoldingDeposit, "depositDiffers": l.Law.DepositDiffers} {
		values := 3
		if name == "depositDiffers" {
			values = 2
		}
		if r.Title == "" || strings.Count(r.Message, "%") != values || strings.Count(r.Message, "%s") != values {
			return fmt.Errorf("law.%s: a title and a message with %d %%s are required", name, values)
		}
	}
	if l.Law.HoldingDeposit.Weeks < 1 {
		return fmt.Errorf("law.holdingDeposit: weeks (1 or more) is required")
	}
	if l.Law.ResidentLandlord.Question == "" || len(l.Law.NoticeAddress.Jurisdictions) == 0 || len(l.Law.RentBook.RentPeriods) == 0 {
		return fmt.Errorf("law: the resident-landlord question, the notice-address jurisdictions and the rent-book periods are required")
	}
	if d := l.Law.StartDate.DaysBefore; d == nil || *d < 0 {
		return fmt.Errorf("law.startDate: daysBefore (0 or more) is required")
	}
	for _, m := range []string{l.Law.StartDate.PartyMessage, l.Law.StartDate.LandlordMessage} {
		if strings.Count(m, "%") != 1 || !strings.Contains(m, "%s") {
			return fmt.Errorf("law.startDate: the party and landlord messages need one %%s (the start date)")
		}
	}
	if len(l.Law.DepositScheme.Schemes) == 0 {
		return fmt.Errorf("law.depositScheme: the approved schemes are required")
	}
	if strings.Count(l.Law.AdvertisedRent.Message, "%") != 1 || !strings.Contains(l.Law.AdvertisedRent.Message, "%s") {
		return fmt.Errorf("law.advertisedRent: the message needs one %%s (the advertised rent)")
	}
	seen := map[string]bool{}
	for si := range l.Sections {
		s := &l.Sections[si]
		if s.ID == "" || s.Title == "" || seen[s.ID] {
			return fmt.Errorf("section %d: missing or repeated id or title", si)
		}
		seen[s.ID] = true
		if s.Part != "A" && s.Part != "B" && s.Part != "C" {
			return fmt.Errorf("section %s: part must be A, B or C", s.ID)
		}
		if _, ok := conditions[s.When]; s.When != "" && !ok {
			return fmt.Errorf("section %s: unknown condition %q", s.ID, s.When)
		}
		for ci := range s.Clauses {
			c := &s.Clauses[ci]
			if c.ID == "" || seen[c.ID] || strings.TrimSpace(c.Text) == "" {
				return fmt.Errorf("section %s clause %d: missing or repeated id, or no text", s.ID, ci)
			}
			seen[c.ID] = true
			if _, ok := conditions[c.When]; c.When != "" && !ok {
				return fmt.Errorf("clause %s: unknown condition %q", c.ID, c.When)
			}
			if c.tmpl, err = template.New(c.ID).Option("missingkey=error").Parse(c.Text); err != nil {
				return fmt.Errorf("clause %s: %w", c.ID, err)
			}
			// Every placeholder must be a field of View: run it on a full sample.
			if err := c.tmpl.Execute(&strings.Builder{}, sampleView()); err != nil {
				return fmt.Errorf("clause %s: %w", c.ID, err)
			}
			if hasForbiddenWording(c.Text) {
				return fmt.Errorf("clause %s: wording the law no longer allows (%s)", c.ID, c.Text)
			}
		}
	}
	return nil
}

// hasForbiddenWording catches wording that has no place in an agreement made
// under this library's law: it is a belt to the braces of the review.
func hasForbiddenWording(text string) bool {
	t := strings.ToLower(text)
	for _, w := range []string{"section 21", "assured shorthold", "fixed term of", "rent review"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// checkOverlaps refuses two versions of one document type that apply to the
// same jurisdiction on the same day: Select must have one answer.
func (ls *Libraries) checkOverlaps() error {
	sort.Slice(ls.all, func(i, j int) bool { return ls.all[i].from.Before(ls.all[j].from) })
	for i, a := range ls.all {
		for _, b := range ls.all[i+1:] {
			if a.DocumentType != b.DocumentType || a.Jurisdiction != b.Jurisdiction {
				continue
			}
			if a.to.IsZero() || !b.from.After(a.to) {
				return fmt.Errorf("clause libraries %s and %s overlap", a.Version, b.Version)
			}
		}
	}
	return nil
}

// Messages for a tenancy the builder cannot make.
const (
	MsgJurisdictionNotOffered = "OmniRent can only build agreements for properties in England for now. " +
		"The law in %s is different, and we will not produce a document that does not follow it."
	// MsgPropertyNotOffered is said when the property is chosen, before
	// anything is typed, and no draft is made.
	MsgPropertyNotOffered = "OmniRent can only build agreements for properties in England for now. " +
		"This property's postcode (%s) is in %s, where the law is different, and we will not produce a document that does not follow it."
	// MsgJurisdictionFixed refuses a jurisdiction the property's postcode rules out.
	MsgJurisdictionFixed = "This property's postcode (%s) is in %s, so the law of %s applies to it: this answer cannot be changed."
	// MsgJurisdictionChoose asks for one of the countries a border district lies in.
	MsgJurisdictionChoose = "The property's postcode district (%s) lies in %s: please choose one of them."
	MsgNoLibraryForDate   = "OmniRent builds agreements for tenancies in England that start on or after %s. " +
		"Choose a start date on or after that day."
)

// Select chooses the library that governs a tenancy of the given document
// type, in the given jurisdiction, starting on the given day. It is the one
// place where the law's dates decide what is produced.
func (ls *Libraries) Select(docType, jurisdiction string, start time.Time) (*Library, error) {
	var earliest *Library
	for _, l := range ls.all {
		if l.DocumentType != docType || l.Jurisdiction != jurisdiction {
			continue
		}
		if earliest == nil || l.from.Before(earliest.from) {
			earliest = l
		}
		if !start.Before(l.from) && (l.to.IsZero() || !start.After(l.to)) {
			return l, nil
		}
	}
	if earliest == nil {
		return nil, apperr.Fields(fmt.Sprintf(MsgJurisdictionNotOffered, jurisdiction),
			map[string]string{"jurisdiction": fmt.Sprintf(MsgJurisdictionNotOffered, jurisdiction)}).WithKind(apperr.Invalid, "jurisdiction_not_offered")
	}
	msg := fmt.Sprintf(MsgNoLibraryForDate, earliest.from.Format("2 January 2006"))
	return nil, apperr.Fields(msg, map[string]string{"startDate": msg}).WithKind(apperr.Invalid, "no_library_for_date")
}

// Edition names the library for people: its jurisdiction and the day it
// took effect ("England, in force from 1 May 2026").
func (l *Library) Edition() string {
	return l.Jurisdiction + ", in force from " + l.from.Format("2 January 2006")
}

// Offers reports whether any library makes this document type for the jurisdiction.
func (ls *Libraries) Offers(docType, jurisdiction string) bool {
	for _, l := range ls.all {
		if l.DocumentType == docType && l.Jurisdiction == jurisdiction {
			return true
		}
	}
	return false
}

// Version finds a library by its version: an agreement keeps the version it was made with.
func (ls *Libraries) Version(v string) (*Library, bool) {
	for _, l := range ls.all {
		if l.Version == v {
			return l, true
		}
	}
	return nil, false
}

// Current is the library in force today for a document type and jurisdiction, if any.
func (ls *Libraries) Current(docType, jurisdiction string, today time.Time) (*Library, bool) {
	l, err := ls.Select(docType, jurisdiction, today)
	return l, err == nil
}
