package property

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

// listingJSON is what anyone may see of a Published property on its page:
// its card, and the law where it is.
type listingJSON struct {
	cardJSON
	lawJSON
}

// cardJSON is a listing as a search result shows it: the town and postcode
// district, not the street address.
type cardJSON struct {
	ID               string `json:"id"`
	Town             string `json:"town"`
	PostcodeDistrict string `json:"postcodeDistrict"`
	portalJSON
	PublishedAt   *time.Time `json:"publishedAt"`
	DistanceMiles *float64   `json:"distanceMiles"`
	Mine          bool       `json:"mine"`
}

// areaJSON is where a search was centred, as its answer says (written by
// writePage without encoding/json; TestSearchAnswerIsTheJSONItWas).
type areaJSON struct {
	Query       string       `json:"query"`
	Kind        geo.AreaKind `json:"kind"`
	Latitude    float64      `json:"latitude"`
	Longitude   float64      `json:"longitude"`
	RadiusMiles float64      `json:"radiusMiles"`
}

// SearchRoutes mounts the public search.
func (h *Handler) SearchRoutes(mux *httpx.Router, areas Searcher) {
	mux.Handle("GET /api/listings", httpx.Handle(session.Optional(func(w http.ResponseWriter, r *http.Request, me session.Actor) error {
		v := r.URL.Query()
		f, err := parseFilter(v)
		if err != nil {
			return err
		}
		if v.Get("mine") == "true" {
			if err := me.RequireSignedIn(); err != nil {
				return err
			}
			f.MineOf = me.UserID
		}
		// The page's photos come with its rows, in the search's statement
		// (pageSelectOf), and each card is encoded once per revision of its
		// listing (cards.go).
		page, err := h.svc.Search(r.Context(), areas, f)
		if err != nil {
			return err
		}
		return h.svc.writePage(w, r, page, me)
	})))
}

// toCardJSON is the public view of a search result for the viewer.
func toCardJSON(res Result, me session.Actor) cardJSON {
	p := res.Property
	return cardJSON{
		ID: p.ID, Town: p.Address.Town, PostcodeDistrict: geo.Outcode(p.Address.Postcode), portalJSON: portalOf(p),
		PublishedAt: p.PublishedAt, DistanceMiles: res.DistanceMiles, Mine: me.SignedIn() && p.LandlordID == me.UserID,
	}
}

// ListingRoutes mounts one listing and contacting its owner.
func (h *Handler) ListingRoutes(mux *httpx.Router) {
	mux.Handle("GET /api/listings/{id}", httpx.Handle(session.Optional(func(w http.ResponseWriter, r *http.Request, me session.Actor) error {
		p, err := h.svc.Listing(r.Context(), r.PathValue("id"))
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"listing": listingJSON{toCardJSON(Result{Property: p}, me), lawOf(p)}})
	})))
	mux.Handle("POST /api/listings/{id}/contact", httpx.Handle(session.Require(func(w http.ResponseWriter, r *http.Request, me session.Actor) error {
		var in struct {
			Message string `json:"message"`
		}
		if err := httpx.DecodeJSON(r, &in); err != nil {
			return err
		}
		if err := h.svc.ContactOwner(r.Context(), Person{ID: me.UserID, Email: me.Email, FullName: me.FullName}, r.PathValue("id"), in.Message); err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgContactSent})
	})))
}

// parseFilter reads the filter from the URL query, with the parameter names
// of the landing page's Search (web/src/features/listing/searchOptions.ts).
func parseFilter(v url.Values) (Filter, error) {
	bad := apperr.New(apperr.Invalid, "invalid_filter", MsgFilterNumbers)
	f := Filter{Area: v.Get("searchArea"), Cursor: v.Get("cursor"), Sort: SortOrder(v.Get("sort"))}
	if f.Sort != "" && f.Sort != Newest && f.Sort != Nearest {
		return f, apperr.New(apperr.Invalid, "invalid_filter", "Sort by nearest or newest.")
	}
	switch c := RentCycle(v.Get("rentCycle")); c {
	case "", Weekly, Monthly:
		f.RentCycle = c
	default:
		return f, apperr.New(apperr.Invalid, "invalid_filter", "Choose a weekly or monthly price.")
	}
	if s := v.Get("radius"); s != "" {
		r, err := strconv.ParseFloat(s, 64)
		if err != nil || r < minRadiusMiles || r > maxRadiusMiles {
			return f, apperr.New(apperr.Invalid, "invalid_filter", "Choose a radius between 0.25 and 10 miles.")
		}
		f.RadiusMiles = r
	}
	ints := []struct {
		name string
		dst  **int
	}{{"minimumBeds", &f.MinBeds}, {"maximumBeds", &f.MaxBeds}, {"minimumBathrooms", &f.MinBaths}, {"maximumBathrooms", &f.MaxBaths}}
	for _, p := range ints {
		s := strings.ToLower(strings.TrimSpace(v.Get(p.name)))
		if s == "" {
			continue
		}
		if s == "studio" && strings.HasSuffix(p.name, "Beds") {
			s = "0"
		}
		n, err := strconv.Atoi(strings.TrimSuffix(s, "+"))
		if err != nil || n < 0 || n > 100 {
			return f, bad
		}
		if p.name == "maximumBeds" && n >= 10 {
			continue // "10+" has no upper bound
		}
		*p.dst = &n
	}
	for _, p := range []struct {
		name string
		dst  **int64
	}{{"minimumRent", &f.MinRent}, {"maximumRent", &f.MaxRent}} {
		s := strings.ReplaceAll(strings.TrimSpace(v.Get(p.name)), ",", "")
		if s == "" {
			continue
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > 10_000_000 {
			return f, bad
		}
		*p.dst = &n
	}
	return f, nil
}
