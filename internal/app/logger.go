package app

import (
	"io"
	"log/slog"

	"github.com/omnirent/omnirent/internal/platform/reqid"
)

// NewLogger builds the structured logger from configuration.
func NewLogger(w io.Writer, level, format string) *slog.Logger {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(level))
	opts := &slog.HandlerOptions{Level: lv}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if format == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	// Lines logged with a request's context (its jobs and their e-mails too) carry its id.
	return slog.New(reqid.Handler{Handler: h})
}
