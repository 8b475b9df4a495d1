package contract_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
)

var address = map[string]any{"address": map[string]any{
	"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom",
}}

func landlordWithProperty(t testing.TB, e *apptest.Env, email string) (*apptest.Client, string) {
	t.Helper()
	c := e.SignedIn(email, "Secret#123", "Landlord")
	r := c.Post("/api/properties", address)
	if r.Status != http.StatusCreated {
		t.Fatalf("create property: %d %s", r.Status, r.Raw)
	}
	return c, r.Body["property"].(map[string]any)["id"].(string)
}

func newDraft(t testing.TB, c *apptest.Client, propertyID string) map[string]any {
	t.Helper()
	r := c.Post("/api/contracts", map[string]any{"propertyId": propertyID})
	if r.Status != http.StatusCreated {
		t.Fatalf("create contract: %d %s", r.Status, r.Raw)
	}
	return r.Body["contract"].(map[string]any)
}

// answers is a complete England agreement for two tenants with a guarantor.
func answers() map[string]any {
	return map[string]any{
		"landlord":       map[string]any{"first": "Lara", "last": "Lord"},
		"serviceAddress": map[string]any{"line1": "1 Office Row", "town": "London", "postcode": "SW1A 1AA", "country": "United Kingdom"},
		"jurisdiction":   "England",
		"contractType":   "whole",
		"startDate":      "2026-12-01",
		"tenants": []any{
			map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"},
			map[string]any{"first": "Tess", "last": "Tenant", "email": "tess@example.com"},
		},
		"guarantor":        map[string]any{"answer": "yes", "first": "Gus", "last": "Guarantor", "email": "gus@example.com"},
		"occupiers":        map[string]any{"answer": "no"},
		"rentPence":        150000,
		"rentPeriod":       "monthly",
		"firstPaymentDate": "2026-12-01",
		"deposit":          map[string]any{"kind": "standard", "perTenantPence": 80000, "scheme": "Deposit Protection Service"},
		"utilities":        map[string]any{"answer": "yes", "items": []any{"Water"}},
		"scheduleDate":     "2026-11-30",
		"shared":           map[string]any{"answer": "no"},
		"parking":          map[string]any{"answer": "no"},
		"additionalTerms":  map[string]any{"answer": "no"},
		"mortgage":         "no",
	}
}

func step(c *apptest.Client, id, name string, a map[string]any) apptest.Response {
	return c.Do(http.MethodPut, "/api/contracts/"+id+"/steps", map[string]any{"step": name, "answers": a})
}

var path = []string{"landlord", "serviceAddress", "jurisdiction", "contractType", "termType", "startDate", "noticePeriod", "tenants",
	"guarantor", "occupiers", "rent", "firstPayment", "deposit", "utilities", "schedule", "shared", "parking", "additionalTerms", "mortgage"}

// finish answers every step of a draft.
func finish(t testing.TB, c *apptest.Client, id string, a map[string]any) {
	t.Helper()
	for _, s := range path {
		if r := step(c, id, s, a); r.Status != http.StatusOK {
			t.Fatalf("step %s: %d %s", s, r.Status, r.Raw)
		}
	}
}

func with(a map[string]any, key string, v any) map[string]any {
	out := map[string]any{}
	for k, x := range a {
		out[k] = x
	}
	out[key] = v
	return out
}

func TestWizardRulesOnTheServer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "lord@example.com")
		draft := newDraft(t, c, pid)
		id := draft["id"].(string)
		if draft["jurisdiction"] != "England" || draft["step"] != "landlord" || draft["status"] != "Draft" || draft["paymentStatus"] != "PENDING" {
			t.Fatalf("new draft: %v", draft)
		}
		a := answers()
		for _, tc := range []struct {
			step, field, msg string
			answers          map[string]any
		}{
			{"landlord", "landlord", "Provide a landlord name or company", with(a, "landlord", map[string]any{"first": "Lara"})},
			{"serviceAddress", "serviceAddress.line1", "Please add an address", with(a, "serviceAddress", map[string]any{"town": "X", "postcode": "Y"})},
			{"serviceAddress", "serviceAddress.town", "Please add a town", with(a, "serviceAddress", map[string]any{"line1": "X", "postcode": "Y"})},
			{"serviceAddress", "serviceAddress.postcode", "Please add a post code", with(a, "serviceAddress", map[string]any{"line1": "X", "town": "Y"})},
			{"roomLocation", "roomLocation", "Please provide the room location", with(a, "contractType", "room")},
			{"startDate", "startDate", "Please enter a starting date", with(a, "startDate", "")},
			{"startDate", "startDate", "OmniRent builds agreements for tenancies in England that start on or after 1 May 2026. Choose a start date on or after that day.", with(a, "startDate", "2026-04-30")},
			{"tenants", "tenants.0.first", "Please provide a first name", with(a, "tenants", []any{map[string]any{"last": "T", "email": "t@example.com"}})},
			{"tenants", "tenants.0.last", "Please provide a last name", with(a, "tenants", []any{map[string]any{"first": "T", "email": "t@example.com"}})},
			{"tenants", "tenants.0.email", "Please provide a valid email", with(a, "tenants", []any{map[string]any{"first": "T", "last": "T", "email": "t@"}})},
			{"guarantor", "guarantor.email", "Please provide a valid email", with(a, "guarantor", map[string]any{"answer": "yes", "first": "G", "last": "G", "email": "nope"})},
			{"rent", "rentPence", "Please fill the form correctly", with(a, "rentPence", 0)},
			{"rent", "rentPeriod", contract.MsgRentPeriod, with(a, "rentPeriod", "quarterly")},
			{"rent", "rentPeriod", contract.MsgRentPeriod, with(a, "rentPeriod", "four-weekly")},
			{"firstPayment", "firstPaymentDate", "Please provide a date", with(a, "firstPaymentDate", "")},
			{"firstPayment", "firstPaymentDate", "The first payment cannot be due more than one month before the tenancy starts: rent in advance is capped at one month.", with(a, "firstPaymentDate", "2026-10-15")},
			// The spec's "Other" scheme: the law approves three, and no other
			// (law.depositScheme). Before, "Landlord's own savings account" was
			// accepted and printed in the agreement.
			{"deposit", "deposit.scheme", "In England a deposit must be protected in a government-approved scheme: the Deposit Protection Service, mydeposits or the Tenancy Deposit Scheme. Choose one of them.",
				with(a, "deposit", map[string]any{"kind": "standard", "perTenantPence": 1000, "scheme": "Other", "schemeOther": "Landlord's own savings account"})},
			{"deposit", "deposit.perTenantPence", "This deposit is more than the legal cap of £1,730.76 (5 weeks' rent) under the Tenant Fees Act 2019. In England a landlord may not take more.",
				with(a, "deposit", map[string]any{"kind": "standard", "perTenantPence": 90000, "scheme": "My Deposits"})},
			{"utilities", "utilities.other", "Please specify", with(a, "utilities", map[string]any{"answer": "yes", "items": []any{"Other"}})},
			{"schedule", "scheduleDate", "Please fill the form correctly", with(a, "scheduleDate", "soon")},
			{"shared", "shared", "Please provide the shared facilities", with(a, "shared", map[string]any{"answer": "yes", "facilities": "kitchen, ,garden"})},
			{"parking", "parking.spaces", "Please fill the form correctly", with(a, "parking", map[string]any{"answer": "yes", "spaces": 0, "type": "Garage", "location": "rear"})},
			{"parking", "parking.type", "Please specify...", with(a, "parking", map[string]any{"answer": "yes", "spaces": 1, "type": "Other", "location": "rear"})},
			{"additionalTerms", "additionalTerms", "Please provide the additional terms", with(a, "additionalTerms", map[string]any{"answer": "yes", "text": map[string]any{"ops": []any{map[string]any{"insert": "  \n"}}}})},
			{"jurisdiction", "jurisdiction", "This property's postcode (SW11 5RW) is in England, so the law of England applies to it: this answer cannot be changed.", with(a, "jurisdiction", "Wales")},
		} {
			if tc.step == "roomLocation" {
				tc.answers["roomLocation"] = ""
			}
			r := step(c, id, tc.step, tc.answers)
			if r.Status != http.StatusBadRequest || r.FieldError(tc.field) != tc.msg {
				t.Errorf("%s/%s: %d %q, want %q (%s)", tc.step, tc.field, r.Status, r.FieldError(tc.field), tc.msg, r.Raw)
			}
		}
		// Duplicate tenant e-mails are not added.
		dup := with(a, "tenants", []any{
			map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"},
			map[string]any{"first": "Tom", "last": "Again", "email": "TOM@example.com"},
		})
		if r := step(c, id, "tenants", dup); r.Status != 200 || len(r.Body["contract"].(map[string]any)["answers"].(map[string]any)["tenants"].([]any)) != 1 {
			t.Errorf("duplicate tenant: %d %s", r.Status, r.Raw)
		}
	})
}

func TestBuildLeaveComeBackEditDuplicate(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, c, pid)["id"].(string)
		a := answers()
		for _, s := range path[:8] {
			if r := step(c, id, s, a); r.Status != 200 {
				t.Fatalf("%s: %d %s", s, r.Status, r.Raw)
			}
		}
		// Closing the browser loses nothing: the draft reopens where it was left.
		got := c.Get("/api/contracts/" + id).Body["contract"].(map[string]any)
		if got["step"] != "guarantor" || got["libraryVersion"] != "england-assured-periodic-2026-05" {
			t.Fatalf("reopened at %v (%v)", got["step"], got["libraryVersion"])
		}
		// The back arrow removes the latest step.
		if r := c.Post("/api/contracts/"+id+"/back", nil); r.Body["contract"].(map[string]any)["step"] != "tenants" {
			t.Fatalf("back: %s", r.Raw)
		}
		finish(t, c, id, a)
		doc := c.Get("/api/contracts/" + id + "/document")
		if doc.Status != 200 {
			t.Fatalf("document: %d %s", doc.Status, doc.Raw)
		}
		text := docText(doc.Body["document"].(map[string]any))
		for _, want := range []string{"Assured Periodic Tenancy Agreement", "Tom Tenant and Tess Tenant", "£1,500.00 per month",
			"section 13 of the Housing Act 1988", "Gus Guarantor", "12 Lavender Hill, London, SW11 5RW", "two months' notice"} {
			if !strings.Contains(text, want) {
				t.Errorf("document lacks %q", want)
			}
		}
		for _, never := range []string{"section 21", "Section 21", "assured shorthold", "fixed term of"} {
			if strings.Contains(text, never) {
				t.Errorf("document says %q", never)
			}
		}
		// The landlord edits the parties section; a changed rent keeps the edit.
		edit := map[string]any{"text": map[string]any{"ops": []any{
			map[string]any{"insert": "Our own words about the parties.", "attributes": map[string]any{"bold": true, "link": "https://evil.example", "color": "red"}},
			map[string]any{"insert": map[string]any{"image": "data:image/png;base64,AAAA"}},
			map[string]any{"insert": "\n"},
		}}}
		if r := c.Do(http.MethodPut, "/api/contracts/"+id+"/sections/parties", edit); r.Status != 200 {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := step(c, id, "rent", with(a, "rentPence", 160000)); r.Status != 200 {
			t.Fatalf("rent change: %d %s", r.Status, r.Raw)
		}
		doc = c.Get("/api/contracts/" + id + "/document")
		text = docText(doc.Body["document"].(map[string]any))
		if !strings.Contains(text, "Our own words about the parties.") || !strings.Contains(text, "£1,600.00 per month") || strings.Contains(text, "evil") {
			t.Errorf("after rent change: %s", text)
		}
		// Duplicating copies the answers and edits, not the status.
		r := c.Post("/api/contracts/"+id+"/duplicate", nil)
		dupl := r.Body["contract"].(map[string]any)
		if r.Status != 201 || dupl["status"] != "Draft" || dupl["paymentStatus"] != "PENDING" || dupl["id"] == id || dupl["duplicate"] != true {
			t.Fatalf("duplicate: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/contracts/"+dupl["id"].(string)+"/skip", nil); r.Status != 200 || r.Body["contract"].(map[string]any)["step"] != "finished" {
			t.Fatalf("skip: %d %s", r.Status, r.Raw)
		}
		if list := c.Get("/api/contracts?view=draft").Body["contracts"].([]any); len(list) != 2 {
			t.Errorf("drafts: %d", len(list))
		}
		// Drafts can be deleted.
		if r := c.Do(http.MethodDelete, "/api/contracts/"+dupl["id"].(string), nil); r.Status != 204 {
			t.Errorf("delete: %d %s", r.Status, r.Raw)
		}
	})
}

func docText(doc map[string]any) string {
	var b strings.Builder
	b.WriteString(doc["title"].(string) + "\n")
	for _, s := range doc["sections"].([]any) {
		for _, bl := range s.(map[string]any)["blocks"].([]any) {
			for _, r := range bl.(map[string]any)["runs"].([]any) {
				b.WriteString(r.(map[string]any)["text"].(string))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Who may see or change an agreement: its landlord; a tenant once it is
// sent to their e-mail (read only); nobody else, admins included.
func TestWhoMaySeeAnAgreement(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, answers())
		other, _ := landlordWithProperty(t, e, "other@example.com")
		tenant := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		stranger := e.NewClient()
		admin := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		check := func(when string, sent bool) {
			for _, tc := range []struct {
				who        string
				c          *apptest.Client
				read, edit int
			}{
				{"owner", owner, 200, 200},
				{"other landlord", other, 404, 404},
				{"tenant of the record", tenant, map[bool]int{false: 404, true: 200}[sent], map[bool]int{false: 404, true: 403}[sent]},
				{"stranger", stranger, 401, 401},
				{"admin", admin, 404, 404},
			} {
				if r := tc.c.Get("/api/contracts/" + id); r.Status != tc.read {
					t.Errorf("%s, %s: read %d, want %d", when, tc.who, r.Status, tc.read)
				}
				if r := tc.c.Get("/api/contracts/" + id + "/document"); r.Status != tc.read {
					t.Errorf("%s, %s: document %d, want %d", when, tc.who, r.Status, tc.read)
				}
				if tc.who == "owner" {
					continue
				}
				if r := step(tc.c, id, "landlord", answers()); r.Status != tc.edit {
					t.Errorf("%s, %s: edit %d, want %d", when, tc.who, r.Status, tc.edit)
				}
				if r := tc.c.Do(http.MethodDelete, "/api/contracts/"+id, nil); r.Status != tc.edit {
					t.Errorf("%s, %s: delete %d, want %d", when, tc.who, r.Status, tc.edit)
				}
				if r := tc.c.Post("/api/contracts/"+id+"/duplicate", nil); r.Status != map[bool]int{true: 404, false: tc.edit}[tc.edit == 403] && !(tc.who == "stranger" && r.Status == 401) {
					t.Errorf("%s, %s: duplicate %d", when, tc.who, r.Status)
				}
			}
			if n := len(tenant.Get("/api/contracts?view=awaiting").Body["contracts"].([]any)); n != map[bool]int{false: 0, true: 1}[sent] {
				t.Errorf("%s: tenant's awaiting list has %d", when, n)
			}
			if n := len(other.Get("/api/contracts?view=draft").Body["contracts"].([]any)); n != 0 {
				t.Errorf("%s: other landlord's drafts has %d", when, n)
			}
		}
		check("draft", false)
		// The landlord pays, signs and sends.
		pay(t, owner, id)
		verify(t, e, owner, "lord@example.com", id)
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != 200 {
			t.Fatalf("sign and send: %d %s", r.Status, r.Raw)
		}
		check("sent", true)
		// A tenant cannot create agreements.
		if r := tenant.Post("/api/contracts", map[string]any{"propertyId": pid}); r.Status != 403 {
			t.Errorf("tenant create: %d", r.Status)
		}
		// A landlord cannot start one on another landlord's property.
		if r := other.Post("/api/contracts", map[string]any{"propertyId": pid}); r.Status != 404 {
			t.Errorf("other's property: %d", r.Status)
		}
	})
}
