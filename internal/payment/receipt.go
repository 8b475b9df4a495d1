package payment

import (
	"context"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
)

var methodNames = map[string]string{"sandbox": "card (sandbox: no money was taken)", "stripe": "card", "free": "promo code (free order)"}

// sendReceipt queues the receipt inside the payment's transaction.
func (s *Service) sendReceipt(ctx context.Context, tx db.Conn, o Order) error {
	type line struct {
		Name, Description, Amount string
		Qty                       int
	}
	ls := make([]line, len(o.Lines))
	for i, l := range o.Lines {
		ls[i] = line{Name: s.products[l.Product].Name, Description: l.Description, Qty: l.Qty, Amount: money.Format(l.UnitPence * int64(l.Qty))}
	}
	return s.mail.Send(ctx, tx, mail.Email{
		To: o.ReceiptEmail, Subject: "Your OmniRent receipt: " + money.Format(o.TotalPence), Template: "receipt",
		Data: map[string]any{
			"OrderID": o.ID, "PaidOn": o.PaidAt.In(clock.UK).Format("2 January 2006"), "Lines": ls, "Codes": o.Codes,
			"Total": money.Format(o.TotalPence), "Method": methodNames[o.Provider],
		},
	})
}
