// Package payment sells what the platform sells: orders whose prices the
// server decides, promo codes applied to them, card payment through one of
// two providers (an offline sandbox by default, Stripe when its keys are
// configured: stripe.go), free orders completed by the server, and a
// receipt for every paid order. The web app asks which provider is in use
// (the "provider" of every order answer) and shows that one's card form.
//
// A paid order is recorded exactly once: RecordPayment runs in one transaction
// that records the provider's event id (a replay is a no-op), moves the
// order from pending to paid only if it is still pending, and in the same
// transaction lets the product's Fulfiller act and enqueues the receipt
// e-mail's job (its PDF is drawn after the commit: receipt.go).
package payment

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// Product is something the platform sells, named by the area that sells it
// (refcheck's instant check now; agreements and inventory reports next).
type Product string

// Price is a product's price in pence and the struck-through former price.
// The area that sells a product registers it (Service.RegisterProduct);
// the browser never sends a price, only what is being bought, and reads
// the prices from the catalogue (GET /api/catalogue).
type Price struct {
	Name     string `json:"name"`
	Pence    int64  `json:"pence"`
	WasPence int64  `json:"wasPence"`
}

// CatalogueItem is a registered product and its price, as the catalogue
// endpoint answers it.
type CatalogueItem struct {
	Product Product `json:"product"`
	Price
}

type Status string

const (
	Pending Status = "pending"
	Paid    Status = "paid"
)

// Line is one basket line: a product, for whom or what, and how many.
type Line struct {
	Product     Product `json:"productType"`
	Description string  `json:"description"`
	UnitPence   int64   `json:"unitPence"`
	WasPence    int64   `json:"wasPence"`
	Qty         int     `json:"qty"`
}

// AppliedCode is a promo code on an order, in the order it was applied.
type AppliedCode struct {
	Code     string `json:"code"`
	Discount int    `json:"discount"`
}

// Order is a basket and its payment. WasPence is the list price (the
// lines' struck-through prices), FullPence the lines' prices before promo
// codes and TotalPence the price to pay; PercentOff is the saving on the
// list price, rounded up (the basket strikes the list price and shows the
// price to pay beside it). ReceiptNumber names a paid order's receipt
// (OR-2026-000123); it is empty while the order is pending.
type Order struct {
	ID            string        `json:"id"`
	UserID        string        `json:"-"`
	OrderType     string        `json:"orderType"`
	SubjectID     string        `json:"subjectId"`
	Status        Status        `json:"status"`
	Currency      string        `json:"currency"`
	Lines         []Line        `json:"items"`
	Codes         []AppliedCode `json:"promoCodes"`
	WasPence      int64         `json:"wasPence"`
	FullPence     int64         `json:"fullPence"`
	TotalPence    int64         `json:"totalPence"`
	PercentOff    int           `json:"percentOff"`
	Provider      string        `json:"provider"`
	ProviderRef   string        `json:"-"`
	ReceiptEmail  string        `json:"receiptEmail"`
	PaidAt        *time.Time    `json:"paidAt"`
	CreatedAt     time.Time     `json:"createdAt"`
	ReceiptNumber string        `json:"receiptNumber"`
	// PayAttempt numbers the card attempts (see sandboxKey).
	PayAttempt int `json:"-"`
}

// User-facing texts; the spec's where it has them.
const (
	MsgOrderNotFound  = "Order not found."
	MsgAlreadyPaid    = "This order has already been paid."
	MsgNotFree        = "This order is not free; please pay by card."
	MsgFillAllFields  = "Please fill in all the fields"
	MsgCodeEmpty      = "Please enter a promo code."
	MsgPaymentBlocked = "Card payments are not available right now. Please try again later."
)

// MsgCodesWithdrawn tells the buyer which promo codes no longer apply as
// the order is completed, and the order's new total.
func MsgCodesWithdrawn(codes []string, totalPence int64) string {
	which := "The promo code " + codes[0] + " no longer applies"
	if len(codes) > 1 {
		which = "The promo codes " + strings.Join(codes[:len(codes)-1], ", ") + " and " + codes[len(codes)-1] + " no longer apply"
	}
	return fmt.Sprintf("%s. The new total is %s; please check it and pay again.", which, money.Format(totalPence))
}

// Seller is what an area that sells something needs of the payment system
// (agreements and inventory reports): its product and fulfiller registered,
// and one order per record it sells.
type Seller interface {
	Register(orderType string, f Fulfiller)
	RegisterProduct(p Product, price Price)
	OrderOnce(ctx context.Context, a session.Actor, orderType, subjectID string, items []Item,
		existing func(context.Context, db.Conn) (string, error), keep func(context.Context, db.Conn, string) (bool, error)) (Order, error)
	// Withdraw takes back the pending order of a record being deleted, in
	// its transaction; a paid one is refused (withdraw.go).
	Withdraw(ctx context.Context, tx db.Conn, orderID string) error
}
