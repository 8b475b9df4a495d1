package deposit

import (
	"net/http"
	"strings"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

// The routes of a tenant's dispute photos (answer_photos.go).
func (h *Handler) answerPhotoRoutes(mux *httpx.Router) {
	mux.Handle("POST /api/deposits/lines/{id}/answer/photos", httpx.Handle(session.Require(h.addAnswerPhoto)))
	mux.Handle("GET /api/deposits/lines/{id}/answer/photos/{photo}", httpx.Handle(session.Require(h.openAnswerPhoto)))
	mux.Handle("GET /api/deposits/lines/{id}/answer/photos/{photo}/thumb", httpx.Handle(session.Require(h.openAnswerPhoto)))
	mux.Handle("DELETE /api/deposits/lines/{id}/answer/photos/{photo}", httpx.Handle(session.Require(h.removeAnswerPhoto)))
}

// addAnswerPhoto takes one photo in the multipart field "file".
func (h *Handler) addAnswerPhoto(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	// Who may add a photo, and whether one more fits, is decided before the body is read.
	if err := h.svc.CanAddAnswerPhoto(r.Context(), a, r.PathValue("id")); err != nil {
		if done, err := stale(w, err); done || err != nil {
			return err
		}
	}
	file, err := uploaded(r, MsgNoPhoto, "image_too_large", MsgPhotoLarge)
	if err != nil {
		return err
	}
	v, err := h.svc.AddAnswerPhoto(r.Context(), a, r.PathValue("id"), httpx.UploadedFileName(file), file)
	if done, err := stale(w, err); done || err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"line": v})
}

func (h *Handler) removeAnswerPhoto(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.RemoveAnswerPhoto(r.Context(), a, r.PathValue("id"), r.PathValue("photo"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"line": v})
}

// openAnswerPhoto serves a photo (…/{photo}) or its thumbnail (…/{photo}/thumb).
func (h *Handler) openAnswerPhoto(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	thumb := strings.HasSuffix(r.URL.Path, "/thumb")
	rc, p, err := h.svc.OpenAnswerPhoto(r.Context(), a, r.PathValue("id"), r.PathValue("photo"), thumb)
	if err != nil {
		return err
	}
	defer rc.Close()
	serveStored(w, rc, "inline", p.Name, p.ContentType, p.Size)
	return nil
}
