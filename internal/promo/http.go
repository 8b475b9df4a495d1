package promo

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/httpx"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the admin's promo-code management; every call is checked
// for the Admin role on the server.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/admin/promo-codes", httpx.Handle(auth.RequireAdmin(h.list)))
	mux.Handle("POST /api/admin/promo-codes", httpx.Handle(auth.RequireAdmin(h.create)))
	mux.Handle("PUT /api/admin/promo-codes/{id}", httpx.Handle(auth.RequireAdmin(h.update)))
	mux.Handle("DELETE /api/admin/promo-codes/{id}", httpx.Handle(auth.RequireAdmin(h.delete)))
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	codes, err := h.svc.List(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"codes": codes})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.Create(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"code": c})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.Update(r.Context(), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"code": c})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
