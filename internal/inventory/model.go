// Package inventory owns inventory and condition reports (OmniScan, spec 3
// sections 1 to 5): reports of a landlord's property made room by room on
// a phone, their catalogues kept as data (catalogue.go), the report data
// saved as the inspector goes (autosave, with a revision so two devices
// cannot overwrite each other unseen), cloning, the lists, and photo
// evidence through internal/photo. Signing and sending (issue 15) use the
// signing package, as agreements do.
package inventory

import (
	"strings"
	"time"
)

// Report types (spec 3 section 2, step 0).
const (
	TypeInventory = "Inventory"
	TypeCheckIn   = "Check-in Report"
	TypeInterim   = "Interim Report"
	TypeCheckOut  = "Check-out Report"
)

// Types lists the report types in the spec's order.
var Types = []string{TypeInventory, TypeCheckIn, TypeInterim, TypeCheckOut}

// Status values (spec 3 section 4): Draft, Disputed, Completed, ATS, ADS;
// any other status counts as active.
const (
	Draft     = "Draft"
	ATS       = "ATS"
	ADS       = "ADS"
	Disputed  = "Disputed"
	Completed = "Completed"
)

// statusWords are the statuses as people read them: pages, lists and PDFs
// show these, never the codes (issue 26).
var statusWords = map[string]string{
	Draft:     "Draft",
	ATS:       "Awaiting signatures",
	ADS:       "Signed, being sealed",
	Disputed:  "Disputed",
	Completed: "Completed",
}

// StatusText is a status in words; any other status counts as active.
func StatusText(status string) string {
	if w, ok := statusWords[status]; ok {
		return w
	}
	return "Active"
}

// Payment status values.
const (
	PaymentPending = "Pending"
	PaymentPaid    = "Paid"
)

// Sides of a property.
const (
	SideInside  = "inside"
	SideOutside = "outside"
)

// Ratings of a condition block, and the other fixed lists of the editor.
var (
	Ratings       = []string{"Fine", "Dusty", "Dirty", "Marked", "Damaged"}
	MeterKinds    = []string{"Electricity", "Gas", "Water"}
	DocumentKinds = []string{"EPC", "Gas Safety Certificate", "EICR", "HMO License"}
)

// Report is one inventory or condition report.
type Report struct {
	ID            string
	CreatorID     string
	PropertyID    string
	Type          string
	Status        string
	PaymentStatus string
	Data          Data
	Revision      int
	ClonedFrom    string
	Stamps        []Stamp
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Stamp records a moment that authenticates the report in a dispute: the
// server's time, and the browser's location when the user allowed it.
type Stamp struct {
	Event    string    `json:"event"` // "begin"; "sign" (issue 15)
	At       time.Time `json:"at"`
	Lat      *float64  `json:"lat"`
	Lng      *float64  `json:"lng"`
	Accuracy *float64  `json:"accuracy"`
	UserID   string    `json:"userId"`
}

// Messages: the spec's words (spec 3 sections 5 and 8) where it has them.
const (
	MsgNotFound        = "Report not found."
	MsgBeingEdited     = "The creator is editing this report. It will be signed and sent to you again."
	MsgSelectProperty  = "Please select a property."
	MsgSelectClone     = "Please select a report to clone."
	MsgUnknownType     = "Please choose a report type."
	MsgCloneType       = "Only a signed or completed report of the same type can be cloned."
	MsgNotDraft        = "Only a draft report can be changed."
	MsgFillAll         = "Please fill all the fields"
	MsgInvalidEmail    = "Invalid Email Address"
	MsgChanged         = "This report was changed on another device. The latest version has been loaded; please check your last change."
	MsgDeleteDraftOnly = "Only draft reports can be deleted."
	MsgMeterFields     = "Please enter the meter's location and reading."
	MsgDocumentFields  = "Please add a file and an expiry date."
	MsgUnknownRoom     = "Please choose a room or space from the list."
	MsgUnknownItem     = "This item is not offered for this room."
	MsgRating          = "Please choose a condition rating from the list."
	MsgMoveOutBeforeIn = "The move-out date must be on or after the move-in date."
)

func (p Property) text() string {
	var parts []string
	for _, s := range []string{p.Line1, p.Line2, p.Town, p.Postcode} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}
