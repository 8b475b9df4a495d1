package payment_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/promo"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// counter is a product domain that counts how often it was asked to fulfil.
type counter struct{ n atomic.Int32 }

func (c *counter) Fulfil(context.Context, db.Conn, payment.Order) error { c.n.Add(1); return nil }

type shop struct {
	e       *apptest.Env
	buyer   *apptest.Client
	fulfils *counter
}

const buyerEmail = "buyer@example.com"

// promoAdmin manages the test's promo codes (the promo service checks the role).
var promoAdmin = apptest.Admin

func open(t *testing.T, e *apptest.Env) shop {
	t.Helper()
	c := e.SignedIn(buyerEmail, "Secret#123", "Landlord")
	f := &counter{}
	e.App.Payments.Register("test-order", f)
	ctx := context.Background()
	for _, code := range []promo.Input{
		{Code: "HALF", Active: true, Discount: 50, StartDate: "2026-01-01", EndDate: "2026-12-31"},
		{Code: "TEN", Active: true, Discount: 10, StartDate: "2026-01-01", EndDate: "2026-12-31"},
		{Code: "FREE", Active: true, Discount: 100, StartDate: "2026-01-01", EndDate: "2026-12-31"},
		{Code: "GONE", Active: true, Discount: 30, StartDate: "2025-01-01", EndDate: "2025-12-31"},
		{Code: "PAUSED", Active: false, Discount: 30, StartDate: "2026-01-01", EndDate: "2026-12-31"},
	} {
		if _, err := e.App.Promos.Create(ctx, promoAdmin, code); err != nil {
			t.Fatal(err)
		}
	}
	return shop{e: e, buyer: c, fulfils: f}
}

// order makes a pending order of n reference checks for the buyer.
func (s shop) order(t *testing.T, n int) string {
	t.Helper()
	u, err := s.e.App.Auth.UserByEmail(context.Background(), buyerEmail)
	if err != nil {
		t.Fatal(err)
	}
	var o payment.Order
	err = s.e.App.DB.Tx(context.Background(), func(tx db.Conn) error {
		items := make([]payment.Item, n)
		for i := range items {
			items[i] = payment.Item{Product: refcheck.InstantCheck, Description: "renter", Qty: 1}
		}
		o, err = s.e.App.Payments.NewOrder(context.Background(), tx, payment.Buyer{ID: u.ID, Email: u.Email}, "test-order", "subject", items)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return o.ID
}

func total(r apptest.Response) (pence, percentOff float64) {
	o, _ := r.Body["order"].(map[string]any)
	pence, _ = o["totalPence"].(float64)
	percentOff, _ = o["percentOff"].(float64)
	return
}

func status(r apptest.Response) string {
	o, _ := r.Body["order"].(map[string]any)
	s, _ := o["status"].(string)
	return s
}

func TestPromoCodesOnAnOrder(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		id := s.order(t, 2)
		base := "/api/orders/" + id
		r := s.buyer.Get(base)
		if p, off := total(r); p != 1798 || off != 51 || r.Body["order"].(map[string]any)["wasPence"] != 3598.0 { // 1800/3598 = 50.03% -> 51
			t.Fatalf("two checks: %s", r.Raw)
		}
		apply := func(code string) apptest.Response {
			return s.buyer.Post(base+"/promo-codes", map[string]any{"code": code})
		}
		if r := apply("half"); r.Status != 200 {
			t.Fatalf("apply half: %d %s", r.Status, r.Raw)
		} else if p, off := total(r); p != 899 || off != 76 { // off the list price: 2699/3598 = 75.01% -> 76
			t.Fatalf("after HALF: %v %v", p, off)
		}
		if r := apply("Half"); r.Status != http.StatusConflict || r.ErrorMessage() != payment.MsgCodeUsed {
			t.Fatalf("same code again: %d %s", r.Status, r.Raw)
		}
		if r := apply("ten"); r.Status != 200 {
			t.Fatalf("apply ten: %s", r.Raw)
		} else if p, off := total(r); p != 809 || off != 78 { // 899 x 0.9 = 809.1 -> 809; off the list price 2789/3598 = 77.5% -> 78
			t.Fatalf("stacked: %v %v", p, off)
		}
		for code, msg := range map[string]string{"NOPE": promo.MsgInvalidCode, "gone": promo.MsgExpired, "paused": promo.MsgInactive} {
			if r := apply(code); r.ErrorMessage() != msg {
				t.Errorf("%s: %d %s", code, r.Status, r.Raw)
			}
		}
		r = s.buyer.Do("DELETE", base+"/promo-codes/HALF", nil)
		if p, _ := total(r); p != 1618 { // from the full 1798 with TEN only
			t.Fatalf("after removing HALF: %s", r.Raw)
		}
		// Another user cannot see or change this order.
		other := e.SignedIn("other@example.com", "Secret#123", "Landlord")
		for _, r := range []apptest.Response{other.Get(base), other.Post(base+"/promo-codes", map[string]any{"code": "FREE"}),
			other.Post(base+"/free", nil), other.Post(base+"/sandbox-payment", goodCard)} {
			if r.Status != http.StatusNotFound {
				t.Errorf("other user: %d %s", r.Status, r.Raw)
			}
		}
	})
}

var goodCard = map[string]any{"name": "Ann Landlord", "number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 High Street", "town": "London", "postcode": "SW11 5RW", "country": "GB"}}

func card(k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range goodCard {
		out[key] = val
	}
	if k == "line1" {
		out["billing"] = map[string]any{"line1": v, "town": "London", "postcode": "SW11 5RW", "country": "GB"}
	} else {
		out[k] = v
	}
	return out
}

func TestSandboxCardPayment(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		id := s.order(t, 1)
		pay := func(c map[string]any) apptest.Response { return s.buyer.Post("/api/orders/"+id+"/sandbox-payment", c) }
		for _, tc := range []struct {
			card map[string]any
			msg  string
		}{
			{card("number", "4000 0000 0000 0002"), payment.MsgCardDeclined},
			{card("number", "4000000000009995"), payment.MsgCardFunds},
			{card("number", "4242 4242 4242 4241"), payment.MsgCardNumber},
			{card("expYear", 2025), payment.MsgCardExpiry},
			{card("expMonth", 10), payment.MsgCardExpiry}, // October 2030 is fine...
			{card("cvc", "12"), payment.MsgCardCVC},
			{card("name", " "), payment.MsgFillAllFields},
			{card("line1", ""), payment.MsgFillAllFields},
		} {
			if tc.card["expMonth"] == 10 {
				tc.card["expYear"], tc.msg = 2026, payment.MsgCardExpiry // ...October 2026 has passed (the clock says November)
			}
			if r := pay(tc.card); r.Status != http.StatusBadRequest || r.ErrorMessage() != tc.msg {
				t.Errorf("%v: %d %s", tc.card, r.Status, r.Raw)
			}
		}
		if s.fulfils.n.Load() != 0 || e.MailCount(buyerEmail) != 1 { // 1: the verification code
			t.Fatalf("a declined card changed something: fulfils %d, mails %d", s.fulfils.n.Load(), e.MailCount(buyerEmail))
		}
		e.Clock.Advance(time.Minute) // the receipt is then the newest mail (same-instant mails have no order)
		r := pay(goodCard)
		if r.Status != 200 || status(r) != "paid" || r.Body["order"].(map[string]any)["provider"] != "sandbox" {
			t.Fatalf("4242: %d %s", r.Status, r.Raw)
		}
		if r := pay(goodCard); r.Status != http.StatusConflict {
			t.Fatalf("paying twice: %d %s", r.Status, r.Raw)
		}
		if s.fulfils.n.Load() != 1 {
			t.Fatalf("fulfilled %d times", s.fulfils.n.Load())
		}
		e.RunJobs() // the receipt's job
		msgs, _ := e.App.Mail.Outbox(context.Background(), buyerEmail, 10)
		if len(msgs) != 2 || !strings.Contains(msgs[0].Subject, "£8.99") || !strings.Contains(msgs[0].Text, "Instant reference check") {
			t.Fatalf("receipt: %+v", msgs[0])
		}
		list := s.buyer.Get("/api/orders")
		if orders := list.Body["orders"].([]any); len(orders) != 1 {
			t.Fatalf("my orders: %s", list.Raw)
		}
	})
}

func TestFreeOrdersAreDecidedByTheServer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		id := s.order(t, 1)
		base := "/api/orders/" + id
		if r := s.buyer.Post(base+"/free", nil); r.Status != http.StatusBadRequest || r.ErrorMessage() != payment.MsgNotFree {
			t.Fatalf("free while priced: %d %s", r.Status, r.Raw)
		}
		s.buyer.Post(base+"/promo-codes", map[string]any{"code": "FREE"})
		r := s.buyer.Post(base+"/free", nil)
		if r.Status != 200 || status(r) != "paid" || r.Body["order"].(map[string]any)["provider"] != "free" {
			t.Fatalf("free: %d %s", r.Status, r.Raw)
		}
		s.buyer.Post(base+"/free", nil)
		if n := s.fulfils.n.Load(); n != 1 {
			t.Fatalf("fulfilled %d times", n)
		}
		if r := s.buyer.Do("DELETE", base+"/promo-codes/FREE", nil); r.Status != http.StatusConflict {
			t.Fatalf("changing a paid order: %d", r.Status)
		}
	})
}

// The provider's report of a payment is recorded once, however often and
// in whatever order it arrives.
func TestPaymentRecordedExactlyOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		ctx := context.Background()
		pay := e.App.Payments
		id := s.order(t, 1)
		short := payment.ProviderPayment{Provider: "stripe", EventID: "evt_short", OrderID: id, Ref: "pi_1", AmountPence: 100}
		if err := pay.RecordPayment(ctx, short); err == nil {
			t.Fatal("a payment for less than the total was accepted")
		}
		p := payment.ProviderPayment{Provider: "stripe", EventID: "evt_1", OrderID: id, Ref: "pi_1", AmountPence: 899}
		var wg sync.WaitGroup
		for range 5 { // the same webhook delivered five times at once
			wg.Go(func() {
				if err := pay.RecordPayment(ctx, p); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		// A later, different event for the same payment (e.g. charge.succeeded after payment_intent.succeeded).
		if err := pay.RecordPayment(ctx, payment.ProviderPayment{Provider: "stripe", EventID: "evt_2", OrderID: id, Ref: "pi_1", AmountPence: 899}); err != nil {
			t.Fatal(err)
		}
		if n := s.fulfils.n.Load(); n != 1 {
			t.Fatalf("fulfilled %d times", n)
		}
		e.RunJobs()                               // the receipts' jobs
		if n := e.MailCount(buyerEmail); n != 2 { // verification code + one receipt
			t.Fatalf("%d mails", n)
		}
		u, _ := e.App.Auth.UserByEmail(ctx, buyerEmail)
		if o, _ := pay.Get(ctx, u.Actor(), id); o.Status != payment.Paid {
			t.Fatalf("status %s", o.Status)
		}
	})
}

// codeID finds a promo code's id by its name, as the admin's list shows it.
func codeID(t *testing.T, e *apptest.Env, name string) string {
	t.Helper()
	codes, err := e.App.Promos.List(context.Background(), promoAdmin)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if c.Code == name {
			return c.ID
		}
	}
	t.Fatalf("no code %s", name)
	return ""
}

// A code applied to a pending order is checked again when the order is
// completed: deactivated, deleted, out of its dates or with a changed
// discount, it no longer counts, and the buyer is told which code and the
// new total instead of paying the old price.
func TestPromoCodesAreCheckedAgainAtCompletion(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		ctx := context.Background()

		// A 100% code deactivated after it was applied: the free order is refused.
		id := s.order(t, 1)
		base := "/api/orders/" + id
		if r := s.buyer.Post(base+"/promo-codes", map[string]any{"code": "FREE"}); r.Status != 200 {
			t.Fatalf("apply: %d %s", r.Status, r.Raw)
		}
		if _, err := e.App.Promos.Update(ctx, promoAdmin, codeID(t, e, "FREE"), promo.Input{Code: "FREE", Active: false, Discount: 100, StartDate: "2026-01-01", EndDate: "2026-12-31"}); err != nil {
			t.Fatal(err)
		}
		r := s.buyer.Post(base+"/free", nil)
		want := "The promo code FREE no longer applies. The new total is £8.99; please check it and pay again."
		if r.Status != http.StatusConflict || r.ErrorCode() != "promo_code_withdrawn" || r.ErrorMessage() != want {
			t.Fatalf("free order with a deactivated code: %d %s", r.Status, r.Raw)
		}
		got := s.buyer.Get(base)
		if p, _ := total(got); p != 899 || status(got) != "pending" {
			t.Fatalf("order after the withdrawn code: %s", got.Raw)
		}
		if codes := got.Body["order"].(map[string]any)["promoCodes"].([]any); len(codes) != 0 {
			t.Fatalf("withdrawn code still on the order: %v", codes)
		}
		if n := s.fulfils.n.Load(); n != 0 {
			t.Fatalf("fulfilled %d times", n)
		}

		// By card: a deleted code and a code whose discount changed are both
		// reported; the card is not charged until the buyer has seen the total.
		id = s.order(t, 1)
		base = "/api/orders/" + id
		s.buyer.Post(base+"/promo-codes", map[string]any{"code": "HALF"})
		s.buyer.Post(base+"/promo-codes", map[string]any{"code": "TEN"})
		if err := e.App.Promos.Delete(ctx, promoAdmin, codeID(t, e, "HALF")); err != nil {
			t.Fatal(err)
		}
		if _, err := e.App.Promos.Update(ctx, promoAdmin, codeID(t, e, "TEN"), promo.Input{Code: "TEN", Active: true, Discount: 20, StartDate: "2026-01-01", EndDate: "2026-12-31"}); err != nil {
			t.Fatal(err)
		}
		card := map[string]any{"name": "A Buyer", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
			"billing": map[string]any{"line1": "1 High St", "town": "Leeds", "postcode": "LS1 1AA", "country": "GB"}}
		r = s.buyer.Post(base+"/sandbox-payment", card)
		want = "The promo codes HALF and TEN no longer apply. The new total is £7.19; please check it and pay again."
		if r.Status != http.StatusConflict || r.ErrorMessage() != want {
			t.Fatalf("card payment with changed codes: %d %s", r.Status, r.Raw)
		}
		// Paying again, the buyer pays the total they were shown.
		r = s.buyer.Post(base+"/sandbox-payment", card)
		if p, _ := total(r); r.Status != 200 || status(r) != "paid" || p != 719 {
			t.Fatalf("second try: %d %s", r.Status, r.Raw)
		}

		// A code still valid changes nothing.
		id = s.order(t, 1)
		s.buyer.Post("/api/orders/"+id+"/promo-codes", map[string]any{"code": "TEN"})
		if r := s.buyer.Post("/api/orders/"+id+"/sandbox-payment", card); r.Status != 200 || status(r) != "paid" {
			t.Fatalf("valid code: %d %s", r.Status, r.Raw)
		}
	})
}
