package repair

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
