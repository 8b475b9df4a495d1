package notices

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// All the area's SQL: notice_tenancies (the row each change locks),
// rent_increases and tenant_notices. Times are Unix milliseconds, days
// YYYY-MM-DD.

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

// lockTenancy makes sure the tenancy has its row and locks it until the
// transaction ends: two changes to one tenancy's notices at once are
// decided one after the other, the second seeing the first's result.
// SQLite's transactions take the write lock when they begin
// (_txlock=immediate); PostgreSQL locks the row.
func lockTenancy(ctx context.Context, c db.Conn, d db.Dialect, tenancyID, landlordID string, now time.Time) error {
	if _, err := c.Exec(ctx, `INSERT INTO notice_tenancies (tenancy_id, landlord_id, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (tenancy_id) DO NOTHING`, tenancyID, landlordID, now.UnixMilli()); err != nil {
		return apperr.Wrap(err, "notice tenancy")
	}
	q := `SELECT tenancy_id FROM notice_tenancies WHERE tenancy_id = ?`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	var id string
	if err := c.QueryRow(ctx, q, tenancyID).Scan(&id); err != nil {
		return apperr.Wrap(err, "lock notice tenancy")
	}
	_, err := c.Exec(ctx, `UPDATE notice_tenancies SET updated_at = ? WHERE tenancy_id = ?`, now.UnixMilli(), tenancyID)
	return apperr.Wrap(err, "touch notice tenancy")
}

const increaseCols = `id, tenancy_id, landlord_id, property_id, jurisdiction, address, old_pence, new_pence, period, effective_on,
	status, method, served_on, served_at, acceptances, withdrawn_at, created_at, updated_at`

func scanIncrease(row db.Scanner) (Increase, error) {
	var i Increase
	var effective, servedOn, acceptances string
	var servedAt, withdrawnAt *int64
	var created, updated int64
	err := row.Scan(&i.ID, &i.TenancyID, &i.LandlordID, &i.PropertyID, &i.Jurisdiction, &i.Address, &i.OldPence, &i.NewPence,
		&i.Period, &effective, &i.Status, &i.Method, &servedOn, &servedAt, &acceptances, &withdrawnAt, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Increase{}, apperr.New(apperr.NotFound, "not_found", MsgIncreaseMissing)
	}
	if err != nil {
		return Increase{}, apperr.Wrap(err, "scan rent increase")
	}
	if err := json.Unmarshal([]byte(acceptances), &i.Acceptances); err != nil {
		return Increase{}, apperr.Wrap(err, "rent increase acceptances")
	}
	i.EffectiveOn, _ = time.Parse(time.DateOnly, effective)
	if d, ok := day(servedOn); ok {
		i.ServedOn = &d
	}
	i.ServedAt, i.WithdrawnAt = fromMillis(servedAt), fromMillis(withdrawnAt)
	i.CreatedAt, i.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return i, nil
}

func dayText(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.DateOnly)
}

func insertIncrease(ctx context.Context, c db.Conn, i Increase) error {
	acc, err := json.Marshal(i.Acceptances)
	if err != nil {
		return apperr.Wrap(err, "encode acceptances")
	}
	_, err = c.Exec(ctx, `INSERT INTO rent_increases (`+increaseCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		i.ID, i.TenancyID, i.LandlordID, i.PropertyID, i.Jurisdiction, i.Address, i.OldPence, i.NewPence, i.Period,
		i.EffectiveOn.Format(time.DateOnly), i.Status, i.Method, dayText(i.ServedOn), millis(i.ServedAt), string(acc),
		millis(i.WithdrawnAt), i.CreatedAt.UnixMilli(), i.UpdatedAt.UnixMilli())
	return apperr.Wrap(err, "insert rent increase")
}

func updateIncrease(ctx context.Context, c db.Conn, i Increase) error {
	acc, err := json.Marshal(i.Acceptances)
	if err != nil {
		return apperr.Wrap(err, "encode acceptances")
	}
	_, err = c.Exec(ctx, `UPDATE rent_increases SET effective_on = ?, status = ?, method = ?, served_on = ?, served_at = ?,
		acceptances = ?, withdrawn_at = ?, updated_at = ? WHERE id = ?`,
		i.EffectiveOn.Format(time.DateOnly), i.Status, i.Method, dayText(i.ServedOn), millis(i.ServedAt), string(acc),
		millis(i.WithdrawnAt), i.UpdatedAt.UnixMilli(), i.ID)
	return apperr.Wrap(err, "update rent increase")
}

func increaseByID(ctx context.Context, c db.Conn, id string) (Increase, error) {
	return scanIncrease(c.QueryRow(ctx, `SELECT `+increaseCols+` FROM rent_increases WHERE id = ?`, id))
}

func inList(ids []string) (string, []any) {
	args := make([]any, 0, len(ids))
	for _, id := range ids {
		args = append(args, id)
	}
	return `(?` + strings.Repeat(`, ?`, len(ids)-1) + `)`, args
}

// increasesOf are the increases of these tenancies, oldest first.
func increasesOf(ctx context.Context, c db.Conn, tenancyIDs []string) ([]Increase, error) {
	if len(tenancyIDs) == 0 {
		return []Increase{}, nil
	}
	in, args := inList(tenancyIDs)
	list, err := db.All(ctx, c, scanIncrease, `SELECT `+increaseCols+` FROM rent_increases WHERE tenancy_id IN `+in+
		` ORDER BY created_at, id`, args...)
	return list, apperr.Wrap(err, "list rent increases")
}

const noticeCols = `id, tenancy_id, landlord_id, property_id, jurisdiction, address, given_by, given_by_name, given_by_email,
	given_at, end_on, created_at`

func scanNotice(row db.Scanner) (TenantNotice, error) {
	var n TenantNotice
	var given, created int64
	var end string
	err := row.Scan(&n.ID, &n.TenancyID, &n.LandlordID, &n.PropertyID, &n.Jurisdiction, &n.Address, &n.GivenBy, &n.GivenByName,
		&n.GivenByEmail, &given, &end, &created)
	if err != nil {
		return TenantNotice{}, apperr.Wrap(err, "scan tenant notice")
	}
	n.GivenAt, n.CreatedAt = time.UnixMilli(given).UTC(), time.UnixMilli(created).UTC()
	n.EndOn, _ = time.Parse(time.DateOnly, end)
	return n, nil
}

func insertNotice(ctx context.Context, c db.Conn, n TenantNotice) error {
	_, err := c.Exec(ctx, `INSERT INTO tenant_notices (`+noticeCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		n.ID, n.TenancyID, n.LandlordID, n.PropertyID, n.Jurisdiction, n.Address, n.GivenBy, n.GivenByName, n.GivenByEmail,
		n.GivenAt.UnixMilli(), n.EndOn.Format(time.DateOnly), n.CreatedAt.UnixMilli())
	return apperr.Wrap(err, "insert tenant notice")
}

// noticesOf are the tenant's notices of these tenancies.
func noticesOf(ctx context.Context, c db.Conn, tenancyIDs []string) ([]TenantNotice, error) {
	if len(tenancyIDs) == 0 {
		return []TenantNotice{}, nil
	}
	in, args := inList(tenancyIDs)
	list, err := db.All(ctx, c, scanNotice, `SELECT `+noticeCols+` FROM tenant_notices WHERE tenancy_id IN `+in+` ORDER BY given_at, id`, args...)
	return list, apperr.Wrap(err, "list tenant notices")
}
