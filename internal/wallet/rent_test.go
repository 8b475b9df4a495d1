package wallet_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

var card = map[string]any{"name": "Lara Lord", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 High Street", "town": "London", "postcode": "SW11 5RW", "country": "GB"}}

// sendAgreement makes, pays for and signs (as the landlord) an agreement
// for the property with rent due monthly on the 1st from 1 December
// 2026: it is then sent to its tenant.
func sendAgreement(t *testing.T, e *apptest.Env, c *apptest.Client, email, propertyID string, rentPence int64) {
	t.Helper()
	r := c.Post("/api/contracts", map[string]any{"propertyId": propertyID})
	if r.Status != http.StatusCreated {
		t.Fatalf("contract: %d %s", r.Status, r.Raw)
	}
	id := obj(r.Body["contract"])["id"].(string)
	a := map[string]any{
		"landlord":         map[string]any{"first": "Lara", "last": "Lord"},
		"serviceAddress":   map[string]any{"line1": "1 Office Row", "town": "London", "postcode": "SW1A 1AA", "country": "United Kingdom"},
		"jurisdiction":     "England",
		"contractType":     "whole",
		"startDate":        "2026-12-01",
		"tenants":          []any{map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"}},
		"guarantor":        map[string]any{"answer": "no"},
		"occupiers":        map[string]any{"answer": "no"},
		"rentPence":        rentPence,
		"rentPeriod":       "monthly",
		"firstPaymentDate": "2026-12-01",
		"deposit":          map[string]any{"kind": "standard", "perTenantPence": 80000, "scheme": "Deposit Protection Service"},
		"utilities":        map[string]any{"answer": "no"},
		"scheduleDate":     "2026-11-30",
		"shared":           map[string]any{"answer": "no"},
		"parking":          map[string]any{"answer": "no"},
		"additionalTerms":  map[string]any{"answer": "no"},
		"mortgage":         "no",
	}
	for _, s := range []string{"landlord", "serviceAddress", "jurisdiction", "contractType", "termType", "startDate", "noticePeriod", "tenants",
		"guarantor", "occupiers", "rent", "firstPayment", "deposit", "utilities", "schedule", "shared", "parking", "additionalTerms", "mortgage"} {
		if r := c.Do(http.MethodPut, "/api/contracts/"+id+"/steps", map[string]any{"step": s, "answers": a}); r.Status != http.StatusOK {
			t.Fatalf("step %s: %d %s", s, r.Status, r.Raw)
		}
	}
	r = c.Post("/api/contracts/"+id+"/signing/order", nil)
	if r.Status != 200 {
		t.Fatalf("order: %d %s", r.Status, r.Raw)
	}
	if r := c.Post("/api/orders/"+obj(r.Body["order"])["id"].(string)+"/sandbox-payment", card); r.Status != 200 {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	e.Clock.Advance(time.Second)
	if r := c.Post("/api/contracts/"+id+"/signing/code", nil); r.Status != 200 {
		t.Fatalf("code: %d %s", r.Status, r.Raw)
	}
	if r := c.Post("/api/contracts/"+id+"/signing/verify", map[string]any{"code": e.LastCode(email)}); r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Raw)
	}
	if r := c.Sign("/api/contracts/"+id, map[string]any{"method": "type", "typed": "Lara Lord"}); r.Status != 200 {
		t.Fatalf("sign: %d %s", r.Status, r.Raw)
	}
}

func actorOf(t testing.TB, c *apptest.Client) session.Actor {
	t.Helper()
	r := c.Get("/api/auth/me")
	u := obj(r.Body["user"])
	if u == nil {
		u = r.Body
	}
	id, _ := u["id"].(string)
	if id == "" {
		t.Fatalf("me: %s", r.Raw)
	}
	return session.Actor{UserID: id, UserType: session.Landlord}
}

// Rent due on the 1st under a sent agreement, recorded on the 3rd, and
// not recorded the next month: overdue on the 2nd by a day, paid from the
// 3rd, and January's overdue with its days.
func TestRentOverdueFromAnAgreement(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2026-11-20 09:00"))
		c, p := landlord(t, e, "lord@example.com", 2)
		sendAgreement(t, e, c, "lord@example.com", p[0], 150000)
		me := actorOf(t, c)
		w := e.App.Wallet
		ctx := context.Background()

		cards, err := w.Properties(ctx, me, "1M")
		if err != nil {
			t.Fatal(err)
		}
		byID := map[string]int{}
		for i, pc := range cards.Properties {
			byID[pc.PropertyID] = i
		}
		first, second := cards.Properties[byID[p[0]]], cards.Properties[byID[p[1]]]
		if first.RentSource != "agreement" || first.NextDue == nil || first.NextDue.Date != "2026-12-01" || first.NextDue.AmountPence != 150000 {
			t.Errorf("before the first due date: %+v %+v", first, first.NextDue)
		}
		if second.RentSource != "none" || second.TransactionCount != 0 {
			t.Errorf("property without an agreement: %+v", second)
		}

		e.Clock.Set(at("2026-12-01 18:00"))
		o, err := w.Overview(ctx, me, "1M", "all")
		if err != nil || o.Rent.OverduePence != 0 || o.Rent.DuePence != 150000 {
			t.Errorf("on the due date nothing is overdue yet: %+v %v", o.Rent, err)
		}
		e.Clock.Set(at("2026-12-02 09:00"))
		o, _ = w.Overview(ctx, me, "1M", "all")
		if o.Rent.OverduePence != 150000 || len(o.Rent.Overdue) != 1 || o.Rent.Overdue[0].DaysOverdue != 1 || o.Rent.Overdue[0].DueDate != "2026-12-01" {
			t.Errorf("the day after: %+v", o.Rent)
		}
		e.Clock.Set(at("2026-12-03 10:00"))
		add(t, c, entry("income", p[0], "Rent", 150000, "2026-12-03", "party", map[string]any{"type": "tenant", "person": "Tom Tenant"}))
		o, _ = w.Overview(ctx, me, "1M", "all")
		if o.Rent.OverduePence != 0 || o.Rent.PaidPence != 150000 {
			t.Errorf("paid on the 3rd: %+v", o.Rent)
		}
		// Rent of another category or property does not pay it.
		add(t, c, entry("income", p[0], "Utilities", 150000, "2026-12-20"))
		add(t, c, entry("income", p[1], "Rent", 150000, "2026-12-20"))

		e.Clock.Set(at("2027-01-10 09:00"))
		o, _ = w.Overview(ctx, me, "1M", "all")
		if o.Rent.OverduePence != 150000 || len(o.Rent.Overdue) != 1 {
			t.Fatalf("January not paid: %+v", o.Rent)
		}
		od := o.Rent.Overdue[0]
		if od.DueDate != "2027-01-01" || od.DaysOverdue != 9 || od.OutstandingPence != 150000 || od.PropertyID != p[0] || od.PropertyLabel != "12 Lavender Hill, London" {
			t.Errorf("overdue: %+v", od)
		}
		cards, _ = w.Properties(ctx, me, "3M")
		first = cards.Properties[byID[p[0]]]
		if first.RentDuePence != 300000 || first.RentPaidPence != 150000 || first.RentOverduePence != 150000 || first.NextDue.Date != "2027-02-01" {
			t.Errorf("card: %+v", first)
		}
		// Part of January paid: the rest stays overdue. (The browser's
		// session has lapsed by now: the service is asked directly.)
		part := int64(100000)
		if _, err := w.Create(ctx, me, wallet.Input{Kind: wallet.Income, PropertyID: p[0], Category: "Rent", Description: "January, part",
			AmountPence: &part, Date: "2027-01-10", VAT: wallet.VATNone, Frequency: wallet.OneOff}); err != nil {
			t.Fatal(err)
		}
		o, _ = w.Overview(ctx, me, "1M", "all")
		if o.Rent.OverduePence != 50000 || o.Rent.Overdue[0].OutstandingPence != 50000 || o.Rent.Overdue[0].AmountPence != 150000 {
			t.Errorf("part paid: %+v", o.Rent)
		}
	})
}

// A landlord without agreements sets a property's expected rent by hand.
func TestExpectedRentByHand(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		path := "/api/wallet/properties/" + p[0] + "/rent"
		if r := c.Do(http.MethodPut, path, map[string]any{"rentPence": 40000, "rentPeriod": "fortnightly", "firstDueDate": "2026-10-05"}); r.Status != 400 || r.FieldError("rentPeriod") == "" {
			t.Errorf("bad period: %d %s", r.Status, r.Raw)
		}
		if r := c.Do(http.MethodPut, path, map[string]any{"rentPence": 40000, "rentPeriod": "weekly", "firstDueDate": "2026-10-05", "endDate": ""}); r.Status != 200 {
			t.Fatalf("set: %d %s", r.Status, r.Raw)
		}
		// Mondays from 5 October: four fell due before today (2 November), two are paid.
		add(t, c, entry("income", p[0], "Rent", 80000, "2026-10-06"))
		o := overview(t, c, "1M", "all")
		rent := obj(o["rent"])
		if num(rent["overduePence"]) != 2*40000 || len(list(rent["overdue"])) != 2 {
			t.Errorf("weekly rent overdue: %v", rent)
		}
		pc := obj(list(c.Get("/api/wallet/properties?period=1M").Body["properties"])[0])
		if pc["rentSource"] != "manual" || num(obj(pc["expectedRent"])["rentPence"]) != 40000 || num(pc["transactionCount"]) != 1 {
			t.Errorf("card: %v", pc)
		}
		other, op := landlord(t, e, "other@example.com", 1)
		if r := other.Do(http.MethodPut, path, map[string]any{"rentPence": 1, "rentPeriod": "weekly", "firstDueDate": "2026-10-05"}); r.Status != 404 {
			t.Errorf("another landlord's property: %d", r.Status)
		}
		if r := c.Do(http.MethodDelete, "/api/wallet/properties/"+op[0]+"/rent", nil); r.Status != 404 {
			t.Errorf("delete on another's property: %d", r.Status)
		}
		if r := c.Do(http.MethodDelete, path, nil); r.Status != 204 {
			t.Errorf("delete: %d", r.Status)
		}
		if rent := obj(overview(t, c, "1M", "all")["rent"]); num(rent["overduePence"]) != 0 {
			t.Errorf("after delete: %v", rent)
		}
	})
}

// Rent recorded for the property long before its rent first fell due (a
// former tenant's, years ago) does not pay the rent due now; rent paid a
// few days ahead of the first due date does.
func TestOldRentDoesNotPayNewRent(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2026-11-20 09:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		add(t, c, entry("income", p[0], "Rent", 90000, "2024-01-01", "frequency", "monthly", "endDate", "2024-12-31"))
		expectRent(t, c, p[0], 100000, "monthly", "2026-10-01")
		rent := obj(overview(t, c, "1M", "all")["rent"])
		if num(rent["overduePence"]) != 2*100000 || len(list(rent["overdue"])) != 2 {
			t.Errorf("October and November unpaid, whatever 2024's rent: %v", rent)
		}
		add(t, c, entry("income", p[0], "Rent", 100000, "2026-09-25"))
		rent = obj(overview(t, c, "1M", "all")["rent"])
		if num(rent["overduePence"]) != 100000 || obj(list(rent["overdue"])[0])["dueDate"] != "2026-11-01" {
			t.Errorf("October paid in advance: %v", rent)
		}
	})
}

// Issue 26: after recording November's rent with October's unpaid, the
// page still said "£1,200.00 due 1 Nov ... 25 days overdue" without saying
// why: payments settle the oldest rent still owed first. The overview now
// says which due date each payment settled, and states the rule.
func TestRentPaymentsSayWhatTheySettled(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2026-11-26 09:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		expectRent(t, c, p[0], 120000, "monthly", "2026-10-01")
		nov := add(t, c, entry("income", p[0], "Rent", 120000, "2026-11-26", "description", "November rent"))
		e.Clock.Advance(time.Minute) // recorded after it, the same day
		part := add(t, c, entry("income", p[0], "Rent", 150000, "2026-11-26", "description", "More rent"))
		rent := obj(overview(t, c, "1M", "all")["rent"])
		if rent["rule"] != wallet.MsgRentRule {
			t.Errorf("rule: %v", rent["rule"])
		}
		pays := list(rent["payments"])
		if len(pays) != 2 {
			t.Fatalf("payments: %v", rent["payments"])
		}
		byID := map[string]map[string]any{}
		for _, p := range pays {
			byID[obj(p)["transactionId"].(string)] = obj(p)
		}
		first, second := byID[nov["id"].(string)], byID[part["id"].(string)]
		// Oldest first: "November rent" settled October's; the next £1,500
		// settled November's and £300 of December's, due after today.
		if s := list(first["settles"]); len(s) != 1 || obj(s[0])["dueDate"] != "2026-10-01" || num(obj(s[0])["pence"]) != 120000 {
			t.Errorf("first payment settled %v", first["settles"])
		}
		s := list(second["settles"])
		if len(s) != 2 || obj(s[0])["dueDate"] != "2026-11-01" || num(obj(s[0])["pence"]) != 120000 ||
			obj(s[1])["dueDate"] != "2026-12-01" || num(obj(s[1])["pence"]) != 30000 {
			t.Errorf("second payment settled %v", second["settles"])
		}
		// Consistent with the rule: nothing is overdue.
		if num(rent["overduePence"]) != 0 || len(list(rent["overdue"])) != 0 {
			t.Errorf("overdue after both: %v", rent)
		}
	})
}

// Three years of rent can be thousands of payments: the overview lists the
// newest 50, as it does recent entries, and says how many there are.
func TestRentPaymentsListTheNewestAndCountAll(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2026-11-26 09:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		expectRent(t, c, p[0], 10000, "weekly", "2025-11-03")
		start := at("2025-11-03 09:00")
		for i := range 56 {
			add(t, c, entry("income", p[0], "Rent", 10000, start.AddDate(0, 0, 7*i).Format("2006-01-02"), "description", fmt.Sprintf("Week %d", i+1)))
		}
		rent := obj(overview(t, c, "3Y", "all")["rent"])
		pays := list(rent["payments"])
		if num(rent["paymentsTotal"]) != 56 || len(pays) != 50 {
			t.Fatalf("%d payments listed of %v, want 50 of 56", len(pays), rent["paymentsTotal"])
		}
		if d := obj(pays[0])["description"]; d != "Week 56" {
			t.Errorf("first listed: %v, want the newest (Week 56)", d)
		}
		if d := obj(pays[49])["description"]; d != "Week 7" {
			t.Errorf("last listed: %v, want Week 7", d)
		}
	})
}
