package calendar

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"github.com/omnirent/omnirent/internal/apperr"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Tenancy is what the legal dates need of a tenancy agreement (read
// through Agreements, implemented over internal/contract by internal/app).
type Tenancy struct {
	ID              string
	LandlordID      string
	PropertyAddress string
	Jurisdiction    string // England, Wales, Scotland, Northern Ireland
	StartDate       string // YYYY-MM-DD
	// DepositReceived is the day the deposit was received, "" when not
	// recorded: the earliest day it can have been received is used then
	// (the day the agreement was sent, or the start if sooner), and the
	// date says so.
	DepositReceived string
	SentOn          string // YYYY-MM-DD: the day the agreement was sent for signing
	HasDeposit      bool
	Link            string // where the agreement is, e.g. /contract-builder?view=completed&id=...
}

// Agreements lists tenancy agreements sent for signing or signed (not
// drafts): one landlord's, or every landlord's when landlordID is "" (the
// alert sweep).
type Agreements interface {
	Tenancies(ctx context.Context, landlordID string) ([]Tenancy, error)
}

// CertificateExpiry is a certificate's expiry date shown in the calendar.
// The documents area sends the certificate reminders itself; the calendar
// only shows them (and puts them in the feed).
type CertificateExpiry struct {
	Key             string
	CertificateID   string
	Type            string
	Name            string
	PropertyID      string
	PropertyAddress string
	ExpiresOn       string // YYYY-MM-DD
	Link            string
}

// Certificates lists an owner's certificate expiries between two instants,
// and takes "Mark done" on one of them: the area that keeps certificates
// sends their reminders, so it is the one told to stop them.
type Certificates interface {
	Expiries(ctx context.Context, ownerID string, from, to time.Time) ([]CertificateExpiry, error)
	Acknowledge(ctx context.Context, ownerID, key string, done bool) error
}

// noCertificates stands in until a certificates source is wired.
type noCertificates struct{}

func (noCertificates) Expiries(context.Context, string, time.Time, time.Time) ([]CertificateExpiry, error) {
	return nil, nil
}

func (noCertificates) Acknowledge(context.Context, string, string, bool) error {
	return apperr.New(apperr.NotFound, "not_found", MsgGeneratedKey)
}

// Rule is one legal date (data/legal-dates.yaml).
type Rule struct {
	Key           string   `yaml:"key"`
	Title         string   `yaml:"title"`
	Description   string   `yaml:"description"`
	Jurisdictions []string `yaml:"jurisdictions"`
	Anchor        string   `yaml:"anchor"` // start or deposit-received
	Days          int      `yaml:"days"`
	WorkingDays   int      `yaml:"workingDays"`
	Months        int      `yaml:"months"`
	NeedsDeposit  bool     `yaml:"needsDeposit"`
	AlertDays     int      `yaml:"alertDays"`
	Source        string   `yaml:"source"`
	URL           string   `yaml:"url"`
	Since         string   `yaml:"since"`
}

// Rules are the legal-date rules and their version.
type Rules struct {
	Version string `yaml:"version"`
	Rules   []Rule `yaml:"rules"`
}

//go:embed data/legal-dates.yaml
var legalYAML []byte

// LoadRules reads and checks the embedded rules (at start-up).
func LoadRules() (*Rules, error) { return parseRules(legalYAML) }

var knownJurisdictions = map[string]bool{"England": true, "Wales": true, "Scotland": true, "Northern Ireland": true}

func parseRules(b []byte) (*Rules, error) {
	var r Rules
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("legal dates: %w", err)
	}
	if _, err := time.Parse(dateFmt, r.Version); err != nil {
		return nil, fmt.Errorf("legal dates: version %q is not a date", r.Version)
	}
	seen := map[string]bool{}
	for _, x := range r.Rules {
		switch {
		case x.Key == "" || seen[x.Key] || strings.Contains(x.Key, ":"):
			return nil, fmt.Errorf("legal dates: missing, repeated or bad key %q", x.Key)
		case x.Title == "" || x.Description == "" || x.Source == "" || !strings.HasPrefix(x.URL, "https://"):
			return nil, fmt.Errorf("legal dates: %s needs a title, description, source and https url", x.Key)
		case x.Anchor != "start" && x.Anchor != "deposit-received":
			return nil, fmt.Errorf("legal dates: %s: unknown anchor %q", x.Key, x.Anchor)
		case x.Days == 0 && x.WorkingDays == 0 && x.Months == 0:
			return nil, fmt.Errorf("legal dates: %s: no offset", x.Key)
		case x.WorkingDays < 0 || x.AlertDays < 0 || x.AlertDays > 31:
			return nil, fmt.Errorf("legal dates: %s: bad working days or alert days", x.Key)
		case len(x.Jurisdictions) == 0:
			return nil, fmt.Errorf("legal dates: %s: no jurisdiction", x.Key)
		}
		if _, err := time.Parse(dateFmt, x.Since); err != nil {
			return nil, fmt.Errorf("legal dates: %s: since %q is not a date", x.Key, x.Since)
		}
		for _, j := range x.Jurisdictions {
			if !knownJurisdictions[j] {
				return nil, fmt.Errorf("legal dates: %s: unknown jurisdiction %q", x.Key, j)
			}
		}
		seen[x.Key] = true
	}
	return &r, nil
}

// LegalDate is one generated date of one tenancy.
type LegalDate struct {
	Key       string // gen:<rule>:<agreement id>
	Rule      Rule
	Date      string // YYYY-MM-DD
	Note      string
	Tenancy   Tenancy
	AlertDays int
}

// noteEarliest explains a deadline counted before the deposit's receipt is
// recorded: the earliest it can be, from the earliest day the deposit can
// have been received for this agreement.
const noteEarliest = "The earliest this deadline can be: no date of receiving the deposit is recorded, so it is counted from %s, when the agreement was sent for signing and the deposit could first have been taken. Record the day you received the deposit on the agreement and the deadline is counted from it."

// DatesFor applies every rule to one tenancy.
func (r *Rules) DatesFor(t Tenancy) []LegalDate {
	start, err := time.Parse(dateFmt, t.StartDate)
	if err != nil {
		return nil
	}
	var out []LegalDate
	for _, x := range r.Rules {
		if !contains(x.Jurisdictions, t.Jurisdiction) || (x.NeedsDeposit && !t.HasDeposit) {
			continue
		}
		anchor, note := start, ""
		if x.Anchor == "deposit-received" {
			if d, err := time.Parse(dateFmt, t.DepositReceived); err == nil {
				anchor = d
			} else {
				if sent, err := time.Parse(dateFmt, t.SentOn); err == nil && sent.Before(anchor) {
					anchor = sent
				}
				note = fmt.Sprintf(noteEarliest, anchor.Format("2 January 2006"))
			}
		}
		if anchor.Format(dateFmt) < x.Since {
			continue
		}
		d := addMonths(anchor, x.Months).AddDate(0, 0, x.Days)
		for n := x.WorkingDays; n > 0; {
			d = d.AddDate(0, 0, 1)
			if wd := d.Weekday(); wd != time.Saturday && wd != time.Sunday {
				n--
			}
		}
		out = append(out, LegalDate{Key: "gen:" + x.Key + ":" + t.ID, Rule: x, Date: d.Format(dateFmt), Note: note, Tenancy: t, AlertDays: x.AlertDays})
	}
	return out
}

// addMonths counts calendar months as the courts do (the corresponding
// date rule, Dodds v Walker [1981]): the same day n months on, or the last
// day of that month when it has no such day (31 January + 10 months is 30
// November, not 1 December as time.AddDate would make it, which would put
// a "serve by" date after the deadline).
func addMonths(t time.Time, n int) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, t.Location())
	if last := first.AddDate(0, 1, -1).Day(); d > last {
		d = last
	}
	return first.AddDate(0, 0, d-1)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// occurrence shows a legal date as an all-day event.
func (d LegalDate) occurrence(done bool) Occurrence {
	day, _ := time.ParseInLocation(dateFmt, d.Date, london)
	title := d.Rule.Title
	if d.Tenancy.PropertyAddress != "" {
		title += " - " + d.Tenancy.PropertyAddress
	}
	alert := NoAlert
	if d.AlertDays > 0 {
		alert = fmt.Sprintf("%d days", d.AlertDays)
	}
	return Occurrence{Key: d.Key, Occurrence: d.Date, Date: d.Date, Start: day.UTC(), End: day.AddDate(0, 0, 1).UTC(), AllDay: true,
		Category: "Tenancy", Title: title, Description: d.Rule.Description, Location: Location{Address: d.Tenancy.PropertyAddress},
		Attendees: []Attendee{}, Frequency: OneOff, Alert: alert, Generated: true, Done: done, Link: d.Tenancy.Link,
		Source: d.Rule.Source + " (" + d.Rule.URL + ")", Note: d.Note}
}

// certificateOccurrence shows a certificate expiry as an all-day event.
func certificateOccurrence(c CertificateExpiry, done bool) (Occurrence, bool) {
	day, err := time.ParseInLocation(dateFmt, c.ExpiresOn, london)
	if err != nil {
		return Occurrence{}, false
	}
	name := c.Type
	if c.Name != "" && c.Name != c.Type {
		name += " (" + c.Name + ")"
	}
	title := name + " expires"
	if c.PropertyAddress != "" {
		title += " - " + c.PropertyAddress
	}
	return Occurrence{Key: "cert:" + c.Key, Occurrence: c.ExpiresOn, Date: c.ExpiresOn, Start: day.UTC(), End: day.AddDate(0, 0, 1).UTC(),
		AllDay: true, Category: "Certificates", Title: title,
		Description: "The certificate expires on this day. Renew it before then: gas safety every 12 months, EICR every 5 years, EPC every 10 years, HMO licence as the council sets. Reminders come from your documents.",
		Location:    Location{PropertyID: c.PropertyID, Address: c.PropertyAddress}, Attendees: []Attendee{}, Frequency: OneOff,
		Alert: NoAlert, Generated: true, Done: done, Link: c.Link}, true
}
