package savedsearch

import (
	"net/http"
	"net/url"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/saved-searches", httpx.Handle(session.Require(h.list)))
	mux.Handle("POST /api/saved-searches", httpx.Handle(session.Require(h.create)))
	mux.Handle("DELETE /api/saved-searches/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("PUT /api/saved-searches/{id}/emails", httpx.Handle(session.Require(h.emails)))
	// The e-mail's unsubscribe link: no sign-in, the token is the proof.
	mux.Handle("GET /api/saved-searches/unsubscribe", httpx.Handle(h.unsubscribeInfo))
	mux.Handle("POST /api/saved-searches/unsubscribe", httpx.Handle(h.unsubscribe))
}

// DevRoutes mounts the development hook that queues a sweep now (the
// journeys' way to get the daily e-mail without waiting for 08:00).
func (h *Handler) DevRoutes(mux *httpx.Router) {
	mux.Handle("POST /api/dev/saved-searches/sweep", httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		if err := h.svc.SweepSoon(r.Context()); err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusAccepted, map[string]string{"message": "Sweep queued."})
	}))
}

type savedJSON struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Query     string    `json:"query"`
	Emails    bool      `json:"emails"`
	CreatedAt time.Time `json:"createdAt"`
}

func toJSON(ss SavedSearch) savedJSON {
	return savedJSON{ID: ss.ID, Name: ss.Name, Query: ss.Query, Emails: ss.Emails, CreatedAt: ss.CreatedAt}
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.List(r.Context(), a)
	if err != nil {
		return err
	}
	out := make([]savedJSON, len(list))
	for i, ss := range list {
		out[i] = toJSON(ss)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"savedSearches": out})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Name  string `json:"name"`
		Query string `json:"query"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	q, err := url.ParseQuery(in.Query)
	if err != nil {
		return apperr.New(apperr.Invalid, "invalid_filter", MsgNothingToSave)
	}
	ss, err := h.svc.Create(r.Context(), a, in.Name, q)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"savedSearch": toJSON(ss), "message": MsgSaved})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgDeleted})
}

func (h *Handler) emails(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		On bool `json:"on"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	ss, err := h.svc.SetEmails(r.Context(), a, r.PathValue("id"), in.On)
	if err != nil {
		return err
	}
	msg := MsgEmailsOff
	if ss.Emails {
		msg = MsgEmailsOn
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"savedSearch": toJSON(ss), "message": msg})
}

func (h *Handler) unsubscribeInfo(w http.ResponseWriter, r *http.Request) error {
	ss, err := h.svc.ByToken(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"name": ss.Name, "emails": ss.Emails})
}

func (h *Handler) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	ss, err := h.svc.Unsubscribe(r.Context(), in.Token)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"name": ss.Name, "message": MsgUnsubscribed})
}
