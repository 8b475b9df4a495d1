package app

import (
	"context"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/repair"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

// The repairs area's contractors and visits (issue 44) reach the calendar,
// the wallet and the accounts through these.

// EnsureVisit puts a confirmed visit in a calendar (category Maintenance),
// once per id (calendar.EnsureEvent); repairCalendar is in
// repairs_evidence.go.
func (r repairCalendar) EnsureVisit(ctx context.Context, owner session.Actor, id string, v repair.CalendarVisit) error {
	_, err := r.c.EnsureEvent(ctx, owner, id, calendar.Input{Category: "Maintenance", Title: v.Title, Description: v.Description,
		Location: calendar.Location{Address: v.Address}, Date: v.Date, StartTime: v.StartTime, EndTime: v.EndTime,
		Frequency: calendar.OneOff, Alert: "1 day"})
	return err
}

// repairWallet books a repair job's invoice as the landlord's maintenance
// and repairs cost, once per job (wallet.RecordExternal).
type repairWallet struct{ w *wallet.Service }

// RepairCategory is the wallet's expense category of repair invoices (data/categories.yaml).
const RepairCategory = "Maintenance and repairs costs"

func (r repairWallet) RecordRepairCost(ctx context.Context, c repair.RepairCost) (string, error) {
	return r.w.RecordExternal(ctx, wallet.External{Source: wallet.Source{Kind: "repair", ID: c.SourceID, Label: c.Label, Link: c.Link},
		LandlordID: c.LandlordID, PropertyID: c.PropertyID, Category: RepairCategory, Description: c.Description, Vendor: c.Vendor,
		AmountPence: c.AmountPence, Date: c.Date, Invoice: c.File})
}

// repairAccounts gives the actor of an account (for the calendars a job makes).
type repairAccounts struct{ a *auth.Service }

func (r repairAccounts) ActorByID(ctx context.Context, id string) (session.Actor, error) {
	u, err := r.a.UserByID(ctx, id)
	if err != nil {
		return session.Actor{}, err
	}
	return u.Actor(), nil
}

func (r repairAccounts) ActorByEmail(ctx context.Context, email string) (session.Actor, error) {
	u, err := r.a.UserByEmail(ctx, email)
	if err != nil {
		return session.Actor{}, err
	}
	return u.Actor(), nil
}
