package contract

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
)

func mustLibraries(t testing.TB) *Libraries {
	t.Helper()
	ls, err := LoadLibraries()
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

func date(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestSelectByDateAndJurisdiction(t *testing.T) {
	ls := mustLibraries(t)
	for _, c := range []struct {
		jurisdiction, start string
		version             string
		code                string
	}{
		{"England", "2026-05-01", "england-assured-periodic-2026-05", ""},
		{"England", "2027-03-15", "england-assured-periodic-2026-05", ""},
		{"England", "2026-04-30", "", "no_library_for_date"}, // the day before the Renters' Rights Act: no new AST is made here
		{"Wales", "2026-06-01", "", "jurisdiction_not_offered"},
		{"Scotland", "2026-06-01", "", "jurisdiction_not_offered"},
		{"Northern Ireland", "2026-06-01", "", "jurisdiction_not_offered"},
	} {
		lib, err := ls.Select("tenancy-agreement", c.jurisdiction, date(c.start))
		if c.version != "" {
			if err != nil || lib.Version != c.version {
				t.Errorf("%s %s: got %v, %v; want %s", c.jurisdiction, c.start, lib, err, c.version)
			}
			continue
		}
		var ae *apperr.Error
		if err == nil || !errors.As(err, &ae) || ae.Code != c.code {
			t.Errorf("%s %s: err %v, want code %s", c.jurisdiction, c.start, err, c.code)
		}
	}
}

func TestLibraryChecksRefuseBrokenData(t *testing.T) {
	base := `documentType: tenancy-agreement
version: v1
jurisdiction: England
effectiveFrom: 2026-05-01
title: T
source: S
rules: {rentPeriods: [monthly]}
law:
  residentLandlord: {question: Q, message: M, source: S, url: "https://x", since: 1989-01-15, checked: 2026-11-26}
  noticeAddress: {jurisdictions: [England], message: M, source: S, url: "https://x", since: 1988-02-01, checked: 2026-11-26}
  rentBook: {rentPeriods: [weekly], message: M, source: S, url: "https://x", since: 1985-10-01, checked: 2026-11-26}
  startDate: {daysBefore: 0, message: M, partyMessage: "P %s", landlordMessage: "L %s", source: S, url: "https://x", since: 2026-05-01, checked: 2026-11-27}
  advertisedRent: {message: "M %s", source: S, url: "https://x", since: 2026-05-01, checked: 2026-11-27}
  depositScheme: {schemes: [A], message: M, source: S, url: "https://x", since: 2007-04-06, checked: 2026-11-27}
  depositInTerms: {title: T, message: "M %s %s %s", source: S, url: "https://x", since: 2019-06-01, checked: 2026-11-27}
  holdingDeposit: {weeks: 1, title: T, message: "M %s %s %s", source: S, url: "https://x", since: 2019-06-01, checked: 2026-11-27}
  depositDiffers: {title: T, message: "M %s %s", source: S, url: "https://x", since: 2015-10-01, checked: 2026-11-27}
sections:
  - id: s
    part: A
    title: S
    clauses:
      - id: c
        text: "BODY"
`
	for name, body := range map[string]string{
		"unknown placeholder":     "Rent {{.RentAmont}}",
		"section 21 wording":      "The landlord may serve a section 21 notice",
		"broken template":         "{{if}}",
		"law rule without source": "x\nREPLACE",
		"start date without days": "x\nDAYS",
		"advert without its rent": "x\nADVERT",
	} {
		body := body
		if strings.HasSuffix(body, "DAYS") || strings.HasSuffix(body, "ADVERT") {
			broken := strings.Replace(base, "daysBefore: 0, ", "", 1)
			if strings.HasSuffix(body, "ADVERT") {
				broken = strings.Replace(base, `message: "M %s"`, "message: M", 1)
			}
			fsys := fstest.MapFS{"lib/a.yaml": {Data: []byte(strings.Replace(broken, "BODY", "x", 1))}}
			if _, err := loadLibraries(fsys, "lib"); err == nil {
				t.Errorf("%s: loaded", name)
			}
			continue
		}
		if strings.HasSuffix(body, "REPLACE") {
			fsys := fstest.MapFS{"lib/a.yaml": {Data: []byte(strings.Replace(strings.Replace(base, "BODY", "x", 1), "message: M, source: S, url: \"https://x\", since: 1985", "message: M, source: \"\", url: \"https://x\", since: 1985", 1))}}
			if _, err := loadLibraries(fsys, "lib"); err == nil {
				t.Errorf("%s: loaded", name)
			}
			continue
		}
		fsys := fstest.MapFS{"lib/a.yaml": {Data: []byte(strings.Replace(base, "BODY", body, 1))}}
		if _, err := loadLibraries(fsys, "lib"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	// The deposit rules of the terms: a holding deposit needs its weeks,
	// each message its amounts, each rule a title.
	for name, broken := range map[string][2]string{
		"holding deposit without weeks":         {"weeks: 1, ", ""},
		"start date without the party's date":   {`partyMessage: "P %s"`, `partyMessage: "P"`},
		"start date without a landlord message": {`landlordMessage: "L %s", `, ""},
		"deposit cap without the cap's amount":  {`message: "M %s %s %s", source: S, url: "https://x", since: 2019`, `message: "M %s %s", source: S, url: "https://x", since: 2019`},
		"differing deposit without a title":     {`depositDiffers: {title: T, `, `depositDiffers: {`},
	} {
		if !strings.Contains(base, broken[0]) {
			t.Fatalf("%s: %q is not in the library", name, broken[0])
		}
		fsys := fstest.MapFS{"lib/a.yaml": {Data: []byte(strings.Replace(strings.Replace(base, broken[0], broken[1], 1), "BODY", "x", 1))}}
		if _, err := loadLibraries(fsys, "lib"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	ok := fstest.MapFS{"lib/a.yaml": {Data: []byte(strings.Replace(base, "BODY", "Rent {{.RentAmount}}", 1))}}
	if _, err := loadLibraries(ok, "lib"); err != nil {
		t.Fatalf("good library refused: %v", err)
	}
	overlap := fstest.MapFS{
		"lib/a.yaml": {Data: []byte(strings.Replace(base, "BODY", "x", 1))},
		"lib/b.yaml": {Data: []byte(strings.Replace(strings.Replace(base, "BODY", "x", 1), "version: v1", "version: v2", 1))},
	}
	if _, err := loadLibraries(overlap, "lib"); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlapping versions: %v", err)
	}
}
