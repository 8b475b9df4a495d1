package notices

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// Link is a text and where it points.
type Link struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// Field is one thing the prescribed form asks for, filled from the
// agreement (OmniRent's words for it, not the form's).
type Field struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// FormView is what the landlord copies onto the prescribed form.
type FormView struct {
	Name   string  `json:"name"`
	URL    string  `json:"url"`
	Note   string  `json:"note"`
	Fields []Field `json:"fields"`
}

// AcceptanceView is one tenant's acceptance.
type AcceptanceView struct {
	Name   string    `json:"name"`
	At     time.Time `json:"at"`
	AtText string    `json:"atText"`
}

// IncreaseView is a rent increase as one side sees it. Amounts and the
// percentage are computed here, in integer pence.
type IncreaseView struct {
	ID            string           `json:"id"`
	TenancyID     string           `json:"tenancyId"`
	Status        Status           `json:"status"`
	StatusText    string           `json:"statusText"`
	OldPence      int64            `json:"oldPence"`
	NewPence      int64            `json:"newPence"`
	ChangePence   int64            `json:"changePence"`
	OldRent       string           `json:"oldRent"`
	NewRent       string           `json:"newRent"`
	Change        string           `json:"change"`
	Percent       string           `json:"percent"`
	EffectiveOn   string           `json:"effectiveOn"`
	EffectiveText string           `json:"effectiveText"`
	InEffect      bool             `json:"inEffect"`
	Method        string           `json:"method"`
	MethodText    string           `json:"methodText"`
	ServedOn      string           `json:"servedOn"`
	ServedText    string           `json:"servedText"`
	Acceptances   []AcceptanceView `json:"acceptances"`
	AcceptedByMe  bool             `json:"acceptedByMe"`
	CanServe      bool             `json:"canServe"`
	CanWithdraw   bool             `json:"canWithdraw"`
	CanAccept     bool             `json:"canAccept"`
	Form          *FormView        `json:"form"`
	Challenge     *Link            `json:"challenge"`
	Law           Link             `json:"law"`
}

// NoticeView is a tenant's notice as both sides see it.
type NoticeView struct {
	ID          string    `json:"id"`
	TenancyID   string    `json:"tenancyId"`
	GivenByName string    `json:"givenByName"`
	GivenAt     time.Time `json:"givenAt"`
	GivenText   string    `json:"givenText"`
	EndOn       string    `json:"endOn"`
	EndText     string    `json:"endText"`
}

// EarliestView is the earliest day the law allows, and why.
type EarliestView struct {
	Date   string  `json:"date"`
	Text   string  `json:"text"`
	Limits []Limit `json:"limits"`
	Note   string  `json:"note"`
}

// TenancyView is one signed agreement's notices as one side sees them.
type TenancyView struct {
	ID             string         `json:"id"`
	Role           Role           `json:"role"`
	Address        string         `json:"address"`
	PropertyID     string         `json:"propertyId"`
	Jurisdiction   string         `json:"jurisdiction"`
	LandlordName   string         `json:"landlordName"`
	Tenants        []string       `json:"tenants"`
	StartDate      string         `json:"startDate"`
	StartText      string         `json:"startText"`
	Rent           string         `json:"rent"`
	RentPence      int64          `json:"rentPence"`
	RentPeriod     string         `json:"rentPeriod"`
	AgreementLink  string         `json:"agreementLink"`
	Handled        bool           `json:"handled"`
	NotHandled     *Link          `json:"notHandled"`
	Increases      []IncreaseView `json:"increases"`
	CanPropose     bool           `json:"canPropose"`
	NextIncrease   *EarliestView  `json:"nextIncrease"`
	Notice         *NoticeView    `json:"notice"`
	CanGiveNotice  bool           `json:"canGiveNotice"`
	EarliestEnd    *EarliestView  `json:"earliestEnd"`
	Possession     *Link          `json:"possession"`
	CheckOutLink   string         `json:"checkOutLink"`
	ServiceMethods []Link         `json:"serviceMethods"`
	IncreaseLaw    *Link          `json:"increaseLaw"`
	NoticeLaw      *Link          `json:"noticeLaw"`
	ServiceAddress string         `json:"serviceAddress"`
}

// Overview is every signed tenancy of the actor with its notices.
func (s *Service) Overview(ctx context.Context, a session.Actor) ([]TenancyView, error) {
	list, role, err := s.tenanciesOf(ctx, a)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(list))
	for _, t := range list {
		ids = append(ids, t.ID)
	}
	incs, err := increasesOf(ctx, s.d.DB.Conn(), ids)
	if err != nil {
		return nil, err
	}
	ns, err := noticesOf(ctx, s.d.DB.Conn(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]TenancyView, 0, len(list))
	for _, t := range list {
		var mine []Increase
		for _, x := range incs {
			if x.TenancyID == t.ID {
				mine = append(mine, x)
			}
		}
		var n *TenantNotice
		for i := range ns {
			if ns[i].TenancyID == t.ID {
				n = &ns[i]
			}
		}
		out = append(out, s.tenancyView(t, role, a, mine, n))
	}
	return out, nil
}

func (s *Service) tenancyView(t Tenancy, role Role, a session.Actor, incs []Increase, n *TenantNotice) TenancyView {
	today := s.today()
	v := TenancyView{ID: t.ID, Role: role, Address: t.Address, PropertyID: t.PropertyID, Jurisdiction: t.Jurisdiction,
		LandlordName: t.LandlordName, Tenants: []string{}, StartDate: t.StartDate, StartText: UKDay(startOf(t)),
		RentPence: rentOn(t, incs, today), RentPeriod: t.RentPeriod, AgreementLink: t.Link, Increases: []IncreaseView{},
		ServiceMethods: []Link{}, ServiceAddress: t.ServiceAddress}
	v.Rent = money.Format(v.RentPence) + " " + per(t.RentPeriod)
	for _, p := range t.Tenants {
		v.Tenants = append(v.Tenants, p.Name)
	}
	for _, m := range s.d.Rules.Service {
		v.ServiceMethods = append(v.ServiceMethods, Link{Text: m.Name, URL: m.Method})
	}
	// Newest first.
	for i := len(incs) - 1; i >= 0; i-- {
		if role == RoleTenant && incs[i].Status == Draft {
			continue
		}
		v.Increases = append(v.Increases, s.increaseView(incs[i], t, role, a, incs))
	}
	if n != nil {
		nv := noticeView(*n)
		v.Notice = &nv
	}
	rule := s.d.Rules.increaseRule(t.Jurisdiction, today)
	quit := s.d.Rules.quitRule(t.Jurisdiction, today)
	v.Handled = rule != nil && quit != nil
	if !v.Handled {
		nh := s.d.Rules.notHandled(t.Jurisdiction)
		v.NotHandled = &Link{Text: nh.Text, URL: nh.URL}
	}
	if rule != nil {
		v.IncreaseLaw = &Link{Text: rule.Statute, URL: rule.Source}
	}
	if quit != nil {
		v.NoticeLaw = &Link{Text: quit.Statute, URL: quit.Source}
	}
	open := slices.ContainsFunc(incs, func(x Increase) bool { return x.Open(today) })
	if role == RoleLandlord {
		if p := s.d.Rules.possession(t.Jurisdiction); p != nil {
			v.Possession = &Link{Text: p.Text, URL: p.URL}
		}
		if rule != nil && n == nil {
			v.CanPropose = !open
			facts := s.facts(t, incs, "", today, 0)
			facts.Hypothetical = true
			earliest, limits := rule.EarliestIncrease(facts)
			v.NextIncrease = &EarliestView{Date: earliest.Format(time.DateOnly), Text: UKDay(earliest), Limits: limits,
				Note: "Counted as if you served the notice today by hand or by e-mail. It is counted again from the day you record serving it; a posted notice counts as served two days after posting."}
		}
		if n != nil {
			v.CheckOutLink = "/NewReport?propertyId=" + t.PropertyID
		}
	}
	if role == RoleTenant && quit != nil && n == nil {
		v.CanGiveNotice = true
		end := quit.EarliestEnd(startOf(t), t.RentPeriod, today)
		why := fmt.Sprintf("at least %s after the notice is given (today)", months(quit.Months))
		if quit.EndsAtPeriodEnd {
			why += ", on the last day of a rent period (the rent periods start on " + periodText(startOf(t), t.RentPeriod) + ")"
		}
		v.EarliestEnd = &EarliestView{Date: end.Format(time.DateOnly), Text: UKDay(end),
			Limits: []Limit{{Key: "notice", Date: end, Day: end.Format(time.DateOnly), Reason: why}},
			Note:   "A notice from one joint tenant ends the tenancy for every tenant named on the agreement."}
	}
	return v
}

// rentOn is the rent in effect on a day: the latest served increase in
// effect by then, else the agreement's.
func rentOn(t Tenancy, incs []Increase, on time.Time) int64 {
	rent, from := t.RentPence, time.Time{}
	for _, x := range incs {
		if x.Counts() && !x.EffectiveOn.After(on) && x.EffectiveOn.After(from) {
			rent, from = x.NewPence, x.EffectiveOn
		}
	}
	return rent
}

func noticeView(n TenantNotice) NoticeView {
	return NoticeView{ID: n.ID, TenancyID: n.TenancyID, GivenByName: n.GivenByName, GivenAt: n.GivenAt,
		GivenText: n.GivenAt.In(clock.UK).Format("15:04 on Mon 2 Jan 2006"), EndOn: n.EndOn.Format(time.DateOnly), EndText: UKDay(n.EndOn)}
}

// percent is the change as a percentage of the old rent to two decimals,
// rounded half up, from integers.
func percent(old, change int64) string {
	if old <= 0 {
		return ""
	}
	bp := (change*20000 + old) / (2 * old) // basis points, rounded half up
	sign := ""
	if bp < 0 {
		sign, bp = "-", -bp
	}
	return fmt.Sprintf("%s%d.%02d%%", sign, bp/100, bp%100)
}

func (s *Service) increaseView(inc Increase, t Tenancy, role Role, a session.Actor, all []Increase) IncreaseView {
	today := s.today()
	change := inc.NewPence - inc.OldPence
	v := IncreaseView{ID: inc.ID, TenancyID: inc.TenancyID, Status: inc.Status, StatusText: StatusText[inc.Status],
		OldPence: inc.OldPence, NewPence: inc.NewPence, ChangePence: change,
		OldRent: money.Format(inc.OldPence) + " " + per(inc.Period), NewRent: money.Format(inc.NewPence) + " " + per(inc.Period),
		Change: money.Format(change) + " " + per(inc.Period), Percent: percent(inc.OldPence, change),
		EffectiveOn: inc.EffectiveOn.Format(time.DateOnly), EffectiveText: UKDay(inc.EffectiveOn),
		InEffect: inc.Counts() && !inc.EffectiveOn.After(today), Method: inc.Method, Acceptances: []AcceptanceView{}}
	if m := s.d.Rules.method(inc.Method); m != nil {
		v.MethodText = m.Name
	}
	if inc.ServedOn != nil {
		v.ServedOn, v.ServedText = inc.ServedOn.Format(time.DateOnly), UKDay(*inc.ServedOn)
	}
	for _, x := range inc.Acceptances {
		v.Acceptances = append(v.Acceptances, AcceptanceView{Name: x.Name, At: x.At, AtText: x.At.In(clock.UK).Format("15:04 on Mon 2 Jan 2006")})
		if strings.EqualFold(x.Email, a.Email) && role == RoleTenant {
			v.AcceptedByMe = true
		}
	}
	switch role {
	case RoleLandlord:
		v.CanServe = inc.Status == Draft
		v.CanWithdraw = inc.Open(today)
	case RoleTenant:
		v.CanAccept = (inc.Status == Served || inc.Status == Accepted) && !v.AcceptedByMe
	}
	rule := s.d.Rules.increaseRule(inc.Jurisdiction, inc.CreatedAt)
	if rule == nil {
		return v
	}
	v.Law = Link{Text: rule.Statute, URL: rule.Source}
	if inc.Status != Withdrawn && !v.InEffect {
		text := fmt.Sprintf("If you think the new rent is more than the home would fetch on the open market, "+
			"you can apply to %s to decide it. Apply before %s, the day the new rent would take effect.", rule.Challenge, UKDay(inc.EffectiveOn))
		if role == RoleLandlord {
			text = fmt.Sprintf("Your tenants can apply to %s before %s if they think the new rent is more than the home would fetch on the open market: "+
				"the tribunal then decides the rent.", rule.Challenge, UKDay(inc.EffectiveOn))
		}
		v.Challenge = &Link{URL: rule.ChallengeURL, Text: text}
	}
	if role == RoleLandlord {
		v.Form = s.form(inc, t, rule, all)
	}
	return v
}

// form fills in what the prescribed form asks for, from the agreement.
func (s *Service) form(inc Increase, t Tenancy, rule *IncreaseRule, all []Increase) *FormView {
	last := "None since the tenancy started"
	if l := lastIncrease(all, inc.ID); l != nil && l.EffectiveOn.Before(inc.EffectiveOn) {
		last = UKDay(l.EffectiveOn)
	}
	tenants := make([]string, 0, len(t.Tenants))
	for _, p := range t.Tenants {
		tenants = append(tenants, p.Name)
	}
	bills := t.Bills
	if bills == "" {
		bills = "None: the agreement includes no bills in the rent"
	}
	f := &FormView{Name: rule.Form, URL: rule.FormURL,
		Note: fmt.Sprintf("Serve the prescribed %s itself: download it from GOV.UK, copy these answers onto it, sign and date it, and serve it on every tenant. "+
			"OmniRent does not reproduce the form's wording, and a notice on any other document is not valid. Keep a copy and a record of how you served it.", rule.Form),
		Fields: []Field{
			{"Tenants (every tenant named on the agreement)", strings.Join(tenants, ", ")},
			{"Address of the home", t.Address},
			{"Landlord", t.LandlordName},
			{"Landlord's address for notices", t.ServiceAddress},
			{"Current rent", money.Format(inc.OldPence) + " " + per(inc.Period)},
			{"Date the tenancy started", UKDay(startOf(t))},
			{"Date the last rent increase took effect", last},
			{"Proposed new rent", money.Format(inc.NewPence) + " " + per(inc.Period)},
			{"Date the new rent starts", UKDay(inc.EffectiveOn)},
			{"Bills included in the rent (the agreement's list)", bills},
		}}
	if inc.ServedOn != nil {
		served := UKDay(*inc.ServedOn)
		if sm := s.d.Rules.method(inc.Method); sm != nil {
			served += ", " + strings.ToLower(sm.Name[:1]) + sm.Name[1:]
		}
		f.Fields = append(f.Fields, Field{"Served", served})
	}
	return f
}
