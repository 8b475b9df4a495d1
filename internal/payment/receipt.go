package payment

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// A paid order has a VAT receipt: the supplier (name, address and VAT
// number, from the configuration), a receipt number a person can read
// (OR-<year paid>-<six digits>, one counter for every order, given as the
// payment is recorded), the date of supply, each line with its net amount,
// VAT rate and VAT, the totals and how it was paid. The receipt page, its
// PDF and the receipt e-mail are all made from one Receipt.

// Supplier is who sells: named on every receipt.
type Supplier struct {
	Name      string   `json:"name"`
	Address   []string `json:"address"`
	VATNumber string   `json:"vatNumber"` // as shown: GB 123 4567 89
}

// UseSupplier sets the supplier the receipts name; called once at start-up.
func (s *Service) UseSupplier(sup Supplier) { s.supplier = sup }

// ReceiptLine is one basket line on the receipt. Promo codes apply to the
// order's total; the receipt shares the saving between the lines in
// proportion to their prices (share), so that the lines add up to what was
// paid. Amounts include VAT except NetPence.
type ReceiptLine struct {
	Product       string `json:"product"`     // the product's name
	Description   string `json:"description"` // for whom or what
	Qty           int    `json:"qty"`
	UnitPence     int64  `json:"unitPence"`     // the price of one, before promo codes
	DiscountPence int64  `json:"discountPence"` // the line's share of the promo codes' saving
	NetPence      int64  `json:"netPence"`
	VATRate       string `json:"vatRate"` // "20%"
	VATPence      int64  `json:"vatPence"`
	TotalPence    int64  `json:"totalPence"` // net plus VAT: what was paid for the line
}

// Receipt is a paid order's VAT receipt.
type Receipt struct {
	Number        string        `json:"number"`
	SupplyDate    string        `json:"supplyDate"` // YYYY-MM-DD (UK): the day it was paid, the tax point
	Supplier      Supplier      `json:"supplier"`
	ReceiptEmail  string        `json:"receiptEmail"`
	Lines         []ReceiptLine `json:"lines"`
	Codes         []AppliedCode `json:"promoCodes"`
	ListPence     int64         `json:"listPence"` // the lines before promo codes
	DiscountPence int64         `json:"discountPence"`
	NetPence      int64         `json:"netPence"`
	VATPence      int64         `json:"vatPence"`
	TotalPence    int64         `json:"totalPence"` // what was paid
	VATRate       string        `json:"vatRate"`
	Method        string        `json:"method"` // how it was paid, in words
	Rounding      string        `json:"rounding"`
}

// receiptPrefix starts every receipt number.
const receiptPrefix = "OR"

// ReceiptNumber is how a receipt number is written: OR-2026-000123 (the
// year the order was paid, then the number, at least six digits).
func ReceiptNumber(no int64, paidAt time.Time) string {
	return fmt.Sprintf("%s-%d-%06d", receiptPrefix, paidAt.In(clock.UK).Year(), no)
}

var receiptNumberRe = regexp.MustCompile(`^` + receiptPrefix + `-(\d{4})-(\d{6,18})$`)

// parseReceiptNumber reads OR-2026-000123 as its year and number.
func parseReceiptNumber(s string) (year int, no int64, ok bool) {
	m := receiptNumberRe.FindStringSubmatch(strings.ToUpper(strings.TrimSpace(s)))
	if m == nil {
		return 0, 0, false
	}
	year, _ = strconv.Atoi(m[1])
	no, err := strconv.ParseInt(m[2], 10, 64)
	return year, no, err == nil && no > 0
}

// MsgReceiptNotFound answers a receipt that is not the user's or does not exist.
const MsgReceiptNotFound = "Receipt not found."

// MsgRounding says how the receipt's VAT is worked out.
const MsgRounding = "Prices include VAT. Each line's VAT is its price including VAT × rate ÷ (100 + rate), " +
	"rounded to the nearest penny (half a penny up); the net is the price less its VAT, and the totals are the sums of the lines. " +
	"A promo code's saving is shared between the lines in proportion to their prices."

var methodNames = map[string]string{
	ProviderSandbox: "Card (sandbox: no money was taken)",
	ProviderStripe:  "Card",
	"free":          "Promo code (nothing to pay)",
}

// receiptOf makes the receipt of a paid order.
func (s *Service) receiptOf(o Order) Receipt {
	paid := o.CreatedAt
	if o.PaidAt != nil {
		paid = *o.PaidAt
	}
	rate := RateOn(paid)
	gross := make([]int64, len(o.Lines))
	for i, l := range o.Lines {
		gross[i] = l.UnitPence * int64(l.Qty)
	}
	paidShares := share(o.TotalPence, gross)
	r := Receipt{
		Number: o.ReceiptNumber, SupplyDate: paid.In(clock.UK).Format(time.DateOnly), Supplier: s.supplier,
		ReceiptEmail: o.ReceiptEmail, Lines: make([]ReceiptLine, len(o.Lines)), Codes: o.Codes,
		VATRate: rate.Label(), Method: methodNames[o.Provider], Rounding: MsgRounding,
	}
	if r.Method == "" {
		r.Method = "Card"
	}
	for i, l := range o.Lines {
		name := string(l.Product)
		if p, ok := s.products[l.Product]; ok {
			name = p.Name
		}
		vat := VATIn(paidShares[i], rate.BasisPoints)
		line := ReceiptLine{Product: name, Description: l.Description, Qty: l.Qty, UnitPence: l.UnitPence,
			DiscountPence: gross[i] - paidShares[i], NetPence: paidShares[i] - vat, VATRate: rate.Label(), VATPence: vat, TotalPence: paidShares[i]}
		r.Lines[i] = line
		r.ListPence += gross[i]
		r.DiscountPence += line.DiscountPence
		r.NetPence += line.NetPence
		r.VATPence += line.VATPence
		r.TotalPence += line.TotalPence
	}
	return r
}

// Receipt is the receipt of one of the user's own paid orders, by its
// number; anyone else's, or an order not paid, is not found.
func (s *Service) Receipt(ctx context.Context, a session.Actor, number string) (Receipt, error) {
	o, err := s.paidOrder(ctx, a, number)
	if err != nil {
		return Receipt{}, err
	}
	return s.receiptOf(o), nil
}

func (s *Service) paidOrder(ctx context.Context, a session.Actor, number string) (Order, error) {
	notFound := apperr.New(apperr.NotFound, "not_found", MsgReceiptNotFound)
	year, no, ok := parseReceiptNumber(number)
	if !ok || a.UserID == "" {
		return Order{}, notFound
	}
	o, err := orderByReceiptNo(ctx, s.db.Conn(), no)
	if apperr.IsNotFound(err) || (err == nil && (o.UserID != a.UserID || o.Status != Paid || o.PaidAt == nil || o.PaidAt.In(clock.UK).Year() != year)) {
		return Order{}, notFound
	}
	return o, err
}

// ReceiptPDF is the receipt as a PDF, with the file name it is downloaded
// as. It is drawn when asked for, from the order as stored, so it is there
// as soon as the payment is (before the receipt e-mail's job has run, too).
func (s *Service) ReceiptPDF(ctx context.Context, a session.Actor, number string) (name string, pdf []byte, err error) {
	o, err := s.paidOrder(ctx, a, number)
	if err != nil {
		return "", nil, err
	}
	r := s.receiptOf(o)
	b, err := s.drawReceipt(r)
	if err != nil {
		return "", nil, apperr.Wrap(err, "draw receipt")
	}
	return receiptFileName(r), b, nil
}

func receiptFileName(r Receipt) string { return "OmniRent receipt " + r.Number + ".pdf" }

// The receipt e-mail. The payment's transaction holds the receipt counter's
// row (setPaid) until it commits, so nothing slow is done in it: it only
// enqueues receiptJob (enqueueReceipt), which draws the PDF after the
// commit, outside any transaction, and then queues the e-mail with it
// attached in a short transaction that first marks the order's receipt as
// sent (markReceiptSent), only if it was not. The job is retried until it
// is done (a crash, a failed drawing) and may run twice; whatever happens
// the buyer gets one receipt e-mail.

const (
	receiptJob = "payment.receipt"
	// receiptTries: with the queue's back-off (capped near an hour) about
	// two days of retries.
	receiptTries = 50
)

type receiptPayload struct {
	OrderID string `json:"orderId"`
}

// enqueueReceipt asks for o's receipt e-mail, inside the payment's
// transaction: it is sent if, and only if, the payment commits.
func (s *Service) enqueueReceipt(ctx context.Context, tx db.Conn, o Order) error {
	return apperr.Wrap(s.jobs.Enqueue(ctx, tx, receiptJob, receiptPayload{OrderID: o.ID}, receiptTries), "queue receipt")
}

// receiptJob draws a paid order's receipt and queues its e-mail, once. Its
// crash points (tests only): "drawn" (the PDF is drawn, nothing stored) and
// "sent" (the e-mail is queued and the order marked, committed).
func (s *Service) receiptJob(ctx context.Context, raw json.RawMessage) error {
	var p receiptPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	conn := s.db.Conn()
	o, err := orderByID(ctx, conn, p.OrderID)
	if apperr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	sent, err := receiptSent(ctx, conn, o.ID)
	if err != nil || sent || o.Status != Paid {
		return err // sent by an earlier run, or nothing to send
	}
	e, err := s.receiptEmail(o)
	if err != nil {
		return err
	}
	s.crashPoint("drawn")
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		first, err := markReceiptSent(ctx, tx, o.ID, s.clock.Now())
		if err != nil || !first {
			return err // another run sent it meanwhile
		}
		return s.mail.Send(ctx, tx, e)
	})
	if err != nil {
		return err
	}
	s.crashPoint("sent")
	return nil
}

func (s *Service) crashPoint(point string) {
	if s.receiptCrash != nil {
		s.receiptCrash(point)
	}
}

// receiptEmail is o's receipt e-mail, with the receipt's PDF attached and a
// link to its page.
func (s *Service) receiptEmail(o Order) (mail.Email, error) {
	r := s.receiptOf(o)
	b, err := s.drawReceipt(r)
	if err != nil {
		return mail.Email{}, apperr.Wrap(err, "draw receipt")
	}
	type line struct {
		Name, Description, Net, VAT, Rate, Total string
		Qty                                      int
	}
	ls := make([]line, len(r.Lines))
	for i, l := range r.Lines {
		ls[i] = line{Name: l.Product, Description: l.Description, Qty: l.Qty, Net: money.Format(l.NetPence),
			VAT: money.Format(l.VATPence), Rate: l.VATRate, Total: money.Format(l.TotalPence)}
	}
	return mail.Email{
		To: o.ReceiptEmail, Subject: "Your OmniRent receipt " + r.Number + ": " + money.Format(r.TotalPence), Template: "receipt",
		Data: map[string]any{
			"Number": r.Number, "PaidOn": supplyDay(r.SupplyDate), "Lines": ls, "Codes": r.Codes,
			"Net": money.Format(r.NetPence), "VAT": money.Format(r.VATPence), "Rate": r.VATRate,
			"Total": money.Format(r.TotalPence), "Method": r.Method, "Supplier": r.Supplier,
			"Path": "/profile/orders/" + r.Number,
		},
		Attachments: []mail.Attachment{{Name: receiptFileName(r), ContentType: "application/pdf", Data: b}},
	}, nil
}

// supplyDay writes a YYYY-MM-DD date as "26 November 2026".
func supplyDay(d string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.Format("2 January 2006")
}
