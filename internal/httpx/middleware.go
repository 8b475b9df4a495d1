package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/reqid"
)

type ctxKey int

const (
	clientIPKey ctxKey = iota
	logPathKey
)

// logPath is the path the access log writes for a request: its own, or
// with its secret segments hidden (SecretPath).
type logPath struct{ path string }

// Redacted is what the access log writes in place of a secret.
const Redacted = "[redacted]"

// SecretPath marks a route whose wildcard segments are secrets (a calendar
// feed's token is its address): the access log and the panic log write
// each of them as [redacted]. The query string is never logged.
func SecretPath(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if lp, ok := r.Context().Value(logPathKey).(*logPath); ok {
			lp.path = redactPath(r.Pattern, r.URL.Path)
		}
		next.ServeHTTP(w, r)
	})
}

// redactPath hides the segments of path that pattern ("GET /a/{b}") has
// wildcards for; without a pattern every segment after /api/x/ is hidden.
func redactPath(pattern, path string) string {
	if i := strings.IndexByte(pattern, ' '); i >= 0 {
		pattern = pattern[i+1:]
	}
	pat, segs := strings.Split(pattern, "/"), strings.Split(path, "/")
	for i := range segs {
		switch {
		case pattern == "" && i > 2:
			segs[i] = Redacted
		case i < len(pat) && strings.HasPrefix(pat[i], "{"):
			if strings.HasSuffix(pat[i], "...}") {
				segs = append(segs[:i], Redacted)
				return strings.Join(segs, "/")
			}
			segs[i] = Redacted
		}
	}
	return strings.Join(segs, "/")
}

// pathForLog is the request's path as the logs may show it.
func pathForLog(r *http.Request) string {
	if lp, ok := r.Context().Value(logPathKey).(*logPath); ok && lp.path != "" {
		return lp.path
	}
	return r.URL.Path
}

// RequestID returns the id given to the request by the RequestID middleware.
func RequestID(ctx context.Context) string { return reqid.From(ctx) }

// ClientIP returns the caller's address as decided by the ClientIP middleware.
func ClientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey).(string)
	return ip
}

// Chain applies middleware so the first listed runs first.
func Chain(h http.Handler, mw ...func(http.Handler) http.Handler) http.Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// WithRequestID tags each request with an id (kept from X-Request-Id when a
// proxy set a sane one) and echoes it in the response.
func WithRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if len(id) == 0 || len(id) > 64 || strings.ContainsAny(id, " \r\n") {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(reqid.With(r.Context(), id)))
	})
}

// WithClientIP records the caller's address; X-Forwarded-For is believed only
// behind a trusted proxy, or anyone could dodge the sign-in throttle. Even
// then only its last entry is: that is the one our proxy appended (the
// address it saw); anything before it came from the client and could be
// made up to pass for another address.
func WithClientIP(trustProxy bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ip, _, err := net.SplitHostPort(r.RemoteAddr)
			if err != nil {
				ip = r.RemoteAddr
			}
			if trustProxy {
				if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
					parts := strings.Split(xff, ",")
					if last := strings.TrimSpace(parts[len(parts)-1]); last != "" {
						ip = last
					}
				}
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientIPKey, ip)))
		})
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection (a long
// upload's read deadline, a flush).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// WithLogging writes one structured line per request.
func WithLogging(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w}
			r = r.WithContext(context.WithValue(r.Context(), logPathKey, &logPath{}))
			next.ServeHTTP(rec, r)
			level := slog.LevelInfo
			abandoned := r.Context().Err() != nil // the client went away (a page left, a search typed over)
			if rec.status >= 500 && !abandoned {
				level = slog.LevelError
			} else if !strings.HasPrefix(r.URL.Path, "/api/") {
				level = slog.LevelDebug // static assets would drown the log
			}
			if !log.Enabled(r.Context(), level) {
				return // nothing built for a line that would not be written
			}
			attrs := []any{"method", r.Method, "path", pathForLog(r), "status", rec.status,
				"bytes", rec.bytes, "dur_ms", time.Since(start).Milliseconds(), "request_id", RequestID(r.Context()), "ip", ClientIP(r.Context())}
			if abandoned {
				attrs = append(attrs, "abandoned", true)
			}
			log.Log(r.Context(), level, "http", attrs...)
		})
	}
}

// WithRecover turns a panic into a 500 with the usual error body.
func WithRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.ErrorContext(r.Context(), "panic", "value", v, "path", pathForLog(r), "request_id", RequestID(r.Context()))
				WriteError(w, r, apperr.New(apperr.Internal, "internal", "An error was encountered, please contact us if problem persists."))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// WithSecurityHeaders sets the headers every response carries. The CSP
// allows only our own scripts; images may come from https sources (news
// feeds, map tiles) and data: URLs.
func WithSecurityHeaders(tls bool) func(http.Handler) http.Handler {
	const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
		"font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			// The site itself may ask for the camera and the position (an
			// inventory report's photos and its time and location stamps);
			// no embedded page may, and nothing may use the microphone.
			h.Set("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			if tls {
				h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
			}
			next.ServeHTTP(w, r)
		})
	}
}

// WithCSPSources adds sources to directives of the Content-Security-Policy
// set before it (WithSecurityHeaders): a card provider's script and frames,
// the object store that serves uploaded files.
func WithCSPSources(add map[string][]string) func(http.Handler) http.Handler {
	some := false
	for _, sources := range add {
		some = some || len(sources) > 0
	}
	return func(next http.Handler) http.Handler {
		if !some {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if csp := w.Header().Get("Content-Security-Policy"); csp != "" {
				w.Header().Set("Content-Security-Policy", AddCSPSources(csp, add))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// AddCSPSources appends sources to directives of a policy. A directive the
// policy lacks starts from default-src's sources, which it used to inherit.
func AddCSPSources(policy string, add map[string][]string) string {
	var names []string
	values := map[string]string{}
	for _, d := range strings.Split(policy, ";") {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		name, value, _ := strings.Cut(d, " ")
		names = append(names, name)
		values[name] = strings.TrimSpace(value)
	}
	for _, name := range []string{"script-src", "img-src", "frame-src", "connect-src"} { // fixed order: a stable header
		sources, ok := add[name]
		if !ok {
			continue
		}
		if _, has := values[name]; !has {
			names = append(names, name)
			values[name] = values["default-src"]
		}
		values[name] = strings.TrimSpace(values[name] + " " + strings.Join(sources, " "))
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = strings.TrimSpace(n + " " + values[n])
	}
	return strings.Join(parts, "; ")
}

// WithBodyLimit caps request bodies at n bytes; larger ones fail while being
// read. larger, when not nil, may give a higher cap for a request (uploads).
func WithBodyLimit(n int64, larger func(*http.Request) int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil {
				limit := n
				if larger != nil {
					limit = max(limit, larger(r))
				}
				r.Body = http.MaxBytesReader(w, r.Body, limit)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// WithCSRFProtection refuses state-changing requests sent by other sites,
// using the browser's Sec-Fetch-Site header and, for older browsers, Origin
// against Host (Go's net/http CrossOriginProtection). Together with SameSite
// session cookies this stops cross-site request forgery without tokens.
func WithCSRFProtection(next http.Handler) http.Handler {
	p := http.NewCrossOriginProtection()
	p.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, apperr.New(apperr.Forbidden, "cross_origin", "This request came from another site and was refused."))
	}))
	return p.Handler(next)
}

// WithCompression gzips responses (JavaScript, CSS, HTML, JSON) when the
// browser accepts it; on a phone connection this cuts the app's first
// download to about a third. Small responses are sent as they are.
//
// API answers (/api/) are compressed at the fastest level: they are made
// for each request, and a page of listings compressed at the default level
// cost about as much CPU as the database query behind it (issue 29), for a
// few per cent fewer bytes. Files keep the default level.
func WithCompression(next http.Handler) http.Handler {
	files := gzhttp.GzipHandler(next)
	wrap, err := gzhttp.NewWrapper(gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		panic(err) // a constant, valid level
	}
	api := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			api.ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
