package property

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
)

// Public search over Published properties (spec 1 section 2.7).
//
// Pagination is keyset, never OFFSET: each page ends with a cursor naming the
// last row's sort key, and the next page starts strictly after it, so rows
// published meanwhile neither repeat nor push others off a page.

const (
	PageSize            = 20
	defaultPostcodeMile = 1.0
	defaultAreaMiles    = 3.0
	minRadiusMiles      = 0.25
	maxRadiusMiles      = 10.0
	MsgAreaUnknown      = "We could not find that place. Try a town, a postcode district such as SW11, or a full postcode."
	MsgFilterNumbers    = "Bed counts and prices must be numbers."
)

type SortOrder string

const (
	Newest  SortOrder = "newest"
	Nearest SortOrder = "nearest"
)

// Filter is a search as the user asked it. Prices are whole pounds per
// RentCycle; nil means no bound.
type Filter struct {
	Area               string
	RadiusMiles        float64
	MinBeds, MaxBeds   *int
	RentCycle          RentCycle
	MinRent, MaxRent   *int64
	MinBaths, MaxBaths *int
	Sort               SortOrder
	Cursor             string
	// MineOf restricts the search to one landlord's listings (My properties).
	MineOf string
}

// Area is where a search was centred, so the page can say so.
type Area struct {
	Query       string
	Kind        geo.AreaKind
	Point       geo.Point
	RadiusMiles float64
}

// Result is one listing with its distance from the search area (when any).
type Result struct {
	Property
	DistanceMiles *float64
	// photos is the listing's photos as the search's statement read them
	// (PhotoLister's ViewsColumn; Property.Photos stays nil): decoded only
	// when the listing's card is encoded (cards.go).
	photos string
}

type Page struct {
	Results    []Result
	NextCursor string
	Area       *Area
}

// Searcher resolves search text to a point.
type Searcher interface {
	ResolveArea(q string) (geo.Point, geo.AreaKind, bool)
}

// query is the filter in stored units: monthly pence, a bounding box.
type query struct {
	mineOf                 string
	minBeds, maxBeds       *int
	minBaths, maxBaths     *int
	minMonthly, maxMonthly *int64
}

type cursor struct {
	Sort SortOrder `json:"s"`
	At   int64     `json:"t,omitempty"` // published_at of the last row (newest)
	Dist float64   `json:"d,omitempty"` // distance of the last row (nearest)
	ID   string    `json:"i"`
	// Width is the first ring's width for the next page (nearest), in
	// miles; absent from cursors made before it.
	Width float64 `json:"w,omitempty"`
}

// encodeCursor writes the cursor's JSON as encoding/json does (the same
// cursors as before issue 43, TestCursorJSONIsEncodingJSONs), without its
// reflection: it was a twentieth of a newest-first page's CPU outside the
// statement.
func encodeCursor(c cursor) string {
	b := make([]byte, 0, 112)
	b = append(b, `{"s":`...)
	b = appendJSONString(b, string(c.Sort))
	if c.At != 0 {
		b = strconv.AppendInt(append(b, `,"t":`...), c.At, 10)
	}
	var err error
	if c.Dist != 0 {
		if b, err = appendJSONFloat(append(b, `,"d":`...), c.Dist); err != nil {
			return encodeCursorJSON(c)
		}
	}
	b = appendJSONString(append(b, `,"i":`...), c.ID)
	if c.Width != 0 {
		if b, err = appendJSONFloat(append(b, `,"w":`...), c.Width); err != nil {
			return encodeCursorJSON(c)
		}
	}
	return base64.RawURLEncoding.EncodeToString(append(b, '}'))
}

// encodeCursorJSON is encodeCursor through encoding/json.
func encodeCursorJSON(c cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s string) (cursor, error) {
	var c cursor
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.ID == "" {
		return c, apperr.New(apperr.Invalid, "invalid_cursor", "This page of results has expired. Please search again.")
	}
	return c, nil
}

// Search returns one page of Published listings matching f.
func (s *Service) Search(ctx context.Context, areas Searcher, f Filter) (Page, error) {
	q := query{mineOf: f.MineOf, minBeds: f.MinBeds, maxBeds: f.MaxBeds, minBaths: f.MinBaths, maxBaths: f.MaxBaths}
	cycle := f.RentCycle
	if cycle == "" {
		cycle = Monthly
	}
	// Prices compare like with like: the filter becomes a monthly figure, as
	// every listing's rent is also kept as one.
	if f.MinRent != nil {
		v := MonthlyPence(*f.MinRent*100, cycle)
		q.minMonthly = &v
	}
	if f.MaxRent != nil {
		v := MonthlyPence(*f.MaxRent*100, cycle)
		q.maxMonthly = &v
	}
	var area *Area
	if text := strings.TrimSpace(f.Area); text != "" {
		pt, kind, ok := areas.ResolveArea(text)
		if !ok {
			return Page{}, apperr.Fields(MsgAreaUnknown, map[string]string{"searchArea": MsgAreaUnknown})
		}
		r := f.RadiusMiles
		if r == 0 {
			r = defaultAreaMiles
			if kind == geo.KindPostcode {
				r = defaultPostcodeMile
			}
		}
		r = math.Min(math.Max(r, minRadiusMiles), maxRadiusMiles)
		area = &Area{Query: text, Kind: kind, Point: pt, RadiusMiles: r}
	}
	order := f.Sort
	if order == "" || area == nil {
		order = Newest
		if area != nil && f.Sort == "" {
			order = Nearest
		}
	}
	var after *cursor
	if f.Cursor != "" {
		c, err := decodeCursor(f.Cursor)
		if err != nil || c.Sort != order {
			return Page{}, apperr.New(apperr.Invalid, "invalid_cursor", "This page of results has expired. Please search again.")
		}
		after = &c
	}
	var page Page
	var err error
	if order == Nearest {
		page, err = s.searchNearest(ctx, q, area, after)
	} else {
		page, err = s.searchNewest(ctx, q, area, after)
	}
	page.Area = area
	return page, err
}

// hit is a row that made the cut, with its sort key.
type hit struct {
	spot
	dist float64
}

// boxAround is the bounding box of the circle, as the spatial index takes it.
func boxAround(p geo.Point, miles float64) [4]float64 {
	minLat, maxLat, minLon, maxLon := geo.BoundingBox(p, miles)
	return [4]float64{minLat, maxLat, minLon, maxLon}
}

// searchNewest walks published_at DESC, id DESC. Without an area that is one
// indexed query; with one, see searchNewestIn.
func (s *Service) searchNewest(ctx context.Context, q query, area *Area, after *cursor) (Page, error) {
	if area != nil {
		return s.searchNewestIn(ctx, q, area, after)
	}
	rows, err := newest(ctx, s.db.Conn(), s.pageSelect, q, after, PageSize+1)
	if err != nil {
		return Page{}, err
	}
	page := Page{Results: rows[:min(len(rows), PageSize)]}
	if len(rows) > PageSize {
		last := rows[PageSize-1]
		page.NextCursor = encodeCursor(cursor{Sort: Newest, At: last.PublishedAt.UnixMilli(), ID: last.ID})
	}
	return page, nil
}

// searchNewestIn reads the area's bounding box from the spatial index newest
// first, in batches: the exact radius check drops the corners of the box, so
// it reads on until the page is full or the rows run out.
func (s *Service) searchNewestIn(ctx context.Context, q query, area *Area, after *cursor) (Page, error) {
	box := boxAround(area.Point, area.RadiusMiles)
	const batch = 3 * PageSize
	var hits []hit
	for {
		spots, err := inBoxNewest(ctx, s.db.Conn(), s.db.Dialect, q, box, after, batch)
		if err != nil {
			return Page{}, err
		}
		for _, sp := range spots {
			if d := geo.Miles(area.Point, geo.Point{Lat: sp.Lat, Lon: sp.Lon}); d <= area.RadiusMiles {
				hits = append(hits, hit{sp, d})
			}
		}
		if len(hits) > PageSize || len(spots) < batch {
			break
		}
		last := spots[len(spots)-1]
		after = &cursor{Sort: Newest, At: last.At, ID: last.ID}
	}
	return s.pageOf(ctx, hits, Newest, 0)
}

// searchNearest ranks rows by exact distance then id and pages by that key.
//
// It reads outwards in rings: rows within r miles all lie in r's bounding
// box, so once more than a page of rows past the cursor lie within r, they
// are the next page whatever lies further out. The first ring starts at the
// cursor's distance and is as wide as the cursor suggests (the width that
// would hold about twice the rows its page did, see nextWidth), or an
// eighth of the radius for a first page; each further ring doubles the
// width, until the page fills or the radius is reached. A ring is read
// through boxes that follow it (geo.RingBoxes), not its whole bounding box,
// so a deep page reads about a page of rows, not every row nearer than the
// cursor (issue 29).
func (s *Service) searchNearest(ctx context.Context, q query, area *Area, after *cursor) (Page, error) {
	from, step := 0.0, area.RadiusMiles/8
	if after != nil {
		from = after.Dist
		if after.Width > 0 {
			step = after.Width
		}
	}
	var hits []hit
	inner := from
	for ; ; step *= 2 {
		r := math.Min(from+step, area.RadiusMiles)
		spots, err := inRing(ctx, s.db.Conn(), s.db.Dialect, q, area.Point, inner, r)
		if err != nil {
			return Page{}, err
		}
		for _, sp := range spots {
			d := geo.Miles(area.Point, geo.Point{Lat: sp.Lat, Lon: sp.Lon})
			// Each ring keeps the rows past the last one's edge: a row is
			// counted in one ring only, though their boxes overlap.
			if d > r || inner > from && d <= inner || after != nil && (d < after.Dist || d == after.Dist && sp.ID <= after.ID) {
				continue
			}
			hits = append(hits, hit{sp, d})
		}
		inner = r
		if len(hits) > PageSize || r >= area.RadiusMiles {
			break
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].dist != hits[j].dist {
			return hits[i].dist < hits[j].dist
		}
		return hits[i].ID < hits[j].ID
	})
	// Boxes that meet on an edge both return its rows.
	hits = slices.CompactFunc(hits, func(a, b hit) bool { return a.ID == b.ID })
	next := 0.0
	if len(hits) > PageSize {
		next = nextWidth(from, hits[PageSize-1].dist, area.RadiusMiles)
	}
	return s.pageOf(ctx, hits, Nearest, next)
}

// nextWidth is the width of the ring past last that would hold about twice
// as many rows as the ring from..last held (a page): the next page's first
// ring. Rows are assumed spread evenly by area; with a fifth more instead of
// twice, a third of the pages of a 3-mile search in London needed a second
// ring (a second statement), with twice one page in fifty.
func nextWidth(from, last, radius float64) float64 {
	w := math.Sqrt(last*last+2*(last*last-from*from)) - last
	return math.Max(w, radius/256)
}

// pageOf loads the first PageSize hits (already in order) and names the
// cursor after the last when more follow (with the next ring's width, for
// nearest first).
func (s *Service) pageOf(ctx context.Context, hits []hit, order SortOrder, width float64) (Page, error) {
	n := min(len(hits), PageSize)
	ids := make([]string, n)
	for i, h := range hits[:n] {
		ids[i] = h.ID
	}
	rows, err := pageByIDs(ctx, s.db.Conn(), s.pageSelect, ids)
	if err != nil {
		return Page{}, err
	}
	byID := make(map[string]int, len(rows))
	for i := range rows {
		byID[rows[i].ID] = i
	}
	page := Page{Results: make([]Result, 0, n)}
	for _, h := range hits[:n] {
		// A row unpublished since it was ranked is simply left out.
		if i, ok := byID[h.ID]; ok {
			res, d := rows[i], h.dist
			res.DistanceMiles = &d
			page.Results = append(page.Results, res)
		}
	}
	if len(hits) > PageSize {
		last := hits[PageSize-1]
		c := cursor{Sort: order, ID: last.ID}
		if order == Nearest {
			c.Dist, c.Width = last.dist, width
		} else {
			c.At = last.At
		}
		page.NextCursor = encodeCursor(c)
	}
	return page, nil
}

// CheckQuery refuses search parameters (the page's, as GET /api/listings
// takes them) the search would refuse: for saved searches.
func (s *Service) CheckQuery(areas Searcher, v url.Values) error {
	f, err := parseFilter(v)
	if err != nil {
		return err
	}
	if text := strings.TrimSpace(f.Area); text != "" {
		if _, _, ok := areas.ResolveArea(text); !ok {
			return apperr.Fields(MsgAreaUnknown, map[string]string{"searchArea": MsgAreaUnknown})
		}
	}
	return nil
}

// PublishedSince lists the Published listings matching the search
// parameters v that were published after since, newest first, at most
// limit (a saved search's daily e-mail).
func (s *Service) PublishedSince(ctx context.Context, areas Searcher, v url.Values, since time.Time, limit int) ([]Property, error) {
	f, err := parseFilter(v)
	if err != nil {
		return nil, err
	}
	f.Sort, f.Cursor = Newest, ""
	var out []Property
	for {
		page, err := s.Search(ctx, areas, f)
		if err != nil {
			return nil, err
		}
		for _, r := range page.Results {
			if r.PublishedAt == nil || !r.PublishedAt.After(since) {
				return out, nil
			}
			out = append(out, r.Property)
			if len(out) == limit {
				return out, nil
			}
		}
		if page.NextCursor == "" {
			return out, nil
		}
		f.Cursor = page.NextCursor
	}
}
