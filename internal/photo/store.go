package photo

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of photos: only its own tables (photos, photo_owners).

const cols = `name, owner_kind, owner_id, content_type, width, height, large_width, large_height, thumb_width, thumb_height,
	sha256, captured_at, uploaded_at, origin, uploader_id, gps_lat, gps_lng, camera_not_confirmed`

func scan(row db.Scanner) (photo, error) {
	var p photo
	var captured sql.NullInt64
	var uploaded int64
	err := row.Scan(&p.Name, &p.OwnerKind, &p.OwnerID, &p.ContentType, &p.Width, &p.Height, &p.LargeWidth, &p.LargeHeight,
		&p.ThumbWidth, &p.ThumbHeight, &p.SHA256, &captured, &uploaded, &p.Origin, &p.UploaderID, &p.Lat, &p.Lng, &p.CameraNotConfirmed)
	if errors.Is(err, db.NoRows) {
		return photo{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return photo{}, apperr.Wrap(err, "scan photo")
	}
	if captured.Valid {
		t := time.UnixMilli(captured.Int64).UTC()
		p.CapturedAt = &t
	}
	p.UploadedAt = time.UnixMilli(uploaded).UTC()
	return p, nil
}

func count(ctx context.Context, c db.Conn, kindName, ownerID string) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM photos WHERE owner_kind = ? AND owner_id = ?`, kindName, ownerID).Scan(&n)
	return n, apperr.Wrap(err, "count photos")
}

// insertWithinLimit adds the photo unless its owner already has the
// maximum. Writing the owner's photo_owners row first takes its write lock
// (a row lock on PostgreSQL, the database lock on SQLite), so two uploads at
// once cannot both see nine photos and make eleven.
// guard, when not nil, runs first in the transaction: the owning area
// locks its record and may refuse (InsertGuard). then runs in the same
// transaction (the resize job is recorded with the row).
func insertWithinLimit(ctx context.Context, d *db.DB, p photo, guard, then func(tx db.Conn) error) error {
	k := kinds[p.OwnerKind]
	return d.Tx(ctx, func(tx db.Conn) error {
		if guard != nil {
			if err := guard(tx); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO photo_owners (owner_kind, owner_id, locked_at) VALUES (?, ?, ?)
			ON CONFLICT (owner_kind, owner_id) DO UPDATE SET locked_at = excluded.locked_at`,
			p.OwnerKind, p.OwnerID, p.UploadedAt.UnixMilli()); err != nil {
			return apperr.Wrap(err, "lock photo owner")
		}
		n, err := count(ctx, tx, p.OwnerKind, p.OwnerID)
		if err != nil {
			return err
		}
		if n >= k.max {
			return apperr.New(apperr.Conflict, "too_many_images", k.msgTooMany)
		}
		var captured any
		if p.CapturedAt != nil {
			captured = p.CapturedAt.UnixMilli()
		}
		_, err = tx.Exec(ctx, `INSERT INTO photos (name, owner_kind, owner_id, content_type, width, height, sha256, captured_at,
			uploaded_at, origin, uploader_id, gps_lat, gps_lng, camera_not_confirmed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.Name, p.OwnerKind, p.OwnerID, p.ContentType,
			p.Width, p.Height, p.SHA256, captured, p.UploadedAt.UnixMilli(), p.Origin, p.UploaderID, p.Lat, p.Lng, p.CameraNotConfirmed)
		if err != nil {
			return apperr.Wrap(err, "insert photo")
		}
		return then(tx)
	})
}

func byName(ctx context.Context, c db.Conn, name string) (photo, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM photos WHERE name = ?`, name))
}

// ofOwner reads one photo of one record: a photo of another record is not
// found, whatever the name.
func ofOwner(ctx context.Context, c db.Conn, kindName, ownerID, name string) (photo, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM photos WHERE owner_kind = ? AND owner_id = ? AND name = ?`, kindName, ownerID, name))
}

func setSizes(ctx context.Context, c db.Conn, p photo) error {
	_, err := c.Exec(ctx, `UPDATE photos SET large_width = ?, large_height = ?, thumb_width = ?, thumb_height = ? WHERE name = ?`,
		p.LargeWidth, p.LargeHeight, p.ThumbWidth, p.ThumbHeight, p.Name)
	return apperr.Wrap(err, "save photo sizes")
}

func remove(ctx context.Context, c db.Conn, name string) error {
	_, err := c.Exec(ctx, `DELETE FROM photos WHERE name = ?`, name)
	return apperr.Wrap(err, "delete photo")
}

// listOf returns the photos of the given records of one kind in upload order.
func listOf(ctx context.Context, c db.Conn, kindName string, ownerIDs []string) ([]photo, error) {
	if len(ownerIDs) == 0 {
		return nil, nil
	}
	args := make([]any, 0, len(ownerIDs)+1)
	args = append(args, kindName)
	for _, id := range ownerIDs {
		args = append(args, id)
	}
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM photos WHERE owner_kind = ? AND owner_id IN (?`+strings.Repeat(", ?", len(ownerIDs)-1)+`)
		ORDER BY owner_id, uploaded_at, name`, args...)
	return out, apperr.Wrap(err, "list photos")
}

// namesOf lists every photo of one kind by owner, for the sweep.
func namesOf(ctx context.Context, c db.Conn, kindName string) ([]photo, error) {
	out, err := db.All(ctx, c, func(row db.Scanner) (photo, error) {
		var p photo
		err := row.Scan(&p.Name, &p.OwnerID)
		p.OwnerKind = kindName
		return p, err
	}, `SELECT name, owner_id FROM photos WHERE owner_kind = ?`, kindName)
	return out, apperr.Wrap(err, "list photo names")
}

func ownersOf(ctx context.Context, c db.Conn, names []string) (map[string]Owner, error) {
	out := make(map[string]Owner, len(names))
	for chunk := range slices.Chunk(names, 500) {
		args := make([]any, len(chunk))
		for i, n := range chunk {
			args[i] = n
		}
		rows, err := c.Query(ctx, `SELECT name, owner_kind, owner_id FROM photos WHERE name IN (?`+strings.Repeat(", ?", len(chunk)-1)+`)`, args...)
		if err != nil {
			return nil, apperr.Wrap(err, "read photo owners")
		}
		for rows.Next() {
			var n string
			var o Owner
			if err := rows.Scan(&n, &o.Kind, &o.ID); err != nil {
				rows.Close()
				return nil, apperr.Wrap(err, "read photo owners")
			}
			out[n] = o
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, apperr.Wrap(err, "read photo owners")
		}
	}
	return out, nil
}
