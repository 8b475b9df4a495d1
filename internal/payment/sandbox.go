package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
)

// The sandbox is the embedded card provider: it checks a card the way a
// real provider would and answers like Stripe's test cards, so the whole
// purchase works offline. It never moves money.

// Card is what the card form sends to the sandbox (a real provider takes
// the card in its own browser element instead, never through our server).
type Card struct {
	Name     string  `json:"name"`
	Number   string  `json:"number"`
	ExpMonth int     `json:"expMonth"`
	ExpYear  int     `json:"expYear"` // four digits, or two (27 = 2027)
	CVC      string  `json:"cvc"`
	Billing  Billing `json:"billing"`
}

// Billing is the card form's billing address.
type Billing struct {
	Line1    string `json:"line1"`
	Line2    string `json:"line2"`
	Town     string `json:"town"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"` // two-letter code, GB by default
}

// The provider's messages, as Stripe words them.
const (
	MsgCardNumber   = "Your card number is incorrect."
	MsgCardExpiry   = "Your card's expiration date is incomplete or in the past."
	MsgCardCVC      = "Your card's security code is incorrect."
	MsgCardDeclined = "Your card was declined."
	MsgCardFunds    = "Your card has insufficient funds."
	MsgCardExpired  = "Your card has expired."
)

// Stripe's test cards that fail; every other valid number succeeds.
var sandboxOutcomes = map[string]string{
	"4000000000000002": MsgCardDeclined,
	"4000000000009995": MsgCardFunds,
	"4000000000000069": MsgCardExpired,
	"4000000000000127": MsgCardCVC,
}

func declined(code, msg string) error {
	return apperr.Fields(msg, map[string]string{"card": msg}).WithKind(apperr.Invalid, code)
}

// charge checks the card and answers as the provider would. It returns the
// sandbox's payment reference.
func (c Card) charge(now time.Time) (string, error) {
	if strings.TrimSpace(c.Name) == "" || strings.TrimSpace(c.Billing.Line1) == "" || strings.TrimSpace(c.Billing.Town) == "" ||
		strings.TrimSpace(c.Billing.Postcode) == "" {
		return "", apperr.New(apperr.Invalid, "missing_fields", MsgFillAllFields)
	}
	number := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, c.Number)
	if !luhn(number) {
		return "", declined("incorrect_number", MsgCardNumber)
	}
	year := c.ExpYear
	if year < 100 {
		year += 2000
	}
	today := now.In(clock.UK)
	if c.ExpMonth < 1 || c.ExpMonth > 12 || year < today.Year() || (year == today.Year() && c.ExpMonth < int(today.Month())) || year > today.Year()+50 {
		return "", declined("invalid_expiry", MsgCardExpiry)
	}
	cvcLen := 3
	if strings.HasPrefix(number, "34") || strings.HasPrefix(number, "37") {
		cvcLen = 4
	}
	if len(c.CVC) != cvcLen || strings.Trim(c.CVC, "0123456789") != "" {
		return "", declined("incorrect_cvc", MsgCardCVC)
	}
	if msg, fails := sandboxOutcomes[number]; fails {
		return "", declined("card_declined", msg)
	}
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "sbx_" + hex.EncodeToString(b), nil
}

// luhn reports whether s is 12 to 19 digits with a valid check digit.
func luhn(s string) bool {
	if len(s) < 12 || len(s) > 19 {
		return false
	}
	sum := 0
	for i := range len(s) {
		d := int(s[len(s)-1-i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// PaySandbox pays the user's order with a sandbox card.
func (s *Service) PaySandbox(ctx context.Context, a session.Actor, id string, c Card) (Order, error) {
	if s.stripe != nil { // Stripe takes cards in the browser; this form does not exist then
		return Order{}, apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
	}
	o, err := s.Get(ctx, a, id)
	if err != nil {
		return Order{}, err
	}
	if o.Status == Paid {
		return Order{}, apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
	}
	if o, err = s.recheckCodes(ctx, a, id); err != nil {
		return Order{}, err
	}
	if o.TotalPence == 0 {
		return s.CompleteFree(ctx, a, id)
	}
	ref, err := c.charge(s.clock.Now())
	if err != nil {
		return Order{}, err
	}
	if err := s.RecordPayment(ctx, ProviderPayment{Provider: ProviderSandbox, EventID: ref, OrderID: id, Ref: ref, AmountPence: o.TotalPence}); err != nil {
		return Order{}, err
	}
	return s.Get(ctx, a, id)
}
