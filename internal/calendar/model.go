// Package calendar owns the landlord's (or tenant's) diary: events with a
// category, place, attendees, Europe/London wall-clock times, a frequency
// expanded with an RRULE library for the range shown (never stored one by
// one), single-occurrence changes and deletions, e-mail alerts sent exactly
// once per occurrence through the job queue, invitations with .ics files,
// a private iCalendar subscription feed, and the legal dates generated from
// the user's tenancy agreements and certificates (data/legal-dates.yaml).
package calendar

import (
	"time"
)

// TimeZone is where every event's wall-clock times are meant.
const TimeZone = "Europe/London"

// The spec's event types (spec 3 section 9) plus Other when creating.
var Categories = []string{"Vendors", "Viewings", "Wallet", "Certificates", "Maintenance", "Tenancy", "Other"}

// Frequencies (spec 3 section 9, with weekly as the issue asks).
const (
	OneOff  = "one-off"
	Daily   = "daily"
	Weekly  = "weekly"
	Monthly = "monthly"
	Yearly  = "yearly"
)

var Frequencies = []string{OneOff, Daily, Weekly, Monthly, Yearly}

// NoAlert is the alert choice that sends nothing.
const NoAlert = "none"

// Alerts are the spec's alert choices and how long before the start each
// goes out ("1 month" is a calendar month before, see alertTime).
var Alerts = []string{NoAlert, "15 minutes", "30 minutes", "1 hour", "2 hours", "1 day", "2 days", "1 week", "1 month"}

var alertOffsets = map[string]time.Duration{
	"15 minutes": 15 * time.Minute, "30 minutes": 30 * time.Minute, "1 hour": time.Hour, "2 hours": 2 * time.Hour,
	"1 day": 24 * time.Hour, "2 days": 48 * time.Hour, "1 week": 7 * 24 * time.Hour,
}

// alertTime is when the alert of an occurrence starting at start goes out
// (zero for none). Days and weeks are counted in wall-clock days, so "1 day
// before" a 09:00 event is 09:00 the day before, across a clock change too.
func alertTime(alert string, start time.Time) (time.Time, bool) {
	switch alert {
	case "1 day":
		return start.AddDate(0, 0, -1), true
	case "2 days":
		return start.AddDate(0, 0, -2), true
	case "1 week":
		return start.AddDate(0, 0, -7), true
	case "1 month":
		return start.AddDate(0, -1, 0), true
	}
	d, ok := alertOffsets[alert]
	if !ok {
		return time.Time{}, false
	}
	return start.Add(-d), true
}

// maxAlertLead bounds how far ahead of an occurrence an alert can be.
const maxAlertLead = 32 * 24 * time.Hour

// The spec's words (spec 3 section 5) and ours where it is silent.
const (
	MsgFillAll        = "Please fill all the fields"
	MsgEndAfterStart  = "The end time must be after the start time."
	MsgLimitAfterDate = "The limit date must be on or after the date."
	MsgAttendee       = "Please enter a valid e-mail address for each person."
	MsgNotFound       = "Event not found."
	MsgNoOccurrence   = "This event has no occurrence at that time."
	MsgRange          = "Please ask for at most 400 days at a time."
	MsgGeneratedKey   = "This date is not one of your calendar's dates."
	MsgFeedNotFound   = "This calendar feed does not exist or was reset."
	MsgTooManyEvents  = "Your calendar holds 5,000 events, the most it can. Please delete events you no longer need before adding more."
)

// MaxEventsPerAccount caps one account's events (a series counts once), so
// one account cannot make every view and alert sweep slow (issue 26).
// MsgTooManyEvents says the number.
var MaxEventsPerAccount = 5000

// Location is a saved property or free text.
type Location struct {
	PropertyID string `json:"propertyId"`
	Address    string `json:"address"`
}

// Attendee is a person invited to the event.
type Attendee struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

// Exception is one occurrence changed or deleted on its own.
type Exception struct {
	Occurrence string    `json:"occurrence"` // original start, YYYY-MM-DDTHH:MM
	Deleted    bool      `json:"deleted"`
	Title      string    `json:"title,omitempty"`
	Date       string    `json:"date,omitempty"`
	StartTime  string    `json:"startTime,omitempty"`
	EndTime    string    `json:"endTime,omitempty"`
	ChangedAt  time.Time `json:"-"`
}

// Event is one event or series.
type Event struct {
	ID              string      `json:"id"`
	OwnerID         string      `json:"creatorId"`
	CreatorEmail    string      `json:"creatorEmail"`
	CreatorFullName string      `json:"creatorFullName"`
	Category        string      `json:"category"`
	Title           string      `json:"title"`
	Description     string      `json:"description"`
	Location        Location    `json:"location"`
	Attendees       []Attendee  `json:"attendees"`
	Date            string      `json:"date"`
	StartTime       string      `json:"startTime"`
	EndTime         string      `json:"endTime"`
	TimeZone        string      `json:"timeZone"`
	Frequency       string      `json:"frequency"`
	LimitDate       string      `json:"limitDate"`
	Alert           string      `json:"alert"`
	RRule           string      `json:"rrule"`
	Exceptions      []Exception `json:"exceptions"`
	Sequence        int         `json:"-"`
	AlertsFrom      time.Time   `json:"-"`
	CreatedAt       time.Time   `json:"createdAt"`
	UpdatedAt       time.Time   `json:"updatedAt"`
}

// Occurrence is one happening of an event, or a generated legal date, as the
// views show it.
type Occurrence struct {
	Key         string     `json:"key"`
	EventID     string     `json:"eventId"`
	Occurrence  string     `json:"occurrence"`
	Date        string     `json:"date"`
	StartTime   string     `json:"startTime"`
	EndTime     string     `json:"endTime"`
	Start       time.Time  `json:"start"`
	End         time.Time  `json:"end"`
	AllDay      bool       `json:"allDay"`
	Category    string     `json:"category"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	Location    Location   `json:"location"`
	Attendees   []Attendee `json:"attendees"`
	Frequency   string     `json:"frequency"`
	Alert       string     `json:"alert"`
	Recurring   bool       `json:"recurring"`
	Overridden  bool       `json:"overridden"`
	Generated   bool       `json:"generated"`
	Done        bool       `json:"done"`
	Link        string     `json:"link"`
	Source      string     `json:"source"`
	Note        string     `json:"note"`
	changedAt   time.Time  // an overridden occurrence's own change (alerts due before it are not sent)
}

// Local formats of the wall-clock values.
const (
	dateFmt  = time.DateOnly
	clockFmt = "15:04"
	localFmt = "2006-01-02T15:04"
)
