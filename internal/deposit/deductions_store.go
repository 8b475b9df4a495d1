package deposit

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of the deductions: deposit_lines and deposit_answers.

const lineCols = `id, tenancy_id, check_out_id, item_key, item, evidence, reason, note, cost_pence, item_type, age_months, life_months,
	charge_pence, quote_key, quote_name, quote_type, quote_size, quote_sha256, revision, created_at, updated_at`

func scanLine(row db.Scanner) (Line, error) {
	var l Line
	var ev string
	var q File
	var created, updated int64
	err := row.Scan(&l.ID, &l.TenancyID, &l.CheckOutID, &l.ItemKey, &l.Item, &ev, &l.Reason, &l.Note, &l.CostPence, &l.ItemType,
		&l.AgeMonths, &l.LifeMonths, &l.ChargePence, &q.Key, &q.Name, &q.ContentType, &q.Size, &q.SHA256, &l.Revision, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Line{}, apperr.New(apperr.NotFound, "not_found", MsgLineMissing)
	}
	if err != nil {
		return Line{}, apperr.Wrap(err, "scan deposit line")
	}
	if err := json.Unmarshal([]byte(ev), &l.Evidence); err != nil {
		return Line{}, apperr.Wrap(err, "deposit line evidence")
	}
	if q.Key != "" {
		l.Quote = &q
	}
	l.CreatedAt, l.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return l, nil
}

func insertLine(ctx context.Context, c db.Conn, l Line) error {
	ev, err := json.Marshal(l.Evidence)
	if err != nil {
		return apperr.Wrap(err, "encode evidence")
	}
	var q File
	if l.Quote != nil {
		q = *l.Quote
	}
	_, err = c.Exec(ctx, `INSERT INTO deposit_lines (`+lineCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		l.ID, l.TenancyID, l.CheckOutID, l.ItemKey, l.Item, string(ev), l.Reason, l.Note, l.CostPence, l.ItemType, l.AgeMonths,
		l.LifeMonths, l.ChargePence, q.Key, q.Name, q.ContentType, q.Size, q.SHA256, l.Revision, l.CreatedAt.UnixMilli(), l.UpdatedAt.UnixMilli())
	return apperr.Wrap(err, "insert deposit line")
}

func updateLine(ctx context.Context, c db.Conn, l Line) error {
	var q File
	if l.Quote != nil {
		q = *l.Quote
	}
	_, err := c.Exec(ctx, `UPDATE deposit_lines SET reason = ?, note = ?, cost_pence = ?, item_type = ?, age_months = ?, life_months = ?,
		charge_pence = ?, quote_key = ?, quote_name = ?, quote_type = ?, quote_size = ?, quote_sha256 = ?, revision = ?, updated_at = ? WHERE id = ?`,
		l.Reason, l.Note, l.CostPence, l.ItemType, l.AgeMonths, l.LifeMonths, l.ChargePence, q.Key, q.Name, q.ContentType, q.Size, q.SHA256,
		l.Revision, l.UpdatedAt.UnixMilli(), l.ID)
	return apperr.Wrap(err, "update deposit line")
}

func deleteLine(ctx context.Context, c db.Conn, id string) error {
	if _, err := c.Exec(ctx, `DELETE FROM deposit_answer_photos WHERE line_id = ?`, id); err != nil {
		return apperr.Wrap(err, "delete answer photos")
	}
	if _, err := c.Exec(ctx, `DELETE FROM deposit_answers WHERE line_id = ?`, id); err != nil {
		return apperr.Wrap(err, "delete deposit answers")
	}
	_, err := c.Exec(ctx, `DELETE FROM deposit_lines WHERE id = ?`, id)
	return apperr.Wrap(err, "delete deposit line")
}

func lineByID(ctx context.Context, c db.Conn, id string) (Line, error) {
	return scanLine(c.QueryRow(ctx, `SELECT `+lineCols+` FROM deposit_lines WHERE id = ?`, id))
}

// linesOf are a tenancy's lines with their answers, oldest first.
func linesOf(ctx context.Context, c db.Conn, tenancyID string) ([]Line, error) {
	list, err := db.All(ctx, c, scanLine, `SELECT `+lineCols+` FROM deposit_lines WHERE tenancy_id = ? ORDER BY created_at, id`, tenancyID)
	if err != nil {
		return nil, apperr.Wrap(err, "list deposit lines")
	}
	answers, err := db.All(ctx, c, func(row db.Scanner) (Answer, error) {
		var a Answer
		var at int64
		err := row.Scan(&a.LineID, &a.Email, &a.Name, &a.Revision, &a.Answer, &a.Comment, &at)
		a.At = time.UnixMilli(at).UTC()
		return a, err
	}, `SELECT a.line_id, a.tenant_email, a.tenant_name, a.revision, a.answer, a.comment, a.answered_at
		FROM deposit_answers a JOIN deposit_lines l ON l.id = a.line_id WHERE l.tenancy_id = ? ORDER BY a.answered_at`, tenancyID)
	if err != nil {
		return nil, apperr.Wrap(err, "list deposit answers")
	}
	for i := range list {
		for _, a := range answers {
			if a.LineID == list[i].ID {
				list[i].Answers = append(list[i].Answers, a)
			}
		}
	}
	return list, attachAnswerPhotos(ctx, c, tenancyID, list)
}

func upsertAnswer(ctx context.Context, c db.Conn, a Answer) error {
	_, err := c.Exec(ctx, `INSERT INTO deposit_answers (line_id, tenant_email, tenant_name, revision, answer, comment, answered_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (line_id, tenant_email) DO UPDATE SET tenant_name = excluded.tenant_name,
		revision = excluded.revision, answer = excluded.answer, comment = excluded.comment, answered_at = excluded.answered_at`,
		a.LineID, a.Email, a.Name, a.Revision, a.Answer, a.Comment, a.At.UnixMilli())
	return apperr.Wrap(err, "save deposit answer")
}
