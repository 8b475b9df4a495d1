package deposit_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// Who may do what, on every endpoint: the owner, another landlord, each
// joint tenant (Tom and Tess), another tenant, a stranger (no session) and
// admins (a landlord account and a tenant account, neither a party): only
// the parties see a tenancy's deposit, everyone else is told it does not
// exist; only the landlord records its protection.
func TestPermissionsOnEveryEndpoint(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
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
		if r := protect(h.Lord, h.TenancyID, valid()); r.Status != http.StatusOK {
			t.Fatalf("protect: %d %s", r.Status, r.Raw)
		}
		base := "/api/deposits/tenancies/" + h.TenancyID
		line := addLine(t, h, carpet)
		lineURL := "/api/deposits/lines/" + line["id"].(string)
		if r := h.Lord.Upload(lineURL+"/quote", "quote.pdf", "application/pdf", pdfFile); r.Status != http.StatusCreated {
			t.Fatalf("quote: %d %s", r.Status, r.Raw)
		}
		doomed := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 100})["id"].(string)

		type want struct {
			status int
			code   string
		}
		actors := []struct {
			name string
			c    *apptest.Client
		}{
			{"tenant", h.Tom}, {"joint tenant", h.Tess}, {"another tenant", olive}, {"another landlord", other},
			{"stranger", stranger}, {"admin (landlord account)", admin}, {"admin (tenant account)", adminTenant}, {"owner", h.Lord},
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
		for _, ep := range []struct {
			name   string
			do     func(c *apptest.Client) apptest.Response
			expect map[string]want
		}{
			{"GET overview", func(c *apptest.Client) apptest.Response { return c.Get("/api/deposits") }, map[string]want{
				"owner": {200, ""}, "tenant": {200, ""}, "joint tenant": {200, ""}, "another tenant": {200, ""}, "another landlord": {200, ""},
				"stranger": {401, "unauthenticated"}, "admin (landlord account)": {200, ""}, "admin (tenant account)": {200, ""}}},
			{"GET one", func(c *apptest.Client) apptest.Response { return c.Get(base) },
				with(map[string]want{"owner": {200, ""}, "tenant": {200, ""}, "joint tenant": {200, ""}})},
			{"PUT protection", func(c *apptest.Client) apptest.Response { return protect(c, h.TenancyID, valid()) },
				with(map[string]want{"owner": {200, ""}, "tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}})},
			{"POST certificate", func(c *apptest.Client) apptest.Response {
				return c.Upload(base+"/certificate", "cert.pdf", "application/pdf", pdfFile)
			}, with(map[string]want{"owner": {201, ""}, "tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}})},
			{"GET certificate", func(c *apptest.Client) apptest.Response { return c.Get(base + "/certificate") },
				with(map[string]want{"owner": {200, ""}, "tenant": {200, ""}, "joint tenant": {200, ""}})},
			{"GET deductions", func(c *apptest.Client) apptest.Response { return c.Get(base + "/deductions") },
				with(map[string]want{"owner": {200, ""}, "tenant": {200, ""}, "joint tenant": {200, ""}})},
			{"POST deduction", func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/deductions", map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 100})
			}, with(map[string]want{"owner": {201, ""}, "tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}})},
			{"POST answer", func(c *apptest.Client) apptest.Response { return answer(c, line["id"].(string), 1, "agree", "") },
				with(map[string]want{"owner": {403, "tenant_only"}, "tenant": {200, ""}, "joint tenant": {200, ""}})},
			{"POST quote", func(c *apptest.Client) apptest.Response {
				return c.Upload(lineURL+"/quote", "quote.pdf", "application/pdf", pdfFile)
			}, with(map[string]want{"owner": {201, ""}, "tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}})},
			{"GET quote", func(c *apptest.Client) apptest.Response { return c.Get(lineURL + "/quote") },
				with(map[string]want{"owner": {200, ""}, "tenant": {200, ""}, "joint tenant": {200, ""}})},
			{"PUT deduction", func(c *apptest.Client) apptest.Response {
				return c.Do(http.MethodPut, lineURL, map[string]any{"revision": 1, "reason": "damage", "costPence": 20000, "itemType": "carpet", "ageMonths": 60})
			}, with(map[string]want{"owner": {200, ""}, "tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}})},
			{"DELETE deduction", func(c *apptest.Client) apptest.Response {
				return c.Do(http.MethodDelete, "/api/deposits/lines/"+doomed, nil)
			},
				with(map[string]want{"owner": {204, ""}, "tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}})},
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
			r := a.c.Get("/api/deposits")
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
