package property

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math"
	"sort"
	"strings"

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
	box                    *[4]float64 // minLat, maxLat, minLon, maxLon
}

type cursor struct {
	Sort SortOrder `json:"s"`
	At   int64     `json:"t,omitempty"` // published_at of the last row (newest)
	Dist float64   `json:"d,omitempty"` // distance of the last row (nearest)
	ID   string    `json:"i"`
}

func encodeCursor(c cursor) string {
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
		minLat, maxLat, minLon, maxLon := geo.BoundingBox(pt, r)
		q.box = &[4]float64{minLat, maxLat, minLon, maxLon}
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

// within keeps rows inside the radius and notes their distance.
func within(p Property, area *Area) (Result, bool) {
	if area == nil {
		return Result{Property: p}, true
	}
	if p.Latitude == nil || p.Longitude == nil {
		return Result{}, false
	}
	d := geo.Miles(area.Point, geo.Point{Lat: *p.Latitude, Lon: *p.Longitude})
	if d > area.RadiusMiles {
		return Result{}, false
	}
	return Result{Property: p, DistanceMiles: &d}, true
}

// searchNewest walks published_at DESC, id DESC in batches; the exact radius
// check can drop the corners of the bounding box, so it reads on until the
// page is full or the rows run out.
func (s *Service) searchNewest(ctx context.Context, q query, area *Area, after *cursor) (Page, error) {
	var out []Result
	batch := PageSize + 1
	if area != nil {
		batch = 3 * PageSize
	}
	for {
		rows, err := s.store.searchNewest(ctx, s.db.Conn(), q, after, batch)
		if err != nil {
			return Page{}, err
		}
		for _, p := range rows {
			if r, ok := within(p, area); ok {
				out = append(out, r)
			}
		}
		if len(out) > PageSize || len(rows) < batch {
			break
		}
		last := rows[len(rows)-1]
		after = &cursor{Sort: Newest, At: last.PublishedAt.UnixMilli(), ID: last.ID}
	}
	page := Page{Results: out}
	if len(out) > PageSize {
		page.Results = out[:PageSize]
		last := page.Results[PageSize-1]
		page.NextCursor = encodeCursor(cursor{Sort: Newest, At: last.PublishedAt.UnixMilli(), ID: last.ID})
	}
	return page, nil
}

// searchNearest ranks every candidate in the bounding box (the radius is at
// most 10 miles) by exact distance then id, pages by that key, and only then
// loads the page's rows.
func (s *Service) searchNearest(ctx context.Context, q query, area *Area, after *cursor) (Page, error) {
	cands, err := s.store.searchCandidates(ctx, s.db.Conn(), q)
	if err != nil {
		return Page{}, err
	}
	type ranked struct {
		id   string
		dist float64
	}
	var all []ranked
	for _, c := range cands {
		if d := geo.Miles(area.Point, geo.Point{Lat: c.Lat, Lon: c.Lon}); d <= area.RadiusMiles {
			all = append(all, ranked{c.ID, d})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].dist != all[j].dist {
			return all[i].dist < all[j].dist
		}
		return all[i].id < all[j].id
	})
	start := 0
	if after != nil {
		start = sort.Search(len(all), func(i int) bool {
			return all[i].dist > after.Dist || (all[i].dist == after.Dist && all[i].id > after.ID)
		})
	}
	end := min(start+PageSize, len(all))
	pageIDs := make([]string, 0, end-start)
	for _, r := range all[start:end] {
		pageIDs = append(pageIDs, r.id)
	}
	rows, err := s.store.byIDs(ctx, s.db.Conn(), pageIDs)
	if err != nil {
		return Page{}, err
	}
	byID := make(map[string]Property, len(rows))
	for _, p := range rows {
		byID[p.ID] = p
	}
	page := Page{Results: make([]Result, 0, len(pageIDs))}
	for _, r := range all[start:end] {
		if p, ok := byID[r.id]; ok {
			d := r.dist
			page.Results = append(page.Results, Result{Property: p, DistanceMiles: &d})
		}
	}
	if end < len(all) {
		last := all[end-1]
		page.NextCursor = encodeCursor(cursor{Sort: Nearest, Dist: last.dist, ID: last.id})
	}
	return page, nil
}
