package notices_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// Who may do what, on every endpoint: the owner, another landlord, each
// joint tenant (Tom and Tess), another tenant, a stranger (no session) and
// admins (a landlord account and a tenant account, neither a party): only
// the parties see a tenancy's notices, everyone else is told it does not
// exist; each side may do only its own part.
func TestPermissionsOnEveryEndpoint(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		// A served increase everyone may try to accept, and a draft only its landlord sees.
		served := propose(t, h, map[string]any{"newRentPence": 126000})["id"].(string)
		serve(t, h, served, map[string]any{"method": "hand", "servedOn": "2026-11-02"})
		if r := h.Lord.Post("/api/notices/rent-increases/"+served+"/withdraw", nil); r.Status != http.StatusOK {
			t.Fatalf("withdraw: %d %s", r.Status, r.Raw)
		}
		draft := propose(t, h, map[string]any{"newRentPence": 126000})["id"].(string)

		actors := e.Cast(t, h)
		tenancy := "/api/notices/tenancies/" + h.TenancyID
		apptest.CheckPermissions(t, actors, []apptest.Endpoint{
			{Name: "GET notices", Do: func(c *apptest.Client) apptest.Response { return c.Get("/api/notices") }, Expect: map[string]string{
				"tenant": "200", "joint tenant": "200", "another tenant": "200", "another landlord": "200",
				"stranger": "401 unauthenticated", "admin (landlord account)": "200", "admin (tenant account)": "200", "owner": "200"}},
			{Name: "POST propose", Do: func(c *apptest.Client) apptest.Response {
				return c.Post(tenancy+"/rent-increases", map[string]any{"newRentPence": 130000})
			}, Expect: apptest.Outsiders(map[string]string{"tenant": "403 landlord_only", "joint tenant": "403 landlord_only", "owner": "409 open_increase"})},
			{Name: "POST serve (a draft)", Do: func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+draft+"/serve", map[string]any{"method": "hand", "servedOn": "2026-11-02"})
			}, Expect: apptest.Outsiders(map[string]string{"tenant": "404 not_found", "joint tenant": "404 not_found", "owner": "200"})},
			{Name: "POST accept (withdrawn)", Do: func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+served+"/accept", nil)
			}, Expect: apptest.Outsiders(map[string]string{"tenant": "409 not_served", "joint tenant": "409 not_served", "owner": "403 tenant_only"})},
			{Name: "POST accept (served)", Do: func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+draft+"/accept", nil)
			}, Expect: apptest.Outsiders(map[string]string{"tenant": "200", "joint tenant": "200", "owner": "403 tenant_only"})},
			{Name: "POST withdraw", Do: func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+draft+"/withdraw", nil)
			}, Expect: apptest.Outsiders(map[string]string{"tenant": "403 landlord_only", "joint tenant": "403 landlord_only", "owner": "200"})},
			{Name: "POST tenant's notice", Do: func(c *apptest.Client) apptest.Response { return c.Post(tenancy+"/tenant-notice", map[string]any{}) },
				Expect: apptest.Outsiders(map[string]string{"tenant": "201", "joint tenant": "409 notice_given", "owner": "403 landlord_cannot_end"})},
		}, nil)
		// Only the parties see the tenancy at all.
		for _, a := range actors {
			r := a.C.Get("/api/notices")
			if r.Status != http.StatusOK {
				continue
			}
			sees := false
			for _, x := range r.Body["tenancies"].([]any) {
				sees = sees || x.(map[string]any)["id"] == h.TenancyID
			}
			party := a.Name == "owner" || a.Name == "tenant" || a.Name == "joint tenant"
			if sees != party {
				t.Errorf("%s sees the tenancy: %v", a.Name, sees)
			}
		}
	})
}
