package repair

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// Appointments and the access notice (issue 44, REPAIRS.md 3.5 E15): the
// contractor or the landlord proposes a time; the tenant or the landlord
// confirms it. A time in the past is refused; one closer than the nation's
// least notice (data/deadlines.yaml's access-notice rules: 24 hours in
// England, Wales and Northern Ireland, 48 in Scotland) is refused unless
// the repair is an emergency, or the tenant confirms it themselves and
// agrees to the shorter notice. Confirming sends the tenants the written
// access notice (date, time, who, why) by e-mail in the same transaction,
// appends it to the history, and queues the calendar events of the
// landlord and the tenants.

// Messages of the appointments.
const (
	MsgApptTimes      = "Please enter the day and the time window of the visit: a start and a later end, on the same day."
	MsgApptPast       = "The appointment cannot be in the past. Please choose a later time."
	MsgApptNotice     = "%s: the tenant must be given at least %d hours' notice before a visit (%s). Please choose a time from %s (UK time), unless the repair is an emergency or the tenant agrees to a sooner visit."
	MsgApptNoticeTen  = "This visit is less than %d hours away, the least notice the law gives you (%s). To confirm it, please tick the box to say you agree to the shorter notice."
	MsgApptConfirmed  = "The appointment is already confirmed. To change it, please message the tenant and the contractor on the repair."
	MsgApptNone       = "There is no proposed appointment to confirm."
	MsgApptNoJob      = "Please assign a contractor before proposing a time."
	MsgApptAcceptFrst = "Please accept the job before proposing a time."
	MsgApptLong       = "Please keep the visit to 12 hours at most."
	MsgApptChanged    = "Another time was proposed since you opened the repair: %s. Please look at it again before confirming."
	MsgApptHours      = "Please choose a visit between %s and %s (UK time): a home is entered at reasonable hours, unless the repair is an emergency."
)

// noticeRule is the nation's least notice before entry in force at at.
func (s *Service) noticeRule(jurisdiction string, at time.Time) (Rule, error) {
	list := s.d.Data.Catalogue.Applicable(Facts{Jurisdiction: jurisdiction}, TriggerAccessNotice, at)
	for _, r := range list {
		if r.Effect == NotBefore && r.Unit == Hours {
			return r, nil
		}
	}
	return Rule{}, fmt.Errorf("repair: no access-notice rule for %s in data/deadlines.yaml", jurisdiction)
}

// ukWhen is a moment as people read it: "10:00 on Thu 17 Dec 2026".
func ukWhen(t time.Time) string { return t.In(clock.UK).Format("15:04 on Mon 2 Jan 2006") }

// window is a visit's day and times: "Thu 17 Dec 2026, 10:00 to 12:00 (UK time)".
func window(start, end time.Time) string {
	return start.In(clock.UK).Format("Mon 2 Jan 2006, 15:04") + " to " + end.In(clock.UK).Format("15:04") + " (UK time)"
}

// AppointmentInput is a proposed visit: UK wall-clock times (2026-12-17T10:00).
type AppointmentInput struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

func (in AppointmentInput) times() (time.Time, time.Time, error) {
	start, ok1 := ParseMoment(in.Start)
	end, ok2 := ParseMoment(in.End)
	fields := map[string]string{}
	switch {
	case !ok1:
		fields["start"] = MsgApptTimes
	case !ok2 || !end.After(start) || start.In(clock.UK).Format(time.DateOnly) != end.In(clock.UK).Format(time.DateOnly):
		fields["end"] = MsgApptTimes
	case end.Sub(start) > 12*time.Hour:
		fields["end"] = MsgApptLong
	}
	if len(fields) > 0 {
		return time.Time{}, time.Time{}, apperr.Fields(firstMessage(fields), fields)
	}
	return start.UTC().Truncate(time.Minute), end.UTC().Truncate(time.Minute), nil
}

// checkNotice refuses a visit in the past, or sooner than the nation's
// least notice counted from now, unless the repair is an emergency or the
// tenant agreed (tenantAgrees; a tenant not agreeing is told how).
func (s *Service) checkNotice(r Repair, start time.Time, byTenant, tenantAgrees bool) (short bool, err error) {
	now := s.now()
	if !start.After(now) {
		return false, apperr.Fields(MsgApptPast, map[string]string{"start": MsgApptPast})
	}
	rule, err := s.noticeRule(r.Jurisdiction, now)
	if err != nil {
		return false, err
	}
	earliest := now.Add(time.Duration(rule.Amount) * time.Hour)
	if !start.Before(earliest) || r.Priority == Emergency {
		return false, nil
	}
	if byTenant {
		if tenantAgrees {
			return true, nil
		}
		msg := fmt.Sprintf(MsgApptNoticeTen, rule.Amount, rule.Source)
		return false, apperr.Fields(msg, map[string]string{"agreeShortNotice": msg}).WithKind(apperr.Conflict, "short_notice")
	}
	msg := fmt.Sprintf(MsgApptNotice, r.Jurisdiction, rule.Amount, rule.Source, ukWhen(earliest.Add(time.Minute-1).Truncate(time.Minute)))
	return false, apperr.Fields(msg, map[string]string{"start": msg}).WithKind(apperr.Conflict, "short_notice")
}

// checkHours refuses a visit outside reasonable hours (data/
// contractors.yaml's visitHours), unless the repair is an emergency.
func (s *Service) checkHours(r Repair, start, end time.Time) error {
	h := s.x.rules.VisitHours
	if r.Priority == Emergency || (start.In(clock.UK).Format("15:04") >= h.From && end.In(clock.UK).Format("15:04") <= h.To) {
		return nil
	}
	msg := fmt.Sprintf(MsgApptHours, h.From, h.To)
	return apperr.Fields(msg, map[string]string{"start": msg})
}

// propose records a proposed time on the locked repair and its live job.
func (s *Service) propose(ctx context.Context, tx db.Conn, r *Repair, j *Job, a session.Actor, role Role, start, end time.Time,
	landlord Person, tenants []Person) error {
	if r.Status == AppointmentConfirm || j.ApptConfirmedAt != nil {
		return conflict("confirmed", MsgApptConfirmed)
	}
	if _, err := s.checkNotice(*r, start, false, false); err != nil {
		return err
	}
	if err := s.checkHours(*r, start, end); err != nil {
		return err
	}
	j.ApptStart, j.ApptEnd, j.ApptBy = &start, &end, role
	j.ApptRound++
	if err := s.moveTo(ctx, tx, r, a, role, AppointmentProposed, landlord, tenants); err != nil {
		return err
	}
	if err := s.logStep(ctx, tx, r, a, role, EventAppointment, fmt.Sprintf("%s proposed a visit: %s.", a.FullName, window(start, end)), "",
		map[string]any{"job": j.ID, "step": "proposed", "start": start.Format(time.RFC3339), "end": end.Format(time.RFC3339)}); err != nil {
		return err
	}
	p := []string{fmt.Sprintf("%s proposed a visit for the repair at %s: %s, by %s (%s).", a.FullName, r.Address, window(start, end),
		j.ContractorName, s.tradeName(j.ContractorTrade)), "Please confirm it on the repair, or message your landlord to suggest another time: " + s.link(*r)}
	if err := s.write(ctx, tx, tenants, a.Email, "Visit proposed: "+s.what(*r), "A visit to your home is proposed", p); err != nil {
		return err
	}
	if role == RoleContractor {
		return s.write(ctx, tx, []Person{landlord}, "", "Visit proposed: "+s.what(*r), "A visit is proposed", p)
	}
	return s.write(ctx, tx, []Person{{Name: j.ContractorName, Email: j.ContractorEmail}}, "", "Visit proposed: "+s.what(*r), "The landlord proposed a time",
		[]string{fmt.Sprintf("%s proposed a visit for the job at %s: %s. The tenant will confirm it; you will be told.", a.FullName, r.Address, window(start, end))})
}

// ProposeJob: the contractor proposes a time (accepting the job if not yet).
func (s *Service) ProposeJob(ctx context.Context, token string, in AppointmentInput) (JobView, error) {
	start, end, err := in.times()
	if err != nil {
		return JobView{}, err
	}
	return s.onJob(ctx, token, func(tx db.Conn, j *Job, r *Repair, landlord Person, tenants []Person) error {
		if !j.live() {
			return conflict("job_state", fmt.Sprintf(MsgAcceptFirst, strings.ToLower(JobStateText[j.State])))
		}
		a := jobActor(*j)
		if j.State == JobOffered {
			j.State = JobAccepted
			if err := s.logStep(ctx, tx, r, a, RoleContractor, EventJob, j.ContractorName+" accepted the job.", "",
				map[string]any{"job": j.ID, "step": "accepted"}); err != nil {
				return err
			}
		}
		return s.propose(ctx, tx, r, j, a, RoleContractor, start, end, landlord, tenants)
	})
}

// ProposeVisit: the landlord proposes a time for the assigned contractor.
func (s *Service) ProposeVisit(ctx context.Context, a session.Actor, id string, in AppointmentInput) (VisitView, error) {
	r, err := s.repairAs(ctx, a, id, RoleLandlord)
	if err != nil {
		return VisitView{}, err
	}
	start, end, err := in.times()
	if err != nil {
		return VisitView{}, err
	}
	landlord, tenants, err := s.parties(ctx, r)
	if err != nil {
		return VisitView{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		j, err := latestJob(ctx, tx, r.ID)
		if errors.Is(err, errJobGone) || (err == nil && !j.live()) {
			return conflict("no_job", MsgApptNoJob)
		}
		if err != nil {
			return err
		}
		if err := s.propose(ctx, tx, &r, &j, a, RoleLandlord, start, end, landlord, tenants); err != nil {
			return err
		}
		j.UpdatedAt = s.now()
		if err := updateJob(ctx, tx, j); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return VisitView{}, err
	}
	return s.visitView(ctx, r, RoleLandlord)
}

// ConfirmInput confirms the proposed visit; a tenant may agree to a visit
// sooner than the least notice.
type ConfirmInput struct {
	AgreeShortNotice bool `json:"agreeShortNotice"`
	// Round, when given, is the proposal the page showed (AppointmentView's
	// round): a time proposed since is not confirmed blind (409 changed).
	Round int `json:"round"`
}

// ConfirmVisit: the tenant (or the landlord, for them) confirms the
// proposed time; the access notice goes to the tenants at once.
func (s *Service) ConfirmVisit(ctx context.Context, a session.Actor, id string, in ConfirmInput) (VisitView, error) {
	r, role, err := s.repairFor(ctx, a, id)
	if err != nil {
		return VisitView{}, err
	}
	landlord, tenants, err := s.parties(ctx, r)
	if err != nil {
		return VisitView{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		j, err := latestJob(ctx, tx, r.ID)
		if errors.Is(err, errJobGone) {
			return conflict("no_appointment", MsgApptNone)
		}
		if err != nil {
			return err
		}
		if j.ApptConfirmedAt != nil && r.Status != AppointmentProposed {
			return conflict("confirmed", MsgApptConfirmed)
		}
		if r.Status != AppointmentProposed || !j.live() || j.ApptStart == nil {
			return conflict("no_appointment", MsgApptNone)
		}
		if in.Round != 0 && in.Round != j.ApptRound {
			return conflict("changed", fmt.Sprintf(MsgApptChanged, window(*j.ApptStart, *j.ApptEnd)))
		}
		short, err := s.checkNotice(r, *j.ApptStart, role == RoleTenant, in.AgreeShortNotice)
		if err != nil {
			return err
		}
		now := s.now()
		j.ApptConfirmedAt, j.ApptConfirmedBy, j.ShortNotice, j.UpdatedAt = &now, role, short, now
		if err := updateJob(ctx, tx, j); err != nil {
			return err
		}
		if err := s.moveTo(ctx, tx, &r, a, role, AppointmentConfirm, landlord, tenants); err != nil {
			return err
		}
		text := fmt.Sprintf("%s confirmed the visit: %s.", a.FullName, window(*j.ApptStart, *j.ApptEnd))
		if short {
			text += " The tenant agreed to a visit at shorter notice than the law's least notice."
		}
		if err := s.logStep(ctx, tx, &r, a, role, EventAppointment, text, "",
			map[string]any{"job": j.ID, "step": "confirmed", "shortNotice": short}); err != nil {
			return err
		}
		if err := s.accessNotice(ctx, tx, &r, j, a, landlord, tenants); err != nil {
			return err
		}
		if err := s.x.Jobs.Enqueue(ctx, tx, jobCalendarJob, jobRef{JobID: j.ID, Round: j.ApptRound}, 10); err != nil {
			return err
		}
		if err := s.write(ctx, tx, []Person{{Name: j.ContractorName, Email: j.ContractorEmail}}, "", "Visit confirmed: "+s.what(r)+" at "+r.Address,
			"Your visit is confirmed", []string{fmt.Sprintf("The visit to %s is confirmed: %s.", r.Address, window(*j.ApptStart, *j.ApptEnd)),
				"Record your arrival and the work on the job's page, through the link you were sent."}); err != nil {
			return err
		}
		if role == RoleTenant {
			if err := s.write(ctx, tx, []Person{landlord}, "", "Visit confirmed: "+s.what(r), "The tenant confirmed a visit",
				[]string{text, "Open the repair: " + s.link(r)}); err != nil {
				return err
			}
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return VisitView{}, err
	}
	return s.visitView(ctx, r, role)
}

// accessNotice e-mails the tenants the written notice of the visit and
// appends it to the history.
func (s *Service) accessNotice(ctx context.Context, tx db.Conn, r *Repair, j Job, a session.Actor, landlord Person, tenants []Person) error {
	now := s.now()
	rule, err := s.noticeRule(r.Jurisdiction, now)
	if err != nil {
		return err
	}
	p := []string{
		fmt.Sprintf("This is written notice that %s (%s) will come to %s on %s.", j.ContractorName, s.tradeName(j.ContractorTrade), r.Address, window(*j.ApptStart, *j.ApptEnd)),
		"Why: to repair what was reported: " + s.what(*r) + ".",
		fmt.Sprintf("Arranged by %s, your landlord. This notice is given at %s.", landlord.Name, ukWhen(now)),
	}
	switch {
	case r.Priority == Emergency:
		p = append(p, "The repair is an emergency, so the visit may be sooner than the usual notice.")
	case j.ShortNotice:
		p = append(p, fmt.Sprintf("You agreed to this visit at shorter notice than the %d hours the law gives you (%s).", rule.Amount, rule.Source))
	default:
		p = append(p, fmt.Sprintf("The law gives you at least %d hours' notice before a visit (%s); this visit is at least that far ahead.", rule.Amount, rule.Source))
	}
	if r.EntryWhenOut {
		p = append(p, "You said a contractor may come in when you are out.")
	}
	// The history keeps the notice's words, not the e-mail's link.
	body := strings.Join(p, "\n")
	p = append(p, "If the time does not suit you, please tell your landlord on the repair: "+s.link(*r))
	if err := s.write(ctx, tx, tenants, "", "Notice of a visit to your home: "+window(*j.ApptStart, *j.ApptEnd), "Notice of a visit to your home", p); err != nil {
		return err
	}
	names := make([]string, 0, len(tenants))
	for _, t := range tenants {
		names = append(names, t.Name)
	}
	return s.logStep(ctx, tx, r, session.Actor{}, RoleSystem, EventAccessNotice,
		fmt.Sprintf("OmniRent sent the written notice of the visit (%s) to %s by e-mail.", window(*j.ApptStart, *j.ApptEnd), strings.Join(names, " and ")),
		body, map[string]any{"job": j.ID, "ruleId": rule.ID, "start": j.ApptStart.Format(time.RFC3339),
			"end": j.ApptEnd.Format(time.RFC3339), "shortNotice": j.ShortNotice, "emergency": r.Priority == Emergency})
}

// calendarNS names the calendar events the visits make.
var calendarNS = uuid.MustParse("6f1c1a52-8f5e-4c43-9d0a-2a9a4e1d7c11")

// calendarJob puts a confirmed visit in the calendars of the landlord and
// the tenants; each event's id comes from the job, its round and the
// person, so a job run twice makes each event once.
func (s *Service) calendarJob(ctx context.Context, raw json.RawMessage) error {
	var in jobRef
	if err := json.Unmarshal(raw, &in); err != nil {
		return err
	}
	j, err := jobByID(ctx, s.d.DB.Conn(), in.JobID)
	if errors.Is(err, errJobGone) {
		return nil
	}
	if err != nil {
		return err
	}
	if j.ApptConfirmedAt == nil || j.ApptRound != in.Round || j.ApptStart == nil {
		return nil // changed since: a newer job will run for the newer visit
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), j.RepairID)
	if err != nil {
		return err
	}
	_, tenants, err := s.parties(ctx, r)
	if err != nil {
		return err
	}
	var owners []session.Actor
	lord, err := s.x.Accounts.ActorByID(ctx, r.LandlordID)
	if err != nil {
		return err
	}
	owners = append(owners, lord)
	for _, t := range tenants {
		a, err := s.x.Accounts.ActorByEmail(ctx, t.Email)
		if apperr.IsNotFound(err) {
			continue
		}
		if err != nil {
			return err
		}
		owners = append(owners, a)
	}
	start, end := j.ApptStart.In(clock.UK), j.ApptEnd.In(clock.UK)
	v := CalendarVisit{Title: "Repair visit: " + s.what(r), Address: r.Address, Date: start.Format(time.DateOnly),
		StartTime: start.Format("15:04"), EndTime: end.Format("15:04"),
		Description: fmt.Sprintf("%s (%s) visits %s for the repair: %s. Open the repair: %s", j.ContractorName, s.tradeName(j.ContractorTrade),
			r.Address, s.what(r), s.link(r))}
	for _, o := range owners {
		id := uuid.NewSHA1(calendarNS, []byte(fmt.Sprintf("%s/%d/%s", j.ID, j.ApptRound, o.UserID))).String()
		if err := s.x.Calendar.EnsureVisit(ctx, o, id, v); err != nil {
			return err
		}
	}
	return nil
}

// ContactInput is the tenant's phone number for the contractor, shared
// only when Share is true (false withdraws it).
type ContactInput struct {
	Phone string `json:"phone"`
	Share bool   `json:"share"`
}

// ShareContact records (or withdraws) the tenant's agreement to show
// their phone number to the repair's contractor.
func (s *Service) ShareContact(ctx context.Context, a session.Actor, id string, in ContactInput) (VisitView, error) {
	r, err := s.repairAs(ctx, a, id, RoleTenant)
	if err != nil {
		return VisitView{}, err
	}
	phone := cleanPhone(in.Phone)
	if in.Share && !ukPhone.MatchString(phone) {
		return VisitView{}, apperr.Fields(MsgContactPhone, map[string]string{"phone": MsgContactPhone})
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		text := a.FullName + " agreed to share their phone number with the contractor."
		if in.Share {
			err = saveContact(ctx, tx, Contact{RepairID: r.ID, UserID: a.UserID, Name: a.FullName, Phone: phone, AgreedAt: s.now()})
		} else {
			text = a.FullName + " withdrew their agreement to share their phone number with the contractor."
			err = deleteContact(ctx, tx, r.ID)
		}
		if err != nil {
			return err
		}
		if err := s.logStep(ctx, tx, &r, a, RoleTenant, EventJob, text, "", map[string]any{"step": "contact", "shared": in.Share}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return VisitView{}, err
	}
	return s.visitView(ctx, r, RoleTenant)
}

// AppointmentView is a visit's time.
type AppointmentView struct {
	Start       time.Time `json:"start"`
	End         time.Time `json:"end"`
	Text        string    `json:"text"`
	ProposedBy  Role      `json:"proposedBy"`
	Confirmed   bool      `json:"confirmed"`
	ConfirmedBy Role      `json:"confirmedBy"`
	ShortNotice bool      `json:"shortNotice"`
	Round       int       `json:"round"` // raised by each proposal: a confirmation names the one it saw
}

func appointmentOf(j Job) *AppointmentView {
	if j.ApptStart == nil || j.ApptEnd == nil {
		return nil
	}
	return &AppointmentView{Start: *j.ApptStart, End: *j.ApptEnd, Text: window(*j.ApptStart, *j.ApptEnd), ProposedBy: j.ApptBy,
		Confirmed: j.ApptConfirmedAt != nil, ConfirmedBy: j.ApptConfirmedBy, ShortNotice: j.ShortNotice, Round: j.ApptRound}
}

// NoticeView is the nation's least notice before a visit, with its source.
type NoticeView struct {
	Hours    int       `json:"hours"`
	RuleID   string    `json:"ruleId"`
	Title    string    `json:"title"`
	Kind     string    `json:"kind"`
	Source   string    `json:"source"`
	URL      string    `json:"url"`
	Earliest time.Time `json:"earliest"` // the first moment a visit may start without the tenant's agreement
	Waived   bool      `json:"waived"`   // an emergency: no least notice
}

func (s *Service) noticeView(r Repair) NoticeView {
	now := s.now()
	rule, err := s.noticeRule(r.Jurisdiction, now)
	if err != nil {
		return NoticeView{}
	}
	return NoticeView{Hours: rule.Amount, RuleID: rule.ID, Title: rule.Title, Kind: rule.Kind, Source: rule.Source, URL: rule.URL,
		Earliest: now.Add(time.Duration(rule.Amount) * time.Hour), Waived: r.Priority == Emergency}
}

// PhotoItem is a photo of the work.
type PhotoItem struct {
	Name     string `json:"name"`
	URL      string `json:"url"`
	ThumbURL string `json:"thumbUrl"`
}

// InvoiceView is a job's invoice (the landlord's and the contractor's).
type InvoiceView struct {
	AmountPence int64     `json:"amountPence"`
	AmountText  string    `json:"amountText"`
	SentAt      time.Time `json:"sentAt"`
	InWallet    bool      `json:"inWallet"`
	WalletID    string    `json:"walletId,omitempty"`
}

func invoiceOf(j Job) *InvoiceView {
	if j.InvoiceKey == "" || j.InvoiceAt == nil {
		return nil
	}
	return &InvoiceView{AmountPence: j.InvoicePence, AmountText: money.Format(j.InvoicePence), SentAt: *j.InvoiceAt, InWallet: j.WalletID != "",
		WalletID: j.WalletID}
}

// JobSummary is the repair's current job as its landlord or tenant sees it.
type JobSummary struct {
	ID             string           `json:"id"`
	ContractorName string           `json:"contractorName"`
	TradeName      string           `json:"tradeName"`
	Phone          string           `json:"phone,omitempty"` // landlord only
	Email          string           `json:"email,omitempty"` // landlord only
	Registration   string           `json:"registration,omitempty"`
	State          string           `json:"state"`
	StateText      string           `json:"stateText"`
	SentAt         time.Time        `json:"sentAt"`
	Appointment    *AppointmentView `json:"appointment"`
	ArrivedAt      *time.Time       `json:"arrivedAt"`
	DoneAt         *time.Time       `json:"doneAt"`
	DoneNote       string           `json:"doneNote"`
	Photos         []PhotoItem      `json:"photos"`
	Invoice        *InvoiceView     `json:"invoice"` // landlord only
}

// VisitView is the repair's contractor and visit panel.
type VisitView struct {
	RepairID   string      `json:"repairId"`
	Viewer     Role        `json:"viewer"`
	Status     Status      `json:"status"`
	Job        *JobSummary `json:"job"`
	Notice     NoticeView  `json:"notice"`
	CanAssign  bool        `json:"canAssign"`
	CanPropose bool        `json:"canPropose"`
	CanConfirm bool        `json:"canConfirm"`
	// The tenant's phone number shared for the contractor (the tenant sees
	// their own; the landlord whether it is shared).
	PhoneShared bool   `json:"phoneShared"`
	Phone       string `json:"phone,omitempty"`
}

func photoItems(list []photo.View) []PhotoItem {
	out := make([]PhotoItem, 0, len(list))
	for _, p := range list {
		out = append(out, PhotoItem{Name: p.Name, URL: p.URL, ThumbURL: p.ThumbURL})
	}
	return out
}

// Visit is the repair's contractor and visit panel for its landlord or tenants.
func (s *Service) Visit(ctx context.Context, a session.Actor, id string) (VisitView, error) {
	r, role, err := s.repairFor(ctx, a, id)
	if err != nil {
		return VisitView{}, err
	}
	return s.visitView(ctx, r, role)
}

func (s *Service) visitView(ctx context.Context, r Repair, role Role) (VisitView, error) {
	c := s.d.DB.Conn()
	v := VisitView{RepairID: r.ID, Viewer: role, Status: r.Status, Notice: s.noticeView(r)}
	j, err := latestJob(ctx, c, r.ID)
	switch {
	case errors.Is(err, errJobGone):
	case err != nil:
		return VisitView{}, err
	default:
		photos, err := s.x.Photos.Of(ctx, photo.KindRepairJob, []string{j.ID})
		if err != nil {
			return VisitView{}, err
		}
		js := &JobSummary{ID: j.ID, ContractorName: j.ContractorName, TradeName: s.tradeName(j.ContractorTrade), State: j.State,
			StateText: JobStateText[j.State], SentAt: j.CreatedAt, Appointment: appointmentOf(j), ArrivedAt: j.ArrivedAt, DoneAt: j.DoneAt,
			DoneNote: j.DoneNote, Photos: photoItems(photos[j.ID])}
		if role == RoleLandlord {
			js.Phone, js.Email, js.Registration, js.Invoice = j.ContractorPhone, j.ContractorEmail, j.Registration, invoiceOf(j)
		}
		v.Job = js
		v.CanPropose = role == RoleLandlord && j.live() && j.ApptConfirmedAt == nil
		v.CanConfirm = r.Status == AppointmentProposed && j.live() && j.ApptStart != nil && j.ApptConfirmedAt == nil
	}
	v.CanAssign = role == RoleLandlord && containsStatus(assignFrom, r.Status)
	k, err := contactOf(ctx, c, r.ID)
	if err != nil {
		return VisitView{}, err
	}
	if k != nil {
		v.PhoneShared = true
		if role == RoleTenant {
			v.Phone = k.Phone
		}
	}
	return v, nil
}

func containsStatus(list []Status, s Status) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// JobView is the job as its contractor sees it through the link: what to
// do where, and nothing of the tenant but what they agreed to share.
type JobView struct {
	State        string           `json:"state"`
	StateText    string           `json:"stateText"`
	Contractor   string           `json:"contractor"`
	Landlord     string           `json:"landlord"`
	LandlordMail string           `json:"landlordEmail"`
	Address      string           `json:"address"`
	Category     string           `json:"category"`
	Room         string           `json:"room"`
	Description  string           `json:"description"`
	Answers      []AnswerView     `json:"answers"`
	Priority     Priority         `json:"priority"`
	Emergency    bool             `json:"emergency"`
	Availability string           `json:"availability"`
	EntryWhenOut bool             `json:"entryWhenOut"`
	Note         string           `json:"note"`
	TenantName   string           `json:"tenantName,omitempty"`
	TenantPhone  string           `json:"tenantPhone,omitempty"`
	Appointment  *AppointmentView `json:"appointment"`
	Notice       NoticeView       `json:"notice"`
	ArrivedAt    *time.Time       `json:"arrivedAt"`
	DoneAt       *time.Time       `json:"doneAt"`
	DoneNote     string           `json:"doneNote"`
	Photos       []string         `json:"photos"` // names: /api/jobs/{token}/photos/{name}
	Invoice      *InvoiceView     `json:"invoice"`
	ExpiresAt    time.Time        `json:"expiresAt"`
	Can          []string         `json:"can"` // accept, decline, propose, arrive, done, photo, invoice
}

func (s *Service) jobView(ctx context.Context, j Job, r Repair) (JobView, error) {
	email, name, err := s.d.People.Contact(ctx, r.LandlordID)
	if err != nil {
		return JobView{}, err
	}
	photos, err := s.x.Photos.Of(ctx, photo.KindRepairJob, []string{j.ID})
	if err != nil {
		return JobView{}, err
	}
	v := JobView{State: j.State, StateText: JobStateText[j.State], Contractor: j.ContractorName, Landlord: name, LandlordMail: email,
		Address: r.Address, Category: s.categoryName(r.Category), Room: r.Room, Description: r.Description, Answers: []AnswerView{},
		Priority: r.Priority, Emergency: r.Priority == Emergency, Availability: r.Availability, EntryWhenOut: r.EntryWhenOut, Note: j.Note,
		Appointment: appointmentOf(j), Notice: s.noticeView(r), ArrivedAt: j.ArrivedAt, DoneAt: j.DoneAt, DoneNote: j.DoneNote,
		Photos: []string{}, Invoice: invoiceOf(j), ExpiresAt: j.ExpiresAt, Can: []string{}}
	for _, p := range photos[j.ID] {
		v.Photos = append(v.Photos, p.Name)
	}
	if v.Invoice != nil {
		v.Invoice.WalletID = "" // the landlord's books are not the contractor's
	}
	if c := s.d.Data.Tree.category(r.Category); c != nil {
		for _, q := range c.Questions {
			for _, o := range q.Options {
				if r.Answers[q.ID] == o.ID {
					v.Answers = append(v.Answers, AnswerView{Question: q.Text, Answer: o.Text})
				}
			}
		}
	}
	// The tenant's phone number only once the job is taken, and only when
	// the tenant agreed to share it.
	if j.State == JobAccepted {
		k, err := contactOf(ctx, s.d.DB.Conn(), r.ID)
		if err != nil {
			return JobView{}, err
		}
		if k != nil {
			v.TenantName, v.TenantPhone = k.Name, k.Phone
		}
	}
	switch j.State {
	case JobOffered:
		v.Can = append(v.Can, "accept", "decline", "propose")
	case JobAccepted:
		if j.ArrivedAt == nil {
			v.Can = append(v.Can, "decline")
		}
		if j.ApptConfirmedAt == nil {
			v.Can = append(v.Can, "propose")
		}
		if j.ApptConfirmedAt != nil && j.ArrivedAt == nil && r.Status == AppointmentConfirm {
			v.Can = append(v.Can, "arrive")
		}
		if j.ArrivedAt != nil && r.Status == InProgress {
			v.Can = append(v.Can, "done")
		}
		v.Can = append(v.Can, "photo")
	case JobDone:
		v.Can = append(v.Can, "photo")
		if j.InvoiceKey == "" {
			v.Can = append(v.Can, "invoice")
		}
	}
	return v, nil
}
