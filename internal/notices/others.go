package notices

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
)

// What other areas read of the notices, through internal/app: the wallet
// the rent it expects from an increase's date, the calendar the dates both
// sides see. System readers: the caller passes whose they are.

// RentChange is a served increase: the new rent, due from From (the first
// rent day on or after the day it takes effect, never before).
type RentChange struct {
	TenancyID  string
	PropertyID string
	Pence      int64
	Period     string
	From       string // YYYY-MM-DD
}

// RentChanges are the served (not withdrawn) increases of a landlord's
// tenancies, oldest first. firstRentDay gives the first rent day of the
// tenancy on or after a day.
func (s *Service) RentChanges(ctx context.Context, landlordID string, firstRentDay func(t Tenancy, on string) string) ([]RentChange, error) {
	list, err := s.d.Tenancies.OfLandlord(ctx, landlordID)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	byID := map[string]Tenancy{}
	ids := make([]string, 0, len(list))
	for _, t := range list {
		byID[t.ID] = t
		ids = append(ids, t.ID)
	}
	incs, err := increasesOf(ctx, s.d.DB.Conn(), ids)
	if err != nil {
		return nil, err
	}
	var out []RentChange
	for _, x := range incs {
		if !x.Counts() {
			continue
		}
		t := byID[x.TenancyID]
		from := firstRentDay(t, x.EffectiveOn.Format(time.DateOnly))
		if from == "" {
			continue
		}
		out = append(out, RentChange{TenancyID: t.ID, PropertyID: t.PropertyID, Pence: x.NewPence, Period: x.Period, From: from})
	}
	return out, nil
}

// Dated is a day a notice sets, for the calendar.
type Dated struct {
	Key         string
	Day         string // YYYY-MM-DD
	Title       string // with the address's first line
	What        string // the title without it
	Description string
	PropertyID  string
	Address     string
	Link        string
}

// Dates are the days the notices of a user's tenancies set (as landlord
// or as tenant): each served increase's first day, and the day a tenancy
// ends by the tenant's notice.
func (s *Service) Dates(ctx context.Context, userID string) ([]Dated, error) {
	var tenancies []Tenancy
	landlord := map[string]bool{}
	own, err := s.d.Tenancies.OfLandlord(ctx, userID)
	if err != nil {
		return nil, err
	}
	for _, t := range own {
		landlord[t.ID] = true
	}
	tenancies = append(tenancies, own...)
	if s.d.People != nil {
		if email, _, err := s.d.People.Contact(ctx, userID); err == nil && email != "" {
			theirs, err := s.d.Tenancies.OfTenant(ctx, email)
			if err != nil {
				return nil, err
			}
			tenancies = append(tenancies, theirs...)
		}
	}
	if len(tenancies) == 0 {
		return nil, nil
	}
	byID := map[string]Tenancy{}
	ids := make([]string, 0, len(tenancies))
	for _, t := range tenancies {
		if _, seen := byID[t.ID]; !seen {
			ids = append(ids, t.ID)
		}
		byID[t.ID] = t
	}
	incs, err := increasesOf(ctx, s.d.DB.Conn(), ids)
	if err != nil {
		return nil, err
	}
	ns, err := noticesOf(ctx, s.d.DB.Conn(), ids)
	if err != nil {
		return nil, err
	}
	var out []Dated
	for _, x := range incs {
		if !x.Counts() {
			continue
		}
		t := byID[x.TenancyID]
		link := "/dashboard"
		if landlord[t.ID] {
			link = "/notices?tenancy=" + t.ID
		}
		what := "New rent " + money.Format(x.NewPence) + " " + per(x.Period) + " starts"
		out = append(out, Dated{Key: "rent-increase:" + x.ID, Day: x.EffectiveOn.Format(time.DateOnly),
			Title: what + " - " + firstLine(t.Address), What: what,
			Description: "The rent of " + t.Address + " goes from " + money.Format(x.OldPence) + " to " + money.Format(x.NewPence) + " " + per(x.Period) + " from this day, by the notice served on " + UKDay(*x.ServedOn) + ".",
			PropertyID:  t.PropertyID, Address: t.Address, Link: link})
	}
	for _, n := range ns {
		t := byID[n.TenancyID]
		d := Dated{Key: "tenancy-end:" + n.ID, Day: n.EndOn.Format(time.DateOnly), Title: "Tenancy ends - " + firstLine(t.Address), What: "Tenancy ends",
			Description: n.GivenByName + " gave notice at " + n.GivenAt.In(clock.UK).Format("15:04 on Mon 2 Jan 2006") + ": the tenancy of " + t.Address + " ends on this day.",
			PropertyID:  t.PropertyID, Address: t.Address, Link: "/dashboard"}
		if landlord[t.ID] {
			d.Description += " Start the check-out report from the check-in report before then."
			d.Link = "/notices?tenancy=" + t.ID
		}
		out = append(out, d)
	}
	return out, nil
}

func firstLine(address string) string {
	if i := strings.Index(address, ","); i > 0 {
		return address[:i]
	}
	return address
}

// RentOn is the rent of a tenancy in effect on a day (YYYY-MM-DD) when a
// served increase is in effect by then; ok is false when the agreement's
// rent still applies (the tenant's home shows it).
func (s *Service) RentOn(ctx context.Context, tenancyID, on string) (pence int64, ok bool, err error) {
	d, valid := parseDay(on)
	if !valid {
		return 0, false, nil
	}
	incs, err := increasesOf(ctx, s.d.DB.Conn(), []string{tenancyID})
	if err != nil {
		return 0, false, err
	}
	var from time.Time
	for _, x := range incs {
		if x.Counts() && !x.EffectiveOn.After(d) && x.EffectiveOn.After(from) {
			pence, from, ok = x.NewPence, x.EffectiveOn, true
		}
	}
	return pence, ok, nil
}

// Today is the UK calendar day now (YYYY-MM-DD), by the area's clock.
func (s *Service) Today() string { return s.today().Format(time.DateOnly) }
