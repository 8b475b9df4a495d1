package repair_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/repair"
)

// Who may do what, on every endpoint: the tenants of the home (Tom and his
// joint tenant Tess), another tenant, the owner, another landlord, a
// stranger (no session), and admins (a landlord account and a tenant
// account, neither a party): only the parties see a repair, everyone else
// is told it does not exist; each side may make only its own changes.
func TestPermissionsOnEveryEndpoint(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		olive := e.SignedIn("olive@example.com", password, "Tenant")
		other := e.SignedIn("lenny@example.com", password, "Landlord")
		property(t, other, "3 Elm Street", "Leeds", "LS6 1AA")
		admin := e.SignedIn("boss@example.com", password, "Landlord")
		adminTenant := e.SignedIn("root@example.com", password, "Tenant")
		for _, a := range []string{"boss@example.com", "root@example.com"} {
			if err := e.App.Auth.PromoteToAdmin(context.Background(), a); err != nil {
				t.Fatal(err)
			}
		}
		stranger := e.NewClient()
		vulnerable := with(damp(), "vulnerability", map[string]any{"groups": []any{"respiratory"}, "consent": true})
		id := report(t, h.tom, vulnerable)["id"].(string)
		base := "/api/repairs/" + id

		type want struct {
			status int
			code   string
		}
		actors := []struct {
			name string
			c    *apptest.Client
		}{
			{"tenant of the home", h.tom}, {"joint tenant", h.tess}, {"another tenant", olive}, {"another landlord", other},
			{"stranger", stranger}, {"admin (landlord account)", admin}, {"admin (tenant account)", adminTenant},
			{"owner", h.lord}, // last: some of its requests change the repair
		}
		for _, ep := range []struct {
			name   string
			do     func(c *apptest.Client) apptest.Response
			expect map[string]want
		}{
			{"GET form", func(c *apptest.Client) apptest.Response { return c.Get("/api/repairs/form") }, map[string]want{
				"tenant of the home": {200, ""}, "joint tenant": {200, ""}, "another tenant": {200, ""}, "another landlord": {200, ""},
				"stranger": {401, "unauthenticated"}, "admin (landlord account)": {200, ""}, "admin (tenant account)": {200, ""}, "owner": {200, ""}}},
			{"GET list", func(c *apptest.Client) apptest.Response { return c.Get("/api/repairs") }, map[string]want{
				"tenant of the home": {200, ""}, "joint tenant": {200, ""}, "another tenant": {200, ""}, "another landlord": {200, ""},
				"stranger": {401, "unauthenticated"}, "admin (landlord account)": {200, ""}, "admin (tenant account)": {200, ""}, "owner": {200, ""}}},
			{"POST report", func(c *apptest.Client) apptest.Response {
				return c.Post("/api/repairs", with(leak(), "propertyId", h.propertyID, "awareAt", "", "channel", ""))
			}, map[string]want{
				"tenant of the home": {201, ""}, "joint tenant": {201, ""}, "another tenant": {403, "no_home"},
				"another landlord": {400, "invalid"}, "stranger": {401, "unauthenticated"}, "admin (landlord account)": {400, "invalid"},
				"admin (tenant account)": {403, "no_home"}, "owner": {400, "invalid"}}}, // the owner must say when they were told
			{"GET repair", func(c *apptest.Client) apptest.Response { return c.Get(base) }, map[string]want{
				"tenant of the home": {200, ""}, "joint tenant": {200, ""}, "another tenant": {404, "not_found"}, "another landlord": {404, "not_found"},
				"stranger": {401, "unauthenticated"}, "admin (landlord account)": {404, "not_found"}, "admin (tenant account)": {404, "not_found"}, "owner": {200, ""}}},
			{"POST message", func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/messages", map[string]any{"body": "When can someone come?"})
			}, map[string]want{
				"tenant of the home": {201, ""}, "joint tenant": {201, ""}, "another tenant": {404, "not_found"}, "another landlord": {404, "not_found"},
				"stranger": {401, "unauthenticated"}, "admin (landlord account)": {404, "not_found"}, "admin (tenant account)": {404, "not_found"}, "owner": {201, ""}}},
			{"POST notice", func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/notices", map[string]any{"ruleId": "ALL-URGENT", "reason": "The damp specialist is booked up.",
					"expectedBy": "2026-12-20", "mitigation": "A dehumidifier is on its way."})
			}, map[string]want{
				"tenant of the home": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "another tenant": {404, "not_found"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin (landlord account)": {404, "not_found"},
				"admin (tenant account)": {404, "not_found"}, "owner": {201, ""}}},
			{"POST status (triage)", func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/status", map[string]any{"status": "triaged", "priority": "urgent"})
			}, map[string]want{
				"tenant of the home": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "another tenant": {404, "not_found"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin (landlord account)": {404, "not_found"},
				"admin (tenant account)": {404, "not_found"}, "owner": {200, ""}}},
			{"POST status (tenant's confirmation)", func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/status", map[string]any{"status": "verified"})
			}, map[string]want{
				"tenant of the home": {409, "bad_transition"}, "joint tenant": {409, "bad_transition"}, "another tenant": {404, "not_found"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin (landlord account)": {404, "not_found"},
				"admin (tenant account)": {404, "not_found"}, "owner": {403, "tenant_only"}}},
			{"DELETE vulnerability", func(c *apptest.Client) apptest.Response { return c.Do(http.MethodDelete, base+"/vulnerability", nil) },
				map[string]want{
					"joint tenant": {200, ""}, "tenant of the home": {409, "no_vulnerability"}, // Tess withdrew it first
					"another tenant": {404, "not_found"}, "another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"},
					"admin (landlord account)": {404, "not_found"}, "admin (tenant account)": {404, "not_found"}, "owner": {403, "tenant_only"}}},
		} {
			order := actors
			if ep.name == "DELETE vulnerability" { // Tess first
				order = append([]struct {
					name string
					c    *apptest.Client
				}{actors[1], actors[0]}, actors[2:]...)
			}
			for _, a := range order {
				w, ok := ep.expect[a.name]
				if !ok {
					t.Fatalf("%s: no expectation for %s", ep.name, a.name)
				}
				r := ep.do(a.c)
				if r.Status != w.status || (w.code != "" && r.ErrorCode() != w.code) {
					t.Errorf("%s by %s: %d %s, want %d %s", ep.name, a.name, r.Status, r.Raw, w.status, w.code)
				}
				if r.Status == http.StatusNotFound && r.ErrorMessage() != repair.MsgNotFound {
					t.Errorf("%s by %s: message %q", ep.name, a.name, r.ErrorMessage())
				}
			}
		}
		// What each list holds: the parties see the repair, no one else.
		for _, a := range actors {
			if a.c == stranger {
				continue
			}
			list := a.c.Get("/api/repairs").Body["repairs"].([]any)
			mine := 0
			for _, it := range list {
				if it.(map[string]any)["id"] == id {
					mine++
				}
			}
			party := a.c == h.tom || a.c == h.tess || a.c == h.lord
			if (mine == 1) != party {
				t.Errorf("%s's list holds the repair %d times", a.name, mine)
			}
		}
		// The landlord sees the vulnerability the tenant shared (until
		// withdrawn: Tess withdrew it above).
		if v := h.lord.Get(base).Body["repair"].(map[string]any)["vulnerability"].([]any); len(v) != 0 {
			t.Errorf("withdrawn vulnerability still shown: %v", v)
		}
	})
}
