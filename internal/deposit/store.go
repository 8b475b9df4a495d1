package deposit

import (
	"context"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// All the area's SQL: deposit_tenancies, one row per signed agreement with
// a deposit (the row each change locks) holding its protection. Times are
// Unix milliseconds, days YYYY-MM-DD.

// lockTenancy makes sure the tenancy has its row and locks it until the
// transaction ends (SQLite's transactions take the write lock when they
// begin; PostgreSQL locks the row).
func lockTenancy(ctx context.Context, c db.Conn, d db.Dialect, tenancyID, landlordID string, now time.Time) (Protection, error) {
	if _, err := c.Exec(ctx, `INSERT INTO deposit_tenancies (tenancy_id, landlord_id, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (tenancy_id) DO NOTHING`, tenancyID, landlordID, now.UnixMilli()); err != nil {
		return Protection{}, apperr.Wrap(err, "deposit tenancy")
	}
	q := `SELECT ` + protectionCols + ` FROM deposit_tenancies WHERE tenancy_id = ?`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scanProtection(c.QueryRow(ctx, q, tenancyID))
}

const protectionCols = `tenancy_id, landlord_id, scheme, reference, protected_on, info_served_on,
	cert_key, cert_name, cert_type, cert_size, cert_sha256, cert_at, updated_at`

func scanProtection(row db.Scanner) (Protection, error) {
	var p Protection
	var f File
	var certAt *int64
	var updated int64
	err := row.Scan(&p.TenancyID, &p.LandlordID, &p.Scheme, &p.Reference, &p.ProtectedOn, &p.InfoServedOn,
		&f.Key, &f.Name, &f.ContentType, &f.Size, &f.SHA256, &certAt, &updated)
	if errors.Is(err, db.NoRows) {
		return Protection{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Protection{}, apperr.Wrap(err, "scan deposit protection")
	}
	if f.Key != "" && certAt != nil {
		f.UploadedAt = time.UnixMilli(*certAt).UTC()
		p.Certificate = &f
	}
	p.UpdatedAt = time.UnixMilli(updated).UTC()
	return p, nil
}

func updateProtection(ctx context.Context, c db.Conn, p Protection) error {
	var f File
	var at any
	if p.Certificate != nil {
		f, at = *p.Certificate, p.Certificate.UploadedAt.UnixMilli()
	}
	_, err := c.Exec(ctx, `UPDATE deposit_tenancies SET scheme = ?, reference = ?, protected_on = ?, info_served_on = ?,
		cert_key = ?, cert_name = ?, cert_type = ?, cert_size = ?, cert_sha256 = ?, cert_at = ?, updated_at = ? WHERE tenancy_id = ?`,
		p.Scheme, p.Reference, p.ProtectedOn, p.InfoServedOn, f.Key, f.Name, f.ContentType, f.Size, f.SHA256, at,
		p.UpdatedAt.UnixMilli(), p.TenancyID)
	return apperr.Wrap(err, "update deposit protection")
}

func protectionOf(ctx context.Context, c db.Conn, tenancyID string) (Protection, bool, error) {
	p, err := scanProtection(c.QueryRow(ctx, `SELECT `+protectionCols+` FROM deposit_tenancies WHERE tenancy_id = ?`, tenancyID))
	if apperr.IsNotFound(err) {
		return Protection{TenancyID: tenancyID}, false, nil
	}
	return p, err == nil, err
}
