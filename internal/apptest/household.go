package apptest

import (
	"net/http"
	"strings"
	"time"
)

// Password is the households' accounts' password.
const Password = "Secret#123"

// Household is a Leeds home let to Tom and Tess on an agreement signed by
// everyone: its landlord Lara, the property and the agreement's ids.
type Household struct {
	Lord       *Client
	Tom, Tess  *Client
	PropertyID string
	TenancyID  string
}

// Agreement is the household's agreement, every wizard step answered:
// England, £1,200 a month from 1 December 2026, the rent due on the 1st.
func Agreement() map[string]any {
	return map[string]any{
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
}

var wizardSteps = []string{"landlord", "serviceAddress", "jurisdiction", "contractType", "termType", "startDate", "noticePeriod", "tenants",
	"guarantor", "occupiers", "rent", "firstPayment", "deposit", "utilities", "schedule", "shared", "parking", "additionalTerms", "mortgage"}

var sandboxCard = map[string]any{"name": "Lara Lord", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 Office Row", "town": "Leeds", "postcode": "LS1 4DY", "country": "GB"}}

// signCode asks for a signing code and enters it.
func (e *Env) signCode(c *Client, email, id string) {
	e.T.Helper()
	e.Clock.Advance(time.Second) // so the code's e-mail is the newest
	if r := c.Post("/api/contracts/"+id+"/signing/code", nil); r.Status != http.StatusOK {
		e.T.Fatalf("%s code: %d %s", email, r.Status, r.Raw)
	}
	if r := c.Post("/api/contracts/"+id+"/signing/verify", map[string]any{"code": e.LastCode(email)}); r.Status != http.StatusOK {
		e.T.Fatalf("%s verify: %d %s", email, r.Status, r.Raw)
	}
}

// NewHousehold lets a Leeds house (12 Park Row) to Tom and Tess on
// answers (Agreement() when nil): the landlord fills, pays for and signs
// the agreement, both tenants sign, and the jobs run (the clock stays
// where it was, give or take seconds).
func (e *Env) NewHousehold(answers map[string]any) Household {
	e.T.Helper()
	if answers == nil {
		answers = Agreement()
	}
	h := Household{Lord: e.SignedIn("lara@example.com", Password, "Landlord")}
	r := h.Lord.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": "12 Park Row", "town": "Leeds", "postcode": "LS1 5HD", "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("create property: %d %s", r.Status, r.Raw)
	}
	h.PropertyID = r.Body["property"].(map[string]any)["id"].(string)
	r = h.Lord.Post("/api/contracts", map[string]any{"propertyId": h.PropertyID})
	if r.Status != http.StatusCreated {
		e.T.Fatalf("draft: %d %s", r.Status, r.Raw)
	}
	h.TenancyID = r.Body["contract"].(map[string]any)["id"].(string)
	for _, s := range wizardSteps {
		if r := h.Lord.Do(http.MethodPut, "/api/contracts/"+h.TenancyID+"/steps", map[string]any{"step": s, "answers": answers}); r.Status != http.StatusOK {
			e.T.Fatalf("step %s: %d %s", s, r.Status, r.Raw)
		}
	}
	r = h.Lord.Post("/api/contracts/"+h.TenancyID+"/signing/order", nil)
	if r.Status != http.StatusOK {
		e.T.Fatalf("order: %d %s", r.Status, r.Raw)
	}
	if r := h.Lord.Post("/api/orders/"+r.Body["order"].(map[string]any)["id"].(string)+"/sandbox-payment", sandboxCard); r.Status != http.StatusOK {
		e.T.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	e.RunJobs() // the receipt's e-mail, before the code's
	e.signCode(h.Lord, "lara@example.com", h.TenancyID)
	typed := func(name string) map[string]any { return map[string]any{"method": "type", "typed": name} }
	if r := h.Lord.Sign("/api/contracts/"+h.TenancyID, typed("Lara Lord")); r.Status != http.StatusOK {
		e.T.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
	}
	e.RunJobs()
	for _, who := range []string{"tom", "tess"} {
		e.Clock.Advance(time.Second)
		c := e.SignedIn(who+"@example.com", Password, "Tenant")
		e.signCode(c, who+"@example.com", h.TenancyID)
		if r := c.Sign("/api/contracts/"+h.TenancyID, typed(strings.ToUpper(who[:1])+who[1:]+" Tenant")); r.Status != http.StatusOK {
			e.T.Fatalf("%s signs: %d %s", who, r.Status, r.Raw)
		}
		if who == "tom" {
			h.Tom = c
		} else {
			h.Tess = c
		}
	}
	e.RunJobs()
	return h
}
