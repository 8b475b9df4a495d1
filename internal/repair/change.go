package repair

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// ChangeInput moves a repair to another status (status.go's table), with
// what that change needs: a note, the priority and hazards at triage, a
// reason to decline or hold, the investigation's completion.
type ChangeInput struct {
	Status Status `json:"status"`
	// From, when given, is the status the page showed: a repair that has
	// changed since is not changed again blind (409 changed).
	From     Status   `json:"from"`
	Note     string   `json:"note"`
	Priority Priority `json:"priority"`
	Hazards  []string `json:"hazards"`
	Reason   string   `json:"reason"`
	// SafetyWorkRequired and CompletedAt record the investigation.
	SafetyWorkRequired bool   `json:"safetyWorkRequired"`
	CompletedAt        string `json:"completedAt"`
}

func (s *Service) lockedFor(ctx context.Context, tx db.Conn, id string) (Repair, error) {
	return lockedRepair(ctx, tx, s.d.DB.Dialect, id)
}

func conflict(code, msg string) error { return apperr.New(apperr.Conflict, code, msg) }

// Change makes one change of status. Who may make it, and from which
// status, is status.go's table; the change is decided with the repair's
// row locked, so of two changes at once the second sees the first's result
// and is refused when it no longer applies.
func (s *Service) Change(ctx context.Context, a session.Actor, id string, in ChangeInput) (View, error) {
	r, role, err := s.repairFor(ctx, a, id)
	if err != nil {
		return View{}, err
	}
	t, ok, otherSide := find(in.Status, role)
	switch {
	case !ok && otherSide && role == RoleTenant:
		return View{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	case !ok && otherSide:
		return View{}, apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	case !ok:
		return View{}, apperr.Fields(MsgStatus, map[string]string{"status": MsgStatus})
	}
	if slices.Contains(viaVisit, in.Status) {
		return View{}, apperr.Fields(MsgUseVisit, map[string]string{"status": MsgUseVisit})
	}
	in.Note = strings.TrimSpace(in.Note)
	fields := map[string]string{}
	if runes(in.Note) > MaxNote {
		fields["note"] = MsgNoteLong
	} else if t.note == noteRequired && in.Note == "" {
		fields["note"] = MsgNote
	}
	now := s.now()
	completedAt := now
	switch in.Status {
	case Triaged:
		if in.Priority != "" && !in.Priority.valid() {
			fields["priority"] = MsgPriority
		}
		if in.Hazards != nil && !validHazards(in.Hazards) {
			fields["hazards"] = MsgHazards
		}
	case Investigated:
		if in.Note == "" {
			fields["note"] = MsgFindings
		}
		if strings.TrimSpace(in.CompletedAt) != "" {
			c, ok := ParseMoment(in.CompletedAt)
			if !ok || c.After(now) || !dates.Within(c) {
				fields["completedAt"] = MsgCompletedAt
			}
			completedAt = c.UTC().Truncate(time.Millisecond)
		}
	case SummarySent:
		if in.Note == "" {
			fields["note"] = MsgSummary
		}
	case Declined:
		if !slices.Contains(DeclineReasons, in.Reason) {
			fields["reason"] = MsgDeclineReason
		}
	case OnHold:
		if !slices.Contains(HoldReasons, in.Reason) {
			fields["reason"] = MsgHoldReason
		}
	}
	if len(fields) > 0 {
		return View{}, apperr.Fields(firstMessage(fields), fields)
	}
	landlord, tenants, err := s.parties(ctx, r)
	if err != nil {
		return View{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		r, err = s.lockedFor(ctx, tx, id)
		if err != nil {
			return err
		}
		if in.From != "" && in.From != r.Status {
			return conflict("changed", fmt.Sprintf(MsgChanged, StatusText[r.Status]))
		}
		if !t.allowedFrom(r.Status) {
			return conflict("bad_transition", fmt.Sprintf(MsgTransition, StatusText[r.Status], strings.ToLower(statusName(t.to))))
		}
		return s.apply(ctx, tx, &r, a, role, t, in, completedAt, landlord, tenants)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, r, role)
}

func statusName(s Status) string {
	if s == Resume {
		return "resumed"
	}
	return StatusText[s]
}

// apply makes the change on the locked repair: its fields, its deadlines,
// the history's line and the e-mails.
func (s *Service) apply(ctx context.Context, tx db.Conn, r *Repair, a session.Actor, role Role, t transition, in ChangeInput,
	completedAt time.Time, landlord Person, tenants []Person) error {
	now := s.now()
	from, to := r.Status, t.to
	data := map[string]any{}
	deadlines, err := deadlinesOf(ctx, tx, r.ID)
	if err != nil {
		return err
	}
	var counted []Deadline // clocks this change starts
	var warning string
	switch to {
	case Triaged:
		if in.Priority != "" && in.Priority != r.Priority && in.Note == "" {
			return apperr.Fields(MsgPriorityNote, map[string]string{"note": MsgPriorityNote})
		}
		if in.Priority != "" {
			r.Priority = in.Priority
		}
		if in.Hazards != nil {
			r.Hazards = []string{}
			for _, h := range in.Hazards {
				if !slices.Contains(r.Hazards, h) {
					r.Hazards = append(r.Hazards, h)
				}
			}
		}
		data["priority"], data["hazards"] = string(r.Priority), r.Hazards
		// The clocks that count from awareness follow the priority and
		// hazards triage settles; those already met stay.
		wanted, w := s.countDeadlines(*r, TriggerAware, r.RoundAt)
		warning = w
		if deadlines, counted, err = s.replaceDeadlines(ctx, tx, deadlines, r.Cycle, TriggerAware, wanted); err != nil {
			return err
		}
	case Investigated:
		if completedAt.Before(r.AwareAt) {
			return apperr.Fields(MsgCompletedAt, map[string]string{"completedAt": MsgCompletedAt})
		}
		r.SafetyWork = in.SafetyWorkRequired
		data["safetyWorkRequired"], data["completedAt"] = r.SafetyWork, completedAt.Format(time.RFC3339)
		wanted, w := s.countDeadlines(*r, TriggerInvestigated, completedAt)
		warning = w
		if r.SafetyWork {
			more, w := s.countDeadlines(*r, TriggerSafetyWorkNeeded, completedAt)
			wanted = append(wanted, more...)
			warning += w
		}
		for _, trig := range []Trigger{TriggerInvestigated, TriggerSafetyWorkNeeded} {
			var some []Deadline
			for _, d := range wanted {
				if d.Trigger == trig {
					some = append(some, d)
				}
			}
			var c []Deadline
			if deadlines, c, err = s.replaceDeadlines(ctx, tx, deadlines, r.Cycle, trig, some); err != nil {
				return err
			}
			counted = append(counted, c...)
		}
	case Declined:
		if r.Priority == Emergency && from != Investigated && from != SummarySent {
			return conflict("emergency_not_investigated", MsgDeclineEmergency)
		}
		data["reason"], data["reasonText"] = in.Reason, DeclineText[in.Reason]
	case OnHold:
		r.HeldFrom = from
		data["reason"], data["reasonText"] = in.Reason, HoldText[in.Reason]
	case Resume:
		to, r.HeldFrom = r.HeldFrom, ""
	case Closed:
		if role == RoleLandlord && in.Note == "" && !slices.Contains(closeWithoutNote, from) {
			return apperr.Fields(MsgNote, map[string]string{"note": MsgNote})
		}
	case Reopened:
		if (from == Verified || from == Closed) && r.DoneAt != nil && now.Sub(*r.DoneAt) > ReopenDays*24*time.Hour {
			return conflict("reopen_too_late", MsgReopenLate)
		}
		// A new round: the old round's open clocks stop, new ones count
		// from now (the landlord was made aware again).
		for i := range deadlines {
			if deadlines[i].Cycle == r.Cycle && deadlines[i].MetAt == nil && deadlines[i].StoppedAt == nil {
				deadlines[i].StoppedAt = &now
				if err := updateDeadline(ctx, tx, deadlines[i]); err != nil {
					return err
				}
			}
		}
		r.Repeats++
		r.Cycle++
		r.RoundAt, r.DoneAt, r.HeldFrom = now, nil, ""
		data["repeat"], data["round"] = r.Repeats, r.Cycle
		counted, warning = s.countDeadlines(*r, TriggerAware, now)
		for _, d := range counted {
			if err := insertDeadline(ctx, tx, d); err != nil {
				return err
			}
		}
		deadlines = append(deadlines, counted...)
	}
	r.Status = to
	switch to {
	case Verified, Closed, Declined:
		r.DoneAt = &now
	}
	// The deadlines this status meets (an investigation meets its clock
	// when it was completed, not when it is recorded), and, when the
	// repair ends, those it stops.
	metAt := now
	if to == Investigated {
		metAt = completedAt
	}
	var met []string
	for i := range deadlines {
		d := &deadlines[i]
		if d.MetAt != nil || d.StoppedAt != nil {
			continue
		}
		switch {
		case d.Cycle == r.Cycle && slices.Contains(d.MetBy, to):
			d.MetAt = &metAt
			met = append(met, d.RuleID)
		case to == Closed || to == Declined:
			d.StoppedAt = &now
		default:
			continue
		}
		if err := updateDeadline(ctx, tx, *d); err != nil {
			return err
		}
	}
	if len(met) > 0 {
		data["met"] = met
	}
	if len(counted) > 0 {
		data["deadlines"] = labels(counted)
	}
	r.NextDueAt = nextDue(deadlines)
	if err := s.append(ctx, tx, r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: EventStatus,
		From: from, To: to, Body: in.Note, Data: data}); err != nil {
		return err
	}
	if warning != "" {
		if err := s.append(ctx, tx, r, Event{ActorRole: RoleSystem, Kind: EventNotice, Body: warning}); err != nil {
			return err
		}
	}
	if err := updateRepair(ctx, tx, *r); err != nil {
		return err
	}
	return s.tellChange(ctx, tx, *r, a, role, from, in, counted, landlord, tenants)
}

// replaceDeadlines makes a round's deadlines of one trigger the wanted
// ones: those met stay as they are, open ones no longer wanted go, wanted
// ones not yet there are added (an open one counted again is replaced).
// It answers the whole list after the change and the deadlines added.
func (s *Service) replaceDeadlines(ctx context.Context, tx db.Conn, all []Deadline, cycle int, trigger Trigger, wanted []Deadline) ([]Deadline, []Deadline, error) {
	var out, added []Deadline
	for _, d := range all {
		if d.Cycle != cycle || d.Trigger != trigger || d.MetAt != nil {
			out = append(out, d)
			continue
		}
		if err := deleteDeadline(ctx, tx, d); err != nil {
			return nil, nil, err
		}
	}
	for _, w := range wanted {
		if slices.ContainsFunc(out, func(d Deadline) bool { return d.Cycle == cycle && d.RuleID == w.RuleID }) {
			continue // met already in this round
		}
		if err := insertDeadline(ctx, tx, w); err != nil {
			return nil, nil, err
		}
		out = append(out, w)
		added = append(added, w)
	}
	return out, added, nil
}

func (s *Service) tellChange(ctx context.Context, tx db.Conn, r Repair, a session.Actor, role Role, from Status, in ChangeInput,
	counted []Deadline, landlord Person, tenants []Person) error {
	what := s.categoryName(r.Category) + " (" + r.Room + ")"
	p := []string{fmt.Sprintf("%s changed the repair at %s from %s to %s.", a.FullName, r.Address, StatusText[from], StatusText[r.Status])}
	switch r.Status {
	case Triaged:
		p = append(p, "Priority: "+string(r.Priority)+".")
	case Declined:
		p = append(p, "Reason: "+DeclineText[in.Reason]+".", "If you disagree, you can dispute the decision on the repair. You can also ask your council's private housing team for help.")
	case OnHold:
		p = append(p, "Reason: "+HoldText[in.Reason]+".")
	case SummarySent:
		p = append(p, "The written summary of the investigation follows.")
	}
	if in.Note != "" {
		p = append(p, in.Note)
	}
	for _, d := range counted {
		p = append(p, d.Label()+".")
	}
	p = append(p, "Open the repair: "+s.link(r))
	subject := "Repair update: " + what + ": " + StatusText[r.Status]
	if role == RoleTenant {
		return s.write(ctx, tx, []Person{landlord}, a.Email, subject, "A repair was updated", p)
	}
	return s.write(ctx, tx, tenants, a.Email, subject, "Your repair was updated", p)
}

// Message adds a message to the repair's history (landlord or tenant; also
// after it is closed) and e-mails the other side.
func (s *Service) Message(ctx context.Context, a session.Actor, id, body string) (View, error) {
	r, role, err := s.repairFor(ctx, a, id)
	if err != nil {
		return View{}, err
	}
	body = strings.TrimSpace(body)
	if body == "" || runes(body) > MaxMessage {
		return View{}, apperr.Fields(MsgMessage, map[string]string{"body": MsgMessage})
	}
	landlord, tenants, err := s.parties(ctx, r)
	if err != nil {
		return View{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: EventMessage, Body: body}); err != nil {
			return err
		}
		if err := updateRepair(ctx, tx, r); err != nil {
			return err
		}
		what := s.categoryName(r.Category) + " (" + r.Room + ")"
		p := []string{a.FullName + " wrote about the repair at " + r.Address + ":", body, "Reply on the repair: " + s.link(r)}
		to := tenants
		if role == RoleTenant {
			to = []Person{landlord}
		}
		return s.write(ctx, tx, to, a.Email, "New message about the repair: "+what, "A new message about a repair", p)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, r, role)
}

// NoticeInput is a landlord's notice that a deadline cannot be met: why,
// by when they expect to do it, and what they do meanwhile (Scotland's
// SSI 2026/173; good practice everywhere).
type NoticeInput struct {
	RuleID     string `json:"ruleId"`
	Reason     string `json:"reason"`
	ExpectedBy string `json:"expectedBy"` // YYYY-MM-DD
	Mitigation string `json:"mitigation"`
}

// CannotComply records the notice on the repair's open deadline and sends
// it to the tenants. A notice sent after the deadline passed is recorded
// as late.
func (s *Service) CannotComply(ctx context.Context, a session.Actor, id string, in NoticeInput) (View, error) {
	r, err := s.repairAs(ctx, a, id, RoleLandlord)
	if err != nil {
		return View{}, err
	}
	in.Reason, in.Mitigation, in.ExpectedBy = strings.TrimSpace(in.Reason), strings.TrimSpace(in.Mitigation), strings.TrimSpace(in.ExpectedBy)
	now := s.now()
	today := now.In(clock.UK).Format(time.DateOnly)
	fields := map[string]string{}
	if in.Reason == "" || runes(in.Reason) > MaxNote {
		fields["reason"] = MsgReason
	}
	if in.Mitigation == "" || runes(in.Mitigation) > MaxNote {
		fields["mitigation"] = MsgMitigation
	}
	if !dates.InRange(in.ExpectedBy) || in.ExpectedBy <= today {
		fields["expectedBy"] = MsgExpectedBy
	}
	if len(fields) > 0 {
		return View{}, apperr.Fields(firstMessage(fields), fields)
	}
	_, tenants, err := s.parties(ctx, r)
	if err != nil {
		return View{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		all, err := deadlinesOf(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(all, func(d Deadline) bool {
			return d.Cycle == r.Cycle && d.RuleID == in.RuleID && d.Effect == By && d.MetAt == nil && d.StoppedAt == nil
		})
		if i < 0 {
			return apperr.Fields(MsgDeadline, map[string]string{"ruleId": MsgDeadline})
		}
		d := all[i]
		d.NoticeAt = &now
		if err := updateDeadline(ctx, tx, d); err != nil {
			return err
		}
		expected, _ := time.Parse(time.DateOnly, in.ExpectedBy)
		late := now.After(d.DueAt)
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: RoleLandlord, ActorName: a.FullName, Kind: EventNotice,
			Body: in.Reason, Data: map[string]any{"ruleId": d.RuleID, "deadline": d.Label(), "expectedBy": in.ExpectedBy,
				"mitigation": in.Mitigation, "late": late}}); err != nil {
			return err
		}
		if err := updateRepair(ctx, tx, r); err != nil {
			return err
		}
		what := s.categoryName(r.Category) + " (" + r.Room + ")"
		p := []string{
			fmt.Sprintf("%s cannot meet this deadline for the repair at %s: %s.", a.FullName, r.Address, d.Label()),
			"Why: " + in.Reason,
			"When they expect to do it: by " + expected.Format("Mon 2 Jan 2006") + ".",
			"What they are doing meanwhile: " + in.Mitigation,
			"Open the repair: " + s.link(r),
		}
		return s.write(ctx, tx, tenants, a.Email, "A repair deadline cannot be met: "+what, "Your landlord cannot meet a repair deadline", p)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, r, RoleLandlord)
}

// WithdrawVulnerability removes what the tenant shared about who in the
// home is vulnerable (their consent withdrawn). The history records that
// it was withdrawn, never what it was; the priority stays as triaged.
func (s *Service) WithdrawVulnerability(ctx context.Context, a session.Actor, id string) (View, error) {
	r, err := s.repairAs(ctx, a, id, RoleTenant)
	if err != nil {
		return View{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		if len(r.Vulnerability) == 0 {
			return conflict("no_vulnerability", MsgNoVulnerability)
		}
		r.Vulnerability, r.VulnerabilityAt = []string{}, nil
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: RoleTenant, ActorName: a.FullName, Kind: EventVulnerability,
			Body: "The tenant withdrew what they had shared about who in the home is vulnerable."}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, r, RoleTenant)
}
