package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The accounts' SQL, in the house store style (internal/property/store.go):
// package functions taking a db.Conn, one scan function per table.

const userCols = `id, email, full_name, user_type, role, verified_at, created_at`

func scanUser(row db.Scanner) (User, error) {
	var u User
	var verified sql.NullInt64
	var created int64
	err := row.Scan(&u.ID, &u.Email, &u.FullName, &u.UserType, &u.Role, &verified, &created)
	if errors.Is(err, db.NoRows) {
		return User{}, apperr.New(apperr.NotFound, "not_found", "Account not found.")
	}
	if err != nil {
		return User{}, apperr.Wrap(err, "scan user")
	}
	if verified.Valid {
		t := time.UnixMilli(verified.Int64).UTC()
		u.VerifiedAt = &t
	}
	u.CreatedAt = time.UnixMilli(created).UTC()
	return u, nil
}

func insertUser(ctx context.Context, c db.Conn, u User, hash string, now time.Time) error {
	var verified any
	if u.VerifiedAt != nil {
		verified = u.VerifiedAt.UnixMilli()
	}
	_, err := c.Exec(ctx, `INSERT INTO users (id, email, full_name, user_type, role, password_hash, verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.ID, u.Email, u.FullName, u.UserType, u.Role, hash, verified, now.UnixMilli(), now.UnixMilli())
	if db.IsUniqueViolation(err) {
		return apperr.Fields(MsgEmailTaken, map[string]string{"email": MsgEmailTaken}).WithKind(apperr.Conflict, "email_taken")
	}
	return apperr.Wrap(err, "insert user")
}

func userByEmail(ctx context.Context, c db.Conn, email string) (User, error) {
	return scanUser(c.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE email = ?`, email))
}

func userByID(ctx context.Context, c db.Conn, id string) (User, error) {
	return scanUser(c.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE id = ?`, id))
}

// lockUser locks the account's row until the transaction ends (PostgreSQL's
// FOR UPDATE; SQLite's transactions take the write lock when they begin),
// so decisions about the account's codes are made one at a time.
func lockUser(ctx context.Context, c db.Conn, d db.Dialect, id string) error {
	q := `SELECT id FROM users WHERE id = ?`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	err := c.QueryRow(ctx, q, id).Scan(&id)
	if errors.Is(err, db.NoRows) {
		return apperr.New(apperr.NotFound, "not_found", "Account not found.")
	}
	return apperr.Wrap(err, "lock user")
}

func passwordHash(ctx context.Context, c db.Conn, userID string) (string, error) {
	var h string
	err := c.QueryRow(ctx, `SELECT password_hash FROM users WHERE id = ?`, userID).Scan(&h)
	return h, apperr.Wrap(err, "read password hash")
}

func setPassword(ctx context.Context, c db.Conn, userID, hash string, now time.Time) error {
	_, err := c.Exec(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, now.UnixMilli(), userID)
	return apperr.Wrap(err, "set password")
}

func setVerified(ctx context.Context, c db.Conn, userID string, now time.Time) error {
	_, err := c.Exec(ctx, `UPDATE users SET verified_at = ?, updated_at = ? WHERE id = ? AND verified_at IS NULL`, now.UnixMilli(), now.UnixMilli(), userID)
	return apperr.Wrap(err, "verify user")
}

func setFullName(ctx context.Context, c db.Conn, userID, name string, now time.Time) error {
	_, err := c.Exec(ctx, `UPDATE users SET full_name = ?, updated_at = ? WHERE id = ?`, name, now.UnixMilli(), userID)
	return apperr.Wrap(err, "set full name")
}

func setRole(ctx context.Context, c db.Conn, userID string, role Role, now time.Time) error {
	_, err := c.Exec(ctx, `UPDATE users SET role = ?, updated_at = ? WHERE id = ?`, role, now.UnixMilli(), userID)
	return apperr.Wrap(err, "set role")
}

// UserCounts feeds the admin dashboard.
type UserCounts struct{ Total, Landlords, Tenants, Admins, Unverified int }

func countUsers(ctx context.Context, c db.Conn) (UserCounts, error) {
	var n UserCounts
	err := c.QueryRow(ctx, `SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN user_type = 'Landlord' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN user_type = 'Tenant' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN role = 'Admin' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN verified_at IS NULL THEN 1 ELSE 0 END), 0) FROM users`).
		Scan(&n.Total, &n.Landlords, &n.Tenants, &n.Admins, &n.Unverified)
	return n, apperr.Wrap(err, "count users")
}

// --- codes ---

type codeRow struct {
	ID        string
	Hash      string
	Attempts  int
	CreatedAt time.Time
	ExpiresAt time.Time
}

// insertCode stores a new code and retires earlier unused ones of the same
// purpose, so only the newest code works. Codes older than two days (every code has expired by then, and the caps
// look back one day) are deleted on the way.
func insertCode(ctx context.Context, c db.Conn, userID string, p CodePurpose, hash string, now time.Time) error {
	if _, err := c.Exec(ctx, `DELETE FROM auth_codes WHERE user_id = ? AND created_at < ?`, userID, now.Add(-48*time.Hour).UnixMilli()); err != nil {
		return apperr.Wrap(err, "prune codes")
	}
	if _, err := c.Exec(ctx, `UPDATE auth_codes SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`, now.UnixMilli(), userID, p); err != nil {
		return apperr.Wrap(err, "retire codes")
	}
	_, err := c.Exec(ctx, `INSERT INTO auth_codes (id, user_id, purpose, code_hash, attempts, created_at, expires_at) VALUES (?, ?, ?, ?, 0, ?, ?)`,
		uuid.NewString(), userID, p, hash, now.UnixMilli(), now.Add(codeTTL[p]).UnixMilli())
	return apperr.Wrap(err, "insert code")
}

// latestCode is the newest unused code of a purpose.
func latestCode(ctx context.Context, c db.Conn, userID string, p CodePurpose) (codeRow, bool, error) {
	var r codeRow
	var created, expires int64
	err := c.QueryRow(ctx, `SELECT id, code_hash, attempts, created_at, expires_at FROM auth_codes
		WHERE user_id = ? AND purpose = ? AND used_at IS NULL ORDER BY created_at DESC LIMIT 1`, userID, p).
		Scan(&r.ID, &r.Hash, &r.Attempts, &created, &expires)
	if errors.Is(err, db.NoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, apperr.Wrap(err, "read code")
	}
	r.CreatedAt, r.ExpiresAt = time.UnixMilli(created), time.UnixMilli(expires)
	return r, true, nil
}

// lastCodeSentAt is when any code of the purpose was last issued (used or not),
// for the resend interval.
func lastCodeSentAt(ctx context.Context, c db.Conn, userID string, p CodePurpose) (time.Time, bool, error) {
	var at sql.NullInt64
	err := c.QueryRow(ctx, `SELECT MAX(created_at) FROM auth_codes WHERE user_id = ? AND purpose = ?`, userID, p).Scan(&at)
	if err != nil {
		return time.Time{}, false, apperr.Wrap(err, "last code")
	}
	return time.UnixMilli(at.Int64), at.Valid, nil
}

// countWrongAttempt adds one failed try unless the limit is reached; it
// reports false when the limit was already reached (so concurrent guesses
// cannot exceed it).
func countWrongAttempt(ctx context.Context, c db.Conn, codeID string) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE auth_codes SET attempts = attempts + 1 WHERE id = ? AND attempts < ?`, codeID, maxCodeAttempts)
	if err != nil {
		return false, apperr.Wrap(err, "count attempt")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// useCode marks a code used; false when another request used it first.
func useCode(ctx context.Context, c db.Conn, codeID string, now time.Time) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE auth_codes SET used_at = ? WHERE id = ? AND used_at IS NULL`, now.UnixMilli(), codeID)
	if err != nil {
		return false, apperr.Wrap(err, "use code")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// --- sessions ---

func insertSession(ctx context.Context, c db.Conn, idHash, userID, ip, ua string, now time.Time) error {
	_, err := c.Exec(ctx, `INSERT INTO sessions (id_hash, user_id, created_at, expires_at, last_seen_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		idHash, userID, now.UnixMilli(), now.Add(sessionTTL).UnixMilli(), now.UnixMilli(), ip, truncate(ua, 300))
	return apperr.Wrap(err, "insert session")
}

func sessionUser(ctx context.Context, c db.Conn, idHash string, now time.Time) (User, error) {
	return scanUser(c.QueryRow(ctx, `SELECT u.id, u.email, u.full_name, u.user_type, u.role, u.verified_at, u.created_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ?`, idHash, now.UnixMilli()))
}

func deleteSession(ctx context.Context, c db.Conn, idHash string) error {
	_, err := c.Exec(ctx, `DELETE FROM sessions WHERE id_hash = ?`, idHash)
	return apperr.Wrap(err, "delete session")
}

// deleteSessionsExcept ends every session of the user but keep ("" ends all).
func deleteSessionsExcept(ctx context.Context, c db.Conn, userID, keep string) error {
	_, err := c.Exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?`, userID, keep)
	return apperr.Wrap(err, "delete sessions")
}

func deleteExpiredSessions(ctx context.Context, c db.Conn, now time.Time) error {
	_, err := c.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, now.UnixMilli())
	return apperr.Wrap(err, "delete expired sessions")
}

// --- sign-in failures (throttle) ---

// recordFailure counts one failed sign-in under each key, and deletes the
// failures of every key that have left the window so the table stays small.
func recordFailure(ctx context.Context, c db.Conn, now time.Time, keys ...string) error {
	if _, err := c.Exec(ctx, `DELETE FROM auth_failures WHERE at < ?`, now.Add(-throttleWindow).UnixMilli()); err != nil {
		return apperr.Wrap(err, "prune failures")
	}
	for _, key := range keys {
		if _, err := c.Exec(ctx, `INSERT INTO auth_failures (id, key, at) VALUES (?, ?, ?)`, uuid.NewString(), key, now.UnixMilli()); err != nil {
			return apperr.Wrap(err, "record failure")
		}
	}
	return nil
}

func recentFailures(ctx context.Context, c db.Conn, key string, now time.Time) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM auth_failures WHERE key = ? AND at >= ?`, key, now.Add(-throttleWindow).UnixMilli()).Scan(&n)
	return n, apperr.Wrap(err, "count failures")
}

func clearFailures(ctx context.Context, c db.Conn, key string) error {
	_, err := c.Exec(ctx, `DELETE FROM auth_failures WHERE key = ?`, key)
	return apperr.Wrap(err, "clear failures")
}

// rememberAddress records that the account signed in from ip with the right
// password, and forgets the addresses it has not used for knownAddressTTL.
func rememberAddress(ctx context.Context, c db.Conn, userID, ip string, now time.Time) error {
	if _, err := c.Exec(ctx, `DELETE FROM auth_known_addresses WHERE user_id = ? AND last_seen_at < ?`, userID, now.Add(-knownAddressTTL).UnixMilli()); err != nil {
		return apperr.Wrap(err, "prune known addresses")
	}
	_, err := c.Exec(ctx, `INSERT INTO auth_known_addresses (user_id, ip, last_seen_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, ip) DO UPDATE SET last_seen_at = excluded.last_seen_at`, userID, ip, now.UnixMilli())
	return apperr.Wrap(err, "remember address")
}

// knownAddress is true when the account signed in from ip within knownAddressTTL.
func knownAddress(ctx context.Context, c db.Conn, userID, ip string, now time.Time) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM auth_known_addresses WHERE user_id = ? AND ip = ? AND last_seen_at >= ?`,
		userID, ip, now.Add(-knownAddressTTL).UnixMilli()).Scan(&n)
	return n > 0, apperr.Wrap(err, "read known address")
}

// --- code guesses and sends (caps per account) ---

// recordCodeGuess counts one wrong code for the account and purpose, and
// deletes the guesses older than a day (the longest cap window).
func recordCodeGuess(ctx context.Context, c db.Conn, userID string, p CodePurpose, now time.Time) error {
	if _, err := c.Exec(ctx, `DELETE FROM auth_code_guesses WHERE at < ?`, now.Add(-24*time.Hour).UnixMilli()); err != nil {
		return apperr.Wrap(err, "prune code guesses")
	}
	_, err := c.Exec(ctx, `INSERT INTO auth_code_guesses (id, user_id, purpose, at) VALUES (?, ?, ?, ?)`, uuid.NewString(), userID, p, now.UnixMilli())
	return apperr.Wrap(err, "record code guess")
}

// codeGuessesSince counts the wrong codes entered for the account and purpose at or after since.
func codeGuessesSince(ctx context.Context, c db.Conn, userID string, p CodePurpose, since time.Time) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM auth_code_guesses WHERE user_id = ? AND purpose = ? AND at >= ?`, userID, p, since.UnixMilli()).Scan(&n)
	return n, apperr.Wrap(err, "count code guesses")
}

// codesSentSince counts the codes of a purpose issued (and e-mailed) to the account at or after since.
func codesSentSince(ctx context.Context, c db.Conn, userID string, p CodePurpose, since time.Time) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM auth_codes WHERE user_id = ? AND purpose = ? AND created_at >= ?`, userID, p, since.UnixMilli()).Scan(&n)
	return n, apperr.Wrap(err, "count codes sent")
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
