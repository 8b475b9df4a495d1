package wallet

import (
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/dates"
)

// day is a calendar day as a count of days since 1 January 1970; 0 means
// none (days before 1990 are refused, so 0 is never a real one). Counting
// days keeps the period sums of ten thousand entries cheap.
type day int32

const (
	minYear = 1990
	maxYear = 2200
)

func dayFrom(y int, m time.Month, d int) day {
	return day(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// MsgDateRange is the message of a date outside the range the wallet
// keeps (minYear to maxYear, inside the app's dates.Min to dates.Max).
const MsgDateRange = "Please enter a date between 1 January 1990 and 31 December 2200."

// parseDay reads a date: YYYY-MM-DD as it is, or an ISO time. A time with
// an offset (or Z) counts on its day in the UK: "2026-04-05T23:30:00Z" is
// 00:30 BST on 6 April, so 6 April, in the next tax year. A time without
// one is a UK time already and keeps its day. Days outside minYear to
// maxYear are refused (dateMessage says which is wrong).
func parseDay(s string) (day, bool) {
	t, ok := calendarDate(s)
	if !ok || !dates.Within(t) || t.Year() < minYear || t.Year() > maxYear {
		return 0, false
	}
	return day(t.Unix() / 86400), true
}

// calendarDate is the UK calendar date s names (midnight UTC), in any year.
func calendarDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		u := t.In(clock.UK)
		return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC), true
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
		}
	}
	return time.Time{}, false
}

// dateMessage is the message for a date field holding s that parseDay
// refused: MsgDateRange for a date outside the range, MsgBadDate for one
// that is not a date.
func dateMessage(s string) string {
	if _, ok := calendarDate(s); ok {
		return MsgDateRange
	}
	return MsgBadDate
}

// today is the date in the UK at t.
func today(t time.Time) day {
	u := t.In(clock.UK)
	return dayFrom(u.Year(), u.Month(), u.Day())
}

func (d day) time() time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

func (d day) String() string {
	if d == 0 {
		return ""
	}
	return d.time().Format(time.DateOnly)
}

func (d day) ymd() (int, time.Month, int) {
	t := d.time()
	return t.Year(), t.Month(), t.Day()
}

// monthDay is the day dom of month m of year y (m may run past 12 or below
// 1), clamped to the month's last day: a monthly entry of the 31st falls on
// 30 April and on 28 or 29 February.
func monthDay(y int, m time.Month, dom int) day {
	first := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return dayFrom(first.Year(), first.Month(), min(dom, last))
}

// addMonths is d moved by n calendar months, clamped at month ends.
func addMonths(d day, n int) day {
	y, m, dd := d.ymd()
	return monthDay(y, m+time.Month(n), dd)
}

// monthsBetween counts whole calendar months from a's month to b's month.
func monthsBetween(a, b day) int {
	ay, am, _ := a.ymd()
	by, bm, _ := b.ymd()
	return (by-ay)*12 + int(bm-am)
}

// recurrence is a dated series: once on start, or every week or month
// (the same day of the month, clamped) from start until end (0: open).
// Occurrences are computed for the period asked, never stored.
type recurrence struct {
	start, end day
	freq       string
}

// each calls fn for every occurrence in [from, to], in date order.
func (r recurrence) each(from, to day, fn func(day)) {
	if r.end != 0 && r.end < to {
		to = r.end
	}
	if r.start > to || to < from {
		return
	}
	switch r.freq {
	case Weekly:
		d := r.start
		if d < from {
			d += ((from - d + 6) / 7) * 7
		}
		for ; d <= to; d += 7 {
			fn(d)
		}
	case Monthly:
		y, m, dom := r.start.ymd()
		k := 0
		if r.start < from {
			k = max(0, monthsBetween(r.start, from)-1)
		}
		for ; ; k++ {
			d := monthDay(y, m+time.Month(k), dom)
			if d > to {
				return
			}
			if d >= from {
				fn(d)
			}
		}
	default:
		if r.start >= from {
			fn(r.start)
		}
	}
}

func (t *Transaction) recurrence() recurrence {
	return recurrence{start: t.start, end: t.end, freq: t.Frequency}
}
