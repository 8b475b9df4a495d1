package documents

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"path"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

// Property is one of a landlord's live properties as documents see it.
type Property struct {
	ID        string
	Address   string // one line: first line, town, postcode
	FirstLine string
	Published bool
}

// Properties is what documents need from the properties area.
type Properties interface {
	// Owned is the owner's live property, or NotFound.
	Owned(ctx context.Context, ownerID, id string) (Property, error)
	// OfOwner lists the owner's live properties.
	OfOwner(ctx context.Context, ownerID string) ([]Property, error)
	// AlignEPCRating gives the property's listing the rating of its
	// recorded EPC (listing.go).
	AlignEPCRating(ctx context.Context, ownerID, propertyID, rating string) error
}

// Person is an account holder's e-mail and name.
type Person struct{ Email, Name string }

// Accounts reaches account holders (for reminder e-mails).
type Accounts interface {
	Person(ctx context.Context, id string) (Person, error)
}

// Contract is a tenancy agreement as the documents lists show it.
type Contract struct {
	ID, PropertyID, Status, Title string
	CreatedAt, UpdatedAt          time.Time
}

// Contracts lists a landlord's agreements (propertyID "" = all).
type Contracts interface {
	OfLandlord(ctx context.Context, landlordID, propertyID string) ([]Contract, error)
}

// RefCheck is one renter of a paid reference check.
type RefCheck struct {
	CheckID, RenterID, PropertyID, Name, Status string
	Completed                                   bool
	InitiatedAt                                 time.Time
}

// RefChecks lists a landlord's reference checks (propertyID "" = all).
type RefChecks interface {
	OfLandlord(ctx context.Context, landlordID, propertyID string) ([]RefCheck, error)
}

// Report is an inventory or condition report as the lists show it.
type Report struct {
	ID, PropertyID, Type, Status string
	CreatedAt, UpdatedAt         time.Time
}

// ReportDocument is a certificate recorded in a report's Documents and
// Compliance section.
type ReportDocument struct {
	ReportID, ReportType string
	ReportDate           time.Time
	OwnerID, PropertyID  string
	Index                int
	Kind, Expiry         string
	Files                []ReportFile
}

// ReportFile is a photo of a report certificate's pages.
type ReportFile struct{ Name, URL string }

// Reports reads the inventory area: a landlord's reports, and the
// certificates in them (ownerID "" = every landlord's; propertyID "" = all).
type Reports interface {
	OfCreator(ctx context.Context, creatorID, propertyID string) ([]Report, error)
	ComplianceDocuments(ctx context.Context, ownerID, propertyID string) ([]ReportDocument, error)
}

// Mailer queues e-mails inside a transaction (platform/mail).
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

// Deps are what the service is built from.
type Deps struct {
	DB         *db.DB
	Clock      clock.Clock
	Jobs       *jobs.Queue
	Mail       Mailer
	Files      storage.Store
	Properties Properties
	Accounts   Accounts
	Contracts  Contracts
	RefChecks  RefChecks
	Reports    Reports
	BaseURL    string
	// VendorEmail receives booking requests; "" turns booking off.
	VendorEmail string
	Log         *slog.Logger
}

type Service struct {
	d         Deps
	types     *Types
	remedials Remedials // outcome.go
}

// NewService loads the certificate types and registers the reminder job.
func NewService(d Deps) (*Service, error) {
	ts, err := LoadTypes()
	if err != nil {
		return nil, err
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	s := &Service{d: d, types: ts}
	if d.Jobs != nil {
		d.Jobs.Handle(reminderJob, s.reminderJob)
		d.Jobs.Handle(epcListingJob, s.epcListingJob)
	}
	return s, nil
}

// Types is the catalogue of certificate types.
func (s *Service) Types() *Types { return s.types }

// VendorBooking tells whether booking a vendor is configured.
func (s *Service) VendorBooking() bool { return s.d.VendorEmail != "" }

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

// today is the UK calendar date, as midnight UTC.
func (s *Service) today() time.Time {
	y, m, d := s.d.Clock.Now().In(clock.UK).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func landlord(a session.Actor) error { return a.RequireLandlord(MsgLandlordsOnly) }

// property is the actor's own live property, or NotFound.
func (s *Service) property(ctx context.Context, a session.Actor, id string) (Property, error) {
	if err := landlord(a); err != nil {
		return Property{}, err
	}
	if id == "" {
		return Property{}, apperr.New(apperr.NotFound, "not_found", MsgPropertyNotFound)
	}
	p, err := s.d.Properties.Owned(ctx, a.UserID, id)
	if apperr.IsNotFound(err) {
		return Property{}, apperr.New(apperr.NotFound, "not_found", MsgPropertyNotFound)
	}
	return p, err
}

// Expiry is how close a date is: days left (negative once passed), the
// colour and the words.
type Expiry struct {
	DaysLeft int    `json:"daysLeft"`
	Status   string `json:"status"`
	Text     string `json:"expiryText"`
}

// ExpiryOf is the state of an expiry date seen from today (both dates).
func ExpiryOf(today time.Time, expiresOn string) Expiry {
	d, err := time.Parse(time.DateOnly, expiresOn)
	if err != nil {
		return Expiry{Status: Red, Text: "No expiry date"}
	}
	days := int(d.Sub(today).Hours() / 24)
	e := Expiry{DaysLeft: days, Status: Green}
	switch {
	case days <= RedDays:
		e.Status = Red
	case days <= AmberDays:
		e.Status = Amber
	}
	switch {
	case days == 0:
		e.Text = "Expires today"
	case days == 1:
		e.Text = "1 day left"
	case days > 1:
		e.Text = fmt.Sprintf("%d days left", days)
	case days == -1:
		e.Text = "Expired 1 day ago"
	default:
		e.Text = fmt.Sprintf("Expired %d days ago", -days)
	}
	return e
}

// load reads an owner's certificates (one property's, or all when
// propertyID is ""): their own, with files, and those in inventory
// reports, ordered for choosing the current ones (newest expiry first, the
// landlord's own before a report's, then newest).
func (s *Service) load(ctx context.Context, ownerID, propertyID string) ([]Certificate, error) {
	conn := s.d.DB.Conn()
	own, err := certsOf(ctx, conn, ownerID, propertyID)
	if err != nil {
		return nil, err
	}
	files, err := filesOf(ctx, conn, ownerID, propertyID)
	if err != nil {
		return nil, err
	}
	outcomes, err := outcomesOf(ctx, conn, ownerID)
	if err != nil {
		return nil, err
	}
	for i := range own {
		own[i].Files = files[own[i].ID]
		own[i].ExpiresOn = s.effectiveExpiry(own[i])
		own[i].Outcome = outcomes[own[i].ID]
	}
	if s.d.Reports != nil {
		docs, err := s.d.Reports.ComplianceDocuments(ctx, ownerID, propertyID)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			c := reportCertificate(d)
			// Seen on the report's day, so issued then at the latest: a
			// report saved before its expiry was checked may hold one later
			// than the law allows, which counts only to that date.
			if t, ok := s.types.Get(c.Type); ok {
				c.ExpiresOn = t.EffectiveExpiry(d.ReportDate.In(clock.UK).Format(time.DateOnly), c.ExpiresOn)
			}
			own = append(own, c)
		}
	}
	sortCertificates(own)
	return own, nil
}

// effectiveExpiry is a recorded certificate's expiry, never later than its
// type's term fixed by law allows (CertType.EffectiveExpiry): what its days
// left, colour, compliance, reminders and calendar go by.
func (s *Service) effectiveExpiry(c Certificate) string {
	t, _ := s.types.Get(c.Type)
	return t.EffectiveExpiry(c.IssuedOn, c.ExpiresOn)
}

func reportCertificate(d ReportDocument) Certificate {
	typ, name := kindOfReport(d.Kind)
	c := Certificate{ID: fmt.Sprintf("report:%s:%d", d.ReportID, d.Index), OwnerID: d.OwnerID, PropertyID: d.PropertyID,
		Type: typ, Name: name, ExpiresOn: d.Expiry, CreatedAt: d.ReportDate, UpdatedAt: d.ReportDate,
		Source: &Source{ReportID: d.ReportID, ReportType: d.ReportType, ReportDate: d.ReportDate}}
	for _, f := range d.Files {
		c.Files = append(c.Files, File{ID: f.Name, Filename: f.Name, ContentType: "image/jpeg", URL: f.URL, UploadedAt: d.ReportDate})
	}
	return c
}

func sortCertificates(list []Certificate) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.ExpiresOn != b.ExpiresOn {
			return a.ExpiresOn > b.ExpiresOn
		}
		if (a.Source == nil) != (b.Source == nil) {
			return a.Source == nil
		}
		if !a.CreatedAt.Equal(b.CreatedAt) {
			return a.CreatedAt.After(b.CreatedAt)
		}
		return a.ID < b.ID
	})
}

// slot is what one current certificate stands for on a property: its
// type, or for other certificates their name.
func slot(c Certificate) string {
	if c.Type == Other {
		return c.PropertyID + "|other|" + strings.ToLower(strings.TrimSpace(c.Name))
	}
	return c.PropertyID + "|" + c.Type
}

// currentOf marks the current certificates (by Key) of sorted: the first
// one not replaced in each slot.
func currentOf(sorted []Certificate) map[string]bool {
	seen := map[string]bool{}
	out := map[string]bool{}
	for _, c := range sorted {
		if c.ReplacedBy != "" || seen[slot(c)] {
			continue
		}
		seen[slot(c)] = true
		out[c.Key()] = true
	}
	return out
}

// needsAction is whether a current certificate asks the landlord to act:
// expired or within 30 days, an EPC below the letting minimum, or no file.
func (s *Service) needsAction(c Certificate, today time.Time) bool {
	t, _ := s.types.Get(c.Type)
	return ExpiryOf(today, c.ExpiresOn).Status == Red || t.RatingTooLow(c.EPCRating) || !c.Held()
}

// valid is whether a current certificate makes the property lawful to let:
// not expired and held.
func valid(c Certificate, today time.Time) bool {
	return ExpiryOf(today, c.ExpiresOn).DaysLeft >= 0 && c.Held()
}

// Warning is a compliance warning of a published property.
type Warning struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// Compliance is a property's compliance state.
type Compliance struct {
	PropertyID string    `json:"propertyId"`
	Published  bool      `json:"published"`
	Let        bool      `json:"let"` // an agreement was sent for signing or signed
	HasGas     bool      `json:"hasGas"`
	Warnings   []Warning `json:"warnings"`
}

// assessment is a property's certificates seen together.
type assessment struct {
	current  []Certificate
	missing  []string // required types with no current certificate
	warnings []Warning
	actions  int
}

// assess sees a property's certificates together. A property that is
// published, or let (an agreement sent for signing or signed: let whether
// or not it is published), must hold each required certificate.
func (s *Service) assess(p Property, gas, let bool, certs []Certificate, current map[string]bool, today time.Time) assessment {
	var as assessment
	byType := map[string]Certificate{}
	for _, c := range certs {
		if c.PropertyID != p.ID || !current[c.Key()] {
			continue
		}
		as.current = append(as.current, c)
		if _, ok := byType[c.Type]; !ok {
			byType[c.Type] = c
		}
		if s.needsAction(c, today) {
			as.actions++
		}
	}
	if !p.Published && !let {
		return as
	}
	state := "published for letting"
	if let {
		state = "let"
	}
	for _, t := range s.types.List {
		if !t.Required(gas) {
			continue
		}
		c, ok := byType[t.ID]
		if !ok {
			as.missing = append(as.missing, t.ID)
			as.actions++
		}
		switch {
		case !ok || !valid(c, today):
			as.warnings = append(as.warnings, Warning{Type: t.ID, Message: "This property is " + state + " without a valid " + t.Name + "."})
		case t.RatingTooLow(c.EPCRating):
			as.warnings = append(as.warnings, Warning{Type: t.ID, Message: fmt.Sprintf("The EPC rating is %s: a property must be rated %s or better to be let.", c.EPCRating, t.MinRating)})
		}
	}
	return as
}

// Counts are the documents menu's badges.
type Counts struct {
	ReferenceChecks  int `json:"referenceChecks"`
	Contracts        int `json:"contracts"`
	Certificates     int `json:"certificates"`
	InventoryReports int `json:"inventoryReports"`
}

// Summary is the documents menu's answer.
type Summary struct {
	Counts        Counts `json:"counts"`
	VendorBooking bool   `json:"vendorBooking"`
}

// Summary counts what needs the landlord's action on each card:
// certificates expired, within 30 days, below the EPC minimum, without a
// file, or missing on a published property; agreements awaiting
// signatures; reference checks still active; disputed reports.
func (s *Service) Summary(ctx context.Context, a session.Actor) (Summary, error) {
	if err := landlord(a); err != nil {
		return Summary{}, err
	}
	out := Summary{VendorBooking: s.VendorBooking()}
	props, err := s.d.Properties.OfOwner(ctx, a.UserID)
	if err != nil {
		return out, err
	}
	live := map[string]bool{}
	for _, p := range props {
		live[p.ID] = true
	}
	certs, err := s.load(ctx, a.UserID, "")
	if err != nil {
		return out, err
	}
	gas, err := gasOf(ctx, s.d.DB.Conn(), a.UserID)
	if err != nil {
		return out, err
	}
	contracts, err := s.d.Contracts.OfLandlord(ctx, a.UserID, "")
	if err != nil {
		return out, err
	}
	let := letProperties(contracts)
	current, today := currentOf(certs), s.today()
	for _, p := range props {
		g, ok := gas[p.ID]
		out.Counts.Certificates += s.assess(p, g || !ok, let[p.ID], certs, current, today).actions
	}
	for _, c := range contracts {
		if live[c.PropertyID] && contractGroup(c.Status) == "awaiting" {
			out.Counts.Contracts++
		}
	}
	checks, err := s.d.RefChecks.OfLandlord(ctx, a.UserID, "")
	if err != nil {
		return out, err
	}
	for _, c := range checks {
		if live[c.PropertyID] && !c.Completed {
			out.Counts.ReferenceChecks++
		}
	}
	reports, err := s.d.Reports.OfCreator(ctx, a.UserID, "")
	if err != nil {
		return out, err
	}
	for _, r := range reports {
		if live[r.PropertyID] && r.Status == "Disputed" {
			out.Counts.InventoryReports++
		}
	}
	return out, nil
}

// Catalogue is the certificate types with the upload limits.
type Catalogue struct {
	Types         []CertType `json:"types"`
	VendorBooking bool       `json:"vendorBooking"`
	MaxFileBytes  int64      `json:"maxFileBytes"`
	AcceptedTypes []string   `json:"acceptedTypes"`
}

// Catalogue answers the certificate types (bookable only when booking is
// configured).
func (s *Service) Catalogue() Catalogue {
	list := slices.Clone(s.types.List)
	for i := range list {
		list[i].Bookable = list[i].Bookable && s.VendorBooking()
	}
	return Catalogue{Types: list, VendorBooking: s.VendorBooking(), MaxFileBytes: MaxFileBytes,
		AcceptedTypes: []string{"application/pdf", "image/jpeg", "image/png"}}
}

// FileView is a certificate file as the page shows it.
type FileView struct {
	ID          string    `json:"id"`
	Filename    string    `json:"filename"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UploadedAt  time.Time `json:"uploadedAt"`
	URL         string    `json:"url"`
	DownloadURL string    `json:"downloadUrl"`
}

// SourceView names the report a certificate was recorded in.
type SourceView struct {
	Kind       string `json:"kind"`
	ReportID   string `json:"reportId"`
	ReportType string `json:"reportType"`
	Label      string `json:"label"`
	URL        string `json:"url"`
}

// CertificateView is a certificate as the page shows it.
type CertificateView struct {
	ID           string      `json:"id"`
	Key          string      `json:"key"`
	PropertyID   string      `json:"propertyId"`
	Type         string      `json:"type"`
	TypeName     string      `json:"typeName"`
	Name         string      `json:"name"`
	Title        string      `json:"title"`
	IssuedOn     string      `json:"issuedOn"`
	ExpiresOn    string      `json:"expiresOn"`
	Expiry                   // daysLeft, status, expiryText
	EPCRating    string      `json:"epcRating"`
	Notes        string      `json:"notes"`
	Outcome      string      `json:"outcome"` // satisfactory, unsatisfactory or ""
	Files        []FileView  `json:"files"`
	Held         bool        `json:"held"`
	Current      bool        `json:"current"`
	ReplacedBy   string      `json:"replacedBy"`
	ActionNeeded bool        `json:"actionNeeded"`
	Active       bool        `json:"active"`
	Source       *SourceView `json:"source"`
	ReadOnly     bool        `json:"readOnly"`
	CanEdit      bool        `json:"canEdit"`
	CanDelete    bool        `json:"canDelete"`
	OpenURL      string      `json:"openUrl"`
	CreatedAt    time.Time   `json:"createdAt"`
	UpdatedAt    time.Time   `json:"updatedAt"`
}

func certificatesURL(propertyID string) string {
	return "/documents/Certificates?details=true&propertyId=" + url.QueryEscape(propertyID)
}

func (s *Service) view(c Certificate, current bool, today time.Time) CertificateView {
	t, _ := s.types.Get(c.Type)
	v := CertificateView{ID: c.ID, Key: c.Key(), PropertyID: c.PropertyID, Type: c.Type, TypeName: t.Name, Name: c.Name, Title: t.Name,
		IssuedOn: c.IssuedOn, ExpiresOn: c.ExpiresOn, Expiry: ExpiryOf(today, c.ExpiresOn), EPCRating: c.EPCRating, Notes: c.Notes, Outcome: c.Outcome,
		Files: []FileView{}, Held: c.Held(), Current: current, ReplacedBy: c.ReplacedBy, Active: current,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, OpenURL: certificatesURL(c.PropertyID) + "#" + url.QueryEscape(c.ID)}
	if c.Type == Other && c.Name != "" {
		v.Title = c.Name
	}
	v.ActionNeeded = current && s.needsAction(c, today)
	for _, f := range c.Files {
		fv := FileView{ID: f.ID, Filename: f.Filename, ContentType: f.ContentType, Size: f.Size, UploadedAt: f.UploadedAt, URL: f.URL, DownloadURL: f.URL}
		if c.Source == nil {
			fv.URL = "/api/certificates/" + url.PathEscape(c.ID) + "/files/" + url.PathEscape(f.ID)
			fv.DownloadURL = fv.URL + "?download=1"
		}
		v.Files = append(v.Files, fv)
	}
	if c.Source != nil {
		v.ReadOnly = true
		v.Source = &SourceView{Kind: "inventory-report", ReportID: c.Source.ReportID, ReportType: c.Source.ReportType,
			Label: "From the " + strings.ToLower(c.Source.ReportType) + " of " + c.Source.ReportDate.In(clock.UK).Format(LongDate),
			URL:   "/NewReport?id=" + url.QueryEscape(c.Source.ReportID) + "&view=preview"}
		v.OpenURL = v.Source.URL
	} else {
		v.CanEdit, v.CanDelete = true, true
	}
	return v
}

// Group is one certificate type's section on a property's page.
type Group struct {
	Type         string            `json:"type"`
	TypeName     string            `json:"typeName"`
	Current      []CertificateView `json:"current"`
	History      []CertificateView `json:"history"`
	Missing      bool              `json:"missing"`
	ActionNeeded bool              `json:"actionNeeded"`
	Booking      *VendorRequest    `json:"booking"`
}

// PropertyView is the property a page is about.
type PropertyView struct {
	ID        string `json:"id"`
	Address   string `json:"address"`
	Published bool   `json:"published"`
	HasGas    bool   `json:"hasGas"`
}

// Certificates is a property's certificates page.
type Certificates struct {
	Property      PropertyView `json:"property"`
	VendorBooking bool         `json:"vendorBooking"`
	Types         []CertType   `json:"types"`
	Groups        []Group      `json:"groups"`
	Warnings      []Warning    `json:"warnings"`
}

// Certificates answers a property's certificates grouped per type: the
// current ones, the history and what is missing.
func (s *Service) Certificates(ctx context.Context, a session.Actor, propertyID string) (Certificates, error) {
	p, err := s.property(ctx, a, propertyID)
	if err != nil {
		return Certificates{}, err
	}
	conn := s.d.DB.Conn()
	gas, err := hasGas(ctx, conn, p.ID)
	if err != nil {
		return Certificates{}, err
	}
	certs, err := s.load(ctx, a.UserID, p.ID)
	if err != nil {
		return Certificates{}, err
	}
	booked, err := latestRequests(ctx, conn, a.UserID, p.ID)
	if err != nil {
		return Certificates{}, err
	}
	contracts, err := s.d.Contracts.OfLandlord(ctx, a.UserID, p.ID)
	if err != nil {
		return Certificates{}, err
	}
	current, today := currentOf(certs), s.today()
	as := s.assess(p, gas, letProperties(contracts)[p.ID], certs, current, today)
	cat := s.Catalogue()
	out := Certificates{Property: PropertyView{ID: p.ID, Address: p.Address, Published: p.Published, HasGas: gas},
		VendorBooking: cat.VendorBooking, Types: cat.Types, Warnings: as.warnings}
	if out.Warnings == nil {
		out.Warnings = []Warning{}
	}
	for _, t := range s.types.List {
		g := Group{Type: t.ID, TypeName: t.Name, Current: []CertificateView{}, History: []CertificateView{}, Missing: slices.Contains(as.missing, t.ID)}
		g.ActionNeeded = g.Missing
		for _, c := range certs {
			if c.Type != t.ID {
				continue
			}
			v := s.view(c, current[c.Key()], today)
			if v.Current {
				g.Current = append(g.Current, v)
				g.ActionNeeded = g.ActionNeeded || v.ActionNeeded
			} else {
				g.History = append(g.History, v)
			}
		}
		if b, ok := booked[t.ID]; ok {
			g.Booking = &b
		}
		out.Groups = append(out.Groups, g)
	}
	return out, nil
}

// Compliance answers a property's compliance warnings.
func (s *Service) Compliance(ctx context.Context, a session.Actor, propertyID string) (Compliance, error) {
	p, err := s.property(ctx, a, propertyID)
	if err != nil {
		return Compliance{}, err
	}
	return s.compliance(ctx, a.UserID, p)
}

func (s *Service) compliance(ctx context.Context, ownerID string, p Property) (Compliance, error) {
	gas, err := hasGas(ctx, s.d.DB.Conn(), p.ID)
	if err != nil {
		return Compliance{}, err
	}
	certs, err := s.load(ctx, ownerID, p.ID)
	if err != nil {
		return Compliance{}, err
	}
	contracts, err := s.d.Contracts.OfLandlord(ctx, ownerID, p.ID)
	if err != nil {
		return Compliance{}, err
	}
	let := letProperties(contracts)[p.ID]
	as := s.assess(p, gas, let, certs, currentOf(certs), s.today())
	out := Compliance{PropertyID: p.ID, Published: p.Published, Let: let, HasGas: gas, Warnings: as.warnings}
	if out.Warnings == nil {
		out.Warnings = []Warning{}
	}
	return out, nil
}

// SetGas records whether a property has gas.
func (s *Service) SetGas(ctx context.Context, a session.Actor, propertyID string, gas bool) (Compliance, error) {
	p, err := s.property(ctx, a, propertyID)
	if err != nil {
		return Compliance{}, err
	}
	if err := setGas(ctx, s.d.DB.Conn(), p.ID, a.UserID, gas, s.now()); err != nil {
		return Compliance{}, err
	}
	return s.compliance(ctx, a.UserID, p)
}

// CertificateInput creates (every field but Replaces may be given) or
// edits (nil fields stay) a certificate.
type CertificateInput struct {
	PropertyID string  `json:"propertyId"`
	Type       string  `json:"type"`
	Name       *string `json:"name"`
	IssuedOn   *string `json:"issuedOn"`
	ExpiresOn  *string `json:"expiresOn"`
	EPCRating  *string `json:"epcRating"`
	Notes      *string `json:"notes"`
	Replaces   string  `json:"replaces"`
	Outcome    *string `json:"outcome"` // satisfactory or unsatisfactory: an EICR's or a gas safety record's (outcome.go)
}

// cleanText trims a typed text and drops NUL bytes, as the database layer
// does when storing it (platform/db), so the answer shows what was stored.
func cleanText(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "\x00", "")) }

func validDate(s string) bool { return dates.InRange(s) }

// check validates c against its type and fills the default expiry when
// computeExpiry is set; errors name the request's fields.
func (s *Service) check(c *Certificate, computeExpiry bool) error {
	fields := map[string]string{}
	t, ok := s.types.Get(c.Type)
	if !ok {
		return apperr.Fields(MsgType, map[string]string{"type": MsgType})
	}
	c.Name, c.Notes = text.SingleLine(c.Name), cleanText(c.Notes) // the name of an Other certificate is a title
	c.IssuedOn, c.ExpiresOn = strings.TrimSpace(c.IssuedOn), strings.TrimSpace(c.ExpiresOn)
	c.EPCRating = strings.ToUpper(strings.TrimSpace(c.EPCRating))
	if !t.NeedsName {
		c.Name = ""
	} else if c.Name == "" {
		fields["name"] = MsgName
	} else if utf8.RuneCountInString(c.Name) > MaxName {
		fields["name"] = MsgNameLong
	}
	switch {
	case !validDate(c.IssuedOn):
		fields["issuedOn"] = dates.Message(c.IssuedOn, MsgIssuedOn)
	case c.IssuedOn > s.today().Format(time.DateOnly):
		fields["issuedOn"] = MsgIssuedFuture
	}
	if computeExpiry && validDate(c.IssuedOn) {
		c.ExpiresOn = t.DefaultExpiry(c.IssuedOn)
	}
	switch {
	case !validDate(c.ExpiresOn):
		fields["expiresOn"] = dates.Message(c.ExpiresOn, MsgExpiresOn)
	case validDate(c.IssuedOn) && c.ExpiresOn <= c.IssuedOn:
		fields["expiresOn"] = MsgExpiryOrder
	case validDate(c.IssuedOn) && t.LatestExpiry(c.IssuedOn) != "" && c.ExpiresOn > t.LatestExpiry(c.IssuedOn):
		// The law fixes the term (termMonths, termFixed and source in
		// data/certificate-types.yaml): sooner is allowed, later is not.
		fields["expiresOn"] = t.TermMessage(c.IssuedOn)
	}
	switch {
	case len(t.Ratings) > 0 && !slices.Contains(t.Ratings, c.EPCRating):
		fields["epcRating"] = MsgRating
	case len(t.Ratings) == 0 && c.EPCRating != "":
		fields["epcRating"] = MsgNoRating
	}
	if utf8.RuneCountInString(c.Notes) > MaxNotes {
		fields["notes"] = MsgNotes
	}
	if m := checkOutcome(c); m != "" {
		fields["outcome"] = m
	}
	if len(fields) > 0 {
		msg := ""
		for _, k := range []string{"type", "name", "issuedOn", "expiresOn", "epcRating", "notes", "outcome"} {
			if m, ok := fields[k]; ok && msg == "" {
				msg = m
			}
		}
		return apperr.Fields(msg, fields)
	}
	return nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// Create records a certificate of one of the landlord's properties, the
// expiry computed from the type's term unless given; with Replaces, the
// current certificate it replaces becomes history. The reminder sweep is
// queued in the same transaction. It records no file: the API records a
// certificate only with its file (CreateWithFile); the demo's seeding,
// which adds its file at once, is what calls this.
func (s *Service) Create(ctx context.Context, a session.Actor, in CertificateInput) (CertificateView, error) {
	return s.create(ctx, a, in, nil)
}

// CreateWithFile records a certificate and its file together (issue 24): the
// file is checked first, and the record and the file are saved in one
// transaction, or nothing is (a refused file leaves no record that would
// count as action needed and trigger reminders).
func (s *Service) CreateWithFile(ctx context.Context, a session.Actor, in CertificateInput, filename string, r io.Reader) (CertificateView, error) {
	if _, err := s.property(ctx, a, in.PropertyID); err != nil {
		return CertificateView{}, err
	}
	if r == nil {
		return CertificateView{}, apperr.New(apperr.Invalid, "no_file", MsgNoFile)
	}
	f, data, err := s.prepareFile(ctx, filename, r)
	if err != nil {
		return CertificateView{}, err
	}
	return s.create(ctx, a, in, &fileUpload{f: f, data: data})
}

// fileUpload is a checked file to store with a new certificate.
type fileUpload struct {
	f    File
	data []byte
}

func (s *Service) create(ctx context.Context, a session.Actor, in CertificateInput, up *fileUpload) (CertificateView, error) {
	p, err := s.property(ctx, a, in.PropertyID)
	if err != nil {
		return CertificateView{}, err
	}
	now := s.now()
	c := Certificate{ID: uuid.NewString(), OwnerID: a.UserID, PropertyID: p.ID, Type: strings.TrimSpace(in.Type), Name: deref(in.Name),
		IssuedOn: deref(in.IssuedOn), ExpiresOn: deref(in.ExpiresOn), EPCRating: deref(in.EPCRating), Notes: deref(in.Notes),
		Outcome: deref(in.Outcome), CreatedAt: now, UpdatedAt: now}
	if err := s.check(&c, strings.TrimSpace(c.ExpiresOn) == ""); err != nil {
		return CertificateView{}, err
	}
	if up != nil {
		// The file is stored before the row that names it; if the rows are
		// not written it is removed again.
		up.f.CertificateID = c.ID
		up.f.StorageKey = "certificates/" + c.ID + "/" + up.f.ID + path.Ext(up.f.Filename)
		if err := s.d.Files.Put(ctx, up.f.StorageKey, bytes.NewReader(up.data), up.f.Size, up.f.ContentType); err != nil {
			return CertificateView{}, apperr.Wrap(err, "store certificate file")
		}
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if in.Replaces != "" {
			old, err := ownCert(ctx, tx, a.UserID, in.Replaces)
			if err != nil || old.PropertyID != p.ID || old.Type != c.Type || old.ReplacedBy != "" {
				return apperr.Fields(MsgReplaces, map[string]string{"replaces": MsgReplaces})
			}
		}
		if err := insertCert(ctx, tx, c); err != nil {
			return err
		}
		if err := s.saveOutcome(ctx, tx, c, ""); err != nil {
			return err
		}
		if up != nil {
			if err := insertFile(ctx, tx, up.f); err != nil {
				return err
			}
		}
		if in.Replaces != "" {
			ok, err := markReplaced(ctx, tx, in.Replaces, c.ID, now)
			if err != nil {
				return err
			}
			if !ok {
				return apperr.Fields(MsgReplaces, map[string]string{"replaces": MsgReplaces})
			}
		}
		if err := s.queueEPCListing(ctx, tx, c); err != nil {
			return err
		}
		return s.queueSweep(ctx, tx)
	})
	if err != nil {
		if up != nil {
			_ = s.d.Files.Delete(ctx, up.f.StorageKey)
		}
		return CertificateView{}, err
	}
	return s.viewOf(ctx, a, c.ID)
}

// viewOf is one of the landlord's certificates as the page shows it.
func (s *Service) viewOf(ctx context.Context, a session.Actor, id string) (CertificateView, error) {
	c, err := ownCert(ctx, s.d.DB.Conn(), a.UserID, id)
	if err != nil {
		return CertificateView{}, err
	}
	certs, err := s.load(ctx, a.UserID, c.PropertyID)
	if err != nil {
		return CertificateView{}, err
	}
	current := currentOf(certs)
	for _, x := range certs {
		if x.ID == id && x.Source == nil {
			return s.view(x, current[x.Key()], s.today()), nil
		}
	}
	return CertificateView{}, notFound()
}

// owned is one of the landlord's own certificates (of a live property).
func (s *Service) owned(ctx context.Context, a session.Actor, id string) (Certificate, error) {
	if err := landlord(a); err != nil {
		return Certificate{}, err
	}
	c, err := ownCert(ctx, s.d.DB.Conn(), a.UserID, id)
	if err != nil {
		return Certificate{}, err
	}
	if _, err := s.property(ctx, a, c.PropertyID); err != nil {
		return Certificate{}, notFound()
	}
	// A record with an expiry later than the law allows is edited from the
	// expiry it is shown with (effectiveExpiry), so changing only its notes
	// corrects it rather than being refused.
	c.ExpiresOn = s.effectiveExpiry(c)
	return c, nil
}

// Update edits a certificate; a new issue date without an expiry
// recomputes the expiry from the type's term.
func (s *Service) Update(ctx context.Context, a session.Actor, id string, in CertificateInput) (CertificateView, error) {
	c, err := s.owned(ctx, a, id)
	if err != nil {
		return CertificateView{}, err
	}
	if in.Name != nil {
		c.Name = *in.Name
	}
	compute := false
	if in.IssuedOn != nil && strings.TrimSpace(*in.IssuedOn) != c.IssuedOn {
		c.IssuedOn = *in.IssuedOn
		compute = in.ExpiresOn == nil
	}
	if in.ExpiresOn != nil {
		c.ExpiresOn = *in.ExpiresOn
		compute = strings.TrimSpace(c.ExpiresOn) == ""
	}
	if in.EPCRating != nil {
		c.EPCRating = *in.EPCRating
	}
	if in.Notes != nil {
		c.Notes = *in.Notes
	}
	was, err := outcomeOf(ctx, s.d.DB.Conn(), c.ID)
	if err != nil {
		return CertificateView{}, err
	}
	c.Outcome = was
	if in.Outcome != nil {
		c.Outcome = *in.Outcome
	}
	if t, _ := s.types.Get(c.Type); t.TermMonths == 0 {
		compute = false
	}
	if err := s.check(&c, compute); err != nil {
		return CertificateView{}, err
	}
	c.UpdatedAt = s.now()
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := updateCert(ctx, tx, c); err != nil {
			return err
		}
		if err := s.saveOutcome(ctx, tx, c, was); err != nil {
			return err
		}
		if err := s.queueEPCListing(ctx, tx, c); err != nil {
			return err
		}
		return s.queueSweep(ctx, tx)
	})
	if err != nil {
		return CertificateView{}, err
	}
	return s.viewOf(ctx, a, c.ID)
}

// Delete removes a certificate and its files; one it had replaced becomes
// current again.
func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	c, err := s.owned(ctx, a, id)
	if err != nil {
		return err
	}
	files, err := filesOf(ctx, s.d.DB.Conn(), a.UserID, c.PropertyID)
	if err != nil {
		return err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := restoreReplaced(ctx, tx, c.ID, s.now()); err != nil {
			return err
		}
		if err := deleteCert(ctx, tx, c.ID); err != nil {
			return err
		}
		if err := s.queueEPCListing(ctx, tx, c); err != nil {
			return err
		}
		return s.queueSweep(ctx, tx)
	})
	if err != nil {
		return err
	}
	for _, f := range files[c.ID] {
		if err := s.d.Files.Delete(ctx, f.StorageKey); err != nil {
			s.d.Log.Warn("certificate file not removed", "key", f.StorageKey, "err", err)
		}
	}
	return nil
}

// BookingInput asks for a vendor to carry out a certificate check.
type BookingInput struct {
	PropertyID     string `json:"propertyId"`
	Type           string `json:"type"`
	PreferredDates string `json:"preferredDates"`
	Contact        string `json:"contact"`
}

// Book sends the landlord's request to the configured vendor address, with
// a copy to the landlord, and records it.
func (s *Service) Book(ctx context.Context, a session.Actor, in BookingInput) (VendorRequest, error) {
	p, err := s.property(ctx, a, in.PropertyID)
	if err != nil {
		return VendorRequest{}, err
	}
	if !s.VendorBooking() {
		return VendorRequest{}, apperr.New(apperr.NotFound, "vendor_booking_off", MsgBookingOff)
	}
	in.PreferredDates, in.Contact = cleanText(in.PreferredDates), cleanText(in.Contact)
	fields := map[string]string{}
	t, ok := s.types.Get(in.Type)
	if !ok || !t.Bookable {
		fields["type"] = MsgNotBookable
	}
	switch {
	case in.PreferredDates == "":
		fields["preferredDates"] = MsgPreferredDates
	case utf8.RuneCountInString(in.PreferredDates) > MaxBookingText:
		fields["preferredDates"] = MsgBookingLong
	}
	switch {
	case in.Contact == "":
		fields["contact"] = MsgContact
	case utf8.RuneCountInString(in.Contact) > MaxBookingText:
		fields["contact"] = MsgBookingLong
	}
	if len(fields) > 0 {
		for _, k := range []string{"type", "preferredDates", "contact"} {
			if m, ok := fields[k]; ok {
				return VendorRequest{}, apperr.Fields(m, fields)
			}
		}
	}
	v := VendorRequest{ID: uuid.NewString(), OwnerID: a.UserID, PropertyID: p.ID, Type: t.ID, PreferredDates: in.PreferredDates,
		Contact: in.Contact, RequestedAt: s.now()}
	what := t.Name + " check"
	if t.ID == HMOLicence {
		what = "HMO licence application"
	}
	paras := []string{
		"Property: " + p.Address,
		"Certificate: " + t.Name,
		"Preferred dates: " + v.PreferredDates,
		"Contact: " + v.Contact,
		"Landlord: " + strings.TrimSpace(a.FullName+" <"+a.Email+">"),
		"Requested on " + v.RequestedAt.In(clock.UK).Format("2 January 2006 at 15:04") + " (UK time).",
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := insertVendorRequest(ctx, tx, v); err != nil {
			return err
		}
		if err := s.d.Mail.Send(ctx, tx, mail.Email{To: s.d.VendorEmail, ReplyTo: a.Email, Subject: "Booking request: " + what + " at " + p.Address,
			Template: "notice", Data: map[string]any{"Name": "OmniRent vendors", "Heading": "A landlord asks to book a " + what, "Paragraphs": paras}}); err != nil {
			return err
		}
		return s.d.Mail.Send(ctx, tx, mail.Email{To: a.Email, Subject: "Your booking request: " + what + " at " + p.Address,
			Template: "notice", Data: map[string]any{"Name": a.FullName, "Heading": "We have passed on your booking request",
				"Paragraphs": append([]string{"This is a copy of the request we sent to our vendor. They will contact you to confirm a date."}, paras...)}})
	})
	if err != nil {
		return VendorRequest{}, err
	}
	return v, nil
}
