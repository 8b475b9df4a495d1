package photo

import (
	"net/http"
	"strings"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("POST /api/properties/{id}/images", httpx.Handle(session.Require(h.upload)))
	mux.Handle("DELETE /api/properties/{id}/images/{name}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("GET /api/photos/{size}/{name}", httpx.Handle(session.Optional(h.serve)))
}

// UploadBodyLimit lets an upload request carry one 5 MB file plus its
// multipart framing; every other request keeps the small JSON cap.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/properties/") && strings.HasSuffix(r.URL.Path, "/images") {
		return imaging.DefaultMaxBytes + 64<<10
	}
	return 0
}

// upload takes one file, in the multipart field "file"; the page sends each
// chosen file as its own request so one bad file does not sink the others.
func (h *Handler) upload(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	file, err := httpx.UploadedFile(r, "file", MsgNoFile, MsgTooLarge)
	if err != nil {
		return err
	}
	p, err := h.svc.Upload(r.Context(), KindProperty, a, r.PathValue("id"), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"image": p})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), KindProperty, a, r.PathValue("id"), r.PathValue("name")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// serve streams a photo, or redirects to a short-lived signed URL when the
// files are in S3. Names are random and never reused, so a published
// listing's photo can be cached for long; an unpublished one stays private.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	f, err := h.svc.Open(r.Context(), a, r.PathValue("name"), Size(r.PathValue("size")))
	if err != nil {
		return err
	}
	if f.RedirectURL != "" {
		w.Header().Set("Cache-Control", "private, max-age=300")
		http.Redirect(w, r, f.RedirectURL, http.StatusFound)
		return nil
	}
	defer f.Body.Close()
	if f.Public {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	} else {
		w.Header().Set("Cache-Control", "private, no-cache")
	}
	httpx.WriteFile(w, f.Body, f.ContentType, f.Size)
	return nil
}
