package notices_test

import (
	"context"
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
		olive := e.SignedIn("olive@example.com", apptest.Password, "Tenant")
		other := e.SignedIn("lenny@example.com", apptest.Password, "Landlord")
		admin := e.SignedIn("boss@example.com", apptest.Password, "Landlord")
		adminTenant := e.SignedIn("root@example.com", apptest.Password, "Tenant")
		for _, a := range []string{"boss@example.com", "root@example.com"} {
			if err := e.App.Auth.PromoteToAdmin(context.Background(), a); err != nil {
				t.Fatal(err)
			}
		}
		stranger := e.NewClient()
		// A served increase everyone may try to accept, and a draft only its landlord sees.
		served := propose(t, h, map[string]any{"newRentPence": 126000})["id"].(string)
		serve(t, h, served, map[string]any{"method": "hand", "servedOn": "2026-11-02"})
		if r := h.Lord.Post("/api/notices/rent-increases/"+served+"/withdraw", nil); r.Status != http.StatusOK {
			t.Fatalf("withdraw: %d %s", r.Status, r.Raw)
		}
		draft := propose(t, h, map[string]any{"newRentPence": 126000})["id"].(string)

		type want struct {
			status int
			code   string
		}
		actors := []struct {
			name string
			c    *apptest.Client
		}{
			{"tenant", h.Tom}, {"joint tenant", h.Tess}, {"another tenant", olive}, {"another landlord", other},
			{"stranger", stranger}, {"admin (landlord account)", admin}, {"admin (tenant account)", adminTenant},
			{"owner", h.Lord},
		}
		nobody := map[string]want{"another tenant": {404, "not_found"}, "another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"},
			"admin (landlord account)": {404, "not_found"}, "admin (tenant account)": {404, "not_found"}}
		with := func(m map[string]want) map[string]want {
			out := map[string]want{}
			for k, v := range nobody {
				out[k] = v
			}
			for k, v := range m {
				out[k] = v
			}
			return out
		}
		tenancy := "/api/notices/tenancies/" + h.TenancyID
		for _, ep := range []struct {
			name   string
			do     func(c *apptest.Client) apptest.Response
			expect map[string]want
		}{
			{"GET notices", func(c *apptest.Client) apptest.Response { return c.Get("/api/notices") }, map[string]want{
				"tenant": {200, ""}, "joint tenant": {200, ""}, "another tenant": {200, ""}, "another landlord": {200, ""},
				"stranger": {401, "unauthenticated"}, "admin (landlord account)": {200, ""}, "admin (tenant account)": {200, ""}, "owner": {200, ""}}},
			{"POST propose", func(c *apptest.Client) apptest.Response {
				return c.Post(tenancy+"/rent-increases", map[string]any{"newRentPence": 130000})
			}, with(map[string]want{"tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "owner": {409, "open_increase"}})},
			{"POST serve (a draft)", func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+draft+"/serve", map[string]any{"method": "hand", "servedOn": "2026-11-02"})
			}, with(map[string]want{"tenant": {404, "not_found"}, "joint tenant": {404, "not_found"}, "owner": {200, ""}})},
			{"POST accept (withdrawn)", func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+served+"/accept", nil)
			}, with(map[string]want{"tenant": {409, "not_served"}, "joint tenant": {409, "not_served"}, "owner": {403, "tenant_only"}})},
			{"POST accept (served)", func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+draft+"/accept", nil)
			}, with(map[string]want{"tenant": {200, ""}, "joint tenant": {200, ""}, "owner": {403, "tenant_only"}})},
			{"POST withdraw", func(c *apptest.Client) apptest.Response {
				return c.Post("/api/notices/rent-increases/"+draft+"/withdraw", nil)
			}, with(map[string]want{"tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "owner": {200, ""}})},
			{"POST tenant's notice", func(c *apptest.Client) apptest.Response { return c.Post(tenancy+"/tenant-notice", map[string]any{}) },
				with(map[string]want{"tenant": {201, ""}, "joint tenant": {409, "notice_given"}, "owner": {403, "landlord_cannot_end"}})},
		} {
			for _, a := range actors {
				w, ok := ep.expect[a.name]
				if !ok {
					t.Fatalf("%s: no expectation for %s", ep.name, a.name)
				}
				r := ep.do(a.c)
				if r.Status != w.status || (w.code != "" && r.ErrorCode() != w.code) {
					t.Errorf("%s as %s: %d %s, want %d %s", ep.name, a.name, r.Status, r.Raw, w.status, w.code)
				}
			}
		}
		// Only the parties see the tenancy at all.
		for _, a := range actors {
			r := a.c.Get("/api/notices")
			if r.Status != http.StatusOK {
				continue
			}
			sees := false
			for _, x := range r.Body["tenancies"].([]any) {
				sees = sees || x.(map[string]any)["id"] == h.TenancyID
			}
			party := a.name == "owner" || a.name == "tenant" || a.name == "joint tenant"
			if sees != party {
				t.Errorf("%s sees the tenancy: %v", a.name, sees)
			}
		}
	})
}
