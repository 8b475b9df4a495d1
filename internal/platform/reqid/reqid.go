// Package reqid carries the id of the request that caused some work through
// a context: the HTTP middleware sets it, the job queue stores it with each
// job enqueued during the request and gives it back to the job's handler,
// and the logger (Handler) adds it to every line logged with that context,
// so one id links a request to the jobs and e-mails it caused.
package reqid

import (
	"context"
	"log/slog"
)

type key struct{}

// With returns ctx carrying id ("" leaves ctx as it is).
func With(ctx context.Context, id string) context.Context {
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, key{}, id)
}

// From returns the id ctx carries, or "".
func From(ctx context.Context) string {
	id, _ := ctx.Value(key{}).(string)
	return id
}

// Attr is the name of the log attribute.
const Attr = "request_id"

// Handler adds request_id to each record logged with a context that carries
// one (unless the record already has it).
type Handler struct{ slog.Handler }

func (h Handler) Handle(ctx context.Context, r slog.Record) error {
	if id := From(ctx); id != "" {
		has := false
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == Attr {
				has = true
				return false
			}
			return true
		})
		if !has {
			r.AddAttrs(slog.String(Attr, id))
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h Handler) WithAttrs(as []slog.Attr) slog.Handler { return Handler{h.Handler.WithAttrs(as)} }
func (h Handler) WithGroup(name string) slog.Handler    { return Handler{h.Handler.WithGroup(name)} }
