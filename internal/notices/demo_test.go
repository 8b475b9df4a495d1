package notices_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/demo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The demo tenancy can take an increase: let since four months ago, its
// landlord can prepare and serve one today, to take effect on the first
// rent day 52 weeks after the start (the page gives that limit as the
// reason); its tenant then sees it.
func TestTheDemoTenancyCanTakeAnIncrease(t *testing.T) {
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), func(c *config.Config) { c.SeedDemo = true })
	if err := demo.SeedTenancy(context.Background(), e.App.Auth, e.App.Properties, e.App.Contracts, e.App.Signing, e.App.Payments, e.App.Mail, clock.NewPinnable(e.Clock)); err != nil {
		t.Fatal(err)
	}
	lord, tenant := e.NewClient(), e.NewClient()
	for c, a := range map[*apptest.Client]int{lord: 0, tenant: 1} {
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[a].Email, "password": demo.Accounts[a].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
	}
	list := lord.Get("/api/notices").Body["tenancies"].([]any)
	if len(list) != 1 {
		t.Fatalf("the demo landlord has %d signed tenancies", len(list))
	}
	ten := list[0].(map[string]any)
	start, _ := time.Parse(time.DateOnly, ten["startDate"].(string))
	want := start.AddDate(1, 0, 0).Format(time.DateOnly) // the 1st: 52 weeks on is the 31st before, the next rent day the 1st
	next := ten["nextIncrease"].(map[string]any)
	if ten["canPropose"] != true || next["date"] != want {
		t.Fatalf("the demo tenancy from %s: next increase %v, want %s", ten["startDate"], next, want)
	}
	r := lord.Post("/api/notices/tenancies/"+ten["id"].(string)+"/rent-increases", map[string]any{"newRentPence": 190000})
	if r.Status != http.StatusCreated {
		t.Fatalf("propose: %d %s", r.Status, r.Raw)
	}
	id := r.Body["increase"].(map[string]any)["id"].(string)
	today := e.Clock.Now().In(clock.UK).Format(time.DateOnly)
	if r := lord.Post("/api/notices/rent-increases/"+id+"/serve", map[string]any{"method": "hand", "servedOn": today}); r.Status != http.StatusOK {
		t.Fatalf("serve: %d %s", r.Status, r.Raw)
	}
	seen := tenant.Get("/api/notices").Body["tenancies"].([]any)[0].(map[string]any)["increases"].([]any)
	if len(seen) != 1 || seen[0].(map[string]any)["effectiveOn"] != want {
		t.Fatalf("the demo tenant sees %v", seen)
	}
}
