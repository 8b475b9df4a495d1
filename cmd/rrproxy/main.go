// Command rrproxy is the load balancer of the two-instance set-up
// (scripts/prod/up.sh): a reverse proxy that sends each request to the next
// backend in turn, so consecutive requests of one browser land on different
// instances. A backend that refuses the connection (stopped, killed) is
// skipped for that request. It appends the client's address to
// X-Forwarded-For as a real load balancer does. Not for production use.
//
//	rrproxy -listen 127.0.0.1:18180 -backends 127.0.0.1:18181,127.0.0.1:18182
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

type backendKey struct{}

// rotate is a RoundTripper that picks the next backend for each request
// and moves on to the following one when a backend refuses the connection.
type rotate struct {
	backends []string
	next     atomic.Uint64
	inner    http.RoundTripper
}

func (r *rotate) RoundTrip(req *http.Request) (*http.Response, error) {
	start := r.next.Add(1)
	var lastErr error
	for i := range len(r.backends) {
		backend := r.backends[(int(start)+i)%len(r.backends)]
		out := req.Clone(req.Context())
		out.URL.Host = backend
		if i > 0 {
			if req.Body != nil && req.GetBody == nil {
				break // the body may be partly sent: do not replay it
			}
			if req.GetBody != nil {
				b, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				out.Body = b
			}
		}
		res, err := r.inner.RoundTrip(out)
		if err == nil {
			res.Header.Set("X-Backend", backend)
			return res, nil
		}
		lastErr = err
		var op *net.OpError
		if !errors.As(err, &op) || op.Op != "dial" {
			return nil, err
		}
	}
	return nil, lastErr
}

func main() {
	listen := flag.String("listen", "127.0.0.1:18180", "address to listen on")
	list := flag.String("backends", "", "comma-separated host:port of the instances")
	flag.Parse()
	backends := strings.Split(*list, ",")
	if *list == "" || len(backends) == 0 {
		fmt.Fprintln(os.Stderr, "usage: rrproxy -listen ADDR -backends HOST:PORT,HOST:PORT")
		os.Exit(2)
	}
	rt := &rotate{backends: backends, inner: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 64, IdleConnTimeout: 60 * time.Second,
	}}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme = "http"
			pr.Out.URL.Host = backends[0] // replaced per request by rotate
			pr.Out.Host = pr.In.Host
			pr.SetXForwarded()
		},
		Transport:     rt,
		FlushInterval: -1,
	}
	srv := &http.Server{Addr: *listen, Handler: proxy, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	log.Printf("rrproxy on %s -> %s", *listen, strings.Join(backends, ", "))
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
