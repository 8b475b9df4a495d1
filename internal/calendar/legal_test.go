package calendar_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/session"
)

func TestLegalDateRulesWithRealDates(t *testing.T) {
	rules, err := calendar.LoadRules()
	if err != nil {
		t.Fatal(err)
	}
	got := func(tn calendar.Tenancy) map[string]string {
		out := map[string]string{}
		for _, d := range rules.DatesFor(tn) {
			out[strings.Split(d.Key, ":")[1]] = d.Date
			if d.Key != "gen:"+d.Rule.Key+":"+tn.ID {
				t.Errorf("key %s", d.Key)
			}
		}
		return out
	}
	// England, tenancy starting Monday 2 November 2026 with a deposit, no receipt date recorded.
	eng := got(calendar.Tenancy{ID: "a1", Jurisdiction: "England", StartDate: "2026-11-02", HasDeposit: true})
	want := map[string]string{
		"deposit-protection":     "2026-12-02", // 30 days from receiving it (the start date here)
		"right-to-rent":          "2026-11-01", // before the start date
		"rent-increase-notice":   "2027-09-02", // two months before the earliest increase
		"rent-increase-earliest": "2027-11-02", // 12 months after the start
	}
	if len(eng) != len(want) {
		t.Fatalf("England: %v", eng)
	}
	for k, v := range want {
		if eng[k] != v {
			t.Errorf("England %s: %s, want %s", k, eng[k], v)
		}
	}
	// A recorded receipt date wins; the 30 days cross a month end and a leap day.
	dates := rules.DatesFor(calendar.Tenancy{ID: "a2", Jurisdiction: "England", StartDate: "2028-03-01", DepositReceived: "2028-02-10", HasDeposit: true})
	for _, d := range dates {
		switch d.Rule.Key {
		case "deposit-protection":
			if d.Date != "2028-03-11" || d.Note != "" {
				t.Errorf("deposit from the receipt date: %s %q", d.Date, d.Note)
			}
		case "rent-increase-earliest":
			if d.Date != "2029-03-01" {
				t.Errorf("earliest increase: %s", d.Date)
			}
		}
	}
	// Months count to the same day, or the month's last day when it has none:
	// serving by 28 February 2027 gives two months' notice before 30 April.
	if g := got(calendar.Tenancy{ID: "a4", Jurisdiction: "England", StartDate: "2026-04-30"}); g["rent-increase-notice"] != "2027-02-28" || g["rent-increase-earliest"] != "2027-04-30" {
		t.Errorf("month end from 30 April: %v", g)
	}
	if g := got(calendar.Tenancy{ID: "a5", Jurisdiction: "England", StartDate: "2027-01-31"}); g["rent-increase-notice"] != "2027-11-30" || g["rent-increase-earliest"] != "2028-01-31" {
		t.Errorf("month end from 31 January: %v", g)
	}
	// Without a deposit, no deposit date; the note says when the start date stood in.
	if g := got(calendar.Tenancy{ID: "a3", Jurisdiction: "England", StartDate: "2026-11-02"}); g["deposit-protection"] != "" {
		t.Errorf("no deposit: %v", g)
	}
	// Until the receipt is recorded, the earliest the deadline can be: 30
	// days from the day the agreement was sent, when that is before the start.
	for _, d := range rules.DatesFor(calendar.Tenancy{ID: "a1", Jurisdiction: "England", StartDate: "2026-11-02", SentOn: "2026-10-20", HasDeposit: true}) {
		if d.Rule.Key == "deposit-protection" && (d.Date != "2026-11-19" || !strings.Contains(d.Note, "The earliest this deadline can be") || !strings.Contains(d.Note, "20 October 2026")) {
			t.Errorf("earliest deadline: %s %q", d.Date, d.Note)
		}
	}
	// Scotland: 30 working days from Monday 2 November 2026 is Monday 14 December; no Right to Rent or section 13.
	if g := got(calendar.Tenancy{ID: "s1", Jurisdiction: "Scotland", StartDate: "2026-11-02", HasDeposit: true}); len(g) != 1 || g["deposit-protection-scotland"] != "2026-12-14" {
		t.Errorf("Scotland: %v", g)
	}
	// Wales: the deposit rule and the written statement (14 days starting with the occupation date).
	if g := got(calendar.Tenancy{ID: "w1", Jurisdiction: "Wales", StartDate: "2026-01-31", HasDeposit: true}); len(g) != 2 || g["deposit-protection"] != "2026-03-02" ||
		g["written-statement-wales"] != "2026-02-13" {
		t.Errorf("Wales: %v", g)
	}
	// Northern Ireland (issue 46): the information notice in 28 days, the deposit protected in 28.
	if g := got(calendar.Tenancy{ID: "n1", Jurisdiction: "Northern Ireland", StartDate: "2026-12-07", DepositReceived: "2026-12-07", HasDeposit: true}); len(g) != 2 ||
		g["information-notice-ni"] != "2027-01-04" || g["deposit-protection-ni"] != "2027-01-04" {
		t.Errorf("Northern Ireland: %v", g)
	}
}

type fakeAgreements []calendar.Tenancy

func (f fakeAgreements) Tenancies(_ context.Context, landlordID string) ([]calendar.Tenancy, error) {
	var out []calendar.Tenancy
	for _, t := range f {
		if landlordID == "" || t.LandlordID == landlordID {
			out = append(out, t)
		}
	}
	return out, nil
}

type fakeCertificates []calendar.CertificateExpiry

func (f fakeCertificates) Acknowledge(_ context.Context, _ string, key string, _ bool) error {
	for _, c := range f {
		if c.Key == key {
			return nil
		}
	}
	return apperr.New(apperr.NotFound, "not_found", "not found")
}

func (f fakeCertificates) Expiries(_ context.Context, _ string, from, to time.Time) ([]calendar.CertificateExpiry, error) {
	var out []calendar.CertificateExpiry
	for _, c := range f {
		if c.ExpiresOn >= from.Format(time.DateOnly) && c.ExpiresOn <= to.Format(time.DateOnly) {
			out = append(out, c)
		}
	}
	return out, nil
}

type people struct{ e *apptest.Env }

func (p people) Contact(ctx context.Context, id string) (string, string, error) {
	u, err := p.e.App.Auth.UserByID(ctx, id)
	return u.Email, u.FullName, err
}

type noProperties struct{}

func (noProperties) Address(context.Context, session.Actor, string) (string, error) {
	return "", apperr.New(apperr.NotFound, "not_found", "no")
}

// generatedService is a calendar over the test app's database with the
// given tenancies and certificates.
func generatedService(t *testing.T, e *apptest.Env, ts fakeAgreements, cs fakeCertificates) *calendar.Service {
	rules, err := calendar.LoadRules()
	if err != nil {
		t.Fatal(err)
	}
	return calendar.NewService(calendar.Deps{DB: e.App.DB, Clock: e.Clock, Mail: e.App.Mail, Properties: noProperties{}, People: people{e},
		Agreements: ts, Certificates: cs, Rules: rules, BaseURL: "https://omnirent.example"})
}

func actor(t *testing.T, e *apptest.Env, email string) session.Actor {
	u, err := e.App.Auth.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return session.Actor{UserID: u.ID, Email: u.Email, FullName: u.FullName, UserType: session.Landlord, Role: session.RoleUser}
}

func TestGeneratedDatesShowAlertAndCanBeMarkedDone(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		e.SignedIn("other@example.com", "Secret#123", "Landlord")
		lord, other := actor(t, e, "lord@example.com"), actor(t, e, "other@example.com")
		ts := fakeAgreements{
			{ID: "ag1", LandlordID: lord.UserID, PropertyAddress: "1 High Street, York YO1 1AA", Jurisdiction: "England", StartDate: "2026-11-02", HasDeposit: true, Link: "/contract-builder?view=completed&id=ag1"},
			{ID: "ag2", LandlordID: other.UserID, PropertyAddress: "2 Low Street", Jurisdiction: "England", StartDate: "2026-11-09", HasDeposit: true},
		}
		cs := fakeCertificates{{Key: "gas-1", CertificateID: "c1", Type: "Gas Safety Certificate", PropertyAddress: "1 High Street, York YO1 1AA", ExpiresOn: "2026-12-20", Link: "/documents/Certificates?id=c1"}}
		svc := generatedService(t, e, ts, cs)
		ctx := context.Background()
		list, err := svc.Occurrences(ctx, lord, "2026-11-01", "2026-12-31", "", "")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range list {
			if !o.Generated || !o.AllDay {
				t.Errorf("not generated all-day: %+v", o)
			}
			got = append(got, o.Date+" "+o.Category+" "+o.Key)
		}
		want := "2026-11-01 Tenancy gen:right-to-rent:ag1|2026-12-02 Tenancy gen:deposit-protection:ag1|2026-12-20 Certificates cert:gas-1"
		if strings.Join(got, "|") != want {
			t.Fatalf("generated:\n got %s\nwant %s", strings.Join(got, "|"), want)
		}
		if list[1].Link != "/contract-builder?view=completed&id=ag1" || !strings.Contains(list[1].Source, "Housing Act 2004") {
			t.Errorf("link and source: %+v", list[1])
		}
		if c, _ := svc.Occurrences(ctx, lord, "2026-11-01", "2026-12-31", "Certificates", ""); len(c) != 1 || c[0].Link != "/documents/Certificates?id=c1" {
			t.Errorf("certificates tile: %+v", c)
		}
		// Another landlord's agreement's dates are not lord's to mark.
		if err := svc.MarkDone(ctx, lord, "gen:deposit-protection:ag2", true); apperr.KindOf(err) != apperr.NotFound {
			t.Errorf("other's date: %v", err)
		}
		// The deposit deadline's alert goes 7 days before, at 09:00, once.
		e.Clock.Set(time.Date(2026, 11, 25, 8, 59, 0, 0, time.UTC))
		if err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := alerts(t, e, "lord@example.com"); len(got) != 0 {
			t.Fatalf("early: %v", got)
		}
		e.Clock.Set(time.Date(2026, 11, 25, 9, 0, 30, 0, time.UTC))
		for range 3 {
			if err := svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := alerts(t, e, "lord@example.com"); len(got) != 1 || !strings.HasPrefix(got[0], "Reminder: Protect the deposit") {
			t.Fatalf("deposit alert: %v", got)
		}
		// Other's deposit date (9 December) is marked done before its alert: none goes.
		if err := svc.MarkDone(ctx, other, "gen:deposit-protection:ag2", true); err != nil {
			t.Fatal(err)
		}
		e.Clock.Set(time.Date(2026, 12, 2, 9, 1, 0, 0, time.UTC))
		if err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := alerts(t, e, "other@example.com"); len(got) != 0 {
			t.Fatalf("done date alerted: %v", got)
		}
		if l, _ := svc.Occurrences(ctx, other, "2026-12-09", "2026-12-09", "", ""); len(l) != 1 || !l[0].Done {
			t.Fatalf("done shown: %+v", l)
		}
		// Certificates are shown, not alerted by the calendar (the documents area sends them).
		e.Clock.Set(time.Date(2026, 12, 19, 9, 1, 0, 0, time.UTC))
		if err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		for _, s := range alerts(t, e, "lord@example.com") {
			if strings.Contains(s, "Gas") {
				t.Errorf("calendar alerted a certificate: %s", s)
			}
		}
		if err := svc.MarkDone(ctx, lord, "cert:gas-1", true); err != nil {
			t.Errorf("mark certificate done: %v", err)
		}
	})
}

// The feed is valid iCalendar: parsed back with a second library
// (arran4/golang-ical), it holds the time zone, the series with its rule,
// the deleted occurrence, the moved one, and the generated dates.
func TestFeedParsesBack(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		if r := c.Get("/api/calendar/feed"); r.Status != 200 || r.Body["enabled"] != false {
			t.Fatalf("feed off at first: %s", r.Raw)
		}
		id := create(t, c, map[string]any{"limitDate": "2026-12-31", "attendees": []any{map[string]any{"firstName": "Amy", "lastName": "Lee", "email": "amy@example.com"}}})["id"].(string)
		c.Do("DELETE", "/api/calendar/events/"+id+"/occurrences/2026-11-19T09:00", nil)
		c.Do("PUT", "/api/calendar/events/"+id+"/occurrences/2026-11-12T09:00", map[string]any{"title": "Moved", "date": "2026-11-13", "startTime": "11:00", "endTime": "12:00"})
		r := c.Post("/api/calendar/feed", nil)
		feedURL, _ := r.Body["url"].(string)
		if r.Status != 200 || !strings.Contains(feedURL, "/api/calendar/feed/") || !strings.HasSuffix(feedURL, ".ics") {
			t.Fatalf("turn on: %d %s", r.Status, r.Raw)
		}
		path := feedURL[strings.Index(feedURL, "/api/"):]
		token := strings.TrimSuffix(path[strings.LastIndex(path, "/")+1:], ".ics")
		if len(token) < 43 {
			t.Errorf("short token %q", token)
		}
		res := e.NewClient().Get(path) // public: no session
		if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") {
			t.Fatalf("feed: %d %s", res.Status, res.Header)
		}
		cal, err := ics.ParseCalendar(strings.NewReader(res.Raw))
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, res.Raw)
		}
		if tz := cal.Timezones(); len(tz) != 1 || tz[0].GetProperty(ics.ComponentPropertyTzid) == nil || tz[0].GetProperty(ics.ComponentPropertyTzid).Value != "Europe/London" {
			t.Errorf("timezones: %v", len(tz))
		}
		evs := cal.Events()
		if len(evs) != 2 {
			t.Fatalf("events: %d\n%s", len(evs), res.Raw)
		}
		master, moved := evs[0], evs[1]
		if master.Id() != id+"@omnirent" || moved.Id() != id+"@omnirent" {
			t.Errorf("uids %s %s", master.Id(), moved.Id())
		}
		if p := master.GetProperty(ics.ComponentPropertyRrule); p == nil || !strings.HasPrefix(p.Value, "FREQ=WEEKLY;UNTIL=2026123") {
			t.Errorf("rrule: %+v", p)
		}
		if p := master.GetProperty(ics.ComponentPropertyExdate); p == nil || p.Value != "20261119T090000" || p.ICalParameters["TZID"][0] != "Europe/London" {
			t.Errorf("exdate: %+v", p)
		}
		if p := moved.GetProperty(ics.ComponentPropertyRecurrenceId); p == nil || p.Value != "20261112T090000" {
			t.Errorf("recurrence-id: %+v", p)
		}
		if p := moved.GetProperty(ics.ComponentPropertySummary); p == nil || p.Value != "Moved" {
			t.Errorf("moved summary: %+v", p)
		}
		if start, err := master.GetStartAt(); err != nil || !start.Equal(time.Date(2026, 11, 5, 9, 0, 0, 0, time.UTC)) {
			t.Errorf("start: %v %v", start, err)
		}
		// Reset: the old address is gone; turning off removes the new one.
		r2 := c.Post("/api/calendar/feed", nil)
		if r2.Body["url"] == feedURL {
			t.Fatal("reset kept the token")
		}
		if res := e.NewClient().Get(path); res.Status != http.StatusNotFound {
			t.Fatalf("old token: %d", res.Status)
		}
		newPath := r2.Body["url"].(string)
		newPath = newPath[strings.Index(newPath, "/api/"):]
		if res := e.NewClient().Get(newPath); res.Status != 200 {
			t.Fatalf("new token: %d", res.Status)
		}
		if r := c.Do("DELETE", "/api/calendar/feed", nil); r.Status != 204 {
			t.Fatalf("off: %d", r.Status)
		}
		if res := e.NewClient().Get(newPath); res.Status != http.StatusNotFound {
			t.Fatalf("after off: %d", res.Status)
		}
		if res := e.NewClient().Get("/api/calendar/feed/" + strings.Repeat("A", 43) + ".ics"); res.Status != 404 {
			t.Fatalf("guessed: %d", res.Status)
		}
	})
}

func TestFeedCarriesGeneratedDatesAsAllDayEvents(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		lord := actor(t, e, "lord@example.com")
		svc := generatedService(t, e,
			fakeAgreements{{ID: "ag1", LandlordID: lord.UserID, PropertyAddress: "1 High Street", Jurisdiction: "England", StartDate: "2026-11-02", HasDeposit: true, Link: "/contract-builder?view=completed&id=ag1"}},
			fakeCertificates{{Key: "gas-1", Type: "Gas Safety Certificate", PropertyAddress: "1 High Street", ExpiresOn: "2027-01-15", Link: "/documents/Certificates?id=c1"}})
		ctx := context.Background()
		st, err := svc.ResetFeed(ctx, lord)
		if err != nil {
			t.Fatal(err)
		}
		token := strings.TrimSuffix(st.URL[strings.LastIndex(st.URL, "/")+1:], ".ics")
		b, err := svc.FeedCalendar(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		cal, err := ics.ParseCalendar(strings.NewReader(string(b)))
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, b)
		}
		found := map[string]string{}
		for _, ev := range cal.Events() {
			start := ev.GetProperty(ics.ComponentPropertyDtStart)
			if start.ICalParameters["VALUE"][0] != "DATE" {
				t.Errorf("not all-day: %+v", start)
			}
			found[ev.GetProperty(ics.ComponentPropertySummary).Value] = start.Value
		}
		if found["Gas Safety Certificate expires - 1 High Street"] != "20270115" ||
			found["Protect the deposit and serve the prescribed information - 1 High Street"] != "20261202" ||
			found["Earliest date a section 13 rent increase can take effect - 1 High Street"] != "20271102" {
			t.Fatalf("generated in the feed: %v", found)
		}
	})
}

// What people type (a pasted text with CRLF, a quote or a line break in a
// name, a long description with £ and accents) still makes valid RFC 5545:
// the event is saved, every line ends in CRLF and is folded at 75 octets,
// nothing breaks out of a parameter, and a second library reads it back.
func TestICSIsFoldedAndSurvivesWhatPeopleType(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		long := strings.Repeat("Rent £950 a month, café opposite; ", 8)
		r := c.Post("/api/calendar/events", event(map[string]any{
			"description": "First line\r\nSecond line " + long,
			"attendees":   []any{map[string]any{"firstName": `Jo "JJ"`, "lastName": "Lee\r\nX-INJECTED:1", "email": "jo@example.com"}},
		}))
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		inv := mailTo(t, e, "jo@example.com")
		if len(inv) != 1 || len(inv[0].Attachments) != 1 {
			t.Fatalf("invitation: %v", subjects(inv))
		}
		feed := c.Post("/api/calendar/feed", nil).Body["url"].(string)
		res := e.NewClient().Get(feed[strings.Index(feed, "/api/"):])
		if res.Status != 200 {
			t.Fatalf("feed: %d %s", res.Status, res.Raw)
		}
		for name, raw := range map[string]string{"invitation": string(inv[0].Attachments[0].Data), "feed": res.Raw} {
			if !strings.HasSuffix(raw, "END:VCALENDAR\r\n") {
				t.Errorf("%s does not end in CRLF", name)
			}
			for _, line := range strings.Split(strings.TrimSuffix(raw, "\r\n"), "\r\n") {
				if len(line) > 75 || strings.ContainsAny(line, "\r\n") || strings.HasPrefix(line, "X-INJECTED") {
					t.Errorf("%s: bad line %q", name, line)
				}
			}
			cal, err := ics.ParseCalendar(strings.NewReader(raw))
			if err != nil {
				t.Fatalf("%s: parse: %v\n%s", name, err, raw)
			}
			ev := cal.Events()[0]
			if d := ev.GetProperty(ics.ComponentPropertyDescription); d == nil || !strings.HasPrefix(d.Value, "First line\nSecond line Rent £950 a month, café opposite; Rent") {
				t.Errorf("%s: description %+v", name, d)
			}
			if a := ev.GetProperty(ics.ComponentPropertyAttendee); a == nil || a.Value != "mailto:jo@example.com" {
				t.Errorf("%s: attendee %+v", name, a)
			}
		}
	})
}
