package wallet_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

type fixedProperties []wallet.Property

func (f fixedProperties) Owned(_ context.Context, _ session.Actor, id string) (wallet.Property, error) {
	for _, p := range f {
		if p.ID == id {
			return p, nil
		}
	}
	return wallet.Property{}, nil
}

func (f fixedProperties) Mine(context.Context, session.Actor) ([]wallet.Property, error) {
	return f, nil
}

// The in-memory copy of a landlord's entries follows every change, made on
// this server or on another one sharing the database.
func TestTotalsFollowEveryChangeOnEveryServer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		me := actorOf(t, c)
		ctx := context.Background()
		rules, err := wallet.LoadRules()
		if err != nil {
			t.Fatal(err)
		}
		other := wallet.NewService(wallet.Deps{DB: e.App.DB, Clock: e.Clock, Rules: rules, Files: e.App.Files,
			Properties: fixedProperties{{ID: p[0], Label: "12 Lavender Hill, London"}}})
		servers := map[string]*wallet.Service{"this": e.App.Wallet, "other": other}
		want := int64(0)
		check := func(step string) {
			t.Helper()
			for name, s := range servers {
				o, err := s.Overview(ctx, me, "1M", "all")
				if err != nil || o.Profit.RevenuePence != want {
					t.Errorf("%s, %s server: revenue %d, want %d (%v)", step, name, o.Profit.RevenuePence, want, err)
				}
			}
		}
		check("empty")
		pence := func(n int64) *int64 { return &n }
		in := wallet.Input{Kind: wallet.Income, PropertyID: p[0], Category: "Rent", Description: "Rent", AmountPence: pence(1000),
			Date: "2026-10-20", VAT: wallet.VATNone, Frequency: wallet.OneOff}
		a, err := e.App.Wallet.Create(ctx, me, in)
		if err != nil {
			t.Fatal(err)
		}
		want = 1000
		check("added here")
		in.AmountPence = pence(2500)
		b, err := other.Create(ctx, me, in)
		if err != nil {
			t.Fatal(err)
		}
		want = 3500
		check("added there")
		in.AmountPence, in.Revision = pence(1500), a.Revision
		if _, err := e.App.Wallet.Update(ctx, me, a.ID, in); err != nil {
			t.Fatal(err)
		}
		want = 4000
		check("edited here")
		if err := other.Delete(ctx, me, a.ID); err != nil {
			t.Fatal(err)
		}
		want = 2500
		check("deleted there")
		if err := e.App.Wallet.Delete(ctx, me, b.ID); err != nil {
			t.Fatal(err)
		}
		want = 0
		check("deleted here")
	})
}
