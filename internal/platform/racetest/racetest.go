// Package racetest fires copies of one operation at the same instant, for
// tests of what happens when requests meet. Each copy runs in its own
// goroutine, and all of them wait at one gate that opens only once every
// goroutine is ready, so they reach the code under test together rather
// than in the order they were started.
//
// Races are probabilistic: a test that uses Together should repeat its
// scenario with Rounds (enough rounds that the defect it guards against
// showed up reliably before the fix) and say in a comment how often the
// unfixed code failed.
package racetest

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// Together runs fn n times at once and returns each copy's result by index.
// A copy that calls t.FailNow (through Fatal) ends only its own goroutine;
// the others still finish and Together still returns.
func Together[T any](n int, fn func(i int) T) []T {
	out := make([]T, n)
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	ready.Add(n)
	done.Add(n)
	for i := 0; i < n; i++ {
		go func(i int) {
			defer done.Done()
			ready.Done()
			<-gate
			out[i] = fn(i)
		}(i)
	}
	ready.Wait()
	runtime.Gosched()
	close(gate)
	done.Wait()
	return out
}

// Rounds runs scenario rounds times as numbered subtests ("round 1", ...),
// each normally with its own fresh state built inside scenario. It stops at
// the first failing round so one defect is not reported a hundred times.
func Rounds(t *testing.T, rounds int, scenario func(t *testing.T, round int)) {
	t.Helper()
	for r := 1; r <= rounds; r++ {
		ok := t.Run(fmt.Sprintf("round %d", r), func(t *testing.T) { scenario(t, r) })
		if !ok {
			return
		}
	}
}

// Count returns how many results satisfy pred.
func Count[T any](results []T, pred func(T) bool) int {
	n := 0
	for _, r := range results {
		if pred(r) {
			n++
		}
	}
	return n
}

// LogicOnly skips a long test of pure logic (one goroutine, no shared
// state) under the race detector, which finds nothing there and makes it
// several times slower; `make test-go` runs these tests again without
// -race (LOGIC_TESTS in the Makefile), so CI still runs each of them once.
func LogicOnly(t testing.TB) {
	t.Helper()
	if Detector {
		t.Skip("pure logic: run without -race (make test-go, LOGIC_TESTS)")
	}
}

// Concurrent marks a test whose code under test runs goroutines of its own
// (the demo's accounts made in parallel, the wallet's books read in parts
// and their snapshots stored after the request) though the test itself
// starts none: scripts/ci/racetests finds it by this call, as it finds a
// go statement, so `make test-go` runs it under the race detector while
// the rest of its package runs without. It does nothing when run.
func Concurrent(t testing.TB) { t.Helper() }
