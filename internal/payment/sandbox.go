package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
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
	// ExpectedTotalPence is the total the payer was shown: a basket
	// changed since (a promo code taken off in another tab) is not
	// charged its new total unseen (409 basket_changed). Optional for API
	// callers; the app always sends it.
	ExpectedTotalPence *int64 `json:"expectedTotalPence,omitempty"`
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

// sandboxLedger is the sandbox provider's memory of idempotency keys, kept
// as a real provider keeps them (Stripe's Idempotency-Key): a charge asked
// again with a key it has seen answers the first answer (the same payment,
// or the same decline) and takes no money again. A request that fails its
// own validation (a field left empty) is not remembered, as with Stripe.
type sandboxLedger struct {
	mu      sync.Mutex
	answers map[string]sandboxAnswer
	charged map[string]int // order id -> payments taken
}

type sandboxAnswer struct {
	ref string
	err error
}

func newSandboxLedger() *sandboxLedger {
	return &sandboxLedger{answers: map[string]sandboxAnswer{}, charged: map[string]int{}}
}

func (l *sandboxLedger) charge(key, orderID string, c Card, now time.Time) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if a, seen := l.answers[key]; seen {
		return a.ref, a.err
	}
	ref, err := c.charge(now)
	if apperr.CodeOf(err) == "missing_fields" {
		return "", err
	}
	l.answers[key] = sandboxAnswer{ref, err}
	if err == nil {
		l.charged[orderID]++
	}
	return ref, err
}

// SandboxCharges is how many payments the sandbox provider took for an
// order: what a card statement would show. More than one is a double charge.
func (s *Service) SandboxCharges(orderID string) int {
	s.sandbox.mu.Lock()
	defer s.sandbox.mu.Unlock()
	return s.sandbox.charged[orderID]
}

// sandboxKey is the idempotency key of an order's card attempt.
func sandboxKey(o Order) string {
	return fmt.Sprintf("omnirent-order-%s-attempt-%d", o.ID, o.PayAttempt)
}

// PaySandbox pays the user's order with a sandbox card. The order is
// claimed first: its row is locked in the transaction that charges the
// card (under the attempt's idempotency key) and records the payment, so
// of simultaneous payments one charges and the others, waiting on the
// lock, find the order paid and answer 409 already_paid with it (the
// receipt). A decline ends the attempt (the next card is a new one).
func (s *Service) PaySandbox(ctx context.Context, a session.Actor, id string, c Card) (Order, error) {
	if s.stripe != nil { // Stripe takes cards in the browser; this form does not exist then
		return Order{}, apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
	}
	o, err := s.Get(ctx, a, id)
	if err != nil {
		return Order{}, err
	}
	if o.Status == Paid {
		return o, alreadyPaid()
	}
	if o, err = s.recheckCodes(ctx, a, id); err != nil {
		return Order{}, err
	}
	if o.TotalPence == 0 {
		return s.CompleteFree(ctx, a, id)
	}
	var refused error
	paidBefore := false
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		refused, paidBefore = nil, false
		o, err := lockOrder(ctx, tx, id)
		if err != nil {
			return err
		}
		if o.Status == Paid {
			paidBefore = true
			return nil
		}
		if o.TotalPence == 0 || (c.ExpectedTotalPence != nil && *c.ExpectedTotalPence != o.TotalPence) {
			// A promo code made it free, or its total is not the one the
			// payer saw: nothing is charged, and the page shows the new one.
			return apperr.New(apperr.Conflict, "basket_changed", MsgBasketChanged)
		}
		now := s.clock.Now()
		ref, err := s.sandbox.charge(sandboxKey(o), o.ID, c, now)
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid || apperr.CodeOf(err) == "missing_fields" {
				return err
			}
			refused = err
			return nextAttempt(ctx, tx, o.ID, now)
		}
		return s.recordPayment(ctx, tx, ProviderPayment{Provider: ProviderSandbox, EventID: ref, OrderID: id, Ref: ref, AmountPence: o.TotalPence})
	})
	if err != nil {
		return Order{}, err
	}
	if refused != nil {
		return Order{}, refused
	}
	o, err = s.Get(ctx, a, id)
	if err == nil && paidBefore {
		err = alreadyPaid()
	}
	return o, err
}

// alreadyPaid is the refusal to pay a paid order; the handler answers it
// with the order (the receipt).
func alreadyPaid() error { return apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid) }
