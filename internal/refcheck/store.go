package refcheck

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

func notFound() error { return apperr.New(apperr.NotFound, "not_found", MsgNotFound) }

func insertCheck(ctx context.Context, tx db.Conn, c Check) error {
	now := c.CreatedAt.UnixMilli()
	_, err := tx.Exec(ctx, `INSERT INTO reference_checks (id, landlord_id, property_id, check_type, rent_pence, deposit_pence, status,
		order_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.LandlordID, c.PropertyID, c.Type, c.RentPence, c.DepositPence, c.Status, c.OrderID, now, now)
	if err != nil {
		return apperr.Wrap(err, "insert reference check")
	}
	for i, r := range c.Renters {
		if _, err := tx.Exec(ctx, `INSERT INTO reference_check_renters (id, check_id, position, name, email, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, r.ID, c.ID, i, r.Name, r.Email, r.Status, now); err != nil {
			return apperr.Wrap(err, "insert renter")
		}
	}
	return nil
}

// checkOf reads a check with its renters; landlordID "" skips the owner test
// (payment fulfilment, which already knows the order is the landlord's).
func checkOf(ctx context.Context, c db.Conn, id, landlordID string) (Check, error) {
	var ch Check
	var created int64
	err := c.QueryRow(ctx, `SELECT id, landlord_id, property_id, check_type, rent_pence, deposit_pence, status, order_id, created_at
		FROM reference_checks WHERE id = ?`, id).Scan(&ch.ID, &ch.LandlordID, &ch.PropertyID, &ch.Type, &ch.RentPence, &ch.DepositPence,
		&ch.Status, &ch.OrderID, &created)
	if errors.Is(err, db.NoRows) || (err == nil && landlordID != "" && ch.LandlordID != landlordID) {
		return Check{}, notFound()
	}
	if err != nil {
		return Check{}, apperr.Wrap(err, "read reference check")
	}
	ch.CreatedAt = time.UnixMilli(created).UTC()
	rows, err := c.Query(ctx, `SELECT id, name, email, status, notified_at FROM reference_check_renters WHERE check_id = ? ORDER BY position`, id)
	if err != nil {
		return Check{}, apperr.Wrap(err, "read renters")
	}
	defer rows.Close()
	for rows.Next() {
		var r Renter
		var notified sql.NullInt64
		if err := rows.Scan(&r.ID, &r.Name, &r.Email, &r.Status, &notified); err != nil {
			return Check{}, apperr.Wrap(err, "scan renter")
		}
		if notified.Valid {
			t := time.UnixMilli(notified.Int64).UTC()
			r.NotifiedAt = &t
		}
		ch.Renters = append(ch.Renters, r)
	}
	return ch, apperr.Wrap(rows.Err(), "read renters")
}

func deleteRenter(ctx context.Context, tx db.Conn, checkID, renterID string) error {
	_, err := tx.Exec(ctx, `DELETE FROM reference_check_renters WHERE check_id = ? AND id = ?`, checkID, renterID)
	return apperr.Wrap(err, "remove renter")
}

func setPaid(ctx context.Context, tx db.Conn, id string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE reference_checks SET status = ?, paid_at = ?, updated_at = ? WHERE id = ?`,
		PaymentComplete, now.UnixMilli(), now.UnixMilli(), id)
	return apperr.Wrap(err, "mark check paid")
}

func setNotified(ctx context.Context, tx db.Conn, renterID string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE reference_check_renters SET status = ?, notified_at = ? WHERE id = ? AND status <> ?`,
		RenterNotified, now.UnixMilli(), renterID, ProcessComplete)
	return apperr.Wrap(err, "mark renter notified")
}

// Report is one renter's line in Active or Completed Reports.
type Report struct {
	CheckID     string       `json:"referenceCheckId"`
	RenterID    string       `json:"renterId"`
	Name        string       `json:"name"`
	Email       string       `json:"email"`
	Status      RenterStatus `json:"status"`
	Property    Place        `json:"property"` // filled by the service from the property domain
	InitiatedAt time.Time    `json:"initiatedAt"`
	PropertyID  string       `json:"-"`
}

// Place is the property's address as the lists show it.
type Place struct {
	FirstLine string `json:"addrFirstLine"`
	Town      string `json:"town"`
	Postcode  string `json:"postcode"`
}

// reports lists the landlord's paid checks' renters, newest first:
// completed ones (Process Complete) or the others.
func reports(ctx context.Context, c db.Conn, landlordID string, completed bool) ([]Report, error) {
	op := "<>"
	if completed {
		op = "="
	}
	rows, err := c.Query(ctx, `SELECT k.id, r.id, r.name, r.email, r.status, k.property_id, k.created_at
		FROM reference_checks k
		JOIN reference_check_renters r ON r.check_id = k.id
		WHERE k.landlord_id = ? AND k.status = ? AND r.status `+op+` ?
		ORDER BY k.created_at DESC, k.id, r.position`, landlordID, PaymentComplete, ProcessComplete)
	if err != nil {
		return nil, apperr.Wrap(err, "list reports")
	}
	defer rows.Close()
	out := []Report{}
	for rows.Next() {
		var r Report
		var created int64
		if err := rows.Scan(&r.CheckID, &r.RenterID, &r.Name, &r.Email, &r.Status, &r.PropertyID, &created); err != nil {
			return nil, apperr.Wrap(err, "scan report")
		}
		r.InitiatedAt = time.UnixMilli(created).UTC()
		out = append(out, r)
	}
	return out, apperr.Wrap(rows.Err(), "list reports")
}
