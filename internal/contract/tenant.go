package contract

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// A tenant's view of their agreements, for the tenant's home (issue 27):
// what they signed or must sign, who else has signed (names and times
// only: a joint tenant never sees another's e-mail), the landlord and the
// address for notices, the papers they must be given, and the next rent day.

// SignerProgress is one party's signing progress as another party sees it.
type SignerProgress struct {
	Role     signing.Role `json:"role"`
	Name     string       `json:"name"`
	Signed   bool         `json:"signed"`
	SignedAt *time.Time   `json:"signedAt"`
	Me       bool         `json:"me"`
}

// TenantPaper is a certificate or deposit paper the tenant must be given,
// with the copies they may download ("Missing" when the landlord has not
// added it on OmniRent).
type TenantPaper struct {
	Name      string            `json:"name"`
	Missing   bool              `json:"missing"`
	ExpiresOn string            `json:"expiresOn"`
	Copies    []CertificateCopy `json:"copies"`
	GasSafety bool              `json:"-"`
}

// TenantAgreement is one agreement sent to the tenant.
type TenantAgreement struct {
	Contract
	Property        Property
	LandlordName    string
	ServiceAddress  string
	RentPence       int64
	RentPeriod      string
	StartDate       string
	NextRentDue     string // YYYY-MM-DD, "" when not known
	DepositKind     string
	DepositScheme   string
	AwaitingMe      bool // the tenant has not signed yet
	CanSignNow      bool // and it is their turn
	Signers         []SignerProgress
	Papers          []TenantPaper
	NextGasCheckDue string
	Link            string
	StartsLater     bool // the start date is today or later
	// Notice: why the tenant cannot sign it now (its start date passed
	// before everyone signed), "" otherwise.
	Notice string
}

// ForTenant lists the agreements sent to the signed-in tenant (awaiting
// signatures or signed; never drafts), newest first. Only tenants ask:
// a landlord is told this is a tenant's page.
func (s *Service) ForTenant(ctx context.Context, a session.Actor) ([]TenantAgreement, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	if a.IsLandlord() {
		return nil, apperr.New(apperr.Forbidden, "tenants_only", MsgTenantsOnly)
	}
	list, err := byTenantEmail(ctx, s.db.Conn(), a.Email, ATS, ADS, Completed)
	if err != nil {
		return nil, err
	}
	places, err := s.placesOf(ctx, list)
	if err != nil {
		return nil, err
	}
	today := s.now().In(clock.UK).Format(time.DateOnly)
	out := make([]TenantAgreement, 0, len(list))
	for _, c := range list {
		p := places[c.PropertyID]
		v := viewOf(c.Answers, p)
		t := TenantAgreement{Contract: c, Property: p, LandlordName: v.LandlordName, ServiceAddress: v.ServiceAddress,
			RentPence: c.Answers.RentPence, RentPeriod: c.Answers.RentPeriod, StartDate: c.Answers.StartDate,
			NextRentDue: NextRentDay(c.Answers.FirstPaymentDate, c.Answers.RentPeriod, today),
			DepositKind: c.Answers.Deposit.Kind, DepositScheme: v.DepositScheme, Link: "/contract-builder?view=awaiting&id=" + c.ID}
		t.StartsLater = c.Answers.StartDate != "" && c.Answers.StartDate >= today
		if c.Status == Completed {
			t.Link = "/contract-builder?view=completed&id=" + c.ID
		}
		st, err := s.signingState(ctx, c, a)
		if err != nil {
			return nil, err
		}
		for _, sg := range st.Signers {
			t.Signers = append(t.Signers, SignerProgress{Role: sg.Role, Name: sg.Name, Signed: sg.Signed(), SignedAt: sg.SignedAt, Me: sg.Me})
			if sg.Me && !sg.Signed() && c.Status == ATS {
				t.AwaitingMe = true
			}
		}
		t.CanSignNow, t.Notice = st.CanSign, st.Notice
		if t.Papers, err = s.tenantPapers(ctx, c); err != nil {
			return nil, err
		}
		for _, pp := range t.Papers {
			if pp.GasSafety && !pp.Missing {
				t.NextGasCheckDue = pp.ExpiresOn
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// tenantPapers are the certificates the law says the tenant must be given
// (gas safety where there is gas, EICR, EPC, and for a deposit its
// protection certificate and the prescribed information), each with the
// copies the landlord added.
func (s *Service) tenantPapers(ctx context.Context, c Contract) ([]TenantPaper, error) {
	if s.certs == nil {
		return []TenantPaper{}, nil
	}
	list, err := s.certs.ForLetting(ctx, c.LandlordID, c.PropertyID)
	if err != nil {
		return nil, err
	}
	copies, err := s.certificateCopies(ctx, c)
	if err != nil {
		return nil, err
	}
	out := []TenantPaper{}
	seen := map[string]bool{}
	for _, ct := range list {
		if ct.Deposit && c.Answers.Deposit.Kind != DepositStandard {
			continue
		}
		p := TenantPaper{Name: ct.Name, Missing: ct.Missing || len(ct.Files) == 0, ExpiresOn: ct.ExpiresOn, Copies: []CertificateCopy{},
			GasSafety: strings.HasPrefix(strings.ToLower(ct.Name), "gas safety")}
		for _, cp := range copies {
			if cp.Name == ct.Name {
				p.Copies = append(p.Copies, cp)
			}
		}
		seen[ct.Name] = true
		out = append(out, p)
	}
	if c.Answers.Deposit.Kind == DepositStandard {
		for _, name := range DepositPapers {
			if !seen[name] {
				out = append(out, TenantPaper{Name: name, Missing: true, Copies: []CertificateCopy{}})
			}
		}
		if err := s.depositCertificate(ctx, c, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// depositCertificate adds to the papers the deposit protection
// certificate the landlord added where the deposit's protection is
// recorded (/deposits), so the tenant is not told it is missing.
func (s *Service) depositCertificate(ctx context.Context, c Contract, papers []TenantPaper) error {
	if s.depositCerts == nil {
		return nil
	}
	name, err := s.depositCerts.DepositCertificate(ctx, c.ID)
	if err != nil || name == "" {
		return err
	}
	for i := range papers {
		if papers[i].Name == DepositPapers[0] {
			papers[i].Missing = false
			papers[i].Copies = append(papers[i].Copies, CertificateCopy{Name: papers[i].Name, Filename: name,
				URL: "/api/deposits/tenancies/" + c.ID + "/certificate?download=1"})
		}
	}
	return nil
}

// DepositPapers are the papers a tenant who paid a deposit must receive
// within 30 days (Housing Act 2004 s213; the documents area's types of the
// same names hold the landlord's copies).
var DepositPapers = []string{"Deposit protection certificate", "Prescribed information"}

// NextRentDay is the first rent day on or after today (all YYYY-MM-DD),
// counting from the first payment date by weeks or calendar months (a
// month's day past its end falls on the month's last day); "" when the
// first payment date is not a date.
func NextRentDay(first, period, today string) string {
	d, err := time.Parse(time.DateOnly, first)
	if err != nil {
		return ""
	}
	if first >= today {
		return first
	}
	for i := 1; i < 10000; i++ {
		var n time.Time
		if period == "weekly" {
			n = d.AddDate(0, 0, 7*i)
		} else {
			n = addMonthsClamped(d, i)
		}
		if s := n.Format(time.DateOnly); s >= today {
			return s
		}
	}
	return ""
}

func addMonthsClamped(d time.Time, months int) time.Time {
	first := time.Date(d.Year(), d.Month()+time.Month(months), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(d.Day(), last), 0, 0, 0, 0, time.UTC)
}
