// Command failover is the measuring half of scripts/prod/failover-test.sh:
// against the production shape (scripts/prod/up.sh) it sends a steady
// stream of GETs through the proxy (pages, the listings API, the site's
// settings), kills one instance with SIGKILL in the middle of it, and
// checks that
//
//   - every request answered 2xx, except at most those in flight at the
//     kill (sent before it, not answered yet);
//   - the other instance answered while the killed one was down;
//   - the killed instance came back: a new pid in its pid file, 200 from its
//     own /healthz, and the proxy sends it requests again.
//
// It prints what it measured and exits 1 when a check fails.
//
//	go run ./scripts/prod/failover -base http://127.0.0.1:18480 \
//	  -instance http://127.0.0.1:18481 -name a -pidfile .prod-18480/a.pid
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

var (
	base     = flag.String("base", "http://127.0.0.1:18480", "the site, through the proxy")
	instance = flag.String("instance", "http://127.0.0.1:18481", "the instance to kill, its own address")
	name     = flag.String("name", "a", "its server name at the proxy (the X-Backend header)")
	pidfile  = flag.String("pidfile", ".prod-18480/a.pid", "where its supervisor writes its pid")
	workers  = flag.Int("workers", 4, "requests in flight at once")
	pause    = flag.Duration("pause", 10*time.Millisecond, "each worker's pause between requests (a steady stream, not a flood)")
	before   = flag.Duration("before", 3*time.Second, "load before the kill")
	after    = flag.Duration("after", 2*time.Second, "load after the instance serves again")
	limit    = flag.Duration("limit", 40*time.Second, "longest wait for the instance to come back")
)

var paths = []string{"/", "/listing", "/api/listings", "/api/site"}

type result struct {
	path       string
	start, end time.Time
	status     int
	backend    string
	err        error
}

func (r result) ok() bool { return r.err == nil && r.status >= 200 && r.status < 300 }

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "failover:", err)
		os.Exit(1)
	}
}

func run() error {
	client := &http.Client{
		Timeout:   15 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: *workers},
	}
	var (
		mu      sync.Mutex
		results []result
	)
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for w := range *workers {
		wg.Go(func() {
			for i := w; ctx.Err() == nil; i++ {
				p := paths[i%len(paths)]
				r := result{path: p, start: time.Now()}
				res, err := client.Get(*base + p)
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					r.status, r.backend = res.StatusCode, res.Header.Get("X-Backend")
				}
				r.end, r.err = time.Now(), err
				mu.Lock()
				results = append(results, r)
				mu.Unlock()
				time.Sleep(*pause)
			}
		})
	}
	began := time.Now()
	time.Sleep(*before)

	oldPID, err := readPID()
	if err != nil {
		stop()
		wg.Wait()
		return err
	}
	killedAt := time.Now()
	if err := syscall.Kill(oldPID, syscall.SIGKILL); err != nil {
		stop()
		wg.Wait()
		return fmt.Errorf("kill -9 %d: %w", oldPID, err)
	}
	fmt.Printf("killed instance %s (pid %d) with SIGKILL %.1f s into the load\n", *name, oldPID, killedAt.Sub(began).Seconds())

	// Back: a new pid, its own /healthz, then requests through the proxy.
	var newPID int
	var healthyAt, servingAt time.Time
	deadline := killedAt.Add(*limit)
	for time.Now().Before(deadline) {
		if newPID == 0 {
			if p, err := readPID(); err == nil && p != oldPID && syscall.Kill(p, 0) == nil {
				newPID = p
			}
		}
		if newPID != 0 && healthyAt.IsZero() {
			if res, err := client.Get(*instance + "/healthz"); err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					healthyAt = time.Now()
				}
			}
		}
		if !healthyAt.IsZero() {
			mu.Lock()
			for _, r := range results {
				if r.backend == *name && r.start.After(healthyAt) && r.ok() {
					servingAt = r.end
					break
				}
			}
			mu.Unlock()
			if !servingAt.IsZero() {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !servingAt.IsZero() {
		time.Sleep(*after)
	}
	stop()
	wg.Wait()
	return check(results, began, killedAt, oldPID, newPID, healthyAt, servingAt)
}

func readPID() (int, error) {
	b, err := os.ReadFile(*pidfile)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(b)))
}

func check(results []result, began, killedAt time.Time, oldPID, newPID int, healthyAt, servingAt time.Time) error {
	var failures []string
	fail := func(format string, a ...any) { failures = append(failures, fmt.Sprintf(format, a...)) }

	var beforeKill, inFlight, afterKill, inFlightFailed, afterOK int
	var slowest time.Duration
	slow := 0 // answers after the kill that took 500 ms or more
	byBackend := map[string]int{}
	var lost []result
	for _, r := range results {
		switch {
		case r.end.Before(killedAt):
			beforeKill++
			if !r.ok() {
				lost = append(lost, r)
			}
		case r.start.Before(killedAt):
			inFlight++
			if !r.ok() {
				inFlightFailed++
			}
		default:
			afterKill++
			if r.ok() {
				afterOK++
				byBackend[r.backend]++
				slowest = max(slowest, r.end.Sub(r.start))
				if r.end.Sub(r.start) >= 500*time.Millisecond {
					slow++
				}
			} else {
				lost = append(lost, r)
			}
		}
	}
	fmt.Printf("requests: %d in %.1f s; %d answered before the kill, %d in flight at it (%d failed), %d sent after it (%d answered 2xx)\n",
		len(results), time.Since(began).Seconds(), beforeKill, inFlight, inFlightFailed, afterKill, afterOK)
	backends := make([]string, 0, len(byBackend))
	for b, n := range byBackend {
		backends = append(backends, fmt.Sprintf("%s %d", b, n))
	}
	slices.Sort(backends)
	fmt.Printf("after the kill, answered by: %s; slowest answer %d ms, %d took 500 ms or more\n", strings.Join(backends, ", "), slowest.Milliseconds(), slow)
	for i, r := range lost {
		if i == 10 {
			fmt.Printf("  ... and %d more\n", len(lost)-10)
			break
		}
		fmt.Printf("  lost: GET %s at +%.3f s (kill at +%.3f s): status %d, backend %q, %v\n",
			r.path, r.start.Sub(began).Seconds(), killedAt.Sub(began).Seconds(), r.status, r.backend, r.err)
	}
	if len(lost) > 0 {
		fail("%d requests failed outside the kill's moment", len(lost))
	}
	if beforeKill == 0 || afterKill == 0 {
		fail("no load before or after the kill")
	}
	if len(results) > 0 && !slices.ContainsFunc(results, func(r result) bool { return r.backend != *name && r.start.After(killedAt) && r.ok() }) {
		fail("the other instance answered nothing after the kill")
	}
	switch {
	case newPID == 0:
		fail("instance %s was not started again (its pid file still says %d)", *name, oldPID)
	case healthyAt.IsZero():
		fail("instance %s (new pid %d) does not answer its /healthz", *name, newPID)
	case servingAt.IsZero():
		fail("instance %s answers its /healthz but the proxy sends it nothing", *name)
	default:
		fmt.Printf("instance %s: pid %d -> %d; its /healthz answered %.1f s after the kill, the proxy sent it requests again after %.1f s\n",
			*name, oldPID, newPID, healthyAt.Sub(killedAt).Seconds(), servingAt.Sub(killedAt).Seconds())
	}
	if len(failures) > 0 {
		return fmt.Errorf("%s", strings.Join(failures, "; "))
	}
	fmt.Println("failover: ok")
	return nil
}
