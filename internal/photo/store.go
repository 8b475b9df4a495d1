package photo

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `name, property_id, content_type, width, height, large_width, large_height, thumb_width, thumb_height`

func scan(row db.Scanner) (photo, error) {
	var p photo
	err := row.Scan(&p.Name, &p.PropertyID, &p.ContentType, &p.Width, &p.Height, &p.LargeWidth, &p.LargeHeight, &p.ThumbWidth, &p.ThumbHeight)
	if errors.Is(err, db.NoRows) {
		return photo{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return p, apperr.Wrap(err, "scan photo")
}

func count(ctx context.Context, c db.Conn, propertyID string) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM property_photos WHERE property_id = ?`, propertyID).Scan(&n)
	return n, apperr.Wrap(err, "count photos")
}

// insertWithinLimit adds the photo unless the property already has the
// maximum. Touching the property row first takes its write lock (a row lock
// on PostgreSQL, the database lock on SQLite), so two uploads at once cannot
// both see nine photos and make eleven.
func insertWithinLimit(ctx context.Context, d *db.DB, p photo, now time.Time) error {
	return d.Tx(ctx, func(tx db.Conn) error {
		if _, err := tx.Exec(ctx, `UPDATE properties SET updated_at = updated_at WHERE id = ?`, p.PropertyID); err != nil {
			return apperr.Wrap(err, "lock property")
		}
		n, err := count(ctx, tx, p.PropertyID)
		if err != nil {
			return err
		}
		if n >= MaxPerProperty {
			return apperr.New(apperr.Conflict, "too_many_images", MsgTooMany)
		}
		_, err = tx.Exec(ctx, `INSERT INTO property_photos (name, property_id, content_type, width, height, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, p.Name, p.PropertyID, p.ContentType, p.Width, p.Height, now.UnixMilli())
		return apperr.Wrap(err, "insert photo")
	})
}

func byName(ctx context.Context, c db.Conn, name string) (photo, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM property_photos WHERE name = ?`, name))
}

// ofProperty reads one photo of one property: a photo of another property
// is not found, whatever the name.
func ofProperty(ctx context.Context, c db.Conn, propertyID, name string) (photo, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM property_photos WHERE property_id = ? AND name = ?`, propertyID, name))
}

// visibleTo reads a photo the viewer may see: one of a Published property,
// or of the viewer's own live property. (viewerID is "" for visitors.) The
// rule is the property domain's; it is read in the same query so serving a
// file costs one lookup.
func visibleTo(ctx context.Context, c db.Conn, name, viewerID string) (p photo, published bool, err error) {
	var status string
	err = c.QueryRow(ctx, `SELECT i.name, i.property_id, i.content_type, i.width, i.height, i.large_width, i.large_height,
		i.thumb_width, i.thumb_height, p.status
		FROM property_photos i JOIN properties p ON p.id = i.property_id
		WHERE i.name = ? AND (p.status = 'Published' OR (p.status = 'Active' AND p.landlord_id = ?))`, name, viewerID).
		Scan(&p.Name, &p.PropertyID, &p.ContentType, &p.Width, &p.Height, &p.LargeWidth, &p.LargeHeight, &p.ThumbWidth, &p.ThumbHeight, &status)
	if errors.Is(err, db.NoRows) {
		return photo{}, false, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return p, status == "Published", apperr.Wrap(err, "read photo")
}

func setSizes(ctx context.Context, c db.Conn, p photo) error {
	_, err := c.Exec(ctx, `UPDATE property_photos SET large_width = ?, large_height = ?, thumb_width = ?, thumb_height = ? WHERE name = ?`,
		p.LargeWidth, p.LargeHeight, p.ThumbWidth, p.ThumbHeight, p.Name)
	return apperr.Wrap(err, "save photo sizes")
}

func remove(ctx context.Context, c db.Conn, name string) error {
	_, err := c.Exec(ctx, `DELETE FROM property_photos WHERE name = ?`, name)
	return apperr.Wrap(err, "delete photo")
}

// listOf returns the photos of the given properties in upload order.
func listOf(ctx context.Context, c db.Conn, propertyIDs []string) ([]photo, error) {
	if len(propertyIDs) == 0 {
		return nil, nil
	}
	args := make([]any, len(propertyIDs))
	for i, id := range propertyIDs {
		args[i] = id
	}
	out, err := db.All(ctx, c, scan, `SELECT `+cols+` FROM property_photos WHERE property_id IN (?`+strings.Repeat(", ?", len(args)-1)+`)
		ORDER BY property_id, created_at, name`, args...)
	return out, apperr.Wrap(err, "list photos")
}
