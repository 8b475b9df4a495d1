package tenancy

import (
	"strings"
	"testing"
	"time"
)

// The three nations' files load at start-up, each with its own words,
// required details, schemes and deadlines, and say which prescribed
// passages are held (issue 46).
func TestNationsAsShipped(t *testing.T) {
	for j, want := range map[string]struct{ tenant, start, notice, detail string }{
		Scotland:        {"tenant", "start date", "notice to leave", "landlordRegistration"},
		Wales:           {"contract-holder", "occupation date", "landlord's notice (form RHW16)", "rentSmartRegistration"},
		NorthernIreland: {"tenant", "start date", "notice to quit", "ratesAmount"},
	} {
		n, ok := NationOf(j)
		if !ok {
			t.Fatalf("%s: no data", j)
		}
		if n.Word("tenant") != want.tenant || n.Word("startDate") != want.start || n.Word("landlordNotice") != want.notice {
			t.Errorf("%s words: %v", j, n.Vocabulary)
		}
		found := false
		for _, d := range n.Required {
			found = found || d.Key == want.detail
		}
		if !found {
			t.Errorf("%s: required detail %s missing", j, want.detail)
		}
		if n.RightToRent {
			t.Errorf("%s: Right to Rent applies in England only", j)
		}
		if !strings.HasPrefix(n.Generator.URL, "https://") {
			t.Errorf("%s: generator %q", j, n.Generator.URL)
		}
		// No exact published text was read whole (research of 7 Dec 2026):
		// nothing may be generated until it is.
		if n.CanGenerate() || len(n.Missing()) != len(n.Statutory) {
			t.Errorf("%s: passages held %v", j, n.Statutory)
		}
	}
	if _, ok := NationOf(England); ok {
		t.Error("England's rules are its clause library's")
	}
}

// Deadlines are counted in each nation's own days: Scotland's deposit in
// Scottish working days (2 January is a bank holiday there, not in
// England and Wales), Wales's statement in the 14 days starting with the
// occupation date, Northern Ireland's notice in 28 calendar days.
func TestNationDeadlines(t *testing.T) {
	start := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC) // a Monday
	cases := map[string]map[string]string{
		// 30 working days from Tue 8 Dec, skipping weekends and Scotland's
		// 25 and 28 Dec (Boxing Day's substitute), 1 Jan and 4 Jan 2027
		// (the 2 January holiday's substitute).
		Scotland:        {"written-terms": "2026-12-07", "deposit-protection": "2027-01-22"},
		Wales:           {"written-statement": "2026-12-20", "deposit-protection": "2027-01-06", "electrical-report": "2026-12-20"},
		NorthernIreland: {"information-notice": "2027-01-04", "deposit-protection": "2027-01-04", "deposit-information": "2027-01-11"},
	}
	for j, want := range cases {
		n, _ := NationOf(j)
		ds, err := n.DeadlinesFrom(start)
		if err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		if len(ds) != len(want) {
			t.Errorf("%s: %d deadlines, want %d", j, len(ds), len(want))
		}
		for _, d := range ds {
			if want[d.ID] != d.Day {
				t.Errorf("%s %s: %s, want %s", j, d.ID, d.Day, want[d.ID])
			}
			if d.Statute == "" || !strings.HasPrefix(d.Source, "https://") {
				t.Errorf("%s %s: no source", j, d.ID)
			}
		}
	}
	ni, _ := NationOf(NorthernIreland)
	if got := ni.FirstRentIncrease(start).Format(time.DateOnly); got != "2027-12-07" {
		t.Errorf("NI first increase %s", got)
	}
	sc, _ := NationOf(Scotland)
	if got := sc.FirstRentIncrease(start); !got.Equal(start) {
		t.Errorf("Scotland sets no wait before the first increase: %s", got)
	}
}

func TestNationDetailMessages(t *testing.T) {
	sc, _ := NationOf(Scotland)
	reg := sc.Required[0]
	for v, want := range map[string]string{
		"123456/123/12345": "",
		"pending":          "",
		"Pending":          "",
		"12345":            "\"Landlord registration number\" does not look right. Your number on the council's landlord register",
		"":                 "Please fill in \"Landlord registration number\": Antisocial Behaviour etc. (Scotland) Act 2004",
	} {
		got := reg.CheckDetail(v)
		if (want == "") != (got == "") || !strings.HasPrefix(got, want) {
			t.Errorf("Scotland registration %q: %q", v, got)
		}
	}
	ni, _ := NationOf(NorthernIreland)
	for _, d := range ni.Required {
		if d.Key == "landlordRegistration" && d.CheckDetail("pending") == "" {
			t.Error("Northern Ireland: a landlord registers before letting, so pending is refused")
		}
	}
}

// A bad file stops the program at start-up, saying what is wrong.
func TestNationFileChecks(t *testing.T) {
	raw, err := nationsFS.ReadFile("data/nations/scotland.yaml")
	if err != nil {
		t.Fatal(err)
	}
	good := string(raw)
	if _, err := ParseNation(raw); err != nil {
		t.Fatalf("shipped file: %v", err)
	}
	for name, c := range map[string]struct{ from, to, want string }{
		"present without text": {"    status: missing\n    note: Only the regulations'", "    status: present\n    note: Only the regulations'", "a present passage holds its published text"},
		"unknown status":       {"    status: missing\n    note: Only the regulations'", "    status: maybe\n    note: Only the regulations'", "status is present or missing"},
		"no vocabulary word":   {"  landlordNotice: notice to leave\n", "", `"landlordNotice" is missing`},
		"bad confidence":       {"confidence: H\nvocabulary", "confidence: X\nvocabulary", "confidence"},
		"http source":          {"source: https://www.legislation.gov.uk/asp/2016/19/contents", "source: http://example.org", "https source"},
		"bad pattern":          {`pattern: '^[0-9]{6}/[0-9]{3}/[0-9]{5}$'`, `pattern: '[0-9'`, "whole-answer regular expression"},
		"unknown unit":         {"unit: workingDays", "unit: fortnights", "calendarDays or workingDays"},
		"unknown field":        {"rightToRent: false", "rightToRent: false\nrightToBuy: true", "rightToBuy"},
		"England":              {"jurisdiction: Scotland", "jurisdiction: England", "not Scotland, Wales or Northern Ireland"},
	} {
		if !strings.Contains(good, c.from) {
			t.Fatalf("%s: %q not in the file", name, c.from)
		}
		_, err := ParseNation([]byte(strings.Replace(good, c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
