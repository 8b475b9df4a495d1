package promo

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the admin's promo-code management; the service checks the
// Admin role itself (the route's check answers early).
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/admin/promo-codes", httpx.Handle(session.RequireAdmin(h.list)))
	mux.Handle("POST /api/admin/promo-codes", httpx.Handle(session.RequireAdmin(h.create)))
	mux.Handle("PUT /api/admin/promo-codes/{id}", httpx.Handle(session.RequireAdmin(h.update)))
	mux.Handle("DELETE /api/admin/promo-codes/{id}", httpx.Handle(session.RequireAdmin(h.delete)))
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	codes, err := h.svc.List(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"codes": codes})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.Create(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"code": c})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.Update(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"code": c})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
