package signing

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

func millis(t *time.Time) *int64 {
	if t == nil {
		return nil
	}
	ms := t.UnixMilli()
	return &ms
}

func fromMillis(ms *int64) *time.Time {
	if ms == nil {
		return nil
	}
	t := time.UnixMilli(*ms).UTC()
	return &t
}

const envelopeCols = `id, kind, subject_id, title, document, doc_hash, created_at, completed_at, pdf_key, pdf_hash, public_ref`

func scanEnvelope(row db.Scanner) (Envelope, error) {
	var e Envelope
	var doc string
	var created int64
	var completed *int64
	var ref *string
	err := row.Scan(&e.ID, &e.Ref.Kind, &e.Ref.ID, &e.Title, &doc, &e.DocHash, &created, &completed, &e.PDFKey, &e.PDFHash, &ref)
	if errors.Is(err, db.NoRows) {
		return Envelope{}, apperr.New(apperr.NotFound, "not_started", MsgNotStarted)
	}
	if err != nil {
		return Envelope{}, apperr.Wrap(err, "scan envelope")
	}
	if ref != nil {
		e.PublicRef = *ref
	}
	e.Document = []byte(doc)
	e.CreatedAt = time.UnixMilli(created).UTC()
	e.CompletedAt = fromMillis(completed)
	return e, nil
}

const signerCols = `position, stage, role, name, email, user_id, signed_at, method, typed, image_key, ip, user_agent, doc_hash, signed_by`

func scanSigner(row db.Scanner) (Signer, error) {
	var s Signer
	var signed *int64
	if err := row.Scan(&s.Position, &s.Stage, &s.Role, &s.Name, &s.Email, &s.UserID, &signed, &s.Method, &s.Typed, &s.ImageKey,
		&s.IP, &s.UserAgent, &s.DocHash, &s.SignedBy); err != nil {
		return Signer{}, err
	}
	s.SignedAt = fromMillis(signed)
	return s, nil
}

func insertEnvelope(ctx context.Context, c db.Conn, e Envelope) error {
	if _, err := c.Exec(ctx, `INSERT INTO signing_envelopes (`+envelopeCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.Ref.Kind, e.Ref.ID, e.Title, string(e.Document), e.DocHash, e.CreatedAt.UnixMilli(), millis(e.CompletedAt), e.PDFKey, e.PDFHash, e.PublicRef); err != nil {
		return apperr.Wrap(err, "insert envelope")
	}
	for _, s := range e.Signers {
		if _, err := c.Exec(ctx, `INSERT INTO signing_signers (envelope_id, position, stage, role, name, email, email_key) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			e.ID, s.Position, s.Stage, s.Role, s.Name, s.Email, strings.ToLower(s.Email)); err != nil {
			return apperr.Wrap(err, "insert signer")
		}
	}
	return nil
}

func envelopeWhere(ctx context.Context, c db.Conn, where string, args ...any) (Envelope, error) {
	e, err := scanEnvelope(c.QueryRow(ctx, `SELECT `+envelopeCols+` FROM signing_envelopes WHERE `+where, args...))
	if err != nil {
		return Envelope{}, err
	}
	e.Signers, err = db.All(ctx, c, scanSigner, `SELECT `+signerCols+` FROM signing_signers WHERE envelope_id = ? ORDER BY position`, e.ID)
	if err != nil {
		return Envelope{}, apperr.Wrap(err, "list signers")
	}
	return e, nil
}

func envelopeByRef(ctx context.Context, c db.Conn, r Ref) (Envelope, error) {
	return envelopeWhere(ctx, c, `kind = ? AND subject_id = ?`, r.Kind, r.ID)
}

func envelopeByID(ctx context.Context, c db.Conn, id string) (Envelope, error) {
	return envelopeWhere(ctx, c, `id = ?`, id)
}

func envelopeByPublicRef(ctx context.Context, c db.Conn, ref string) (Envelope, error) {
	return envelopeWhere(ctx, c, `public_ref = ?`, ref)
}

func envelopeByPDFHash(ctx context.Context, c db.Conn, hash string) (Envelope, error) {
	return envelopeWhere(ctx, c, `pdf_hash = ? AND pdf_hash <> ''`, hash)
}

// markSigned records a signature on a signer who has not signed yet; it
// reports false when the row had been signed meanwhile.
func markSigned(ctx context.Context, c db.Conn, envelopeID string, s Signer) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE signing_signers SET user_id = ?, signed_at = ?, method = ?, typed = ?, image_key = ?, ip = ?, user_agent = ?, doc_hash = ?, signed_by = ?
		WHERE envelope_id = ? AND position = ? AND signed_at IS NULL`,
		s.UserID, millis(s.SignedAt), s.Method, s.Typed, s.ImageKey, s.IP, s.UserAgent, s.DocHash, s.SignedBy, envelopeID, s.Position)
	if err != nil {
		return false, apperr.Wrap(err, "record signature")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "record signature")
}

func setSealed(ctx context.Context, c db.Conn, id string, at time.Time, key, hash string) error {
	_, err := c.Exec(ctx, `UPDATE signing_envelopes SET completed_at = ?, pdf_key = ?, pdf_hash = ? WHERE id = ?`, at.UnixMilli(), key, hash, id)
	return apperr.Wrap(err, "seal envelope")
}

func insertEvent(ctx context.Context, c db.Conn, r Ref, e Event) error {
	// seq keeps the order of events recorded within the same millisecond.
	_, err := c.Exec(ctx, `INSERT INTO signing_events (id, kind, subject_id, seq, at, event, actor, detail, ip)
		VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM signing_events WHERE kind = ? AND subject_id = ?), ?, ?, ?, ?, ?)`,
		uuid.NewString(), r.Kind, r.ID, r.Kind, r.ID, e.At.UnixMilli(), e.Event, e.Actor, e.Detail, e.IP)
	return apperr.Wrap(err, "record event")
}

func scanEvent(row db.Scanner) (Event, error) {
	var e Event
	var at int64
	if err := row.Scan(&at, &e.Event, &e.Actor, &e.Detail, &e.IP); err != nil {
		return Event{}, err
	}
	e.At = time.UnixMilli(at).UTC()
	return e, nil
}

func eventsOf(ctx context.Context, c db.Conn, r Ref) ([]Event, error) {
	list, err := db.All(ctx, c, scanEvent, `SELECT at, event, actor, detail, ip FROM signing_events WHERE kind = ? AND subject_id = ? ORDER BY seq`, r.Kind, r.ID)
	return list, apperr.Wrap(err, "list events")
}

// lastEventBy is when the actor last recorded the event on the document.
func lastEventBy(ctx context.Context, c db.Conn, r Ref, event, actor string) (time.Time, bool, error) {
	var at *int64
	err := c.QueryRow(ctx, `SELECT MAX(at) FROM signing_events WHERE kind = ? AND subject_id = ? AND event = ? AND actor = ?`, r.Kind, r.ID, event, actor).Scan(&at)
	if err != nil {
		return time.Time{}, false, apperr.Wrap(err, "last event")
	}
	if at == nil {
		return time.Time{}, false, nil
	}
	return time.UnixMilli(*at).UTC(), true, nil
}

type codeRow struct {
	Hash        string
	CreatedAt   time.Time
	ExpiresAt   time.Time
	Attempts    int
	VerifiedAt  *time.Time
	Sends       int
	WindowStart time.Time
}

func codeOf(ctx context.Context, c db.Conn, r Ref, userID string) (codeRow, bool, error) {
	return readCode(ctx, c, "", r, userID)
}

// lockedCodeOf is codeOf inside the transaction that will replace the code:
// the row stays locked until it ends (PostgreSQL's FOR UPDATE; SQLite's
// transactions take the write lock when they begin), so two sends at once
// cannot both pass the wait between codes and the daily cap on one copy.
func (s *Service) lockedCodeOf(ctx context.Context, c db.Conn, r Ref, userID string) (codeRow, bool, error) {
	lock := ""
	if s.db.Dialect == db.Postgres {
		lock = ` FOR UPDATE`
	}
	return readCode(ctx, c, lock, r, userID)
}

func readCode(ctx context.Context, c db.Conn, lock string, r Ref, userID string) (codeRow, bool, error) {
	var row codeRow
	var created, expires, window int64
	var verified *int64
	err := c.QueryRow(ctx, `SELECT code_hash, created_at, expires_at, attempts, verified_at, sends, window_start FROM signing_codes
		WHERE kind = ? AND subject_id = ? AND user_id = ?`+lock, r.Kind, r.ID, userID).Scan(&row.Hash, &created, &expires, &row.Attempts, &verified, &row.Sends, &window)
	if errors.Is(err, db.NoRows) {
		return codeRow{}, false, nil
	}
	if err != nil {
		return codeRow{}, false, apperr.Wrap(err, "read code")
	}
	row.CreatedAt, row.ExpiresAt, row.WindowStart = time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC(), time.UnixMilli(window).UTC()
	row.VerifiedAt = fromMillis(verified)
	return row, true, nil
}

// putCode replaces the user's code, whose row lockedCodeOf found (exists)
// and locked, or adds the first one. Without a row there was nothing to
// lock: stored is false when another send added the first code meanwhile
// (that send won; a replacement here would pass the wait between codes).
func putCode(ctx context.Context, c db.Conn, r Ref, userID string, row codeRow, exists bool) (stored bool, err error) {
	if exists {
		_, err := c.Exec(ctx, `UPDATE signing_codes SET code_hash = ?, created_at = ?, expires_at = ?, attempts = 0, verified_at = NULL, sends = ?, window_start = ?
			WHERE kind = ? AND subject_id = ? AND user_id = ?`, row.Hash, row.CreatedAt.UnixMilli(), row.ExpiresAt.UnixMilli(), row.Sends, row.WindowStart.UnixMilli(),
			r.Kind, r.ID, userID)
		return err == nil, apperr.Wrap(err, "store code")
	}
	res, err := c.Exec(ctx, `INSERT INTO signing_codes (kind, subject_id, user_id, code_hash, created_at, expires_at, sends, window_start) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (kind, subject_id, user_id) DO NOTHING`,
		r.Kind, r.ID, userID, row.Hash, row.CreatedAt.UnixMilli(), row.ExpiresAt.UnixMilli(), row.Sends, row.WindowStart.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "store code")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// markVerified marks the code read as was proved, if it is still the
// user's code, alive and not yet proved (verified false otherwise: a new
// code replaced it, the document changed, or a request at the same time
// proved it first).
func markVerified(ctx context.Context, c db.Conn, r Ref, userID string, was codeRow, at time.Time) (verified bool, err error) {
	res, err := c.Exec(ctx, `UPDATE signing_codes SET verified_at = ?, attempts = ?
		WHERE kind = ? AND subject_id = ? AND user_id = ? AND created_at = ? AND expires_at = ? AND verified_at IS NULL`,
		at.UnixMilli(), CodeTries, r.Kind, r.ID, userID, was.CreatedAt.UnixMilli(), was.ExpiresAt.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "verify code")
	}
	n, err := res.RowsAffected()
	return n == 1, apperr.Wrap(err, "verify code")
}

// sameCode reports whether two reads of a user's code row are of the same
// code, neither replaced by a new one nor ended by a change of the document.
func (row codeRow) sameCode(other codeRow) bool {
	return row.Hash == other.Hash && row.CreatedAt.Equal(other.CreatedAt) && row.ExpiresAt.Equal(other.ExpiresAt)
}

// retire moves a document's envelope aside (its subject becomes
// "{id}#{n}") so the document can be frozen and signed again; the old
// envelope, its signatures and its PDF stay verifiable.
func retire(ctx context.Context, c db.Conn, r Ref) (bool, error) {
	var n int
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM signing_envelopes WHERE kind = ? AND subject_id LIKE ?`, r.Kind, r.ID+"#%").Scan(&n); err != nil {
		return false, apperr.Wrap(err, "count envelopes")
	}
	res, err := c.Exec(ctx, `UPDATE signing_envelopes SET subject_id = ? WHERE kind = ? AND subject_id = ?`, r.ID+"#"+strconv.Itoa(n+1), r.Kind, r.ID)
	if err != nil {
		return false, apperr.Wrap(err, "retire envelope")
	}
	k, err := res.RowsAffected()
	return k == 1, apperr.Wrap(err, "retire envelope")
}

// lockEnvelope reads the envelope in tx with its row locked until tx ends
// (PostgreSQL: SELECT ... FOR UPDATE; SQLite: every transaction of
// platform/db is a write transaction, which holds the database's one write
// lock), so decisions about it are made one at a time.
func (s *Service) lockEnvelope(ctx context.Context, c db.Conn, where string, args ...any) (Envelope, error) {
	lock := ""
	if s.db.Dialect == db.Postgres {
		lock = ` FOR UPDATE`
	}
	var id string
	err := c.QueryRow(ctx, `SELECT id FROM signing_envelopes WHERE `+where+lock, args...).Scan(&id)
	if errors.Is(err, db.NoRows) {
		return Envelope{}, apperr.New(apperr.NotFound, "not_started", MsgNotStarted)
	}
	if err != nil {
		return Envelope{}, apperr.Wrap(err, "lock envelope")
	}
	return envelopeByID(ctx, c, id)
}

func (s *Service) lockEnvelopeByID(ctx context.Context, c db.Conn, id string) (Envelope, error) {
	return s.lockEnvelope(ctx, c, `id = ?`, id)
}

func (s *Service) lockEnvelopeByRef(ctx context.Context, c db.Conn, r Ref) (Envelope, error) {
	return s.lockEnvelope(ctx, c, `kind = ? AND subject_id = ?`, r.Kind, r.ID)
}

// unsealedComplete are the envelopes every signer signed that have no
// sealed PDF and no seal job waiting or running.
func unsealedComplete(ctx context.Context, c db.Conn, jobKind string) ([]string, error) {
	ids, err := db.All(ctx, c, func(row db.Scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	}, `SELECT e.id FROM signing_envelopes e
		WHERE e.pdf_key = ''
		  AND EXISTS (SELECT 1 FROM signing_signers s WHERE s.envelope_id = e.id)
		  AND NOT EXISTS (SELECT 1 FROM signing_signers s WHERE s.envelope_id = e.id AND s.signed_at IS NULL)
		  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = ? AND j.done_at IS NULL AND j.failed_at IS NULL
		                  AND j.payload = '{"envelopeId":"' || e.id || '"}')
		ORDER BY e.created_at`, jobKind)
	return ids, apperr.Wrap(err, "list unsealed envelopes")
}

// takeTry spends one of the code's tries, in one statement, so however
// many guesses arrive together no more than CodeTries are ever compared:
// it answers the tries spent, or false when none is left (or the code
// was replaced or verified meanwhile).
func takeTry(ctx context.Context, c db.Conn, r Ref, userID string, was codeRow) (int, bool, error) {
	var n int
	err := c.QueryRow(ctx, `UPDATE signing_codes SET attempts = attempts + 1
		WHERE kind = ? AND subject_id = ? AND user_id = ? AND created_at = ? AND expires_at = ? AND attempts < ? AND verified_at IS NULL
		RETURNING attempts`, r.Kind, r.ID, userID, was.CreatedAt.UnixMilli(), was.ExpiresAt.UnixMilli(), CodeTries).Scan(&n)
	if errors.Is(err, db.NoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, apperr.Wrap(err, "count code try")
	}
	return n, true, nil
}

// endVerifications ends every code verification of the document and makes
// every code sent for it expire: the document is being changed.
func endVerifications(ctx context.Context, c db.Conn, r Ref, at time.Time) error {
	_, err := c.Exec(ctx, `UPDATE signing_codes SET verified_at = NULL, expires_at = ? WHERE kind = ? AND subject_id = ?`, at.UnixMilli(), r.Kind, r.ID)
	return apperr.Wrap(err, "end verifications")
}
