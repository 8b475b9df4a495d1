package repair

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
)

// A repair sent to a contractor (issue 44, REPAIRS.md 3.5 D-G): the
// landlord assigns it to one of their contractors, who is e-mailed a link
// scoped to that one job (a random token, stored hashed, expiring: data/
// contractors.yaml's linkDays after the last step, and at once when the
// job is withdrawn or declined or the repair closed). No account is needed:
// through the link the contractor accepts or declines, proposes a time,
// records arrival, the work done with photos (internal/photo, kind
// repair-job) and the invoice, which a job of the queue books in the
// landlord's wallet once. Every step is decided with the repair's row
// locked and appended to its history.

// RoleContractor is a contractor acting through a job link.
const RoleContractor Role = "contractor"

// History kinds of the contractors and visits.
const (
	EventJob          = "job"
	EventAppointment  = "appointment"
	EventAccessNotice = "access_notice"
)

// Job states.
const (
	JobOffered   = "offered"
	JobAccepted  = "accepted"
	JobDeclined  = "declined"
	JobWithdrawn = "withdrawn"
	JobDone      = "done"
)

// JobStateText is each state as the pages say it.
var JobStateText = map[string]string{
	JobOffered: "Sent, waiting for the contractor", JobAccepted: "Accepted", JobDeclined: "Declined by the contractor",
	JobWithdrawn: "Withdrawn", JobDone: "Work done",
}

// Messages of the visits.
const (
	MsgJobGone        = "This link has expired or is no longer in use. If you still need it, please ask the landlord who sent it."
	MsgChooseContract = "Please choose one of your contractors."
	MsgAssignFrom     = "This repair is %s: a contractor can be assigned once it has been triaged, and while it is being worked on."
	MsgJobNote        = "Please keep the note to the contractor to 2,000 characters or fewer."
	MsgDeclineWhy     = "Please say why you are declining (2,000 characters at most)."
	MsgAcceptFirst    = "This job is %s."
	MsgDoneNote       = "Please describe the work done (2,000 characters at most)."
	MsgArriveFirst    = "Please record your arrival when the appointment has been confirmed."
	MsgDoneFirst      = "Please mark the work done before sending the invoice."
	MsgInvoiceSent    = "The invoice for this job has already been sent."
	MsgInvoiceType    = "The invoice must be a PDF, JPEG or PNG file."
	MsgInvoiceSize    = "The invoice is too large (10 MB at most)."
	MsgInvoiceNone    = "Please choose the invoice file."
	MsgAmount         = "Please enter the invoice's amount in pence as a whole number, more than zero: 12500 for £125.00."
	MsgAmountLarge    = "The amount is too large: please check it."
	MsgPhotoJob       = "Photos can be added to a job you have accepted."
	MsgContactPhone   = "Please enter a UK phone number, such as 07700 900123."
	MsgNoJob          = "No contractor has been assigned to this repair."
	MsgUseVisit       = "Contractors and visits are arranged in the repair's Contractor and visit section: assign a contractor, propose or confirm a time there."
)

// Limits of the invoice.
const (
	MaxInvoiceBytes            = 10 << 20
	MaxInvoicePence      int64 = 100_000_000 // one million pounds
	jobWalletJob               = "repair.job-wallet"
	jobCalendarJob             = "repair.visit-calendar"
	invoiceBodyAllowance       = 64 << 10
)

// Job is a repair sent to a contractor.
type Job struct {
	ID, RepairID, ContractorID                                        string
	Seq                                                               int // 1, 2 ... per repair: the newest is the current job
	ContractorName, ContractorTrade, ContractorPhone, ContractorEmail string
	Registration, Note, TokenHash, State                              string
	ExpiresAt                                                         time.Time
	ApptStart, ApptEnd                                                *time.Time
	ApptBy                                                            Role
	ApptConfirmedAt                                                   *time.Time
	ApptConfirmedBy                                                   Role
	ApptRound                                                         int
	ShortNotice                                                       bool
	ArrivedAt, DoneAt                                                 *time.Time
	DoneNote                                                          string
	InvoiceKey, InvoiceType                                           string
	InvoiceSize, InvoicePence                                         int64
	InvoiceAt                                                         *time.Time
	WalletID                                                          string
	CreatedAt, UpdatedAt                                              time.Time
}

func (j Job) live() bool { return j.State == JobOffered || j.State == JobAccepted }

// linkWorks: the job's link still opens it (a done job's link stays for
// the invoice).
func (j Job) linkWorks(now time.Time) bool {
	return (j.live() || j.State == JobDone) && now.Before(j.ExpiresAt)
}

// jobActorID is who a photo uploaded through a job link was added by.
func jobActorID(jobID string) string { return "contractor-job:" + jobID }

// VisitCalendar puts a confirmed visit in people's calendars, once per id
// (internal/calendar through internal/app).
type VisitCalendar interface {
	EnsureVisit(ctx context.Context, owner session.Actor, id string, v CalendarVisit) error
}

// CalendarVisit is a visit as a calendar event.
type CalendarVisit struct {
	Title, Description, Address string
	Date, StartTime, EndTime    string // UK: YYYY-MM-DD, HH:MM
}

// RepairCost is an invoice as the wallet books it.
type RepairCost struct {
	SourceID    string // the job: one entry per job
	LandlordID  string
	PropertyID  string
	Description string
	Vendor      string
	AmountPence int64
	Date        string // YYYY-MM-DD
	File        []byte
	Label, Link string // what the entry says it came from
}

// RepairWallet books a repair's cost once per SourceID, answering its entry.
type RepairWallet interface {
	RecordRepairCost(ctx context.Context, c RepairCost) (string, error)
}

// Accounts give the actor of an account, for calendars made by a job.
type Accounts interface {
	ActorByID(ctx context.Context, id string) (session.Actor, error)
	ActorByEmail(ctx context.Context, email string) (session.Actor, error)
}

// VisitDeps are what the contractors and visits need besides Deps.
type VisitDeps struct {
	Jobs     *jobs.Queue
	Files    storage.Store
	Photos   *photo.Service
	Calendar VisitCalendar
	Wallet   RepairWallet
	Accounts Accounts
}

type visits struct {
	VisitDeps
	rules *ContractorRules
}

// UseVisits connects the contractors and visits (at start-up): it loads
// and checks data/contractors.yaml and that every nation has an access
// notice rule, and registers the jobs and the photo kind.
func (s *Service) UseVisits(d VisitDeps) error {
	rules, err := LoadContractorRules()
	if err != nil {
		return err
	}
	s.x = visits{VisitDeps: d, rules: rules}
	for _, j := range []string{"England", "Wales", "Scotland", "Northern Ireland"} {
		if _, err := s.noticeRule(j, s.now()); err != nil {
			return err
		}
	}
	d.Jobs.Handle(jobWalletJob, s.walletJob)
	d.Jobs.Handle(jobCalendarJob, s.calendarJob)
	d.Photos.SetOwners(photo.KindRepairJob, jobPhotoOwners{s})
	return nil
}

func newJobToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (s *Service) jobLink(token string) string {
	return strings.TrimRight(s.d.BaseURL, "/") + "/job/" + token
}

func (s *Service) linkExpiry(now time.Time) time.Time {
	return now.Add(time.Duration(s.x.rules.LinkDays) * 24 * time.Hour)
}

func (s *Service) tradeName(id string) string {
	if t := s.x.rules.trade(id); t != nil {
		return t.Name
	}
	return id
}

func (s *Service) what(r Repair) string { return s.categoryName(r.Category) + " (" + r.Room + ")" }

// logStep appends a visit's line to the history: text is the sentence
// every reader sees (view.go's eventText reads it).
func (s *Service) logStep(ctx context.Context, tx db.Conn, r *Repair, a session.Actor, role Role, kind, text, body string, data map[string]any) error {
	if data == nil {
		data = map[string]any{}
	}
	data["text"] = text
	return s.append(ctx, tx, r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: kind, Body: body, Data: data})
}

// moveTo changes the repair's status through change.go's apply (its
// deadlines met, its history line and the usual e-mails), when it is not
// there already.
func (s *Service) moveTo(ctx context.Context, tx db.Conn, r *Repair, a session.Actor, role Role, to Status, landlord Person, tenants []Person) error {
	if r.Status == to {
		return nil
	}
	return s.apply(ctx, tx, r, a, role, transition{to: to}, ChangeInput{Status: to}, s.now(), landlord, tenants)
}

// assignFrom are the statuses a contractor may be assigned (or reassigned) from.
var assignFrom = []Status{Triaged, Investigated, SummarySent, ContractorAssigned, AppointmentProposed, AppointmentConfirm}

// AssignInput sends a repair to one of the landlord's contractors.
type AssignInput struct {
	ContractorID string `json:"contractorId"`
	Note         string `json:"note"`
}

// Assign sends the repair to a contractor: the job link is e-mailed to
// them in the same transaction. A live job of another contractor (or the
// same) is withdrawn first, and they are told.
func (s *Service) Assign(ctx context.Context, a session.Actor, id string, in AssignInput) (VisitView, error) {
	r, err := s.repairAs(ctx, a, id, RoleLandlord)
	if err != nil {
		return VisitView{}, err
	}
	in.Note = strings.TrimSpace(in.Note)
	if runes(in.Note) > MaxNote {
		return VisitView{}, apperr.Fields(MsgJobNote, map[string]string{"note": MsgJobNote})
	}
	k, err := contractorByID(ctx, s.d.DB.Conn(), a.UserID, strings.TrimSpace(in.ContractorID))
	if apperr.IsNotFound(err) {
		return VisitView{}, apperr.Fields(MsgChooseContract, map[string]string{"contractorId": MsgChooseContract})
	}
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
		if !slices.Contains(assignFrom, r.Status) {
			return conflict("bad_transition", fmt.Sprintf(MsgAssignFrom, StatusText[r.Status]))
		}
		now := s.now()
		if old, err := latestJob(ctx, tx, r.ID); err == nil && old.live() {
			old.State, old.UpdatedAt = JobWithdrawn, now
			if err := updateJob(ctx, tx, old); err != nil {
				return err
			}
			if err := s.logStep(ctx, tx, &r, a, RoleLandlord, EventJob, a.FullName+" withdrew the job from "+old.ContractorName+".", "",
				map[string]any{"job": old.ID, "step": "withdrawn"}); err != nil {
				return err
			}
			if err := s.write(ctx, tx, []Person{{Name: old.ContractorName, Email: old.ContractorEmail}}, "", "Job withdrawn: "+s.what(r)+" at "+r.Address,
				"This job was withdrawn", []string{a.FullName + " withdrew the job at " + r.Address + " they had sent you. Its link no longer works.",
					"Thank you. No further action is needed."}); err != nil {
				return err
			}
		} else if err != nil && !errors.Is(err, errJobGone) {
			return err
		}
		token, hash := newJobToken()
		j := Job{ID: uuid.NewString(), RepairID: r.ID, ContractorID: k.ID, ContractorName: k.Name, ContractorTrade: k.Trade,
			ContractorPhone: k.Phone, ContractorEmail: k.Email, Registration: k.Registration, Note: in.Note, TokenHash: hash,
			State: JobOffered, ExpiresAt: s.linkExpiry(now), CreatedAt: now, UpdatedAt: now}
		if err := insertJob(ctx, tx, &j); err != nil {
			return err
		}
		if err := s.moveTo(ctx, tx, &r, a, RoleLandlord, ContractorAssigned, landlord, tenants); err != nil {
			return err
		}
		if err := s.logStep(ctx, tx, &r, a, RoleLandlord, EventJob, fmt.Sprintf("%s sent the job to %s (%s).", a.FullName, k.Name, s.tradeName(k.Trade)),
			in.Note, map[string]any{"job": j.ID, "step": "assigned", "contractor": k.Name, "trade": k.Trade}); err != nil {
			return err
		}
		if err := updateRepair(ctx, tx, r); err != nil {
			return err
		}
		p := []string{fmt.Sprintf("%s asks you to do a repair at %s: %s.", a.FullName, r.Address, s.what(r)),
			"Priority: " + string(r.Priority) + "."}
		if in.Note != "" {
			p = append(p, "Their note: "+in.Note)
		}
		p = append(p, "Open the job to accept or decline it, propose a time, and later record the work and send your invoice. No account is needed: "+s.jobLink(token),
			fmt.Sprintf("The link is for you only and works for %d days after the last step on the job.", s.x.rules.LinkDays))
		return s.write(ctx, tx, []Person{{Name: k.Name, Email: k.Email}}, "", "New job: "+s.what(r)+" at "+r.Address, "A landlord sent you a job", p)
	})
	if err != nil {
		return VisitView{}, err
	}
	return s.visitView(ctx, r, RoleLandlord)
}

// repairFor is the repair and how the actor stands to it (viewerOf).
func (s *Service) repairFor(ctx context.Context, a session.Actor, id string) (Repair, Role, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Repair{}, "", err
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return Repair{}, "", err
	}
	role, err := s.viewerOf(ctx, a, r)
	return r, role, err
}

// repairAs is repairFor for a step only one side takes: anyone else who
// may see the repair is told whose step it is.
func (s *Service) repairAs(ctx context.Context, a session.Actor, id string, want Role) (Repair, error) {
	r, role, err := s.repairFor(ctx, a, id)
	if err != nil {
		return Repair{}, err
	}
	if role != want {
		return Repair{}, onlyFor(want)
	}
	return r, nil
}

// onlyFor refuses a step to the side it is not for.
func onlyFor(want Role) error {
	if want == RoleTenant {
		return apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	}
	return apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
}

// byToken is the job a link names, when its link still works; anything
// else (an unknown token, another job's, expired, withdrawn, a closed
// repair) is errJobGone, which shows nothing of any repair.
func (s *Service) byToken(ctx context.Context, c db.Conn, token string) (Job, Repair, error) {
	if token == "" || len(token) > 100 {
		return Job{}, Repair{}, errJobGone
	}
	j, err := jobByTokenHash(ctx, c, hashToken(token))
	if err != nil {
		return Job{}, Repair{}, err
	}
	if !j.linkWorks(s.now()) {
		return Job{}, Repair{}, errJobGone
	}
	r, err := repairByID(ctx, c, j.RepairID)
	if err != nil {
		return Job{}, Repair{}, err
	}
	if r.Status == Closed || r.Status == Declined {
		return Job{}, Repair{}, errJobGone
	}
	return j, r, nil
}

// jobActor is the contractor as the history names them.
func jobActor(j Job) session.Actor {
	return session.Actor{UserID: jobActorID(j.ID), FullName: j.ContractorName, Email: j.ContractorEmail}
}

// onJob runs a contractor's step: the job read by its token, then again
// with the repair's row locked (a landlord's change meanwhile is seen),
// the link's expiry moved on.
func (s *Service) onJob(ctx context.Context, token string, step func(tx db.Conn, j *Job, r *Repair, landlord Person, tenants []Person) error) (JobView, error) {
	j, r, err := s.byToken(ctx, s.d.DB.Conn(), token)
	if err != nil {
		return JobView{}, err
	}
	landlord, tenants, err := s.parties(ctx, r)
	if err != nil {
		return JobView{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, j.RepairID); err != nil {
			return err
		}
		if j, err = jobByID(ctx, tx, j.ID); err != nil {
			return err
		}
		if !j.linkWorks(s.now()) || r.Status == Closed || r.Status == Declined {
			return errJobGone
		}
		if err := step(tx, &j, &r, landlord, tenants); err != nil {
			return err
		}
		j.UpdatedAt = s.now()
		j.ExpiresAt = s.linkExpiry(j.UpdatedAt)
		if err := updateJob(ctx, tx, j); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return JobView{}, err
	}
	return s.jobView(ctx, j, r)
}

// Job is the job a link names, as its contractor sees it.
func (s *Service) Job(ctx context.Context, token string) (JobView, error) {
	j, r, err := s.byToken(ctx, s.d.DB.Conn(), token)
	if err != nil {
		return JobView{}, err
	}
	return s.jobView(ctx, j, r)
}

func (s *Service) tellLandlord(ctx context.Context, tx db.Conn, r Repair, landlord Person, subject string, p ...string) error {
	p = append(p, "Open the repair: "+s.link(r))
	return s.write(ctx, tx, []Person{landlord}, "", subject, "News from your contractor", p)
}

// AcceptJob: the contractor takes the job.
func (s *Service) AcceptJob(ctx context.Context, token string) (JobView, error) {
	return s.onJob(ctx, token, func(tx db.Conn, j *Job, r *Repair, landlord Person, _ []Person) error {
		if j.State != JobOffered {
			return conflict("job_state", fmt.Sprintf(MsgAcceptFirst, strings.ToLower(JobStateText[j.State])))
		}
		j.State = JobAccepted
		a := jobActor(*j)
		if err := s.logStep(ctx, tx, r, a, RoleContractor, EventJob, j.ContractorName+" accepted the job.", "",
			map[string]any{"job": j.ID, "step": "accepted"}); err != nil {
			return err
		}
		return s.tellLandlord(ctx, tx, *r, landlord, "Job accepted: "+s.what(*r), j.ContractorName+" accepted the job at "+r.Address+". They will propose a time.")
	})
}

// DeclineJob: the contractor turns the job down, saying why; the landlord
// may assign another.
func (s *Service) DeclineJob(ctx context.Context, token, reason string) (JobView, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || runes(reason) > MaxNote {
		return JobView{}, apperr.Fields(MsgDeclineWhy, map[string]string{"reason": MsgDeclineWhy})
	}
	return s.onJob(ctx, token, func(tx db.Conn, j *Job, r *Repair, landlord Person, _ []Person) error {
		if !j.live() || j.ArrivedAt != nil {
			return conflict("job_state", fmt.Sprintf(MsgAcceptFirst, strings.ToLower(JobStateText[j.State])))
		}
		j.State = JobDeclined
		if err := s.logStep(ctx, tx, r, jobActor(*j), RoleContractor, EventJob, j.ContractorName+" declined the job.", reason,
			map[string]any{"job": j.ID, "step": "declined"}); err != nil {
			return err
		}
		return s.tellLandlord(ctx, tx, *r, landlord, "Job declined: "+s.what(*r), j.ContractorName+" declined the job at "+r.Address+".",
			"Their reason: "+reason, "You can assign another contractor on the repair.")
	})
}

// ArriveJob: the contractor records they are at the home (the work starts).
func (s *Service) ArriveJob(ctx context.Context, token string) (JobView, error) {
	return s.onJob(ctx, token, func(tx db.Conn, j *Job, r *Repair, landlord Person, tenants []Person) error {
		if j.State != JobAccepted || j.ApptConfirmedAt == nil || r.Status != AppointmentConfirm {
			return conflict("not_confirmed", MsgArriveFirst)
		}
		now := s.now()
		j.ArrivedAt = &now
		a := jobActor(*j)
		if err := s.moveTo(ctx, tx, r, a, RoleContractor, InProgress, landlord, tenants); err != nil {
			return err
		}
		return s.logStep(ctx, tx, r, a, RoleContractor, EventJob, j.ContractorName+" arrived at the home.", "",
			map[string]any{"job": j.ID, "step": "arrived"})
	})
}

// DoneJob: the contractor records the work done (photos are added with
// JobPhoto, before or after).
func (s *Service) DoneJob(ctx context.Context, token, note string) (JobView, error) {
	note = strings.TrimSpace(note)
	if note == "" || runes(note) > MaxNote {
		return JobView{}, apperr.Fields(MsgDoneNote, map[string]string{"note": MsgDoneNote})
	}
	return s.onJob(ctx, token, func(tx db.Conn, j *Job, r *Repair, landlord Person, tenants []Person) error {
		if j.State != JobAccepted || j.ArrivedAt == nil || r.Status != InProgress {
			return conflict("not_arrived", "Please record your arrival first.")
		}
		now := s.now()
		j.State, j.DoneAt, j.DoneNote = JobDone, &now, note
		a := jobActor(*j)
		if err := s.moveTo(ctx, tx, r, a, RoleContractor, WorkDone, landlord, tenants); err != nil {
			return err
		}
		if err := s.logStep(ctx, tx, r, a, RoleContractor, EventJob, j.ContractorName+" recorded the work done.", note,
			map[string]any{"job": j.ID, "step": "done"}); err != nil {
			return err
		}
		return s.tellLandlord(ctx, tx, *r, landlord, "Work done: "+s.what(*r), j.ContractorName+" recorded the work at "+r.Address+" as done:", note,
			"The tenant is asked to confirm it is fixed.")
	})
}

// JobPhoto adds a photo of the work through the photo evidence mechanism
// (checked by content, location stripped, hash and capture time kept).
func (s *Service) JobPhoto(ctx context.Context, token string, file io.Reader) (JobView, error) {
	j, r, err := s.byToken(ctx, s.d.DB.Conn(), token)
	if err != nil {
		return JobView{}, err
	}
	if j.State != JobAccepted && j.State != JobDone {
		return JobView{}, conflict("job_state", MsgPhotoJob)
	}
	v, ev, err := s.x.Photos.UploadFrom(ctx, photo.KindRepairJob, jobActor(j), j.ID, photo.FromUpload, file)
	if err != nil {
		return JobView{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, j.RepairID); err != nil {
			return err
		}
		if err := s.logStep(ctx, tx, &r, jobActor(j), RoleContractor, EventJob, j.ContractorName+" added a photo of the work.", "",
			map[string]any{"job": j.ID, "step": "photo", "photo": v.Name, "sha256": ev.SHA256}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return JobView{}, err
	}
	return s.jobView(ctx, j, r)
}

// ParsePence reads an amount of pence as a form sends it: a whole number,
// more than zero.
func ParsePence(s string) (int64, error) {
	s = strings.TrimSpace(s)
	var n int64
	if s == "" || len(s) > 15 {
		return 0, apperr.Fields(MsgAmount, map[string]string{"amountPence": MsgAmount})
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, apperr.Fields(MsgAmount, map[string]string{"amountPence": MsgAmount})
		}
		n = n*10 + int64(c-'0')
	}
	switch {
	case n <= 0:
		return 0, apperr.Fields(MsgAmount, map[string]string{"amountPence": MsgAmount})
	case n > MaxInvoicePence:
		return 0, apperr.Fields(MsgAmountLarge, map[string]string{"amountPence": MsgAmountLarge})
	}
	return n, nil
}

// checkInvoice judges a file by its content: a PDF, or a JPEG or PNG
// (cleaned of its metadata by platform/imaging).
func checkInvoice(ctx context.Context, data []byte) ([]byte, string, string, error) {
	switch {
	case len(data) == 0:
		return nil, "", "", apperr.New(apperr.Invalid, "no_file", MsgInvoiceNone)
	case len(data) > MaxInvoiceBytes:
		return nil, "", "", apperr.New(apperr.TooLarge, "invoice_too_large", MsgInvoiceSize)
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return data, "application/pdf", ".pdf", nil
	}
	bad := apperr.New(apperr.Invalid, "invalid_file", MsgInvoiceType)
	checked, kind, _, _, err := imaging.Check(bytes.NewReader(data), imaging.Limits{MaxBytes: MaxInvoiceBytes})
	if err != nil {
		return nil, "", "", bad
	}
	clean, err := imaging.Clean(ctx, checked, kind)
	if err != nil {
		return nil, "", "", bad
	}
	return clean, kind.ContentType(), kind.Ext(), nil
}

// JobInvoice takes the contractor's invoice with its amount (pence): the
// file is stored, then the job names it and the wallet's booking is queued
// in the same transaction. A second invoice for the job is refused, so the
// cost is booked once.
func (s *Service) JobInvoice(ctx context.Context, token, amount string, file io.Reader) (JobView, error) {
	j, _, err := s.byToken(ctx, s.d.DB.Conn(), token)
	if err != nil {
		return JobView{}, err
	}
	if j.InvoiceKey != "" {
		return JobView{}, conflict("invoice_sent", MsgInvoiceSent)
	}
	if j.State != JobDone {
		return JobView{}, conflict("not_done", MsgDoneFirst)
	}
	pence, err := ParsePence(amount)
	if err != nil {
		return JobView{}, err
	}
	data, err := io.ReadAll(io.LimitReader(file, MaxInvoiceBytes+1))
	if err != nil {
		return JobView{}, err
	}
	data, ctype, ext, err := checkInvoice(ctx, data)
	if err != nil {
		return JobView{}, err
	}
	now := s.now()
	key := "repair-invoices/" + j.ID + "/invoice-" + uuid.NewString()[:8] + ext
	if err := s.x.Files.Put(ctx, key, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
		return JobView{}, apperr.Wrap(err, "store job invoice")
	}
	v, err := s.onJob(ctx, token, func(tx db.Conn, j *Job, r *Repair, landlord Person, _ []Person) error {
		if j.InvoiceKey != "" {
			return conflict("invoice_sent", MsgInvoiceSent)
		}
		if j.State != JobDone {
			return conflict("not_done", MsgDoneFirst)
		}
		j.InvoiceKey, j.InvoiceType, j.InvoiceSize, j.InvoicePence, j.InvoiceAt = key, ctype, int64(len(data)), pence, &now
		if err := s.logStep(ctx, tx, r, jobActor(*j), RoleContractor, EventJob,
			fmt.Sprintf("%s sent their invoice for %s.", j.ContractorName, money.Format(pence)), "",
			map[string]any{"job": j.ID, "step": "invoice", "amountPence": pence}); err != nil {
			return err
		}
		if err := s.x.Jobs.Enqueue(ctx, tx, jobWalletJob, jobRef{JobID: j.ID}, 10); err != nil {
			return err
		}
		return s.tellLandlord(ctx, tx, *r, landlord, "Invoice received: "+s.what(*r),
			fmt.Sprintf("%s sent their invoice of %s for the repair at %s. It is being added to your wallet as a maintenance and repairs cost.",
				j.ContractorName, money.Format(pence), r.Address))
	})
	if err != nil {
		if delErr := s.x.Files.Delete(context.WithoutCancel(ctx), key); delErr != nil {
			s.d.Log.Warn("repair: a refused invoice's file was left behind", "key", key, "err", delErr)
		}
		return JobView{}, err
	}
	return v, nil
}

type jobRef struct {
	JobID string `json:"jobId"`
	Round int    `json:"round,omitempty"`
}

// walletJob books a job's invoice in the landlord's wallet, once: the
// wallet answers the entry it already made for this job when run again,
// and the job records it (and the history says so) only the first time.
func (s *Service) walletJob(ctx context.Context, raw json.RawMessage) error {
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
	if j.WalletID != "" || j.InvoiceKey == "" {
		return nil
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), j.RepairID)
	if err != nil {
		return err
	}
	rc, _, err := s.x.Files.Get(ctx, j.InvoiceKey)
	if err != nil {
		return err
	}
	file, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		return err
	}
	day := j.InvoiceAt.In(clock.UK).Format(time.DateOnly)
	walletID, err := s.x.Wallet.RecordRepairCost(ctx, RepairCost{SourceID: j.ID, LandlordID: r.LandlordID, PropertyID: r.PropertyID,
		Description: "Repair: " + s.what(r) + ", by " + j.ContractorName, Vendor: j.ContractorName, AmountPence: j.InvoicePence, Date: day,
		File: file, Label: "Repair: " + s.what(r), Link: "/maintenance/" + r.ID})
	if err != nil {
		return err
	}
	return s.d.DB.Tx(ctx, func(tx db.Conn) error {
		r, err := s.lockedFor(ctx, tx, j.RepairID)
		if err != nil {
			return err
		}
		cur, err := jobByID(ctx, tx, j.ID)
		if err != nil || cur.WalletID != "" {
			return err
		}
		cur.WalletID = walletID
		if err := updateJob(ctx, tx, cur); err != nil {
			return err
		}
		if err := s.logStep(ctx, tx, &r, session.Actor{}, RoleSystem, EventJob,
			fmt.Sprintf("The invoice of %s was added to the landlord's wallet as a maintenance and repairs cost.", money.Format(cur.InvoicePence)), "",
			map[string]any{"job": cur.ID, "step": "wallet", "wallet": walletID}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
}

// JobInvoiceFile opens a job's invoice for the repair's landlord.
func (s *Service) JobInvoiceFile(ctx context.Context, a session.Actor, repairID string) (io.ReadCloser, string, string, error) {
	r, err := s.repairAs(ctx, a, repairID, RoleLandlord)
	if err != nil {
		return nil, "", "", err
	}
	j, err := latestInvoiced(ctx, s.d.DB.Conn(), r.ID)
	if err != nil {
		return nil, "", "", err
	}
	rc, _, err := s.x.Files.Get(ctx, j.InvoiceKey)
	if err != nil {
		return nil, "", "", apperr.Wrap(err, "open job invoice")
	}
	ext := ".pdf"
	if j.InvoiceType != "application/pdf" {
		ext = "." + strings.TrimPrefix(j.InvoiceType, "image/")
	}
	return rc, j.InvoiceType, "invoice-" + strings.ReplaceAll(strings.ToLower(j.ContractorName), " ", "-") + ext, nil
}

func latestInvoiced(ctx context.Context, c db.Conn, repairID string) (Job, error) {
	list, err := jobsOfRepair(ctx, c, repairID)
	if err != nil {
		return Job{}, err
	}
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].InvoiceKey != "" {
			return list[i], nil
		}
	}
	return Job{}, apperr.New(apperr.NotFound, "no_invoice", "This repair has no invoice.")
}

// jobPhotoOwners answers the photo mechanism for kind repair-job: only the
// job's own link adds photos (the handler made the actor from it), and the
// repair's parties and the link see them.
type jobPhotoOwners struct{ s *Service }

func (o jobPhotoOwners) CanEdit(ctx context.Context, a session.Actor, jobID string) error {
	if a.UserID != jobActorID(jobID) {
		return errJobGone
	}
	j, err := jobByID(ctx, o.s.d.DB.Conn(), jobID)
	if err != nil {
		return err
	}
	if !j.linkWorks(o.s.now()) {
		return errJobGone
	}
	return nil
}

func (o jobPhotoOwners) Visibility(ctx context.Context, viewer session.Actor, jobID string) (bool, bool, error) {
	j, err := jobByID(ctx, o.s.d.DB.Conn(), jobID)
	if errors.Is(err, errJobGone) {
		return false, false, nil
	}
	if err != nil {
		return false, false, err
	}
	if viewer.UserID == jobActorID(jobID) {
		return true, false, nil
	}
	if !viewer.SignedIn() {
		return false, false, nil
	}
	r, err := repairByID(ctx, o.s.d.DB.Conn(), j.RepairID)
	if err != nil {
		return false, false, err
	}
	_, err = o.s.viewerOf(ctx, viewer, r)
	if apperr.IsNotFound(err) {
		return false, false, nil
	}
	return err == nil, false, err
}

// JobPhotoFile opens a thumbnail of one of the job's photos for its link.
func (s *Service) JobPhotoFile(ctx context.Context, token, name string) (photo.File, error) {
	j, _, err := s.byToken(ctx, s.d.DB.Conn(), token)
	if err != nil {
		return photo.File{}, err
	}
	return s.x.Photos.Open(ctx, jobActor(j), name, photo.Thumb)
}
