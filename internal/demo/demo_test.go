package demo_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/demo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

func TestDemoAccountsSignInAndTheLandlordHasOnePublishedProperty(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		// Seeding again (every restart) must not duplicate anything.
		if err := demo.Seed(context.Background(), e.App.Auth, e.App.Properties, e.App.Photos, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		for _, a := range demo.Accounts {
			c := e.NewClient()
			r := c.Post("/api/auth/login", map[string]any{"email": a.Email, "password": a.Password})
			if r.Status != http.StatusOK {
				t.Fatalf("%s cannot sign in: %d %s", a.Email, r.Status, r.Raw)
			}
			props := c.Get("/api/properties").Body["properties"].([]any)
			want := 0
			if a.Email == demo.Accounts[0].Email {
				want = 1
			}
			if len(props) != want {
				t.Fatalf("%s has %d properties, want %d", a.Email, len(props), want)
			}
			if want == 1 && props[0].(map[string]any)["status"] != "Published" {
				t.Fatalf("demo property not published: %v", props[0])
			}
			if want == 1 && len(props[0].(map[string]any)["images"].([]any)) != 2 {
				t.Fatalf("demo property photos: %v", props[0].(map[string]any)["images"])
			}
		}
	})
}

func TestDemoLandlordHasAFinishedDraftAgreement(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedContract(context.Background(), e.App.Auth, e.App.Properties, e.App.Contracts, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add another
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		list := c.Get("/api/contracts?view=draft").Body["contracts"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["step"] != "finished" {
			t.Fatalf("demo drafts: %v", list)
		}
		id := list[0].(map[string]any)["id"].(string)
		if r := c.Get("/api/contracts/" + id + "/document"); r.Status != http.StatusOK {
			t.Fatalf("demo document: %d %s", r.Status, r.Raw)
		}
	})
}

func TestDemoLandlordHasADraftCheckInReport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedReport(context.Background(), e.App.Auth, e.App.Properties, e.App.Inventory, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add another
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		list := c.Get("/api/inventory/reports?view=draft").Body["reports"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["type"] != "Check-in Report" {
			t.Fatalf("demo reports: %v", list)
		}
		data := list[0].(map[string]any)["data"].(map[string]any)
		if len(data["insideProperty"].([]any)) != 2 || len(data["tenantDetails"].([]any)) != 1 {
			t.Fatalf("demo report data: %v", data)
		}
	})
}

func TestDemoLandlordHasBooksWithAnUnpaidMonth(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedWallet(context.Background(), e.App.Auth, e.App.Properties, e.App.Wallet, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add more
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		o := c.Get("/api/wallet/overview?period=3M").Body
		rent := o["rent"].(map[string]any)
		overdue := rent["overdue"].([]any)
		if len(overdue) != 1 || rent["overduePence"] != float64(185_000) {
			t.Fatalf("demo overdue rent: %v", rent)
		}
		if o["loansPence"] != float64(0) || o["recoverablePence"] != float64(12_000) {
			t.Errorf("demo overview: loans %v (the loan is four months old) recoverable %v", o["loansPence"], o["recoverablePence"])
		}
		if n := c.Get("/api/wallet/transactions").Body["total"]; n.(float64) < 15 {
			t.Errorf("demo entries: %v", n)
		}
	})
}
