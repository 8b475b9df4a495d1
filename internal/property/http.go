package property

import (
	"net/http"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/properties", httpx.Handle(session.Require(h.list)))
	mux.Handle("POST /api/properties", httpx.Handle(session.Require(h.create)))
	mux.Handle("GET /api/properties/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("DELETE /api/properties/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("PUT /api/properties/{id}/address", httpx.Handle(session.Require(h.updateAddress)))
	mux.Handle("PUT /api/properties/{id}/details", httpx.Handle(session.Require(h.updateDetails)))
	mux.Handle("POST /api/properties/{id}/publish", httpx.Handle(session.Require(h.publish)))
	mux.Handle("POST /api/properties/{id}/unpublish", httpx.Handle(session.Require(h.unpublish)))
}

type addressJSON struct {
	FirstLine  string `json:"addrFirstLine"`
	SecondLine string `json:"addrSecondLine"`
	Town       string `json:"town"`
	Postcode   string `json:"postcode"`
	Country    string `json:"country"`
}

// portalJSON is what the owner's view, the listing page and a search
// result's card share; embedded, its fields sit at the top level of each
// JSON object.
type portalJSON struct {
	Latitude         *float64        `json:"latitude"`
	Longitude        *float64        `json:"longitude"`
	NearbyStations   []NearbyStation `json:"nearbyStations"`
	RentPence        *int64          `json:"rentPence"`
	RentCycle        RentCycle       `json:"rentCycle"`
	BedroomCount     int             `json:"bedroomCount"`
	BathroomCount    int             `json:"bathroomCount"`
	SofasCount       int             `json:"sofasCount"`
	FurnishStatus    string          `json:"furnishStatus"`
	MoveInDate       *string         `json:"moveInDate"`
	ShortDescription string          `json:"shortDescription"`
	Images           []Photo         `json:"images"`
	PropertyType     string          `json:"propertyType"`
	DepositPence     *int64          `json:"depositPence"`
	CouncilTaxBand   string          `json:"councilTaxBand"`
	EPCRating        string          `json:"epcRating"`
	BillsIncluded    []string        `json:"billsIncluded"`
	PetsConsidered   *bool           `json:"petsConsidered"`
	// MonthlyRentPence is the rent as a monthly figure (weekly x 52 / 12,
	// rounded to the nearest penny, half up): a weekly listing shows both.
	MonthlyRentPence *int64            `json:"monthlyRentPence"`
	EPCExemption     *epcExemptionJSON `json:"epcExemption"`
}

// lawJSON is what the listing form and the listing page are told of the law
// where the home is. A search result's card shows none of it, so the search
// leaves it out (issue 29: worked out for each card, it was a tenth of the
// search's CPU and a quarter of its JSON).
type lawJSON struct {
	// The law where the home is: the council tax bands a listing may give
	// (none where there is no council tax, and councilTaxNone says what the
	// listing shows instead), the bills a rent may include there (with
	// "Rates", not "Council tax", in Northern Ireland) and the EPC minimum
	// for letting ("" where none).
	CouncilTaxBands []string `json:"councilTaxBands"`
	CouncilTaxNone  string   `json:"councilTaxNone"`
	BillChoices     []string `json:"billChoices"`
	EPCMinimum      string   `json:"epcMinimum"`
}

// epcExemptionJSON is the registered exemption of a home rated below the
// EPC minimum, as the listing shows it.
type epcExemptionJSON struct {
	Type       string `json:"type"`
	Name       string `json:"name"`
	Regulation string `json:"regulation"`
	Reference  string `json:"reference"`
}

func portalOf(p Property) portalJSON {
	out := portalJSON{
		Latitude: p.Latitude, Longitude: p.Longitude, NearbyStations: p.NearbyStations, RentPence: p.RentPence,
		RentCycle: p.RentCycle, BedroomCount: p.BedroomCount, BathroomCount: p.BathroomCount, SofasCount: p.SofasCount,
		FurnishStatus: p.FurnishStatus, MoveInDate: p.MoveInDate, ShortDescription: p.ShortDescription, Images: photosOrEmpty(p.Photos),
		PropertyType: p.PropertyType, DepositPence: p.DepositPence, CouncilTaxBand: p.CouncilTaxBand, EPCRating: p.EPCRating,
		BillsIncluded: billsOrEmpty(p.BillsIncluded), PetsConsidered: p.PetsConsidered,
		MonthlyRentPence: monthlyOf(p), EPCExemption: exemptionOf(p),
	}
	return out
}

func lawOf(p Property) lawJSON {
	var out lawJSON
	out.CouncilTaxBands, out.CouncilTaxNone, out.BillChoices, out.EPCMinimum = lawAt(p.Address.Postcode)
	return out
}

// lawAt is what the listing form and page show of the law where a home is.
func lawAt(postcode string) (bands []string, none string, bills []string, epcMinimum string) {
	choices := tenancy.JurisdictionChoices(postcode)
	bands, none = CouncilTax.at(choices)
	bills = CouncilTax.billsIn(choices)
	if EPC.appliesIn(choices) {
		epcMinimum = EPC.MinRating
	}
	if bands == nil {
		bands = []string{}
	}
	return bands, none, bills, epcMinimum
}

func monthlyOf(p Property) *int64 {
	if p.RentPence == nil {
		return nil
	}
	m := MonthlyPence(*p.RentPence, p.RentCycle)
	return &m
}

// exemptionOf is the listing's registered exemption: none where the PRS
// Exemptions Register does not reach (one saved before the home moved out
// of England and Wales, or before such exemptions were refused).
func exemptionOf(p Property) *epcExemptionJSON {
	if p.EPCExemption == "" || !EPC.AppliesAt(p.Address.Postcode) {
		return nil
	}
	e, _ := EPC.Exemption(p.EPCExemption)
	return &epcExemptionJSON{Type: p.EPCExemption, Name: e.Name, Regulation: e.Regulation, Reference: p.EPCExemptionRef}
}

func billsOrEmpty(b []string) []string {
	if b == nil {
		return []string{}
	}
	return b
}

// photosOrEmpty keeps "images" a JSON list even when there are none.
func photosOrEmpty(ps []Photo) []Photo {
	if ps == nil {
		return []Photo{}
	}
	return ps
}

// propertyJSON is the owner's view, with the full address and status.
type propertyJSON struct {
	ID      string      `json:"id"`
	Address addressJSON `json:"address"`
	Status  Status      `json:"status"`
	portalJSON
	lawJSON
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func toJSON(p Property) propertyJSON {
	a := p.Address
	return propertyJSON{
		ID: p.ID, Address: addressJSON{a.FirstLine, a.SecondLine, a.Town, a.Postcode, a.Country}, Status: p.Status,
		portalJSON: portalOf(p), lawJSON: lawOf(p), CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
	}
}

func (h *Handler) one(w http.ResponseWriter, r *http.Request, status int, p Property, err error) error {
	if err != nil {
		return err
	}
	if err := h.svc.withPhotos(r.Context(), []*Property{&p}); err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, map[string]any{"property": toJSON(p)})
}

func (h *Handler) withMessage(w http.ResponseWriter, r *http.Request, p Property, err error) error {
	if err != nil {
		return err
	}
	if err := h.svc.withPhotos(r.Context(), []*Property{&p}); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"property": toJSON(p), "message": MsgActionSuccess})
}

func decodeAddress(r *http.Request) (Address, error) {
	var in struct {
		Address addressJSON `json:"address"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return Address{}, err
	}
	a := in.Address
	return Address{FirstLine: a.FirstLine, SecondLine: a.SecondLine, Town: a.Town, Postcode: a.Postcode, Country: a.Country}, nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	ps, err := h.svc.List(r.Context(), me)
	if err != nil {
		return err
	}
	if err := h.svc.withPhotos(r.Context(), pointers(ps)); err != nil {
		return err
	}
	out := make([]propertyJSON, len(ps))
	for i, p := range ps {
		out[i] = toJSON(p)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"properties": out})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	a, err := decodeAddress(r)
	if err != nil {
		return err
	}
	p, err := h.svc.Create(r.Context(), me, a)
	return h.one(w, r, http.StatusCreated, p, err)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	p, err := h.svc.Get(r.Context(), me, r.PathValue("id"))
	return h.one(w, r, http.StatusOK, p, err)
}

func (h *Handler) updateAddress(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	a, err := decodeAddress(r)
	if err != nil {
		return err
	}
	p, err := h.svc.UpdateAddress(r.Context(), me, r.PathValue("id"), a)
	return h.one(w, r, http.StatusOK, p, err)
}

func (h *Handler) updateDetails(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	var in struct {
		RentPence        int64     `json:"rentPence"`
		RentCycle        RentCycle `json:"rentCycle"`
		BedroomCount     int       `json:"bedroomCount"`
		BathroomCount    int       `json:"bathroomCount"`
		SofasCount       int       `json:"sofasCount"`
		FurnishStatus    string    `json:"furnishStatus"`
		MoveInDate       string    `json:"moveInDate"`
		ShortDescription string    `json:"shortDescription"`
		PropertyType     string    `json:"propertyType"`
		DepositPence     *int64    `json:"depositPence"`
		CouncilTaxBand   string    `json:"councilTaxBand"`
		EPCRating        string    `json:"epcRating"`
		BillsIncluded    []string  `json:"billsIncluded"`
		PetsConsidered   *bool     `json:"petsConsidered"`
		EPCExemptionType string    `json:"epcExemptionType"`
		EPCExemptionRef  string    `json:"epcExemptionRef"`
		Publish          bool      `json:"publish"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	p, err := h.svc.UpdateDetails(r.Context(), me, r.PathValue("id"), Details{
		RentPence: in.RentPence, RentCycle: in.RentCycle, BedroomCount: in.BedroomCount, BathroomCount: in.BathroomCount,
		SofasCount: in.SofasCount, FurnishStatus: in.FurnishStatus, MoveInDate: in.MoveInDate,
		ShortDescription: in.ShortDescription, Publish: in.Publish,
		PropertyType: in.PropertyType, DepositPence: in.DepositPence, CouncilTaxBand: in.CouncilTaxBand, EPCRating: in.EPCRating,
		BillsIncluded: in.BillsIncluded, PetsConsidered: in.PetsConsidered, EPCExemption: in.EPCExemptionType, EPCExemptionRef: in.EPCExemptionRef,
	})
	return h.one(w, r, http.StatusOK, p, err)
}

func (h *Handler) publish(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	p, err := h.svc.Publish(r.Context(), me, r.PathValue("id"))
	return h.withMessage(w, r, p, err)
}

func (h *Handler) unpublish(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	p, err := h.svc.Unpublish(r.Context(), me, r.PathValue("id"))
	return h.withMessage(w, r, p, err)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	if err := h.svc.Delete(r.Context(), me, r.PathValue("id")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgActionSuccess})
}
