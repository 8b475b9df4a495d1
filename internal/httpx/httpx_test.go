package httpx_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
)

type errBody struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

// The error writer logs 5xx through slog's default logger; keep test output quiet.
func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}

func decodeErr(t *testing.T, rec *httptest.ResponseRecorder) errBody {
	t.Helper()
	var b errBody
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatalf("body is not JSON: %q", rec.Body.String())
	}
	return b
}

func TestWriteErrorMapsKindToStatus(t *testing.T) {
	for _, tc := range []struct {
		kind   apperr.Kind
		status int
	}{
		{apperr.Invalid, http.StatusBadRequest},
		{apperr.NotFound, http.StatusNotFound},
		{apperr.Conflict, http.StatusConflict},
		{apperr.Unauthenticated, http.StatusUnauthorized},
		{apperr.Forbidden, http.StatusForbidden},
		{apperr.TooMany, http.StatusTooManyRequests},
		{apperr.TooLarge, http.StatusRequestEntityTooLarge},
		{apperr.Unavailable, http.StatusServiceUnavailable},
		{apperr.Internal, http.StatusInternalServerError},
		{apperr.Kind("something_new"), http.StatusInternalServerError},
	} {
		t.Run(string(tc.kind), func(t *testing.T) {
			rec := httptest.NewRecorder()
			httpx.WriteError(rec, httptest.NewRequest("GET", "/api/x", nil), apperr.New(tc.kind, "the_code", "The message."))
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("content type %q", ct)
			}
			b := decodeErr(t, rec)
			if b.Error.Code != "the_code" || b.Error.Message != "The message." {
				t.Fatalf("body %s", rec.Body)
			}
		})
	}
}

func TestWriteErrorShape(t *testing.T) {
	t.Run("fields", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.WriteError(rec, httptest.NewRequest("POST", "/", nil), apperr.Fields("Bad name.", map[string]string{"fullName": "Bad name."}))
		b := decodeErr(t, rec)
		if rec.Code != 400 || b.Error.Code != "invalid" || b.Error.Fields["fullName"] != "Bad name." {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("kind used when no code", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.WriteError(rec, httptest.NewRequest("GET", "/", nil), &apperr.Error{Kind: apperr.Conflict, Message: "x"})
		if b := decodeErr(t, rec); b.Error.Code != "conflict" {
			t.Fatalf("code %q", b.Error.Code)
		}
	})
	t.Run("wrapped apperr keeps its kind", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.WriteError(rec, httptest.NewRequest("GET", "/", nil), fmt.Errorf("context: %w", apperr.New(apperr.Forbidden, "forbidden", "No.")))
		if rec.Code != http.StatusForbidden {
			t.Fatalf("status %d", rec.Code)
		}
	})
	t.Run("plain error is a 500 without detail", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.WriteError(rec, httptest.NewRequest("GET", "/", nil), errors.New("pq: password authentication failed for user secret"))
		b := decodeErr(t, rec)
		if rec.Code != 500 || b.Error.Code != "internal" || strings.Contains(rec.Body.String(), "secret") {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if b.Error.Message != "An error was encountered, please contact us if problem persists." {
			t.Fatalf("message %q", b.Error.Message)
		}
	})
	t.Run("internal apperr hides the wrapped cause", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.WriteError(rec, httptest.NewRequest("GET", "/", nil), apperr.Wrap(errors.New("disk /var/secret full"), "save"))
		if rec.Code != 500 || strings.Contains(rec.Body.String(), "secret") {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
}

func TestHandleWritesReturnedError(t *testing.T) {
	h := httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.New(apperr.NotFound, "not_found", "Not found.")
	})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/nope", nil))
	if rec.Code != 404 || decodeErr(t, rec).Error.Code != "not_found" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	ok := httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		return httpx.WriteJSON(w, http.StatusCreated, map[string]string{"a": "b"})
	})
	rec = httptest.NewRecorder()
	ok.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 201 || rec.Header().Get("Cache-Control") != "no-store" || strings.TrimSpace(rec.Body.String()) != `{"a":"b"}` {
		t.Fatalf("%d %q %s", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
	}
	// A handler may choose caching for its answer, but never for an error.
	public := httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "public, max-age=60")
		if r.URL.Query().Get("fail") != "" {
			return apperr.New(apperr.NotFound, "not_found", "gone")
		}
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"a": "b"})
	})
	for path, want := range map[string]string{"/": "public, max-age=60", "/?fail=1": "no-store"} {
		rec = httptest.NewRecorder()
		public.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if got := rec.Header().Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
	}
}

func decodeInto(body, contentType string, limit int64) error {
	r := httptest.NewRequest("POST", "/", strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	if limit > 0 {
		r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, limit)
	}
	var v struct {
		Name string `json:"name"`
	}
	return httpx.DecodeJSON(r, &v)
}

func TestDecodeJSON(t *testing.T) {
	for _, tc := range []struct {
		name, body, ct string
		limit          int64
		code           string
	}{
		{"valid", `{"name":"a"}`, "application/json", 0, ""},
		{"valid with charset", `{"name":"a"}`, "application/json; charset=utf-8", 0, ""},
		{"no content type", `{"name":"a"}`, "", 0, ""},
		{"malformed", `{"name":`, "application/json", 0, "invalid_json"},
		{"not an object", `[1,2]`, "application/json", 0, "invalid_json"},
		{"wrong type", `{"name":5}`, "application/json", 0, "invalid_json"},
		{"empty", ``, "application/json", 0, "invalid_json"},
		{"unknown field", `{"name":"a","role":"Admin"}`, "application/json", 0, "invalid_json"},
		{"form post", `name=a`, "application/x-www-form-urlencoded", 0, "invalid_json"},
		{"text/plain (CORS-simple)", `{"name":"a"}`, "text/plain", 0, "invalid_json"},
		{"too large", `{"name":"` + strings.Repeat("x", 100) + `"}`, "application/json", 50, "too_large"},
		{"exactly at the limit", `{"name":"` + strings.Repeat("x", 39) + `"}`, "application/json", 50, ""},
		{"trailing white space", "{\"name\":\"a\"} \r\n\t ", "application/json", 0, ""},
		{"second object", `{"name":"a"}{"name":"b"}`, "application/json", 0, "invalid_json"},
		{"second object after a newline", "{\"name\":\"a\"}\n{\"role\":\"Admin\"}", "application/json", 0, "invalid_json"},
		{"trailing garbage", `{"name":"a"} x`, "application/json", 0, "invalid_json"},
		{"trailing number", `{"name":"a"}1`, "application/json", 0, "invalid_json"},
		{"trailing close brace", `{"name":"a"}}`, "application/json", 0, "invalid_json"},
		{"valid object then over the limit", `{"name":"a"}` + strings.Repeat(" ", 60), "application/json", 50, "too_large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := decodeInto(tc.body, tc.ct, tc.limit)
			if tc.code == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			want := apperr.Invalid
			if tc.code == "too_large" {
				want = apperr.TooLarge // 413, not 400
			}
			if apperr.KindOf(err) != want || apperr.CodeOf(err) != tc.code {
				t.Fatalf("got %v (code %q), want %s %q", err, apperr.CodeOf(err), want, tc.code)
			}
			if tc.name == "second object" && !strings.Contains(err.Error(), httpx.MsgTrailingData) {
				t.Fatalf("message %v, want %q", err, httpx.MsgTrailingData)
			}
		})
	}
}

func TestWithRecoverTurnsPanicInto500JSON(t *testing.T) {
	h := httpx.Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom: secret detail") }),
		httpx.WithRequestID, httpx.WithRecover)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", rec.Code)
	}
	b := decodeErr(t, rec)
	if b.Error.Code != "internal" || strings.Contains(rec.Body.String(), "boom") {
		t.Fatalf("body %s", rec.Body)
	}
	if rec.Header().Get("X-Request-Id") == "" {
		t.Fatal("no request id on the 500")
	}
}

func TestWithRecoverLetsAbortHandlerThrough(t *testing.T) {
	h := httpx.WithRecover(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic(http.ErrAbortHandler) }))
	defer func() {
		if v := recover(); v != http.ErrAbortHandler {
			t.Fatalf("recovered %v, want http.ErrAbortHandler re-panicked", v)
		}
	}()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	t.Fatal("ErrAbortHandler was swallowed")
}

func TestWithRecoverPassesNormalResponses(t *testing.T) {
	h := httpx.WithRecover(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusTeapot {
		t.Fatalf("status %d", rec.Code)
	}
}

func TestWithRequestID(t *testing.T) {
	var seen string
	h := httpx.WithRequestID(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = httpx.RequestID(r.Context()) }))
	for _, tc := range []struct {
		name, in string
		keep     bool
	}{
		{"none", "", false},
		{"sane from proxy", "abc-123", true},
		{"too long", strings.Repeat("a", 65), false},
		{"with space", "a b", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			if tc.in != "" {
				r.Header.Set("X-Request-Id", tc.in)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			got := rec.Header().Get("X-Request-Id")
			if got == "" || got != seen {
				t.Fatalf("header %q, context %q", got, seen)
			}
			if tc.keep != (got == tc.in) {
				t.Fatalf("incoming %q, response %q", tc.in, got)
			}
		})
	}
	// Generated ids differ.
	a, b := httptest.NewRecorder(), httptest.NewRecorder()
	h.ServeHTTP(a, httptest.NewRequest("GET", "/", nil))
	h.ServeHTTP(b, httptest.NewRequest("GET", "/", nil))
	if a.Header().Get("X-Request-Id") == b.Header().Get("X-Request-Id") {
		t.Fatal("two requests got the same id")
	}
}

func TestWithClientIP(t *testing.T) {
	var seen string
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = httpx.ClientIP(r.Context()) })
	for _, tc := range []struct {
		name  string
		trust bool
		xff   string
		want  string
	}{
		{"remote address", false, "", "192.0.2.10"},
		{"forwarded header ignored without trust", false, "203.0.113.5", "192.0.2.10"},
		{"forwarded header used behind trusted proxy", true, "203.0.113.5", "203.0.113.5"},
		{"only the entry the proxy appended counts", true, "198.51.100.66, 203.0.113.5", "203.0.113.5"},
		{"an empty last entry falls back to the peer", true, "203.0.113.5, ", "192.0.2.10"},
		{"trusted proxy without header", true, "", "192.0.2.10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = "192.0.2.10:5555"
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			httpx.WithClientIP(tc.trust)(next).ServeHTTP(httptest.NewRecorder(), r)
			if seen != tc.want {
				t.Fatalf("client ip %q, want %q", seen, tc.want)
			}
		})
	}
}

// The object store's origin reaches img-src and connect-src, so pages show
// files the server redirects to (an http endpoint is not covered by
// https:); with nothing to add the policy is left as it is.
func TestWithCSPSources(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	get := func(add map[string][]string) string {
		rec := httptest.NewRecorder()
		httpx.Chain(next, httpx.WithSecurityHeaders(false), httpx.WithCSPSources(add)).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		return rec.Header().Get("Content-Security-Policy")
	}
	plain := get(nil)
	if got := get(map[string][]string{"img-src": nil}); got != plain {
		t.Errorf("nothing to add changed the policy: %q", got)
	}
	got := get(map[string][]string{"img-src": {"http://127.0.0.1:9000"}, "connect-src": {"http://127.0.0.1:9000"}})
	for _, want := range []string{"img-src 'self' data: blob: https: http://127.0.0.1:9000", "connect-src 'self' http://127.0.0.1:9000", "default-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(got, want) {
			t.Errorf("CSP %q lacks %q", got, want)
		}
	}
}

func TestWithSecurityHeaders(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	for _, tls := range []bool{false, true} {
		rec := httptest.NewRecorder()
		httpx.WithSecurityHeaders(tls)(next).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		h := rec.Header()
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "default-src 'self'") ||
			!strings.Contains(csp, "object-src 'none'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("CSP %q", csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("headers %v", h)
		}
		if hsts := h.Get("Strict-Transport-Security"); (hsts != "") != tls {
			t.Errorf("tls=%v: HSTS %q", tls, hsts)
		}
	}
}

func TestWithBodyLimit(t *testing.T) {
	uploads := func(r *http.Request) int64 {
		if r.URL.Path == "/upload" {
			return 64
		}
		return 0
	}
	h := httpx.WithBodyLimit(16, uploads)(httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		var v map[string]any
		if err := httpx.DecodeJSON(r, &v); err != nil {
			return err
		}
		return httpx.WriteJSON(w, 200, v)
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", strings.NewReader(`{"a":"`+strings.Repeat("x", 32)+`"}`)))
	if rec.Code != http.StatusRequestEntityTooLarge || decodeErr(t, rec).Error.Code != "too_large" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", strings.NewReader(`{"a":"b"}`)))
	if rec.Code != 200 {
		t.Fatalf("small body: %d %s", rec.Code, rec.Body)
	}
	// The larger cap applies only where it is given, and still caps.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/upload", strings.NewReader(`{"a":"`+strings.Repeat("x", 32)+`"}`)))
	if rec.Code != 200 {
		t.Fatalf("upload route under its cap: %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/upload", strings.NewReader(`{"a":"`+strings.Repeat("x", 80)+`"}`)))
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("upload route over its cap: %d %s", rec.Code, rec.Body)
	}
}

func TestWithCSRFProtection(t *testing.T) {
	h := httpx.WithCSRFProtection(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	for _, tc := range []struct {
		name, method string
		headers      map[string]string
		want         int
	}{
		{"same-origin fetch", "POST", map[string]string{"Sec-Fetch-Site": "same-origin"}, 204},
		{"typed address (none)", "POST", map[string]string{"Sec-Fetch-Site": "none"}, 204},
		{"cross-site fetch", "POST", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site other subdomain", "POST", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"cross-site PATCH", "PATCH", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"cross-site DELETE", "DELETE", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"old browser, other origin", "POST", map[string]string{"Origin": "https://evil.example"}, 403},
		{"old browser, same origin", "POST", map[string]string{"Origin": "http://omnirent.test"}, 204},
		{"no browser headers (curl)", "POST", nil, 204},
		{"cross-site GET", "GET", map[string]string{"Sec-Fetch-Site": "cross-site"}, 204},
		{"cross-site HEAD", "HEAD", map[string]string{"Sec-Fetch-Site": "cross-site"}, 204},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "http://omnirent.test/api/auth/login", nil)
			for k, v := range tc.headers {
				r.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != tc.want {
				t.Fatalf("status %d, want %d", rec.Code, tc.want)
			}
			if tc.want == 403 {
				if b := decodeErr(t, rec); b.Error.Code != "cross_origin" {
					t.Fatalf("body %s", rec.Body)
				}
			}
		})
	}
}

func TestChainOrder(t *testing.T) {
	var order []string
	mw := func(name string) func(http.Handler) http.Handler {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				order = append(order, name)
				next.ServeHTTP(w, r)
			})
		}
	}
	httpx.Chain(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { order = append(order, "handler") }), mw("a"), mw("b")).
		ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	if strings.Join(order, ",") != "a,b,handler" {
		t.Fatalf("order %v", order)
	}
}

// A request the client abandoned (a page left mid-request) is not logged as
// a server failure; a real internal error is.
func TestAbandonedRequestsAreNotErrors(t *testing.T) {
	var logs bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
	defer slog.SetDefault(old)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.Wrap(r.Context().Err(), "list things")
	})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/things", nil).WithContext(ctx))
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("an abandoned request was logged as an error: %s", logs.String())
	}
	// The client closed the connection while the answer was written.
	h = httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.Wrap(&net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.EPIPE)}, "write catalogue")
	})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/things", nil))
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a broken pipe was logged as an error: %s", logs.String())
	}
	h = httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.Wrap(errors.New("disk on fire"), "list things")
	})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/things", nil))
	if !strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a real failure was not logged: %s", logs.String())
	}
}

// A request the client abandoned (its context ended) is not logged as a
// server error even when the handler answered 500 for it; a real 500 is.
func TestAbandonedRequestsAreNotLoggedAsErrors(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	h := httpx.Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}), httpx.WithLogging(log))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/gone", nil).WithContext(ctx))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/broken", nil))
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"level":"INFO"`) || !strings.Contains(lines[0], `"abandoned":true`) ||
		!strings.Contains(lines[1], `"level":"ERROR"`) || strings.Contains(lines[1], "abandoned") {
		t.Fatalf("log:\n%s", logs.String())
	}
}
