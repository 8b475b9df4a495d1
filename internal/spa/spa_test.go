package spa_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/omnirent/omnirent/internal/spa"
)

const indexHTML = "<!doctype html><title>OmniRent</title><div id=root></div>"

var dist = fstest.MapFS{
	"index.html":            {Data: []byte(indexHTML)},
	"assets/app-1a2b3c.js":  {Data: []byte("console.log('app')")},
	"assets/app-1a2b3c.css": {Data: []byte("body{}")},
	"favicon.svg":           {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

func get(h http.Handler, method, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	return rec
}

func TestClientRoutesServeIndexUncached(t *testing.T) {
	h := spa.Handler(dist, nil)
	for _, p := range []string{"/", "/index.html", "/dashboard", "/profile/edit", "/some/unknown", "/DetailPage", "/dashboard/", "/assets", "/favicon.svg/x"} {
		t.Run(p, func(t *testing.T) {
			rec := get(h, "GET", p)
			if rec.Code != http.StatusOK || rec.Body.String() != indexHTML {
				t.Fatalf("%d %q", rec.Code, rec.Body.String())
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control %q", cc)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Fatalf("Content-Type %q", ct)
			}
		})
	}
}

func TestHashedAssetsAreImmutable(t *testing.T) {
	h := spa.Handler(dist, nil)
	rec := get(h, "GET", "/assets/app-1a2b3c.js")
	if rec.Code != 200 || rec.Body.String() != "console.log('app')" {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Fatalf("Cache-Control %q", cc)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Fatalf("Content-Type %q", ct)
	}
	if ct := get(h, "GET", "/assets/app-1a2b3c.css").Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/css") {
		t.Fatalf("css Content-Type %q", ct)
	}
}

func TestOtherFilesAreCachedBriefly(t *testing.T) {
	rec := get(spa.Handler(dist, nil), "GET", "/favicon.svg")
	if rec.Code != 200 {
		t.Fatalf("%d", rec.Code)
	}
	if cc := rec.Header().Get("Cache-Control"); strings.Contains(cc, "immutable") || cc == "no-store" || cc == "" {
		t.Fatalf("Cache-Control %q", cc)
	}
}

func TestMissingAssetIs404NotIndex(t *testing.T) {
	h := spa.Handler(dist, nil)
	for _, p := range []string{"/assets/x.js", "/assets/app-old.css", "/assets/sub/dir.js"} {
		rec := get(h, "GET", p)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "<div id=root>") {
			t.Fatalf("%s: %d %q", p, rec.Code, rec.Body.String())
		}
	}
}

func TestPathTraversalStaysInDist(t *testing.T) {
	rec := get(spa.Handler(dist, nil), "GET", "/../../etc/passwd")
	if rec.Body.String() != indexHTML {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	h := spa.Handler(dist, nil)
	for _, m := range []string{"POST", "PUT", "PATCH", "DELETE"} {
		for _, p := range []string{"/", "/dashboard", "/assets/app-1a2b3c.js"} {
			rec := get(h, m, p)
			if rec.Code != http.StatusMethodNotAllowed {
				t.Fatalf("%s %s: %d", m, p, rec.Code)
			}
			if allow := rec.Header().Get("Allow"); !strings.Contains(allow, "GET") {
				t.Fatalf("Allow %q", allow)
			}
		}
	}
	rec := get(h, "HEAD", "/dashboard")
	if rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("HEAD: %d %v", rec.Code, rec.Header())
	}
}

func TestUnbuiltAppExplainsItself(t *testing.T) {
	h := spa.Handler(fstest.MapFS{}, nil)
	rec := get(h, "GET", "/dashboard")
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "not built") {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
}

func TestMetaIsWrittenIntoThePage(t *testing.T) {
	page := []byte(`<!doctype html><html><head><title>OmniRent</title><meta name="description" content="default" /></head><body><div id=root></div></body></html>`)
	d := fstest.MapFS{"index.html": {Data: page}}
	h := spa.Handler(d, func(r *http.Request) (spa.Meta, bool) {
		switch r.URL.Path {
		case "/Blog/deposits":
			return spa.Meta{Title: `Deposits & "caps"`, Description: "Five <weeks>", URL: "https://omnirent.example/Blog/deposits",
				Image: "https://omnirent.example/i.jpg", Type: "article"}, true
		case "/Blog/nope":
			return spa.Meta{Title: "Page not found", Status: http.StatusNotFound}, true
		}
		return spa.Meta{}, false
	})
	rec := get(h, "GET", "/Blog/deposits")
	body := rec.Body.String()
	for _, want := range []string{
		`<title>Deposits &amp; &#34;caps&#34;</title>`,
		`<meta name="description" content="Five &lt;weeks&gt;" />`,
		`<meta property="og:title" content="Deposits &amp; &#34;caps&#34;" />`,
		`<meta property="og:type" content="article" />`,
		`<meta property="og:image" content="https://omnirent.example/i.jpg" />`,
		`<meta name="twitter:card" content="summary_large_image" />`,
		`<link rel="canonical" href="https://omnirent.example/Blog/deposits" />`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("missing %s in %s", want, body)
		}
	}
	if strings.Count(body, "<title>") != 1 || !strings.Contains(body, `<div id=root>`) || rec.Code != 200 {
		t.Errorf("page broken: %d %s", rec.Code, body)
	}
	if rec := get(h, "GET", "/Blog/nope"); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "<div id=root>") {
		t.Errorf("unknown post: %d", rec.Code)
	}
	if rec := get(h, "GET", "/about-us"); !strings.Contains(rec.Body.String(), "<title>OmniRent</title>") {
		t.Errorf("default head changed: %s", rec.Body.String())
	}
}
