package calendar

import (
	"fmt"
	"sort"
	"time"

	"github.com/teambition/rrule-go"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// london is where the wall-clock times are meant (zone data embedded by
// platform/clock).
var london = clock.UK

// wallClock is the instant of a London date and HH:MM. A time skipped by
// the March clock change (01:30) moves forward an hour, as Go normalises it.
func wallClock(date, hhmm string) (time.Time, error) {
	return time.ParseInLocation(localFmt, date+"T"+hhmm, london)
}

// localKey names an occurrence by its original London start.
func localKey(t time.Time) string { return t.In(london).Format(localFmt) }

var freqs = map[string]rrule.Frequency{Daily: rrule.DAILY, Weekly: rrule.WEEKLY, Monthly: rrule.MONTHLY, Yearly: rrule.YEARLY}

// ruleOf is the RFC 5545 rule of a frequency and limit date (the last day an
// occurrence may start, London time), "" for one-off. The limit is written
// as UNTIL in UTC, as RFC 5545 asks when DTSTART has a time zone.
func ruleOf(frequency, limitDate string) (string, error) {
	f, ok := freqs[frequency]
	if !ok {
		return "", nil
	}
	opt := rrule.ROption{Freq: f}
	if limitDate != "" {
		until, err := wallClock(limitDate, "23:59")
		if err != nil {
			return "", err
		}
		opt.Until = until.Add(59 * time.Second).UTC()
	}
	return opt.RRuleString(), nil
}

// series is an event's recurrence: the first start in London and the rule.
type series struct {
	start    time.Time
	duration time.Duration
	rule     *rrule.RRule  // nil for one-off
	opt      rrule.ROption // the rule's options, DTSTART the first start
}

func seriesOf(e Event) (series, error) {
	start, err := wallClock(e.Date, e.StartTime)
	if err != nil {
		return series{}, fmt.Errorf("event %s start: %w", e.ID, err)
	}
	end, err := wallClock(e.Date, e.EndTime)
	if err != nil {
		return series{}, fmt.Errorf("event %s end: %w", e.ID, err)
	}
	s := series{start: start, duration: end.Sub(start)}
	if e.RRule == "" {
		return s, nil
	}
	opt, err := rrule.StrToROptionInLocation(e.RRule, london)
	if err != nil {
		return series{}, fmt.Errorf("event %s rrule: %w", e.ID, err)
	}
	opt.Dtstart = start
	if s.rule, err = rrule.NewRRule(*opt); err != nil {
		return series{}, fmt.Errorf("event %s rrule: %w", e.ID, err)
	}
	s.opt = *opt
	return s, nil
}

// simple says whether the rule is one the calendar writes (ruleOf): a
// frequency, an interval, UNTIL or COUNT, and no BY parts. Its occurrences
// are one per period (day, week, month or year) on the first start's
// weekday, day of month and month, at its time, which is what lets from
// skip whole periods without walking them.
func (s series) simple() bool {
	o := s.opt
	return len(o.Bysetpos)+len(o.Bymonth)+len(o.Bymonthday)+len(o.Byyearday)+len(o.Byweekno)+len(o.Byweekday)+
		len(o.Byhour)+len(o.Byminute)+len(o.Bysecond)+len(o.Byeaster) == 0 &&
		(o.Freq == rrule.DAILY || o.Freq == rrule.WEEKLY || o.Freq == rrule.MONTHLY || o.Freq == rrule.YEARLY)
}

// from is the rule with its DTSTART moved forward by whole intervals to the
// last period that begins at least a day before t, so that expanding a
// window at t costs the same whether the series began last month or in
// 1900 (the library walks every period from DTSTART). The occurrences from
// the new DTSTART on are exactly the original rule's: the weekday, day of
// month, month and time are fixed to the first start's, as the rule's
// defaults had them, and a COUNT is reduced by the occurrences of the
// periods skipped (a monthly series on the 31st has none in a 30-day month,
// a yearly one on 29 February none in a common year).
func (s series) from(t time.Time) *rrule.RRule {
	if s.rule == nil || !s.simple() || !t.After(s.start) {
		return s.rule
	}
	interval := max(s.opt.Interval, 1)
	first := s.start.In(london)
	y, m, d := first.Date()
	ty, tm, td := t.In(london).AddDate(0, 0, -1).Date()
	days := int(time.Date(ty, tm, td, 12, 0, 0, 0, time.UTC).Sub(time.Date(y, m, d, 12, 0, 0, 0, time.UTC)).Hours() / 24)
	var periods int
	switch s.opt.Freq {
	case rrule.DAILY:
		periods = days
	case rrule.WEEKLY:
		periods = days / 7
	case rrule.MONTHLY:
		periods = (ty-y)*12 + int(tm) - int(m)
	case rrule.YEARLY:
		periods = ty - y
	}
	periods -= periods % interval
	if periods <= 0 {
		return s.rule
	}
	opt := s.opt
	opt.Byhour, opt.Byminute, opt.Bysecond = []int{first.Hour()}, []int{first.Minute()}, []int{first.Second()}
	skipped := 0 // occurrences of the skipped periods (for COUNT)
	switch s.opt.Freq {
	case rrule.DAILY:
		opt.Dtstart = time.Date(y, m, d+periods, 0, 0, 0, 0, london)
		skipped = periods / interval
	case rrule.WEEKLY:
		opt.Byweekday = []rrule.Weekday{weekdays[first.Weekday()]}
		opt.Dtstart = time.Date(y, m, d+7*periods, 0, 0, 0, 0, london)
		skipped = periods / interval
	case rrule.MONTHLY:
		opt.Bymonthday = []int{d}
		opt.Dtstart = time.Date(y, m+time.Month(periods), 1, 0, 0, 0, 0, london)
		if opt.Count > 0 {
			for p := 0; p < periods; p += interval {
				if daysIn(y, m+time.Month(p)) >= d {
					skipped++
				}
			}
		}
	case rrule.YEARLY:
		opt.Bymonth, opt.Bymonthday = []int{int(m)}, []int{d}
		opt.Dtstart = time.Date(y+periods, 1, 1, 0, 0, 0, 0, london)
		if opt.Count > 0 {
			for p := 0; p < periods; p += interval {
				if daysIn(y+p, m) >= d {
					skipped++
				}
			}
		}
	}
	if opt.Count > 0 {
		if opt.Count <= skipped {
			return nil // every occurrence is before t
		}
		opt.Count -= skipped
	}
	if opt.Until.IsZero() {
		opt.Until = s.start.Add(time.Duration(1<<63 - 1)) // the library's default end, from the first start
	}
	r, err := rrule.NewRRule(opt)
	if err != nil {
		return s.rule
	}
	return r
}

var weekdays = map[time.Weekday]rrule.Weekday{time.Monday: rrule.MO, time.Tuesday: rrule.TU, time.Wednesday: rrule.WE,
	time.Thursday: rrule.TH, time.Friday: rrule.FR, time.Saturday: rrule.SA, time.Sunday: rrule.SU}

// daysIn is the number of days of a month (m may run past 12).
func daysIn(y int, m time.Month) int { return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// between lists the original starts in [from, to), in London time. The
// rule keeps the wall-clock time: 09:00 stays 09:00 in summer and winter.
func (s series) between(from, to time.Time) []time.Time {
	if s.rule == nil {
		if !s.start.Before(from) && s.start.Before(to) {
			return []time.Time{s.start}
		}
		return nil
	}
	r := s.from(from)
	if r == nil {
		return nil
	}
	out := r.Between(from, to, true)
	if n := len(out); n > 0 && !out[n-1].Before(to) {
		out = out[:n-1]
	}
	return out
}

// next is the first original start at or after t (false when the series
// has ended).
func (s series) next(t time.Time) (time.Time, bool) {
	if s.rule == nil {
		return s.start, !s.start.Before(t)
	}
	r := s.from(t)
	if r == nil {
		return time.Time{}, false
	}
	n := r.After(t, true)
	return n, !n.IsZero()
}

// has says whether t is one of the series' original starts.
func (s series) has(t time.Time) bool {
	for _, o := range s.between(t, t.Add(time.Second)) {
		if o.Equal(t) {
			return true
		}
	}
	return false
}

// occurrences expands e for starts in [from, to): the rule's starts minus
// the deleted ones, with single-occurrence changes applied (a moved
// occurrence shows where it now happens, if that is in the range).
func occurrences(e Event, from, to time.Time) ([]Occurrence, error) {
	s, err := seriesOf(e)
	if err != nil {
		return nil, err
	}
	exc := map[string]Exception{}
	for _, x := range e.Exceptions {
		exc[x.Occurrence] = x
	}
	var out []Occurrence
	for _, t := range s.between(from, to) {
		if _, changed := exc[localKey(t)]; changed {
			continue
		}
		out = append(out, e.occurrence(t, t, t.Add(s.duration), false))
	}
	for _, x := range e.Exceptions {
		if x.Deleted {
			continue
		}
		orig, err := time.ParseInLocation(localFmt, x.Occurrence, london)
		if err != nil || !s.has(orig) {
			continue
		}
		start, err1 := wallClock(x.Date, x.StartTime)
		end, err2 := wallClock(x.Date, x.EndTime)
		if err1 != nil || err2 != nil || start.Before(from) || !start.Before(to) {
			continue
		}
		o := e.occurrence(orig, start, end, true)
		o.changedAt = x.ChangedAt
		if x.Title != "" {
			o.Title = x.Title
		}
		out = append(out, o)
	}
	if len(e.Exceptions) > 0 { // the rule's starts come in order
		sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	}
	return out, nil
}

func (e Event) occurrence(orig, start, end time.Time, overridden bool) Occurrence {
	start, end = start.In(london), end.In(london)
	return Occurrence{
		Key: "ev:" + e.ID + ":" + localKey(orig), EventID: e.ID, Occurrence: localKey(orig),
		Date: start.Format(dateFmt), StartTime: start.Format(clockFmt), EndTime: end.Format(clockFmt),
		Start: start.UTC(), End: end.UTC(), Category: e.Category, Title: e.Title, Description: e.Description,
		Location: e.Location, Attendees: e.Attendees, Frequency: e.Frequency, Alert: e.Alert,
		Recurring: e.Frequency != OneOff, Overridden: overridden,
	}
}

// dayRange is [first day 00:00, the day after the last 00:00) in London.
func dayRange(from, to string) (time.Time, time.Time, error) {
	f, err := time.ParseInLocation(dateFmt, from, london)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	t, err := time.ParseInLocation(dateFmt, to, london)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	return f, t.AddDate(0, 0, 1), nil
}
