package promo

import (
	"context"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `id, code, active, discount, start_date, end_date, created_at, updated_at`

func scan(row db.Scanner) (Code, error) {
	var c Code
	var created, updated int64
	err := row.Scan(&c.ID, &c.Code, &c.Active, &c.Discount, &c.StartDate, &c.EndDate, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Code{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Code{}, apperr.Wrap(err, "scan promo code")
	}
	c.CreatedAt, c.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return c, nil
}

func taken(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.Fields(MsgCodeTaken, map[string]string{"code": MsgCodeTaken}).WithKind(apperr.Conflict, "code_taken")
	}
	return err
}

func insert(ctx context.Context, c db.Conn, p Code) error {
	_, err := c.Exec(ctx, `INSERT INTO promo_codes (`+cols+`, code_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.Code, p.Active, p.Discount, p.StartDate, p.EndDate, p.CreatedAt.UnixMilli(), p.UpdatedAt.UnixMilli(), key(p.Code))
	if err := taken(err); err != nil {
		return apperr.Wrap(err, "insert promo code")
	}
	return nil
}

func update(ctx context.Context, c db.Conn, p Code) error {
	res, err := c.Exec(ctx, `UPDATE promo_codes SET code = ?, code_key = ?, active = ?, discount = ?, start_date = ?, end_date = ?, updated_at = ?
		WHERE id = ?`, p.Code, key(p.Code), p.Active, p.Discount, p.StartDate, p.EndDate, p.UpdatedAt.UnixMilli(), p.ID)
	if err := taken(err); err != nil {
		return apperr.Wrap(err, "update promo code")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}

func byID(ctx context.Context, c db.Conn, id string) (Code, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM promo_codes WHERE id = ?`, id))
}

func byCode(ctx context.Context, c db.Conn, code string) (Code, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM promo_codes WHERE code_key = ?`, key(code)))
}

func all(ctx context.Context, c db.Conn) ([]Code, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM promo_codes ORDER BY created_at DESC, id`)
	return out, apperr.Wrap(err, "list promo codes")
}

func remove(ctx context.Context, c db.Conn, id string) error {
	res, err := c.Exec(ctx, `DELETE FROM promo_codes WHERE id = ?`, id)
	if err != nil {
		return apperr.Wrap(err, "delete promo code")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}
