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
	rule     *rrule.RRule // nil for one-off
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
	return s, nil
}

// between lists the original starts in [from, to), in London time. The
// rule keeps the wall-clock time: 09:00 stays 09:00 in summer and winter.
func (s series) between(from, to time.Time) []time.Time {
	if s.rule == nil {
		if !s.start.Before(from) && s.start.Before(to) {
			return []time.Time{s.start}
		}
		return nil
	}
	out := s.rule.Between(from, to, true)
	if n := len(out); n > 0 && !out[n-1].Before(to) {
		out = out[:n-1]
	}
	return out
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
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
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
