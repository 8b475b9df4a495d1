package documents

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/text"
)

const certCols = `id, owner_id, property_id, cert_type, name, issued_on, expires_on, epc_rating, notes, replaced_by, created_at, updated_at`

func scanCert(row db.Scanner) (Certificate, error) {
	var c Certificate
	var replaced sql.NullString
	var created, updated int64
	err := row.Scan(&c.ID, &c.OwnerID, &c.PropertyID, &c.Type, &c.Name, &c.IssuedOn, &c.ExpiresOn, &c.EPCRating, &c.Notes, &replaced, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Certificate{}, notFound()
	}
	if err != nil {
		return Certificate{}, apperr.Wrap(err, "scan certificate")
	}
	c.ReplacedBy = replaced.String
	c.CreatedAt, c.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return c, nil
}

func notFound() error { return apperr.New(apperr.NotFound, "not_found", MsgNotFound) }

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func insertCert(ctx context.Context, c db.Conn, x Certificate) error {
	_, err := c.Exec(ctx, `INSERT INTO certificates (`+certCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		x.ID, x.OwnerID, x.PropertyID, x.Type, x.Name, x.IssuedOn, x.ExpiresOn, x.EPCRating, x.Notes, nullable(x.ReplacedBy),
		x.CreatedAt.UnixMilli(), x.UpdatedAt.UnixMilli())
	return apperr.Wrap(err, "insert certificate")
}

func updateCert(ctx context.Context, c db.Conn, x Certificate) error {
	_, err := c.Exec(ctx, `UPDATE certificates SET name = ?, issued_on = ?, expires_on = ?, epc_rating = ?, notes = ?, updated_at = ? WHERE id = ?`,
		x.Name, x.IssuedOn, x.ExpiresOn, x.EPCRating, x.Notes, x.UpdatedAt.UnixMilli(), x.ID)
	return apperr.Wrap(err, "update certificate")
}

// markReplaced records that old was replaced by newID, only while old is
// still current (so two replacements cannot both win).
func markReplaced(ctx context.Context, c db.Conn, oldID, newID string, now time.Time) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE certificates SET replaced_by = ?, updated_at = ? WHERE id = ? AND replaced_by IS NULL`, newID, now.UnixMilli(), oldID)
	if err != nil {
		return false, apperr.Wrap(err, "replace certificate")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// restoreReplaced makes the certificates id had replaced current again.
func restoreReplaced(ctx context.Context, c db.Conn, id string, now time.Time) error {
	_, err := c.Exec(ctx, `UPDATE certificates SET replaced_by = NULL, updated_at = ? WHERE replaced_by = ?`, now.UnixMilli(), id)
	return apperr.Wrap(err, "restore replaced certificate")
}

func deleteCert(ctx context.Context, c db.Conn, id string) error {
	if _, err := c.Exec(ctx, `DELETE FROM certificate_files WHERE certificate_id = ?`, id); err != nil {
		return apperr.Wrap(err, "delete certificate files")
	}
	_, err := c.Exec(ctx, `DELETE FROM certificates WHERE id = ?`, id)
	return apperr.Wrap(err, "delete certificate")
}

// ownCert reads one of the owner's certificates; any other is NotFound.
func ownCert(ctx context.Context, c db.Conn, ownerID, id string) (Certificate, error) {
	return scanCert(c.QueryRow(ctx, `SELECT `+certCols+` FROM certificates WHERE id = ? AND owner_id = ?`, id, ownerID))
}

// certsOf lists an owner's certificates (of one property, or all when
// propertyID is ""), replaced ones included, newest expiry first.
func certsOf(ctx context.Context, c db.Conn, ownerID, propertyID string) ([]Certificate, error) {
	q, args := `SELECT `+certCols+` FROM certificates WHERE owner_id = ?`, []any{ownerID}
	if propertyID != "" {
		q, args = q+` AND property_id = ?`, append(args, propertyID)
	}
	out, err := db.All(ctx, c, scanCert, q+` ORDER BY expires_on DESC, created_at DESC, id`, args...)
	return out, apperr.Wrap(err, "list certificates")
}

// owners lists the owners that have a certificate not replaced.
func owners(ctx context.Context, c db.Conn) ([]string, error) {
	out, err := db.All(ctx, c, func(row db.Scanner) (string, error) {
		var s string
		return s, row.Scan(&s)
	}, `SELECT DISTINCT owner_id FROM certificates WHERE replaced_by IS NULL ORDER BY owner_id`)
	return out, apperr.Wrap(err, "list certificate owners")
}

const fileCols = `id, certificate_id, storage_key, filename, content_type, size, sha256, uploaded_at`

func scanFile(row db.Scanner) (File, error) {
	var f File
	var at int64
	err := row.Scan(&f.ID, &f.CertificateID, &f.StorageKey, &f.Filename, &f.ContentType, &f.Size, &f.SHA256, &at)
	if errors.Is(err, db.NoRows) {
		return File{}, apperr.New(apperr.NotFound, "not_found", MsgFileNotFound)
	}
	// A name stored before names were cleaned when stored (issue 43) is
	// cleaned as it is read, so it is never shown or downloaded disguised.
	f.Filename, f.UploadedAt = text.SingleLine(f.Filename), time.UnixMilli(at).UTC()
	return f, apperr.Wrap(err, "scan certificate file")
}

func insertFile(ctx context.Context, c db.Conn, f File) error {
	_, err := c.Exec(ctx, `INSERT INTO certificate_files (`+fileCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.CertificateID, f.StorageKey, f.Filename, f.ContentType, f.Size, f.SHA256, f.UploadedAt.UnixMilli())
	return apperr.Wrap(err, "insert certificate file")
}

func fileOf(ctx context.Context, c db.Conn, certID, id string) (File, error) {
	return scanFile(c.QueryRow(ctx, `SELECT `+fileCols+` FROM certificate_files WHERE id = ? AND certificate_id = ?`, id, certID))
}

func deleteFile(ctx context.Context, c db.Conn, id string) error {
	_, err := c.Exec(ctx, `DELETE FROM certificate_files WHERE id = ?`, id)
	return apperr.Wrap(err, "delete certificate file")
}

func countFiles(ctx context.Context, c db.Conn, certID string) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM certificate_files WHERE certificate_id = ?`, certID).Scan(&n)
	return n, apperr.Wrap(err, "count certificate files")
}

// filesOf gives the files of an owner's certificates, by certificate id,
// oldest first.
func filesOf(ctx context.Context, c db.Conn, ownerID, propertyID string) (map[string][]File, error) {
	q, args := `SELECT f.id, f.certificate_id, f.storage_key, f.filename, f.content_type, f.size, f.sha256, f.uploaded_at
		FROM certificate_files f JOIN certificates c ON c.id = f.certificate_id WHERE c.owner_id = ?`, []any{ownerID}
	if propertyID != "" {
		q, args = q+` AND c.property_id = ?`, append(args, propertyID)
	}
	list, err := db.All(ctx, c, scanFile, q+` ORDER BY f.uploaded_at, f.id`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list certificate files")
	}
	out := map[string][]File{}
	for _, f := range list {
		out[f.CertificateID] = append(out[f.CertificateID], f)
	}
	return out, nil
}

// Reminder ledger.

// recordReminder inserts a ledger row and reports whether this call wrote
// it (false: another worker, or an earlier sweep, already did).
func recordReminder(ctx context.Context, c db.Conn, key, stage, expiresOn, ownerID, status string, now time.Time) (bool, error) {
	res, err := c.Exec(ctx, `INSERT INTO certificate_reminders (certificate_key, stage, expires_on, owner_id, status, sent_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (certificate_key, stage, expires_on) DO NOTHING`, key, stage, expiresOn, ownerID, status, now.UnixMilli())
	if err != nil {
		return false, apperr.Wrap(err, "record reminder")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// unmarkDone removes the "done" marks of a certificate's expiry (the
// reminders already sent or skipped stay).
func unmarkDone(ctx context.Context, c db.Conn, ownerID, key, expiresOn string) error {
	_, err := c.Exec(ctx, `DELETE FROM certificate_reminders WHERE owner_id = ? AND certificate_key = ? AND expires_on = ? AND status = 'done'`,
		ownerID, key, expiresOn)
	return apperr.Wrap(err, "unmark reminders")
}

type ledgerRow struct {
	Key, Stage, ExpiresOn, Status string
	At                            time.Time
}

// ledgerOf lists an owner's reminder rows.
func ledgerOf(ctx context.Context, c db.Conn, ownerID string) ([]ledgerRow, error) {
	out, err := db.All(ctx, c, func(row db.Scanner) (ledgerRow, error) {
		var r ledgerRow
		var at int64
		err := row.Scan(&r.Key, &r.Stage, &r.ExpiresOn, &r.Status, &at)
		r.At = time.UnixMilli(at).UTC()
		return r, err
	}, `SELECT certificate_key, stage, expires_on, status, sent_at FROM certificate_reminders WHERE owner_id = ?`, ownerID)
	return out, apperr.Wrap(err, "list reminders")
}

// Vendor requests.

func insertVendorRequest(ctx context.Context, c db.Conn, v VendorRequest) error {
	_, err := c.Exec(ctx, `INSERT INTO vendor_requests (id, owner_id, property_id, cert_type, preferred_dates, contact, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		v.ID, v.OwnerID, v.PropertyID, v.Type, v.PreferredDates, v.Contact, v.RequestedAt.UnixMilli())
	return apperr.Wrap(err, "insert vendor request")
}

// latestRequests gives the newest request per type for a property.
func latestRequests(ctx context.Context, c db.Conn, ownerID, propertyID string) (map[string]VendorRequest, error) {
	list, err := db.All(ctx, c, func(row db.Scanner) (VendorRequest, error) {
		var v VendorRequest
		var at int64
		err := row.Scan(&v.ID, &v.OwnerID, &v.PropertyID, &v.Type, &v.PreferredDates, &v.Contact, &at)
		v.RequestedAt = time.UnixMilli(at).UTC()
		return v, err
	}, `SELECT id, owner_id, property_id, cert_type, preferred_dates, contact, created_at FROM vendor_requests
		WHERE owner_id = ? AND property_id = ? ORDER BY created_at, id`, ownerID, propertyID)
	if err != nil {
		return nil, apperr.Wrap(err, "list vendor requests")
	}
	out := map[string]VendorRequest{}
	for _, v := range list {
		out[v.Type] = v // later rows overwrite earlier ones
	}
	return out, nil
}

// Property compliance facts.

// hasGas answers whether a property has gas (true unless recorded otherwise).
func hasGas(ctx context.Context, c db.Conn, propertyID string) (bool, error) {
	var v bool
	err := c.QueryRow(ctx, `SELECT has_gas FROM property_compliance WHERE property_id = ?`, propertyID).Scan(&v)
	if errors.Is(err, db.NoRows) {
		return true, nil
	}
	return v, apperr.Wrap(err, "read property compliance")
}

// gasOf gives the recorded has-gas answers of an owner's properties.
func gasOf(ctx context.Context, c db.Conn, ownerID string) (map[string]bool, error) {
	type row struct {
		id  string
		gas bool
	}
	list, err := db.All(ctx, c, func(s db.Scanner) (row, error) {
		var r row
		return r, s.Scan(&r.id, &r.gas)
	}, `SELECT property_id, has_gas FROM property_compliance WHERE owner_id = ?`, ownerID)
	if err != nil {
		return nil, apperr.Wrap(err, "list property compliance")
	}
	out := map[string]bool{}
	for _, r := range list {
		out[r.id] = r.gas
	}
	return out, nil
}

func setGas(ctx context.Context, c db.Conn, propertyID, ownerID string, gas bool, now time.Time) error {
	_, err := c.Exec(ctx, `INSERT INTO property_compliance (property_id, owner_id, has_gas, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (property_id) DO UPDATE SET has_gas = excluded.has_gas, owner_id = excluded.owner_id, updated_at = excluded.updated_at`,
		propertyID, ownerID, gas, now.UnixMilli())
	return apperr.Wrap(err, "save property compliance")
}
