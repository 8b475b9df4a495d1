package refcheck

import (
	"context"
	"database/sql"
	"encoding/json"
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
	ch.Renters, err = db.All(ctx, c, scanRenter, `SELECT id, name, email, status, notified_at FROM reference_check_renters
		WHERE check_id = ? ORDER BY position`, id)
	return ch, apperr.Wrap(err, "read renters")
}

func scanRenter(row db.Scanner) (Renter, error) {
	var r Renter
	var notified sql.NullInt64
	if err := row.Scan(&r.ID, &r.Name, &r.Email, &r.Status, &notified); err != nil {
		return Renter{}, err
	}
	if notified.Valid {
		t := time.UnixMilli(notified.Int64).UTC()
		r.NotifiedAt = &t
	}
	return r, nil
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

// claimResend marks the renter notified now unless that was after
// notBefore (or the check is complete), and says whether it did: of
// resends at once, one claims the slot and the others find it taken.
func claimResend(ctx context.Context, tx db.Conn, renterID string, now, notBefore time.Time) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE reference_check_renters SET status = ?, notified_at = ?
		WHERE id = ? AND status <> ? AND (notified_at IS NULL OR notified_at <= ?)`,
		RenterNotified, now.UnixMilli(), renterID, ProcessComplete, notBefore.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "claim resend")
	}
	n, err := res.RowsAffected()
	return n > 0, apperr.Wrap(err, "claim resend")
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
// completed ones (Process Complete) or the others. The property's address
// is the service's to add.
func reports(ctx context.Context, c db.Conn, landlordID string, completed bool) ([]Report, error) {
	op := "<>"
	if completed {
		op = "="
	}
	out, err := db.All(ctx, c, func(row db.Scanner) (Report, error) {
		var r Report
		var created int64
		err := row.Scan(&r.CheckID, &r.RenterID, &r.Name, &r.Email, &r.Status, &r.PropertyID, &created)
		r.InitiatedAt = time.UnixMilli(created).UTC()
		return r, err
	}, `SELECT k.id, r.id, r.name, r.email, r.status, k.property_id, k.created_at
		FROM reference_checks k
		JOIN reference_check_renters r ON r.check_id = k.id
		WHERE k.landlord_id = ? AND k.status = ? AND r.status `+op+` ?
		ORDER BY k.created_at DESC, k.id, r.position`, landlordID, PaymentComplete, ProcessComplete)
	return out, apperr.Wrap(err, "list reports")
}

// The renter's side (renter.go, report.go).

// linkRenter reads the renter named by a link. Any mismatch (unknown ids,
// another check's renter, an unpaid or withdrawn check) is the same 404.
func linkRenter(ctx context.Context, c db.Conn, checkID, renterID string) (renterRecord, error) {
	var r renterRecord
	var declaredAt *int64
	err := c.QueryRow(ctx, `SELECT r.id, r.name, r.email, r.status, r.date_of_birth, r.declared_income_pence, r.declaration, r.declared_at,
		r.bank_state, r.bank_code, r.report_status, r.report, k.id, k.status, k.landlord_id, k.property_id, k.rent_pence,
		(SELECT COUNT(*) FROM reference_check_renters o WHERE o.check_id = k.id)
		FROM reference_check_renters r JOIN reference_checks k ON k.id = r.check_id
		WHERE r.id = ? AND k.id = ?`, renterID, checkID).Scan(&r.ID, &r.Name, &r.Email, &r.Status, &r.DOB, &r.DeclaredPence,
		&r.Declaration, &declaredAt, &r.BankState, &r.BankCode, &r.ReportStatus, &r.Report, &r.CheckID, &r.CheckStatus,
		&r.LandlordID, &r.PropertyID, &r.RentPence, &r.Renters)
	if errors.Is(err, db.NoRows) || (err == nil && r.CheckStatus != string(PaymentComplete)) {
		return renterRecord{}, apperr.New(apperr.NotFound, "not_found", MsgLinkInvalid)
	}
	r.Declared = declaredAt != nil
	return r, apperr.Wrap(err, "read renter")
}

// saveDeclaration keeps the renter's self-declaration and the state that
// ties the bank's answer to them; a second submission changes nothing.
func saveDeclaration(ctx context.Context, c db.Conn, renterID, mobile string, dob time.Time, incomePence int64, answers, bankState string,
	now time.Time) error {
	_, err := c.Exec(ctx, `UPDATE reference_check_renters SET mobile = ?, date_of_birth = ?, declared_income_pence = ?,
		declaration = ?, declared_at = ?, bank_state = ? WHERE id = ? AND declared_at IS NULL`,
		mobile, dob.Format(time.DateOnly), incomePence, answers, now.UnixMilli(), bankState, renterID)
	return apperr.Wrap(err, "save declaration")
}

// renterOfConsent finds the renter a bank consent state was given to.
func renterOfConsent(ctx context.Context, c db.Conn, state string) (checkID, renterID string, err error) {
	err = c.QueryRow(ctx, `SELECT check_id, id FROM reference_check_renters WHERE bank_state = ?`, state).Scan(&checkID, &renterID)
	if errors.Is(err, db.NoRows) {
		return "", "", apperr.New(apperr.NotFound, "not_found", MsgLinkInvalid)
	}
	return checkID, renterID, apperr.Wrap(err, "find consent")
}

// startReport keeps the bank's consent code and marks the report as being
// built, unless it already is.
func startReport(ctx context.Context, tx db.Conn, renterID, code string) error {
	_, err := tx.Exec(ctx, `UPDATE reference_check_renters SET bank_code = ?, report_status = 'processing', report_attempts = 0
		WHERE id = ? AND report_status <> 'processing'`, code, renterID)
	return apperr.Wrap(err, "save consent")
}

// saveReport keeps a built report's figures, completes the renter and
// forgets the consent code. saved is false when the report was no longer
// being built (another run finished it).
func saveReport(ctx context.Context, tx db.Conn, renterID, report string, now time.Time) (saved bool, err error) {
	res, err := tx.Exec(ctx, `UPDATE reference_check_renters SET report = ?, report_status = 'ready', report_at = ?, report_sent_at = ?,
		status = ?, bank_code = '' WHERE id = ? AND report_status = 'processing'`,
		report, now.UnixMilli(), now.UnixMilli(), ProcessComplete, renterID)
	if err != nil {
		return false, apperr.Wrap(err, "save report")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// countReportAttempt counts a failed attempt and answers how many there were.
func countReportAttempt(ctx context.Context, tx db.Conn, renterID string) (int, error) {
	var tries int
	err := tx.QueryRow(ctx, `UPDATE reference_check_renters SET report_attempts = report_attempts + 1 WHERE id = ?
		RETURNING report_attempts`, renterID).Scan(&tries)
	return tries, apperr.Wrap(err, "count report attempt")
}

func markReportFailed(ctx context.Context, tx db.Conn, renterID string) error {
	_, err := tx.Exec(ctx, `UPDATE reference_check_renters SET report_status = 'failed', bank_code = '' WHERE id = ?`, renterID)
	return apperr.Wrap(err, "mark report failed")
}

// readyReport reads a finished report of one of the landlord's own checks,
// and the id of the property it is for.
func readyReport(ctx context.Context, c db.Conn, landlordID, checkID, renterID string) (LandlordReport, string, error) {
	out := LandlordReport{CheckID: checkID, RenterID: renterID}
	var body, propertyID string
	var readyAt int64
	err := c.QueryRow(ctx, `SELECT r.name, r.email, r.report, r.report_at, k.property_id, k.rent_pence
		FROM reference_check_renters r JOIN reference_checks k ON k.id = r.check_id
		WHERE r.id = ? AND k.id = ? AND k.landlord_id = ? AND r.report_status = 'ready'`, renterID, checkID, landlordID).
		Scan(&out.Name, &out.Email, &body, &readyAt, &propertyID, &out.RentPence)
	if errors.Is(err, db.NoRows) {
		return LandlordReport{}, "", apperr.New(apperr.NotFound, "not_found", "Report not found.")
	}
	if err != nil {
		return LandlordReport{}, "", apperr.Wrap(err, "read report")
	}
	if err := json.Unmarshal([]byte(body), &out.Report); err != nil {
		return LandlordReport{}, "", apperr.Wrap(err, "decode report")
	}
	out.ReadyAt = time.UnixMilli(readyAt).UTC()
	return out, propertyID, nil
}

// noteReportSent records that the report was e-mailed again, unless it
// was sent after notBefore; sent is false then.
func noteReportSent(ctx context.Context, tx db.Conn, renterID string, now, notBefore time.Time) (sent bool, err error) {
	res, err := tx.Exec(ctx, `UPDATE reference_check_renters SET report_sent_at = ? WHERE id = ? AND (report_sent_at IS NULL OR report_sent_at <= ?)`,
		now.UnixMilli(), renterID, notBefore.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "note report sent")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
