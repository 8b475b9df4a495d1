package pkg

import (
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/platform/racetest"
)

func TestPlain(t *testing.T) {}

func TestLogic(t *testing.T) { racetest.LogicOnly(t) }

func TestDirectGo(t *testing.T) { go func() {}() }

func TestTogether(t *testing.T) { racetest.Together(2, func(int) int { return 0 }) }

func TestMarked(t *testing.T) { racetest.Concurrent(t) }

func TestThroughHelpers(t *testing.T) { outer(t) }

func outer(t *testing.T) { inner() }

func inner() { fire() }

func TestThroughMethod(t *testing.T) { var e env; e.burst() }

type env struct{}

func (env) burst() { racetest.Rounds(nil, 1, nil) }

func TestRecursiveButPlain(t *testing.T) { ping(3) }

func ping(n int) { pong(n) }

func pong(n int) {
	if n > 0 {
		ping(n - 1)
	}
}

func TestWaitGroupGo(t *testing.T) {
	var wg sync.WaitGroup
	wg.Go(func() {})
	wg.Wait()
}
