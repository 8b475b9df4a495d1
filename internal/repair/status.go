package repair

import "slices"

// Status is where a repair stands (REPAIRS.md 3.3, issue 44).
type Status string

const (
	Reported            Status = "reported"
	Triaged             Status = "triaged"
	InvestigationBooked Status = "investigation_booked"
	Investigated        Status = "investigated"
	SummarySent         Status = "summary_sent"
	ContractorAssigned  Status = "contractor_assigned"
	AppointmentProposed Status = "appointment_proposed"
	AppointmentConfirm  Status = "appointment_confirmed"
	InProgress          Status = "in_progress"
	WorkDone            Status = "work_done"
	Verified            Status = "verified"
	Closed              Status = "closed"
	OnHold              Status = "on_hold"
	Declined            Status = "declined"
	Disputed            Status = "disputed"
	Reopened            Status = "reopened"
)

// Statuses are every status, in the order a repair usually meets them.
var Statuses = []Status{Reported, Triaged, InvestigationBooked, Investigated, SummarySent, ContractorAssigned,
	AppointmentProposed, AppointmentConfirm, InProgress, WorkDone, Verified, Closed, OnHold, Declined, Disputed, Reopened}

// StatusText is each status as both sides read it.
var StatusText = map[Status]string{
	Reported:            "Reported",
	Triaged:             "Triaged",
	InvestigationBooked: "Investigation booked",
	Investigated:        "Investigated",
	SummarySent:         "Summary sent",
	ContractorAssigned:  "Contractor assigned",
	AppointmentProposed: "Appointment proposed",
	AppointmentConfirm:  "Appointment confirmed",
	InProgress:          "Work in progress",
	WorkDone:            "Work done",
	Verified:            "Fixed (confirmed)",
	Closed:              "Closed",
	OnHold:              "On hold",
	Declined:            "Declined",
	Disputed:            "Declined, disputed by the tenant",
	Reopened:            "Reopened",
}

func knownStatus(s Status) bool {
	_, ok := StatusText[s]
	return ok
}

// Resume is the change that takes a repair off hold, back to the status it
// was put on hold from.
const Resume Status = "resume"

// Whether a change needs a note.
type noteRule int

const (
	noteOptional noteRule = iota
	noteRequired
)

// transition is one allowed change: to this status, from these, by whom.
// A change not in the table is refused with MsgTransition (409), a change
// only the other side may make with MsgLandlordOnly or MsgTenantOnly (403).
type transition struct {
	to    Status
	from  []Status
	by    Role
	label string
	note  noteRule
}

// working are the statuses of a repair being worked on: it can be put on
// hold, and the work recorded as done, from any of them.
var working = []Status{Triaged, InvestigationBooked, Investigated, SummarySent, ContractorAssigned, AppointmentProposed, AppointmentConfirm, InProgress}

// transitions is the state machine (REPAIRS.md 3.3, issue 44). Triage and
// the investigation carry their own fields (service.go).
var transitions = []transition{
	{to: Triaged, from: []Status{Reported, Reopened, Disputed}, by: RoleLandlord, label: "Triage"},
	{to: InvestigationBooked, from: []Status{Triaged}, by: RoleLandlord, label: "Book the investigation"},
	{to: Investigated, from: []Status{Triaged, InvestigationBooked}, by: RoleLandlord, label: "Record the investigation"},
	{to: SummarySent, from: []Status{Investigated}, by: RoleLandlord, label: "Send the written summary"},
	{to: ContractorAssigned, from: []Status{Triaged, Investigated, SummarySent}, by: RoleLandlord, label: "Assign a contractor", note: noteRequired},
	{to: AppointmentProposed, from: []Status{ContractorAssigned}, by: RoleLandlord, label: "Propose an appointment", note: noteRequired},
	{to: AppointmentConfirm, from: []Status{AppointmentProposed}, by: RoleTenant, label: "Confirm the appointment"},
	{to: AppointmentConfirm, from: []Status{AppointmentProposed}, by: RoleLandlord, label: "Confirm the appointment for the tenant", note: noteRequired},
	{to: InProgress, from: []Status{Triaged, Investigated, SummarySent, ContractorAssigned, AppointmentConfirm}, by: RoleLandlord, label: "Start the work"},
	{to: WorkDone, from: working, by: RoleLandlord, label: "Record the work done", note: noteRequired},
	{to: Verified, from: []Status{WorkDone}, by: RoleTenant, label: "Confirm it is fixed"},
	{to: Reopened, from: []Status{WorkDone, Verified, Closed}, by: RoleTenant, label: "Say it is not fixed", note: noteRequired},
	{to: Closed, from: []Status{Reported}, by: RoleTenant, label: "Withdraw the report"},
	{to: Closed, from: append([]Status{Reported, WorkDone, Verified, OnHold, Declined, Disputed, Reopened}, working...), by: RoleLandlord,
		label: "Close"}, // a note unless the tenant confirmed it fixed (closeWithoutNote)
	{to: OnHold, from: working, by: RoleLandlord, label: "Put on hold", note: noteRequired},
	{to: Resume, from: []Status{OnHold}, by: RoleLandlord, label: "Resume"},
	{to: Declined, from: []Status{Reported, Triaged, Investigated, SummarySent, Reopened}, by: RoleLandlord, label: "Decline", note: noteRequired},
	{to: Disputed, from: []Status{Declined}, by: RoleTenant, label: "Dispute the decision", note: noteRequired},
}

// viaVisit are the changes made through the repair's contractor and visit
// steps (job.go, appointment.go: the job link e-mailed, the access notice
// sent), never by a bare change of status.
var viaVisit = []Status{ContractorAssigned, AppointmentProposed, AppointmentConfirm}

// closeWithoutNote: a landlord closing a repair the tenant confirmed fixed
// need not explain.
var closeWithoutNote = []Status{Verified}

// find is the table's row for a change by a role, and whether the other
// side has one (to say who may make it).
func find(to Status, by Role) (t transition, ok, otherSide bool) {
	for _, x := range transitions {
		if x.to != to {
			continue
		}
		if x.by == by {
			return x, true, false
		}
		otherSide = true
	}
	return transition{}, false, otherSide
}

func (t transition) allowedFrom(s Status) bool { return slices.Contains(t.from, s) }

// Action is a change the viewer may make now, for the page's buttons.
type Action struct {
	Status      Status `json:"status"`
	Label       string `json:"label"`
	NeedsNote   bool   `json:"needsNote"`
	ResumesTo   Status `json:"resumesTo,omitempty"`
	NeedsReason bool   `json:"needsReason"`
}

// actionsFor are the changes a role may make from a status.
func actionsFor(r Repair, by Role) []Action {
	out := []Action{}
	for _, t := range transitions {
		if t.by != by || !t.allowedFrom(r.Status) || slices.Contains(viaVisit, t.to) {
			continue
		}
		a := Action{Status: t.to, Label: t.label, NeedsNote: t.note == noteRequired,
			NeedsReason: t.to == Declined || t.to == OnHold}
		if t.to == Closed && by == RoleLandlord {
			a.NeedsNote = !slices.Contains(closeWithoutNote, r.Status)
		}
		if t.to == Reopened && r.Status != WorkDone {
			a.Label = "Reopen: the problem is back"
		}
		if t.to == Resume {
			a.ResumesTo = r.HeldFrom
			a.Label = "Resume (" + StatusText[r.HeldFrom] + ")"
		}
		out = append(out, a)
	}
	return out
}
