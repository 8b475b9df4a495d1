// Package spa serves the embedded React app: real files with the right
// caching, and index.html for every other path so client routes work on reload.
package spa

import (
	"bytes"
	"cmp"
	"html"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Meta describes a page to search engines and link previews. The server
// fills it into index.html for pages that have their own (a blog post, a
// listing), because crawlers and chat apps do not run the React app.
type Meta struct {
	Title, Description string
	URL                string // canonical, absolute
	Image              string // absolute
	Type               string // og:type: website, article
	Status             int    // HTTP status of the page; 0 means 200
}

// MetaFunc gives a page's Meta, or false when the default head stands.
type MetaFunc func(r *http.Request) (Meta, bool)

// Handler serves files from dist. Hashed assets under /assets/ are cached
// for a year as immutable; index.html is never cached, so a deploy is seen
// at once. meta, when not nil, may describe the page being served.
func Handler(dist fs.FS, meta MetaFunc) http.Handler {
	index, indexErr := fs.ReadFile(dist, "index.html")
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p != "" && p != "index.html" {
			if st, err := fs.Stat(dist, p); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(p, "assets/") {
				http.NotFound(w, r) // a missing hashed asset must not become index.html
				return
			}
		}
		if indexErr != nil {
			http.Error(w, "The web app is not built. Run `make build` (or `make run`).", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if meta != nil {
			if m, ok := meta(r); ok {
				page := withMeta(index, m)
				w.Header().Set("Content-Length", strconv.Itoa(len(page)))
				w.WriteHeader(cmp.Or(m.Status, http.StatusOK))
				if r.Method != http.MethodHead {
					_, _ = w.Write(page)
				}
				return
			}
		}
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}

var (
	titleRE       = regexp.MustCompile(`(?s)<title>.*?</title>`)
	descriptionRE = regexp.MustCompile(`(?s)<meta name="description"[^>]*>`)
)

// withMeta writes m into the page's head: title, description, canonical
// link and the Open Graph and Twitter card tags.
func withMeta(index []byte, m Meta) []byte {
	esc := html.EscapeString
	page := titleRE.ReplaceAll(index, []byte("<title>"+esc(m.Title)+"</title>"))
	page = descriptionRE.ReplaceAll(page, []byte(`<meta name="description" content="`+esc(m.Description)+`" />`))
	var tags strings.Builder
	tag := func(attr, name, content string) {
		if content != "" {
			tags.WriteString(`<meta ` + attr + `="` + name + `" content="` + esc(content) + `" />`)
		}
	}
	tag("property", "og:site_name", "OmniRent")
	tag("property", "og:title", m.Title)
	tag("property", "og:description", m.Description)
	tag("property", "og:type", cmp.Or(m.Type, "website"))
	tag("property", "og:url", m.URL)
	tag("property", "og:image", m.Image)
	card := "summary"
	if m.Image != "" {
		card = "summary_large_image"
	}
	tag("name", "twitter:card", card)
	if m.URL != "" {
		tags.WriteString(`<link rel="canonical" href="` + esc(m.URL) + `" />`)
	}
	return bytes.Replace(page, []byte("</head>"), []byte(tags.String()+"</head>"), 1)
}
