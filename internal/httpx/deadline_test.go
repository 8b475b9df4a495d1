package httpx_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
)

// A handler behind the logging middleware can move its connection's
// deadlines (a repair's video upload takes longer than the server's
// timeouts): the recorder lets http.ResponseController through.
func TestLoggingKeepsDeadlinesReachable(t *testing.T) {
	got := make(chan error, 1)
	h := httpx.Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- http.NewResponseController(w).SetReadDeadline(time.Now().Add(time.Minute))
	}), httpx.WithLogging(slog.New(slog.NewTextHandler(io.Discard, nil))))
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if err := <-got; err != nil {
		t.Fatalf("SetReadDeadline behind WithLogging: %v", err)
	}
}
