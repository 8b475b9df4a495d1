package repair_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
)

const password = apptest.Password

// household is a Leeds home let to Tom and Tess on an agreement signed by
// everyone (apptest.Household), its landlord Lara, and the agreement's id.
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

// newHousehold lets a Leeds house to Tom and Tess (apptest.NewHousehold:
// the app's clock stays at 2 November 2026, before the tenancy starts).
func newHousehold(t testing.TB, e *apptest.Env) household {
	t.Helper()
	h := e.NewHousehold(nil)
	return household{lord: h.Lord, propertyID: h.PropertyID, tenancyID: h.TenancyID, tom: h.Tom, tess: h.Tess}
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
