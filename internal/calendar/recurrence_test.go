package calendar

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// walkAll is the old expansion: the rule from its first start (the library
// walks every period from DTSTART).
func walkAll(s series, from, to time.Time) []time.Time {
	out := s.rule.Between(from, to, true)
	if n := len(out); n > 0 && !out[n-1].Before(to) {
		out = out[:n-1]
	}
	return out
}

// TestSeriesFromTheWindowMatchesTheWholeWalk compares, for random series
// (every frequency, intervals, limit dates, COUNT, the 29th to 31st, 29
// February, times skipped or doubled by the clock changes) and random
// windows, the starts found by starting from the window with those found by
// walking the series from its first day.
func TestSeriesFromTheWindowMatchesTheWholeWalk(t *testing.T) {
	racetest.LogicOnly(t)
	rng := rand.New(rand.NewSource(26))
	freqs := []string{"DAILY", "WEEKLY", "MONTHLY", "YEARLY"}
	clocks := []string{"00:00", "00:30", "01:30", "09:00", "23:30"}
	for i := 0; i < 300; i++ {
		start := time.Date(1900+rng.Intn(200), time.Month(1+rng.Intn(12)), 1+rng.Intn(31), 0, 0, 0, 0, time.UTC)
		if rng.Intn(4) == 0 {
			start = time.Date(1900+4*rng.Intn(50), 2, 29, 0, 0, 0, 0, time.UTC)
		}
		rule := "FREQ=" + freqs[rng.Intn(4)]
		if n := rng.Intn(4); n > 1 {
			rule += fmt.Sprintf(";INTERVAL=%d", n)
		}
		switch rng.Intn(3) {
		case 1:
			rule += fmt.Sprintf(";COUNT=%d", 1+rng.Intn(3000))
		case 2:
			until := start.AddDate(rng.Intn(150), rng.Intn(12), 0)
			rule += ";UNTIL=" + until.Format("20060102") + "T235959Z"
		}
		e := Event{ID: "x", Date: start.Format(dateFmt), StartTime: clocks[rng.Intn(len(clocks))], RRule: rule}
		e.EndTime = "23:59"
		s, err := seriesOf(e)
		if err != nil {
			t.Fatal(err)
		}
		// Windows up to 2180: the library ends a series without a limit 290
		// years after its first start, as the walk does.
		from := start.AddDate(0, 0, rng.Intn(280*365)-30)
		if from.Year() > 2180 {
			from = time.Date(2180, 1, 1, 0, 0, 0, 0, time.UTC)
		}
		from = from.Add(time.Duration(rng.Intn(48)) * time.Hour).In(london)
		to := from.Add(time.Duration(1+rng.Intn(45*24)) * time.Hour)
		got, want := s.between(from, to), walkAll(s, from, to)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s from %s %s, window %s to %s:\n got %v\nwant %v", rule, e.Date, e.StartTime, from, to, got, want)
		}
		if n, ok := s.next(from); ok != (len(want) > 0 || s.rule.After(from, true) != time.Time{}) || (ok && !n.Equal(s.rule.After(from, true))) {
			t.Fatalf("%s from %s %s: next after %s = %v %v, want %v", rule, e.Date, e.StartTime, from, n, ok, s.rule.After(from, true))
		}
	}
}

// TestExpandingAnOldSeriesCostsTheSameAsANewOne: a month of a series from
// November 1900 takes about as long as a month of one from last month (the
// fastest of 15 runs each, so a busy machine does not decide it). Before
// the expansion started from the window, the old daily series walked 46,000
// days: about 400 times as long (from year 1, 0.44 CPU-seconds per month
// view), and this test failed for the daily, weekly and monthly series.
func TestExpandingAnOldSeriesCostsTheSameAsANewOne(t *testing.T) {
	from := time.Date(2026, 11, 1, 0, 0, 0, 0, london)
	to := from.AddDate(0, 1, 0)
	cost := func(date, rule string) float64 {
		s, err := seriesOf(Event{ID: "x", Date: date, StartTime: "09:00", EndTime: "10:00", RRule: rule})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(s.between(from, to.AddDate(1, 0, 0))); n == 0 {
			t.Fatalf("%s %s: no occurrences", date, rule)
		}
		best := time.Hour
		for range 15 {
			t0 := time.Now()
			s.between(from, to)
			best = min(best, time.Since(t0))
		}
		return float64(best.Microseconds())
	}
	for _, rule := range []string{"FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=DAILY;COUNT=60000"} {
		young, old := cost("2026-10-10", rule), cost("1900-11-10", rule)
		if old > 5*young+500 {
			t.Errorf("%s: a month of a series from 1900 takes %.0f µs, of one from last month %.0f µs", rule, old, young)
		}
	}
}

// TestNextAlertIsTheEarliestAlertNotYetDue compares nextAlert, which the
// sweep uses to read an event only when its alert is due, with every
// occurrence's alert worked out from the whole series: never later (an
// alert would be missed), and the same.
func TestNextAlertIsTheEarliestAlertNotYetDue(t *testing.T) {
	racetest.LogicOnly(t)
	rng := rand.New(rand.NewSource(17))
	freqs := []string{"", "FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=DAILY;INTERVAL=3", "FREQ=MONTHLY;COUNT=40"}
	for i := 0; i < 400; i++ {
		start := time.Date(2020+rng.Intn(8), time.Month(1+rng.Intn(12)), 1+rng.Intn(31), 0, 0, 0, 0, time.UTC)
		e := Event{ID: "x", Date: start.Format(dateFmt), StartTime: []string{"00:30", "01:30", "09:00"}[rng.Intn(3)], EndTime: "23:00",
			RRule: freqs[rng.Intn(len(freqs))], Alert: Alerts[1+rng.Intn(len(Alerts)-1)]}
		s, err := seriesOf(e)
		if err != nil {
			t.Fatal(err)
		}
		if s.rule != nil && rng.Intn(2) == 0 { // one occurrence moved, one deleted
			if os := walkAll(s, s.start, s.start.AddDate(0, 3, 0)); len(os) > 2 {
				e.Exceptions = []Exception{{Occurrence: localKey(os[1]), Deleted: true},
					{Occurrence: localKey(os[2]), Date: os[2].AddDate(0, 0, rng.Intn(60)-30).Format(dateFmt), StartTime: "08:00", EndTime: "09:00"}}
			}
		}
		at := start.AddDate(0, 0, rng.Intn(700)-30).Add(time.Duration(rng.Intn(24*60)) * time.Minute)
		got, ok := nextAlert(e, at)
		var want time.Time
		all, _ := occurrences(e, at.AddDate(0, -2, 0), at.AddDate(20, 0, 0))
		for _, o := range all {
			if a, _ := alertTime(e.Alert, o.Start.In(london)); !a.Before(at) && (want.IsZero() || a.Before(want)) {
				want = a
			}
		}
		if ok != !want.IsZero() || (ok && !got.Equal(want)) {
			t.Fatalf("%s %s %s alert %s, exceptions %v, at %s: next alert %v %v, want %v", e.RRule, e.Date, e.StartTime, e.Alert, e.Exceptions, at, got, ok, want)
		}
	}
}
