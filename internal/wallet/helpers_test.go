package wallet_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
)

func at(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

var addresses = []map[string]any{
	{"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom"},
	{"addrFirstLine": "3 Park Row", "town": "Leeds", "postcode": "LS1 5HD", "country": "United Kingdom"},
}

// landlord signs up a landlord with n properties.
func landlord(t testing.TB, e *apptest.Env, email string, n int) (*apptest.Client, []string) {
	t.Helper()
	c := e.SignedIn(email, "Secret#123", "Landlord")
	var ids []string
	for i := range n {
		a := map[string]any{}
		for k, v := range addresses[i%len(addresses)] {
			a[k] = v
		}
		r := c.Post("/api/properties", map[string]any{"address": a})
		if r.Status != http.StatusCreated {
			t.Fatalf("create property: %d %s", r.Status, r.Raw)
		}
		ids = append(ids, r.Body["property"].(map[string]any)["id"].(string))
	}
	return c, ids
}

// entry is a form with sensible defaults for its kind, changed by the pairs.
func entry(kind, propertyID, category string, pence int64, date string, kv ...any) map[string]any {
	m := map[string]any{"kind": kind, "propertyId": propertyID, "category": category, "description": category + " " + date,
		"amountPence": pence, "date": date}
	if kind != "loan" {
		m["vat"], m["frequency"], m["taxDeductible"] = "none", "one-off", true
		m["party"] = map[string]any{"type": "vendor", "person": "Ace Ltd", "orderNumber": "A-1"}
	}
	if kind == "expense" {
		m["paid"] = true
	}
	if kind == "loan" {
		m["lenderName"], m["tenureYears"] = "Big Bank", 2
	}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func add(t testing.TB, c *apptest.Client, m map[string]any) map[string]any {
	t.Helper()
	r := c.Post("/api/wallet/transactions", m)
	if r.Status != http.StatusCreated {
		t.Fatalf("add %v: %d %s", m, r.Status, r.Raw)
	}
	return r.Body["transaction"].(map[string]any)
}

// expectRent sets a property's expected rent by hand.
func expectRent(t testing.TB, c *apptest.Client, propertyID string, pence int64, period, firstDue string) {
	t.Helper()
	r := c.Do(http.MethodPut, "/api/wallet/properties/"+propertyID+"/rent", map[string]any{"rentPence": pence, "rentPeriod": period, "firstDueDate": firstDue})
	if r.Status != http.StatusOK {
		t.Fatalf("set the rent: %d %s", r.Status, r.Raw)
	}
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// upload PUTs a file as the multipart field "file".
func upload(t testing.TB, c *apptest.Client, path, filename, ctype string, data []byte) apptest.Response {
	t.Helper()
	return c.SendForm(http.MethodPut, path, apptest.Form{Filename: filename, ContentType: ctype, Data: data})
}
