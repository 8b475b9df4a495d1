package blog

import (
	"net/http"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the public blog and the admins' editor (Admin role checked
// on the server for every write).
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/blog/posts", httpx.Handle(h.list))
	mux.Handle("GET /api/blog/posts/{slug}", httpx.Handle(h.read))
	mux.Handle("GET /api/blog/images/{size}/{name}", httpx.Handle(session.Optional(h.image)))

	mux.Handle("GET /api/admin/blog/posts", httpx.Handle(session.RequireAdmin(h.adminList)))
	mux.Handle("POST /api/admin/blog/posts", httpx.Handle(session.RequireAdmin(h.create)))
	mux.Handle("GET /api/admin/blog/posts/{id}", httpx.Handle(session.RequireAdmin(h.adminGet)))
	mux.Handle("PUT /api/admin/blog/posts/{id}", httpx.Handle(session.RequireAdmin(h.update)))
	mux.Handle("DELETE /api/admin/blog/posts/{id}", httpx.Handle(session.RequireAdmin(h.delete)))
	mux.Handle("POST /api/admin/blog/images", httpx.Handle(session.RequireAdmin(h.upload)))
	mux.Handle("POST /api/admin/blog/preview", httpx.Handle(session.RequireAdmin(h.preview)))
}

// UploadBodyLimit lets an admin's image upload carry one 5 MB file.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && r.URL.Path == "/api/admin/blog/images" {
		return imaging.DefaultMaxBytes + 64<<10
	}
	return 0
}

// public strips what only admins need.
func public(p Post, withHTML bool) Post {
	p.Body = ""
	if !withHTML {
		p.HTML = ""
	}
	return p
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	posts, err := h.svc.Published(r.Context(), 100)
	if err != nil {
		return err
	}
	for i := range posts {
		posts[i] = public(posts[i], false)
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"posts": posts})
}

func (h *Handler) read(w http.ResponseWriter, r *http.Request) error {
	p, err := h.svc.BySlug(r.Context(), r.PathValue("slug"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"post": public(p, true)})
}

func (h *Handler) image(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	admin := a.IsAdmin()
	f, err := h.svc.OpenImage(r.Context(), a, r.PathValue("size"), r.PathValue("name"))
	if err != nil {
		return err
	}
	// The admin may be looking at a draft's image: kept out of shared caches.
	cache := "public, max-age=31536000, immutable"
	if admin {
		cache = "private, no-store"
	}
	if f.RedirectURL != "" {
		if !admin {
			cache = "public, max-age=300"
		}
		w.Header().Set("Cache-Control", cache)
		http.Redirect(w, r, f.RedirectURL, http.StatusFound)
		return nil
	}
	defer f.Body.Close()
	// Names are random and never reused: the file behind one never changes.
	w.Header().Set("Cache-Control", cache)
	httpx.WriteFile(w, f.Body, f.ContentType, f.Size)
	return nil
}

func (h *Handler) adminList(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	posts, err := h.svc.All(r.Context(), a)
	if err != nil {
		return err
	}
	for i := range posts {
		posts[i].HTML = ""
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"posts": posts})
}

func (h *Handler) adminGet(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	p, err := h.svc.Get(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"post": p})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	p, err := h.svc.Create(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"post": p})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	p, err := h.svc.Update(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"post": p})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// upload takes one image in the multipart field "file".
func (h *Handler) upload(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	file, err := httpx.UploadedFile(r, "file", MsgNoFile, MsgTooLarge)
	if err != nil {
		return err
	}
	im, err := h.svc.UploadImage(r.Context(), a, file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"image": im})
}

// preview renders Markdown exactly as a saved post would be.
func (h *Handler) preview(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Body string `json:"body"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if len(in.Body) > maxBody {
		return apperr.New(apperr.Invalid, "too_long", MsgTooLong)
	}
	html, err := Render(strings.TrimSpace(in.Body))
	if err != nil {
		return apperr.Wrap(err, "render markdown")
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"html": html})
}
