// Package apperr defines the error kinds every domain returns. One table in
// httpx turns a kind into an HTTP status, so services never think about HTTP.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind says what went wrong in terms a caller can act on.
type Kind string

const (
	Invalid         Kind = "invalid"
	NotFound        Kind = "not_found"
	Conflict        Kind = "conflict"
	Unauthenticated Kind = "unauthenticated"
	Forbidden       Kind = "forbidden"
	TooMany         Kind = "too_many_requests"
	TooLarge        Kind = "too_large"   // the request body is over its size limit (413)
	Unavailable     Kind = "unavailable" // busy for now; RetryAfter says when to try again (503)
	Internal        Kind = "internal"
)

// Error is a domain error. Code is a stable machine-readable reason the web
// app can branch on (for example "unconfirmed"); Message and Fields carry the
// spec's exact user-facing texts.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	Fields  map[string]string
	Err     error
	// RetryAfter, when positive, is sent as the Retry-After header (whole
	// seconds, rounded up) with TooMany and Unavailable answers.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Kind, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Kind, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// New makes an error of a kind with a user-facing message.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// Fields makes an Invalid error carrying per-field messages.
func Fields(message string, fields map[string]string) *Error {
	return &Error{Kind: Invalid, Code: "invalid", Message: message, Fields: fields}
}

// Wrap marks an unexpected error as Internal, keeping it for the logs.
func Wrap(err error, context string) error {
	if err == nil {
		return nil
	}
	var ae *Error
	if errors.As(err, &ae) {
		return err
	}
	return &Error{Kind: Internal, Code: "internal", Message: "An error was encountered, please contact us if problem persists.", Err: fmt.Errorf("%s: %w", context, err)}
}

// KindOf reports the kind of err; anything that is not an *Error is Internal.
func KindOf(err error) Kind {
	var ae *Error
	if errors.As(err, &ae) {
		return ae.Kind
	}
	return Internal
}

// CodeOf reports the code of err, or "" when it has none.
func CodeOf(err error) string {
	var ae *Error
	if errors.As(err, &ae) {
		return ae.Code
	}
	return ""
}

// IsNotFound is a convenience used by stores and services.
func IsNotFound(err error) bool { return KindOf(err) == NotFound }

// WithKind changes the kind and code of an error, keeping messages and fields.
func (e *Error) WithKind(kind Kind, code string) *Error {
	e.Kind, e.Code = kind, code
	return e
}
