package refcheck

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/httpx"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the landlord's side; every check is the signed-in
// landlord's own or a 404.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("POST /api/reference-checks", httpx.Handle(auth.RequireUser(h.purchase)))
	mux.Handle("GET /api/reference-checks/{id}", httpx.Handle(auth.RequireUser(h.get)))
	mux.Handle("DELETE /api/reference-checks/{id}/renters/{renterId}", httpx.Handle(auth.RequireUser(h.removeRenter)))
	mux.Handle("POST /api/reference-checks/{id}/renters/{renterId}/resend", httpx.Handle(auth.RequireUser(h.resend)))
	mux.Handle("GET /api/reference-reports", httpx.Handle(auth.RequireUser(h.reports)))
}

func landlord(r *http.Request) Landlord {
	u, _ := auth.CurrentUser(r.Context())
	return Landlord{ID: u.ID, Email: u.Email, Name: u.FullName, IsLandlord: u.UserType == auth.Landlord}
}

func (h *Handler) purchase(w http.ResponseWriter, r *http.Request) error {
	var in PurchaseInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, o, err := h.svc.Purchase(r.Context(), landlord(r), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{
		"referenceCheck": c, "order": o, "depositWarning": DepositWarning(c.RentPence, c.DepositPence)})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) error {
	c, err := h.svc.Get(r.Context(), landlord(r).ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"referenceCheck": c})
}

func (h *Handler) removeRenter(w http.ResponseWriter, r *http.Request) error {
	o, err := h.svc.RemoveRenter(r.Context(), landlord(r).ID, r.PathValue("id"), r.PathValue("renterId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o})
}

func (h *Handler) resend(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Resend(r.Context(), landlord(r).ID, r.PathValue("id"), r.PathValue("renterId")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgResent})
}

func (h *Handler) reports(w http.ResponseWriter, r *http.Request) error {
	var completed bool
	switch r.URL.Query().Get("status") {
	case "active", "":
	case "completed":
		completed = true
	default:
		return apperr.New(apperr.Invalid, "invalid", "status must be active or completed")
	}
	list, err := h.svc.Reports(r.Context(), landlord(r).ID, completed)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"reports": list})
}
