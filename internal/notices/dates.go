package notices

import (
	"fmt"
	"time"
)

// The clocks of the notices, on civil days (midnight UTC stands for a UK
// calendar day). Each is computed from the rules' data.

// UKDay writes a day as the product shows dates: "Thu 17 Dec 2026".
func UKDay(t time.Time) string { return t.Format("Mon 2 Jan 2006") }

// addMonths is d plus n calendar months, the day kept or, past the month's
// end, the month's last day (31 December plus two months is 28 February).
func addMonths(d time.Time, n int) time.Time {
	first := time.Date(d.Year(), d.Month()+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(d.Day(), last), 0, 0, 0, 0, time.UTC)
}

// periodStart is the first day of a rent period on or after d: periods
// run from the tenancy's start, by weeks or calendar months (a start on
// the 31st begins later periods on the month's last day when shorter).
func periodStart(start time.Time, period string, d time.Time) time.Time {
	if !d.After(start) {
		return start
	}
	if period == "weekly" {
		weeks := int(d.Sub(start).Hours()/24+6) / 7
		return start.AddDate(0, 0, 7*weeks)
	}
	n := (d.Year()-start.Year())*12 + int(d.Month()-start.Month()) - 1
	for ; ; n++ {
		if p := addMonths(start, n); !p.Before(d) {
			return p
		}
	}
}

// isPeriodStart says whether d is the first day of a rent period.
func isPeriodStart(start time.Time, period string, d time.Time) bool {
	return !d.Before(start) && periodStart(start, period, d).Equal(d)
}

// periodText says when the rent periods start: "the 1st of each month",
// "each Tuesday".
func periodText(start time.Time, period string) string {
	if period == "weekly" {
		return "each " + start.Weekday().String()
	}
	if start.Day() > 28 {
		return fmt.Sprintf("the %s of each month (the month's last day when it has fewer days)", ordinal(start.Day()))
	}
	return fmt.Sprintf("the %s of each month", ordinal(start.Day()))
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Limit is one thing the law says about the earliest date, and the day it
// gives.
type Limit struct {
	Key    string    `json:"key"`
	Date   time.Time `json:"-"`
	Day    string    `json:"date"`
	Reason string    `json:"reason"`
}

// IncreaseFacts are what the earliest date of a rent increase counts from.
type IncreaseFacts struct {
	Start        time.Time  // the tenancy's start
	Period       string     // weekly or monthly
	LastIncrease *time.Time // the day the last increase took effect, if any
	ServedOn     time.Time  // the day the notice is (or would be) served
	DeemedDays   int        // days added for the way it is served (post)
	// Hypothetical: not served yet, counted as if served on ServedOn.
	Hypothetical bool
}

// EarliestIncrease is the first day a new rent may take effect, with
// every limit the rule sets (each one's own date).
func (r IncreaseRule) EarliestIncrease(f IncreaseFacts) (time.Time, []Limit) {
	served := f.ServedOn.AddDate(0, 0, f.DeemedDays)
	notice := addMonths(served, r.NoticeMonths)
	servedText := "served " + UKDay(f.ServedOn)
	switch {
	case f.Hypothetical:
		servedText = "if served today, " + UKDay(f.ServedOn)
	case f.DeemedDays > 0:
		servedText = fmt.Sprintf("posted %s, counted as served %d days later", UKDay(f.ServedOn), f.DeemedDays)
	}
	limits := []Limit{{Key: "notice", Date: notice, Reason: fmt.Sprintf("at least %s after the notice is served (%s)",
		months(r.NoticeMonths), servedText)}}
	if r.WeeksAfterStart > 0 {
		limits = append(limits, Limit{Key: "start", Date: f.Start.AddDate(0, 0, 7*r.WeeksAfterStart),
			Reason: fmt.Sprintf("not within %d weeks of the tenancy's start (%s)", r.WeeksAfterStart, UKDay(f.Start))})
	}
	if f.LastIncrease != nil && r.WeeksBetween > 0 {
		limits = append(limits, Limit{Key: "last", Date: f.LastIncrease.AddDate(0, 0, 7*r.WeeksBetween),
			Reason: fmt.Sprintf("not within %d weeks of the last increase (%s): at most one increase a year", r.WeeksBetween, UKDay(*f.LastIncrease))})
	}
	earliest := limits[0].Date
	for _, l := range limits[1:] {
		if l.Date.After(earliest) {
			earliest = l.Date
		}
	}
	if r.PeriodStart {
		p := periodStart(f.Start, f.Period, earliest)
		limits = append(limits, Limit{Key: "period", Date: p,
			Reason: "on the first day of a rent period (the rent periods start on " + periodText(f.Start, f.Period) + ")"})
		earliest = p
	}
	for i := range limits {
		limits[i].Day = limits[i].Date.Format(time.DateOnly)
	}
	return earliest, limits
}

// tooEarly is why a date cannot be the increase's date, "" when it can.
func (r IncreaseRule) tooEarly(f IncreaseFacts, on time.Time) string {
	earliest, limits := r.EarliestIncrease(f)
	for _, l := range limits {
		if l.Key != "period" && on.Before(l.Date) {
			return fmt.Sprintf("%s is too early. The law allows a new rent %s: not before %s. The earliest date the law allows is %s.",
				UKDay(on), l.Reason, UKDay(l.Date), UKDay(earliest))
		}
	}
	if r.PeriodStart && !isPeriodStart(f.Start, f.Period, on) {
		return fmt.Sprintf("%s is not the first day of a rent period: the new rent must start on the first day of one, and the rent periods start on %s. The next such day is %s.",
			UKDay(on), periodText(f.Start, f.Period), UKDay(periodStart(f.Start, f.Period, on)))
	}
	return ""
}

func months(n int) string {
	words := map[int]string{1: "one month", 2: "two months", 3: "three months", 4: "four months", 6: "six months"}
	if w, ok := words[n]; ok {
		return w
	}
	return fmt.Sprintf("%d months", n)
}

// EarliestEnd is the first day a tenant's notice given on given may end
// the tenancy: at least the rule's months later, on the last day of a rent
// period when the rule says so.
func (r QuitRule) EarliestEnd(start time.Time, period string, given time.Time) time.Time {
	least := addMonths(given, r.Months)
	if least.Before(start) {
		least = start // a notice given long before the start still ends a period of the tenancy
	}
	if !r.EndsAtPeriodEnd {
		return least
	}
	// The last day of a period is the day before the next one starts.
	return periodStart(start, period, least.AddDate(0, 0, 1)).AddDate(0, 0, -1)
}

// endTooEarly is why a chosen end date cannot be, "" when it can.
func (r QuitRule) endTooEarly(start time.Time, period string, given, end time.Time) string {
	earliest := r.EarliestEnd(start, period, given)
	if end.Before(earliest) {
		return fmt.Sprintf("%s is too early: a tenant's notice must give at least %s. The earliest end date is %s.",
			UKDay(end), months(r.Months), UKDay(earliest))
	}
	if r.EndsAtPeriodEnd && !isPeriodStart(start, period, end.AddDate(0, 0, 1)) {
		next := periodStart(start, period, end.AddDate(0, 0, 1)).AddDate(0, 0, -1)
		return fmt.Sprintf("%s is not the last day of a rent period: the notice must end on one. The next such day is %s.", UKDay(end), UKDay(next))
	}
	return ""
}
