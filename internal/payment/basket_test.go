package payment_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The card is charged the total the payer was shown. An outside probe
// applied a 50% code in one tab (shown £1.00), removed it in another, and
// paid in the first: £1.99 was charged with no warning. The app sends the
// total it shows; a different total is 409 basket_changed, nothing charged.
// And /free on an order paid by card is 409 already_paid, not a 200.
func TestTheCardIsChargedTheTotalShown(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		id := s.order(t, 1)
		base := "/api/orders/" + id
		shown, _ := total(s.buyer.Post(base+"/promo-codes", map[string]any{"code": "HALF"}))
		if shown != 450 {
			t.Fatalf("with HALF: %v", shown)
		}
		s.buyer.Do("DELETE", base+"/promo-codes/HALF", nil) // the other tab
		r := s.buyer.Post(base+"/sandbox-payment", card("expectedTotalPence", shown))
		if r.Status != http.StatusConflict || r.ErrorCode() != "basket_changed" || e.App.Payments.SandboxCharges(id) != 0 {
			t.Fatalf("paying the total shown before the code came off: %d %s, %d charges", r.Status, r.Raw, e.App.Payments.SandboxCharges(id))
		}
		now, _ := total(s.buyer.Get(base))
		if r := s.buyer.Post(base+"/sandbox-payment", card("expectedTotalPence", now)); r.Status != http.StatusOK || status(r) != "paid" {
			t.Fatalf("paying the total shown: %d %s", r.Status, r.Raw)
		}
		if r := s.buyer.Post(base+"/free", nil); r.Status != http.StatusConflict || r.ErrorCode() != "already_paid" {
			t.Fatalf("/free on an order paid by card: %d %s", r.Status, r.Raw)
		}
		if e.App.Payments.SandboxCharges(id) != 1 || s.fulfils.n.Load() != 1 {
			t.Fatalf("%d charges, %d fulfilments", e.App.Payments.SandboxCharges(id), s.fulfils.n.Load())
		}
	})
}

// A pending order withdrawn (its draft deleted) is paid by nobody; a paid
// one is not withdrawn.
func TestAWithdrawnOrderIsNotCharged(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		withdraw := func(id string) error {
			return e.App.DB.Tx(context.Background(), func(tx db.Conn) error { return e.App.Payments.Withdraw(context.Background(), tx, id) })
		}
		id := s.order(t, 1)
		if err := withdraw(id); err != nil {
			t.Fatal(err)
		}
		if r := s.buyer.Post("/api/orders/"+id+"/sandbox-payment", goodCard); r.Status != http.StatusNotFound || e.App.Payments.SandboxCharges(id) != 0 {
			t.Fatalf("paying a withdrawn order: %d %s", r.Status, r.Raw)
		}
		paid := s.order(t, 1)
		if r := s.buyer.Post("/api/orders/"+paid+"/sandbox-payment", goodCard); r.Status != http.StatusOK {
			t.Fatalf("pay: %d %s", r.Status, r.Raw)
		}
		if err := withdraw(paid); apperr.CodeOf(err) != "fee_paid" || !strings.Contains(err.Error(), payment.MsgFeePaid) {
			t.Fatalf("withdrawing a paid order: %v", err)
		}
		if r := s.buyer.Get("/api/orders/" + paid); status(r) != "paid" {
			t.Fatalf("the paid order: %s", r.Raw)
		}
	})
}
