package payment

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `id, user_id, order_type, subject_id, status, currency, lines, promo_codes, total_pence, provider, provider_ref,
	receipt_email, paid_at, created_at, pay_attempt, receipt_no`

func scan(row db.Scanner) (Order, error) {
	var o Order
	var lines, codes string
	var paid, receiptNo sql.NullInt64
	var created int64
	err := row.Scan(&o.ID, &o.UserID, &o.OrderType, &o.SubjectID, &o.Status, &o.Currency, &lines, &codes, &o.TotalPence,
		&o.Provider, &o.ProviderRef, &o.ReceiptEmail, &paid, &created, &o.PayAttempt, &receiptNo)
	if errors.Is(err, db.NoRows) {
		return Order{}, apperr.New(apperr.NotFound, "not_found", MsgOrderNotFound)
	}
	if err != nil {
		return Order{}, apperr.Wrap(err, "scan order")
	}
	if err := json.Unmarshal([]byte(lines), &o.Lines); err != nil {
		return Order{}, apperr.Wrap(err, "decode order lines")
	}
	if err := json.Unmarshal([]byte(codes), &o.Codes); err != nil {
		return Order{}, apperr.Wrap(err, "decode order codes")
	}
	if paid.Valid {
		t := time.UnixMilli(paid.Int64).UTC()
		o.PaidAt = &t
		if receiptNo.Valid {
			o.ReceiptNumber = ReceiptNumber(receiptNo.Int64, t)
		}
	}
	o.CreatedAt = time.UnixMilli(created).UTC()
	o.price()
	return o, nil
}

// price fills the derived totals from the lines and codes. TotalPence as
// stored is what the provider is asked for; it is always price()'s result.
func (o *Order) price() {
	o.WasPence, o.FullPence = 0, 0
	for _, l := range o.Lines {
		o.WasPence += l.WasPence * int64(l.Qty)
		o.FullPence += l.UnitPence * int64(l.Qty)
	}
	percents := make([]int, len(o.Codes))
	for i, c := range o.Codes {
		percents[i] = c.Discount
	}
	o.TotalPence = Apply(o.FullPence, percents).Pence
	o.PercentOff = percentOff(o.WasPence, o.TotalPence)
}

func insertOrder(ctx context.Context, c db.Conn, o Order) error {
	lines, _ := json.Marshal(o.Lines)
	codes, _ := json.Marshal(o.Codes)
	_, err := c.Exec(ctx, `INSERT INTO orders (id, user_id, order_type, subject_id, status, currency, lines, promo_codes, total_pence,
		receipt_email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.ID, o.UserID, o.OrderType, o.SubjectID, o.Status, o.Currency, string(lines), string(codes), o.TotalPence,
		o.ReceiptEmail, o.CreatedAt.UnixMilli(), o.CreatedAt.UnixMilli())
	return apperr.Wrap(err, "insert order")
}

// saveBasket stores changed lines or codes of a pending order. A payment
// already started with the provider is for the old amount, so its
// reference is dropped and a new one is made when the buyer pays.
func saveBasket(ctx context.Context, c db.Conn, o Order, now time.Time) error {
	lines, _ := json.Marshal(o.Lines)
	codes, _ := json.Marshal(o.Codes)
	_, err := c.Exec(ctx, `UPDATE orders SET lines = ?, promo_codes = ?, total_pence = ?, provider = '', provider_ref = '', updated_at = ?
		WHERE id = ? AND status = 'pending'`, string(lines), string(codes), o.TotalPence, now.UnixMilli(), o.ID)
	return apperr.Wrap(err, "save basket")
}

// lockOrder reads an order after taking its row's write lock (a touch of
// the row: a row lock on PostgreSQL, the database lock on SQLite), so two
// payments of one order are serialised.
func lockOrder(ctx context.Context, tx db.Conn, id string) (Order, error) {
	if _, err := tx.Exec(ctx, `UPDATE orders SET updated_at = updated_at WHERE id = ?`, id); err != nil {
		return Order{}, apperr.Wrap(err, "lock order")
	}
	return scan(tx.QueryRow(ctx, `SELECT `+cols+` FROM orders WHERE id = ?`, id))
}

func orderByID(ctx context.Context, c db.Conn, id string) (Order, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM orders WHERE id = ?`, id))
}

func ordersOf(ctx context.Context, c db.Conn, userID string) ([]Order, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM orders WHERE user_id = ? ORDER BY created_at DESC, id`, userID)
	return out, apperr.Wrap(err, "list orders")
}

// startProviderPayment stores the provider's payment id on a pending
// order, provided its total is still the amount that payment is for.
func startProviderPayment(ctx context.Context, c db.Conn, id, provider, ref string, total int64, now time.Time) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE orders SET provider = ?, provider_ref = ?, updated_at = ? WHERE id = ? AND status = 'pending' AND total_pence = ?`,
		provider, ref, now.UnixMilli(), id, total)
	if err != nil {
		return false, apperr.Wrap(err, "save payment reference")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "save payment reference")
}

// startedPayments lists pending orders whose provider payment was stored
// between from and to, newest first.
func startedPayments(ctx context.Context, c db.Conn, provider string, from, to time.Time, limit int) ([]Order, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM orders WHERE status = 'pending' AND provider = ? AND provider_ref <> ''
		AND updated_at > ? AND updated_at <= ? ORDER BY updated_at DESC LIMIT ?`, provider, from.UnixMilli(), to.UnixMilli(), limit)
	return out, apperr.Wrap(err, "list started payments")
}

// recordEvent notes a provider event; false means it was seen before.
func recordEvent(ctx context.Context, tx db.Conn, provider, eventID, orderID string, now time.Time) (bool, error) {
	// ON CONFLICT rather than catching the violation: on PostgreSQL a failed
	// statement would abort the whole transaction.
	res, err := tx.Exec(ctx, `INSERT INTO payment_events (provider, event_id, order_id, received_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, orderID, now.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "record payment event")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "record payment event")
}

// nextAttempt numbers the order's next card attempt (after a decline: the
// provider keeps a key's first answer, so the next card needs a new key).
func nextAttempt(ctx context.Context, tx db.Conn, id string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE orders SET pay_attempt = pay_attempt + 1, updated_at = ? WHERE id = ? AND status = 'pending'`, now.UnixMilli(), id)
	return apperr.Wrap(err, "next payment attempt")
}

// claimOnce records that orderID is the one order of (orderType, subjectID)
// unless another is recorded already; it returns the one recorded. Insert
// or get, with the table's unique key deciding: ON CONFLICT DO NOTHING
// waits for a simultaneous first insert to commit (PostgreSQL) or runs
// after it (SQLite's write transaction), and never fails the transaction.
func claimOnce(ctx context.Context, tx db.Conn, orderType, subjectID, orderID string) (string, error) {
	if _, err := tx.Exec(ctx, `INSERT INTO order_once (order_type, subject_id, order_id) VALUES (?, ?, ?)
		ON CONFLICT (order_type, subject_id) DO NOTHING`, orderType, subjectID, orderID); err != nil {
		return "", apperr.Wrap(err, "claim the one order")
	}
	var id string
	err := tx.QueryRow(ctx, `SELECT order_id FROM order_once WHERE order_type = ? AND subject_id = ?`, orderType, subjectID).Scan(&id)
	return id, apperr.Wrap(err, "read the one order")
}

// setPaid marks a pending order paid with the next receipt number, taken
// from the one counter row: its update locks the row (PostgreSQL) or runs in
// SQLite's one write transaction, so two payments never share a number.
func setPaid(ctx context.Context, tx db.Conn, id, provider, ref string, now time.Time) (int64, error) {
	var no int64
	if err := tx.QueryRow(ctx, `UPDATE receipt_sequence SET last = last + 1 WHERE id = 1 RETURNING last`).Scan(&no); err != nil {
		return 0, apperr.Wrap(err, "next receipt number")
	}
	_, err := tx.Exec(ctx, `UPDATE orders SET status = 'paid', provider = ?, provider_ref = ?, paid_at = ?, updated_at = ?, receipt_no = ?
		WHERE id = ? AND status = 'pending'`, provider, ref, now.UnixMilli(), now.UnixMilli(), no, id)
	return no, apperr.Wrap(err, "mark order paid")
}

// receiptSent says whether the order's receipt e-mail was queued.
func receiptSent(ctx context.Context, c db.Conn, id string) (bool, error) {
	var at sql.NullInt64
	err := c.QueryRow(ctx, `SELECT receipt_sent_at FROM orders WHERE id = ?`, id).Scan(&at)
	return at.Valid, apperr.Wrap(err, "read receipt sent")
}

// markReceiptSent records, in the transaction that queues the receipt
// e-mail, that it is queued; false means it was already (another run of
// the job). The update takes the order's row lock (the database's on
// SQLite), so of two runs at once one marks it and the other finds it set.
func markReceiptSent(ctx context.Context, tx db.Conn, id string, now time.Time) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE orders SET receipt_sent_at = ? WHERE id = ? AND status = 'paid' AND receipt_sent_at IS NULL`, now.UnixMilli(), id)
	if err != nil {
		return false, apperr.Wrap(err, "mark receipt sent")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "mark receipt sent")
}

// orderByReceiptNo reads the order a receipt number was given to.
func orderByReceiptNo(ctx context.Context, c db.Conn, no int64) (Order, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM orders WHERE receipt_no = ?`, no))
}

// removeOrder deletes a pending order and its claim as a record's one
// order (Withdraw).
func removeOrder(ctx context.Context, tx db.Conn, o Order) error {
	if _, err := tx.Exec(ctx, `DELETE FROM order_once WHERE order_id = ?`, o.ID); err != nil {
		return apperr.Wrap(err, "withdraw order")
	}
	_, err := tx.Exec(ctx, `DELETE FROM orders WHERE id = ? AND status = ?`, o.ID, Pending)
	return apperr.Wrap(err, "withdraw order")
}
