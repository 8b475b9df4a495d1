package calendar

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the calendar: every route is the signed-in user's own
// calendar, except the feed file, which its secret token opens.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/calendar/occurrences", httpx.Handle(session.Require(h.occurrences)))
	mux.Handle("POST /api/calendar/events", httpx.Handle(session.Require(h.create)))
	mux.Handle("GET /api/calendar/events/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("PUT /api/calendar/events/{id}", httpx.Handle(session.Require(h.update)))
	mux.Handle("DELETE /api/calendar/events/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("PUT /api/calendar/events/{id}/occurrences/{occurrence}", httpx.Handle(session.Require(h.editOccurrence)))
	mux.Handle("DELETE /api/calendar/events/{id}/occurrences/{occurrence}", httpx.Handle(session.Require(h.deleteOccurrence)))
	mux.Handle("PUT /api/calendar/generated/{key}/done", httpx.Handle(session.Require(h.markDone)))
	mux.Handle("GET /api/calendar/feed", httpx.Handle(session.Require(h.feed)))
	mux.Handle("POST /api/calendar/feed", httpx.Handle(session.Require(h.resetFeed)))
	mux.Handle("DELETE /api/calendar/feed", httpx.Handle(session.Require(h.disableFeed)))
	mux.Handle("GET /api/calendar/feed/{file}", httpx.SecretPath(httpx.Handle(h.feedFile)))
}

func (h *Handler) occurrences(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	q := r.URL.Query()
	list, err := h.svc.Occurrences(r.Context(), a, q.Get("from"), q.Get("to"), q.Get("category"), q.Get("q"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"occurrences": list})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	e, err := h.svc.Get(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"event": e})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	e, err := h.svc.Create(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"event": e})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	e, err := h.svc.Update(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"event": e})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) editOccurrence(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in OccurrenceInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	e, err := h.svc.EditOccurrence(r.Context(), a, r.PathValue("id"), r.PathValue("occurrence"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"event": e})
}

func (h *Handler) deleteOccurrence(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	e, err := h.svc.DeleteOccurrence(r.Context(), a, r.PathValue("id"), r.PathValue("occurrence"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"event": e})
}

func (h *Handler) markDone(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Done bool `json:"done"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	key := r.PathValue("key")
	if err := h.svc.MarkDone(r.Context(), a, key, in.Done); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"key": key, "done": in.Done})
}

func (h *Handler) feed(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	f, err := h.svc.Feed(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, f)
}

func (h *Handler) resetFeed(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	f, err := h.svc.ResetFeed(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, f)
}

func (h *Handler) disableFeed(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DisableFeed(r.Context(), a); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// feedFile is the public iCalendar feed, /api/calendar/feed/<token>.ics.
func (h *Handler) feedFile(w http.ResponseWriter, r *http.Request) error {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok {
		return apperr.New(apperr.NotFound, "not_found", MsgFeedNotFound)
	}
	b, err := h.svc.FeedCalendar(r.Context(), token)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `inline; filename="omnirent.ics"`)
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, err = w.Write(b)
	return err
}
