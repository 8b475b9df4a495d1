// Package geo does offline UK geocoding from bundled open data: postcode
// districts (outward codes) to centroids, place names to railway stations, and
// the nearest stations to a point with their great-circle distance in miles.
//
// The data files live in data/ and are embedded; see data/README.md for their
// sources, licences and the attributions the product must show.
package geo

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed data/uk-rail-stations.csv
var stationsCSV []byte

//go:embed data/uk-postcode-districts.csv
var districtsCSV []byte

// Point is a WGS84 position in decimal degrees.
type Point struct{ Lat, Lon float64 }

// Station is a railway station with its three-letter CRS code.
type Station struct {
	Name, CRS string
	Point
}

// Nearby is a station and its distance in miles from a reference point.
type Nearby struct {
	Station Station
	Miles   float64
}

// AreaKind says what a search text was resolved as.
type AreaKind string

const (
	KindPostcode AreaKind = "postcode"
	KindDistrict AreaKind = "district"
	KindTown     AreaKind = "town"
)

// earthRadiusMiles is the mean Earth radius used for all distances.
const earthRadiusMiles = 3958.8

// place is a row of the stations file: a station, or a group row (whose
// crsCode is not a CRS code) that names a place but is not a station.
type place struct {
	name  string // as in the data
	lower string // lower case, for matching
	point Point
}

// Gazetteer holds the parsed data. It is immutable once loaded and safe for
// concurrent use.
type Gazetteer struct {
	districts map[string]Point // upper-case outward code -> centroid
	stations  []Station        // rows with a valid CRS code, in file order
	places    []place          // every row, stations and groups, for ResolveArea
	unit      []vec3           // stations[i] as a unit vector, for NearestStations
}

// vec3 is a point on the unit sphere.
type vec3 struct{ x, y, z float64 }

func toVec(p Point) vec3 {
	la, lo := p.Lat*math.Pi/180, p.Lon*math.Pi/180
	return vec3{math.Cos(la) * math.Cos(lo), math.Cos(la) * math.Sin(lo), math.Sin(la)}
}

// chordH is the haversine term h = sin²(θ/2) of the angle θ between a and b,
// computed without trigonometry as (chord length)²/4.
func chordH(a, b vec3) float64 {
	dx, dy, dz := a.x-b.x, a.y-b.y, a.z-b.z
	return (dx*dx + dy*dy + dz*dz) / 4
}

type radPoint struct{ lat, lon, cosLat float64 }

var (
	defaultOnce sync.Once
	defaultGaz  *Gazetteer
)

// Default returns the gazetteer of the embedded data, parsing it on first
// use. It panics if the embedded data cannot be parsed (a build defect, which
// the tests catch).
func Default() *Gazetteer {
	defaultOnce.Do(func() { defaultGaz = mustLoad(stationsCSV, districtsCSV) })
	return defaultGaz
}

func mustLoad(stations, districts []byte) *Gazetteer {
	g, err := Load(bytes.NewReader(stations), bytes.NewReader(districts))
	if err != nil {
		panic("geo: embedded data: " + err.Error())
	}
	return g
}

// Load parses a stations CSV (columns stationName, lat, long, crsCode; others
// ignored) and a postcode districts CSV (columns outcode, latitude, longitude).
// Columns are found by their header names.
func Load(stations, districts io.Reader) (*Gazetteer, error) {
	g := &Gazetteer{districts: make(map[string]Point)}

	rows, err := readCSV(districts, "outcode", "latitude", "longitude")
	if err != nil {
		return nil, fmt.Errorf("districts: %w", err)
	}
	for i, r := range rows {
		code := upperASCII(strings.TrimSpace(r[0]))
		if !validOutward(code) && !isLegacyOutward(code) {
			return nil, fmt.Errorf("districts: row %d: invalid outcode %q", i+2, r[0])
		}
		p, err := parsePoint(r[1], r[2])
		if err != nil {
			return nil, fmt.Errorf("districts: row %d (%s): %w", i+2, code, err)
		}
		if _, dup := g.districts[code]; dup {
			return nil, fmt.Errorf("districts: row %d: duplicate outcode %s", i+2, code)
		}
		g.districts[code] = p
	}

	rows, err = readCSV(stations, "stationName", "lat", "long", "crsCode")
	if err != nil {
		return nil, fmt.Errorf("stations: %w", err)
	}
	for i, r := range rows {
		name := strings.TrimSpace(r[0])
		if name == "" {
			return nil, fmt.Errorf("stations: row %d: empty name", i+2)
		}
		p, err := parsePoint(r[1], r[2])
		if err != nil {
			return nil, fmt.Errorf("stations: row %d (%s): %w", i+2, name, err)
		}
		g.places = append(g.places, place{name: name, lower: foldName(name), point: p})
		if crs := strings.TrimSpace(r[3]); isCRS(crs) {
			g.stations = append(g.stations, Station{Name: name, CRS: crs, Point: p})
			g.unit = append(g.unit, toVec(p))
		}
	}
	if len(g.districts) == 0 || len(g.stations) == 0 {
		return nil, errors.New("no districts or no stations")
	}
	return g, nil
}

// readCSV reads a CSV with a header row and returns, for each data row, the
// fields of the named columns in the order given.
func readCSV(r io.Reader, cols ...string) ([][]string, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	idx := make([]int, len(cols))
	for i, c := range cols {
		idx[i] = -1
		for j, h := range header {
			if strings.EqualFold(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")), c) {
				idx[i] = j
				break
			}
		}
		if idx[i] < 0 {
			return nil, fmt.Errorf("header: no column %q", c)
		}
	}
	var out [][]string
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		row := make([]string, len(cols))
		for i, j := range idx {
			row[i] = rec[j]
		}
		out = append(out, row)
	}
	if len(out) == 0 {
		return nil, errors.New("no data rows")
	}
	return out, nil
}

func parsePoint(lat, lon string) (Point, error) {
	la, err1 := strconv.ParseFloat(strings.TrimSpace(lat), 64)
	lo, err2 := strconv.ParseFloat(strings.TrimSpace(lon), 64)
	if err1 != nil || err2 != nil {
		return Point{}, fmt.Errorf("bad coordinates %q, %q", lat, lon)
	}
	if !(la >= -90 && la <= 90 && lo >= -180 && lo <= 180) {
		return Point{}, fmt.Errorf("coordinates out of range %v, %v", la, lo)
	}
	return Point{la, lo}, nil
}

// isLegacyOutward accepts retired outward codes that are in the data but no
// longer match the current letter rules (W1M).
func isLegacyOutward(s string) bool { return s == "W1M" }

// isCRS reports whether s is a three-letter CRS code.
func isCRS(s string) bool {
	return len(s) == 3 && isUpper(s[0]) && isUpper(s[1]) && isUpper(s[2])
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// foldName lower-cases s and collapses runs of white space to one space.
func foldName(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// IsDistrict reports whether s (any case, trimmed) is a known postcode
// district of the embedded data ("sw11" -> true).
func IsDistrict(s string) bool { return Default().IsDistrict(s) }

// IsDistrict reports whether s (any case, trimmed) is a known postcode district.
func (g *Gazetteer) IsDistrict(s string) bool {
	_, ok := g.District(s)
	return ok
}

// District returns the centroid of a postcode district ("SW11", any case,
// surrounding white space ignored).
func (g *Gazetteer) District(outcode string) (Point, bool) {
	outcode = strings.TrimSpace(outcode)
	if len(outcode) < 2 || len(outcode) > 4 {
		return Point{}, false
	}
	p, ok := g.districts[upperASCII(outcode)]
	return p, ok
}

// Locate returns the centroid of a full postcode's district. The postcode is
// normalised first; it fails for an invalid postcode or an unknown district.
func (g *Gazetteer) Locate(postcode string) (Point, bool) {
	out := Outcode(postcode)
	if out == "" {
		return Point{}, false
	}
	return g.District(out)
}

// ResolveArea turns a search text into a point. In order it tries:
//
//   - a full postcode (kind postcode), located by its district's centroid;
//   - a postcode district such as "sw11" (kind district);
//   - a place name (kind town), matched case-insensitively against the
//     station names: an exact name first; otherwise every station whose name
//     starts with the text followed by a space or "(" ("Clapham" matches
//     "Clapham Junction" and "Clapham (North Yorkshire)"). Of several such
//     matches the most central one wins: the one with the least total
//     distance to the others, then the shorter name, then the alphabetically
//     first.
//
// Empty or unknown text gives ok false.
func (g *Gazetteer) ResolveArea(q string) (p Point, kind AreaKind, ok bool) {
	q = strings.TrimSpace(q)
	if q == "" {
		return Point{}, "", false
	}
	if _, valid := NormalisePostcode(q); valid {
		if p, ok := g.Locate(q); ok {
			return p, KindPostcode, true
		}
		return Point{}, "", false
	}
	if p, ok := g.District(q); ok {
		return p, KindDistrict, true
	}
	if p, ok := g.town(foldName(q)); ok {
		return p, KindTown, true
	}
	return Point{}, "", false
}

func (g *Gazetteer) town(q string) (Point, bool) {
	var matches []place
	for _, pl := range g.places {
		if pl.lower == q {
			return pl.point, true
		}
		if len(pl.lower) > len(q) && strings.HasPrefix(pl.lower, q) {
			if c := pl.lower[len(q)]; c == ' ' || c == '(' {
				matches = append(matches, pl)
			}
		}
	}
	if len(matches) == 0 {
		return Point{}, false
	}
	best, bestSum := -1, 0.0
	for i, a := range matches {
		sum := 0.0
		for _, b := range matches {
			sum += Miles(a.point, b.point)
		}
		if best < 0 || sum < bestSum-1e-9 ||
			(sum <= bestSum+1e-9 && lessName(a.name, matches[best].name)) {
			best, bestSum = i, sum
		}
	}
	return matches[best].point, true
}

func lessName(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// NearestStations returns the n nearest stations to p by great-circle
// distance, nearest first (equal distances by name). Group rows of the data
// are never returned. It returns nil if n <= 0 or p is not a valid position.
func (g *Gazetteer) NearestStations(p Point, n int) []Nearby {
	if n <= 0 || math.IsNaN(p.Lat) || math.IsNaN(p.Lon) || math.IsInf(p.Lat, 0) || math.IsInf(p.Lon, 0) {
		return nil
	}
	if n > len(g.stations) {
		n = len(g.stations)
	}
	// Keep the n best by haversine "h" (monotonic in distance) in a small
	// sorted buffer; convert to miles only for the winners.
	type cand struct {
		i int
		h float64
	}
	best := make([]cand, 0, n)
	less := func(a, b cand) bool {
		if a.h != b.h {
			return a.h < b.h
		}
		return g.stations[a.i].Name < g.stations[b.i].Name
	}
	q := toVec(p)
	for i, s := range g.unit {
		c := cand{i, chordH(q, s)}
		if len(best) == n && !less(c, best[n-1]) {
			continue
		}
		j := sort.Search(len(best), func(k int) bool { return less(c, best[k]) })
		if len(best) < n {
			best = append(best, cand{})
		}
		copy(best[j+1:], best[j:len(best)-1])
		best[j] = c
	}
	out := make([]Nearby, len(best))
	for k, c := range best {
		out[k] = Nearby{Station: g.stations[c.i], Miles: hToMiles(c.h)}
	}
	return out
}

func toRad(p Point) radPoint {
	la, lo := p.Lat*math.Pi/180, p.Lon*math.Pi/180
	return radPoint{la, lo, math.Cos(la)}
}

// haversineH is the haversine term h = sin²(Δφ/2) + cosφ1 cosφ2 sin²(Δλ/2).
func haversineH(a, b radPoint) float64 {
	sLat := math.Sin((b.lat - a.lat) / 2)
	sLon := math.Sin((b.lon - a.lon) / 2)
	return sLat*sLat + a.cosLat*b.cosLat*sLon*sLon
}

func hToMiles(h float64) float64 {
	if h > 1 {
		h = 1
	}
	return 2 * earthRadiusMiles * math.Asin(math.Sqrt(h))
}

// Miles is the great-circle (haversine) distance between a and b in miles,
// with an Earth radius of 3958.8 miles.
func Miles(a, b Point) float64 { return hToMiles(haversineH(toRad(a), toRad(b))) }

// FormatMiles formats a distance to one decimal place, rounding halves up:
// "0.5 mi", "12.3 mi"; anything under 0.05 (including negative values and NaN)
// is "0.0 mi".
func FormatMiles(m float64) string {
	if !(m >= 0.05) {
		return "0.0 mi"
	}
	return strconv.FormatFloat(math.Round(m*10)/10, 'f', 1, 64) + " mi"
}

// BoundingBox returns the latitude/longitude box that contains every point
// within r miles of p, for an indexed pre-filter before the exact distance
// check. The box is exact for a sphere plus a margin of 1e-9 degrees against
// rounding. If the circle reaches a pole or crosses the ±180° meridian, the
// longitude range is the whole -180..180.
func BoundingBox(p Point, r float64) (minLat, maxLat, minLon, maxLon float64) {
	const eps = 1e-9
	if r < 0 || math.IsNaN(r) {
		r = 0
	}
	d := r / earthRadiusMiles // angular radius
	dLat := d * 180 / math.Pi
	minLat, maxLat = p.Lat-dLat-eps, p.Lat+dLat+eps
	if d >= math.Pi/2 || minLat <= -90 || maxLat >= 90 {
		return math.Max(minLat, -90), math.Min(maxLat, 90), -180, 180
	}
	// Largest longitude offset of any point on the circle (spherical).
	ratio := math.Sin(d) / math.Cos(p.Lat*math.Pi/180)
	if ratio >= 1 {
		return minLat, maxLat, -180, 180
	}
	dLon := math.Asin(ratio) * 180 / math.Pi
	minLon, maxLon = p.Lon-dLon-eps, p.Lon+dLon+eps
	if minLon < -180 || maxLon > 180 {
		minLon, maxLon = -180, 180
	}
	return minLat, maxLat, minLon, maxLon
}

// Districts lists every postcode district of the data, sorted (for seeding
// realistic test listings across the UK).
func (g *Gazetteer) Districts() []string {
	out := make([]string, 0, len(g.districts))
	for code := range g.districts {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// RingBoxes returns latitude/longitude boxes (minLat, maxLat, minLon, maxLon)
// whose union holds every point at least inner and at most outer miles from
// p, for an indexed pre-filter of a ring before the exact distance check
// (the next page of a nearest-first search lies in a ring around the last
// one's distance). The boxes may also hold points a little outside the
// ring, and may overlap on their edges.
//
// The outer circle's bounding box is cut into bands of latitude, each
// narrowed to the circle's widest extent within it; a band lying within
// the inner circle's latitudes leaves out, as a gap between two boxes, the
// longitudes every point of which is nearer than inner. More bands follow
// a thin ring more closely and read fewer points outside it, at one more
// index probe per box. The widths are those of the flat approximation,
// widened (outer) and narrowed (inner) by 1 %, far more than the
// approximation's error within the few miles a search covers; where the
// box would reach a pole or the ±180° meridian, the one bounding box is
// returned.
func RingBoxes(p Point, inner, outer float64, bands int) [][4]float64 {
	minLat, maxLat, minLon, maxLon := BoundingBox(p, outer)
	whole := [][4]float64{{minLat, maxLat, minLon, maxLon}}
	if bands <= 1 || minLon == -180 && maxLon == 180 || maxLat >= 90 || minLat <= -90 {
		return whole
	}
	const eps = 1e-9
	degPerMile := 180 / (math.Pi * earthRadiusMiles)
	cosAt := func(lat float64) float64 { return math.Cos(lat * math.Pi / 180) }
	h := 2 * outer / float64(bands)
	out := make([][4]float64, 0, 2*bands)
	for k := range bands {
		y0, y1 := -outer+float64(k)*h, -outer+float64(k+1)*h
		lat0, lat1 := p.Lat+y0*degPerMile, p.Lat+y1*degPerMile
		if k == 0 {
			lat0 = minLat
		}
		if k == bands-1 {
			lat1 = maxLat
		}
		near, far := math.Min(math.Abs(y0), math.Abs(y1)), math.Max(math.Abs(y0), math.Abs(y1))
		if y0 < 0 && y1 > 0 {
			near = 0
		}
		// The band's points nearest the pole have the fewest miles to a
		// degree of longitude: the outer width is taken there, the inner
		// one where there are most.
		poleward := math.Max(math.Abs(lat0), math.Abs(lat1))
		equatorward := math.Min(math.Abs(lat0), math.Abs(lat1))
		if lat0 < 0 && lat1 > 0 {
			equatorward = 0
		}
		wOut := math.Sqrt(math.Max(outer*outer-near*near, 0)) * degPerMile / cosAt(poleward) * 1.01
		wOut = math.Min(wOut+eps, maxLon-p.Lon)
		wIn := 0.0
		if far < inner {
			wIn = math.Sqrt(inner*inner-far*far) * degPerMile / cosAt(equatorward) * 0.99
		}
		if wIn <= 0 || wIn >= wOut {
			out = append(out, [4]float64{lat0, lat1, p.Lon - wOut, p.Lon + wOut})
			continue
		}
		out = append(out,
			[4]float64{lat0, lat1, p.Lon - wOut, p.Lon - wIn},
			[4]float64{lat0, lat1, p.Lon + wIn, p.Lon + wOut})
	}
	return out
}

// Destination is the point d miles from p on the bearing (degrees from
// north), on the sphere Miles measures.
func Destination(p Point, bearing, d float64) Point {
	φ1, λ1 := p.Lat*math.Pi/180, p.Lon*math.Pi/180
	θ, δ := bearing*math.Pi/180, d/earthRadiusMiles
	φ2 := math.Asin(math.Sin(φ1)*math.Cos(δ) + math.Cos(φ1)*math.Sin(δ)*math.Cos(θ))
	λ2 := λ1 + math.Atan2(math.Sin(θ)*math.Sin(δ)*math.Cos(φ1), math.Cos(δ)-math.Sin(φ1)*math.Sin(φ2))
	return Point{φ2 * 180 / math.Pi, λ2 * 180 / math.Pi}
}

// FlatRing is a quick test, in flat coordinates around P, that a point may
// lie between two distances of P: miles north are (lat - P.Lat) * KLat,
// miles east (lon - P.Lon) * KLon, and the point passes when the sum of
// their squares lies between Lo2 and Hi2. It is written so a database can
// compute it from an index's coordinates (stored rounded to 32 bits) and
// leave out most points of a box outside a ring before reading their rows;
// the bounds are widened by the flat approximation's error over the ring's
// extent, so a point truly within the ring always passes.
type FlatRing struct {
	Lat, Lon, KLat, KLon, Lo2, Hi2 float64
}

// NewFlatRing is the test for the points between inner and outer miles of p.
func NewFlatRing(p Point, inner, outer float64) FlatRing {
	kLat := earthRadiusMiles * math.Pi / 180
	kLon := kLat * math.Cos(p.Lat*math.Pi/180)
	// Miles to a degree of longitude change across the ring's latitudes by
	// about the span (radians) times tan(latitude): widen by twice that,
	// plus a fixed 0.2 % and 0.003 miles for the 32-bit coordinates.
	span := outer / earthRadiusMiles
	m := 2*span*math.Tan(math.Min(math.Abs(p.Lat)*math.Pi/180+span, 89*math.Pi/180)) + 0.002
	lo := math.Max(inner*(1-m)-0.003, 0)
	hi := outer*(1+m) + 0.003
	return FlatRing{Lat: p.Lat, Lon: p.Lon, KLat: kLat, KLon: kLon, Lo2: lo * lo, Hi2: hi * hi}
}

// Holds is the test in Go, as the database computes it.
func (f FlatRing) Holds(lat, lon float64) bool {
	y, x := (lat-f.Lat)*f.KLat, (lon-f.Lon)*f.KLon
	d2 := y*y + x*x
	return d2 >= f.Lo2 && d2 <= f.Hi2
}
