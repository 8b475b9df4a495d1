package repair_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
)

const password = "Secret#123"

// household is a Leeds home let to Tom and Tess on an agreement signed by
// everyone, its landlord Lara, and the agreement's id.
type household struct {
	lord       *apptest.Client
	propertyID string
	tenancyID  string
	tom, tess  *apptest.Client
}

func property(t testing.TB, c *apptest.Client, line1, town, postcode string) string {
	t.Helper()
	r := c.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": line1, "town": town, "postcode": postcode, "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create property: %d %s", r.Status, r.Raw)
	}
	return r.Body["property"].(map[string]any)["id"].(string)
}

var agreement = map[string]any{
	"landlord":       map[string]any{"first": "Lara", "last": "Lord"},
	"serviceAddress": map[string]any{"line1": "1 Office Row", "town": "Leeds", "postcode": "LS1 4DY", "country": "United Kingdom"},
	"jurisdiction":   "England",
	"contractType":   "whole",
	"startDate":      "2026-12-01",
	"tenants": []any{
		map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"},
		map[string]any{"first": "Tess", "last": "Tenant", "email": "tess@example.com"},
	},
	"guarantor":        map[string]any{"answer": "no"},
	"occupiers":        map[string]any{"answer": "no"},
	"rentPence":        120000,
	"rentPeriod":       "monthly",
	"firstPaymentDate": "2026-12-01",
	"deposit":          map[string]any{"kind": "standard", "perTenantPence": 60000, "scheme": "Deposit Protection Service"},
	"utilities":        map[string]any{"answer": "no"},
	"scheduleDate":     "2026-11-30",
	"shared":           map[string]any{"answer": "no"},
	"parking":          map[string]any{"answer": "no"},
	"additionalTerms":  map[string]any{"answer": "no"},
	"mortgage":         "no",
}

var steps = []string{"landlord", "serviceAddress", "jurisdiction", "contractType", "termType", "startDate", "noticePeriod", "tenants",
	"guarantor", "occupiers", "rent", "firstPayment", "deposit", "utilities", "schedule", "shared", "parking", "additionalTerms", "mortgage"}

var card = map[string]any{"name": "Lara Lord", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 Office Row", "town": "Leeds", "postcode": "LS1 4DY", "country": "GB"}}

// signCode asks for a signing code and enters it.
func signCode(t testing.TB, e *apptest.Env, c *apptest.Client, email, id string) {
	t.Helper()
	e.Clock.Advance(time.Second) // so the code's e-mail is the newest
	if r := c.Post("/api/contracts/"+id+"/signing/code", nil); r.Status != http.StatusOK {
		t.Fatalf("%s code: %d %s", email, r.Status, r.Raw)
	}
	if r := c.Post("/api/contracts/"+id+"/signing/verify", map[string]any{"code": e.LastCode(email)}); r.Status != http.StatusOK {
		t.Fatalf("%s verify: %d %s", email, r.Status, r.Raw)
	}
}

// newHousehold lets a Leeds house to Tom and Tess: the landlord fills,
// pays for and signs the agreement, both tenants sign (the app's clock
// stays at 2 November 2026, before the tenancy starts).
func newHousehold(t testing.TB, e *apptest.Env) household {
	t.Helper()
	h := household{lord: e.SignedIn("lara@example.com", password, "Landlord")}
	h.propertyID = property(t, h.lord, "12 Park Row", "Leeds", "LS1 5HD")
	r := h.lord.Post("/api/contracts", map[string]any{"propertyId": h.propertyID})
	if r.Status != http.StatusCreated {
		t.Fatalf("draft: %d %s", r.Status, r.Raw)
	}
	h.tenancyID = r.Body["contract"].(map[string]any)["id"].(string)
	for _, s := range steps {
		if r := h.lord.Do(http.MethodPut, "/api/contracts/"+h.tenancyID+"/steps", map[string]any{"step": s, "answers": agreement}); r.Status != http.StatusOK {
			t.Fatalf("step %s: %d %s", s, r.Status, r.Raw)
		}
	}
	r = h.lord.Post("/api/contracts/"+h.tenancyID+"/signing/order", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("order: %d %s", r.Status, r.Raw)
	}
	if r := h.lord.Post("/api/orders/"+r.Body["order"].(map[string]any)["id"].(string)+"/sandbox-payment", card); r.Status != http.StatusOK {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	e.RunJobs() // the receipt's e-mail, before the code's
	signCode(t, e, h.lord, "lara@example.com", h.tenancyID)
	typed := func(name string) map[string]any { return map[string]any{"method": "type", "typed": name} }
	if r := h.lord.Sign("/api/contracts/"+h.tenancyID, typed("Lara Lord")); r.Status != http.StatusOK {
		t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
	}
	e.RunJobs()
	for _, who := range []string{"tom", "tess"} {
		e.Clock.Advance(time.Second)
		c := e.SignedIn(who+"@example.com", password, "Tenant")
		signCode(t, e, c, who+"@example.com", h.tenancyID)
		if r := c.Sign("/api/contracts/"+h.tenancyID, typed(strings.ToUpper(who[:1])+who[1:]+" Tenant")); r.Status != http.StatusOK {
			t.Fatalf("%s signs: %d %s", who, r.Status, r.Raw)
		}
		if who == "tom" {
			h.tom = c
		} else {
			h.tess = c
		}
	}
	e.RunJobs()
	return h
}

// leak is a tenant's report of a dripping tap.
func leak() map[string]any {
	return map[string]any{"category": "bathroom-wc", "answers": map[string]any{"what": "basin-taps", "leaking": "yes"},
		"room": "Bathroom", "description": "The basin's cold tap drips all the time and the cabinet below is wet.",
		"availability": "Weekdays after 4pm", "entryWhenOut": true}
}

// damp is a report of mould.
func damp() map[string]any {
	return map[string]any{"category": "damp-mould", "answers": map[string]any{"where": "one-room", "size": "medium", "health": "no"},
		"room": "Bedroom", "description": "Black mould on the wall behind the wardrobe, spreading."}
}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// report posts a report and answers the repair.
func report(t testing.TB, c *apptest.Client, body map[string]any) map[string]any {
	t.Helper()
	r := c.Post("/api/repairs", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("report: %d %s", r.Status, r.Raw)
	}
	return r.Body["repair"].(map[string]any)
}

// change posts a status change, failing the test unless it is made.
func change(t testing.TB, c *apptest.Client, id string, body map[string]any) map[string]any {
	t.Helper()
	r := c.Post("/api/repairs/"+id+"/status", body)
	if r.Status != http.StatusOK {
		t.Fatalf("change to %v: %d %s", body["status"], r.Status, r.Raw)
	}
	return r.Body["repair"].(map[string]any)
}

// deadlines are a repair's deadlines by rule id.
func deadlines(repair map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, d := range repair["deadlines"].([]any) {
		m := d.(map[string]any)
		out[m["ruleId"].(string)] = m
	}
	return out
}

// uk sets the app's clock to a UK wall-clock moment.
func uk(e *apptest.Env, s string) {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, clock.UK)
	if err != nil {
		panic(err)
	}
	e.Clock.Set(t)
}

// signIn signs a client in again (sessions last 30 days: tests that move
// the clock further sign in anew).
func signIn(t testing.TB, c *apptest.Client, email string) {
	t.Helper()
	if r := c.Post("/api/auth/login", map[string]any{"email": email, "password": password}); r.Status != http.StatusOK {
		t.Fatalf("sign in %s: %d %s", email, r.Status, r.Raw)
	}
}

// sessionOf is the actor of an account, for calling the service directly.
func sessionOf(t testing.TB, e *apptest.Env, email string) session.Actor {
	t.Helper()
	u, err := e.App.Auth.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.Actor()
}
