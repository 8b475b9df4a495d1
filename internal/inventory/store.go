package inventory

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `id, creator_id, property_id, report_type, status, payment_status, data, revision, cloned_from, stamps, created_at, updated_at`

func scan(row db.Scanner) (Report, error) {
	var r Report
	var data, stamps string
	var created, updated int64
	err := row.Scan(&r.ID, &r.CreatorID, &r.PropertyID, &r.Type, &r.Status, &r.PaymentStatus, &data, &r.Revision, &r.ClonedFrom, &stamps, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Report{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Report{}, apperr.Wrap(err, "scan report")
	}
	if err := errors.Join(json.Unmarshal([]byte(data), &r.Data), json.Unmarshal([]byte(stamps), &r.Stamps)); err != nil {
		return Report{}, apperr.Wrap(err, "read report")
	}
	r.Data.nonNil()
	r.CreatedAt, r.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return r, nil
}

func encode(r Report) (data, stamps string, err error) {
	d, err1 := json.Marshal(r.Data)
	if r.Stamps == nil {
		r.Stamps = []Stamp{}
	}
	s, err2 := json.Marshal(r.Stamps)
	return string(d), string(s), errors.Join(err1, err2)
}

func insert(ctx context.Context, c db.Conn, r Report) error {
	data, stamps, err := encode(r)
	if err != nil {
		return apperr.Wrap(err, "encode report")
	}
	if _, err := c.Exec(ctx, `INSERT INTO inventory_reports (`+cols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.CreatorID, r.PropertyID, r.Type, r.Status, r.PaymentStatus, data, r.Revision, r.ClonedFrom, stamps,
		r.CreatedAt.UnixMilli(), r.UpdatedAt.UnixMilli()); err != nil {
		return apperr.Wrap(err, "insert report")
	}
	return writeParties(ctx, c, r)
}

// saveData stores new data if the report is still at the revision the
// writer read; it reports false when another save came first.
func saveData(ctx context.Context, c db.Conn, r Report, readRevision int) (bool, error) {
	data, _, err := encode(r)
	if err != nil {
		return false, apperr.Wrap(err, "encode report")
	}
	res, err := c.Exec(ctx, `UPDATE inventory_reports SET data = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND revision = ? AND status = ?`,
		data, r.UpdatedAt.UnixMilli(), r.ID, readRevision, Draft)
	if err != nil {
		return false, apperr.Wrap(err, "save report")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, nil
	}
	return true, writeParties(ctx, c, r)
}

// writeParties keeps the landlord's and tenants' e-mails of a report, for
// their lists and what they may see.
func writeParties(ctx context.Context, c db.Conn, r Report) error {
	if _, err := c.Exec(ctx, `DELETE FROM inventory_parties WHERE report_id = ?`, r.ID); err != nil {
		return apperr.Wrap(err, "clear report parties")
	}
	seen := map[string]bool{}
	for _, e := range r.Data.parties() {
		e = strings.ToLower(e)
		if seen[e] {
			continue
		}
		seen[e] = true
		if _, err := c.Exec(ctx, `INSERT INTO inventory_parties (report_id, email_key) VALUES (?, ?)`, r.ID, e); err != nil {
			return apperr.Wrap(err, "write report party")
		}
	}
	return nil
}

func byID(ctx context.Context, c db.Conn, id string) (Report, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM inventory_reports WHERE id = ?`, id))
}

// visibleTo lists the reports an actor created, and those naming their
// e-mail that are no longer drafts, newest first.
func visibleTo(ctx context.Context, c db.Conn, userID, email string) ([]Report, error) {
	list, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM inventory_reports r WHERE r.creator_id = ?
		OR (r.status <> ? AND EXISTS (SELECT 1 FROM inventory_parties p WHERE p.report_id = r.id AND p.email_key = ?))
		ORDER BY r.created_at DESC, r.id`, userID, Draft, strings.ToLower(email))
	return list, apperr.Wrap(err, "list reports")
}

func isParty(ctx context.Context, c db.Conn, id, email string) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_parties WHERE report_id = ? AND email_key = ?`, id, strings.ToLower(email)).Scan(&n)
	return n > 0, apperr.Wrap(err, "read report party")
}

// remove deletes a draft report; it reports false when the report was not
// a draft (or was gone).
func remove(ctx context.Context, c db.Conn, id string) (bool, error) {
	res, err := c.Exec(ctx, `DELETE FROM inventory_reports WHERE id = ? AND status = ?`, id, Draft)
	if err != nil {
		return false, apperr.Wrap(err, "delete report")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "delete report")
}

// moveStatus changes a report's status from one to another, and reports
// whether it was still in the first (so two requests cannot both move it).
func moveStatus(ctx context.Context, c db.Conn, id, from, to string, now time.Time) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE inventory_reports SET status = ?, updated_at = ? WHERE id = ? AND status = ?`, to, now.UnixMilli(), id, from)
	if err != nil {
		return false, apperr.Wrap(err, "move report")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "move report")
}

// addStamp adds a time and location stamp to the report's stamps as they
// are in tx, which has locked the report's row (lockReport, lockedReport):
// read and written in the one transaction, so two signatures at once each
// keep their stamp. It answers the stamps as stored.
func addStamp(ctx context.Context, tx db.Conn, id string, st Stamp) ([]Stamp, error) {
	var raw string
	if err := tx.QueryRow(ctx, `SELECT stamps FROM inventory_reports WHERE id = ?`, id).Scan(&raw); err != nil {
		if errors.Is(err, db.NoRows) {
			return nil, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
		}
		return nil, apperr.Wrap(err, "read stamps")
	}
	var stamps []Stamp
	if err := json.Unmarshal([]byte(raw), &stamps); err != nil {
		return nil, apperr.Wrap(err, "read stamps")
	}
	stamps = append(stamps, st)
	b, err := json.Marshal(stamps)
	if err != nil {
		return nil, apperr.Wrap(err, "encode stamps")
	}
	if _, err := tx.Exec(ctx, `UPDATE inventory_reports SET stamps = ? WHERE id = ?`, string(b), id); err != nil {
		return nil, apperr.Wrap(err, "record stamp")
	}
	return stamps, nil
}

func orderOf(ctx context.Context, c db.Conn, id string) (string, error) {
	var o string
	err := c.QueryRow(ctx, `SELECT order_id FROM inventory_reports WHERE id = ?`, id).Scan(&o)
	return o, apperr.Wrap(err, "read report order")
}

// setOrder records the fee's order on a report that has none yet.
func setOrder(ctx context.Context, c db.Conn, id, orderID string) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE inventory_reports SET order_id = ? WHERE id = ? AND order_id = ''`, orderID, id)
	if err != nil {
		return false, apperr.Wrap(err, "record report order")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "record report order")
}

// setPaid marks the fee paid for the order that was made for it.
func setPaid(ctx context.Context, c db.Conn, id, orderID string, now time.Time) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE inventory_reports SET payment_status = ?, updated_at = ? WHERE id = ? AND order_id = ? AND payment_status = ?`,
		PaymentPaid, now.UnixMilli(), id, orderID, PaymentPending)
	if err != nil {
		return false, apperr.Wrap(err, "record report payment")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "record report payment")
}

// latestCheckIn is the newest signed or completed check-in report of a
// property made by the same creator (what a check-out report is compared with).
func latestCheckIn(ctx context.Context, c db.Conn, creatorID, propertyID string) (Report, bool, error) {
	list, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM inventory_reports WHERE creator_id = ? AND property_id = ? AND report_type = ?
		AND status IN (?, ?, ?) ORDER BY created_at DESC, id LIMIT 1`, creatorID, propertyID, TypeCheckIn, ATS, ADS, Completed)
	if err != nil || len(list) == 0 {
		return Report{}, false, apperr.Wrap(err, "find check-in report")
	}
	return list[0], true, nil
}
