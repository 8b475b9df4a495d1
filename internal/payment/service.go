package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/session"
)

// Fulfiller is a product domain's part in a sale: it acts on a paid order
// inside the transaction that records the payment, so the sale and its
// consequence (renters invited, a contract unlocked) happen together, once.
type Fulfiller interface {
	Fulfil(ctx context.Context, tx db.Conn, o Order) error
}

// CodeCheck is the answer to "can this promo code be used now?": a code
// that does not exist is a NotFound error instead.
type CodeCheck struct {
	Code     string // as the admin wrote it
	IsValid  bool
	Message  string // why not, in the spec's words
	Discount int    // percent
}

// Codes checks promo codes; the promo area answers, through an adapter
// wired in internal/app.
type Codes interface {
	Check(ctx context.Context, code string) (CodeCheck, error)
}

// MsgCodeUsed: a code already on the order (spec 2 section 5, "Promo code apply").
const MsgCodeUsed = "Code already used"

// Mailer queues e-mail inside a transaction.
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

type Service struct {
	db         *db.DB
	clock      clock.Clock
	codes      Codes
	mail       Mailer
	jobs       *jobs.Queue
	log        *slog.Logger
	fulfillers map[string]Fulfiller
	products   map[Product]Price
	// stripe is the card provider when configured (UseStripe); nil means
	// the sandbox. The two take the card in different places (our form and
	// sandbox-payment, or Stripe's element in the browser and its webhook),
	// so they share the order, its price and RecordPayment rather than a
	// method set; Provider tells the web app which form to show.
	stripe *stripeProvider
	// sandbox is the sandbox provider's memory of idempotency keys.
	sandbox *sandboxLedger
	// supplier is who the receipts name as selling (UseSupplier).
	supplier Supplier
	// drawReceipt draws a receipt's PDF (receiptPDF; tests slow it down).
	drawReceipt func(Receipt) ([]byte, error)
	// receiptCrash, when set (tests only), is called at the points of the
	// receipt job named in receiptJob.
	receiptCrash func(point string)
}

// NewService makes the payment service with the offline sandbox as its card
// provider (see UseStripe). q runs the receipt e-mails (receipt.go).
func NewService(d *db.DB, c clock.Clock, codes Codes, m Mailer, q *jobs.Queue, log *slog.Logger) *Service {
	s := &Service{db: d, clock: c, codes: codes, mail: m, jobs: q, log: log, fulfillers: map[string]Fulfiller{}, products: map[Product]Price{},
		sandbox: newSandboxLedger(), drawReceipt: receiptPDF}
	q.Handle(receiptJob, s.receiptJob)
	return s
}

// Provider names the card provider in use, for the payment page: "sandbox"
// or "stripe".
func (s *Service) Provider() string {
	if s.stripe != nil {
		return ProviderStripe
	}
	return ProviderSandbox
}

// Register names the domain that fulfils orders of a type.
func (s *Service) Register(orderType string, f Fulfiller) { s.fulfillers[orderType] = f }

// RegisterProduct puts an area's product on sale at its price. It is
// called while the app is wired, before serving; a product registered twice
// or a price that makes no sense is a programming error and panics there.
func (s *Service) RegisterProduct(p Product, price Price) {
	if _, dup := s.products[p]; dup || p == "" || price.Name == "" || price.Pence <= 0 || price.WasPence < price.Pence {
		panic(fmt.Sprintf("payment: cannot register product %q at %+v", p, price))
	}
	s.products[p] = price
}

// Catalogue lists the products on sale with their prices, by product name.
func (s *Service) Catalogue() []CatalogueItem {
	out := make([]CatalogueItem, 0, len(s.products))
	for p, price := range s.products {
		out = append(out, CatalogueItem{Product: p, Price: price})
	}
	slices.SortFunc(out, func(a, b CatalogueItem) int { return strings.Compare(string(a.Product), string(b.Product)) })
	return out
}

// Buyer is who pays and where the receipt goes.
type Buyer struct{ ID, Email string }

// Item is what a domain asks to sell; the price is the one registered.
type Item struct {
	Product     Product
	Description string
	Qty         int
}

// maxLines and maxQty bound a basket far above anything sold (ten renters
// is a reference check's most) so that no total can overflow.
const (
	maxLines = 1000
	maxQty   = 1000
)

func (s *Service) lines(items []Item) ([]Line, error) {
	if len(items) > maxLines {
		return nil, fmt.Errorf("payment: %d lines is more than %d", len(items), maxLines)
	}
	out := make([]Line, 0, len(items))
	for _, it := range items {
		p, ok := s.products[it.Product]
		if !ok || it.Qty < 1 || it.Qty > maxQty {
			return nil, fmt.Errorf("payment: cannot sell %d x %q", it.Qty, it.Product)
		}
		out = append(out, Line{Product: it.Product, Description: it.Description, UnitPence: p.Pence, WasPence: p.WasPence, Qty: it.Qty})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("payment: an order needs at least one item")
	}
	return out, nil
}

// NewOrder creates a pending order inside the caller's transaction.
func (s *Service) NewOrder(ctx context.Context, tx db.Conn, b Buyer, orderType, subjectID string, items []Item) (Order, error) {
	return s.newOrder(ctx, tx, uuid.NewString(), b, orderType, subjectID, items)
}

func (s *Service) newOrder(ctx context.Context, tx db.Conn, id string, b Buyer, orderType, subjectID string, items []Item) (Order, error) {
	ls, err := s.lines(items)
	if err != nil {
		return Order{}, apperr.Wrap(err, "new order")
	}
	o := Order{ID: id, UserID: b.ID, OrderType: orderType, SubjectID: subjectID, Status: Pending, Currency: "GBP",
		Lines: ls, Codes: []AppliedCode{}, ReceiptEmail: b.Email, CreatedAt: s.clock.Now()}
	o.price()
	return o, insertOrder(ctx, tx, o)
}

// SetItems replaces the basket of a pending order (a renter removed, say),
// inside the caller's transaction; the codes stay and the total is redone.
func (s *Service) SetItems(ctx context.Context, tx db.Conn, orderID string, items []Item) (Order, error) {
	ls, err := s.lines(items)
	if err != nil {
		return Order{}, apperr.Wrap(err, "set order items")
	}
	o, err := lockOrder(ctx, tx, orderID)
	if err != nil {
		return Order{}, err
	}
	if o.Status != Pending {
		return Order{}, apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
	}
	o.Lines = ls
	o.price()
	return o, saveBasket(ctx, tx, o, s.clock.Now())
}

// Lock locks an order inside the caller's transaction, the lock its
// payment takes (recordPayment), and answers it as it now is. A record sold
// with an order (a reference check's renters) takes it before reading what
// it will change of the basket, so two changes, or a change and the
// payment, are decided one at a time, and the order's lock is always taken
// before the record's (as a payment's fulfilment does: no deadlock).
func (s *Service) Lock(ctx context.Context, tx db.Conn, orderID string) (Order, error) {
	return lockOrder(ctx, tx, orderID)
}

// Get returns one of the user's own orders; anyone else's is not found.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Order, error) {
	o, err := orderByID(ctx, s.db.Conn(), id)
	if err != nil || o.UserID != a.UserID {
		return Order{}, apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
	}
	return o, nil
}

// Orders lists the user's own orders, newest first.
func (s *Service) Orders(ctx context.Context, a session.Actor) ([]Order, error) {
	return ordersOf(ctx, s.db.Conn(), a.UserID)
}

// changeBasket runs change on the user's own pending order under its lock.
func (s *Service) changeBasket(ctx context.Context, a session.Actor, id string, change func(*Order) error) (Order, error) {
	var out Order
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		o, err := lockOrder(ctx, tx, id)
		if err != nil || o.UserID != a.UserID {
			return apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
		}
		if o.Status != Pending {
			return apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
		}
		if err := change(&o); err != nil {
			return err
		}
		o.price()
		out = o
		return saveBasket(ctx, tx, o, s.clock.Now())
	})
	return out, err
}

// ApplyCode adds a promo code to the order (spec 2 section 5, "Promo code
// apply"): an unknown code is 'Invalid code'; a known but unusable one
// answers the reason; a code already on the order is 'Code already used'.
func (s *Service) ApplyCode(ctx context.Context, a session.Actor, id, code string) (Order, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return Order{}, apperr.New(apperr.Invalid, "code_empty", MsgCodeEmpty)
	}
	check, err := s.codes.Check(ctx, code)
	if err != nil {
		return Order{}, err
	}
	if !check.IsValid {
		return Order{}, apperr.New(apperr.Invalid, "code_unusable", check.Message)
	}
	return s.changeBasket(ctx, a, id, func(o *Order) error {
		for _, c := range o.Codes {
			if strings.EqualFold(c.Code, check.Code) {
				return apperr.New(apperr.Conflict, "code_used", MsgCodeUsed)
			}
		}
		o.Codes = append(o.Codes, AppliedCode{Code: check.Code, Discount: check.Discount})
		return nil
	})
}

// RemoveCode takes a code off; the total is recomputed from the full price
// with the codes that remain.
func (s *Service) RemoveCode(ctx context.Context, a session.Actor, id, code string) (Order, error) {
	return s.changeBasket(ctx, a, id, func(o *Order) error {
		kept := o.Codes[:0]
		for _, c := range o.Codes {
			if !strings.EqualFold(c.Code, code) {
				kept = append(kept, c)
			}
		}
		o.Codes = kept
		return nil
	})
}

// CompleteFree completes an order whose total is zero. The server decides
// that it is free; nothing the browser sends can make it so.
func (s *Service) CompleteFree(ctx context.Context, a session.Actor, id string) (Order, error) {
	o, err := s.Get(ctx, a, id)
	if err != nil {
		return Order{}, err
	}
	if o.Status == Paid {
		// Free and completed already (a second tap) is its receipt; paid
		// by card, it was never free.
		if o.TotalPence != 0 {
			return o, alreadyPaid()
		}
		return o, nil
	}
	if o, err = s.recheckCodes(ctx, a, id); err != nil {
		return Order{}, err
	}
	if o.TotalPence != 0 {
		return Order{}, apperr.New(apperr.Invalid, "not_free", MsgNotFree)
	}
	// Decided again with the order locked: a promo code taken off (or a
	// basket changed) since the reads above makes it cost something, and
	// the buyer is told so (409) rather than the payment being refused as
	// short of the total.
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		cur, err := lockOrder(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.UserID != a.UserID {
			return apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
		}
		switch {
		case cur.Status == Paid:
			return nil // completed by a request at the same time
		case cur.TotalPence != 0:
			return apperr.New(apperr.Conflict, "not_free", MsgNotFree)
		}
		return s.recordPayment(ctx, tx, ProviderPayment{Provider: "free", EventID: "free-" + id, OrderID: id, Ref: "free", AmountPence: 0})
	})
	if err != nil {
		return Order{}, err
	}
	return s.Get(ctx, a, id)
}

// recheckCodes checks every promo code on a pending order again as it is
// completed, free or by card: a code an admin has since deactivated,
// deleted or whose dates have passed comes off the order, and the buyer is
// told which code no longer applies and the new total (409
// promo_code_withdrawn) instead of paying a price that no longer exists.
// A code whose discount changed keeps its place with the new discount and
// is reported the same way.
func (s *Service) recheckCodes(ctx context.Context, a session.Actor, id string) (Order, error) {
	o, err := s.Get(ctx, a, id)
	if err != nil {
		return Order{}, err
	}
	if _, changed, err := s.currentCodes(ctx, o.Codes); err != nil || len(changed) == 0 {
		return o, err // nothing changed: the basket (and its started card payment) stays as it is
	}
	var changed []string
	o, err = s.changeBasket(ctx, a, id, func(o *Order) error {
		var err error
		o.Codes, changed, err = s.currentCodes(ctx, o.Codes)
		return err
	})
	if err != nil {
		return Order{}, err
	}
	return o, apperr.New(apperr.Conflict, "promo_code_withdrawn", MsgCodesWithdrawn(changed, o.TotalPence))
}

// currentCodes checks applied codes against the promo codes as they are
// now: it returns those that still apply (with today's discount) and the
// names of those that were dropped or whose discount changed.
func (s *Service) currentCodes(ctx context.Context, applied []AppliedCode) (kept []AppliedCode, changed []string, err error) {
	kept = []AppliedCode{}
	for _, c := range applied {
		check, err := s.codes.Check(ctx, c.Code)
		switch {
		case apperr.IsNotFound(err) || (err == nil && !check.IsValid):
			changed = append(changed, c.Code)
			continue
		case err != nil:
			return nil, nil, err
		case check.Discount != c.Discount:
			changed = append(changed, c.Code)
			c.Discount = check.Discount
		}
		kept = append(kept, c)
	}
	return kept, changed, nil
}

// ProviderPayment is a provider's report that money was taken for an order:
// a webhook event, a retrieved payment, a sandbox charge.
type ProviderPayment struct {
	Provider    string
	EventID     string // unique per provider; a replay of it changes nothing
	OrderID     string
	Ref         string // the provider's payment id
	AmountPence int64
}

// ErrShortPayment is RecordPayment's refusal of a payment below the total.
var ErrShortPayment = errors.New("payment: less than the order total")

// RecordPayment records a payment exactly once; see the package comment.
func (s *Service) RecordPayment(ctx context.Context, p ProviderPayment) error {
	return s.db.Tx(ctx, func(tx db.Conn) error { return s.recordPayment(ctx, tx, p) })
}

// recordPayment is RecordPayment inside the caller's transaction.
func (s *Service) recordPayment(ctx context.Context, tx db.Conn, p ProviderPayment) error {
	now := s.clock.Now()
	fresh, err := recordEvent(ctx, tx, p.Provider, p.EventID, p.OrderID, now)
	if err != nil || !fresh {
		return err
	}
	o, err := lockOrder(ctx, tx, p.OrderID)
	if apperr.IsNotFound(err) {
		// Withdrawn (its draft deleted) while a card payment was under way
		// at the provider: the money came in for nothing.
		s.log.Error("payment for a withdrawn order: refund it", "order", p.OrderID, "provider", p.Provider, "ref", p.Ref)
		return nil
	}
	if err != nil {
		return err
	}
	if o.Status == Paid {
		if o.ProviderRef != p.Ref {
			s.log.Error("second payment for a paid order: refund it", "order", o.ID, "provider", p.Provider, "ref", p.Ref, "first", o.ProviderRef)
		}
		return nil
	}
	if p.AmountPence < o.TotalPence {
		return fmt.Errorf("%w: %s %s paid %d pence for order %s of %d", ErrShortPayment, p.Provider, p.Ref, p.AmountPence, o.ID, o.TotalPence)
	}
	no, err := setPaid(ctx, tx, o.ID, p.Provider, p.Ref, now)
	if err != nil {
		return err
	}
	o.Status, o.Provider, o.ProviderRef, o.PaidAt, o.ReceiptNumber = Paid, p.Provider, p.Ref, &now, ReceiptNumber(no, now)
	if f := s.fulfillers[o.OrderType]; f != nil {
		if err := f.Fulfil(ctx, tx, o); err != nil {
			return err
		}
	}
	return s.enqueueReceipt(ctx, tx, o)
}

// OrderOnce is the one order a record is sold with (an agreement's or a
// report's fee): made the first time, the same order after, however many
// first requests arrive at once. existing reads the id the record holds
// ("" before); keep records a new order's id on the record only if none is
// there yet. Which order is the one is decided by order_once's unique key
// (claimOnce: insert or get), so a simultaneous second request gets the
// first one's order instead of an error.
func (s *Service) OrderOnce(ctx context.Context, a session.Actor, orderType, subjectID string, items []Item,
	existing func(ctx context.Context, c db.Conn) (string, error), keep func(ctx context.Context, c db.Conn, orderID string) (bool, error)) (Order, error) {
	var id string
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		var err error
		if id, err = existing(ctx, tx); err != nil || id != "" {
			return err
		}
		fresh := uuid.NewString()
		if id, err = claimOnce(ctx, tx, orderType, subjectID, fresh); err != nil || id != fresh {
			return err // another request's order is the one
		}
		if _, err = s.newOrder(ctx, tx, fresh, Buyer{ID: a.UserID, Email: a.Email}, orderType, subjectID, items); err != nil {
			return err
		}
		ok, err := keep(ctx, tx, fresh)
		if err == nil && !ok {
			err = errRecordHasOrder
		}
		return err
	})
	if errors.Is(err, errRecordHasOrder) { // an order made before order_once existed: that one
		id, err = existing(ctx, s.db.Conn())
	}
	if err != nil {
		return Order{}, err
	}
	return s.Get(ctx, a, id)
}

var errRecordHasOrder = errors.New("payment: the record names another order")
