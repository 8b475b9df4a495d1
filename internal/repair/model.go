// Package repair owns repairs and maintenance (issue 44): a tenant of a
// home reports a repair through a guided form (data/categories.yaml, with
// safety advice first for emergencies), or the landlord logs a report they
// received elsewhere with the real moment they were told; the landlord
// triages it (emergency, urgent, routine) and the deadlines that apply are
// counted from the moment the landlord was made aware, from the catalogue
// of the property's nation (data/deadlines.yaml) on that nation's bank
// holidays (platform/workdays). A repair moves through the states of
// status.go's table, each change decided in one transaction with the
// repair's row locked; every report, change, message and notice is
// appended to the repair's history, hash-chained and never edited or
// deleted (the database refuses); e-mails go through the job queue in the
// same transaction.
//
// Who may see a repair: the landlord who owns the property, and the
// tenants of the signed agreement it was reported under. Everyone else,
// admins included, is told it does not exist.
//
// Planned on this model (REPAIRS.md 3.2): contractors and their job links
// (contractor_assigned, appointment_proposed carry notes until then),
// appointments with the access notice (the catalogue's access-notice
// rules), photos (internal/photo, owner kind "repair"), the sealed history
// PDF (the events' hash chain), the wallet entry of an invoice, and the
// EICR-opened repair (the eicr-remedial rules).
package repair

import (
	"time"
)

// Role is how someone acts on a repair.
type Role string

const (
	RoleTenant   Role = "tenant"
	RoleLandlord Role = "landlord"
	RoleSystem   Role = "system"
)

// Channels are how a landlord was told of a report made outside OmniRent;
// "app" is a tenant's report here.
var Channels = []string{"phone", "text", "email", "letter", "in_person", "inspection", "other"}

// ChannelText names each channel.
var ChannelText = map[string]string{
	"app": "OmniRent", "phone": "a phone call", "text": "a text message", "email": "an e-mail", "letter": "a letter",
	"in_person": "in person", "inspection": "an inspection", "other": "another way",
}

// VulnerabilityGroups are who a tenant may say lives in the home (issue 44).
var VulnerabilityGroups = []string{"child_under_5", "pregnancy", "respiratory", "disability", "over_65"}

// VulnerabilityText names each group.
var VulnerabilityText = map[string]string{
	"child_under_5": "A child under 5", "pregnancy": "Someone pregnant", "respiratory": "Someone with a breathing condition",
	"disability": "Someone with a disability", "over_65": "Someone over 65",
}

// DeclineReasons are the fixed reasons a landlord may decline a repair
// for (REPAIRS.md 3.3), each with free text.
var DeclineReasons = []string{"tenant_responsibility", "not_landlords_item", "not_a_repair", "no_fault_found", "duplicate", "other"}

// DeclineText names each reason.
var DeclineText = map[string]string{
	"tenant_responsibility": "The tenant is responsible (damage caused by the household or its visitors)",
	"not_landlords_item":    "It is the tenant's own item, not the landlord's",
	"not_a_repair":          "It is an improvement, not a repair the landlord must do",
	"no_fault_found":        "No fault was found",
	"duplicate":             "It was already reported in another repair",
	"other":                 "Another reason",
}

// HoldReasons are why a repair may be put on hold (REPAIRS.md 3.3).
var HoldReasons = []string{"awaiting_parts", "no_access", "third_party_consent", "tenant_unavailable", "other"}

// HoldText names each reason.
var HoldText = map[string]string{
	"awaiting_parts": "Waiting for parts", "no_access": "No access to the home", "third_party_consent": "Waiting for someone else's consent (a freeholder, a neighbour)",
	"tenant_unavailable": "The tenant is not available", "other": "Another reason",
}

// Limits of what people type.
const (
	MaxDescription  = 2000
	MaxRoom         = 80
	MaxAvailability = 500
	MaxNote         = 2000
	MaxChannelNote  = 5000
	MaxMessage      = 2000
	MaxClientKey    = 100
	// ReopenDays: a repair verified or closed may be reopened by the tenant
	// within this many days, and counts as a repeat repair.
	ReopenDays = 90
)

// The area's messages, plain English.
const (
	MsgNotFound         = "Repair not found."
	MsgNoHome           = "You can report a repair once the tenancy agreement for your home has been signed by everyone. Until then, please contact your landlord directly."
	MsgChooseHome       = "Please choose your home."
	MsgChooseProperty   = "Please choose one of your properties."
	MsgDescription      = "Please describe the problem."
	MsgDescriptionLong  = "Please keep the description to 2,000 characters or fewer."
	MsgRoom             = "Please say which room or part of the home the problem is in (80 characters at most)."
	MsgAvailability     = "Please keep your availability to 500 characters or fewer."
	MsgConsent          = "Please tick the box to agree that we share this with your landlord, or leave the question out."
	MsgGroups           = "Please choose who is vulnerable from the list."
	MsgAwareAt          = "Please enter the date and time you were told about the problem."
	MsgAwareFuture      = "The moment you were told cannot be in the future."
	MsgChannel          = "Please say how you were told: a phone call, a text message, an e-mail, a letter, in person, an inspection or another way."
	MsgChannelNote      = "Please keep the note of the original report to 5,000 characters or fewer."
	MsgClientKey        = "The request key is too long."
	MsgFix              = "Please check the highlighted answers."
	MsgLandlordsLog     = "Only landlords can log a report received elsewhere."
	MsgNote             = "Please add a note (2,000 characters at most)."
	MsgNoteLong         = "Please keep the note to 2,000 characters or fewer."
	MsgMessage          = "Please write a message (2,000 characters at most)."
	MsgStatus           = "Please choose what to do with the repair."
	MsgChanged          = "This repair changed since you opened it: it is now %s. Please look at it again."
	MsgTransition       = "This repair is %s: it cannot be marked %s."
	MsgLandlordOnly     = "Only the landlord can do this."
	MsgTenantOnly       = "Only the tenant can do this."
	MsgPriority         = "Please choose emergency, urgent or routine."
	MsgPriorityNote     = "Please say why you changed the priority from the one the report suggested."
	MsgHazards          = "Please choose the hazards from the list."
	MsgDeclineReason    = "Please choose why you are declining the repair."
	MsgDeclineEmergency = "An emergency cannot be declined before it has been investigated. Record the investigation first."
	MsgHoldReason       = "Please choose why the repair is on hold."
	MsgCompletedAt      = "Please enter when the investigation was completed: not in the future, and not before you were told of the problem."
	MsgFindings         = "Please write what the investigation found (2,000 characters at most)."
	MsgSummary          = "Please write the summary the tenant will receive (2,000 characters at most)."
	MsgReopenLate       = "This repair was finished more than 90 days ago. Please report the problem as a new repair."
	MsgDeadline         = "Please choose one of the repair's open deadlines."
	MsgReason           = "Please say why the deadline cannot be met (2,000 characters at most)."
	MsgExpectedBy       = "Please enter the date by which you expect to do it: a date after today."
	MsgMitigation       = "Please say what you are doing meanwhile to limit the problem (2,000 characters at most)."
	MsgNoVulnerability  = "No vulnerability information is held for this repair."
	MsgNotCovered       = "OmniRent cannot count this repair's deadlines yet: %s"
)

// Repair is one repair of one property.
type Repair struct {
	ID           string
	PropertyID   string
	LandlordID   string
	TenancyID    string // the signed agreement whose tenants see it ("" when none)
	Jurisdiction string
	Address      string
	ReportedBy   string
	ReporterRole Role
	ReporterName string
	Channel      string
	ChannelNote  string
	ClientKey    string
	// AwareAt is when the landlord was made aware: the tenant's report, or
	// the moment the landlord says they were told. The clocks count from it.
	AwareAt time.Time
	// RoundAt is where the current round's clocks count from: AwareAt, then
	// the moment of each reopening.
	RoundAt           time.Time
	Category          string
	Answers           map[string]string
	Room              string
	Description       string
	Availability      string
	EntryWhenOut      bool
	Vulnerability     []string
	VulnerabilityAt   *time.Time // when the tenant agreed to share it
	SuggestedPriority Priority
	Priority          Priority
	Hazards           []string
	Status            Status
	HeldFrom          Status // the status an on-hold repair resumes to
	Cycle             int    // 1, then one more at each reopening (the deadlines' round)
	Repeats           int    // times reopened
	SafetyWork        bool   // the investigation found safety work is needed
	DoneAt            *time.Time
	NextDueAt         *time.Time
	Seq               int
	LastHash          string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// Open reports whether the repair still needs the landlord (not verified,
// closed or declined).
func (r Repair) Open() bool {
	return r.Status != Verified && r.Status != Closed && r.Status != Declined
}

// Event is one line of a repair's history.
type Event struct {
	RepairID  string
	Seq       int
	At        time.Time
	ActorID   string
	ActorRole Role
	ActorName string
	Kind      string // reported, logged, status, message, notice, vulnerability
	From, To  Status
	Body      string
	Data      map[string]any
	PrevHash  string
	Hash      string
	// dataJSON is Data as stored: the hash covers these exact bytes.
	dataJSON string
}

// Event kinds.
const (
	EventReported      = "reported"
	EventLogged        = "logged"
	EventStatus        = "status"
	EventMessage       = "message"
	EventNotice        = "notice"
	EventVulnerability = "vulnerability"
)

// Deadline is one clock of a repair, counted when its trigger happened.
type Deadline struct {
	RepairID  string
	Cycle     int
	RuleID    string
	Trigger   Trigger
	TriggerAt time.Time
	DueAt     time.Time
	DueDay    string
	Effect    string
	Kind      string
	Title     string
	Action    string
	Amount    int
	Unit      Unit
	MetBy     []Status
	Source    string
	URL       string
	Note      string // e.g. the bank holidays the count skipped
	MetAt     *time.Time
	StoppedAt *time.Time
	NoticeAt  *time.Time // a cannot-comply notice was sent
}

// State of a deadline at a moment: open; met (or met_late, after it
// passed); missed (it passed unmet, whatever happened after: a repair
// closed after its deadline passed still missed it); stopped (the repair
// was closed, declined or reopened before it passed).
func (d Deadline) State(now time.Time) string {
	switch {
	case d.MetAt != nil:
		if d.Effect == By && d.MetAt.After(d.DueAt) {
			return "met_late"
		}
		return "met"
	case d.Effect != By:
		return "open"
	case d.StoppedAt != nil && !d.StoppedAt.After(d.DueAt):
		return "stopped"
	case now.After(d.DueAt) || d.StoppedAt != nil:
		return "missed"
	}
	return "open"
}
