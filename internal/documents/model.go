// Package documents owns the documents area (issue 16): a landlord's
// compliance certificates per property (gas safety, EICR, EPC, HMO licence
// and others; the types and their terms are data, data/certificate-types.yaml)
// with their uploaded files, expiry dates and reminders; the certificates
// recorded in inventory reports read through (never copied); the counts of
// what needs the landlord's action on the documents menu; the per-property
// lists of agreements, reference checks and reports (read through small
// interfaces over those areas); each property's compliance warnings; and
// requests to book a vendor. Its SQL names only its own tables.
package documents

import "time"

// Expiry colours: red when expired or within RedDays, amber within
// AmberDays, green beyond.
const (
	Red       = "red"
	Amber     = "amber"
	Green     = "green"
	RedDays   = 30
	AmberDays = 90
)

// Limits of a certificate's files and texts.
const (
	MaxFileBytes   = 10 << 20
	MaxFiles       = 20
	MaxNotes       = 2000
	MaxName        = 100
	MaxBookingText = 500
)

// LongDate is how the area writes a day in words: 10 January 2027.
const LongDate = "2 January 2006"

// Reminder stages: 30 and 7 days before the expiry date and on the day,
// each due at ReminderHour (UK time).
const (
	Stage30  = "30d"
	Stage7   = "7d"
	StageDay = "day"

	ReminderHour = 9
)

// Stages in the order they fall due, with their days before the expiry.
var Stages = []struct {
	Name   string
	Before int
}{{Stage30, 30}, {Stage7, 7}, {StageDay, 0}}

// Messages. The spec has none for real certificates; these are ours.
const (
	MsgLandlordsOnly    = "Only landlords can use the documents area."
	MsgPropertyNotFound = "Property not found."
	MsgNotFound         = "Certificate not found."
	MsgFileNotFound     = "File not found."
	MsgType             = "Please choose a certificate type."
	MsgName             = "Please enter the certificate's name."
	MsgNameLong         = "The name can be at most 100 characters."
	MsgIssuedOn         = "Please enter the issue date."
	MsgIssuedFuture     = "The issue date cannot be in the future."
	MsgExpiresOn        = "Please enter the expiry date."
	MsgExpiryOrder      = "The expiry date must be after the issue date."
	MsgExpiryTerm       = "%s %s lasts %s: it expires by %s." // a, type name, term, latest expiry (CertType.TermMessage)
	// ... with a check made early keeping the old date (earlyCheckMonths).
	MsgExpiryTermEarly = "%s %s lasts %s, or up to %s when the check was made in the %s before the last one ran out: it expires by %s."
	MsgRating          = "Please choose the EPC rating (A to G)."
	MsgNoRating        = "Only an EPC has a rating."
	MsgNotes           = "Notes can be at most 2000 characters."
	MsgReplaces        = "Only a current certificate of the same type can be replaced."
	MsgNoFile          = "Please choose a file."
	MsgFileType        = "Only PDF, JPEG or PNG files can be uploaded."
	MsgFileTooLarge    = "Each file can be at most 10 MB."
	MsgTooManyFiles    = "A certificate can have at most 20 files."
	MsgBusy            = "The server is busy; please try again in a moment."
	MsgBookingOff      = "Booking a vendor is not available."
	MsgNotBookable     = "This certificate cannot be booked."
	MsgPreferredDates  = "Please say which dates suit you."
	MsgContact         = "Please give a phone number or e-mail to contact you."
	MsgBookingLong     = "Please keep this under 500 characters."
)

// Certificate is one compliance certificate a landlord recorded, or one
// read from an inventory report (Source set, read-only).
type Certificate struct {
	ID         string
	OwnerID    string
	PropertyID string
	Type       string
	Name       string // for type other
	IssuedOn   string // YYYY-MM-DD; "" for report certificates
	ExpiresOn  string // YYYY-MM-DD
	EPCRating  string
	Notes      string
	Outcome    string // satisfactory, unsatisfactory or "" (outcome.go)
	ReplacedBy string
	CreatedAt  time.Time
	UpdatedAt  time.Time
	Files      []File
	Source     *Source
}

// Key names the certificate in the reminder ledger: "cert:<id>" or
// "report:<reportId>:<index>".
func (c Certificate) Key() string {
	if c.Source != nil {
		return c.ID
	}
	return "cert:" + c.ID
}

// Held is whether the landlord holds the paper: at least one file.
func (c Certificate) Held() bool { return len(c.Files) > 0 }

// File is one uploaded file of a certificate (or a report's photo).
type File struct {
	ID            string
	CertificateID string
	StorageKey    string
	Filename      string
	ContentType   string
	Size          int64
	SHA256        string
	UploadedAt    time.Time
	URL           string // set for report photos
}

// Source is the inventory report a certificate was recorded in.
type Source struct {
	ReportID   string
	ReportType string
	ReportDate time.Time
}

// VendorRequest is a landlord's request to book a certificate check.
type VendorRequest struct {
	ID             string    `json:"id"`
	OwnerID        string    `json:"-"`
	PropertyID     string    `json:"propertyId"`
	Type           string    `json:"type"`
	PreferredDates string    `json:"preferredDates"`
	Contact        string    `json:"contact"`
	RequestedAt    time.Time `json:"requestedAt"`
}
