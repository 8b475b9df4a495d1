package property

import (
	"context"
	"database/sql"
	"math"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Area searches read a spatial index, which is the one part of search whose
// SQL differs by dialect (migration 00005_search_index):
//
//   - SQLite: the R*Tree properties_geo, kept in step with properties by
//     triggers. It holds only Published rows and carries the filter columns,
//     so the query never touches properties; it is wrapped as a subquery named
//     "properties" with a constant status so that query.where() applies as is.
//   - PostgreSQL: properties itself, through the partial GiST index on
//     point(longitude, latitude), queried with <@ box. The index INCLUDEs
//     the filter columns too, so this is an index-only scan.
//
// The plain (status, latitude, longitude) B-tree narrows by latitude only: a
// 3-mile box read a band across the whole country, then each row for the
// other filters.

// spot is what ranking and paging need of a row: the rest of a listing is
// loaded for the page's rows only.
type spot struct {
	ID       string
	Lat, Lon float64
	At       int64 // published_at, unix milliseconds
}

// inBoxSQL selects the spots of Published rows inside box (minLat, maxLat,
// minLon, maxLon) that pass q's filters. Callers add conditions with AND.
func inBoxSQL(d db.Dialect, q query, box [4]float64) (string, []any) {
	return inBoxNearSQL(d, q, box, nil)
}

// inBoxNearSQL is inBoxSQL keeping only the points that pass the flat ring
// test near (when given). On SQLite the test reads the R*Tree's own
// coordinates, so a point of the box far from the ring is left out before
// its auxiliary columns (a lookup each) are read; on PostgreSQL it runs on
// the GiST index's tuples and spares sending the rest.
func inBoxNearSQL(d db.Dialect, q query, box [4]float64, near *geo.FlatRing) (string, []any) {
	where, args := q.where()
	// The flat test in SQL, on the given coordinate columns.
	nearSQL := func(lat, lon string) (string, []any) {
		if near == nil {
			return "", nil
		}
		return ` AND ((` + lat + ` - ?) * ?) * ((` + lat + ` - ?) * ?) + ((` + lon + ` - ?) * ?) * ((` + lon + ` - ?) * ?) BETWEEN ? AND ?`,
			[]any{near.Lat, near.KLat, near.Lat, near.KLat, near.Lon, near.KLon, near.Lon, near.KLon, near.Lo2, near.Hi2}
	}
	if d == db.Postgres {
		// The GiST index INCLUDEs the exact coordinates: the test runs on
		// the index's tuples, in the index-only scan.
		cond, condArgs := nearSQL("latitude", "longitude")
		return `SELECT id, latitude, longitude, published_at FROM properties WHERE ` + where +
				` AND point(longitude, latitude) <@ box(point(?, ?), point(?, ?))` + cond,
			append(append(args, box[2], box[0], box[3], box[1]), condArgs...)
	}
	cond, condArgs := nearSQL("min_lat", "min_lon")
	boxArgs := append([]any{box[0], box[1], box[2], box[3]}, condArgs...)
	return `SELECT id, latitude, longitude, published_at FROM (
		SELECT id, landlord_id, latitude, longitude, bedroom_count, bathroom_count, monthly_rent_pence, published_at,
			'Published' AS status
		FROM properties_geo WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?` + cond + `
	) AS properties WHERE ` + where, append(boxArgs, args...)
}

// inRing reads every spot that may lie between inner and outer miles of p,
// in no particular order: one statement, a UNION ALL of a box search for
// each box that follows the ring (geo.RingBoxes), each box's points kept
// only when near the ring (geo.FlatRing).
func inRing(ctx context.Context, c db.Conn, d db.Dialect, q query, p geo.Point, inner, outer float64) ([]spot, error) {
	near := geo.NewFlatRing(p, inner, outer)
	var parts []string
	var args []any
	for _, b := range geo.RingBoxes(p, inner, outer, ringBands(inner, outer)) {
		part, a := inBoxNearSQL(d, q, b, &near)
		parts, args = append(parts, part), append(args, a...)
	}
	return collectSpots(ctx, c, strings.Join(parts, " UNION ALL "), args...)
}

// ringBands is how many bands of latitude a ring is read in. Each box is an
// index probe (about 25 µs on SQLite with 100,000 listings, 50 µs on
// PostgreSQL with 1,000,000), each point of a box read from the index 1-2
// µs (the flat test), each point kept about 5 µs on SQLite: measured on
// rings 0.02 to 0.4 miles wide at 0.4 to 3 miles, the best count was about
// the square root of outer / width on both (a disc, inner 0, is read as
// its bounding box). At most 16.
func ringBands(inner, outer float64) int {
	if inner <= 0 || outer <= inner {
		return 1
	}
	return min(max(int(math.Round(math.Sqrt(outer/(outer-inner)))), 1), 16)
}

// inBoxNewest reads up to limit spots in the box, newest first, strictly
// after the cursor when there is one.
func inBoxNewest(ctx context.Context, c db.Conn, d db.Dialect, q query, box [4]float64, after *cursor, limit int) ([]spot, error) {
	query, args := inBoxSQL(d, q, box)
	query, args = afterNewest(query, args, after)
	return collectSpots(ctx, c, query+" ORDER BY published_at DESC, id DESC"+limitSQL(limit), args...)
}

// newest reads up to limit whole rows newest first, strictly after the
// cursor when there is one (a search without an area).
func newest(ctx context.Context, c db.Conn, q query, after *cursor, limit int) ([]Property, error) {
	where, args := q.where()
	query, args := afterNewest(`SELECT `+cols+` FROM properties WHERE `+where, args, after)
	return collect(ctx, c, query+" ORDER BY published_at DESC, id DESC"+limitSQL(limit), args...)
}

// limitSQL writes the page's LIMIT into the statement: SQLite reads a bound
// LIMIT when it plans, and so prepares a statement with `LIMIT ?` again at
// every run, which cost more than the run itself (issue 29). The limits are
// constants of this package.
func limitSQL(n int) string { return " LIMIT " + strconv.Itoa(n) }

// afterNewest adds the keyset condition as a row value: both databases seek
// straight to it in properties_newest (status, published_at, id). Spelt
// `published_at < ? OR (published_at = ? AND id < ?)`, PostgreSQL read the
// index from the newest row and filtered, so page 50 read 1,000 rows first.
func afterNewest(query string, args []any, after *cursor) (string, []any) {
	if after == nil {
		return query, args
	}
	return query + " AND (published_at, id) < (?, ?)", append(args, after.At, after.ID)
}

func scanSpot(row db.Scanner) (spot, error) {
	var s spot
	var at sql.NullInt64
	err := row.Scan(&s.ID, &s.Lat, &s.Lon, &at)
	s.At = at.Int64
	return s, err
}

func collectSpots(ctx context.Context, c db.Conn, query string, args ...any) ([]spot, error) {
	out, err := db.All(ctx, c, scanSpot, query, args...)
	return out, apperr.Wrap(err, "search")
}
