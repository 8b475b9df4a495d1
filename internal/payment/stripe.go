package payment

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/omnirent/omnirent/internal/httpx"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/session"
)

// Stripe is the production card provider. The server creates a
// PaymentIntent for the order's total (the browser never names a price);
// the browser confirms it with Stripe's own card element, so card details
// never reach our server; and the order becomes paid only on Stripe's word:
// a signature-checked webhook, or the server retrieving the PaymentIntent
// (when the buyer's page asks for the order, and in a periodic sweep). The
// retrieval is what recovers a payment whose webhook was lost or whose
// recording crashed; RecordPayment makes any mix of the two count once.

// StripeConfig is what the Stripe adapter needs from the configuration.
type StripeConfig struct {
	SecretKey, PublishableKey, WebhookSecret string
	APIURL                                   string // empty: Stripe's; tests point it at stripe-mock
}

// The provider names recorded on orders and payment events.
const (
	ProviderSandbox = "sandbox"
	ProviderStripe  = "stripe"
)

const (
	// stripeMinimumPence is the smallest GBP charge Stripe accepts.
	stripeMinimumPence = 30
	// recheckAfter: the sweep leaves a PaymentIntent alone this long, the
	// time a buyer takes to pay and the webhook to arrive.
	recheckAfter = 5 * time.Minute
	// recheckFor: after this an untouched PaymentIntent is an abandoned
	// basket (Stripe stops retrying webhooks after three days, too).
	recheckFor = 72 * time.Hour
	// ReconcileEvery is how often the server sweeps.
	ReconcileEvery = 5 * time.Minute
)

// More user-facing texts.
const (
	MsgFreeOrder      = "This order is free; no card is needed."
	MsgBelowMinimum   = "Card payments must be at least £0.30."
	MsgBasketChanged  = "Your basket changed while the payment was being prepared. Please try again."
	msgStripeBadEvent = "Webhook signature or timestamp is not valid."
)

type stripeProvider struct {
	api            *stripe.Client
	publishableKey string
	webhookSecret  string
}

// UseStripe makes Stripe the card provider (instead of the sandbox). It is
// called once at start-up, before the routes serve.
func (s *Service) UseStripe(c StripeConfig) {
	cfg := &stripe.BackendConfig{
		HTTPClient: &http.Client{Timeout: 30 * time.Second},
		// Failures reach our own log, in our format; stripe-go's would go to stderr.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if c.APIURL != "" {
		cfg.URL = stripe.String(c.APIURL)
	}
	s.stripe = &stripeProvider{
		api:            stripe.NewClient(c.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg))),
		publishableKey: c.PublishableKey,
		webhookSecret:  c.WebhookSecret,
	}
}

// CardPayment is what the browser needs to show Stripe's card element and
// confirm the payment: stripe.confirmCardPayment(ClientSecret, ...) with
// Stripe.js loaded with PublishableKey.
type CardPayment struct {
	ClientSecret   string `json:"clientSecret"`
	PublishableKey string `json:"publishableKey"`
}

func providerDown(err error) error {
	return &apperr.Error{Kind: apperr.Internal, Code: "provider_unavailable", Message: MsgPaymentBlocked, Err: err}
}

// StartCardPayment gives the buyer a PaymentIntent for the order's current
// total: the one already made for it when it still fits, else a new one.
func (s *Service) StartCardPayment(ctx context.Context, a session.Actor, id string) (Order, CardPayment, error) {
	st := s.stripe
	if st == nil {
		return Order{}, CardPayment{}, apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
	}
	o, err := s.Get(ctx, a, id)
	if err != nil {
		return Order{}, CardPayment{}, err
	}
	if o.Status == Paid {
		return Order{}, CardPayment{}, apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
	}
	if o, err = s.recheckCodes(ctx, a, id); err != nil {
		return Order{}, CardPayment{}, err
	}
	switch {
	case o.TotalPence == 0:
		return Order{}, CardPayment{}, apperr.New(apperr.Invalid, "free_order", MsgFreeOrder)
	case o.TotalPence < stripeMinimumPence:
		return Order{}, CardPayment{}, apperr.New(apperr.Invalid, "below_minimum", MsgBelowMinimum)
	}
	replacing := ""
	if o.Provider == ProviderStripe && o.ProviderRef != "" {
		pi, err := st.api.V1PaymentIntents.Retrieve(ctx, o.ProviderRef, nil)
		if err != nil {
			return Order{}, CardPayment{}, providerDown(err)
		}
		// Paid already (the webhook is late): record it rather than take a second payment.
		if recorded, err := s.recordIntent(ctx, "retrieve:"+pi.ID, o.ID, pi); err != nil {
			return Order{}, CardPayment{}, err
		} else if recorded {
			return Order{}, CardPayment{}, apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
		}
		if reusable(pi, o.TotalPence) {
			return o, CardPayment{ClientSecret: pi.ClientSecret, PublishableKey: st.publishableKey}, nil
		}
		replacing = pi.ID
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(o.TotalPence),
		Currency:           stripe.String(string(stripe.CurrencyGBP)),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}), // the card element; no redirect-based methods
		Description:        stripe.String("OmniRent order " + o.ID),
	}
	params.AddMetadata("order_id", o.ID)
	params.AddMetadata("order_type", o.OrderType)
	params.SetIdempotencyKey(idempotencyKey(o, replacing))
	pi, err := st.api.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Order{}, CardPayment{}, providerDown(err)
	}
	ok, err := startProviderPayment(ctx, s.db.Conn(), o.ID, ProviderStripe, pi.ID, o.TotalPence, s.clock.Now())
	if err != nil {
		return Order{}, CardPayment{}, err
	}
	if !ok { // a promo code changed the total meanwhile: this PaymentIntent is for the old one
		return Order{}, CardPayment{}, apperr.New(apperr.Conflict, "basket_changed", MsgBasketChanged)
	}
	o.Provider, o.ProviderRef = ProviderStripe, pi.ID
	return o, CardPayment{ClientSecret: pi.ClientSecret, PublishableKey: st.publishableKey}, nil
}

// idempotencyKey names one PaymentIntent creation. A retried request (the
// browser's, or ours after Stripe answered but before we stored the id)
// sends the same key, so Stripe answers with the PaymentIntent it already
// made instead of making a second. The key covers everything the request
// sends (Stripe refuses a key reused with other parameters), so a changed
// basket gets a new one; replacing (a PaymentIntent that can no longer be
// used, e.g. cancelled) gets a new one too.
func idempotencyKey(o Order, replacing string) string {
	h := sha256.New()
	lines, _ := json.Marshal(o.Lines)
	codes, _ := json.Marshal(o.Codes)
	fmt.Fprintf(h, "%s\n%s\n%d\n%s\n%s\n%s\n%s", o.ID, o.OrderType, o.TotalPence, o.Currency, lines, codes, replacing)
	return "omnirent-order-" + o.ID + "-" + hex.EncodeToString(h.Sum(nil))[:24]
}

// reusable reports whether the buyer can still pay pi for this total.
func reusable(pi *stripe.PaymentIntent, total int64) bool {
	if pi.Amount != total || !strings.EqualFold(string(pi.Currency), string(stripe.CurrencyGBP)) {
		return false
	}
	switch pi.Status {
	case stripe.PaymentIntentStatusRequiresPaymentMethod, stripe.PaymentIntentStatusRequiresConfirmation,
		stripe.PaymentIntentStatusRequiresAction, stripe.PaymentIntentStatusProcessing:
		return true
	}
	return false
}

// recordIntent records a succeeded PaymentIntent as the payment of order
// (or of the order in its metadata when order is empty, as for webhooks).
// It reports whether the order is now paid by it. eventID de-duplicates:
// the webhook's event id, or "retrieve:"+pi for a retrieval. The two differ
// for one payment, so both may arrive; the second finds the order paid
// and changes nothing (RecordPayment).
func (s *Service) recordIntent(ctx context.Context, eventID, order string, pi *stripe.PaymentIntent) (bool, error) {
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return false, nil
	}
	meta := pi.Metadata["order_id"]
	if order == "" {
		order = meta
	}
	switch {
	case order == "":
		s.log.Warn("stripe: a payment with no order id; not ours", "ref", pi.ID)
		return false, nil
	case meta != "" && meta != order:
		s.log.Error("stripe: payment belongs to another order", "ref", pi.ID, "order", order, "metadata_order", meta)
		return false, nil
	case !strings.EqualFold(string(pi.Currency), string(stripe.CurrencyGBP)):
		s.log.Error("stripe: payment not in GBP: refund it", "ref", pi.ID, "order", order, "currency", pi.Currency)
		return false, nil
	}
	err := s.RecordPayment(ctx, ProviderPayment{Provider: ProviderStripe, EventID: eventID, OrderID: order, Ref: pi.ID, AmountPence: pi.AmountReceived})
	switch {
	case errors.Is(err, ErrShortPayment):
		// Money was taken, yet less than the order costs (the buyer paid an
		// old PaymentIntent after removing a promo code): the order stays
		// unpaid and a person must refund. Retrying would not change that.
		s.log.Error("stripe: payment below the order total: refund it", "ref", pi.ID, "order", order, "err", err)
		return false, nil
	case apperr.IsNotFound(err):
		s.log.Warn("stripe: payment for an unknown order", "ref", pi.ID, "order", order)
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// recheck asks Stripe about the order's PaymentIntent and records it if it
// succeeded.
func (s *Service) recheck(ctx context.Context, o Order) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	pi, err := s.stripe.api.V1PaymentIntents.Retrieve(ctx, o.ProviderRef, nil)
	if err != nil {
		return false, err
	}
	return s.recordIntent(ctx, "retrieve:"+pi.ID, o.ID, pi)
}

// Refresh is Get for the buyer's page: a pending order whose Stripe payment
// was started is first checked with Stripe, so a payment the browser saw
// succeed shows as paid even before (or without) the webhook.
func (s *Service) Refresh(ctx context.Context, a session.Actor, id string) (Order, error) {
	o, err := s.Get(ctx, a, id)
	if err != nil || s.stripe == nil || o.Status != Pending || o.Provider != ProviderStripe || o.ProviderRef == "" {
		return o, err
	}
	recorded, err := s.recheck(ctx, o)
	if err != nil {
		// The order is still what we know; the webhook or the sweep will tell.
		s.log.Warn("stripe: could not check a payment", "order", o.ID, "ref", o.ProviderRef, "err", err)
		return o, nil
	}
	if !recorded {
		return o, nil
	}
	return s.Get(ctx, a, id)
}

// ReconcileOnce re-checks the pending orders whose Stripe payment started
// between recheckAfter and recheckFor ago: the safety net for a lost
// webhook and a buyer who closed the page. It returns how many it found paid.
func (s *Service) ReconcileOnce(ctx context.Context) (int, error) {
	if s.stripe == nil {
		return 0, nil
	}
	now := s.clock.Now()
	orders, err := startedPayments(ctx, s.db.Conn(), ProviderStripe, now.Add(-recheckFor), now.Add(-recheckAfter), 100)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, o := range orders {
		recorded, err := s.recheck(ctx, o)
		if err != nil {
			errs = append(errs, fmt.Errorf("order %s: %w", o.ID, err))
		}
		if recorded {
			s.log.Info("stripe: payment recovered by the sweep", "order", o.ID, "ref", o.ProviderRef)
			n++
		}
	}
	return n, errors.Join(errs...)
}

// Reconcile runs ReconcileOnce every interval until ctx ends (at once when
// the sandbox is the provider). Several servers may sweep at the same
// time: RecordPayment counts a payment once whoever finds it.
func (s *Service) Reconcile(ctx context.Context, every time.Duration) {
	if s.stripe == nil {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.ReconcileOnce(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("stripe: sweep of started payments", "err", err)
			}
		}
	}
}

// StripeWebhook handles one delivery from Stripe. payload is the raw body:
// the signature covers its exact bytes. A bad signature, or a timestamp
// more than webhook.DefaultTolerance away from now, in either direction
// (an old one is a replay; stripe-go checks only that side), is refused.
func (s *Service) StripeWebhook(ctx context.Context, payload []byte, signature string) error {
	if s.stripe == nil {
		return apperr.New(apperr.NotFound, "not_found", "Not found.")
	}
	// The signature and its age are checked first; the API version check
	// is skipped because the few fields read below are the same in every
	// version, and refusing an event over it would lose a payment.
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.stripe.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err == nil {
		err = notFromTheFuture(signature, time.Now())
	}
	if err != nil {
		s.log.Warn("stripe: webhook refused", "err", err)
		return &apperr.Error{Kind: apperr.Invalid, Code: "bad_signature", Message: msgStripeBadEvent, Err: err}
	}
	// Only success moves an order. payment_failed and the rest are
	// acknowledged and ignored, so one that arrives after the success (or
	// a replay of it) changes nothing.
	if ev.Type != stripe.EventTypePaymentIntentSucceeded || ev.Data == nil {
		return nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return &apperr.Error{Kind: apperr.Invalid, Code: "bad_event", Message: "Event object is not a PaymentIntent.", Err: err}
	}
	_, err = s.recordIntent(ctx, ev.ID, "", &pi)
	return err
}

// notFromTheFuture applies the webhook tolerance the other way: a signed
// delivery dated further ahead than webhook.DefaultTolerance is refused
// like an old one (a signature made for later use, or a wrong clock). The
// signature has been verified, so its t= is the one Stripe signed.
func notFromTheFuture(header string, now time.Time) error {
	for _, part := range strings.Split(header, ",") {
		v, ok := strings.CutPrefix(strings.TrimSpace(part), "t=")
		if !ok {
			continue
		}
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("stripe signature timestamp %q: %w", v, err)
		}
		if at := time.Unix(sec, 0); at.After(now.Add(webhook.DefaultTolerance)) {
			return fmt.Errorf("stripe signature dated %s, more than %s ahead", at.UTC().Format(time.RFC3339), webhook.DefaultTolerance)
		}
		return nil
	}
	return errors.New("stripe signature without a timestamp")
}

// stripeCSP is what Stripe.js and its card element need in the page's
// Content-Security-Policy (Stripe's integration security guide): its
// script, its frames (the card field, 3-D Secure pages, fraud signals)
// and its API.
var stripeCSP = map[string][]string{
	"script-src":  {"https://js.stripe.com", "https://*.js.stripe.com"},
	"frame-src":   {"https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://m.stripe.network"},
	"connect-src": {"https://api.stripe.com"},
}

// WithCSP widens the Content-Security-Policy set by the security-headers
// middleware (which must run first) for Stripe.js when Stripe is the
// provider; the sandbox needs nothing from other sites, so then it is a
// no-op and the strict policy stays.
func (s *Service) WithCSP(next http.Handler) http.Handler {
	if s.stripe == nil {
		return next
	}
	return httpx.WithCSPSources(stripeCSP)(next)
}
