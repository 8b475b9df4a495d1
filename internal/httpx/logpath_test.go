package httpx_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/httpx"
)

// The access log wrote a calendar feed's secret address in full at INFO
// (issue 26): whoever read the logs could read the calendar. A route marked
// SecretPath is logged with its wildcard segments hidden, the query string
// is never logged, and other routes keep their paths.
func TestAccessLogHidesSecretPathSegments(t *testing.T) {
	mux := httpx.NewRouter()
	mux.Handle("GET /api/calendar/feed/{file}", httpx.SecretPath(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})))
	mux.Handle("GET /api/files/{rest...}", httpx.SecretPath(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})))
	mux.Handle("GET /api/calendar/events/{id}", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	mux.Handle("GET /api/boom/{token}", httpx.SecretPath(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") })))
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	prev := slog.Default()
	slog.SetDefault(log) // WithRecover logs through the default logger
	defer slog.SetDefault(prev)
	h := httpx.Chain(mux, httpx.WithRequestID, httpx.WithLogging(log), httpx.WithRecover)
	for path, want := range map[string]string{
		"/api/calendar/feed/S3cretFeedToken_abcdefghijklmnopqrstuvwxyz012345.ics?x=S3cretQuery": "path=/api/calendar/feed/[redacted] ",
		"/api/files/S3cretA/S3cretB":                   "path=/api/files/[redacted] ",
		"/api/calendar/events/e-123?token=S3cretQuery": "path=/api/calendar/events/e-123 ",
		"/api/boom/S3cretBoom":                         "path=/api/boom/[redacted] ",
	} {
		buf.Reset()
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
		line := buf.String()
		if !strings.Contains(line, want) || strings.Contains(line, "S3cret") {
			t.Errorf("%s logged as:\n%s", path, line)
		}
	}
}
