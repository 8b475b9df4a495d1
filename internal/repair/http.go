package repair

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the repairs API; every route is for a signed-in landlord
// or tenant, who sees only their own repairs (another's answer 404).
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/repairs/form", httpx.Handle(session.Require(h.form)))
	mux.Handle("GET /api/repairs", httpx.Handle(session.Require(h.list)))
	mux.Handle("POST /api/repairs", httpx.Handle(session.Require(h.report)))
	mux.Handle("GET /api/repairs/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("POST /api/repairs/{id}/status", httpx.Handle(session.Require(h.change)))
	mux.Handle("POST /api/repairs/{id}/messages", httpx.Handle(session.Require(h.message)))
	mux.Handle("POST /api/repairs/{id}/notices", httpx.Handle(session.Require(h.notice)))
	mux.Handle("DELETE /api/repairs/{id}/vulnerability", httpx.Handle(session.Require(h.withdrawVulnerability)))
	h.evidenceRoutes(mux)   // photos, the original message, the history PDF (http_evidence.go)
	h.contractorRoutes(mux) // contractors and visits (contractor_http.go)
}

func (h *Handler) form(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	f, err := h.svc.Form(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, f)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	q := r.URL.Query()
	state := q.Get("state")
	if state != "" && state != "open" && state != "closed" {
		return apperr.Fields("Please ask for open or closed repairs.", map[string]string{"state": "Please ask for open or closed repairs."})
	}
	list, err := h.svc.List(r.Context(), a, q.Get("propertyId"), state)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"repairs": list})
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ReportInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, created, err := h.svc.Report(r.Context(), a, in)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	return httpx.WriteJSON(w, status, map[string]any{"repair": v})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.Get(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"repair": v})
}

func (h *Handler) change(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ChangeInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Change(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"repair": v})
}

func (h *Handler) message(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Body string `json:"body"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Message(r.Context(), a, r.PathValue("id"), in.Body)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"repair": v})
}

func (h *Handler) notice(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in NoticeInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.CannotComply(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"repair": v})
}

func (h *Handler) withdrawVulnerability(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.WithdrawVulnerability(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"repair": v})
}
