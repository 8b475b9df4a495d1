package calendar

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const eventCols = `id, owner_id, category, title, description, property_id, address, attendees, start_date, start_time,
	end_time, time_zone, frequency, limit_date, rrule, alert, sequence, alerts_from, created_at, updated_at`

func scanEvent(row db.Scanner) (Event, error) {
	var e Event
	var attendees string
	var from, created, updated int64
	err := row.Scan(&e.ID, &e.OwnerID, &e.Category, &e.Title, &e.Description, &e.Location.PropertyID, &e.Location.Address,
		&attendees, &e.Date, &e.StartTime, &e.EndTime, &e.TimeZone, &e.Frequency, &e.LimitDate, &e.RRule, &e.Alert,
		&e.Sequence, &from, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Event{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Event{}, apperr.Wrap(err, "scan event")
	}
	if err := json.Unmarshal([]byte(attendees), &e.Attendees); err != nil {
		return Event{}, apperr.Wrap(err, "event attendees")
	}
	e.AlertsFrom, e.CreatedAt, e.UpdatedAt = time.UnixMilli(from).UTC(), time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	e.Exceptions = []Exception{}
	return e, nil
}

func insertEvent(ctx context.Context, c db.Conn, e Event) error {
	att, err := json.Marshal(e.Attendees)
	if err != nil {
		return err
	}
	_, err = c.Exec(ctx, `INSERT INTO calendar_events (`+eventCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.OwnerID, e.Category, e.Title, e.Description, e.Location.PropertyID, e.Location.Address, string(att),
		e.Date, e.StartTime, e.EndTime, e.TimeZone, e.Frequency, e.LimitDate, e.RRule, e.Alert, e.Sequence,
		e.AlertsFrom.UnixMilli(), e.CreatedAt.UnixMilli(), e.UpdatedAt.UnixMilli())
	return apperr.Wrap(err, "insert event")
}

func updateEvent(ctx context.Context, c db.Conn, e Event) error {
	att, err := json.Marshal(e.Attendees)
	if err != nil {
		return err
	}
	_, err = c.Exec(ctx, `UPDATE calendar_events SET category = ?, title = ?, description = ?, property_id = ?, address = ?,
		attendees = ?, start_date = ?, start_time = ?, end_time = ?, frequency = ?, limit_date = ?, rrule = ?, alert = ?,
		sequence = ?, alerts_from = ?, updated_at = ? WHERE id = ?`,
		e.Category, e.Title, e.Description, e.Location.PropertyID, e.Location.Address, string(att), e.Date, e.StartTime,
		e.EndTime, e.Frequency, e.LimitDate, e.RRule, e.Alert, e.Sequence, e.AlertsFrom.UnixMilli(), e.UpdatedAt.UnixMilli(), e.ID)
	return apperr.Wrap(err, "update event")
}

func deleteEvent(ctx context.Context, c db.Conn, id string) error {
	if _, err := c.Exec(ctx, `DELETE FROM calendar_exceptions WHERE event_id = ?`, id); err != nil {
		return apperr.Wrap(err, "delete exceptions")
	}
	_, err := c.Exec(ctx, `DELETE FROM calendar_events WHERE id = ?`, id)
	return apperr.Wrap(err, "delete event")
}

// eventByID is one event of its owner, with its exceptions (404 for anyone else's).
func eventByID(ctx context.Context, c db.Conn, ownerID, id string) (Event, error) {
	return readEvent(ctx, c, `SELECT `+eventCols+` FROM calendar_events WHERE id = ? AND owner_id = ?`, ownerID, id)
}

// lockedEvent is eventByID inside a transaction that will write the event:
// its row stays locked until the transaction ends, so two changes of one
// series (an edit and an occurrence's change, each writing the whole row
// back) cannot both start from the same copy and the later undo the
// earlier. SQLite's transactions take the write lock when they begin
// (_txlock=immediate); PostgreSQL locks the row.
func lockedEvent(ctx context.Context, c db.Conn, d db.Dialect, ownerID, id string) (Event, error) {
	q := `SELECT ` + eventCols + ` FROM calendar_events WHERE id = ? AND owner_id = ?`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	return readEvent(ctx, c, q, ownerID, id)
}

func readEvent(ctx context.Context, c db.Conn, q, ownerID, id string) (Event, error) {
	e, err := scanEvent(c.QueryRow(ctx, q, id, ownerID))
	if err != nil {
		return Event{}, err
	}
	list := []Event{e}
	if err := withExceptions(ctx, c, list); err != nil {
		return Event{}, err
	}
	return list[0], nil
}

// eventsOf lists an owner's events that may have occurrences from the day
// from on (a series whose limit date is earlier cannot), with exceptions.
func eventsOf(ctx context.Context, c db.Conn, ownerID, from, to string) ([]Event, error) {
	list, err := db.All(ctx, c, scanEvent, `SELECT `+eventCols+` FROM calendar_events
		WHERE owner_id = ? AND start_date <= ? AND (frequency <> ? OR start_date >= ?) AND (limit_date = '' OR limit_date >= ?)
		ORDER BY start_date, start_time, id`, ownerID, to, OneOff, from, from)
	if err != nil {
		return nil, apperr.Wrap(err, "list events")
	}
	return list, withExceptions(ctx, c, list)
}

// allEventsOf is every event of an owner (the feed).
func allEventsOf(ctx context.Context, c db.Conn, ownerID string) ([]Event, error) {
	list, err := db.All(ctx, c, scanEvent, `SELECT `+eventCols+` FROM calendar_events WHERE owner_id = ? ORDER BY start_date, id`, ownerID)
	if err != nil {
		return nil, apperr.Wrap(err, "list events")
	}
	return list, withExceptions(ctx, c, list)
}

// alertingEvents are every owner's events whose next alert is due at now
// (the alert sweep): an index on next_alert_at finds them, however many
// events there are.
func alertingEvents(ctx context.Context, c db.Conn, now time.Time) ([]Event, error) {
	list, err := db.All(ctx, c, scanEvent, `SELECT `+eventCols+` FROM calendar_events
		WHERE next_alert_at IS NOT NULL AND next_alert_at <= ? ORDER BY id`, now.UnixMilli())
	if err != nil {
		return nil, apperr.Wrap(err, "list alerting events")
	}
	return list, withExceptions(ctx, c, list)
}

// setNextAlert records when the event's next alert is due (none: never),
// unless the event has changed since it was read (seq): the change has
// recorded its own.
func setNextAlert(ctx context.Context, c db.Conn, id string, seq int, at time.Time, ok bool) error {
	var v any
	if ok {
		v = at.UnixMilli()
	}
	_, err := c.Exec(ctx, `UPDATE calendar_events SET next_alert_at = ? WHERE id = ? AND sequence = ?`, v, id, seq)
	return apperr.Wrap(err, "next alert")
}

// countEvents is how many events an owner has, with the owner's row locked
// until the transaction ends (PostgreSQL; a SQLite write transaction holds
// the whole database), so two creations at once cannot both pass the cap.
func countEvents(ctx context.Context, c db.Conn, ownerID string) (int, error) {
	if _, err := c.Exec(ctx, `UPDATE users SET id = id WHERE id = ?`, ownerID); err != nil {
		return 0, apperr.Wrap(err, "lock owner")
	}
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM calendar_events WHERE owner_id = ?`, ownerID).Scan(&n)
	return n, apperr.Wrap(err, "count events")
}

func withExceptions(ctx context.Context, c db.Conn, list []Event) error {
	if len(list) == 0 {
		return nil
	}
	idx := map[string]int{}
	ids := make([]any, 0, len(list))
	q := `SELECT event_id, occurrence, deleted, title, start_date, start_time, end_time, changed_at FROM calendar_exceptions WHERE event_id IN (`
	for i, e := range list {
		idx[e.ID] = i
		if i > 0 {
			q += ", "
		}
		q += "?"
		ids = append(ids, e.ID)
	}
	type row struct {
		id string
		x  Exception
	}
	rows, err := db.All(ctx, c, func(s db.Scanner) (row, error) {
		var r row
		var changed int64
		err := s.Scan(&r.id, &r.x.Occurrence, &r.x.Deleted, &r.x.Title, &r.x.Date, &r.x.StartTime, &r.x.EndTime, &changed)
		r.x.ChangedAt = time.UnixMilli(changed).UTC()
		return r, err
	}, q+`) ORDER BY occurrence`, ids...)
	if err != nil {
		return apperr.Wrap(err, "list exceptions")
	}
	for _, r := range rows {
		e := &list[idx[r.id]]
		e.Exceptions = append(e.Exceptions, r.x)
	}
	return nil
}

func putException(ctx context.Context, c db.Conn, eventID string, x Exception) error {
	if _, err := c.Exec(ctx, `DELETE FROM calendar_exceptions WHERE event_id = ? AND occurrence = ?`, eventID, x.Occurrence); err != nil {
		return apperr.Wrap(err, "replace exception")
	}
	_, err := c.Exec(ctx, `INSERT INTO calendar_exceptions (event_id, occurrence, deleted, title, start_date, start_time, end_time, changed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, eventID, x.Occurrence, x.Deleted, x.Title, x.Date, x.StartTime, x.EndTime, x.ChangedAt.UnixMilli())
	return apperr.Wrap(err, "insert exception")
}

func clearExceptions(ctx context.Context, c db.Conn, eventID string) error {
	_, err := c.Exec(ctx, `DELETE FROM calendar_exceptions WHERE event_id = ?`, eventID)
	return apperr.Wrap(err, "clear exceptions")
}

// recordAlert claims an occurrence's alert in the ledger; false when another
// worker (or an earlier run) already has it.
func recordAlert(ctx context.Context, c db.Conn, key, occurrence, ownerID string, late bool, at time.Time) (bool, error) {
	res, err := c.Exec(ctx, `INSERT INTO calendar_alerts (event_key, occurrence, owner_id, late, sent_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (event_key, occurrence) DO NOTHING`, key, occurrence, ownerID, late, at.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "record alert")
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func doneKeys(ctx context.Context, c db.Conn, ownerID string) (map[string]bool, error) {
	keys, err := db.All(ctx, c, func(s db.Scanner) (string, error) {
		var k string
		return k, s.Scan(&k)
	}, `SELECT gen_key FROM calendar_done WHERE owner_id = ?`, ownerID)
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out, apperr.Wrap(err, "list done dates")
}

func setDone(ctx context.Context, c db.Conn, ownerID, key string, done bool, at time.Time) error {
	if _, err := c.Exec(ctx, `DELETE FROM calendar_done WHERE owner_id = ? AND gen_key = ?`, ownerID, key); err != nil {
		return apperr.Wrap(err, "unmark done")
	}
	if !done {
		return nil
	}
	_, err := c.Exec(ctx, `INSERT INTO calendar_done (owner_id, gen_key, done_at) VALUES (?, ?, ?)`, ownerID, key, at.UnixMilli())
	return apperr.Wrap(err, "mark done")
}

// tokenHash is what is stored of a feed token: its SHA-256, in hex.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func feedOwner(ctx context.Context, c db.Conn, token string) (string, error) {
	var owner string
	err := c.QueryRow(ctx, `SELECT owner_id FROM calendar_feeds WHERE token_hash = ?`, tokenHash(token)).Scan(&owner)
	if errors.Is(err, db.NoRows) {
		return "", apperr.New(apperr.NotFound, "not_found", MsgFeedNotFound)
	}
	return owner, apperr.Wrap(err, "find feed")
}

// feedOn says whether the owner's feed is on (its token is not kept, so
// its address cannot be shown again).
func feedOn(ctx context.Context, c db.Conn, ownerID string) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM calendar_feeds WHERE owner_id = ?`, ownerID).Scan(&n)
	return n > 0, apperr.Wrap(err, "find feed")
}

func putFeed(ctx context.Context, c db.Conn, ownerID, token string, at time.Time) error {
	if err := deleteFeed(ctx, c, ownerID); err != nil {
		return err
	}
	_, err := c.Exec(ctx, `INSERT INTO calendar_feeds (owner_id, token_hash, created_at) VALUES (?, ?, ?)`, ownerID, tokenHash(token), at.UnixMilli())
	return apperr.Wrap(err, "store feed")
}

func deleteFeed(ctx context.Context, c db.Conn, ownerID string) error {
	_, err := c.Exec(ctx, `DELETE FROM calendar_feeds WHERE owner_id = ?`, ownerID)
	return apperr.Wrap(err, "delete feed")
}
