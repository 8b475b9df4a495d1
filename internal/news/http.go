package news

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the public headlines (no sign-in).
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/news", httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		v := View(r.URL.Query().Get("view"))
		if v == "" {
			v = UK
		}
		if v != UK && v != World {
			return apperr.New(apperr.Invalid, "invalid", "view must be uk or world")
		}
		list, err := h.svc.Headlines(r.Context(), v)
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "public, max-age=300")
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"view": v, "articles": list})
	}))
}
