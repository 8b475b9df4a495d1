package notices

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the notices API; every route is for a signed-in landlord
// or tenant of the agreement (anyone else is told it does not exist).
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/notices", httpx.Handle(session.Require(h.overview)))
	mux.Handle("POST /api/notices/tenancies/{id}/rent-increases", httpx.Handle(session.Require(h.propose)))
	mux.Handle("POST /api/notices/tenancies/{id}/tenant-notice", httpx.Handle(session.Require(h.give)))
	mux.Handle("POST /api/notices/rent-increases/{id}/serve", httpx.Handle(session.Require(h.serve)))
	mux.Handle("POST /api/notices/rent-increases/{id}/accept", httpx.Handle(session.Require(h.accept)))
	mux.Handle("POST /api/notices/rent-increases/{id}/withdraw", httpx.Handle(session.Require(h.withdraw)))
}

func (h *Handler) overview(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.Overview(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"tenancies": list})
}

func (h *Handler) propose(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ProposeInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Propose(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"increase": v})
}

func (h *Handler) give(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in GiveInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.GiveNotice(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"notice": v})
}

func (h *Handler) serve(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ServeInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Serve(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"increase": v})
}

func (h *Handler) accept(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.Accept(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"increase": v})
}

func (h *Handler) withdraw(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.Withdraw(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"increase": v})
}
