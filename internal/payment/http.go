package payment

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/httpx"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the buyer's side of orders; every call is the signed-in
// user's own order or a 404.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/orders", httpx.Handle(auth.RequireUser(h.list)))
	mux.Handle("GET /api/orders/{id}", httpx.Handle(auth.RequireUser(h.get)))
	mux.Handle("POST /api/orders/{id}/promo-codes", httpx.Handle(auth.RequireUser(h.applyCode)))
	mux.Handle("DELETE /api/orders/{id}/promo-codes/{code}", httpx.Handle(auth.RequireUser(h.removeCode)))
	mux.Handle("POST /api/orders/{id}/free", httpx.Handle(auth.RequireUser(h.free)))
	mux.Handle("POST /api/orders/{id}/sandbox-payment", httpx.Handle(auth.RequireUser(h.paySandbox)))
}

func me(r *http.Request) string {
	u, _ := auth.CurrentUser(r.Context())
	return u.ID
}

func (h *Handler) respond(w http.ResponseWriter, o Order, err error) error {
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o, "provider": h.svc.Provider()})
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	orders, err := h.svc.Orders(r.Context(), me(r))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"orders": orders})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) error {
	o, err := h.svc.Get(r.Context(), me(r), r.PathValue("id"))
	return h.respond(w, o, err)
}

func (h *Handler) applyCode(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	o, err := h.svc.ApplyCode(r.Context(), me(r), r.PathValue("id"), in.Code)
	return h.respond(w, o, err)
}

func (h *Handler) removeCode(w http.ResponseWriter, r *http.Request) error {
	o, err := h.svc.RemoveCode(r.Context(), me(r), r.PathValue("id"), r.PathValue("code"))
	return h.respond(w, o, err)
}

func (h *Handler) free(w http.ResponseWriter, r *http.Request) error {
	o, err := h.svc.CompleteFree(r.Context(), me(r), r.PathValue("id"))
	return h.respond(w, o, err)
}

func (h *Handler) paySandbox(w http.ResponseWriter, r *http.Request) error {
	var c Card
	if err := httpx.DecodeJSON(r, &c); err != nil {
		return err
	}
	o, err := h.svc.PaySandbox(r.Context(), me(r), r.PathValue("id"), c)
	return h.respond(w, o, err)
}
