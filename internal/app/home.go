package app

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/refcheck"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// The tenant's home (issue 27): GET /api/me/home gathers, for the signed-in
// tenant, what the areas hold about their tenancy. Each area decides what
// the actor may see (agreements sent to their e-mail, reports naming them
// as a party, reference checks asked of them); this file only puts the
// answers side by side, as me.go does for /api/auth/me. A landlord is told
// this is a tenant's page (403); a visitor must sign in (401).

type homeJSON struct {
	Name            string                   `json:"name"`
	Tenancies       []homeTenancy            `json:"tenancies"`
	Reports         []inventory.TenantReport `json:"reports"`
	ReferenceChecks []refcheck.RenterCheck   `json:"referenceChecks"`
	Dates           []homeDate               `json:"dates"`
}

type homeLandlord struct {
	Name              string `json:"name"`
	Email             string `json:"email"`
	AddressForNotices string `json:"addressForNotices"`
}

type homeSigner struct {
	Role     signing.Role `json:"role"`
	Name     string       `json:"name"`
	Signed   bool         `json:"signed"`
	SignedAt *time.Time   `json:"signedAt"`
	Me       bool         `json:"me"`
}

type homeCopy struct {
	Filename string `json:"filename"`
	URL      string `json:"url"`
}

type homePaper struct {
	Name      string     `json:"name"`
	Missing   bool       `json:"missing"`
	ExpiresOn string     `json:"expiresOn"`
	Copies    []homeCopy `json:"copies"`
}

type homeTenancy struct {
	ID                    string            `json:"id"`
	Status                contract.Status   `json:"status"`
	StatusText            string            `json:"statusText"`
	Property              contract.Property `json:"property"`
	Address               string            `json:"address"`
	Landlord              homeLandlord      `json:"landlord"`
	Rent                  string            `json:"rent"`
	StartDate             string            `json:"startDate"`
	NextRentDue           string            `json:"nextRentDue"`
	NextGasCheckDue       string            `json:"nextGasCheckDue"`
	DepositScheme         string            `json:"depositScheme"`
	AwaitingYourSignature bool              `json:"awaitingYourSignature"`
	CanSignNow            bool              `json:"canSignNow"`
	Notice                string            `json:"notice"`
	Link                  string            `json:"link"`
	SignLink              string            `json:"signLink"`
	PDFURL                string            `json:"pdfUrl"`
	Signers               []homeSigner      `json:"signers"`
	Certificates          []homePaper       `json:"certificates"`
}

type homeDate struct {
	Date   string `json:"date"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
}

var agreementStatusText = map[contract.Status]string{
	contract.ATS:       "Awaiting signatures",
	contract.ADS:       "Signed by everyone, being sealed",
	contract.Completed: "Signed by everyone",
}

func (a *App) home(w http.ResponseWriter, r *http.Request, actor session.Actor) error {
	h, err := a.tenantHome(r.Context(), actor)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, h)
}

func (a *App) tenantHome(ctx context.Context, actor session.Actor) (homeJSON, error) {
	agreements, err := a.Contracts.ForTenant(ctx, actor)
	if err != nil {
		return homeJSON{}, err
	}
	out := homeJSON{Name: actor.FullName, Tenancies: []homeTenancy{}, Dates: []homeDate{}}
	for _, t := range agreements {
		ht := homeTenancy{ID: t.ID, Status: t.Status, StatusText: agreementStatusText[t.Status], Property: t.Property,
			Address:   strings.Join(nonEmpty(t.Property.Line1, t.Property.Line2, t.Property.Town, t.Property.Postcode), ", "),
			Landlord:  homeLandlord{Name: t.LandlordName, AddressForNotices: t.ServiceAddress},
			StartDate: t.StartDate, NextRentDue: t.NextRentDue, NextGasCheckDue: t.NextGasCheckDue, DepositScheme: t.DepositScheme,
			AwaitingYourSignature: t.AwaitingMe, CanSignNow: t.CanSignNow, Notice: t.Notice, Link: t.Link,
			Signers: []homeSigner{}, Certificates: []homePaper{}}
		nextRent := ""
		if t.RentPence > 0 {
			per := "month"
			if t.RentPeriod == "weekly" {
				per = "week"
			}
			ht.Rent = money.Format(t.RentPence) + " a " + per
			// A served rent increase in effect (issue 45): its rent, today and on the next rent day.
			today := a.Notices.Today()
			if p, ok, err := a.Notices.RentOn(ctx, t.ID, today); err != nil {
				return homeJSON{}, err
			} else if ok {
				ht.Rent = money.Format(p) + " a " + per
			}
			nextRent = ht.Rent
			if p, ok, err := a.Notices.RentOn(ctx, t.ID, t.NextRentDue); err != nil {
				return homeJSON{}, err
			} else if ok {
				nextRent = money.Format(p) + " a " + per
			}
		}
		if t.AwaitingMe {
			ht.SignLink = t.Link + "&mode=sign"
		}
		if t.Status == contract.Completed {
			ht.PDFURL = "/api/contracts/" + url.PathEscape(t.ID) + "/pdf"
		}
		if u, err := a.Auth.UserByID(ctx, t.LandlordID); err == nil {
			ht.Landlord.Email = u.Email
		}
		for _, sg := range t.Signers {
			ht.Signers = append(ht.Signers, homeSigner(sg))
		}
		for _, p := range t.Papers {
			hp := homePaper{Name: p.Name, Missing: p.Missing, ExpiresOn: p.ExpiresOn, Copies: []homeCopy{}}
			for _, c := range p.Copies {
				hp.Copies = append(hp.Copies, homeCopy{Filename: c.Filename, URL: c.URL})
			}
			ht.Certificates = append(ht.Certificates, hp)
		}
		out.Tenancies = append(out.Tenancies, ht)
		if t.Status != contract.ATS || !t.AwaitingMe {
			if t.NextRentDue != "" {
				out.Dates = append(out.Dates, homeDate{Date: t.NextRentDue, Title: "Rent due", Detail: joinDetail(nextRent, ht.Address)})
			}
		}
		if t.NextGasCheckDue != "" {
			out.Dates = append(out.Dates, homeDate{Date: t.NextGasCheckDue, Title: "Gas safety check due", Detail: ht.Address})
		}
		if t.StartsLater {
			out.Dates = append(out.Dates, homeDate{Date: t.StartDate, Title: "Tenancy starts", Detail: ht.Address})
		}
	}
	// The days the notices set (issue 45): a new rent's first day, the day the tenancy ends.
	dated, err := a.Notices.Dates(ctx, actor.UserID)
	if err != nil {
		return homeJSON{}, err
	}
	for _, d := range dated {
		if d.Day >= a.Notices.Today() {
			out.Dates = append(out.Dates, homeDate{Date: d.Day, Title: d.What, Detail: d.Address})
		}
	}
	if out.Reports, err = a.Inventory.ForParty(ctx, actor); err != nil {
		return homeJSON{}, err
	}
	if out.ReferenceChecks, err = a.RefChecks.ForRenter(ctx, actor); err != nil {
		return homeJSON{}, err
	}
	if out.ReferenceChecks == nil {
		out.ReferenceChecks = []refcheck.RenterCheck{}
	}
	sort.SliceStable(out.Dates, func(i, j int) bool { return out.Dates[i].Date < out.Dates[j].Date })
	return out, nil
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

func joinDetail(a, b string) string { return strings.Join(nonEmpty(a, b), " for ") }
