package repair

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// All the area's SQL: repairs, repair_events (append-only) and
// repair_deadlines. Times are Unix milliseconds.

const repairCols = `id, property_id, landlord_id, tenancy_id, jurisdiction, address, reported_by, reporter_role, reporter_name,
	channel, channel_note, client_key, aware_at, round_at, category, answers, room, description, availability, entry_when_out,
	vulnerability, vulnerability_at, suggested_priority, priority, hazards, status, held_from, cycle, repeats, safety_work,
	done_at, next_due_at, seq, last_hash, created_at, updated_at`

func millis(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UnixMilli()
}

func fromMillis(v *int64) *time.Time {
	if v == nil {
		return nil
	}
	t := time.UnixMilli(*v).UTC()
	return &t
}

func jsonText(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

func scanRepair(row db.Scanner) (Repair, error) {
	var r Repair
	var answers, vulnerability, hazards string
	var aware, round, created, updated int64
	var vulnAt, doneAt, nextDue *int64
	err := row.Scan(&r.ID, &r.PropertyID, &r.LandlordID, &r.TenancyID, &r.Jurisdiction, &r.Address, &r.ReportedBy, &r.ReporterRole,
		&r.ReporterName, &r.Channel, &r.ChannelNote, &r.ClientKey, &aware, &round, &r.Category, &answers, &r.Room, &r.Description,
		&r.Availability, &r.EntryWhenOut, &vulnerability, &vulnAt, &r.SuggestedPriority, &r.Priority, &hazards, &r.Status,
		&r.HeldFrom, &r.Cycle, &r.Repeats, &r.SafetyWork, &doneAt, &nextDue, &r.Seq, &r.LastHash, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Repair{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Repair{}, apperr.Wrap(err, "scan repair")
	}
	if err := json.Unmarshal([]byte(answers), &r.Answers); err != nil {
		return Repair{}, apperr.Wrap(err, "repair answers")
	}
	if err := json.Unmarshal([]byte(vulnerability), &r.Vulnerability); err != nil {
		return Repair{}, apperr.Wrap(err, "repair vulnerability")
	}
	if err := json.Unmarshal([]byte(hazards), &r.Hazards); err != nil {
		return Repair{}, apperr.Wrap(err, "repair hazards")
	}
	r.AwareAt, r.RoundAt = time.UnixMilli(aware).UTC(), time.UnixMilli(round).UTC()
	r.CreatedAt, r.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	r.VulnerabilityAt, r.DoneAt, r.NextDueAt = fromMillis(vulnAt), fromMillis(doneAt), fromMillis(nextDue)
	return r, nil
}

func insertRepair(ctx context.Context, c db.Conn, r Repair) error {
	answers, err := jsonText(r.Answers)
	if err != nil {
		return apperr.Wrap(err, "encode answers")
	}
	vulnerability, _ := jsonText(r.Vulnerability)
	hazards, _ := jsonText(r.Hazards)
	_, err = c.Exec(ctx, `INSERT INTO repairs (`+repairCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.PropertyID, r.LandlordID, r.TenancyID, r.Jurisdiction, r.Address, r.ReportedBy, r.ReporterRole, r.ReporterName,
		r.Channel, r.ChannelNote, r.ClientKey, r.AwareAt.UnixMilli(), r.RoundAt.UnixMilli(), r.Category, answers, r.Room, r.Description, r.Availability,
		r.EntryWhenOut, vulnerability, millis(r.VulnerabilityAt), r.SuggestedPriority, r.Priority, hazards, r.Status, r.HeldFrom,
		r.Cycle, r.Repeats, r.SafetyWork, millis(r.DoneAt), millis(r.NextDueAt), r.Seq, r.LastHash, r.CreatedAt.UnixMilli(),
		r.UpdatedAt.UnixMilli())
	if db.IsUniqueViolation(err) {
		return errDuplicateKey
	}
	return apperr.Wrap(err, "insert repair")
}

// errDuplicateKey: a report with this reporter's request key exists.
var errDuplicateKey = errors.New("repair: duplicate request key")

// updateRepair writes what a change may change.
func updateRepair(ctx context.Context, c db.Conn, r Repair) error {
	vulnerability, _ := jsonText(r.Vulnerability)
	hazards, _ := jsonText(r.Hazards)
	_, err := c.Exec(ctx, `UPDATE repairs SET vulnerability = ?, vulnerability_at = ?, priority = ?, hazards = ?, status = ?,
		held_from = ?, cycle = ?, round_at = ?, repeats = ?, safety_work = ?, done_at = ?, next_due_at = ?, seq = ?, last_hash = ?, updated_at = ?
		WHERE id = ?`,
		vulnerability, millis(r.VulnerabilityAt), r.Priority, hazards, r.Status, r.HeldFrom, r.Cycle, r.RoundAt.UnixMilli(), r.Repeats, r.SafetyWork,
		millis(r.DoneAt), millis(r.NextDueAt), r.Seq, r.LastHash, r.UpdatedAt.UnixMilli(), r.ID)
	return apperr.Wrap(err, "update repair")
}

func repairByID(ctx context.Context, c db.Conn, id string) (Repair, error) {
	return scanRepair(c.QueryRow(ctx, `SELECT `+repairCols+` FROM repairs WHERE id = ?`, id))
}

// lockedRepair is repairByID inside a transaction that will change the
// repair: its row stays locked until the transaction ends, so two changes
// at once (the tenant confirming while the landlord closes) are decided
// one after the other, the second seeing the first's result. SQLite's
// transactions take the write lock when they begin (_txlock=immediate);
// PostgreSQL locks the row.
func lockedRepair(ctx context.Context, c db.Conn, d db.Dialect, id string) (Repair, error) {
	q := `SELECT ` + repairCols + ` FROM repairs WHERE id = ?`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scanRepair(c.QueryRow(ctx, q, id))
}

func repairByClientKey(ctx context.Context, c db.Conn, reporter, key string) (Repair, error) {
	return scanRepair(c.QueryRow(ctx, `SELECT `+repairCols+` FROM repairs WHERE reported_by = ? AND client_key = ?`, reporter, key))
}

// repairsOfLandlord are a landlord's repairs, the most recently changed first.
func repairsOfLandlord(ctx context.Context, c db.Conn, landlordID, propertyID string) ([]Repair, error) {
	q, args := `SELECT `+repairCols+` FROM repairs WHERE landlord_id = ?`, []any{landlordID}
	if propertyID != "" {
		q, args = q+` AND property_id = ?`, append(args, propertyID)
	}
	list, err := db.All(ctx, c, scanRepair, q+` ORDER BY updated_at DESC, id`, args...)
	return list, apperr.Wrap(err, "list repairs")
}

// repairsOfTenancies are the repairs reported under these agreements.
func repairsOfTenancies(ctx context.Context, c db.Conn, tenancyIDs []string) ([]Repair, error) {
	if len(tenancyIDs) == 0 {
		return []Repair{}, nil
	}
	args := make([]any, 0, len(tenancyIDs))
	for _, id := range tenancyIDs {
		args = append(args, id)
	}
	list, err := db.All(ctx, c, scanRepair, `SELECT `+repairCols+` FROM repairs WHERE tenancy_id IN (?`+
		strings.Repeat(`, ?`, len(tenancyIDs)-1)+`) ORDER BY updated_at DESC, id`, args...)
	return list, apperr.Wrap(err, "list tenant repairs")
}

const eventCols = `repair_id, seq, at, actor_id, actor_role, actor_name, kind, from_status, to_status, body, data, prev_hash, hash`

func scanEvent(row db.Scanner) (Event, error) {
	var e Event
	var at int64
	err := row.Scan(&e.RepairID, &e.Seq, &at, &e.ActorID, &e.ActorRole, &e.ActorName, &e.Kind, &e.From, &e.To, &e.Body,
		&e.dataJSON, &e.PrevHash, &e.Hash)
	if err != nil {
		return Event{}, apperr.Wrap(err, "scan repair event")
	}
	if err := json.Unmarshal([]byte(e.dataJSON), &e.Data); err != nil {
		return Event{}, apperr.Wrap(err, "repair event data")
	}
	e.At = time.UnixMilli(at).UTC()
	return e, nil
}

func insertEvent(ctx context.Context, c db.Conn, e Event) error {
	_, err := c.Exec(ctx, `INSERT INTO repair_events (`+eventCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.RepairID, e.Seq, e.At.UnixMilli(), e.ActorID, e.ActorRole, e.ActorName, e.Kind, e.From, e.To, e.Body, e.dataJSON,
		e.PrevHash, e.Hash)
	return apperr.Wrap(err, "insert repair event")
}

func eventsOf(ctx context.Context, c db.Conn, repairID string) ([]Event, error) {
	list, err := db.All(ctx, c, scanEvent, `SELECT `+eventCols+` FROM repair_events WHERE repair_id = ? ORDER BY seq`, repairID)
	return list, apperr.Wrap(err, "list repair events")
}

const deadlineCols = `repair_id, cycle, rule_id, trigger_kind, trigger_at, due_at, due_day, effect, kind, title, action, amount, unit,
	met_by, source, url, note, met_at, stopped_at, notice_at`

func scanDeadline(row db.Scanner) (Deadline, error) {
	var d Deadline
	var triggerAt, dueAt int64
	var metBy string
	var met, stopped, notice *int64
	err := row.Scan(&d.RepairID, &d.Cycle, &d.RuleID, &d.Trigger, &triggerAt, &dueAt, &d.DueDay, &d.Effect, &d.Kind, &d.Title,
		&d.Action, &d.Amount, &d.Unit, &metBy, &d.Source, &d.URL, &d.Note, &met, &stopped, &notice)
	if err != nil {
		return Deadline{}, apperr.Wrap(err, "scan repair deadline")
	}
	for _, s := range strings.Split(metBy, ",") {
		if s != "" {
			d.MetBy = append(d.MetBy, Status(s))
		}
	}
	d.TriggerAt, d.DueAt = time.UnixMilli(triggerAt).UTC(), time.UnixMilli(dueAt).UTC()
	d.MetAt, d.StoppedAt, d.NoticeAt = fromMillis(met), fromMillis(stopped), fromMillis(notice)
	return d, nil
}

func insertDeadline(ctx context.Context, c db.Conn, d Deadline) error {
	metBy := make([]string, 0, len(d.MetBy))
	for _, s := range d.MetBy {
		metBy = append(metBy, string(s))
	}
	_, err := c.Exec(ctx, `INSERT INTO repair_deadlines (`+deadlineCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		d.RepairID, d.Cycle, d.RuleID, d.Trigger, d.TriggerAt.UnixMilli(), d.DueAt.UnixMilli(), d.DueDay, d.Effect, d.Kind, d.Title,
		d.Action, d.Amount, d.Unit, strings.Join(metBy, ","), d.Source, d.URL, d.Note, millis(d.MetAt), millis(d.StoppedAt), millis(d.NoticeAt))
	return apperr.Wrap(err, "insert repair deadline")
}

func updateDeadline(ctx context.Context, c db.Conn, d Deadline) error {
	_, err := c.Exec(ctx, `UPDATE repair_deadlines SET met_at = ?, stopped_at = ?, notice_at = ? WHERE repair_id = ? AND cycle = ? AND rule_id = ?`,
		millis(d.MetAt), millis(d.StoppedAt), millis(d.NoticeAt), d.RepairID, d.Cycle, d.RuleID)
	return apperr.Wrap(err, "update repair deadline")
}

func deleteDeadline(ctx context.Context, c db.Conn, d Deadline) error {
	_, err := c.Exec(ctx, `DELETE FROM repair_deadlines WHERE repair_id = ? AND cycle = ? AND rule_id = ?`, d.RepairID, d.Cycle, d.RuleID)
	return apperr.Wrap(err, "delete repair deadline")
}

// deadlinesOf are a repair's deadlines of every round, in order of the
// round and the due moment.
func deadlinesOf(ctx context.Context, c db.Conn, repairID string) ([]Deadline, error) {
	list, err := db.All(ctx, c, scanDeadline, `SELECT `+deadlineCols+` FROM repair_deadlines WHERE repair_id = ?
		ORDER BY cycle, due_at, rule_id`, repairID)
	return list, apperr.Wrap(err, "list repair deadlines")
}

// openDeadlinesOf are the open deadlines to act by of many repairs (the
// lists' "due by"), keyed by repair.
func openDeadlinesOf(ctx context.Context, c db.Conn, ids []string) (map[string][]Deadline, error) {
	out := map[string][]Deadline{}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		args := make([]any, 0, n+1)
		for _, id := range ids[:n] {
			args = append(args, id)
		}
		args = append(args, By)
		list, err := db.All(ctx, c, scanDeadline, `SELECT `+deadlineCols+` FROM repair_deadlines WHERE repair_id IN (?`+
			strings.Repeat(`, ?`, n-1)+`) AND effect = ? AND met_at IS NULL AND stopped_at IS NULL ORDER BY due_at, rule_id`, args...)
		if err != nil {
			return nil, apperr.Wrap(err, "list open repair deadlines")
		}
		for _, d := range list {
			out[d.RepairID] = append(out[d.RepairID], d)
		}
		ids = ids[n:]
	}
	return out, nil
}
