package property

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klauspost/compress/gzhttp"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// oldAnswer is what GET /api/listings wrote before issue 43: the page's
// photos filled in, each card built and the whole answer encoded by
// httpx.WriteJSON.
func oldAnswer(t *testing.T, page Page, me session.Actor) *httptest.ResponseRecorder {
	t.Helper()
	out := make([]cardJSON, len(page.Results))
	for i, res := range page.Results {
		views, err := columnPhotos{}.ViewsIn(res.photos)
		if err != nil {
			t.Fatal(err)
		}
		res.Photos = views
		out[i] = toCardJSON(res, me)
	}
	body := map[string]any{"listings": out, "nextCursor": nil, "area": nil}
	if page.NextCursor != "" {
		body["nextCursor"] = page.NextCursor
	}
	if a := page.Area; a != nil {
		body["area"] = areaJSON{Query: a.Query, Kind: a.Kind, Latitude: a.Point.Lat, Longitude: a.Point.Lon, RadiusMiles: a.RadiusMiles}
	}
	w := httptest.NewRecorder()
	if err := httpx.WriteJSON(w, http.StatusOK, body); err != nil {
		t.Fatal(err)
	}
	return w
}

// awkward are texts encoding/json escapes or keeps in its own ways.
var awkward = []string{"", "plain", `<b>&"quoted"</b>`, "back\\slash", "line\nbreak\ttab\x01", "caf\u00e9 \u00a3950 \u2014 \U0001F3E0",
	"\u2028\u2029", "bad \xff utf-8", strings.Repeat("long ", 400)}

func randomProperty(rng *rand.Rand, i int) Property {
	pick := func() string { return awkward[rng.IntN(len(awkward))] }
	ptr := func(v float64) *float64 { return &v }
	p := Property{
		ID: fmt.Sprintf("id-%d", i), LandlordID: []string{"landlord-a", "landlord-b"}[rng.IntN(2)], Status: Published,
		Address:   Address{FirstLine: pick(), SecondLine: pick(), Town: pick(), Postcode: []string{"SW11 1AA", "EH1 1AA", "BT1 1AA", "CF10 1AA", "not a postcode", ""}[rng.IntN(6)], Country: "United Kingdom"},
		RentCycle: []RentCycle{Monthly, Weekly}[rng.IntN(2)], BedroomCount: rng.IntN(6), BathroomCount: rng.IntN(3), SofasCount: rng.IntN(3),
		FurnishStatus: pick(), ShortDescription: pick(), PropertyType: pick(), CouncilTaxBand: pick(), EPCRating: []string{"A", "E", "F", "G", ""}[rng.IntN(5)],
		BillsIncluded: [][]string{{}, {"Water"}, {"Council tax", pick()}}[rng.IntN(3)], NearbyStations: []NearbyStation{},
		CreatedAt: time.UnixMilli(rng.Int64N(2e12)).UTC(), UpdatedAt: time.UnixMilli(rng.Int64N(2e12)).UTC(),
	}
	if rng.IntN(4) > 0 {
		p.Latitude, p.Longitude = ptr(50+rng.Float64()*8), ptr(-6+rng.Float64()*7)
	}
	if rng.IntN(2) == 0 {
		p.NearbyStations = []NearbyStation{{Name: pick(), Code: "CLJ", Miles: rng.Float64(), Distance: "0.3 miles"}, {Name: "Battersea", Code: "BAT", Miles: 1e-7, Distance: pick()}}
	}
	if rng.IntN(5) > 0 {
		rent := rng.Int64N(500000)
		p.RentPence = &rent
		p.DepositPence = &rent
	}
	if rng.IntN(3) > 0 {
		d := "2026-12-01"
		p.MoveInDate = &d
	}
	if rng.IntN(3) > 0 {
		b := rng.IntN(2) == 0
		p.PetsConsidered = &b
	}
	if rng.IntN(3) == 0 {
		p.EPCExemption, p.EPCExemptionRef = EPC.Exemptions[rng.IntN(len(EPC.Exemptions))].ID, pick()
	}
	if rng.IntN(4) > 0 {
		at := time.UnixMilli(rng.Int64N(2e12)).UTC()
		p.PublishedAt = &at
	}
	return p
}

// TestSearchAnswerIsTheJSONItWas: the answer written from kept cards is,
// byte for byte and header for header, the one encoding/json wrote from
// the same page before issue 43, for cards encoded afresh and kept, every
// kind of viewer, distances and texts encoding/json writes in its own ways.
func TestSearchAnswerIsTheJSONItWas(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	s := NewService(nil, clock.System{}, geo.Default())
	s.SetPhotos(columnPhotos{db.SQLite})
	viewers := []session.Actor{{}, {UserID: "landlord-a"}, {UserID: "landlord-b"}}
	distances := []float64{0, 1e-7, 0.25, 2.9999999999999996, 1e21, 123456789.125, 3}
	photos := []string{"", "abcdefghijklmnop.jpg,60,40,0,0,0,0", "abcdefghijklmnop.jpg,4000,3000,2048,1536,400,300 qrstuvwxyz012345.png,10,20,0,0,0,0"}
	for round := range 60 {
		var page Page
		for i := range rng.IntN(PageSize + 1) {
			res := Result{Property: randomProperty(rng, round*100+i%7), photos: photos[rng.IntN(len(photos))]}
			if rng.IntN(2) == 0 {
				d := distances[rng.IntN(len(distances))]
				if rng.IntN(2) == 0 {
					d = rng.Float64() * 10
				}
				res.DistanceMiles = &d
			}
			page.Results = append(page.Results, res)
		}
		if rng.IntN(2) == 0 {
			page.NextCursor = encodeCursor(cursor{Sort: Nearest, Dist: rng.Float64(), ID: "x", Width: 0.1})
		}
		if rng.IntN(2) == 0 {
			page.Area = &Area{Query: awkward[rng.IntN(len(awkward))], Kind: []geo.AreaKind{geo.KindDistrict, geo.KindPostcode, geo.KindTown}[rng.IntN(3)],
				Point: geo.Point{Lat: 50 + rng.Float64()*8, Lon: -6 + rng.Float64()*7}, RadiusMiles: distances[rng.IntN(len(distances))]}
		}
		for _, me := range viewers {
			want := oldAnswer(t, page, me)
			for pass := range 2 { // encoded afresh, then kept
				got := httptest.NewRecorder()
				if err := s.writePage(got, httptest.NewRequest(http.MethodGet, "/api/listings", nil), page, me); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
					t.Fatalf("round %d, viewer %q, pass %d:\n got %s\nwant %s", round, me.UserID, pass, got.Body, want.Body)
				}
				if !reflect.DeepEqual(got.Header(), want.Header()) || got.Code != want.Code {
					t.Fatalf("headers %d %v, want %d %v", got.Code, got.Header(), want.Code, want.Header())
				}
			}
			for pass := range 2 { // a browser that takes gzip: compressed, then the kept gzip
				req := httptest.NewRequest(http.MethodGet, "/api/listings", nil)
				req.Header.Set("Accept-Encoding", "gzip, deflate, br")
				got := httptest.NewRecorder()
				if err := s.writePage(got, req, page, me); err != nil {
					t.Fatal(err)
				}
				body := got.Body.Bytes()
				if want.Body.Len() >= gzhttp.DefaultMinSize {
					if got.Header().Get("Content-Encoding") != "gzip" {
						t.Fatalf("round %d, pass %d: %d bytes sent without gzip", round, pass, want.Body.Len())
					}
					zr, err := gzip.NewReader(got.Body)
					if err != nil {
						t.Fatal(err)
					}
					if body, err = io.ReadAll(zr); err != nil {
						t.Fatal(err)
					}
				}
				if !bytes.Equal(body, want.Body.Bytes()) {
					t.Fatalf("round %d, viewer %q, gzip pass %d:\n got %s\nwant %s", round, me.UserID, pass, body, want.Body)
				}
			}
		}
	}
}

// TestSameRowComparesEveryColumn changes each field of a row in turn (each
// field of a station too): a kept card must not be taken for a row that
// differs in any of them. A field added to Property fails here until
// sameRow compares it (or it is named below as no column of the search's
// rows).
func TestSameRowComparesEveryColumn(t *testing.T) {
	notColumns := map[string]bool{"Photos": true, "Advert": true} // the photos' column is compared on its own
	base := randomProperty(rand.New(rand.NewPCG(1, 2)), 1)
	base.Latitude, base.Longitude = new(float64), new(float64)
	rent, deposit, moveIn, pets, at := int64(1), int64(2), "2026-01-01", true, time.UnixMilli(5).UTC()
	base.RentPence, base.DepositPence, base.MoveInDate, base.PetsConsidered, base.PublishedAt = &rent, &deposit, &moveIn, &pets, &at
	base.NearbyStations = []NearbyStation{{Name: "A", Code: "B", Miles: 1, Distance: "1 mile"}}
	base.BillsIncluded = []string{"Water"}
	if !sameRow(&base, &base) {
		t.Fatal("a row differs from itself")
	}
	// A change is a field's path and what to do to it.
	type change struct {
		name string
		do   func(reflect.Value)
	}
	scalar := func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Int, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Float64:
			v.SetFloat(v.Float() + 1)
		default:
			t.Fatalf("no way to change a %s", v.Kind())
		}
	}
	var changes []change
	var walk func(path []int, name string, typ reflect.Type)
	walk = func(path []int, name string, typ reflect.Type) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			p, n := append(slices.Clone(path), i), name+f.Name
			if notColumns[n] {
				continue
			}
			at := func(do func(reflect.Value)) func(reflect.Value) {
				return func(row reflect.Value) { do(row.FieldByIndex(p)) }
			}
			switch {
			case f.Type == reflect.TypeFor[time.Time]():
				changes = append(changes, change{n + " +1ms", at(func(v reflect.Value) { v.Set(reflect.ValueOf(v.Interface().(time.Time).Add(time.Millisecond))) })},
					change{n + " in another zone", at(func(v reflect.Value) { v.Set(reflect.ValueOf(v.Interface().(time.Time).In(time.FixedZone("X", 3600)))) })})
			case f.Type.Kind() == reflect.Struct:
				walk(p, n+".", f.Type)
			case f.Type.Kind() == reflect.Pointer:
				elem := f.Type.Elem()
				changes = append(changes, change{n + " nil", at(func(v reflect.Value) { v.SetZero() })},
					change{n + " another value", at(func(v reflect.Value) {
						c := reflect.New(elem)
						if elem == reflect.TypeFor[time.Time]() {
							c.Elem().Set(reflect.ValueOf(v.Elem().Interface().(time.Time).Add(time.Millisecond)))
						} else {
							c.Elem().Set(v.Elem())
							scalar(c.Elem())
						}
						v.Set(c)
					})})
				if elem.Kind() == reflect.Float64 { // 0 and -0 write different JSON
					changes = append(changes, change{n + " -0", at(func(v reflect.Value) { z := math.Copysign(0, -1); v.Set(reflect.ValueOf(&z)) })})
				}
			case f.Type.Kind() == reflect.Slice:
				changes = append(changes, change{n + " one more", at(func(v reflect.Value) { v.Set(reflect.Append(v, reflect.Zero(f.Type.Elem()))) })})
				if f.Type.Elem().Kind() == reflect.Struct {
					for j := range f.Type.Elem().NumField() {
						changes = append(changes, change{n + "[0]." + f.Type.Elem().Field(j).Name, at(func(v reflect.Value) { scalar(v.Index(0).Field(j)) })})
					}
				} else {
					changes = append(changes, change{n + "[0]", at(func(v reflect.Value) { scalar(v.Index(0)) })})
				}
			default:
				changes = append(changes, change{n, at(scalar)})
			}
		}
	}
	walk(nil, "", reflect.TypeFor[Property]())
	for _, c := range changes {
		changed := base
		changed.NearbyStations, changed.BillsIncluded = slices.Clone(base.NearbyStations), slices.Clone(base.BillsIncluded)
		c.do(reflect.ValueOf(&changed).Elem())
		if sameRow(&base, &changed) || sameRow(&changed, &base) {
			t.Errorf("%s: the rows compare the same", c.name)
		}
	}
	if len(changes) < 45 {
		t.Fatalf("only %d changes", len(changes))
	}
}

// TestCardCacheStaysWithinItsBound: however many listings pass, the kept
// cards count no more than the bound, a listing's card replaced counts
// once, and what is kept is still each listing's own card.
func TestCardCacheStaysWithinItsBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	c := newCardCache(64 << 10)
	enc := func(r *Result) ([]byte, error) {
		return []byte(`{"id":"` + r.ID + `","rev":` + r.ShortDescription), nil
	}
	for i := range 5000 {
		res := []Result{{Property: randomProperty(rng, rng.IntN(300))}}
		res[0].ShortDescription = fmt.Sprint(i)
		cards, err := c.of(res, enc)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := enc(&res[0]); !bytes.Equal(cards[0], want) {
			t.Fatalf("card %s, want %s", cards[0], want)
		}
		if c.size > c.max {
			t.Fatalf("kept %d bytes, bound %d", c.size, c.max)
		}
	}
	total := 0
	for id, e := range c.byID {
		total += e.size
		if e.row.ID != id || !bytes.HasPrefix(e.json, []byte(`{"id":"`+id+`"`)) {
			t.Fatalf("entry %s holds %s", id, e.json)
		}
	}
	if total != c.size || len(c.byID) < 10 {
		t.Fatalf("%d entries of %d bytes, counted %d", len(c.byID), total, c.size)
	}
}

// TestCardsKeptWhileSearchesRun: pages written from many goroutines at
// once, while the listings change under them, each show the rows they were
// given (run under -race by make test-go).
func TestCardsKeptWhileSearchesRun(t *testing.T) {
	s := NewService(nil, clock.System{}, geo.Default())
	s.SetPhotos(columnPhotos{db.SQLite})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 9))
			for range 100 {
				var page Page
				for i := range 5 {
					p := randomProperty(rng, i) // five ids, rows changing at random
					page.Results = append(page.Results, Result{Property: p})
				}
				w := httptest.NewRecorder()
				if err := s.writePage(w, httptest.NewRequest(http.MethodGet, "/api/listings", nil), page, session.Actor{}); err != nil {
					t.Error(err)
					return
				}
				var got struct {
					Listings []struct {
						ID               string `json:"id"`
						ShortDescription string `json:"shortDescription"`
					} `json:"listings"`
				}
				if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
					t.Error(err)
					return
				}
				for i, l := range got.Listings {
					want := page.Results[i].ShortDescription
					if l.ID != page.Results[i].ID || l.ShortDescription != strings.ToValidUTF8(want, "\ufffd") {
						t.Errorf("card %d: %q %q, want %q %q", i, l.ID, l.ShortDescription, page.Results[i].ID, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

func TestJSONFloatIsEncodingJSONs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	values := []float64{0, math.Copysign(0, -1), 1, -1, 1e-6, 1e-7, 9.999999e-7, 1e20, 1e21, 1e-9, 5e-324, math.MaxFloat64, 0.1, 2.5, 100, 1e100}
	for range 20000 {
		values = append(values, math.Float64frombits(rng.Uint64()), rng.Float64()*10, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(60)-30)))
	}
	for _, f := range values {
		want, wantErr := json.Marshal(f)
		got, err := appendJSONFloat([]byte("x"), f)
		if (err != nil) != (wantErr != nil) || err == nil && string(got) != "x"+string(want) {
			t.Fatalf("%v: got %s (%v), want %s (%v)", f, got, err, want, wantErr)
		}
	}
}

func TestCursorJSONIsEncodingJSONs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		c := cursor{Sort: []SortOrder{Newest, Nearest, `"odd<&>"`}[rng.IntN(3)], ID: awkward[rng.IntN(len(awkward))]}
		if i%2 == 0 {
			c.ID = fmt.Sprintf("%08x-1234-4abc-8def-0123456789ab", rng.Uint32())
		}
		if rng.IntN(2) == 0 {
			c.At = rng.Int64N(4e12) - 1e12
		}
		if rng.IntN(2) == 0 {
			c.Dist = rng.Float64() * math.Pow(10, float64(rng.IntN(30)-15))
		}
		if rng.IntN(2) == 0 {
			c.Width = rng.Float64()
		}
		if got, want := encodeCursor(c), encodeCursorJSON(c); got != want {
			t.Fatalf("%+v: %s, want %s", c, got, want)
		}
	}
	if got, want := encodeCursor(cursor{Sort: Nearest, ID: "a", Dist: math.NaN()}), encodeCursorJSON(cursor{Sort: Nearest, ID: "a", Dist: math.NaN()}); got != want {
		t.Fatalf("NaN: %q, want %q", got, want)
	}
}
