package deposit_test

import (
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

		actors := e.Cast(t, h)
		apptest.CheckPermissions(t, actors, []apptest.Endpoint{
			{Name: "GET overview", Do: func(c *apptest.Client) apptest.Response { return c.Get("/api/deposits") }, Expect: map[string]string{
				"owner": "200", "tenant": "200", "joint tenant": "200", "another tenant": "200", "another landlord": "200",
				"stranger": "401 unauthenticated", "admin (landlord account)": "200", "admin (tenant account)": "200"}},
			{Name: "GET one", Do: func(c *apptest.Client) apptest.Response { return c.Get(base) },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
			{Name: "PUT protection", Do: func(c *apptest.Client) apptest.Response { return protect(c, h.TenancyID, valid()) },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "403 landlord_only", "joint tenant": "403 landlord_only"})},
			{Name: "POST certificate", Do: func(c *apptest.Client) apptest.Response {
				return c.Upload(base+"/certificate", "cert.pdf", "application/pdf", pdfFile)
			}, Expect: apptest.Outsiders(map[string]string{"owner": "201", "tenant": "403 landlord_only", "joint tenant": "403 landlord_only"})},
			{Name: "GET certificate", Do: func(c *apptest.Client) apptest.Response { return c.Get(base + "/certificate") },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
			{Name: "GET deductions", Do: func(c *apptest.Client) apptest.Response { return c.Get(base + "/deductions") },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
			{Name: "POST deduction", Do: func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/deductions", map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 100})
			}, Expect: apptest.Outsiders(map[string]string{"owner": "201", "tenant": "403 landlord_only", "joint tenant": "403 landlord_only"})},
			{Name: "POST answer", Do: func(c *apptest.Client) apptest.Response { return answer(c, line["id"].(string), 1, "agree", "") },
				Expect: apptest.Outsiders(map[string]string{"owner": "403 tenant_only", "tenant": "200", "joint tenant": "200"})},
			{Name: "POST quote", Do: func(c *apptest.Client) apptest.Response {
				return c.Upload(lineURL+"/quote", "quote.pdf", "application/pdf", pdfFile)
			}, Expect: apptest.Outsiders(map[string]string{"owner": "201", "tenant": "403 landlord_only", "joint tenant": "403 landlord_only"})},
			{Name: "GET quote", Do: func(c *apptest.Client) apptest.Response { return c.Get(lineURL + "/quote") },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
			{Name: "PUT deduction", Do: func(c *apptest.Client) apptest.Response {
				return c.Do(http.MethodPut, lineURL, map[string]any{"revision": 1, "reason": "damage", "costPence": 20000, "itemType": "carpet", "ageMonths": 60})
			}, Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "403 landlord_only", "joint tenant": "403 landlord_only"})},
			{Name: "DELETE deduction", Do: func(c *apptest.Client) apptest.Response {
				return c.Do(http.MethodDelete, "/api/deposits/lines/"+doomed, nil)
			},
				Expect: apptest.Outsiders(map[string]string{"owner": "204", "tenant": "403 landlord_only", "joint tenant": "403 landlord_only"})},
		}, nil)
		// Only the parties see the tenancy at all.
		for _, a := range actors {
			r := a.C.Get("/api/deposits")
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
