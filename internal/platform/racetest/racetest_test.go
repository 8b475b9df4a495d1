package racetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Every copy must be running before any of them starts the operation: the
// test counts how many copies are inside fn at the peak.
func TestTogetherReleasesAllCopiesAtOnce(t *testing.T) {
	var inside, peak atomic.Int32
	var mu sync.Mutex
	res := Together(16, func(i int) int {
		n := inside.Add(1)
		mu.Lock()
		if n > peak.Load() {
			peak.Store(n)
		}
		mu.Unlock()
		time.Sleep(20 * time.Millisecond)
		inside.Add(-1)
		return i * 2
	})
	for i, r := range res {
		if r != i*2 {
			t.Fatalf("result %d = %d, want %d", i, r, i*2)
		}
	}
	if peak.Load() < 8 {
		t.Fatalf("at most %d copies ran at once; want them released together", peak.Load())
	}
	if got := Count(res, func(r int) bool { return r%4 == 0 }); got != 8 {
		t.Fatalf("Count = %d, want 8", got)
	}
}

func TestRoundsRunsEachRound(t *testing.T) {
	seen := 0
	Rounds(t, 5, func(t *testing.T, round int) { seen++ })
	if seen != 5 {
		t.Fatalf("ran %d rounds, want 5", seen)
	}
}
