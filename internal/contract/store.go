package contract

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `id, landlord_id, property_id, status, payment_status, jurisdiction, library_version, answers, edits, step, history,
	duplicated_from, created_at, updated_at, sent_at, deposit_received_on`

func scan(row db.Scanner) (Contract, error) {
	var c Contract
	var answers, edits, history string
	var created, updated int64
	var sent *int64
	err := row.Scan(&c.ID, &c.LandlordID, &c.PropertyID, &c.Status, &c.PaymentStatus, &c.Jurisdiction, &c.LibraryVersion,
		&answers, &edits, &c.Step, &history, &c.DuplicatedFrom, &created, &updated, &sent, &c.DepositReceived)
	if errors.Is(err, db.NoRows) {
		return Contract{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Contract{}, apperr.Wrap(err, "scan contract")
	}
	if err := errors.Join(json.Unmarshal([]byte(answers), &c.Answers), json.Unmarshal([]byte(edits), &c.Edits),
		json.Unmarshal([]byte(history), &c.History)); err != nil {
		return Contract{}, apperr.Wrap(err, "read contract")
	}
	c.CreatedAt, c.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	if sent != nil {
		t := time.UnixMilli(*sent).UTC()
		c.SentAt = &t
	}
	return c, nil
}

func encode(c Contract) (answers, edits, history string, err error) {
	a, err1 := json.Marshal(c.Answers)
	if c.Edits == nil {
		c.Edits = map[string]Edit{}
	}
	e, err2 := json.Marshal(c.Edits)
	if c.History == nil {
		c.History = []Step{}
	}
	h, err3 := json.Marshal(c.History)
	return string(a), string(e), string(h), errors.Join(err1, err2, err3)
}

func sentMillis(c Contract) *int64 {
	if c.SentAt == nil {
		return nil
	}
	ms := c.SentAt.UnixMilli()
	return &ms
}

func insert(ctx context.Context, conn db.Conn, c Contract) error {
	answers, edits, history, err := encode(c)
	if err != nil {
		return apperr.Wrap(err, "encode contract")
	}
	if _, err := conn.Exec(ctx, `INSERT INTO contracts (`+cols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.LandlordID, c.PropertyID, c.Status, c.PaymentStatus, c.Jurisdiction, c.LibraryVersion, answers, edits, c.Step, history,
		c.DuplicatedFrom, c.CreatedAt.UnixMilli(), c.UpdatedAt.UnixMilli(), sentMillis(c), c.DepositReceived); err != nil {
		return apperr.Wrap(err, "insert contract")
	}
	return writeTenants(ctx, conn, c)
}

func update(ctx context.Context, conn db.Conn, c Contract) error {
	answers, edits, history, err := encode(c)
	if err != nil {
		return apperr.Wrap(err, "encode contract")
	}
	// status, payment_status and sent_at change only through the signing
	// statements below, each guarded by the state it leaves. Only a draft
	// is changed: the caller read it locked (lockedByID) in this
	// transaction, and the guard keeps a signed agreement's answers (and
	// so its readers, contract_tenants) from ever being rewritten.
	res, err := conn.Exec(ctx, `UPDATE contracts SET property_id = ?, jurisdiction = ?, library_version = ?,
		answers = ?, edits = ?, step = ?, history = ?, updated_at = ? WHERE id = ? AND status = ?`,
		c.PropertyID, c.Jurisdiction, c.LibraryVersion, answers, edits, c.Step, history, c.UpdatedAt.UnixMilli(), c.ID, Draft)
	if err != nil {
		return apperr.Wrap(err, "update contract")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
	}
	return writeTenants(ctx, conn, c)
}

// writeTenants keeps contract_tenants equal to the answers' tenants.
func writeTenants(ctx context.Context, conn db.Conn, c Contract) error {
	if _, err := conn.Exec(ctx, `DELETE FROM contract_tenants WHERE contract_id = ?`, c.ID); err != nil {
		return apperr.Wrap(err, "clear contract tenants")
	}
	for i, t := range c.Answers.Tenants {
		if t.Email == "" {
			continue
		}
		if _, err := conn.Exec(ctx, `INSERT INTO contract_tenants (contract_id, position, email_key) VALUES (?, ?, ?)`,
			c.ID, i, strings.ToLower(t.Email)); err != nil {
			return apperr.Wrap(err, "write contract tenant")
		}
	}
	// The guarantor reads and signs the agreement like a tenant.
	if g := c.Answers.Guarantor; g.Answer == Yes && g.Email != "" {
		if _, err := conn.Exec(ctx, `INSERT INTO contract_tenants (contract_id, position, email_key) VALUES (?, ?, ?)`,
			c.ID, guarantorPosition, strings.ToLower(g.Email)); err != nil {
			return apperr.Wrap(err, "write contract guarantor")
		}
	}
	return nil
}

// setDepositReceived records the day the deposit was received ("" clears it).
func setDepositReceived(ctx context.Context, conn db.Conn, id, day string, now int64) error {
	_, err := conn.Exec(ctx, `UPDATE contracts SET deposit_received_on = ?, updated_at = ? WHERE id = ?`, day, now, id)
	return apperr.Wrap(err, "record deposit received")
}

// guarantorPosition is the guarantor's row among the contract's readers.
const guarantorPosition = 1000

// moveStatus changes an agreement's status from one to another, and reports
// whether it was still in the first (so two requests cannot both move it).
func moveStatus(ctx context.Context, conn db.Conn, id string, from, to Status, sentAt *int64, now int64) (bool, error) {
	q := `UPDATE contracts SET status = ?, updated_at = ?`
	args := []any{to, now}
	if sentAt != nil {
		q += `, sent_at = ?`
		args = append(args, *sentAt)
	}
	res, err := conn.Exec(ctx, q+` WHERE id = ? AND status = ?`, append(args, id, from)...)
	if err != nil {
		return false, apperr.Wrap(err, "move contract")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "move contract")
}

// setOrder records the fee's order on a draft that has none yet.
func setOrder(ctx context.Context, conn db.Conn, id, orderID string) (bool, error) {
	res, err := conn.Exec(ctx, `UPDATE contracts SET order_id = ? WHERE id = ? AND order_id = ''`, orderID, id)
	if err != nil {
		return false, apperr.Wrap(err, "record contract order")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "record contract order")
}

// orderOf is the agreement's fee order id ("" before one is made).
func orderOf(ctx context.Context, conn db.Conn, id string) (string, error) {
	var o string
	err := conn.QueryRow(ctx, `SELECT order_id FROM contracts WHERE id = ?`, id).Scan(&o)
	return o, apperr.Wrap(err, "read contract order")
}

// setPaid marks the fee paid for the order that was made for it.
func setPaid(ctx context.Context, conn db.Conn, id, orderID string, now int64) (bool, error) {
	res, err := conn.Exec(ctx, `UPDATE contracts SET payment_status = ?, updated_at = ? WHERE id = ? AND order_id = ? AND payment_status = ?`,
		PaymentCompleted, now, id, orderID, PaymentPending)
	if err != nil {
		return false, apperr.Wrap(err, "record contract payment")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "record contract payment")
}

func byID(ctx context.Context, conn db.Conn, id string) (Contract, error) {
	return scan(conn.QueryRow(ctx, `SELECT `+cols+` FROM contracts WHERE id = ?`, id))
}

// lockedByID is byID inside a transaction that changes the agreement, with
// its row locked until the transaction ends (PostgreSQL's FOR UPDATE;
// SQLite's transactions take the write lock when they begin), so what is
// decided from it (a draft's edit, the landlord's signature) is decided on
// the agreement as it is, one request after the other.
func lockedByID(ctx context.Context, conn db.Conn, dialect db.Dialect, id string) (Contract, error) {
	q := `SELECT ` + cols + ` FROM contracts WHERE id = ?`
	if dialect == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scan(conn.QueryRow(ctx, q, id))
}

// byLandlord lists a landlord's agreements in the given statuses, newest first.
func byLandlord(ctx context.Context, conn db.Conn, landlordID string, statuses ...Status) ([]Contract, error) {
	q, args := `SELECT `+cols+` FROM contracts WHERE landlord_id = ?`, []any{landlordID}
	q, args = inStatuses(q, args, statuses)
	out, err := db.All(ctx, conn, scan, q+` ORDER BY created_at DESC, id`, args...)
	return out, apperr.Wrap(err, "list contracts")
}

// byTenantEmail lists agreements sent to the e-mail, in the given statuses.
func byTenantEmail(ctx context.Context, conn db.Conn, email string, statuses ...Status) ([]Contract, error) {
	q := `SELECT ` + prefixed("c.", cols) + ` FROM contracts c WHERE c.sent_at IS NOT NULL
		AND EXISTS (SELECT 1 FROM contract_tenants t WHERE t.contract_id = c.id AND t.email_key = ?)`
	args := []any{strings.ToLower(email)}
	q, args = inStatuses(q, args, statuses)
	out, err := db.All(ctx, conn, scan, q+` ORDER BY c.created_at DESC, c.id`, args...)
	return out, apperr.Wrap(err, "list tenant contracts")
}

func inStatuses(q string, args []any, statuses []Status) (string, []any) {
	if len(statuses) == 0 {
		return q, args
	}
	q += ` AND status IN (?` + strings.Repeat(`, ?`, len(statuses)-1) + `)`
	for _, s := range statuses {
		args = append(args, s)
	}
	return q, args
}

func prefixed(p, list string) string {
	parts := strings.Split(list, ",")
	for i, s := range parts {
		parts[i] = p + strings.TrimSpace(s)
	}
	return strings.Join(parts, ", ")
}

func remove(ctx context.Context, conn db.Conn, id string) error {
	if _, err := conn.Exec(ctx, `DELETE FROM contract_tenants WHERE contract_id = ?`, id); err != nil {
		return apperr.Wrap(err, "delete contract tenants")
	}
	res, err := conn.Exec(ctx, `DELETE FROM contracts WHERE id = ? AND status = ?`, id, Draft)
	if err != nil {
		return apperr.Wrap(err, "delete contract")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}

// sentAgreements lists agreements past the draft, of one landlord or all ("").
func sentAgreements(ctx context.Context, conn db.Conn, landlordID string) ([]Contract, error) {
	q, args := `SELECT `+cols+` FROM contracts WHERE 1 = 1`, []any{}
	if landlordID != "" {
		q, args = q+` AND landlord_id = ?`, append(args, landlordID)
	}
	q, args = inStatuses(q, args, []Status{ATS, ADS, Completed})
	out, err := db.All(ctx, conn, scan, q+` ORDER BY created_at, id`, args...)
	return out, apperr.Wrap(err, "list sent contracts")
}
