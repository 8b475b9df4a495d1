package repair

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// A landlord's list (issue 44's target: 2,000 repairs over 50 properties
// under 50 ms of server time, docs/perf.md "Repairs") shows each repair's
// next deadline. It is read in one statement joined on the repair's
// next_due_at (the earliest open deadline to act by, kept by every change
// in the repair's transaction), one row a repair, instead of every open
// deadline of the list's repairs in batches of 500 ids. The unary plus on
// d.due_at keeps SQLite from looking deadlines up by their due moment (the
// open-deadline index), which is quadratic when many repairs share one
// (2,000 logged at the same moment: 3.6 s); each repair's deadlines are
// read by its primary key instead. PostgreSQL reads +x as x.

// listDeadlines are the next open deadlines of the listed repairs, keyed by
// repair: a landlord's in one statement, a tenant's (a few repairs) by id.
func (s *Service) listDeadlines(ctx context.Context, a session.Actor, propertyID string, ids []string) (map[string][]Deadline, error) {
	if !a.IsLandlord() || len(ids) < 50 {
		return openDeadlinesOf(ctx, s.d.DB.Conn(), ids)
	}
	q, args := `SELECT `+deadlineColsOf("d")+` FROM repair_deadlines d JOIN repairs r ON r.id = d.repair_id AND +d.due_at = r.next_due_at
		WHERE r.landlord_id = ? AND d.effect = ? AND d.met_at IS NULL AND d.stopped_at IS NULL`, []any{a.UserID, By}
	if propertyID != "" {
		q, args = q+` AND r.property_id = ?`, append(args, propertyID)
	}
	list, err := db.All(ctx, s.d.DB.Conn(), scanDeadline, q+` ORDER BY d.due_at, d.rule_id`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list next repair deadlines")
	}
	out := make(map[string][]Deadline, len(ids))
	for _, d := range list {
		out[d.RepairID] = append(out[d.RepairID], d)
	}
	return out, nil
}

// deadlineColsOf is deadlineCols, each named through alias.
func deadlineColsOf(alias string) string {
	parts := strings.Split(deadlineCols, ",")
	for i, p := range parts {
		parts[i] = alias + "." + strings.TrimSpace(p)
	}
	return strings.Join(parts, ", ")
}

// listCols are the columns a list's item shows (Service.item): a
// landlord's list reads only these, not the answers, hazards and
// vulnerability each repair keeps as JSON.
const listCols = `id, property_id, address, category, room, priority, status, reporter_role, aware_at, repeats, updated_at`

func scanListed(row db.Scanner) (Repair, error) {
	var r Repair
	var aware, updated int64
	if err := row.Scan(&r.ID, &r.PropertyID, &r.Address, &r.Category, &r.Room, &r.Priority, &r.Status, &r.ReporterRole, &aware,
		&r.Repeats, &updated); err != nil {
		return Repair{}, apperr.Wrap(err, "scan listed repair")
	}
	r.AwareAt, r.UpdatedAt = time.UnixMilli(aware).UTC(), time.UnixMilli(updated).UTC()
	return r, nil
}

// listedOfLandlord is repairsOfLandlord with the list's columns only.
func listedOfLandlord(ctx context.Context, c db.Conn, landlordID, propertyID string) ([]Repair, error) {
	q, args := `SELECT `+listCols+` FROM repairs WHERE landlord_id = ?`, []any{landlordID}
	if propertyID != "" {
		q, args = q+` AND property_id = ?`, append(args, propertyID)
	}
	list, err := db.All(ctx, c, scanListed, q+` ORDER BY updated_at DESC, id`, args...)
	return list, apperr.Wrap(err, "list repairs")
}
