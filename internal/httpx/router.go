package httpx

import "net/http"

// Router is a ServeMux that remembers its patterns, so a test can check the
// routes against api/openapi.yaml and the contract cannot drift.
type Router struct {
	*http.ServeMux
	patterns []string
}

func NewRouter() *Router { return &Router{ServeMux: http.NewServeMux()} }

func (r *Router) Handle(pattern string, h http.Handler) {
	r.patterns = append(r.patterns, pattern)
	r.ServeMux.Handle(pattern, h)
}

func (r *Router) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	r.Handle(pattern, http.HandlerFunc(h))
}

// Patterns lists every registered pattern, e.g. "POST /api/auth/login".
func (r *Router) Patterns() []string { return r.patterns }
