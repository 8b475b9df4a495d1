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

// The demo tenancy has a finished check-out with proposed deductions
// (issue 45): a signed check-out report compared with its check-in, a
// carpet's damage apportioned by its age (the tenant charged less than
// the cost) and an oven's cleaning charged whole, shown to the landlord
// and to the demo tenant. Seeding again adds nothing, and the tenancy can
// still take a rent increase.
func TestDemoTenancyHasACheckOutWithDeductions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedDeposit(context.Background(), e.App.Auth, e.App.Properties, e.App.Inventory, e.App.Deposits, e.App.Payments, e.App.Mail); err != nil {
			t.Fatal(err)
		}
		lord, tenant := e.NewClient(), e.NewClient()
		for c, a := range map[*apptest.Client]int{lord: 0, tenant: 1} {
			if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[a].Email, "password": demo.Accounts[a].Password}); r.Status != http.StatusOK {
				t.Fatal(r.Raw)
			}
		}
		list := lord.Get("/api/deposits").Body["tenancies"].([]any)
		if len(list) != 1 {
			t.Fatalf("demo deposits: %v", list)
		}
		id := list[0].(map[string]any)["id"].(string)
		for _, c := range []*apptest.Client{lord, tenant} {
			r := c.Get("/api/deposits/tenancies/" + id + "/deductions")
			if r.Status != http.StatusOK {
				t.Fatalf("deductions: %d %s", r.Status, r.Raw)
			}
			lines := r.Body["lines"].([]any)
			if len(lines) != 2 {
				t.Fatalf("demo deductions: %v", lines)
			}
			carpet, oven := lines[0].(map[string]any), lines[1].(map[string]any)
			if carpet["reason"] != "damage" || carpet["lifeMonths"].(float64) == 0 || carpet["chargePence"].(float64) >= carpet["costPence"].(float64) ||
				carpet["item"] != "Lounge: Floor" || carpet["evidence"].(map[string]any)["change"] != "worse" {
				t.Fatalf("the apportioned deduction: %v", carpet)
			}
			if oven["reason"] != "cleaning" || oven["chargePence"] != oven["costPence"] || oven["item"] != "Kitchen: Oven" {
				t.Fatalf("the cleaning: %v", oven)
			}
			if c == lord && r.Body["checkOutText"] == nil {
				t.Fatalf("no signed check-out: %s", r.Raw)
			}
		}
		if r := lord.Post("/api/notices/tenancies/"+id+"/rent-increases", map[string]any{"newRentPence": 190000}); r.Status != http.StatusCreated {
			t.Fatalf("a rent increase on the demo tenancy: %d %s", r.Status, r.Raw)
		}
	})
}
