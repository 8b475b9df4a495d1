package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// raw sends a request with an exact body and exactly the given headers (no
// defaults), for what apptest.Client cannot express.
type rawResponse struct {
	Status int
	Header http.Header
	Body   string
}

func (r rawResponse) errorCode() string {
	var b struct {
		Error struct{ Code string } `json:"error"`
	}
	_ = json.Unmarshal([]byte(r.Body), &b)
	return b.Error.Code
}

func raw(t *testing.T, e *apptest.Env, method, path, body string, headers map[string]string) rawResponse {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.Server.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := e.Server.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return rawResponse{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

var jsonPost = map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}

func checkSecurityHeaders(t *testing.T, what string, h http.Header, https bool) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("%s: Content-Security-Policy %q", what, csp)
	}
	if h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options %q", what, h.Get("X-Content-Type-Options"))
	}
	if h.Get("Referrer-Policy") == "" {
		t.Errorf("%s: no Referrer-Policy", what)
	}
	if got := h.Get("Strict-Transport-Security"); (got != "") != https {
		t.Errorf("%s: Strict-Transport-Security %q on https=%v", what, got, https)
	}
	if h.Get("X-Request-Id") == "" {
		t.Errorf("%s: no X-Request-Id", what)
	}
	// The inventory pages stamp the inspector's position (issue 26): the
	// site itself may ask for it, camera too; no other site, no microphone.
	if pp := h.Get("Permissions-Policy"); !strings.Contains(pp, "geolocation=(self)") || !strings.Contains(pp, "camera=(self)") || !strings.Contains(pp, "microphone=()") {
		t.Errorf("%s: Permissions-Policy %q", what, pp)
	}
}

// Every kind of response carries the security headers and a request id.
func TestEveryResponseHasSecurityHeadersAndRequestID(t *testing.T) {
	t.Parallel()
	for _, https := range []bool{false, true} {
		name := "http"
		if https {
			name = "https"
		}
		t.Run(name, func(t *testing.T) {
			e := apptest.Start(t, dbtest.Open(t, db.SQLite), func(c *config.Config) {
				if https {
					c.BaseURL = "https://omnirent.example"
				}
			})
			for _, rq := range []struct {
				method, path, body string
				headers            map[string]string
				status             int
			}{
				{"GET", "/healthz", "", nil, 200},
				{"GET", "/api/site", "", nil, 200},
				{"GET", "/api/auth/me", "", nil, 401},
				{"POST", "/api/auth/login", `{"email":"a@example.com","password":"x"}`, jsonPost, 401},
				{"POST", "/api/auth/login", `{`, jsonPost, 400},
				{"GET", "/api/nope", "", nil, 404},
				{"POST", "/api/auth/login", `{}`, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403},
				{"GET", "/", "", nil, 200},
				{"GET", "/dashboard", "", nil, 200},
				{"GET", "/assets/app-1a2b3c.js", "", nil, 200},
				{"GET", "/assets/missing.js", "", nil, 404},
				{"POST", "/", "", nil, 405},
			} {
				r := raw(t, e, rq.method, rq.path, rq.body, rq.headers)
				what := rq.method + " " + rq.path
				if r.Status != rq.status {
					t.Errorf("%s: status %d, want %d (%s)", what, r.Status, rq.status, r.Body)
				}
				checkSecurityHeaders(t, what, r.Header, https)
			}
		})
	}
}

func TestRequestIDIsUniqueAndKeptFromProxy(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	a := raw(t, e, "GET", "/api/site", "", nil).Header.Get("X-Request-Id")
	b := raw(t, e, "GET", "/api/site", "", nil).Header.Get("X-Request-Id")
	if a == "" || a == b {
		t.Fatalf("ids %q %q", a, b)
	}
	if got := raw(t, e, "GET", "/api/site", "", map[string]string{"X-Request-Id": "lb-42"}).Header.Get("X-Request-Id"); got != "lb-42" {
		t.Fatalf("proxy id not kept: %q", got)
	}
}

func TestJSONBodyErrors(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.MaxBodyBytes = 256 })
		big := `{"email":"` + strings.Repeat("a", 300) + `@example.com","password":"x"}`
		for _, tc := range []struct {
			name, path, body string
			headers          map[string]string
			code             string
		}{
			{"over the body limit", "/api/auth/login", big, jsonPost, "too_large"},
			{"over the body limit on register", "/api/auth/register", big, jsonPost, "too_large"},
			{"trailing data", "/api/auth/login", `{"email":"a@example.com","password":"x"}{"email":"b@example.com"}`, jsonPost, "invalid_json"},
			{"trailing garbage", "/api/auth/login", `{"email":"a@example.com","password":"x"} junk`, jsonPost, "invalid_json"},
			{"malformed", "/api/auth/login", `{"email":`, jsonPost, "invalid_json"},
			{"not JSON at all", "/api/auth/login", `email=a&password=b`, jsonPost, "invalid_json"},
			{"empty body", "/api/auth/login", ``, jsonPost, "invalid_json"},
			{"unknown field", "/api/auth/login", `{"email":"a@example.com","password":"x","admin":true}`, jsonPost, "invalid_json"},
			{"form content type", "/api/auth/login", `{"email":"a@example.com","password":"x"}`, map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}, "invalid_json"},
		} {
			r := raw(t, e, "POST", tc.path, tc.body, tc.headers)
			want := http.StatusBadRequest
			if tc.code == "too_large" {
				want = http.StatusRequestEntityTooLarge
			}
			if r.Status != want || r.errorCode() != tc.code {
				t.Errorf("%s: %d %s, want %d %s", tc.name, r.Status, r.Body, want, tc.code)
			}
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%s: Content-Type %q", tc.name, r.Header.Get("Content-Type"))
			}
		}
		// Under the limit the same endpoint works normally.
		if r := raw(t, e, "POST", "/api/auth/login", `{"email":"a@example.com","password":"x"}`, jsonPost); r.Status != http.StatusUnauthorized {
			t.Fatalf("small body: %d %s", r.Status, r.Body)
		}
	})
}

func TestUnknownAPIPathIsJSON404(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	for _, rq := range [][2]string{{"GET", "/api/nope"}, {"GET", "/api/"}, {"POST", "/api/auth/nope"}, {"DELETE", "/api/account/x"}, {"GET", "/api/auth/me/extra"}} {
		r := raw(t, e, rq[0], rq[1], "", map[string]string{"Sec-Fetch-Site": "same-origin"})
		if r.Status != http.StatusNotFound || r.errorCode() != "not_found" || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: %d %q %s", rq[0], rq[1], r.Status, r.Header.Get("Content-Type"), r.Body)
		}
		if strings.Contains(r.Body, "<div id=root>") {
			t.Errorf("%s %s fell through to the web app", rq[0], rq[1])
		}
	}
}

func TestCrossSiteRequestsRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, nil)
		victim := e.SignedIn("ann@example.com", "Secret#123", "Tenant")
		login := `{"email":"ann@example.com","password":"Secret#123"}`
		for _, tc := range []struct {
			name    string
			method  string
			path    string
			body    string
			headers map[string]string
		}{
			{"cross-site fetch", "POST", "/api/auth/login", login, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}},
			{"same-site fetch from a sibling host", "POST", "/api/auth/login", login, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}},
			{"other origin, older browser", "POST", "/api/auth/login", login, map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}},
			{"cross-site form without JSON type", "POST", "/api/auth/register", "a=b", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site"}},
			{"cross-site PATCH", "PATCH", "/api/account", `{"fullName":"Mallory"}`, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}},
		} {
			r := raw(t, e, tc.method, tc.path, tc.body, tc.headers)
			if r.Status != http.StatusForbidden || r.errorCode() != "cross_origin" {
				t.Errorf("%s: %d %s, want 403 cross_origin", tc.name, r.Status, r.Body)
			}
		}
		// Same-origin passes (the same sign-in succeeds), with Sec-Fetch-Site or a matching Origin.
		if r := raw(t, e, "POST", "/api/auth/login", login, jsonPost); r.Status != http.StatusOK {
			t.Fatalf("same-origin sign-in: %d %s", r.Status, r.Body)
		}
		if r := raw(t, e, "POST", "/api/auth/login", login, map[string]string{"Content-Type": "application/json", "Origin": e.Server.URL}); r.Status != http.StatusOK {
			t.Fatalf("same-origin sign-in by Origin: %d %s", r.Status, r.Body)
		}
		// GET is never blocked.
		if r := raw(t, e, "GET", "/api/site", "", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}); r.Status != http.StatusOK {
			t.Fatalf("cross-site GET: %d %s", r.Status, r.Body)
		}
		// A forged cross-site request with the victim's cookie changes nothing.
		u, _ := url.Parse(e.Server.URL)
		var cookie string
		for _, c := range victim.HTTP.Jar.Cookies(u) {
			cookie = c.Name + "=" + c.Value
		}
		for _, path := range []string{"/api/auth/logout", "/api/account/password-code"} {
			r := raw(t, e, "POST", path, "", map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "cross-site"})
			if r.Status != http.StatusForbidden {
				t.Fatalf("cross-site %s: %d", path, r.Status)
			}
		}
		if r := victim.Get("/api/auth/me"); r.Status != http.StatusOK {
			t.Fatalf("cross-site logout ended the session: %d", r.Status)
		}
		if n := e.MailCount("ann@example.com"); n != 1 {
			t.Fatalf("cross-site request sent mail (%d e-mails)", n)
		}
	})
}

func TestSPAThroughTheServer(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	index := string(apptest.TestDist["index.html"].Data)
	for _, p := range []string{"/", "/dashboard", "/some/unknown", "/profile/list"} {
		r := raw(t, e, "GET", p, "", nil)
		if r.Status != 200 || r.Body != index || r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d %q %q", p, r.Status, r.Header.Get("Cache-Control"), r.Body)
		}
	}
	r := raw(t, e, "GET", "/assets/app-1a2b3c.js", "", nil)
	if r.Status != 200 || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q", r.Status, r.Header.Get("Cache-Control"))
	}
	r = raw(t, e, "GET", "/assets/x.js", "", nil)
	if r.Status != 404 || r.Body == index {
		t.Errorf("missing asset: %d %q", r.Status, r.Body)
	}
	if r := raw(t, e, "POST", "/", "", map[string]string{"Sec-Fetch-Site": "same-origin"}); r.Status != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", r.Status)
	}
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	r := raw(t, e, "GET", "/healthz", "", nil)
	if r.Status != 200 || !strings.Contains(r.Body, `"ok"`) {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
}
