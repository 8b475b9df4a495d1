package deposit_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/deposit"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// checkOutOn is the signed check-out of signedCheckOut, signed on a day.
type checkOutOn struct {
	propertyID, on string
}

func (c checkOutOn) SignedCheckOut(ctx context.Context, landlordID, propertyID string) (deposit.CheckOut, bool, error) {
	co, ok, err := signedCheckOut{c.propertyID}.SignedCheckOut(ctx, landlordID, propertyID)
	co.SignedOn = c.on
	return co, ok, err
}

// signIn signs an existing account in again.
func signIn(t *testing.T, e *apptest.Env, email string) *apptest.Client {
	t.Helper()
	c := e.NewClient()
	if r := c.Post("/api/auth/login", map[string]any{"email": email, "password": apptest.Password}); r.Status != http.StatusOK {
		t.Fatalf("sign in: %d %s", r.Status, r.Raw)
	}
	return c
}

// rent records rent received from the tenants in the landlord's wallet.
func rent(t *testing.T, h apptest.Household, pence int64, on string) {
	t.Helper()
	r := h.Lord.Post("/api/wallet/transactions", map[string]any{"kind": "income", "propertyId": h.PropertyID, "category": "Rent",
		"description": "Rent", "amountPence": pence, "date": on, "vat": "none", "frequency": "one-off",
		"party": map[string]any{"type": "tenant", "person": "Tom Tenant"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("rent: %d %s", r.Status, r.Raw)
	}
}

func proposeArrears(h apptest.Household, typed any) apptest.Response {
	return h.Lord.Post("/api/deposits/tenancies/"+h.TenancyID+"/deductions", map[string]any{"reason": "arrears", "costPence": typed, "note": ""})
}

// Rent arrears are read from the wallet's rent statement, never typed:
// £1,200 a month from 1 December 2026; December's rent recorded on the
// 3rd, January's never; the check-out on 15 January, so February's rent
// (due after it) is not arrears. Before any rent fell due the statement
// shows nothing owed: refused. The typed cost is ignored, a second
// arrears line refused, the arrears count in the over-the-deposit check,
// and an edit reads the statement again (nothing owed once paid: refused).
func TestArrearsFromTheWallet(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		r := proposeArrears(h, 5000)
		if r.Status != http.StatusBadRequest || r.FieldError("reason") != "The wallet's rent statement for this home shows no rent owed up to Mon 2 Nov 2026: there are no rent arrears to deduct." {
			t.Fatalf("nothing owed: %d %s", r.Status, r.Raw)
		}
		e.Clock.Set(time.Date(2027, 2, 10, 9, 0, 0, 0, time.UTC))
		h.Lord = signIn(t, e, "lara@example.com") // the session ran out meanwhile
		e.App.Deposits.UseCheckOuts(checkOutOn{h.PropertyID, "2027-01-15"})
		rent(t, h, 120000, "2026-12-03")
		r = proposeArrears(h, 99)
		if r.Status != http.StatusCreated {
			t.Fatalf("arrears: %d %s", r.Status, r.Raw)
		}
		l := r.Body["line"].(map[string]any)
		st := l["statement"].([]any)
		if l["costPence"].(float64) != 120000 || l["chargePence"].(float64) != 120000 || l["item"] != "Rent due up to Fri 15 Jan 2027" || len(st) != 2 {
			t.Fatalf("line: %v", l)
		}
		dec, jan := st[0].(map[string]any), st[1].(map[string]any)
		if dec["dueText"] != "Tue 1 Dec 2026" || dec["paidText"] != "£1,200.00" || dec["outstandingText"] != "£0.00" ||
			jan["dueText"] != "Fri 1 Jan 2027" || jan["paidText"] != "£0.00" || jan["outstandingText"] != "£1,200.00" {
			t.Fatalf("statement: %v", st)
		}
		if !strings.Contains(l["arithmetic"].(string), "£2,400.00 of rent due, £1,200.00 paid, £1,200.00 owed") {
			t.Fatalf("arithmetic: %v", l["arithmetic"])
		}
		if r := proposeArrears(h, 1); r.Status != http.StatusBadRequest || r.FieldError("reason") != deposit.MsgArrearsTwice {
			t.Fatalf("twice: %d %s", r.Status, r.Raw)
		}
		if r := h.Lord.Post("/api/deposits/tenancies/"+h.TenancyID+"/deductions", carpet); r.Status != http.StatusBadRequest ||
			!strings.Contains(r.FieldError("costPence"), "come to £1,312.50, more than the deposit of £1,200.00") {
			t.Fatalf("over the deposit: %d %s", r.Status, r.Raw)
		}
		// January's rent paid late: the statement owes nothing now.
		rent(t, h, 120000, "2027-02-05")
		id := l["id"].(string)
		r = h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+id, map[string]any{"revision": 1, "reason": "arrears", "costPence": 120000})
		if r.Status != http.StatusBadRequest || !strings.Contains(r.FieldError("reason"), "shows no rent owed up to Fri 15 Jan 2027") {
			t.Fatalf("edit once paid: %d %s", r.Status, r.Raw)
		}
		if r := h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+id, map[string]any{"revision": 1, "reason": "cleaning", "costPence": 100}); r.Status != http.StatusBadRequest ||
			r.FieldError("reason") != deposit.MsgArrearsSwitch {
			t.Fatalf("arrears to cleaning: %d %s", r.Status, r.Raw)
		}
	})
}

// answered proposes the carpet (£112.50 charged) and the oven's cleaning
// (£120): Tom agrees the carpet and disputes the oven, Tess agrees both.
func answeredHousehold(t *testing.T, e *apptest.Env) apptest.Household {
	t.Helper()
	h := ended(t, e)
	e.App.Deposits.UseCheckOuts(checkOutOn{h.PropertyID, "2026-10-30"})
	c := addLine(t, h, carpet)
	oven := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 12000})
	for _, x := range []struct {
		c        *apptest.Client
		id, a, w string
	}{{h.Tom, c["id"].(string), "agree", ""}, {h.Tom, oven["id"].(string), "dispute", "It was clean."}, {h.Tess, c["id"].(string), "agree", ""}} {
		if r := answer(x.c, x.id, 1, x.a, x.w); r.Status != http.StatusOK {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
	}
	return h
}

func recordReturn(c *apptest.Client, id, on string) apptest.Response {
	return c.Post("/api/deposits/tenancies/"+id+"/return", map[string]any{"returnedOn": on})
}

// depositEntries are the landlord's wallet entries booked by the deposit.
func depositEntries(t *testing.T, h apptest.Household) []map[string]any {
	t.Helper()
	r := h.Lord.Get("/api/wallet/transactions")
	if r.Status != http.StatusOK {
		t.Fatalf("wallet: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	for _, x := range r.Body["items"].([]any) {
		id := x.(map[string]any)["transaction"].(map[string]any)["id"].(string)
		r := h.Lord.Get("/api/wallet/transactions/" + id) // the list leaves out where an entry came from
		if r.Status != http.StatusOK {
			t.Fatalf("entry: %d %s", r.Status, r.Raw)
		}
		tr := r.Body["transaction"].(map[string]any)
		if src, ok := tr["source"].(map[string]any); ok && src["kind"] == "deposit" {
			out = append(out, tr)
		}
	}
	return out
}

// The return: refused until every tenant has answered every line, on a
// day in the future or before the check-out; then recorded once: the
// disputed £120 held, the agreed £112.50 kept, £967.50 returned (£483.75
// each), shown to the landlord and each tenant, each tenant e-mailed once,
// and booked in the wallet once per source (the kept deductions as income,
// the deposit returned as capital), linked back to the deposit, even when
// the job runs again. The deductions cannot change after it.
func TestTheReturnBookedOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		e.App.Deposits.UseCheckOuts(checkOutOn{h.PropertyID, "2026-10-30"})
		c := addLine(t, h, carpet)
		if r := recordReturn(h.Lord, h.TenancyID, "2026-11-01"); r.Status != http.StatusConflict || r.ErrorMessage() != deposit.MsgNotAnswered {
			t.Fatalf("unanswered: %d %s", r.Status, r.Raw)
		}
		if d := deductions(t, h.Lord, h.TenancyID); d["canReturn"] != false {
			t.Fatalf("can return before the answers: %v", d["canReturn"])
		}
		oven := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 12000})
		for _, x := range []struct {
			c        *apptest.Client
			id, a, w string
		}{{h.Tom, c["id"].(string), "agree", ""}, {h.Tom, oven["id"].(string), "dispute", "It was clean."}, {h.Tess, c["id"].(string), "agree", ""},
			{h.Tess, oven["id"].(string), "agree", ""}} {
			if r := answer(x.c, x.id, 1, x.a, x.w); r.Status != http.StatusOK {
				t.Fatalf("answer: %d %s", r.Status, r.Raw)
			}
		}
		d := deductions(t, h.Lord, h.TenancyID)
		if d["canReturn"] != true || d["returnFrom"] != "2026-10-30" || d["today"] != "2026-11-02" {
			t.Fatalf("the form: %v %v %v", d["canReturn"], d["returnFrom"], d["today"])
		}
		for _, x := range []struct{ on, msg string }{
			{"", deposit.MsgReturnedOn}, {"2026-11-03", deposit.MsgReturnFuture},
			{"2026-10-29", "The deposit cannot have been returned before the check-out (Fri 30 Oct 2026)."},
		} {
			if r := recordReturn(h.Lord, h.TenancyID, x.on); r.Status != http.StatusBadRequest || r.FieldError("returnedOn") != x.msg {
				t.Fatalf("%q: %d %s", x.on, r.Status, r.Raw)
			}
		}
		r := recordReturn(h.Lord, h.TenancyID, "2026-11-02")
		if r.Status != http.StatusOK {
			t.Fatalf("return: %d %s", r.Status, r.Raw)
		}
		ret := r.Body["return"].(map[string]any)
		if ret["returnedText"] != "£967.50" || ret["keptText"] != "£112.50" || ret["heldText"] != "£120.00" || ret["returnedOnText"] != "Mon 2 Nov 2026" ||
			!strings.Contains(ret["note"].(string), "£120.00 of disputed deductions is held until the scheme's free dispute service decides") {
			t.Fatalf("return: %v", ret)
		}
		if r.Body["canReturn"] != false {
			t.Fatal("can return twice")
		}
		for _, who := range []*apptest.Client{h.Tom, h.Tess} {
			ret := deductions(t, who, h.TenancyID)["return"].(map[string]any)
			shares := ret["shares"].([]any)
			if len(shares) != 2 || shares[0].(map[string]any)["returnedText"] != "£483.75" || shares[1].(map[string]any)["heldText"] != "£60.00" {
				t.Fatalf("a tenant's view: %v", ret)
			}
		}
		if r := recordReturn(h.Lord, h.TenancyID, "2026-11-02"); r.Status != http.StatusConflict || r.ErrorMessage() != deposit.MsgReturned {
			t.Fatalf("again: %d %s", r.Status, r.Raw)
		}
		if r := answer(h.Tom, oven["id"].(string), 1, "agree", ""); r.Status != http.StatusConflict || r.ErrorMessage() != deposit.MsgFrozen {
			t.Fatalf("answer after the return: %d %s", r.Status, r.Raw)
		}
		if r := h.Lord.Post("/api/deposits/tenancies/"+h.TenancyID+"/deductions", carpet); r.Status != http.StatusConflict {
			t.Fatalf("add after the return: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		// The job again (a retry after a crash): nothing more.
		if err := e.App.Jobs.Enqueue(context.Background(), e.App.DB.Conn(), "deposit.return.book", map[string]string{"tenancyId": h.TenancyID}, 1); err != nil {
			t.Fatal(err)
		}
		e.RunJobs()
		entries := depositEntries(t, h)
		if len(entries) != 2 {
			t.Fatalf("entries: %v", entries)
		}
		byCat := map[string]map[string]any{}
		for _, x := range entries {
			byCat[x["category"].(string)] = x
			if x["source"].(map[string]any)["link"] != "/deposits?tenancy="+h.TenancyID || x["date"] != "2026-11-02" {
				t.Fatalf("entry: %v", x)
			}
		}
		kept, back := byCat["Deposit deductions kept"], byCat["Deposit returned to tenants"]
		if kept == nil || kept["kind"] != "income" || kept["amountPence"].(float64) != 11250 || kept["box"] != "20" {
			t.Fatalf("kept: %v", kept)
		}
		if back == nil || back["kind"] != "expense" || back["amountPence"].(float64) != 96750 || back["box"] != "notAllowable" || back["taxDeductible"] != false {
			t.Fatalf("returned: %v", back)
		}
		// The deposit returned is neither income nor an expense: the profit
		// counts only the deductions kept.
		ov := h.Lord.Get("/api/wallet/overview?period=1M")
		profit := ov.Body["profit"].(map[string]any)
		if ov.Status != http.StatusOK || profit["revenuePence"].(float64) != 11250 || profit["expensesPence"].(float64) != 0 {
			t.Fatalf("overview: %d %v", ov.Status, profit)
		}
		for _, who := range []string{"tom@example.com", "tess@example.com"} {
			msgs, err := e.App.Mail.Outbox(context.Background(), who, 100)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, m := range msgs {
				if m.Subject == "Your deposit return was recorded" {
					n++
					if !strings.Contains(m.Text, "Your share returned: £483.75.") || strings.Contains(m.Text, h.TenancyID) {
						t.Fatalf("e-mail: %s", m.Text)
					}
				}
			}
			if n != 1 {
				t.Fatalf("%s e-mailed %d times", who, n)
			}
		}
	})
}

// Two returns fired together: one recorded, the other refused; and the
// job run by two workers at once books each entry once. Each round starts
// again from no return (the wallet's entries stay: a later round's job
// finds them booked).
func TestTwoReturnsAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := answeredHousehold(t, e)
		oven := deductions(t, h.Lord, h.TenancyID)["lines"].([]any)[1].(map[string]any)["id"].(string)
		if r := answer(h.Tess, oven, 1, "agree", ""); r.Status != http.StatusOK {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		racetest.Rounds(t, 15, func(t *testing.T, round int) {
			res := racetest.Together(2, func(int) apptest.Response { return recordReturn(h.Lord, h.TenancyID, "2026-11-02") })
			ok := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusOK })
			refused := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusConflict && r.ErrorCode() == "returned" })
			if ok != 1 || refused != 1 {
				t.Fatalf("round %d: %d %s / %d %s", round, res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			if err := e.App.Jobs.Enqueue(context.Background(), e.App.DB.Conn(), "deposit.return.book", map[string]string{"tenancyId": h.TenancyID}, 1); err != nil {
				t.Fatal(err)
			}
			racetest.Together(2, func(int) error { _, err := e.App.Jobs.RunOnce(context.Background()); return err })
			e.RunJobs()
			if n := len(depositEntries(t, h)); n != 2 {
				t.Fatalf("round %d: %d entries", round, n)
			}
			if _, err := e.App.DB.Conn().Exec(context.Background(), `DELETE FROM deposit_returns WHERE tenancy_id = ?`, h.TenancyID); err != nil {
				t.Fatal(err)
			}
		})
	})
}

// Who may record the return: only the owner; each joint tenant is
// refused, everyone else is told the tenancy does not exist.
func TestReturnPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := answeredHousehold(t, e)
		oven := deductions(t, h.Lord, h.TenancyID)["lines"].([]any)[1].(map[string]any)["id"].(string)
		if r := answer(h.Tess, oven, 1, "agree", ""); r.Status != http.StatusOK {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		actors := e.Cast(t, h)
		apptest.CheckPermissions(t, actors, []apptest.Endpoint{{Name: "POST return",
			Do:     func(c *apptest.Client) apptest.Response { return recordReturn(c, h.TenancyID, "2026-11-02") },
			Expect: apptest.Outsiders(map[string]string{"tenant": "403 landlord_only", "joint tenant": "403 landlord_only", "owner": "200"})},
		}, nil)
		if r := recordReturn(h.Lord, h.TenancyID, "2026-11-02"); r.Status != http.StatusConflict || r.ErrorCode() != "returned" {
			t.Errorf("owner again: %d %s, want 409 returned", r.Status, r.Raw)
		}
		// Only the parties see the recorded return.
		for _, a := range actors {
			party := a.Name == "owner" || a.Name == "tenant" || a.Name == "joint tenant"
			if r := a.C.Get("/api/deposits/tenancies/" + h.TenancyID + "/deductions"); !party && r.Status != http.StatusNotFound && a.Name != "stranger" {
				t.Errorf("%s sees the deductions: %d", a.Name, r.Status)
			}
		}
	})
}
