package property

import (
	"context"
	"database/sql"
	"math"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Area searches read a spatial index, which is the one part of search whose
// SQL differs by dialect:
//
//   - SQLite: the R*Tree properties_geo (migration 00005_search_index), kept
//     in step with properties by triggers. It holds only Published rows and
//     carries the filter columns, so the query never touches properties; it
//     is wrapped as a subquery named "properties" with a constant status so
//     that query.where() applies as is. Several boxes are a UNION ALL.
//   - PostgreSQL: properties itself, through the partial B-tree
//     properties_band on (band of latitude, longitude) (migration
//     00041_search_band_index). Every box is cut at the bands it crosses;
//     the statement joins the list of pieces (arrays, unnest) to the index,
//     one descent and one run of longitudes a piece. The index INCLUDEs the
//     filter columns, so this is an index-only scan. The statement's text is
//     the same however many boxes and bands, so PostgreSQL keeps one generic
//     plan for it. (Until issue 29 a GiST index on the point, one probe a
//     box in a UNION ALL: a deep page's narrow boxes read 20-40 pages each;
//     and the same B-tree read through a UNION ALL of `= ANY` parts was
//     planned afresh at every run, its generic plan being estimated dearer.)
//
// The plain (status, latitude, longitude) B-tree narrows by latitude only: a
// 3-mile box read a band across the whole country, then each row for the
// other filters.

// latitudeBands is how many bands of latitude a degree is cut into in
// PostgreSQL's properties_band index (the index's bands, not a ring's
// boxes of ringBands): its first key is floor(latitude * latitudeBands),
// written as in bandSQL. A band is about 0.14 miles (220 m): a first
// page's disc crosses 6, the narrow boxes along a deep page's ring one or
// two each, a 10-mile disc 145. Bands of 0.7 miles (100 a degree) made a
// deep page 15 % slower: each narrow box read a band several times its
// height.
const latitudeBands = 500

// bandSQL is properties_band's first key, spelt as the index spells it so
// that PostgreSQL matches the two (TestAreaSearchReadsTheBandIndex).
var bandSQL = `(floor(latitude * ` + strconv.Itoa(latitudeBands) + `)::integer)`

// minPieces is how many pieces a statement carries at least, the rest
// empty (a band no row has, an empty run of longitudes: one descent of the
// index each, finding nothing). PostgreSQL plans a prepared statement for
// its values five times, then keeps one generic plan if that is estimated
// no dearer; a generic plan takes an array it cannot see to hold 10
// elements. With fewer pieces than that the plan for the values looked
// cheaper, so a first page was planned afresh every time (0.15 ms, twice
// the statement's own run). TestAreaSearchReadsTheBandIndex checks the
// generic plan is kept.
const minPieces = 10

// bandPieces cuts boxes (minLat, maxLat, minLon, maxLon) at the bands of
// latitude, as five columns for unnest: band, then the box's longitudes and
// latitudes. A row inside a box lies in one of its pieces: multiplying by a
// constant and taking the floor keep order, in Go as in PostgreSQL (the same
// IEEE doubles).
func bandPieces(boxes [][4]float64) []any {
	var band []int32
	var lonLo, lonHi, latLo, latHi []float64
	piece := func(n int32, b [4]float64) {
		band = append(band, n)
		lonLo, lonHi, latLo, latHi = append(lonLo, b[2]), append(lonHi, b[3]), append(latLo, b[0]), append(latHi, b[1])
	}
	for _, b := range boxes {
		for n := int32(math.Floor(b[0] * latitudeBands)); n <= int32(math.Floor(b[1]*latitudeBands)); n++ {
			piece(n, b)
		}
	}
	for len(band) < minPieces {
		piece(math.MinInt32, [4]float64{1, 0, 1, 0}) // empty
	}
	return []any{band, lonLo, lonHi, latLo, latHi}
}

// spot is what ranking and paging need of a row: the rest of a listing is
// loaded for the page's rows only.
type spot struct {
	ID       string
	Lat, Lon float64
	At       int64 // published_at, unix milliseconds
}

// inBoxesSQL selects the spots of Published rows inside any of boxes
// (minLat, maxLat, minLon, maxLon) that pass q's filters and, when near is
// given, the flat ring test. Callers may add conditions with AND when there
// is one box (on SQLite the last part of a UNION takes them).
func inBoxesSQL(d db.Dialect, q query, boxes [][4]float64, near *geo.FlatRing) (string, []any) {
	where, args := q.where()
	// The flat test in SQL, on the given coordinate columns: on SQLite it
	// reads the R*Tree's own coordinates, so a point of the box far from
	// the ring is left out before its auxiliary columns (a lookup each) are
	// read; on PostgreSQL it runs on the index's tuples.
	nearSQL := func(lat, lon string) (string, []any) {
		if near == nil {
			return "", nil
		}
		return ` AND ((` + lat + ` - ?) * ?) * ((` + lat + ` - ?) * ?) + ((` + lon + ` - ?) * ?) * ((` + lon + ` - ?) * ?) BETWEEN ? AND ?`,
			[]any{near.Lat, near.KLat, near.Lat, near.KLat, near.Lon, near.KLon, near.Lon, near.KLon, near.Lo2, near.Hi2}
	}
	if d == db.Postgres {
		cond, condArgs := nearSQL("latitude", "longitude")
		return `SELECT id, latitude, longitude, published_at
			FROM unnest(?::integer[], ?::float8[], ?::float8[], ?::float8[], ?::float8[]) AS piece(band, lon_lo, lon_hi, lat_lo, lat_hi)
			JOIN properties ON ` + bandSQL + ` = piece.band AND longitude BETWEEN piece.lon_lo AND piece.lon_hi
				AND latitude BETWEEN piece.lat_lo AND piece.lat_hi
			WHERE ` + where + cond, append(append(bandPieces(boxes), args...), condArgs...)
	}
	cond, condArgs := nearSQL("min_lat", "min_lon")
	parts := make([]string, len(boxes))
	var all []any
	for i, box := range boxes {
		parts[i] = `SELECT id, latitude, longitude, published_at FROM (
		SELECT id, landlord_id, latitude, longitude, bedroom_count, bathroom_count, monthly_rent_pence, published_at,
			'Published' AS status
		FROM properties_geo WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?` + cond + `
	) AS properties WHERE ` + where
		all = append(append(append(all, box[0], box[1], box[2], box[3]), condArgs...), args...)
	}
	return strings.Join(parts, " UNION ALL "), all
}

// inRing reads every spot that may lie between inner and outer miles of p,
// in no particular order: one statement reading the boxes that follow the
// ring (geo.RingBoxes), each box's points kept only when near the ring
// (geo.FlatRing).
func inRing(ctx context.Context, c db.Conn, d db.Dialect, q query, p geo.Point, inner, outer float64) ([]spot, error) {
	near := geo.NewFlatRing(p, inner, outer)
	query, args := inBoxesSQL(d, q, geo.RingBoxes(p, inner, outer, ringBands(inner, outer)), &near)
	return collectSpots(ctx, c, query, args...)
}

// ringBands is how many bands of latitude a ring is read in. Each box is an
// index probe (about 25 µs on SQLite with 100,000 listings, 50 µs on
// PostgreSQL with 1,000,000 and the GiST index of the time), each point of
// a box read from the index 1-2 µs (the flat test), each point kept about
// 5 µs on SQLite: measured on rings 0.02 to 0.4 miles wide at 0.4 to 3
// miles, the best count was about the square root of outer / width on both
// (a disc, inner 0, is read as its bounding box). At most 16. (With
// PostgreSQL's bands of latitude since, twice or four times as many boxes
// made no difference a deep page.)
func ringBands(inner, outer float64) int {
	if inner <= 0 || outer <= inner {
		return 1
	}
	return min(max(int(math.Round(math.Sqrt(outer/(outer-inner)))), 1), 16)
}

// inBoxNewest reads up to limit spots in the box, newest first, strictly
// after the cursor when there is one.
func inBoxNewest(ctx context.Context, c db.Conn, d db.Dialect, q query, box [4]float64, after *cursor, limit int) ([]spot, error) {
	query, args := inBoxesSQL(d, q, [][4]float64{box}, nil)
	query, args = afterNewest(query, args, after)
	return collectSpots(ctx, c, query+" ORDER BY published_at DESC, id DESC"+limitSQL(limit), args...)
}

// newest reads up to limit whole rows newest first, with their photos,
// strictly after the cursor when there is one (a search without an area).
// sel is Service.pageSelect.
func newest(ctx context.Context, c db.Conn, sel string, q query, after *cursor, limit int) ([]Result, error) {
	where, args := q.where()
	query, args := afterNewest(sel+` WHERE `+where, args, after)
	return pageRows(ctx, c, limit, query+" ORDER BY published_at DESC, id DESC"+limitSQL(limit), args...)
}

// pageSelectOf is the start of a search page's statement: the rows and,
// last, their photos as the photo mechanism lends them (PhotoLister's
// ViewsColumn; NULL without one), so a page and its photos are one
// statement (issue 43; they were two).
func pageSelectOf(photos PhotoLister) string {
	column := "NULL"
	if photos != nil {
		column = photos.ViewsColumn(photo.KindProperty, "properties.id")
	}
	return `SELECT ` + cols + `, ` + column + ` AS photos FROM properties`
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
