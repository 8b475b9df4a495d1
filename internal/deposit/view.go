package deposit

import (
	"fmt"
	"net/url"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
)

// TenancyView is one tenancy's deposit as the page shows it; every text is
// made here, dates as "Thu 17 Dec 2026", money from integer pence.
type TenancyView struct {
	ID           string         `json:"id"`
	Role         Role           `json:"role"`
	Address      string         `json:"address"`
	Tenants      []string       `json:"tenants"`
	DepositPence int64          `json:"depositPence"`
	DepositText  string         `json:"depositText"`
	ReceivedOn   string         `json:"receivedOn"`
	ReceivedText string         `json:"receivedText"`
	DeadlineText string         `json:"deadlineText"`
	Protection   ProtectionView `json:"protection"`
	Checks       []Check        `json:"checks"`
	// Warning is the landlord's: a deposit not protected in time, and what it can cost.
	Warning string `json:"warning,omitempty"`
	// Note says what the product cannot check yet (no received day, another nation).
	Note          string   `json:"note,omitempty"`
	AgreementLink string   `json:"agreementLink,omitempty"`
	Schemes       []Scheme `json:"schemes,omitempty"`
}

// ProtectionView is the recorded protection.
type ProtectionView struct {
	Recorded         bool   `json:"recorded"`
	Scheme           string `json:"scheme"`
	SchemeURL        string `json:"schemeUrl,omitempty"`
	Reference        string `json:"reference"`
	ProtectedOn      string `json:"protectedOn"`
	ProtectedText    string `json:"protectedText"`
	InfoServedOn     string `json:"infoServedOn"`
	InfoServedText   string `json:"infoServedText"`
	Certificate      bool   `json:"certificate"`
	CertificateName  string `json:"certificateName,omitempty"`
	CertificateURL   string `json:"certificateUrl,omitempty"`
	CertificateAdded string `json:"certificateAdded,omitempty"`
}

// Check is one duty against its deadline: ok, late, or still open.
type Check struct {
	Key   string `json:"key"`   // protected or information
	State string `json:"state"` // ok, late, due or overdue
	Text  string `json:"text"`
}

func dayText(s string) string {
	if d, ok := parseDay(s); ok {
		return UKDay(d)
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (s *Service) view(t Tenancy, role Role, p Protection) TenancyView {
	v := TenancyView{ID: t.ID, Role: role, Address: t.Address, DepositPence: t.DepositPence, DepositText: money.Format(t.DepositPence),
		ReceivedOn: t.DepositReceived, ReceivedText: dayText(t.DepositReceived), Checks: []Check{}, Tenants: []string{}}
	for _, x := range t.Tenants {
		v.Tenants = append(v.Tenants, x.Name)
	}
	v.Protection = ProtectionView{Recorded: p.Scheme != "", Scheme: p.Scheme, Reference: p.Reference, ProtectedOn: p.ProtectedOn,
		ProtectedText: dayText(p.ProtectedOn), InfoServedOn: p.InfoServedOn, InfoServedText: dayText(p.InfoServedOn)}
	if sc, ok := s.d.Rules.scheme(p.Scheme); ok {
		v.Protection.SchemeURL = sc.URL
	}
	if c := p.Certificate; c != nil {
		v.Protection.Certificate, v.Protection.CertificateName = true, c.Name
		v.Protection.CertificateURL = "/api/deposits/tenancies/" + url.PathEscape(t.ID) + "/certificate"
		v.Protection.CertificateAdded = UKDay(c.UploadedAt.In(clock.UK))
	}
	if role == RoleLandlord {
		v.AgreementLink, v.Schemes = t.Link, s.d.Rules.Schemes
	}
	received, ok := parseDay(t.DepositReceived)
	if !ok {
		if role == RoleLandlord {
			v.Note = "Record the day you received the deposit on the agreement: the time to protect it counts from that day."
		} else {
			v.Note = "Your landlord has not yet recorded the day they received the deposit."
		}
		return v
	}
	rule, ok := s.d.Rules.protectionOn(t.Jurisdiction, received)
	if !ok {
		v.Note = s.d.Rules.NotHandled
		return v
	}
	deadline := received.AddDate(0, 0, rule.Days)
	v.DeadlineText = UKDay(deadline)
	today := s.today()
	late := false
	duty := func(key, on, done, todo string) {
		d, ok := parseDay(on)
		switch {
		case ok && !d.After(deadline):
			v.Checks = append(v.Checks, Check{key, "ok", fmt.Sprintf("%s on %s, within the %d days (by %s).", done, UKDay(d), rule.Days, UKDay(deadline))})
		case ok:
			late = true
			days := int(d.Sub(deadline).Hours() / 24)
			v.Checks = append(v.Checks, Check{key, "late", fmt.Sprintf("%s on %s: %s after the deadline of %s.", done, UKDay(d), plural(days, "day", "days"), UKDay(deadline))})
		case today.After(deadline):
			late = true
			v.Checks = append(v.Checks, Check{key, "overdue", fmt.Sprintf("Not %s yet: the deadline was %s.", todo, UKDay(deadline))})
		default:
			v.Checks = append(v.Checks, Check{key, "due", fmt.Sprintf("To be %s by %s.", todo, UKDay(deadline))})
		}
	}
	duty("protected", p.ProtectedOn, "Protected", "protected")
	duty("information", p.InfoServedOn, "Prescribed information given", "given the prescribed information")
	if late && role == RoleLandlord {
		v.Warning = fmt.Sprintf("This deposit was not protected, or its prescribed information not given, within %d days of receiving it. "+
			"A tenant can ask a court to order you to pay them %d to %d times the deposit: %s to %s (%s). "+
			"If you have not yet, protect it and give the prescribed information now.",
			rule.Days, rule.PenaltyMinTimes, rule.PenaltyMaxTimes, money.Format(t.DepositPence*int64(rule.PenaltyMinTimes)),
			money.Format(t.DepositPence*int64(rule.PenaltyMaxTimes)), rule.Statute)
	}
	return v
}
