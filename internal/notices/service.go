package notices

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// Person is someone named on an agreement.
type Person struct {
	Name  string
	Email string
}

// Tenancy is an agreement signed by everyone, as the area knows it
// (implemented over internal/contract by internal/app).
type Tenancy struct {
	ID               string
	LandlordID       string
	PropertyID       string
	Jurisdiction     string // England, Wales, Scotland or Northern Ireland
	Address          string
	LandlordName     string
	ServiceAddress   string // the landlord's address for notices
	Tenants          []Person
	StartDate        string // YYYY-MM-DD
	FirstPaymentDate string
	RentPence        int64
	RentPeriod       string // weekly or monthly
	Bills            string // what the rent includes, as the agreement says ("" for none)
	Link             string // the agreement's page
}

// Tenancies answers the area about signed agreements.
type Tenancies interface {
	// OfLandlord are the landlord's agreements signed by everyone.
	OfLandlord(ctx context.Context, landlordID string) ([]Tenancy, error)
	// OfTenant are the agreements signed by everyone naming this e-mail as a tenant.
	OfTenant(ctx context.Context, email string) ([]Tenancy, error)
}

// People gives an account's e-mail and full name.
type People interface {
	Contact(ctx context.Context, userID string) (email, fullName string, err error)
}

// Mailer queues e-mails in the caller's transaction (platform/mail).
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

// Deps are what the area needs from the rest of the product.
type Deps struct {
	DB        *db.DB
	Clock     clock.Clock
	Rules     *Rules
	Tenancies Tenancies
	People    People
	Mail      Mailer
	BaseURL   string
	Log       *slog.Logger
}

type Service struct{ d Deps }

func NewService(d Deps) (*Service, error) {
	if d.Rules == nil || d.Tenancies == nil || d.Mail == nil {
		return nil, errors.New("notices: rules, tenancies and mail are needed")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{d: d}, nil
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC().Truncate(time.Millisecond) }

// today is the UK calendar day now.
func (s *Service) today() time.Time {
	t, _ := time.Parse(time.DateOnly, s.d.Clock.Now().In(clock.UK).Format(time.DateOnly))
	return t
}

// Role is how someone stands to a tenancy.
type Role string

const (
	RoleLandlord Role = "landlord"
	RoleTenant   Role = "tenant"
)

var errNotFound = apperr.New(apperr.NotFound, "not_found", MsgNotFound)

// tenanciesOf are the signed agreements the actor is a party to, and as what.
func (s *Service) tenanciesOf(ctx context.Context, a session.Actor) ([]Tenancy, Role, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, "", err
	}
	if a.IsLandlord() {
		list, err := s.d.Tenancies.OfLandlord(ctx, a.UserID)
		return list, RoleLandlord, err
	}
	list, err := s.d.Tenancies.OfTenant(ctx, a.Email)
	return list, RoleTenant, err
}

// tenancyFor is one tenancy the actor is a party to; anyone else, admins
// included, is told it does not exist.
func (s *Service) tenancyFor(ctx context.Context, a session.Actor, id string) (Tenancy, Role, error) {
	list, role, err := s.tenanciesOf(ctx, a)
	if err != nil {
		return Tenancy{}, "", err
	}
	for _, t := range list {
		if t.ID == id {
			return t, role, nil
		}
	}
	return Tenancy{}, "", errNotFound
}

// increaseFor is one increase and its tenancy, as the actor may see it: a
// tenant never sees one the landlord has not served.
func (s *Service) increaseFor(ctx context.Context, a session.Actor, id string) (Increase, Tenancy, Role, error) {
	missing := apperr.New(apperr.NotFound, "not_found", MsgIncreaseMissing)
	if err := a.RequireSignedIn(); err != nil {
		return Increase{}, Tenancy{}, "", err
	}
	inc, err := increaseByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return Increase{}, Tenancy{}, "", err
	}
	t, role, err := s.tenancyFor(ctx, a, inc.TenancyID)
	if apperr.IsNotFound(err) || (err == nil && role == RoleTenant && inc.Status == Draft) {
		return Increase{}, Tenancy{}, "", missing
	}
	return inc, t, role, err
}

func startOf(t Tenancy) time.Time {
	d, _ := time.Parse(time.DateOnly, t.StartDate)
	return d
}

func parseDay(s string) (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil || d.Year() < 1900 || d.Year() > 2200 {
		return time.Time{}, false
	}
	return d, true
}

// lastIncrease is the day the latest served increase took (or takes)
// effect, other than except's.
func lastIncrease(list []Increase, except string) *Increase {
	var out *Increase
	for i := range list {
		x := &list[i]
		if x.ID == except || !x.Counts() {
			continue
		}
		if out == nil || x.EffectiveOn.After(out.EffectiveOn) {
			out = x
		}
	}
	return out
}

// currentRent is the rent the next increase starts from: the last served
// increase's, else the agreement's.
func currentRent(t Tenancy, list []Increase, except string) int64 {
	if l := lastIncrease(list, except); l != nil {
		return l.NewPence
	}
	return t.RentPence
}

// notHandledErr refuses what the product does not do in the tenancy's nation.
func (s *Service) notHandledErr(j string) error {
	n := s.d.Rules.notHandled(j)
	return apperr.New(apperr.Invalid, "not_handled", n.Text)
}

// ProposeInput is the landlord's new rent (integer pence; the form sends
// whole pounds as pence) and, optionally, the day it takes effect (the
// earliest the law allows when empty).
type ProposeInput struct {
	NewRentPence json.Number `json:"newRentPence"`
	EffectiveOn  string      `json:"effectiveOn"`
}

// rentOf reads a new rent: an integer of pence that is a rent the product
// accepts (tenancy.RentOK: whole pounds, more than nothing, at most
// £1,000,000).
func rentOf(n json.Number) (int64, bool) {
	v, err := n.Int64()
	if err != nil || !tenancy.RentOK(v) {
		return 0, false
	}
	return v, true
}

// Propose prepares a rent increase of one of the landlord's signed
// agreements: the new rent, and the day it takes effect, which must be one
// the law allows if the notice were served today by hand (it is counted
// again from the day it is served). Only one increase may wait at a time,
// decided with the tenancy's row locked.
func (s *Service) Propose(ctx context.Context, a session.Actor, tenancyID string, in ProposeInput) (IncreaseView, error) {
	t, role, err := s.tenancyFor(ctx, a, tenancyID)
	if err != nil {
		return IncreaseView{}, err
	}
	if role != RoleLandlord {
		return IncreaseView{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	today := s.today()
	rule := s.d.Rules.increaseRule(t.Jurisdiction, today)
	if rule == nil {
		return IncreaseView{}, s.notHandledErr(t.Jurisdiction)
	}
	fields := map[string]string{}
	newPence, ok := rentOf(in.NewRentPence)
	if !ok {
		fields["newRentPence"] = MsgNewRent
	}
	var on time.Time
	if strings.TrimSpace(in.EffectiveOn) != "" {
		if on, ok = parseDay(in.EffectiveOn); !ok {
			fields["effectiveOn"] = MsgDate
		}
	}
	if len(fields) > 0 {
		return IncreaseView{}, apperr.Fields(firstMessage(fields), fields)
	}
	now := s.now()
	var inc Increase
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		list, err := increasesOf(ctx, tx, []string{t.ID})
		if err != nil {
			return err
		}
		for _, x := range list {
			if x.Open(today) {
				return apperr.New(apperr.Conflict, "open_increase", fmt.Sprintf(MsgOpenIncrease, money.Format(x.NewPence), UKDay(x.EffectiveOn)))
			}
		}
		old := currentRent(t, list, "")
		if newPence <= old {
			return apperr.Fields(fmt.Sprintf(MsgNotHigher, money.Format(old)), map[string]string{"newRentPence": fmt.Sprintf(MsgNotHigher, money.Format(old))})
		}
		facts := s.facts(t, list, "", today, 0)
		facts.Hypothetical = true
		earliest, _ := rule.EarliestIncrease(facts)
		if on.IsZero() {
			on = earliest
		} else if why := rule.tooEarly(facts, on); why != "" {
			return apperr.Fields(why, map[string]string{"effectiveOn": why})
		}
		inc = Increase{ID: uuid.NewString(), TenancyID: t.ID, LandlordID: t.LandlordID, PropertyID: t.PropertyID, Jurisdiction: t.Jurisdiction,
			Address: t.Address, OldPence: old, NewPence: newPence, Period: t.RentPeriod, EffectiveOn: on, Status: Draft,
			Acceptances: []Acceptance{}, CreatedAt: now, UpdatedAt: now}
		return insertIncrease(ctx, tx, inc)
	})
	if err != nil {
		return IncreaseView{}, err
	}
	return s.increaseView(inc, t, RoleLandlord, a, []Increase{inc}), nil
}

// facts are what the earliest date counts from.
func (s *Service) facts(t Tenancy, list []Increase, except string, served time.Time, deemed int) IncreaseFacts {
	f := IncreaseFacts{Start: startOf(t), Period: t.RentPeriod, ServedOn: served, DeemedDays: deemed}
	if l := lastIncrease(list, except); l != nil {
		d := l.EffectiveOn
		f.LastIncrease = &d
	}
	return f
}

// ServeInput is how and when the landlord served the notice, and
// optionally a new day for it to take effect.
type ServeInput struct {
	Method      string `json:"method"`
	ServedOn    string `json:"servedOn"`
	EffectiveOn string `json:"effectiveOn"`
}

// Serve records how and when the landlord served the notice. The earliest
// day is counted again from the day served (a posted notice counts as
// served two days later); a day it makes too early is refused with the
// reason, and nothing is recorded.
func (s *Service) Serve(ctx context.Context, a session.Actor, id string, in ServeInput) (IncreaseView, error) {
	inc, t, role, err := s.increaseFor(ctx, a, id)
	if err != nil {
		return IncreaseView{}, err
	}
	if role != RoleLandlord {
		return IncreaseView{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	today := s.today()
	fields := map[string]string{}
	method := s.d.Rules.method(strings.TrimSpace(in.Method))
	if method == nil {
		fields["method"] = MsgMethod
	}
	created, _ := time.Parse(time.DateOnly, inc.CreatedAt.In(clock.UK).Format(time.DateOnly))
	served, ok := parseDay(in.ServedOn)
	if !ok || served.After(today) || served.Before(created) {
		fields["servedOn"] = MsgServedOn
	}
	var on time.Time
	if strings.TrimSpace(in.EffectiveOn) != "" {
		if on, ok = parseDay(in.EffectiveOn); !ok {
			fields["effectiveOn"] = MsgDate
		}
	}
	if len(fields) > 0 {
		return IncreaseView{}, apperr.Fields(firstMessage(fields), fields)
	}
	now := s.now()
	var list []Increase
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		if inc, err = increaseByID(ctx, tx, id); err != nil {
			return err
		}
		switch inc.Status {
		case Withdrawn:
			return apperr.New(apperr.Conflict, "withdrawn", MsgWithdrawn)
		case Served, Accepted:
			return apperr.New(apperr.Conflict, "served", MsgNotDraft)
		}
		if list, err = increasesOf(ctx, tx, []string{t.ID}); err != nil {
			return err
		}
		rule := s.d.Rules.increaseRule(inc.Jurisdiction, served)
		if rule == nil {
			return s.notHandledErr(inc.Jurisdiction)
		}
		if on.IsZero() {
			on = inc.EffectiveOn
		}
		if why := rule.tooEarly(s.facts(t, list, inc.ID, served, method.DeemedDays), on); why != "" {
			return apperr.Fields(why, map[string]string{"effectiveOn": why})
		}
		inc.EffectiveOn, inc.Status, inc.Method, inc.ServedOn, inc.ServedAt, inc.UpdatedAt = on, Served, method.Method, &served, &now, now
		if err := updateIncrease(ctx, tx, inc); err != nil {
			return err
		}
		return s.tellServed(ctx, tx, inc, t, rule)
	})
	if err != nil {
		return IncreaseView{}, err
	}
	return s.increaseView(inc, t, role, a, replace(list, inc)), nil
}

func replace(list []Increase, inc Increase) []Increase {
	out := slices.Clone(list)
	for i := range out {
		if out[i].ID == inc.ID {
			out[i] = inc
			return out
		}
	}
	return append(out, inc)
}

// Accept records that a tenant accepts a served increase (each joint
// tenant answers for themselves); once every tenant has, it is accepted.
// The landlord is e-mailed. Decided with the tenancy's row locked: a
// withdrawal at the same moment either comes first (the acceptance is
// refused) or after.
func (s *Service) Accept(ctx context.Context, a session.Actor, id string) (IncreaseView, error) {
	inc, t, role, err := s.increaseFor(ctx, a, id)
	if err != nil {
		return IncreaseView{}, err
	}
	if role != RoleTenant {
		return IncreaseView{}, apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	}
	now := s.now()
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		if inc, err = increaseByID(ctx, tx, id); err != nil {
			return err
		}
		if inc.Status != Served && inc.Status != Accepted {
			return apperr.New(apperr.Conflict, "not_served", fmt.Sprintf(MsgNotServed, strings.ToLower(StatusText[inc.Status])))
		}
		for _, x := range inc.Acceptances {
			if strings.EqualFold(x.Email, a.Email) {
				return apperr.New(apperr.Conflict, "already_accepted", MsgAlreadyAccepted)
			}
		}
		inc.Acceptances = append(inc.Acceptances, Acceptance{Email: strings.ToLower(a.Email), Name: nameOn(t, a), At: now})
		if everyoneAccepted(t, inc) {
			inc.Status = Accepted
		}
		inc.UpdatedAt = now
		if err := updateIncrease(ctx, tx, inc); err != nil {
			return err
		}
		return s.tellAccepted(ctx, tx, inc, t, nameOn(t, a))
	})
	if err != nil {
		return IncreaseView{}, err
	}
	return s.increaseView(inc, t, role, a, []Increase{inc}), nil
}

// nameOn is the tenant's name as the agreement writes it.
func nameOn(t Tenancy, a session.Actor) string {
	for _, p := range t.Tenants {
		if strings.EqualFold(p.Email, a.Email) && p.Name != "" {
			return p.Name
		}
	}
	return a.FullName
}

func everyoneAccepted(t Tenancy, inc Increase) bool {
	for _, p := range t.Tenants {
		if !slices.ContainsFunc(inc.Acceptances, func(x Acceptance) bool { return strings.EqualFold(x.Email, p.Email) }) {
			return false
		}
	}
	return true
}

// Withdraw withdraws an increase before it takes effect (the rent stays
// as it is); the tenants are told when it had been served.
func (s *Service) Withdraw(ctx context.Context, a session.Actor, id string) (IncreaseView, error) {
	inc, t, role, err := s.increaseFor(ctx, a, id)
	if err != nil {
		return IncreaseView{}, err
	}
	if role != RoleLandlord {
		return IncreaseView{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	now, today := s.now(), s.today()
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		if inc, err = increaseByID(ctx, tx, id); err != nil {
			return err
		}
		switch {
		case inc.Status == Withdrawn:
			return apperr.New(apperr.Conflict, "withdrawn", MsgWithdrawn)
		case inc.Counts() && !inc.EffectiveOn.After(today):
			return apperr.New(apperr.Conflict, "taken_effect", fmt.Sprintf(MsgTakenEffect, UKDay(inc.EffectiveOn)))
		}
		wasServed := inc.Counts()
		inc.Status, inc.WithdrawnAt, inc.UpdatedAt = Withdrawn, &now, now
		if err := updateIncrease(ctx, tx, inc); err != nil {
			return err
		}
		if !wasServed {
			return nil
		}
		return s.write(ctx, tx, t.Tenants, "", "Rent increase withdrawn: "+t.Address, "Your landlord withdrew the rent increase",
			[]string{fmt.Sprintf("%s withdrew the rent increase to %s %s that was to start on %s. Your rent stays %s %s.",
				t.LandlordName, money.Format(inc.NewPence), per(inc.Period), UKDay(inc.EffectiveOn), money.Format(inc.OldPence), per(inc.Period)),
				"See it on your home: " + s.link("/dashboard")})
	})
	if err != nil {
		return IncreaseView{}, err
	}
	return s.increaseView(inc, t, role, a, []Increase{inc}), nil
}

// GiveInput is the tenant's notice: the day the tenancy ends (the earliest
// the law allows when empty).
type GiveInput struct {
	EndOn string `json:"endOn"`
}

// GiveNotice records a tenant's notice ending the tenancy, with its time,
// and e-mails the landlord and the other tenants. One notice per tenancy:
// two given at once are decided with the tenancy's row locked. A landlord
// is told how a tenancy can end on their side: not here.
func (s *Service) GiveNotice(ctx context.Context, a session.Actor, tenancyID string, in GiveInput) (NoticeView, error) {
	t, role, err := s.tenancyFor(ctx, a, tenancyID)
	if err != nil {
		return NoticeView{}, err
	}
	if role != RoleTenant {
		msg := MsgTenantOnly
		if p := s.d.Rules.possession(t.Jurisdiction); p != nil {
			msg = p.Text
		}
		return NoticeView{}, apperr.New(apperr.Forbidden, "landlord_cannot_end", msg)
	}
	today, now := s.today(), s.now()
	rule := s.d.Rules.quitRule(t.Jurisdiction, today)
	if rule == nil {
		return NoticeView{}, s.notHandledErr(t.Jurisdiction)
	}
	start := startOf(t)
	end := rule.EarliestEnd(start, t.RentPeriod, today)
	if strings.TrimSpace(in.EndOn) != "" {
		chosen, ok := parseDay(in.EndOn)
		if !ok {
			return NoticeView{}, apperr.Fields(MsgEndDate, map[string]string{"endOn": MsgEndDate})
		}
		if why := rule.endTooEarly(start, t.RentPeriod, today, chosen); why != "" {
			return NoticeView{}, apperr.Fields(why, map[string]string{"endOn": why})
		}
		end = chosen
	}
	n := TenantNotice{ID: uuid.NewString(), TenancyID: t.ID, LandlordID: t.LandlordID, PropertyID: t.PropertyID, Jurisdiction: t.Jurisdiction,
		Address: t.Address, GivenBy: a.UserID, GivenByName: nameOn(t, a), GivenByEmail: strings.ToLower(a.Email), GivenAt: now, EndOn: end, CreatedAt: now}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		existing, err := noticesOf(ctx, tx, []string{t.ID})
		if err != nil {
			return err
		}
		if len(existing) > 0 {
			e := existing[0]
			return apperr.New(apperr.Conflict, "notice_given", fmt.Sprintf(MsgNoticeGiven, UKDay(e.GivenAt.In(clock.UK)), UKDay(e.EndOn)))
		}
		if err := insertNotice(ctx, tx, n); err != nil {
			return err
		}
		return s.tellNotice(ctx, tx, n, t)
	})
	if err != nil {
		return NoticeView{}, err
	}
	return noticeView(n), nil
}

func firstMessage(fields map[string]string) string {
	if len(fields) == 1 {
		for _, m := range fields {
			return m
		}
	}
	return MsgFix
}

func per(period string) string {
	if period == "weekly" {
		return "a week"
	}
	return "a month"
}

func (s *Service) link(path string) string { return strings.TrimRight(s.d.BaseURL, "/") + path }

// write queues one e-mail to each person (none to except).
func (s *Service) write(ctx context.Context, tx db.Conn, to []Person, except, subject, heading string, paragraphs []string) error {
	for _, p := range to {
		if p.Email == "" || strings.EqualFold(p.Email, except) {
			continue
		}
		if err := s.d.Mail.Send(ctx, tx, mail.Email{To: p.Email, Subject: subject, Template: "notice",
			Data: map[string]any{"Name": p.Name, "Heading": heading, "Paragraphs": paragraphs}}); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) tellServed(ctx context.Context, tx db.Conn, inc Increase, t Tenancy, rule *IncreaseRule) error {
	p := []string{
		fmt.Sprintf("%s has recorded serving a notice proposing a new rent for %s: %s %s in place of %s, from %s.",
			t.LandlordName, t.Address, money.Format(inc.NewPence), per(inc.Period), money.Format(inc.OldPence), UKDay(inc.EffectiveOn)),
		fmt.Sprintf("If you think the new rent is more than the rent the home would fetch on the open market, you can apply to %s before %s, the day it would take effect: %s",
			rule.Challenge, UKDay(inc.EffectiveOn), rule.ChallengeURL),
		"You can tell your landlord you accept it on your home: " + s.link("/dashboard"),
	}
	return s.write(ctx, tx, t.Tenants, "", "Proposed new rent for "+t.Address, "Your landlord proposes a new rent", p)
}

func (s *Service) tellAccepted(ctx context.Context, tx db.Conn, inc Increase, t Tenancy, who string) error {
	email, name, err := s.d.People.Contact(ctx, t.LandlordID)
	if err != nil {
		return err
	}
	p := []string{fmt.Sprintf("%s accepts the new rent of %s %s for %s from %s.", who, money.Format(inc.NewPence), per(inc.Period),
		t.Address, UKDay(inc.EffectiveOn))}
	if inc.Status == Accepted {
		p = append(p, "Every tenant named on the agreement has now accepted it.")
	}
	p = append(p, "See it here: "+s.link("/notices?tenancy="+t.ID))
	return s.write(ctx, tx, []Person{{Name: name, Email: email}}, "", "Rent increase accepted: "+t.Address, "Your tenant accepts the new rent", p)
}

func (s *Service) tellNotice(ctx context.Context, tx db.Conn, n TenantNotice, t Tenancy) error {
	email, name, err := s.d.People.Contact(ctx, t.LandlordID)
	if err != nil {
		return err
	}
	given := n.GivenAt.In(clock.UK).Format("15:04 on Mon 2 Jan 2006")
	p := []string{
		fmt.Sprintf("%s gave notice to end the tenancy of %s at %s. The tenancy ends on %s.", n.GivenByName, t.Address, given, UKDay(n.EndOn)),
		"Arrange the check-out: start the check-out report from the check-in report on OmniRent, and agree a time with your tenants.",
		"See the notice here: " + s.link("/notices?tenancy="+t.ID),
	}
	if err := s.write(ctx, tx, []Person{{Name: name, Email: email}}, "", "Notice to end the tenancy: "+t.Address, "Your tenant gave notice", p); err != nil {
		return err
	}
	copyText := []string{
		fmt.Sprintf("%s gave notice to end the tenancy of %s at %s. The tenancy ends on %s.", n.GivenByName, t.Address, given, UKDay(n.EndOn)),
		"Your landlord has been sent it by e-mail. Keep this e-mail: it shows when the notice was given.",
		"See it on your home: " + s.link("/dashboard"),
	}
	return s.write(ctx, tx, t.Tenants, "", "Notice to end your tenancy: "+t.Address, "Notice to end the tenancy was given", copyText)
}
