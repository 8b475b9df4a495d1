// Package workdays counts the clocks the law sets in hours, calendar days
// and working days, on the UK's bank-holiday calendars: England and Wales,
// Scotland, and Northern Ireland (data/bank-holidays.yaml, from GOV.UK,
// embedded and checked when the package loads).
//
// Every count starts from a moment and is read in UK time (Europe/London):
// a report made at 23:30 on a Friday in British Summer Time was made on the
// Friday. A period of days "beginning with the day after" the moment (the
// wording of the Scottish damp and mould regulations, SSI 2026/173) counts
// the day after as day 1 (NextDay); a period that counts the moment's own
// day counts it as day 1 when it is a working day (SameDay). A deadline of
// days ends at the end of its last day, midnight UK time; a deadline of
// hours ends exactly that many hours later.
//
// The calendars cover the years of the data file only: a count that reaches
// outside them answers ErrNotCovered rather than a day that might be wrong.
// Repairs (issue 44) and the deadlines of the other nations (issue 46) use
// it; it knows nothing of either.
package workdays

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// The divisions of the data file (GOV.UK's names).
const (
	EnglandAndWales = "england-and-wales"
	Scotland        = "scotland"
	NorthernIreland = "northern-ireland"
)

// Start says which day is day 1 of a period of days.
type Start int

const (
	// NextDay: the period begins with the day after the moment.
	NextDay Start = iota
	// SameDay: the moment's own day is day 1 (when it is a working day, for
	// working days).
	SameDay
)

// Holiday is one bank holiday of a division.
type Holiday struct {
	Date   string `yaml:"date"` // YYYY-MM-DD
	Title  string `yaml:"title"`
	Notes  string `yaml:"notes"`  // "Substitute day" when the holiday moved off a weekend
	OneOff bool   `yaml:"oneOff"` // a holiday of one year only (not counted against perYear)
}

// Calendar is one division's bank holidays and the jurisdictions that use it.
type Calendar struct {
	ID            string    `yaml:"id"`
	Name          string    `yaml:"name"`
	Jurisdictions []string  `yaml:"jurisdictions"`
	PerYear       int       `yaml:"perYear"`
	Holidays      []Holiday `yaml:"holidays"`

	byDate      map[string]Holiday
	first, last int
}

// Calendars are the three divisions and the data's provenance.
type Calendars struct {
	Source    string      `yaml:"source"`
	URL       string      `yaml:"url"`
	Reviewed  string      `yaml:"reviewed"`
	FirstYear int         `yaml:"firstYear"`
	LastYear  int         `yaml:"lastYear"`
	Divisions []*Calendar `yaml:"divisions"`
}

// ErrNotCovered is returned when a count reaches a year the calendars do
// not hold. Its text is shown to people as it is.
var ErrNotCovered = errors.New("bank holidays not covered")

// NotCoveredError says which year was missing and what the data covers.
type NotCoveredError struct {
	Year, First, Last int
}

func (e *NotCoveredError) Error() string {
	return fmt.Sprintf("OmniRent's bank-holiday calendar covers %d to %d, so a deadline in %d cannot be counted yet.", e.First, e.Last, e.Year)
}

func (e *NotCoveredError) Unwrap() error { return ErrNotCovered }

//go:embed data/bank-holidays.yaml
var holidaysYAML []byte

var defaultCalendars = func() *Calendars {
	c, err := Parse(holidaysYAML)
	if err != nil {
		panic("workdays: " + err.Error())
	}
	return c
}()

// Default is the embedded calendars, loaded and checked when the package
// loads (a bad data file stops the program at start-up).
func Default() *Calendars { return defaultCalendars }

// Load reads and checks the embedded calendars again (start-up checks and
// tests call it to get the error rather than a panic).
func Load() (*Calendars, error) { return Parse(holidaysYAML) }

// Parse reads and checks a bank-holiday file.
func Parse(b []byte) (*Calendars, error) {
	var c Calendars
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("bank holidays: %w", err)
	}
	switch {
	case c.Source == "" || !strings.HasPrefix(c.URL, "https://"):
		return nil, fmt.Errorf("bank holidays: a source and an https url are required")
	case c.FirstYear < 2000 || c.LastYear < c.FirstYear || c.LastYear > 2200:
		return nil, fmt.Errorf("bank holidays: bad year range %d to %d", c.FirstYear, c.LastYear)
	case len(c.Divisions) == 0:
		return nil, fmt.Errorf("bank holidays: no divisions")
	}
	if _, err := time.Parse(time.DateOnly, c.Reviewed); err != nil {
		return nil, fmt.Errorf("bank holidays: reviewed %q is not a date", c.Reviewed)
	}
	ids, jurisdictions := map[string]bool{}, map[string]bool{}
	for _, d := range c.Divisions {
		if d == nil || d.ID == "" || ids[d.ID] || d.Name == "" || d.PerYear < 1 || len(d.Jurisdictions) == 0 {
			return nil, fmt.Errorf("bank holidays: a division needs a new id, a name, jurisdictions and perYear")
		}
		ids[d.ID] = true
		for _, j := range d.Jurisdictions {
			if j == "" || jurisdictions[j] {
				return nil, fmt.Errorf("bank holidays: %s: jurisdiction %q is empty or in two divisions", d.ID, j)
			}
			jurisdictions[j] = true
		}
		if err := d.check(c.FirstYear, c.LastYear); err != nil {
			return nil, fmt.Errorf("bank holidays: %s: %w", d.ID, err)
		}
	}
	return &c, nil
}

func (d *Calendar) check(first, last int) error {
	d.byDate, d.first, d.last = map[string]Holiday{}, first, last
	regular := map[int]int{}
	prev := ""
	for _, h := range d.Holidays {
		day, err := time.Parse(time.DateOnly, h.Date)
		switch {
		case err != nil:
			return fmt.Errorf("%q is not a date", h.Date)
		case h.Title == "":
			return fmt.Errorf("%s has no title", h.Date)
		case h.Date <= prev:
			return fmt.Errorf("%s is repeated or out of order", h.Date)
		case day.Year() < first || day.Year() > last:
			return fmt.Errorf("%s is outside %d to %d", h.Date, first, last)
		case day.Weekday() == time.Saturday || day.Weekday() == time.Sunday:
			return fmt.Errorf("%s (%s) falls on a %s: a holiday on a weekend has a substitute weekday", h.Date, h.Title, day.Weekday())
		case h.Notes != "" && h.Notes != "Substitute day":
			return fmt.Errorf("%s: unknown notes %q", h.Date, h.Notes)
		}
		prev = h.Date
		d.byDate[h.Date] = h
		if !h.OneOff {
			regular[day.Year()]++
		}
	}
	for y := first; y <= last; y++ {
		if regular[y] != d.PerYear {
			return fmt.Errorf("%d has %d regular holidays, want %d: is a year missing or a day left out?", y, regular[y], d.PerYear)
		}
	}
	return nil
}

// For is the calendar of a jurisdiction (England, Wales, Scotland,
// Northern Ireland).
func (c *Calendars) For(jurisdiction string) (*Calendar, error) {
	for _, d := range c.Divisions {
		if slices.Contains(d.Jurisdictions, jurisdiction) {
			return d, nil
		}
	}
	return nil, fmt.Errorf("bank holidays: no calendar for %q", jurisdiction)
}

// ByID is a division's calendar by its id (EnglandAndWales, Scotland,
// NorthernIreland).
func (c *Calendars) ByID(id string) (*Calendar, error) {
	for _, d := range c.Divisions {
		if d.ID == id {
			return d, nil
		}
	}
	return nil, fmt.Errorf("bank holidays: no calendar %q", id)
}

// Covers reports whether the year of day is in the calendars.
func (c *Calendars) Covers(day time.Time) bool {
	y := Day(day).Year()
	return y >= c.FirstYear && y <= c.LastYear
}

// Day is the UK calendar day of a moment, as midnight UTC of that date
// (the form the counts below work in, free of clock changes).
func Day(t time.Time) time.Time {
	y, m, d := t.In(clock.UK).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// EndOfDay is the moment a day (a date as Day gives it) ends in the UK:
// midnight UK time at the start of the next day.
func EndOfDay(day time.Time) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, clock.UK)
}

func (d *Calendar) covered(day time.Time) error {
	if y := day.Year(); y < d.first || y > d.last {
		return &NotCoveredError{Year: y, First: d.first, Last: d.last}
	}
	return nil
}

// Holiday is the bank holiday on day (a date as Day gives it), if any.
func (d *Calendar) Holiday(day time.Time) (Holiday, bool, error) {
	if err := d.covered(day); err != nil {
		return Holiday{}, false, err
	}
	h, ok := d.byDate[day.Format(time.DateOnly)]
	return h, ok, nil
}

// IsWorkingDay reports whether day (a date) is Monday to Friday and not one
// of the division's bank holidays.
func (d *Calendar) IsWorkingDay(day time.Time) (bool, error) {
	if err := d.covered(day); err != nil {
		return false, err
	}
	if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false, nil
	}
	_, holiday := d.byDate[day.Format(time.DateOnly)]
	return !holiday, nil
}

// HolidaysIn are the division's holidays of one year.
func (d *Calendar) HolidaysIn(year int) ([]Holiday, error) {
	if year < d.first || year > d.last {
		return nil, &NotCoveredError{Year: year, First: d.first, Last: d.last}
	}
	var out []Holiday
	for _, h := range d.Holidays {
		if strings.HasPrefix(h.Date, fmt.Sprint(year)+"-") {
			out = append(out, h)
		}
	}
	return out, nil
}

// Due is the end of a period: the last day it includes (UK date) and the
// moment it passes.
type Due struct {
	Day string    // YYYY-MM-DD
	At  time.Time // the moment the period ends (for days: midnight UK time after Day)
	// Skipped are the bank holidays the count stepped over (working days
	// only), so a page can say why the day is later than it looks.
	Skipped []Holiday
}

// AddWorkingDays is the end of a period of n working days (n >= 1) on this
// division's calendar, counted from the moment from.
func (d *Calendar) AddWorkingDays(from time.Time, n int, start Start) (Due, error) {
	if n < 1 {
		return Due{}, fmt.Errorf("workdays: %d working days", n)
	}
	day := Day(from)
	if start == NextDay {
		day = day.AddDate(0, 0, 1)
	}
	var skipped []Holiday
	for {
		h, holiday, err := d.Holiday(day)
		if err != nil {
			return Due{}, err
		}
		if wd := day.Weekday(); wd != time.Saturday && wd != time.Sunday {
			if holiday {
				skipped = append(skipped, h)
			} else if n--; n == 0 {
				return Due{Day: day.Format(time.DateOnly), At: EndOfDay(day), Skipped: skipped}, nil
			}
		}
		day = day.AddDate(0, 0, 1)
	}
}

// WorkingDaysBefore is the nth working day before day (a date), n >= 1:
// the day a reminder "one working day before" a deadline falls on.
func (d *Calendar) WorkingDaysBefore(day time.Time, n int) (time.Time, error) {
	if n < 1 {
		return time.Time{}, fmt.Errorf("workdays: %d working days", n)
	}
	day = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	for {
		day = day.AddDate(0, 0, -1)
		ok, err := d.IsWorkingDay(day)
		if err != nil {
			return time.Time{}, err
		}
		if ok {
			if n--; n == 0 {
				return day, nil
			}
		}
	}
}

// WorkingDaysBetween counts the working days after a and up to and
// including b (dates; 0 when b is not after a): how many working days of a
// period have been used.
func (d *Calendar) WorkingDaysBetween(a, b time.Time) (int, error) {
	a = time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, time.UTC)
	b = time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
	n := 0
	for day := a.AddDate(0, 0, 1); !day.After(b); day = day.AddDate(0, 0, 1) {
		ok, err := d.IsWorkingDay(day)
		if err != nil {
			return 0, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// AddCalendarDays is the end of a period of n calendar days (n >= 1)
// counted from the moment from: with NextDay, 28 days from 1 March end at
// the end of 29 March. Weekends and bank holidays count.
func AddCalendarDays(from time.Time, n int, start Start) (Due, error) {
	if n < 1 {
		return Due{}, fmt.Errorf("workdays: %d calendar days", n)
	}
	day := Day(from).AddDate(0, 0, n)
	if start == SameDay {
		day = day.AddDate(0, 0, -1)
	}
	return Due{Day: day.Format(time.DateOnly), At: EndOfDay(day)}, nil
}

// AddHours is the moment n hours (n >= 1) after from: elapsed hours, so 24
// hours across a clock change is 23 or 25 on the wall clock.
func AddHours(from time.Time, n int) (Due, error) {
	if n < 1 {
		return Due{}, fmt.Errorf("workdays: %d hours", n)
	}
	at := from.Add(time.Duration(n) * time.Hour)
	return Due{Day: at.In(clock.UK).Format(time.DateOnly), At: at}, nil
}
