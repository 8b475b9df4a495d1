// Package httpx holds the HTTP plumbing every domain shares: the handler
// adapter that turns returned errors into one JSON error shape, JSON
// decoding with size limits, and the middleware chain.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
)

// HandlerFunc is an http handler that returns an error instead of writing it.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// statusOf is the one table from error kind to HTTP status.
var statusOf = map[apperr.Kind]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.Unauthenticated: http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.TooMany:         http.StatusTooManyRequests,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.Internal:        http.StatusInternalServerError,
}

// Handle adapts a HandlerFunc to http.Handler.
func Handle(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			WriteError(w, r, err)
		}
	})
}

type errorBody struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
	} `json:"error"`
}

// WriteError writes err as {"error":{code,message,fields}}. Internal errors
// are logged with the request id and shown to the user without detail.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		ae = apperr.Wrap(err, "unhandled").(*apperr.Error)
	}
	status := statusOf[ae.Kind]
	if status == 0 {
		status = http.StatusInternalServerError
	}
	switch {
	case r.Context().Err() != nil && errors.Is(err, r.Context().Err()),
		errors.Is(err, syscall.EPIPE), errors.Is(err, syscall.ECONNRESET):
		// The client went away (a page left mid-request, or closed the
		// connection while the answer was being written): nothing failed here.
		slog.DebugContext(r.Context(), "request abandoned by the client", "method", r.Method, "path", pathForLog(r), "request_id", RequestID(r.Context()))
	case ae.Kind == apperr.Unavailable:
		slog.WarnContext(r.Context(), "request refused for now", "method", r.Method, "path", pathForLog(r), "request_id", RequestID(r.Context()), "err", err)
	case status >= 500:
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", pathForLog(r), "request_id", RequestID(r.Context()), "err", err)
	}
	var body errorBody
	body.Error.Code = ae.Code
	if body.Error.Code == "" {
		body.Error.Code = string(ae.Kind)
	}
	body.Error.Message = ae.Message
	body.Error.Fields = ae.Fields
	if ae.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.FormatInt(int64((ae.RetryAfter+time.Second-1)/time.Second), 10))
	}
	w.Header().Set("Cache-Control", "no-store") // an error is never cached, whatever the handler meant for success
	WriteJSON(w, status, body)
}

// WriteJSON writes v as JSON with status. Answers are not cached unless the
// handler chose a Cache-Control of its own (public headlines, blog posts).
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// Messages of DecodeJSON's refusals.
const (
	MsgNotJSON      = "Requests must be sent as JSON."
	MsgEmptyBody    = "The request body is empty."
	MsgBadJSON      = "The request could not be read."
	MsgTrailingData = "The request has more after its JSON object."
	MsgTooLarge     = "The request is too large."
)

// DecodeJSON reads a JSON body into v. The body size is already capped by
// the LimitBody middleware (over it: 413 too_large); unknown fields are
// refused so typos surface, and so is anything but white space after the
// value, so two concatenated objects are not half-read.
func DecodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return apperr.New(apperr.Invalid, "invalid_json", MsgNotJSON)
	}
	if r.Body == nil {
		return apperr.New(apperr.Invalid, "invalid_json", MsgEmptyBody)
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if tooLarge(err) {
			return apperr.New(apperr.TooLarge, "too_large", MsgTooLarge)
		}
		if errors.Is(err, io.EOF) {
			return apperr.New(apperr.Invalid, "invalid_json", MsgEmptyBody)
		}
		return apperr.New(apperr.Invalid, "invalid_json", MsgBadJSON)
	}
	// Whatever follows the value must be white space up to the end of the
	// body; reading to the end also finds a body over the cap.
	var extra json.RawMessage
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
		return nil
	case tooLarge(err):
		return apperr.New(apperr.TooLarge, "too_large", MsgTooLarge)
	default:
		return apperr.New(apperr.Invalid, "invalid_json", MsgTrailingData)
	}
}

func tooLarge(err error) bool {
	_, ok := errors.AsType[*http.MaxBytesError](err)
	return ok
}
