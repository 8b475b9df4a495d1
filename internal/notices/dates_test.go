package notices

import (
	"strings"
	"testing"
	"time"
)

func d(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func england(t *testing.T) (IncreaseRule, QuitRule) {
	t.Helper()
	r, err := LoadRules()
	if err != nil {
		t.Fatal(err)
	}
	on := d("2026-12-07")
	inc, quit := r.increaseRule("England", on), r.quitRule("England", on)
	if inc == nil || quit == nil {
		t.Fatal("no English rules on 7 December 2026")
	}
	if r.increaseRule("England", d("2026-04-30")) != nil {
		t.Error("a section 13 rule of the Renters' Rights Act before it came into force (1 May 2026)")
	}
	for _, j := range []string{"Wales", "Scotland", "Northern Ireland"} {
		if r.increaseRule(j, on) != nil || !strings.Contains(r.notHandled(j).Text, "England only") {
			t.Errorf("%s: the product must say plainly that it does not prepare these notices there", j)
		}
	}
	return *inc, *quit
}

// The earliest day a new rent may take effect, by each limit of section
// 13 as amended: two months after service (a posted notice counts two days
// later), 52 weeks after the start and after the last increase, on the
// first day of a rent period.
func TestEarliestIncrease(t *testing.T) {
	rule, _ := england(t)
	last := d("2027-12-01")
	for _, c := range []struct {
		name  string
		f     IncreaseFacts
		want  string
		bound string // the limit that decides it
	}{
		{"a new tenancy: 52 weeks after the start, then the next rent day", IncreaseFacts{Start: d("2026-12-01"), Period: "monthly", ServedOn: d("2026-11-02")}, "2027-12-01", "start"},
		{"an old tenancy served by hand: two months, then the next rent day", IncreaseFacts{Start: d("2024-03-15"), Period: "monthly", ServedOn: d("2026-12-07")}, "2027-02-15", "notice"},
		{"the same posted: two days later, so a month later", IncreaseFacts{Start: d("2024-03-15"), Period: "monthly", ServedOn: d("2026-12-14"), DeemedDays: 2}, "2027-03-15", "notice"},
		{"two months from 31 December end on the last day of February", IncreaseFacts{Start: d("2024-03-01"), Period: "monthly", ServedOn: d("2026-12-31")}, "2027-03-01", "notice"},
		{"a year after the last increase", IncreaseFacts{Start: d("2024-12-01"), Period: "monthly", ServedOn: d("2028-01-10"), LastIncrease: &last}, "2028-12-01", "last"},
		{"weekly: the next week's first day", IncreaseFacts{Start: d("2025-01-07"), Period: "weekly", ServedOn: d("2026-12-07")}, "2027-02-09", "notice"},
		{"a start on the 31st: the month's last day in shorter months", IncreaseFacts{Start: d("2025-01-31"), Period: "monthly", ServedOn: d("2026-12-01")}, "2027-02-28", "notice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, limits := rule.EarliestIncrease(c.f)
			if got.Format(time.DateOnly) != c.want {
				t.Fatalf("earliest %s, want %s (limits %+v)", got.Format(time.DateOnly), c.want, limits)
			}
			if why := rule.tooEarly(c.f, got); why != "" {
				t.Fatalf("the earliest day itself is refused: %s", why)
			}
			before := got.AddDate(0, 0, -1)
			why := rule.tooEarly(c.f, before)
			if why == "" {
				t.Fatalf("the day before the earliest (%s) is allowed", before.Format(time.DateOnly))
			}
			var bound Limit
			for _, l := range limits {
				if l.Key == c.bound {
					bound = l
				}
			}
			if bound.Key == "" || bound.Date.After(got) {
				t.Fatalf("the %s limit (%+v) does not lead to %s", c.bound, bound, c.want)
			}
			if !strings.Contains(why, UKDay(got)) {
				t.Errorf("the refusal does not give the earliest day %s: %s", UKDay(got), why)
			}
		})
	}
	// A day after the earliest that is not a rent period's first day.
	f := IncreaseFacts{Start: d("2026-12-01"), Period: "monthly", ServedOn: d("2026-11-02")}
	want := "Thu 2 Dec 2027 is not the first day of a rent period: the new rent must start on the first day of one, and the rent periods start on the 1st of each month. The next such day is Sat 1 Jan 2028."
	if got := rule.tooEarly(f, d("2027-12-02")); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	want = "Tue 1 Jun 2027 is too early. The law allows a new rent not within 52 weeks of the tenancy's start (Tue 1 Dec 2026): not before Tue 30 Nov 2027. The earliest date the law allows is Wed 1 Dec 2027."
	if got := rule.tooEarly(f, d("2027-06-01")); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// A tenant's notice ends at least two months later, on the last day of a
// rent period.
func TestEarliestEnd(t *testing.T) {
	_, rule := england(t)
	for _, c := range []struct {
		start, period, given, want string
	}{
		{"2025-06-01", "monthly", "2026-12-07", "2027-02-28"},
		{"2025-06-01", "monthly", "2026-12-01", "2027-02-28"}, // two months from the 1st is the 1st: the period ending after it
		{"2025-06-15", "monthly", "2026-12-07", "2027-02-14"},
		{"2026-12-01", "monthly", "2026-11-02", "2027-01-31"}, // given before the start
		{"2025-01-07", "weekly", "2026-12-07", "2027-02-08"},  // periods from Tuesdays end on Mondays
	} {
		got := rule.EarliestEnd(d(c.start), c.period, d(c.given))
		if got.Format(time.DateOnly) != c.want {
			t.Errorf("start %s %s, given %s: ends %s, want %s", c.start, c.period, c.given, got.Format(time.DateOnly), c.want)
		}
		if why := rule.endTooEarly(d(c.start), c.period, d(c.given), got); why != "" {
			t.Errorf("the earliest end is refused: %s", why)
		}
		if why := rule.endTooEarly(d(c.start), c.period, d(c.given), got.AddDate(0, 0, -1)); why == "" {
			t.Errorf("a day earlier is allowed")
		}
	}
}

// The change as a percentage, from integers, rounded half up.
func TestPercent(t *testing.T) {
	for _, c := range []struct {
		old, change int64
		want        string
	}{{120000, 6000, "5.00%"}, {120000, 100, "0.08%"}, {30000, 100, "0.33%"}, {150000, 1, "0.00%"}, {200, 1, "0.50%"}, {120000, 120000, "100.00%"}} {
		if got := percent(c.old, c.change); got != c.want {
			t.Errorf("percent(%d, %d) = %s, want %s", c.old, c.change, got, c.want)
		}
	}
}

// The data is checked at start-up: a rule without a source, or an unknown
// nation, stops the server.
func TestRulesAreChecked(t *testing.T) {
	good := string(noticesYAML)
	for name, bad := range map[string]string{
		"no source":        strings.Replace(good, "source: https://www.legislation.gov.uk/ukpga/1988/50/section/13", "source: ''", 1),
		"unknown nation":   strings.Replace(good, "  - jurisdiction: England\n    noticeMonths", "  - jurisdiction: Mercia\n    noticeMonths", 1),
		"no notice":        strings.Replace(good, "noticeMonths: 2", "noticeMonths: 0", 1),
		"bad date":         strings.Replace(good, `effectiveFrom: "2026-05-01"`, `effectiveFrom: "1 May"`, 1),
		"an unknown field": strings.Replace(good, "periodStart: true", "periodStart: true\n    cap: 5", 1),
	} {
		if bad == good {
			t.Fatalf("%s: the replacement did not apply", name)
		}
		if _, err := parseRules([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
