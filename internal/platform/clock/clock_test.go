package clock_test

import (
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

func TestPinnableReadsItsBaseExceptWhilePinned(t *testing.T) {
	base := clock.NewFake(time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC))
	p := clock.NewPinnable(base)
	if !p.Now().Equal(base.Now()) {
		t.Fatalf("unpinned: %s, base %s", p.Now(), base.Now())
	}
	at := time.Date(2026, 6, 17, 10, 12, 0, 0, time.UTC)
	p.Pin(at)
	base.Advance(time.Hour)
	if !p.Now().Equal(at) {
		t.Fatalf("pinned to %s: %s", at, p.Now())
	}
	p.Unpin()
	if !p.Now().Equal(base.Now()) {
		t.Fatalf("unpinned again: %s, base %s", p.Now(), base.Now())
	}
}
