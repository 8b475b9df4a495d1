// Package notices owns the notices served during a tenancy (issue 45): the
// rent increase the law allows (a section 13 notice in England) and the
// tenant's notice ending the tenancy. Their clocks are data
// (data/notices.yaml, with sources and dates, checked at start-up): the
// earliest day a new rent may take effect, and the earliest day a tenant's
// notice may end the tenancy.
//
// A landlord proposes an increase from a signed agreement; the area fills
// in what the prescribed form asks for (never the form's own text, which
// the landlord downloads from GOV.UK) and records how and when the landlord
// served it; the tenants see it on their home with their right to
// challenge it, and may accept it. A tenant gives notice from their home.
// Each change is decided in one transaction with the tenancy's row in
// notice_tenancies locked, so two changes at once are decided one after the
// other; e-mails go through the job queue in the same transaction.
//
// Who may see what: the landlord who owns the agreement, and the tenants
// named on it (each joint tenant). Everyone else, admins included, is told
// it does not exist. A landlord cannot end a tenancy here.
//
// Planned: the deposit at the end (issue 45, third part), the sealed PDF of
// the filled fields, and the nations other than England (said plainly
// until then, data/notices.yaml notHandled).
package notices

import "time"

// Status of a rent increase.
type Status string

const (
	Draft     Status = "draft"     // prepared, not served yet
	Served    Status = "served"    // the landlord served the notice
	Accepted  Status = "accepted"  // every tenant said they accept it
	Withdrawn Status = "withdrawn" // the landlord withdrew it before it took effect
)

// StatusText names each status for people.
var StatusText = map[Status]string{
	Draft: "Prepared, not served yet", Served: "Served", Accepted: "Accepted by the tenants", Withdrawn: "Withdrawn",
}

// Increase is one proposed rent increase of one tenancy.
type Increase struct {
	ID           string
	TenancyID    string
	LandlordID   string
	PropertyID   string
	Jurisdiction string
	Address      string
	OldPence     int64
	NewPence     int64
	Period       string // weekly or monthly
	EffectiveOn  time.Time
	Status       Status
	Method       string // how it was served
	ServedOn     *time.Time
	ServedAt     *time.Time // when the landlord recorded the service
	Acceptances  []Acceptance
	WithdrawnAt  *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Acceptance is one tenant saying they accept the new rent.
type Acceptance struct {
	Email string    `json:"email"`
	Name  string    `json:"name"`
	At    time.Time `json:"at"`
}

// Counts: a served increase not withdrawn is the last increase the next
// one counts from.
func (i Increase) Counts() bool { return i.Status == Served || i.Status == Accepted }

// Open: the increase is still to be served or to take effect.
func (i Increase) Open(today time.Time) bool {
	return i.Status == Draft || (i.Counts() && i.EffectiveOn.After(today))
}

// TenantNotice is a tenant's notice ending the tenancy.
type TenantNotice struct {
	ID           string
	TenancyID    string
	LandlordID   string
	PropertyID   string
	Jurisdiction string
	Address      string
	GivenBy      string // the tenant's account
	GivenByName  string
	GivenByEmail string
	GivenAt      time.Time
	EndOn        time.Time
	CreatedAt    time.Time
}

// The area's messages, plain English.
const (
	MsgNotFound        = "Tenancy not found."
	MsgIncreaseMissing = "Rent increase not found."
	MsgLandlordOnly    = "Only the landlord can do this."
	MsgTenantOnly      = "Only a tenant named on the agreement can do this."
	MsgNewRent         = "Please enter the new rent in whole pounds: more than £0 and at most £1,000,000."
	MsgNotHigher       = "The new rent must be more than the current rent of %s. A lower rent needs no notice: agree it with your tenants."
	MsgDate            = "Please enter the date the new rent takes effect."
	MsgServedOn        = "Please enter the day you served the notice: not in the future, and not before you prepared it."
	MsgMethod          = "Please say how you served the notice: by post, by hand, or by e-mail where the tenants agreed to receive notices by e-mail."
	MsgOpenIncrease    = "This tenancy already has a rent increase that has not taken effect yet (%s from %s). Withdraw it before proposing another."
	MsgNotDraft        = "This rent increase was already served: it cannot be served again."
	MsgNotServed       = "This rent increase is %s: only a served increase can be accepted."
	MsgAlreadyAccepted = "You have already accepted this rent increase."
	MsgTakenEffect     = "This rent increase took effect on %s: it can no longer be withdrawn."
	MsgWithdrawn       = "This rent increase was withdrawn."
	MsgEndDate         = "Please enter the date your tenancy ends."
	MsgNoticeGiven     = "Notice to end this tenancy was already given on %s: the tenancy ends on %s."
	MsgNotBefore       = "The tenancy has not started yet: notice can be given from its start date, %s."
	MsgFix             = "Please check the highlighted answers."
)

// Service methods the data names.
const (
	ByPost  = "post"
	ByHand  = "hand"
	ByEmail = "email"
)
