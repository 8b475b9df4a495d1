package property

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Advert is the rent a property's listing last advertised, and when: set
// each time the listing is published or saved while published, and kept
// when it is taken down. The advertised rent is the rent (Renters' Rights
// Act 2025, s.56): the agreement builder holds an agreement to it, while the
// listing is published and after, until an agreement for the property is
// sent for signing (internal/contract). Taking the listing down for a moment
// does not lift it.
type Advert struct {
	Pence int64
	Cycle RentCycle
	At    time.Time
}

// recordAdvert records p's rent as its listing's advert, at now.
func recordAdvert(ctx context.Context, c db.Conn, p Property, now time.Time) error {
	if p.Status != Published || p.RentPence == nil {
		return nil
	}
	_, err := c.Exec(ctx, `UPDATE properties SET advertised_rent_pence = ?, advertised_rent_cycle = ?, advertised_at = ? WHERE id = ?`,
		*p.RentPence, p.RentCycle, now.UnixMilli(), p.ID)
	return apperr.Wrap(err, "record advert")
}

// advertsOf are the last adverts of these properties, by id (none for a
// property never published).
func advertsOf(ctx context.Context, c db.Conn, ids []string) (map[string]Advert, error) {
	out := map[string]Advert{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	type row struct {
		id string
		ad Advert
	}
	rows, err := db.All(ctx, c, func(s db.Scanner) (row, error) {
		var r row
		var pence, at sql.NullInt64
		if err := s.Scan(&r.id, &pence, &r.ad.Cycle, &at); err != nil {
			return r, err
		}
		r.ad.Pence, r.ad.At = pence.Int64, time.UnixMilli(at.Int64).UTC()
		return r, nil
	}, `SELECT id, advertised_rent_pence, advertised_rent_cycle, advertised_at FROM properties
		WHERE advertised_rent_pence IS NOT NULL AND advertised_at IS NOT NULL AND id IN (`+marks+`)`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "read adverts")
	}
	for _, r := range rows {
		out[r.id] = r.ad
	}
	return out, nil
}
