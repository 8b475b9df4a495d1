// Package clock lets services read the time through an interface so tests can
// move it (code expiry, throttling windows, job back-off).
package clock

import (
	"sync"
	"sync/atomic"
	"time"
	_ "time/tzdata" // Europe/London even on machines without zoneinfo
)

// UK is the time zone of the UK, where dates on the site are meant.
var UK = func() *time.Location {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		panic(err) // cannot happen: the zone data is embedded
	}
	return loc
}()

type Clock interface{ Now() time.Time }

// System is the real clock.
type System struct{}

func (System) Now() time.Time { return time.Now() }

// Fake is a settable clock for tests.
type Fake struct {
	mu sync.Mutex
	t  time.Time
}

func NewFake(t time.Time) *Fake { return &Fake{t: t} }

func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *Fake) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

// Set moves the clock to t.
func (f *Fake) Set(t time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = t
}

// Pinnable reads its base clock except while pinned to a moment. The demo
// seeding pins the whole app's clock to the days its signed agreement was
// made (weeks before the tenancy it starts), so every record of that
// agreement (its audit trail, codes, fee receipt, e-mails and seal) carries
// those days, as a user's would; it unpins before the server serves.
type Pinnable struct {
	base Clock
	at   atomic.Pointer[time.Time]
}

func NewPinnable(base Clock) *Pinnable { return &Pinnable{base: base} }

func (p *Pinnable) Now() time.Time {
	if t := p.at.Load(); t != nil {
		return *t
	}
	return p.base.Now()
}

// Pin stops the clock at t until Unpin.
func (p *Pinnable) Pin(t time.Time) { p.at.Store(&t) }

// Unpin gives the base clock back.
func (p *Pinnable) Unpin() { p.at.Store(nil) }
