package workdays

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// at is a wall-clock moment in UK time.
func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, clock.UK)
	if err != nil {
		panic(err)
	}
	return t
}

func date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func cal(t *testing.T, jurisdiction string) *Calendar {
	t.Helper()
	c, err := Default().For(jurisdiction)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEmbeddedCalendarsLoad(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.URL != "https://www.gov.uk/bank-holidays.json" || c.FirstYear != 2025 || c.LastYear != 2028 {
		t.Errorf("provenance: %s %d-%d", c.URL, c.FirstYear, c.LastYear)
	}
	for j, id := range map[string]string{"England": EnglandAndWales, "Wales": EnglandAndWales, "Scotland": Scotland, "Northern Ireland": NorthernIreland} {
		d, err := c.For(j)
		if err != nil || d.ID != id {
			t.Errorf("%s: %v %v", j, d, err)
		}
	}
	if _, err := c.For("Isle of Man"); err == nil {
		t.Error("a calendar for the Isle of Man")
	}
}

// The days that differ between the divisions, and the substitute days.
func TestHolidaysOfEachDivision(t *testing.T) {
	for _, tc := range []struct {
		jurisdiction, day string
		holiday           bool
		title             string
	}{
		{"England", "2026-12-28", true, "Boxing Day"}, // 26 Dec 2026 is a Saturday
		{"England", "2026-12-26", false, ""},
		{"England", "2026-04-06", true, "Easter Monday"},
		{"Scotland", "2026-04-06", false, ""}, // no Easter Monday in Scotland
		{"Scotland", "2026-01-02", true, "2nd January"},
		{"England", "2026-01-02", false, ""},
		{"Scotland", "2026-11-30", true, "St Andrew's Day"},
		{"Scotland", "2025-12-01", true, "St Andrew's Day"}, // 30 Nov 2025 is a Sunday
		{"England", "2026-11-30", false, ""},
		{"Scotland", "2026-08-03", true, "Summer bank holiday"}, // first Monday of August
		{"Scotland", "2026-08-31", false, ""},
		{"Wales", "2026-08-31", true, "Summer bank holiday"},
		{"Northern Ireland", "2026-03-17", true, "St Patrick's Day"},
		{"Northern Ireland", "2026-07-13", true, "Battle of the Boyne (Orangemen's Day)"}, // 12 Jul 2026 is a Sunday
		{"Northern Ireland", "2027-07-12", true, "Battle of the Boyne (Orangemen's Day)"},
		{"England", "2027-07-12", false, ""},
		{"Scotland", "2027-01-04", true, "2nd January"}, // 2 Jan 2027 is a Saturday
		{"Scotland", "2028-01-04", true, "2nd January"}, // 1 and 2 Jan 2028 fall on the weekend
		{"England", "2028-01-04", false, ""},
	} {
		h, ok, err := cal(t, tc.jurisdiction).Holiday(date(tc.day))
		if err != nil || ok != tc.holiday || h.Title != tc.title {
			t.Errorf("%s %s: %v %q %v, want %v %q", tc.jurisdiction, tc.day, ok, h.Title, err, tc.holiday, tc.title)
		}
	}
	hs, err := cal(t, "Scotland").HolidaysIn(2026)
	if err != nil || len(hs) != 9 {
		t.Errorf("Scotland 2026: %d holidays, %v", len(hs), err)
	}
}

func TestAddWorkingDays(t *testing.T) {
	for _, tc := range []struct {
		name, jurisdiction, from string
		n                        int
		start                    Start
		want                     string
		skipped                  int
	}{
		// REPAIRS.md 3.6 test 1: damp reported on Fri 27 Nov 2026 at 16:00;
		// 10 working days beginning the day after. Scotland skips St
		// Andrew's Day (Mon 30 Nov); England counts it.
		{"Scottish damp over St Andrew's Day", "Scotland", "2026-11-27 16:00", 10, NextDay, "2026-12-14", 1},
		{"the same report in Leeds", "England", "2026-11-27 16:00", 10, NextDay, "2026-12-11", 0},
		// 3.6 test 2: investigation completed Wed 23 Dec 2026.
		{"summary over Christmas", "Scotland", "2026-12-23 15:00", 3, NextDay, "2026-12-30", 2},
		{"safety work over New Year in Scotland", "Scotland", "2026-12-23 15:00", 5, NextDay, "2027-01-05", 4},
		{"safety work over New Year in England", "England", "2026-12-23 15:00", 5, NextDay, "2027-01-04", 3},
		{"Wales uses England's calendar", "Wales", "2026-12-23 15:00", 5, NextDay, "2027-01-04", 3},
		{"Northern Ireland over the Twelfth", "Northern Ireland", "2027-07-09 10:00", 1, NextDay, "2027-07-13", 1},
		{"England over the same days", "England", "2027-07-09 10:00", 1, NextDay, "2027-07-12", 0},
		{"a weekend only", "England", "2026-11-06 10:00", 1, NextDay, "2026-11-09", 0},
		{"the same day counts when it is a working day", "England", "2026-11-09 10:00", 1, SameDay, "2026-11-09", 0},
		{"the same day does not when it is a holiday", "Scotland", "2026-11-30 10:00", 1, SameDay, "2026-12-01", 1},
		// 23:30 on 1 Jun 2026 in UK time is 22:30 UTC: the UK day is what counts.
		{"late evening in summer time", "England", "2026-06-01 23:30", 1, NextDay, "2026-06-02", 0},
		{"across the year", "England", "2027-12-24 09:00", 1, NextDay, "2027-12-29", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			due, err := cal(t, tc.jurisdiction).AddWorkingDays(at(tc.from), tc.n, tc.start)
			if err != nil {
				t.Fatal(err)
			}
			if due.Day != tc.want || len(due.Skipped) != tc.skipped {
				t.Errorf("%s + %d working days = %s (skipped %v), want %s (%d skipped)", tc.from, tc.n, due.Day, due.Skipped, tc.want, tc.skipped)
			}
			if end := at(tc.want+" 00:00").AddDate(0, 0, 1); !due.At.Equal(end) {
				t.Errorf("ends at %s, want %s", due.At, end)
			}
		})
	}
}

// Counting working days over Christmas and the New Year: the working days
// from Christmas Eve 2026 to 8 January 2027.
func TestWorkingDaysOverChristmas(t *testing.T) {
	for j, want := range map[string]int{
		// 29, 30, 31 Dec; 4 (not Scotland), 5, 6, 7, 8 Jan.
		"England": 8, "Scotland": 7, "Northern Ireland": 8,
	} {
		n, err := cal(t, j).WorkingDaysBetween(date("2026-12-24"), date("2027-01-08"))
		if err != nil || n != want {
			t.Errorf("%s: %d working days, %v; want %d", j, n, err, want)
		}
	}
	day, err := cal(t, "Scotland").WorkingDaysBefore(date("2027-01-05"), 1)
	if err != nil || day.Format(time.DateOnly) != "2026-12-31" {
		t.Errorf("the working day before 5 Jan 2027 in Scotland: %s %v", day, err)
	}
}

func TestCalendarDaysAndHours(t *testing.T) {
	// REPAIRS.md 3.6 test 14: an EICR of 1 Mar 2027 needs remedial work
	// within 28 days: by 29 Mar 2027.
	due, err := AddCalendarDays(at("2027-03-01 11:00"), 28, NextDay)
	if err != nil || due.Day != "2027-03-29" || !due.At.Equal(at("2027-03-30 00:00")) {
		t.Errorf("28 days: %+v %v", due, err)
	}
	due, _ = AddCalendarDays(at("2027-03-01 11:00"), 28, SameDay)
	if due.Day != "2027-03-28" {
		t.Errorf("28 days counting the first: %s", due.Day)
	}
	// 24 hours across the clock change of 25 Oct 2026 (01:00 UTC): 24
	// elapsed hours, 09:00 to 08:00 on the wall clock.
	due, err = AddHours(at("2026-10-24 09:00"), 24)
	if err != nil || !due.At.Equal(at("2026-10-25 08:00")) || due.Day != "2026-10-25" {
		t.Errorf("24 hours over the clock change: %s %s %v", due.At.In(clock.UK), due.Day, err)
	}
	due, _ = AddHours(at("2026-11-27 16:00"), 48)
	if !due.At.Equal(at("2026-11-29 16:00")) {
		t.Errorf("48 hours: %s", due.At)
	}
	for _, err := range []error{
		func() error { _, err := AddHours(at("2026-11-27 16:00"), 0); return err }(),
		func() error { _, err := AddCalendarDays(at("2026-11-27 16:00"), -1, NextDay); return err }(),
		func() error {
			_, err := cal(t, "England").AddWorkingDays(at("2026-11-27 16:00"), 0, NextDay)
			return err
		}(),
	} {
		if err == nil {
			t.Error("a count of less than one was accepted")
		}
	}
}

func TestCountsOutsideTheCalendarAreRefused(t *testing.T) {
	_, err := cal(t, "England").AddWorkingDays(at("2028-12-29 10:00"), 3, NextDay)
	var nc *NotCoveredError
	if !errors.Is(err, ErrNotCovered) || !errors.As(err, &nc) || nc.Year != 2029 {
		t.Fatalf("counting into 2029: %v", err)
	}
	if !strings.Contains(err.Error(), "covers 2025 to 2028") {
		t.Errorf("message: %q", err)
	}
	if _, err := cal(t, "England").IsWorkingDay(date("2024-12-31")); !errors.Is(err, ErrNotCovered) {
		t.Errorf("2024: %v", err)
	}
	if Default().Covers(at("2029-01-01 00:30")) || !Default().Covers(at("2028-12-31 23:30")) {
		t.Error("Covers")
	}
}

const header = "source: GOV.UK\nurl: https://www.gov.uk/bank-holidays.json\nreviewed: \"2026-11-27\"\nfirstYear: 2026\nlastYear: 2027\n"

// A file with a year missing, a weekend, a repeat or an unknown field is
// refused at load, naming the problem.
func TestBadFilesAreRefused(t *testing.T) {
	good := header + `divisions:
  - id: a
    name: A
    jurisdictions: [England]
    perYear: 1
    holidays:
      - {date: "2026-12-25", title: Christmas Day}
      - {date: "2027-12-27", title: Christmas Day, notes: Substitute day}
`
	if _, err := Parse([]byte(good)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for name, tc := range map[string]struct{ file, want string }{
		"a year missing": {strings.Replace(good, `      - {date: "2027-12-27", title: Christmas Day, notes: Substitute day}`+"\n", "", 1), "2027 has 0 regular holidays"},
		"a weekend":      {strings.Replace(good, "2027-12-27", "2027-12-25", 1), "falls on a Saturday"},
		"out of order":   {strings.Replace(good, "2026-12-25", "2027-12-28", 1), "repeated or out of order"},
		"outside range":  {strings.Replace(good, "2026-12-25", "2025-12-25", 1), "outside 2026 to 2027"},
		"unknown field":  {strings.Replace(good, "perYear: 1", "perYear: 1\n    extra: 2", 1), "field extra not found"},
		"no source url":  {strings.Replace(good, "https://www.gov.uk", "http://www.gov.uk", 1), "https url"},
		"bad notes":      {strings.Replace(good, "Substitute day", "Moved", 1), "unknown notes"},
		"one-off extra": {strings.Replace(good, `      - {date: "2027-12-27"`, `      - {date: "2027-06-14", title: Extra, oneOff: true}
      - {date: "2027-12-27"`, 1), ""},
	} {
		_, err := Parse([]byte(tc.file))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
