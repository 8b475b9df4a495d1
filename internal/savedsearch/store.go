package savedsearch

import (
	"context"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of saved searches: only its own tables (saved_searches,
// saved_search_sends), and the users row as the lock of a user's searches.

const cols = `id, user_id, name, query, emails, checked_at, created_at`

func scan(row db.Scanner) (SavedSearch, error) {
	var ss SavedSearch
	var checked, created int64
	err := row.Scan(&ss.ID, &ss.UserID, &ss.Name, &ss.Query, &ss.Emails, &checked, &created)
	if errors.Is(err, db.NoRows) {
		return ss, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return ss, apperr.Wrap(err, "scan saved search")
	}
	ss.CheckedAt, ss.CreatedAt = time.UnixMilli(checked).UTC(), time.UnixMilli(created).UTC()
	return ss, nil
}

func insert(ctx context.Context, c db.Conn, ss SavedSearch) error {
	_, err := c.Exec(ctx, `INSERT INTO saved_searches (`+cols+`) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		ss.ID, ss.UserID, ss.Name, ss.Query, ss.Emails, ss.CheckedAt.UnixMilli(), ss.CreatedAt.UnixMilli())
	return apperr.Wrap(err, "insert saved search")
}

// countOf counts the user's saved searches in a transaction that will add
// one. It first takes the user's row lock (a touch of the users row, as the
// calendar's countEvents: a row lock on PostgreSQL, the database lock on
// SQLite): two saves at once both counted one short of the limit in their
// own snapshot (PostgreSQL) and both were kept; the second now waits and
// counts the first.
func countOf(ctx context.Context, c db.Conn, userID string) (int, error) {
	if _, err := c.Exec(ctx, `UPDATE users SET id = id WHERE id = ?`, userID); err != nil {
		return 0, apperr.Wrap(err, "lock saved searches' owner")
	}
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM saved_searches WHERE user_id = ?`, userID).Scan(&n)
	return n, apperr.Wrap(err, "count saved searches")
}

func listOf(ctx context.Context, c db.Conn, userID string) ([]SavedSearch, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM saved_searches WHERE user_id = ? ORDER BY created_at DESC, id DESC`, userID)
	return out, apperr.Wrap(err, "list saved searches")
}

func withEmails(ctx context.Context, c db.Conn) ([]SavedSearch, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM saved_searches WHERE emails = ? ORDER BY created_at, id`, true)
	return out, apperr.Wrap(err, "list saved searches to e-mail")
}

func own(ctx context.Context, c db.Conn, userID, id string) (SavedSearch, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM saved_searches WHERE id = ? AND user_id = ?`, id, userID))
}

// lockedOwn is own inside a transaction that will write the search: its
// row stays locked until the transaction ends (PostgreSQL's FOR UPDATE;
// SQLite's transactions take the write lock when they begin), so a change
// decided on it cannot write back a copy the sweep changed meanwhile.
func lockedOwn(ctx context.Context, c db.Conn, d db.Dialect, userID, id string) (SavedSearch, error) {
	q := `SELECT ` + cols + ` FROM saved_searches WHERE id = ? AND user_id = ?`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scan(c.QueryRow(ctx, q, id, userID))
}

func byTokenHash(ctx context.Context, c db.Conn, hash string) (SavedSearch, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM saved_searches WHERE id = (SELECT saved_search_id FROM saved_search_sends WHERE unsubscribe_hash = ?)`, hash))
}

func remove(ctx context.Context, c db.Conn, id string) error {
	if _, err := c.Exec(ctx, `DELETE FROM saved_search_sends WHERE saved_search_id = ?`, id); err != nil {
		return apperr.Wrap(err, "delete saved search sends")
	}
	_, err := c.Exec(ctx, `DELETE FROM saved_searches WHERE id = ?`, id)
	return apperr.Wrap(err, "delete saved search")
}

func setEmails(ctx context.Context, c db.Conn, ss SavedSearch) error {
	_, err := c.Exec(ctx, `UPDATE saved_searches SET emails = ?, checked_at = ? WHERE id = ?`, ss.Emails, ss.CheckedAt.UnixMilli(), ss.ID)
	return apperr.Wrap(err, "set saved search e-mails")
}

func setChecked(ctx context.Context, c db.Conn, id string, at time.Time) error {
	_, err := c.Exec(ctx, `UPDATE saved_searches SET checked_at = ? WHERE id = ?`, at.UnixMilli(), id)
	return apperr.Wrap(err, "set saved search checked")
}

func sentOn(ctx context.Context, c db.Conn, id, day string) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM saved_search_sends WHERE saved_search_id = ? AND day = ?`, id, day).Scan(&n)
	return n > 0, apperr.Wrap(err, "read saved search sends")
}

// recordSend writes the day's ledger row; false when another sweep wrote it
// first (then nothing is sent).
func recordSend(ctx context.Context, c db.Conn, id, day string, at time.Time, count int, hash string) (bool, error) {
	res, err := c.Exec(ctx, `INSERT INTO saved_search_sends (saved_search_id, day, sent_at, listing_count, unsubscribe_hash)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (saved_search_id, day) DO NOTHING`, id, day, at.UnixMilli(), count, hash)
	if err != nil {
		return false, apperr.Wrap(err, "record saved search send")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
