package payment

import (
	"context"
	"fmt"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// Pounds formats pence as the site shows money: £1,234.50.
func Pounds(pence int64) string {
	sign := ""
	if pence < 0 {
		sign, pence = "-", -pence
	}
	whole, frac := pence/100, pence%100
	s := fmt.Sprint(whole)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return fmt.Sprintf("%s£%s.%02d", sign, s, frac)
}

var methodNames = map[string]string{"sandbox": "card (sandbox: no money was taken)", "stripe": "card", "free": "promo code (free order)"}

// sendReceipt queues the receipt inside the payment's transaction.
func (s *Service) sendReceipt(ctx context.Context, tx db.Conn, o Order) error {
	type line struct {
		Name, Description, Amount string
		Qty                       int
	}
	ls := make([]line, len(o.Lines))
	for i, l := range o.Lines {
		ls[i] = line{Name: Catalogue[l.Product].Name, Description: l.Description, Qty: l.Qty, Amount: Pounds(l.UnitPence * int64(l.Qty))}
	}
	return s.mail.Send(ctx, tx, mail.Email{
		To: o.ReceiptEmail, Subject: "Your OmniRent receipt: " + Pounds(o.TotalPence), Template: "receipt",
		Data: map[string]any{
			"OrderID": o.ID, "PaidOn": o.PaidAt.In(clock.UK).Format("2 January 2006"), "Lines": ls, "Codes": o.Codes,
			"Total": Pounds(o.TotalPence), "Method": methodNames[o.Provider],
		},
	})
}
