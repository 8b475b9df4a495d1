package geo

import (
	"bytes"
	"encoding/csv"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func TestNormalisePostcode(t *testing.T) {
	valid := []struct{ in, want string }{
		{"SW1A 1AA", "SW1A 1AA"},
		{"sw1a1aa", "SW1A 1AA"},
		{" ec1a 1bb ", "EC1A 1BB"},
		{"EC1A1BB", "EC1A 1BB"},
		{"gir 0aa", "GIR 0AA"},
		{"GIR0AA", "GIR 0AA"},
		{"W1A 0AX", "W1A 0AX"},       // A9A
		{"m1 1ae", "M1 1AE"},         // A9
		{"B33 8TH", "B33 8TH"},       // A99
		{"CR2 6XH", "CR2 6XH"},       // AA9
		{"DN55 1PT", "DN55 1PT"},     // AA99
		{"dn55  1pt", "DN55 1PT"},    // several spaces between the parts
		{"\tSW11 1AA\n", "SW11 1AA"}, // other surrounding white space
	}
	for _, c := range valid {
		got, ok := NormalisePostcode(c.in)
		if !ok || got != c.want {
			t.Errorf("NormalisePostcode(%q) = %q, %v; want %q, true", c.in, got, ok, c.want)
		}
	}
	invalid := []string{
		"", "   ", "SW1A", "SW1A 1A", "SW1A 1", "12345", "1234567",
		"Q1A 1AA",   // Q not allowed first
		"V1 1AA",    // V not allowed first
		"XA1 1AA",   // X not allowed first
		"AI1 1AA",   // I not allowed second
		"AZ1 1AA",   // Z not allowed second
		"W1I 1AA",   // I not allowed in the third position of A9A
		"EC1C 1BB",  // C not allowed in the fourth position of AA9A
		"SW1A 1CA",  // C not allowed in the inward code
		"SW1A 1AK",  // K not allowed in the inward code
		"SW1A 1AAA", // too long inward
		"SW1AA 1AA", // too long outward
		"SW1A1AAX",  // too long
		"SW1A 1AA 1AA",
		strings.Repeat("SW1A 1AA", 10),
		"S11A 1AA", // digit where a letter goes
		"SWAA 1AA", // letter where a digit goes
		"SW1A AAA", // letter where the inward digit goes
		"SW1A 11A", // digit where an inward letter goes
		"S W1A 1AA",
		"SW1A-1AA",
		"GIR 0AB",
		"ſw1a 1aa", // U+017F upper-cases to S in Unicode, not here
	}
	for _, in := range invalid {
		if got, ok := NormalisePostcode(in); ok {
			t.Errorf("NormalisePostcode(%q) = %q, true; want invalid", in, got)
		}
	}
}

func TestOutcode(t *testing.T) {
	cases := []struct{ in, want string }{
		{"SW1A 1AA", "SW1A"},
		{"M1 1AE", "M1"},
		{"B33 8TH", "B33"},
		{"sw1a1aa", "SW1A"},
		{"GIR 0AA", "GIR"},
		{"nonsense", ""},
		{"", ""},
	}
	for _, c := range cases {
		if got := Outcode(c.in); got != c.want {
			t.Errorf("Outcode(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func near(a, b Point) bool {
	return math.Abs(a.Lat-b.Lat) < 1e-9 && math.Abs(a.Lon-b.Lon) < 1e-9
}

var ab10 = Point{57.131086, -2.122482} // the AB10 row of uk-postcode-districts.csv

func TestDistrictAndLocate(t *testing.T) {
	g := Default()
	for _, s := range []string{"AB10", "ab10", " Ab10 "} {
		if p, ok := g.District(s); !ok || !near(p, ab10) {
			t.Errorf("District(%q) = %v, %v; want %v", s, p, ok, ab10)
		}
	}
	if p, ok := g.Locate("ab10 1aa"); !ok || !near(p, ab10) {
		t.Errorf("Locate(ab10 1aa) = %v, %v; want %v", p, ok, ab10)
	}
	if p, ok := g.Locate("SW11 1AA"); !ok || !near(p, Point{51.464978, -0.167151}) {
		t.Errorf("Locate(SW11 1AA) = %v, %v", p, ok)
	}
	for _, s := range []string{"AB99", "ZZ1", "", "SW1A1", "SW11 1AA", "GIR"} {
		if p, ok := g.District(s); ok {
			t.Errorf("District(%q) = %v, true; want unknown", s, p)
		}
	}
	for _, s := range []string{"AB99 1AA", "GIR 0AA", "AB10", "not a postcode", ""} {
		if p, ok := g.Locate(s); ok {
			t.Errorf("Locate(%q) = %v, true; want false", s, p)
		}
	}
	if !IsDistrict("sw11") || !IsDistrict(" SW1A ") || IsDistrict("AB99") || IsDistrict("") {
		t.Error("IsDistrict gives wrong answers")
	}
	if !g.IsDistrict("w1a") || g.IsDistrict("SW1A 1AA") {
		t.Error("Gazetteer.IsDistrict gives wrong answers")
	}
}

// TestDistrictsMatchCSV checks every row of the embedded districts file is
// loaded with its own coordinates, and that its outcode has the format
// NormalisePostcode accepts (the retired W1M is the one known exception).
func TestDistrictsMatchCSV(t *testing.T) {
	rows, err := csv.NewReader(bytes.NewReader(districtsCSV)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	g := Default()
	if len(g.districts) != len(rows)-1 {
		t.Errorf("loaded %d districts, file has %d rows", len(g.districts), len(rows)-1)
	}
	for _, r := range rows[1:] {
		lat, _ := strconv.ParseFloat(r[1], 64)
		lon, _ := strconv.ParseFloat(r[2], 64)
		if p, ok := g.District(r[0]); !ok || !near(p, Point{lat, lon}) {
			t.Errorf("District(%s) = %v, %v; want %v,%v", r[0], p, ok, lat, lon)
		}
		if !validOutward(r[0]) && r[0] != "W1M" {
			t.Errorf("outcode %s does not have a valid format", r[0])
		}
		if _, ok := NormalisePostcode(r[0] + " 1AA"); ok != validOutward(r[0]) {
			t.Errorf("NormalisePostcode(%s 1AA) = %v", r[0], ok)
		}
	}
}

func station(t *testing.T, name string) Station {
	t.Helper()
	for _, s := range Default().stations {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no station %q", name)
	return Station{}
}

func TestResolveArea(t *testing.T) {
	g := Default()
	reading := station(t, "Reading")
	clj := station(t, "Clapham Junction")
	cases := []struct {
		q    string
		want Point
		kind AreaKind
	}{
		{"AB10 1AA", ab10, KindPostcode},
		{"ab101aa", ab10, KindPostcode},
		{"ab10", ab10, KindDistrict},
		{"sw11", Point{51.464978, -0.167151}, KindDistrict},
		{"Reading", reading.Point, KindTown},
		{"  reading ", reading.Point, KindTown},
		{"READING WEST", station(t, "Reading West").Point, KindTown},
		{"Clapham", clj.Point, KindTown},
		{"clapham  junction", clj.Point, KindTown},
		{"london bridge", station(t, "London Bridge").Point, KindTown},
	}
	for _, c := range cases {
		p, kind, ok := g.ResolveArea(c.q)
		if !ok || kind != c.kind || !near(p, c.want) {
			t.Errorf("ResolveArea(%q) = %v, %q, %v; want %v, %q, true", c.q, p, kind, ok, c.want, c.kind)
		}
	}
	// Any prefix match is a station named "Clapham ..." or "Clapham(...".
	p, _, _ := g.ResolveArea("clapham")
	found := false
	for _, s := range g.stations {
		if strings.HasPrefix(s.Name, "Clapham") && near(s.Point, p) {
			found = true
		}
	}
	if !found {
		t.Errorf("ResolveArea(clapham) = %v, not a Clapham station", p)
	}
	// Birmingham: the central match is one of the city-centre stations,
	// not Birmingham International (10 miles out).
	p, kind, ok := g.ResolveArea("birmingham")
	if !ok || kind != KindTown || Miles(p, station(t, "Birmingham New Street").Point) > 1 {
		t.Errorf("ResolveArea(birmingham) = %v, %q, %v; want a city-centre station", p, kind, ok)
	}
	for _, q := range []string{"", "   ", "xyzzy", "Readin", "Reading Westt", "AB99", "AB99 1AA", "Q1A 1AA", "Clapham Junction Road", "(", "SW1A 1"} {
		if p, kind, ok := g.ResolveArea(q); ok {
			t.Errorf("ResolveArea(%q) = %v, %q, true; want not ok", q, p, kind)
		}
	}
	// Deterministic.
	a, _, _ := g.ResolveArea("London")
	for i := 0; i < 5; i++ {
		if b, _, _ := g.ResolveArea("london"); b != a {
			t.Fatalf("ResolveArea(London) not deterministic: %v, %v", a, b)
		}
	}
}

func TestMiles(t *testing.T) {
	london, manchester := Point{51.5074, -0.1278}, Point{53.4808, -2.2426}
	if d := Miles(london, manchester); math.Abs(d-163) > 2 {
		t.Errorf("Miles(London, Manchester) = %.2f, want 163±2", d)
	}
	if d := Miles(manchester, london); math.Abs(d-Miles(london, manchester)) > 1e-9 {
		t.Errorf("Miles not symmetric: %v", d)
	}
	if d := Miles(london, london); d != 0 {
		t.Errorf("Miles(p, p) = %v", d)
	}
	// A quarter of the equator.
	if d, want := Miles(Point{0, 0}, Point{0, 90}), math.Pi/2*3958.8; math.Abs(d-want) > 1e-6 {
		t.Errorf("Miles quarter equator = %v, want %v", d, want)
	}
}

func TestFormatMiles(t *testing.T) {
	cases := []struct {
		m    float64
		want string
	}{
		{0, "0.0 mi"},
		{0.01, "0.0 mi"},
		{0.0499, "0.0 mi"},
		{0.05, "0.1 mi"},
		{0.25, "0.3 mi"},
		{0.5, "0.5 mi"},
		{0.54, "0.5 mi"},
		{0.55, "0.6 mi"},
		{1, "1.0 mi"},
		{12.3, "12.3 mi"},
		{12.34, "12.3 mi"},
		{12.96, "13.0 mi"},
		{163.2, "163.2 mi"},
		{-0.01, "0.0 mi"},
		{-3, "0.0 mi"},
		{math.NaN(), "0.0 mi"},
	}
	for _, c := range cases {
		if got := FormatMiles(c.m); got != c.want {
			t.Errorf("FormatMiles(%v) = %q, want %q", c.m, got, c.want)
		}
	}
}

func TestNearestStations(t *testing.T) {
	g := Default()
	lbg := station(t, "London Bridge")
	got := g.NearestStations(lbg.Point, 5)
	if len(got) != 5 {
		t.Fatalf("got %d stations, want 5", len(got))
	}
	if got[0].Station.CRS != "LBG" || got[0].Miles > 0.01 || FormatMiles(got[0].Miles) != "0.0 mi" {
		t.Errorf("first = %+v, want London Bridge at 0.0 mi", got[0])
	}
	if !sort.SliceIsSorted(got, func(i, j int) bool { return got[i].Miles < got[j].Miles }) {
		t.Errorf("not sorted: %+v", got)
	}
	for _, n := range got {
		if !isCRS(n.Station.CRS) {
			t.Errorf("group row returned: %+v", n)
		}
		if d := Miles(lbg.Point, n.Station.Point); math.Abs(d-n.Miles) > 1e-9 {
			t.Errorf("%s: Miles %v, want %v", n.Station.Name, n.Miles, d)
		}
	}

	// Agrees with a full sort of every station.
	p := Point{53.4808, -2.2426}
	all := make([]Nearby, 0, len(g.stations))
	for _, s := range g.stations {
		all = append(all, Nearby{s, Miles(p, s.Point)})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Miles < all[j].Miles })
	got = g.NearestStations(p, 10)
	for i := range got {
		if got[i].Station != all[i].Station {
			t.Errorf("Manchester #%d = %s, want %s", i, got[i].Station.Name, all[i].Station.Name)
		}
	}

	for _, n := range []int{1, 3, 17} {
		if got := g.NearestStations(p, n); len(got) != n {
			t.Errorf("n=%d: got %d", n, len(got))
		}
	}
	if got := g.NearestStations(p, 0); len(got) != 0 {
		t.Errorf("n=0: got %d", len(got))
	}
	if got := g.NearestStations(p, -1); len(got) != 0 {
		t.Errorf("n=-1: got %d", len(got))
	}
	if got := g.NearestStations(p, 1_000_000); len(got) != len(g.stations) {
		t.Errorf("huge n: got %d, want all %d", len(got), len(g.stations))
	}
	if got := g.NearestStations(Point{math.NaN(), 0}, 3); len(got) != 0 {
		t.Errorf("NaN point: got %d", len(got))
	}
}

// A group row (non-CRS crsCode) is a place for ResolveArea but never a station.
func TestGroupRows(t *testing.T) {
	stations := "stationName,lat,long,crsCode,iataAirportCode\n" +
		"Birmingham,52.48,-1.90,Birmingham,\n" +
		"Birmingham New Street,52.478153,-1.898375,BHM,\n" +
		"Birmingham Moor Street,52.479053,-1.892483,BMO,\n" +
		"Odd,52.0,-1.0,bh1,\n"
	districts := "outcode,latitude,longitude\nB1,52.48,-1.90\n"
	g, err := Load(strings.NewReader(stations), strings.NewReader(districts))
	if err != nil {
		t.Fatal(err)
	}
	got := g.NearestStations(Point{52.48, -1.90}, 10)
	if len(got) != 2 {
		t.Fatalf("got %d stations, want the 2 with CRS codes: %+v", len(got), got)
	}
	for _, n := range got {
		if n.Station.Name == "Birmingham" || n.Station.Name == "Odd" {
			t.Errorf("group row returned as station: %+v", n)
		}
	}
	if p, kind, ok := g.ResolveArea("birmingham"); !ok || kind != KindTown || !near(p, Point{52.48, -1.90}) {
		t.Errorf("ResolveArea(birmingham) = %v, %q, %v; want the group row", p, kind, ok)
	}
}

func TestLoadErrors(t *testing.T) {
	goodS := "stationName,lat,long,crsCode\nA,51,0,AAA\n"
	goodD := "outcode,latitude,longitude\nB1,52,-1\n"
	if _, err := Load(strings.NewReader(goodS), strings.NewReader(goodD)); err != nil {
		t.Fatalf("good data: %v", err)
	}
	bad := []struct{ s, d string }{
		{"", goodD},
		{goodS, ""},
		{"name,lat,long,crsCode\nA,51,0,AAA\n", goodD},          // missing column
		{"stationName,lat,long,crsCode\nA,x,0,AAA\n", goodD},    // bad number
		{"stationName,lat,long,crsCode\nA,91,0,AAA\n", goodD},   // out of range
		{"stationName,lat,long,crsCode\n,51,0,AAA\n", goodD},    // empty name
		{"stationName,lat,long,crsCode\nA,51,0\n", goodD},       // short row
		{"stationName,lat,long,crsCode\n\"A,51,0,AAA\n", goodD}, // broken quoting
		{"stationName,lat,long,crsCode\nA,51,0,Group\n", goodD}, // no real station
		{goodS, "outcode,latitude,longitude\nB1,52,-1\nB1,52,-1\n"},
		{goodS, "outcode,latitude,longitude\nQ1,52,-1\n"},
		{goodS, "outcode,latitude,longitude\n"},
	}
	for i, c := range bad {
		if _, err := Load(strings.NewReader(c.s), strings.NewReader(c.d)); err == nil {
			t.Errorf("case %d: Load succeeded, want error", i)
		}
	}
}

func TestDefault(t *testing.T) {
	g := Default()
	if g != Default() {
		t.Error("Default returns different gazetteers")
	}
	if len(g.stations) < 2500 || len(g.districts) < 2900 {
		t.Errorf("embedded data too small: %d stations, %d districts", len(g.stations), len(g.districts))
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("mustLoad of broken data did not panic")
			}
		}()
		mustLoad([]byte("stationName,lat\n\"broken"), districtsCSV)
	}()
}

func TestBoundingBox(t *testing.T) {
	inBox := func(q Point, minLat, maxLat, minLon, maxLon float64) bool {
		return q.Lat >= minLat && q.Lat <= maxLat && q.Lon >= minLon && q.Lon <= maxLon
	}
	for _, p := range []Point{{51.5074, -0.1278}, {57.131086, -2.122482}, {49.9, -6.3}, {0, 0}, {-33.9, 151.2}} {
		for _, r := range []float64{0.5, 1, 5, 25, 100} {
			minLat, maxLat, minLon, maxLon := BoundingBox(p, r)
			if !inBox(p, minLat, maxLat, minLon, maxLon) {
				t.Errorf("box(%v, %v) excludes its centre", p, r)
			}
			for brng := 0.0; brng < 360; brng += 1 {
				q := Destination(p, brng, r)
				if d := Miles(p, q); math.Abs(d-r) > 1e-6*r {
					t.Fatalf("test helper: distance %v, want %v", d, r)
				}
				if !inBox(q, minLat, maxLat, minLon, maxLon) {
					t.Errorf("box(%v, %v) = [%v,%v]x[%v,%v] excludes %v at bearing %v",
						p, r, minLat, maxLat, minLon, maxLon, q, brng)
				}
			}
			for _, brng := range []float64{0, 90, 180, 270} {
				if q := Destination(p, brng, 2*r); inBox(q, minLat, maxLat, minLon, maxLon) {
					t.Errorf("box(%v, %v) includes %v at 2r, bearing %v", p, r, q, brng)
				}
			}
		}
	}
	// Near a pole the box covers all longitudes.
	if _, maxLat, minLon, maxLon := BoundingBox(Point{89.9, 10}, 100); maxLat != 90 || minLon != -180 || maxLon != 180 {
		t.Errorf("polar box: maxLat %v lon %v..%v", maxLat, minLon, maxLon)
	}
	// Zero radius: a box around the point itself.
	minLat, maxLat, minLon, maxLon := BoundingBox(Point{51, -1}, 0)
	if !inBox(Point{51, -1}, minLat, maxLat, minLon, maxLon) || maxLat-minLat > 1e-8 || maxLon-minLon > 1e-8 {
		t.Errorf("zero-radius box = [%v,%v]x[%v,%v]", minLat, maxLat, minLon, maxLon)
	}
}

func BenchmarkNearestStations(b *testing.B) {
	g := Default()
	p := Point{51.5074, -0.1278}
	b.ReportAllocs()
	for b.Loop() {
		if len(g.NearestStations(p, 5)) != 5 {
			b.Fatal("wrong count")
		}
	}
}

// Every point of the ring lies in one of RingBoxes' boxes, however many
// bands; points well inside the inner circle or well outside the outer one
// are mostly left out, and a thin ring's boxes cover far less than the
// bounding box.
func TestRingBoxesHoldTheWholeRing(t *testing.T) {
	inAny := func(q Point, boxes [][4]float64) bool {
		for _, b := range boxes {
			if q.Lat >= b[0] && q.Lat <= b[1] && q.Lon >= b[2] && q.Lon <= b[3] {
				return true
			}
		}
		return false
	}
	area := func(boxes [][4]float64) (a float64) {
		for _, b := range boxes {
			a += (b[1] - b[0]) * (b[3] - b[2])
		}
		return a
	}
	rng := rand.New(rand.NewPCG(29, 3))
	for _, p := range []Point{{51.4649, -0.1683}, {57.131086, -2.122482}, {49.9, -6.3}, {0.001, 0}, {-33.9, 151.2}, {60.8, -0.9}} {
		for _, ring := range [][2]float64{{0, 3}, {0.1, 0.2}, {2.9, 3}, {2.5, 10}, {9.99, 10}, {0, 0.25}, {1, 1}} {
			inner, outer := ring[0], ring[1]
			for _, bands := range []int{1, 2, 3, 8, 17, 32} {
				boxes := RingBoxes(p, inner, outer, bands)
				for range 2000 {
					d := inner + rng.Float64()*(outer-inner)
					q := Destination(p, rng.Float64()*360, d)
					if !inAny(q, boxes) {
						t.Fatalf("RingBoxes(%v, %v, %v, %d) leaves out %v at %.6f mi", p, inner, outer, bands, q, Miles(p, q))
					}
				}
				for _, edge := range []float64{inner, outer} {
					for brng := 0.0; brng < 360; brng += 0.5 {
						if q := Destination(p, brng, edge); !inAny(q, boxes) {
							t.Fatalf("RingBoxes(%v, %v, %v, %d) leaves out the edge point %v at bearing %v", p, inner, outer, bands, q, brng)
						}
					}
				}
				if 2*outer/float64(bands) < inner/2 { // bands thin enough to leave out the middle
					for _, brng := range []float64{0, 45, 100, 260} {
						if q := Destination(p, brng, inner*0.5); inAny(q, boxes) {
							t.Errorf("RingBoxes(%v, %v, %v, %d) holds a point well inside the inner circle", p, inner, outer, bands)
						}
					}
				}
				if q := Destination(p, 0, outer*1.1+0.01); inAny(q, boxes) {
					t.Errorf("RingBoxes(%v, %v, %v, %d) holds a point beyond the outer circle", p, inner, outer, bands)
				}
			}
			if inner/outer > 0.9 {
				minLat, maxLat, minLon, maxLon := BoundingBox(p, outer)
				whole := (maxLat - minLat) * (maxLon - minLon)
				if a := area(RingBoxes(p, inner, outer, 32)); a > whole/3 {
					t.Errorf("RingBoxes(%v, %v, %v, 32) covers %.0f %% of the bounding box", p, inner, outer, 100*a/whole)
				}
			}
		}
	}
}

// Every point within the ring passes FlatRing's test, from its coordinates
// rounded to 32 bits either way (as an R*Tree keeps them), at any latitude a
// listing may have and beyond; points clearly outside it fail.
func TestFlatRingHoldsTheWholeRing(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 4))
	down := func(v float64) float64 { return float64(math.Nextafter32(float32(v), float32(math.Inf(-1)))) }
	up := func(v float64) float64 { return float64(math.Nextafter32(float32(v), float32(math.Inf(1)))) }
	for _, p := range []Point{{51.4649, -0.1683}, {57.131086, -2.122482}, {49.9, -6.3}, {60.8, -0.9}, {0.001, 0}, {-33.9, 151.2}, {75, 20}} {
		for _, ring := range [][2]float64{{0, 0.25}, {0, 10}, {2.9, 3}, {9.9, 10}, {0.1, 0.11}, {1, 1}} {
			inner, outer := ring[0], ring[1]
			f := NewFlatRing(p, inner, outer)
			for range 5000 {
				d := inner + rng.Float64()*(outer-inner)
				q := Destination(p, rng.Float64()*360, d)
				for _, lat := range []float64{down(q.Lat), up(q.Lat)} {
					for _, lon := range []float64{down(q.Lon), up(q.Lon)} {
						if !f.Holds(lat, lon) {
							t.Fatalf("NewFlatRing(%v, %v, %v) leaves out %v, %v at %.6f mi", p, inner, outer, lat, lon, Miles(p, q))
						}
					}
				}
			}
			for _, brng := range []float64{0, 45, 90, 200} {
				if q := Destination(p, brng, outer*1.05+0.01); f.Holds(q.Lat, q.Lon) {
					t.Errorf("NewFlatRing(%v, %v, %v) holds a point at %.4f mi", p, inner, outer, Miles(p, q))
				}
				if inner > 0.5 {
					if q := Destination(p, brng, inner*0.95); f.Holds(q.Lat, q.Lon) {
						t.Errorf("NewFlatRing(%v, %v, %v) holds a point at %.4f mi", p, inner, outer, Miles(p, q))
					}
				}
			}
		}
	}
}
