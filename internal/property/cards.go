package property

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/omnirent/omnirent/internal/session"
)

// A search page's cards are encoded once per revision of each listing
// (issue 43). Encoding the page's 20 cards with encoding/json was about a
// tenth of a search's CPU in the server, every time, for listings that
// change seldom and are shown again and again.
//
// cardCache keeps each listing's card as JSON, keyed by the listing's id,
// with the row and the photos' column it was encoded from. A kept card is
// used only while the row the search has just read is that same row, every
// column of it (updated_at among them), and its photos the same: an edit,
// a photo added, removed or resized shows in the next search, on every
// instance of the server, whatever the clock said (two saves in the same
// millisecond keep updated_at, not the columns). What the viewer changes
// (mine) and what the search does (distanceMiles) are written for each
// answer. Memory is bounded (maxCardBytes, counted roughly: the JSON, the
// row's text and an allowance for the rest); past it, entries picked at
// random make room.

// maxCardBytes bounds a server's kept cards: about 15,000 listings (a card
// of a listing with a short description and no photo counts about 2 KB).
const maxCardBytes = 32 << 20

// maxGzipBytes bounds a server's kept compressed pages (httpx.GzipKept):
// about 600 pages of 20 listings, each kept plain and compressed.
const maxGzipBytes = 16 << 20

type cardCache struct {
	mu   sync.RWMutex
	byID map[string]*cardEntry
	size int // of the entries, as cardEntry.size counts them
	max  int
}

// cardEntry is one listing's card. It is never changed once kept, so a
// card read under the lock may be written out after it.
type cardEntry struct {
	row    Property
	photos string
	json   []byte // the card without the viewer's and the search's fields (cardTail)
	size   int
}

func newCardCache(max int) *cardCache {
	return &cardCache{byID: map[string]*cardEntry{}, max: max}
}

// cardTail is how encoding/json ends a card whose distanceMiles and mine
// are empty: a kept card is its JSON without it, and each answer writes
// them for its search and viewer.
const cardTail = `,"distanceMiles":null,"mine":false}`

// of gives the cards of results: kept ones where the row and its photos are
// those a kept card was encoded from; the others are encoded (enc) and kept.
func (c *cardCache) of(results []Result, enc func(*Result) ([]byte, error)) ([][]byte, error) {
	out := make([][]byte, len(results))
	missing := 0
	c.mu.RLock()
	for i := range results {
		if e := c.byID[results[i].ID]; e != nil && e.photos == results[i].photos && sameRow(&e.row, &results[i].Property) {
			out[i] = e.json
		} else {
			missing++
		}
	}
	c.mu.RUnlock()
	if missing == 0 {
		return out, nil
	}
	fresh := make([]*cardEntry, 0, missing)
	for i := range results {
		if out[i] != nil {
			continue
		}
		b, err := enc(&results[i])
		if err != nil {
			return nil, err
		}
		out[i] = b
		fresh = append(fresh, &cardEntry{row: results[i].Property, photos: results[i].photos, json: b,
			size: len(b) + len(results[i].photos) + rowBytes(&results[i].Property)})
	}
	c.mu.Lock()
	for _, e := range fresh {
		c.put(e)
	}
	c.mu.Unlock()
	return out, nil
}

// put keeps e in place of the listing's card, if any, making room first.
// The caller holds the lock.
func (c *cardCache) put(e *cardEntry) {
	if e.size > c.max {
		return
	}
	if old := c.byID[e.row.ID]; old != nil {
		c.size -= old.size
		delete(c.byID, e.row.ID)
	}
	for c.size+e.size > c.max {
		for id, victim := range c.byID { // a map's iteration starts at random
			c.size -= victim.size
			delete(c.byID, id)
			break
		}
	}
	c.byID[e.row.ID] = e
	c.size += e.size
}

// rowBytes is roughly what a kept row holds: its text and an allowance for
// its fixed fields, pointers and the map's entry.
func rowBytes(p *Property) int {
	n := 640 + len(p.ID) + len(p.LandlordID) + len(p.Address.FirstLine) + len(p.Address.SecondLine) + len(p.Address.Town) +
		len(p.Address.Postcode) + len(p.Address.Country) + len(p.FurnishStatus) + len(p.ShortDescription) + len(p.PropertyType) +
		len(p.CouncilTaxBand) + len(p.EPCRating) + len(p.EPCExemption) + len(p.EPCExemptionRef)
	for _, s := range p.NearbyStations {
		n += 64 + len(s.Name) + len(s.Code) + len(s.Distance)
	}
	for _, b := range p.BillsIncluded {
		n += 16 + len(b)
	}
	return n
}

// sameRow tells whether two reads of a listing are the same row: every
// column the search reads (TestSameRowComparesEveryColumn fails when a
// field is added to Property and not here). Floats compare by their bits,
// as their JSON differs for 0 and -0.
func sameRow(a, b *Property) bool {
	return a.ID == b.ID && a.LandlordID == b.LandlordID && a.Status == b.Status && a.Address == b.Address &&
		sameFloat(a.Latitude, b.Latitude) && sameFloat(a.Longitude, b.Longitude) &&
		slices.EqualFunc(a.NearbyStations, b.NearbyStations, func(x, y NearbyStation) bool {
			return x.Name == y.Name && x.Code == y.Code && x.Distance == y.Distance && math.Float64bits(x.Miles) == math.Float64bits(y.Miles)
		}) &&
		same(a.RentPence, b.RentPence) && a.RentCycle == b.RentCycle && a.BedroomCount == b.BedroomCount &&
		a.BathroomCount == b.BathroomCount && a.SofasCount == b.SofasCount && a.FurnishStatus == b.FurnishStatus &&
		same(a.MoveInDate, b.MoveInDate) && a.ShortDescription == b.ShortDescription && a.PropertyType == b.PropertyType &&
		same(a.DepositPence, b.DepositPence) && a.CouncilTaxBand == b.CouncilTaxBand && a.EPCRating == b.EPCRating &&
		slices.Equal(a.BillsIncluded, b.BillsIncluded) && same(a.PetsConsidered, b.PetsConsidered) &&
		a.EPCExemption == b.EPCExemption && a.EPCExemptionRef == b.EPCExemptionRef &&
		sameTime(&a.CreatedAt, &b.CreatedAt) && sameTime(&a.UpdatedAt, &b.UpdatedAt) && sameTime(a.PublishedAt, b.PublishedAt)
}

func same[T comparable](a, b *T) bool { return a == b || a != nil && b != nil && *a == *b }

func sameFloat(a, b *float64) bool {
	return a == b || a != nil && b != nil && math.Float64bits(*a) == math.Float64bits(*b)
}

// sameTime: the same instant in the same zone (a time's JSON names its zone).
func sameTime(a, b *time.Time) bool {
	return a == b || a != nil && b != nil && a.Equal(*b) && a.Location() == b.Location()
}

// encodeCard is a result's card as encoding/json writes it, without
// cardTail, its photos decoded from the search's column.
func (s *Service) encodeCard(res *Result) ([]byte, error) {
	p := res.Property
	if res.photos != "" && s.photos != nil {
		photos, err := s.photos.ViewsIn(res.photos)
		if err != nil {
			return nil, err
		}
		p.Photos = photos
	}
	b, err := json.Marshal(toCardJSON(Result{Property: p}, session.Actor{}))
	if err != nil {
		return nil, err
	}
	if !bytes.HasSuffix(b, []byte(cardTail)) {
		return nil, errors.New("property: a card's JSON does not end with distanceMiles and mine")
	}
	return b[: len(b)-len(cardTail) : len(b)-len(cardTail)], nil
}

// pageBuffers are the answers' buffers, used again.
var pageBuffers = sync.Pool{New: func() any { return new([]byte) }}

// writePage answers a search: the bytes httpx.WriteJSON wrote for
// {"listings": [cards], "nextCursor": ..., "area": ...} with its headers
// (encoding/json orders a map's keys), from the kept cards
// (TestSearchAnswerIsTheJSONItWas), gzipped once for every request that
// gets the same bytes (httpx.GzipKept).
func (s *Service) writePage(w http.ResponseWriter, r *http.Request, page Page, me session.Actor) error {
	cards, err := s.cards.of(page.Results, s.encodeCard)
	if err != nil {
		return err
	}
	buf := pageBuffers.Get().(*[]byte)
	b := append((*buf)[:0], `{"area":`...)
	if a := page.Area; a != nil {
		// areaJSON, as encoding/json writes it
		b = appendJSONString(append(b, `{"query":`...), a.Query)
		b = appendJSONString(append(b, `,"kind":`...), string(a.Kind))
		for _, f := range []struct {
			key string
			v   float64
		}{{`,"latitude":`, a.Point.Lat}, {`,"longitude":`, a.Point.Lon}, {`,"radiusMiles":`, a.RadiusMiles}} {
			if b, err = appendJSONFloat(append(b, f.key...), f.v); err != nil {
				return err
			}
		}
		b = append(b, '}')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"listings":[`...)
	for i := range page.Results {
		res := &page.Results[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, cards[i]...)
		b = append(b, `,"distanceMiles":`...)
		if res.DistanceMiles == nil {
			b = append(b, "null"...)
		} else if b, err = appendJSONFloat(b, *res.DistanceMiles); err != nil {
			return err
		}
		b = append(b, `,"mine":`...)
		b = strconv.AppendBool(b, me.SignedIn() && res.LandlordID == me.UserID)
		b = append(b, '}')
	}
	b = append(b, `],"nextCursor":`...)
	if page.NextCursor == "" {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, page.NextCursor)
	}
	b = append(b, "}\n"...)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	err = s.gzipped.Write(w, r, http.StatusOK, b) // compressed once for all who get these bytes
	if cap(b) <= 1<<20 {
		*buf = b
		pageBuffers.Put(buf)
	}
	return err
}

// appendJSONFloat writes f as encoding/json writes a float64
// (TestJSONFloatIsEncodingJSONs).
func appendJSONFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		_, err := json.Marshal(f) // the same error encoding/json gives
		return b, err
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9, as encoding/json does
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// appendJSONString writes s as encoding/json writes a string: quoted as it
// is when nothing in it needs escaping (printable ASCII but for ", \, <,
// > and &: a cursor, an id), else through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}
