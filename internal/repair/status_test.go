package repair

import (
	"slices"
	"testing"
	"time"
)

// The state machine as a table: for each status, what each side may do.
func TestTransitionTable(t *testing.T) {
	allowed := map[Status]map[Role][]Status{
		Reported:            {RoleLandlord: {Triaged, Closed, Declined}, RoleTenant: {Closed}},
		Triaged:             {RoleLandlord: {InvestigationBooked, Investigated, ContractorAssigned, InProgress, WorkDone, Closed, OnHold, Declined}},
		InvestigationBooked: {RoleLandlord: {Investigated, WorkDone, Closed, OnHold}},
		Investigated:        {RoleLandlord: {SummarySent, ContractorAssigned, InProgress, WorkDone, Closed, OnHold, Declined}},
		SummarySent:         {RoleLandlord: {ContractorAssigned, InProgress, WorkDone, Closed, OnHold, Declined}},
		ContractorAssigned:  {RoleLandlord: {AppointmentProposed, InProgress, WorkDone, Closed, OnHold}},
		AppointmentProposed: {RoleLandlord: {AppointmentConfirm, WorkDone, Closed, OnHold}, RoleTenant: {AppointmentConfirm}},
		AppointmentConfirm:  {RoleLandlord: {InProgress, WorkDone, Closed, OnHold}},
		InProgress:          {RoleLandlord: {WorkDone, Closed, OnHold}},
		WorkDone:            {RoleLandlord: {Closed}, RoleTenant: {Verified, Reopened}},
		Verified:            {RoleLandlord: {Closed}, RoleTenant: {Reopened}},
		Closed:              {RoleTenant: {Reopened}},
		OnHold:              {RoleLandlord: {Closed, Resume}},
		Declined:            {RoleLandlord: {Closed}, RoleTenant: {Disputed}},
		Disputed:            {RoleLandlord: {Triaged, Closed}},
		Reopened:            {RoleLandlord: {Triaged, Closed, Declined}},
	}
	targets := append(slices.Clone(Statuses), Resume)
	for _, from := range Statuses {
		for _, role := range []Role{RoleLandlord, RoleTenant} {
			for _, to := range targets {
				tr, ok, _ := find(to, role)
				got := ok && tr.allowedFrom(from)
				want := slices.Contains(allowed[from][role], to)
				if got != want {
					t.Errorf("%s: %s -> %s allowed %v, want %v", role, from, to, got, want)
				}
			}
			var acts []Status
			for _, a := range actionsFor(Repair{Status: from, HeldFrom: Triaged}, role) {
				acts = append(acts, a.Status)
			}
			slices.Sort(acts)
			want := slices.DeleteFunc(slices.Clone(allowed[from][role]), func(s Status) bool { return slices.Contains(viaVisit, s) })
			slices.Sort(want)
			if !slices.Equal(acts, want) {
				t.Errorf("%s's actions from %s: %v, want %v", role, from, acts, want)
			}
		}
	}
	// Every status but the first is reachable, and every one has a text.
	for _, s := range Statuses {
		reached := s == Reported
		for _, tr := range transitions {
			reached = reached || tr.to == s
		}
		if !reached || StatusText[s] == "" {
			t.Errorf("%s: reachable %v, text %q", s, reached, StatusText[s])
		}
	}
}

func TestDeadlineStates(t *testing.T) {
	due := time.Date(2026, 12, 15, 0, 0, 0, 0, time.UTC)
	before, after := due.Add(-time.Hour), due.Add(time.Hour)
	for _, tc := range []struct {
		name          string
		met, stopped  *time.Time
		now           time.Time
		effect, state string
	}{
		{"open", nil, nil, before, By, "open"},
		{"missed", nil, nil, after, By, "missed"},
		{"met", &before, nil, after, By, "met"},
		{"met late", &after, nil, after, By, "met_late"},
		{"stopped in time", nil, &before, after, By, "stopped"},
		{"closed after it passed", nil, &after, after, By, "missed"},
		{"a least notice", nil, nil, after, NotBefore, "open"},
	} {
		d := Deadline{DueAt: due, MetAt: tc.met, StoppedAt: tc.stopped, Effect: tc.effect}
		if got := d.State(tc.now); got != tc.state {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.state)
		}
	}
}
