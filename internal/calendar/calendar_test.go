package calendar_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// The test clock starts on Monday 2 November 2026, 09:00 UTC (= London, GMT).

func event(over map[string]any) map[string]any {
	e := map[string]any{
		"category": "Viewings", "title": "Viewing at 12 Oak Road", "description": "Bring the keys",
		"location":  map[string]any{"propertyId": "", "address": "12 Oak Road, Leeds LS1 1AA"},
		"attendees": []any{},
		"date":      "2026-11-05", "startTime": "09:00", "endTime": "10:00",
		"frequency": "weekly", "limitDate": "", "alert": "1 hour",
	}
	for k, v := range over {
		e[k] = v
	}
	return e
}

func create(t *testing.T, c *apptest.Client, over map[string]any) map[string]any {
	t.Helper()
	r := c.Post("/api/calendar/events", event(over))
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	return r.Body["event"].(map[string]any)
}

type occ struct{ Key, Occurrence, Date, StartTime, Title, Category, Start string }

func list(t *testing.T, c *apptest.Client, from, to string, extra ...string) []occ {
	t.Helper()
	q := "/api/calendar/occurrences?from=" + from + "&to=" + to
	for i := 0; i+1 < len(extra); i += 2 {
		q += "&" + extra[i] + "=" + url.QueryEscape(extra[i+1])
	}
	r := c.Get(q)
	if r.Status != 200 {
		t.Fatalf("occurrences: %d %s", r.Status, r.Raw)
	}
	var out []occ
	for _, x := range r.Body["occurrences"].([]any) {
		m := x.(map[string]any)
		out = append(out, occ{m["key"].(string), m["occurrence"].(string), m["date"].(string), m["startTime"].(string), m["title"].(string),
			m["category"].(string), m["start"].(string)})
	}
	return out
}

func dates(list []occ) []string {
	var out []string
	for _, o := range list {
		out = append(out, o.Date+" "+o.StartTime)
	}
	return out
}

func TestDailyEventKeepsItsWallClockTimeAcrossBothClockChanges(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		create(t, c, map[string]any{"date": "2026-03-27", "frequency": "daily", "limitDate": "2026-10-27", "alert": "none"})
		// March: British Summer Time starts at 01:00 UTC on Sunday 29 March 2026.
		march := list(t, c, "2026-03-27", "2026-03-31")
		wantUTC := []string{"2026-03-27T09:00:00Z", "2026-03-28T09:00:00Z", "2026-03-29T08:00:00Z", "2026-03-30T08:00:00Z", "2026-03-31T08:00:00Z"}
		if len(march) != len(wantUTC) {
			t.Fatalf("march: %v", march)
		}
		for i, o := range march {
			if o.StartTime != "09:00" || o.Start != wantUTC[i] {
				t.Errorf("march %d: %+v, want 09:00 London = %s", i, o, wantUTC[i])
			}
		}
		// October: back to GMT at 01:00 UTC on Sunday 25 October 2026; the limit date 27 October is the last day.
		oct := list(t, c, "2026-10-23", "2026-10-31")
		wantUTC = []string{"2026-10-23T08:00:00Z", "2026-10-24T08:00:00Z", "2026-10-25T09:00:00Z", "2026-10-26T09:00:00Z", "2026-10-27T09:00:00Z"}
		if len(oct) != len(wantUTC) {
			t.Fatalf("october (limit date 27th): %v", dates(oct))
		}
		for i, o := range oct {
			if o.StartTime != "09:00" || o.Start != wantUTC[i] {
				t.Errorf("october %d: %+v, want 09:00 London = %s", i, o, wantUTC[i])
			}
		}
	})
}

func TestMonthlyOnThe31stSkipsShorterMonthsAndYearlyOnLeapDay(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		create(t, c, map[string]any{"title": "Rent check", "category": "Wallet", "date": "2026-01-31", "startTime": "18:30", "endTime": "19:00",
			"frequency": "monthly", "alert": "none"})
		got := dates(list(t, c, "2026-01-01", "2026-12-31"))
		want := []string{"2026-01-31 18:30", "2026-03-31 18:30", "2026-05-31 18:30", "2026-07-31 18:30", "2026-08-31 18:30", "2026-10-31 18:30", "2026-12-31 18:30"}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("monthly on the 31st (RFC 5545 skips months without one):\n got %v\nwant %v", got, want)
		}
		create(t, c, map[string]any{"title": "Leap", "category": "Other", "date": "2028-02-29", "frequency": "yearly", "alert": "none"})
		if got := dates(list(t, c, "2028-01-01", "2029-01-31", "q", "leap")); len(got) != 1 || got[0] != "2028-02-29 09:00" {
			t.Fatalf("yearly on 29 February: %v", got)
		}
		// A one-off with a limit date: the limit is cleared.
		one := create(t, c, map[string]any{"title": "Once", "frequency": "one-off", "limitDate": "2027-01-01", "date": "2026-12-01"})
		if one["limitDate"] != "" || one["rrule"] != "" {
			t.Fatalf("one-off keeps no limit: %v", one)
		}
		// Weekly with a limit date: the limit day itself is included, nothing after.
		create(t, c, map[string]any{"title": "Weekly", "date": "2026-11-05", "limitDate": "2026-11-26", "alert": "none"})
		if got := dates(list(t, c, "2026-11-01", "2026-12-31", "q", "weekly")); strings.Join(got, ",") != "2026-11-05 09:00,2026-11-12 09:00,2026-11-19 09:00,2026-11-26 09:00" {
			t.Fatalf("weekly to the limit date: %v", got)
		}
	})
}

func TestValidation(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		for _, tc := range []struct {
			over  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"title": " "}, "title", calendar.MsgFillAll},
			{map[string]any{"description": ""}, "description", calendar.MsgFillAll},
			{map[string]any{"location": map[string]any{"propertyId": "", "address": ""}}, "location", calendar.MsgFillAll},
			{map[string]any{"location": map[string]any{"propertyId": "someone-elses", "address": ""}}, "location", calendar.MsgFillAll},
			{map[string]any{"category": "Parties"}, "category", calendar.MsgFillAll},
			{map[string]any{"date": ""}, "date", calendar.MsgFillAll},
			{map[string]any{"startTime": "9"}, "startTime", calendar.MsgFillAll},
			{map[string]any{"frequency": ""}, "frequency", calendar.MsgFillAll},
			{map[string]any{"alert": ""}, "alert", calendar.MsgFillAll},
			{map[string]any{"endTime": "09:00"}, "endTime", calendar.MsgEndAfterStart},
			{map[string]any{"limitDate": "2026-11-01"}, "limitDate", calendar.MsgLimitAfterDate},
			{map[string]any{"attendees": []any{map[string]any{"firstName": "Amy", "lastName": "", "email": "not-an-email"}}}, "attendees", calendar.MsgAttendee},
		} {
			r := c.Post("/api/calendar/events", event(tc.over))
			if r.Status != 400 || r.FieldError(tc.field) != tc.msg {
				t.Errorf("%v: %d %s", tc.over, r.Status, r.Raw)
			}
		}
		if r := c.Post("/api/calendar/events", event(map[string]any{"title": "", "date": ""})); r.ErrorMessage() != calendar.MsgFillAll {
			t.Errorf("several missing: %s", r.Raw)
		}
		if r := c.Get("/api/calendar/occurrences?from=2026-01-01&to=2027-12-31"); r.Status != 400 {
			t.Errorf("two years at once: %d", r.Status)
		}
	})
}

// A calendar is its owner's: another landlord, a tenant invited to the
// event, a visitor and an admin can neither read nor change it.
func TestPermissionTable(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		other := e.SignedIn("other@example.com", "Secret#123", "Landlord")
		tenant := e.SignedIn("tenant@example.com", "Secret#123", "Tenant")
		admin := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		ev := create(t, owner, map[string]any{"attendees": []any{map[string]any{"firstName": "Tia", "lastName": "Tenant", "email": "tenant@example.com"}}})
		id := ev["id"].(string)
		occPath := "/api/calendar/events/" + id + "/occurrences/2026-11-12T09:00"
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/calendar/events/" + id, nil},
			{"PUT", "/api/calendar/events/" + id, event(map[string]any{"title": "Mine now"})},
			{"PUT", occPath, map[string]any{"date": "2026-11-13", "startTime": "10:00", "endTime": "11:00"}},
			{"DELETE", occPath, nil},
			{"DELETE", "/api/calendar/events/" + id, nil},
		}
		for _, who := range []struct {
			name string
			c    *apptest.Client
			want int
		}{{"other landlord", other, 404}, {"tenant of the event", tenant, 404}, {"admin", admin, 404}, {"visitor", e.NewClient(), 401}} {
			for _, call := range calls {
				if r := who.c.Do(call.method, call.path, call.body); r.Status != who.want {
					t.Errorf("%s %s %s: %d, want %d", who.name, call.method, call.path, r.Status, who.want)
				}
			}
			if who.want == 404 {
				if got := list(t, who.c, "2026-11-01", "2026-11-30"); len(got) != 0 {
					t.Errorf("%s sees %v", who.name, got)
				}
			} else if r := who.c.Get("/api/calendar/occurrences?from=2026-11-01&to=2026-11-30"); r.Status != 401 {
				t.Errorf("visitor list: %d", r.Status)
			}
			for _, p := range []string{"/api/calendar/feed"} {
				if r := who.c.Get(p); who.want == 401 && r.Status != 401 {
					t.Errorf("visitor %s: %d", p, r.Status)
				}
			}
		}
		// The owner still has it, untouched.
		r := owner.Get("/api/calendar/events/" + id)
		if r.Status != 200 || r.Body["event"].(map[string]any)["title"] != "Viewing at 12 Oak Road" {
			t.Fatalf("owner: %d %s", r.Status, r.Raw)
		}
		for _, call := range calls {
			if r := owner.Do(call.method, call.path, call.body); r.Status >= 300 {
				t.Errorf("owner %s %s: %d %s", call.method, call.path, r.Status, r.Raw)
			}
		}
	})
}

func TestEditAndDeleteOneOccurrence(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		id := create(t, c, map[string]any{"limitDate": "2026-12-31"})["id"].(string)
		base := "/api/calendar/events/" + id + "/occurrences/"
		r := c.Do("PUT", base+url.PathEscape("2026-11-12T09:00"), map[string]any{"title": "Moved viewing", "date": "2026-11-13", "startTime": "11:00", "endTime": "12:00"})
		if r.Status != 200 {
			t.Fatalf("edit occurrence: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("DELETE", base+"2026-11-19T09:00", nil); r.Status != 200 {
			t.Fatalf("delete occurrence: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("DELETE", base+"2026-11-20T09:00", nil); r.Status != 404 {
			t.Fatalf("not an occurrence: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("PUT", base+"2026-11-26T09:00", map[string]any{"date": "2026-11-26", "startTime": "11:00", "endTime": "10:00"}); r.Status != 400 || r.FieldError("endTime") != calendar.MsgEndAfterStart {
			t.Fatalf("occurrence end before start: %d %s", r.Status, r.Raw)
		}
		got := list(t, c, "2026-11-01", "2026-11-30")
		want := "2026-11-05 09:00 Viewing at 12 Oak Road|2026-11-13 11:00 Moved viewing|2026-11-26 09:00 Viewing at 12 Oak Road"
		var s []string
		for _, o := range got {
			s = append(s, o.Date+" "+o.StartTime+" "+o.Title)
		}
		if strings.Join(s, "|") != want {
			t.Fatalf("after the changes:\n got %s\nwant %s", strings.Join(s, "|"), want)
		}
		if got[1].Occurrence != "2026-11-12T09:00" {
			t.Errorf("the moved one keeps its original start as its name: %+v", got[1])
		}
		// Deleting the whole series leaves nothing.
		if r := c.Do("DELETE", "/api/calendar/events/"+id, nil); r.Status != 204 {
			t.Fatalf("delete series: %d", r.Status)
		}
		if got := list(t, c, "2026-11-01", "2026-12-31"); len(got) != 0 {
			t.Fatalf("after deleting the series: %v", got)
		}
	})
}

func mailTo(t *testing.T, e *apptest.Env, addr string) []mail.Message {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 100)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func subjects(msgs []mail.Message) []string {
	var out []string
	for i := len(msgs) - 1; i >= 0; i-- {
		out = append(out, msgs[i].Subject)
	}
	return out
}

func TestInvitationsUpdatesAndCancellationCarryICS(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		amy := map[string]any{"firstName": "Amy", "lastName": "Lee", "email": "Amy@Example.com"}
		bob := map[string]any{"firstName": "Bob", "lastName": "Stone", "email": "bob@example.com"}
		ev := create(t, c, map[string]any{"attendees": []any{amy}})
		id := ev["id"].(string)
		e.RunJobs()
		inv := mailTo(t, e, "amy@example.com")
		if len(inv) != 1 || inv[0].Subject != "Invitation: Viewing at 12 Oak Road" || len(inv[0].Attachments) != 1 {
			t.Fatalf("invitation: %+v", subjects(inv))
		}
		ics := strings.ReplaceAll(string(inv[0].Attachments[0].Data), "\r\n ", "") // unfolded
		for _, want := range []string{"METHOD:REQUEST", "UID:" + id + "@omnirent", "SEQUENCE:0", "RRULE:FREQ=WEEKLY", "DTSTART;TZID=Europe/London:20261105T090000",
			"BEGIN:VTIMEZONE", "ATTENDEE;", "mailto:amy@example.com"} {
			if !strings.Contains(ics, want) {
				t.Errorf("invitation ics lacks %q:\n%s", want, ics)
			}
		}
		if inv[0].Attachments[0].Name != "invite.ics" || !strings.HasPrefix(inv[0].Attachments[0].ContentType, "text/calendar") {
			t.Errorf("attachment: %s %s", inv[0].Attachments[0].Name, inv[0].Attachments[0].ContentType)
		}
		// The development mailbox lists it and downloads it.
		r := e.NewClient().Get("/api/dev/mailbox?to=amy@example.com")
		att := r.Body["messages"].([]any)[0].(map[string]any)["attachments"].([]any)[0].(map[string]any)
		if att["name"] != "invite.ics" {
			t.Fatalf("mailbox attachments: %s", r.Raw)
		}
		dl := e.NewClient().Get(att["url"].(string))
		if dl.Status != 200 || !strings.Contains(dl.Raw, "BEGIN:VCALENDAR") || !strings.Contains(dl.Header.Get("Content-Disposition"), "invite.ics") {
			t.Fatalf("download: %d %v", dl.Status, dl.Header)
		}
		if page := e.NewClient().Get("/dev/mailbox?to=amy@example.com"); !strings.Contains(page.Raw, "invite.ics") {
			t.Errorf("the mailbox page does not show the attachment")
		}
		// Edit: Amy stays (update), Bob is added (invitation).
		e.Clock.Advance(time.Minute)
		if r := c.Do("PUT", "/api/calendar/events/"+id, event(map[string]any{"startTime": "10:00", "endTime": "11:00", "attendees": []any{amy, bob}})); r.Status != 200 {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		amyMail := mailTo(t, e, "amy@example.com")
		if amyMail[0].Subject != "Updated invitation: Viewing at 12 Oak Road" || !strings.Contains(string(amyMail[0].Attachments[0].Data), "SEQUENCE:1") {
			t.Fatalf("update to Amy: %v\n%s", subjects(amyMail), amyMail[0].Attachments[0].Data)
		}
		if b := mailTo(t, e, "bob@example.com"); len(b) != 1 || !strings.HasPrefix(b[0].Subject, "Invitation:") {
			t.Fatalf("Bob: %v", subjects(b))
		}
		// Edit Bob out: he is told it is cancelled.
		e.Clock.Advance(time.Minute)
		c.Do("PUT", "/api/calendar/events/"+id, event(map[string]any{"startTime": "10:00", "endTime": "11:00", "attendees": []any{amy}}))
		if b := mailTo(t, e, "bob@example.com"); b[0].Subject != "Cancelled: Viewing at 12 Oak Road" || !strings.Contains(string(b[0].Attachments[0].Data), "METHOD:CANCEL") {
			t.Fatalf("Bob removed: %v", subjects(b))
		}
		// Deleting: Amy gets the cancellation of the whole series.
		e.Clock.Advance(time.Minute)
		c.Do("DELETE", "/api/calendar/events/"+id, nil)
		last := mailTo(t, e, "amy@example.com")[0]
		data := string(last.Attachments[0].Data)
		if last.Subject != "Cancelled: Viewing at 12 Oak Road" || !strings.Contains(data, "METHOD:CANCEL") || !strings.Contains(data, "STATUS:CANCELLED") ||
			!strings.Contains(data, "UID:"+id+"@omnirent") || !strings.Contains(data, "SEQUENCE:3") {
			t.Fatalf("cancellation: %s\n%s", last.Subject, data)
		}
	})
}

func alerts(t *testing.T, e *apptest.Env, addr string) []string {
	t.Helper()
	var out []string
	for _, s := range subjects(mailTo(t, e, addr)) {
		if strings.HasPrefix(s, "Reminder: ") || strings.HasPrefix(s, "Late alert: ") {
			out = append(out, s)
		}
	}
	return out
}

func TestAlertsGoOnceAtTheirTime(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		// Weekly on Thursdays at 09:00 from 5 November, alert 1 hour before.
		create(t, c, nil)
		e.RunJobs()
		e.Clock.Set(time.Date(2026, 11, 5, 7, 59, 0, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 0 {
			t.Fatalf("before the alert time: %v", got)
		}
		e.Clock.Set(time.Date(2026, 11, 5, 8, 0, 30, 0, time.UTC))
		e.RunJobs()
		for range 3 { // the sweep runs again and again: nothing more
			e.Clock.Advance(time.Minute)
			e.RunJobs()
		}
		if got := alerts(t, e, "lord@example.com"); len(got) != 1 || got[0] != "Reminder: Viewing at 12 Oak Road" {
			t.Fatalf("at the alert time: %v", got)
		}
		// Next week's occurrence gets its own alert.
		e.Clock.Set(time.Date(2026, 11, 12, 8, 1, 0, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 2 {
			t.Fatalf("second week: %v", got)
		}
	})
}

// Two servers on one database sweep at the same moment: each alert goes once.
func TestTwoWorkersRacingSendEachAlertOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		for i := range 5 {
			create(t, c, map[string]any{"title": fmt.Sprintf("Visit %d", i), "frequency": "daily", "date": "2026-11-03", "startTime": fmt.Sprintf("1%d:00", i), "endTime": fmt.Sprintf("1%d:30", i), "alert": "1 day"})
		}
		e.RunJobs()
		second := apptest.Start(t, e.App.DB, nil)          // another server on the same database
		at := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC) // every "1 day before" alert for 3 November has passed
		e.Clock.Set(at)
		second.Clock.Set(at)
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				svc := e.App.Calendar
				if i%2 == 1 {
					svc = second.App.Calendar
				}
				errs <- svc.Sweep(context.Background())
			}()
		}
		wg.Add(2)
		for _, env := range []*apptest.Env{e, second} {
			go func() {
				defer wg.Done()
				for {
					ran, err := env.App.Jobs.RunOnce(context.Background())
					if err != nil {
						errs <- err
						return
					}
					if !ran {
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got := alerts(t, e, "lord@example.com")
		if len(got) != 5 {
			t.Fatalf("want one alert per event, got %d: %v", len(got), got)
		}
		seen := map[string]bool{}
		for _, s := range got {
			if seen[s] {
				t.Errorf("sent twice: %s", s)
			}
			seen[s] = true
		}
	})
}

// A server down at the alert time sends it when it comes back, marked
// late, unless the occurrence is over; a restart never sends one twice.
func TestAlertsAfterARestart(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		create(t, c, map[string]any{"title": "Boiler service", "category": "Maintenance", "frequency": "one-off", "date": "2026-11-04", "startTime": "14:00", "endTime": "16:00", "alert": "1 day"})
		create(t, c, map[string]any{"title": "Gone by now", "category": "Vendors", "frequency": "one-off", "date": "2026-11-03", "startTime": "08:00", "endTime": "09:00", "alert": "2 hours"})
		e.RunJobs()
		// The server stops; it starts again on 4 November at 10:00 (the
		// boiler alert was due on the 3rd at 14:00; the vendor visit is over).
		restarted := apptest.Start(t, e.App.DB, nil)
		restarted.Clock.Set(time.Date(2026, 11, 4, 10, 0, 0, 0, time.UTC))
		restarted.RunJobs()
		got := alerts(t, restarted, "lord@example.com")
		if len(got) != 1 || got[0] != "Late alert: Boiler service" {
			t.Fatalf("after the restart: %v", got)
		}
		// Another restart a minute later: nothing again.
		third := apptest.Start(t, e.App.DB, nil)
		third.Clock.Set(time.Date(2026, 11, 4, 10, 1, 0, 0, time.UTC))
		third.RunJobs()
		if err := third.App.Calendar.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := alerts(t, third, "lord@example.com"); len(got) != 1 {
			t.Fatalf("after a second restart: %v", got)
		}
	})
}

func TestEditingMovesAlertsAndDeletingCancelsThem(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		moved := create(t, c, map[string]any{"title": "Moved", "frequency": "one-off", "date": "2026-11-03", "startTime": "12:00", "endTime": "13:00", "alert": "1 hour"})
		gone := create(t, c, map[string]any{"title": "Gone", "frequency": "one-off", "date": "2026-11-03", "startTime": "12:00", "endTime": "13:00", "alert": "1 hour"})
		series := create(t, c, map[string]any{"title": "Series", "frequency": "daily", "date": "2026-11-03", "startTime": "12:00", "endTime": "13:00", "alert": "1 hour"})
		c.Do("PUT", "/api/calendar/events/"+moved["id"].(string), event(map[string]any{"title": "Moved", "frequency": "one-off", "date": "2026-11-03", "startTime": "15:00", "endTime": "16:00", "alert": "1 hour"}))
		c.Do("DELETE", "/api/calendar/events/"+gone["id"].(string), nil)
		c.Do("DELETE", "/api/calendar/events/"+series["id"].(string)+"/occurrences/2026-11-03T12:00", nil)
		c.Do("PUT", "/api/calendar/events/"+series["id"].(string)+"/occurrences/2026-11-04T12:00", map[string]any{"date": "2026-11-04", "startTime": "17:00", "endTime": "18:00"})
		e.Clock.Set(time.Date(2026, 11, 3, 11, 0, 30, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 0 {
			t.Fatalf("at the old time: %v", got)
		}
		e.Clock.Set(time.Date(2026, 11, 3, 14, 0, 30, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 1 || got[0] != "Reminder: Moved" {
			t.Fatalf("at the new time: %v", got)
		}
		e.Clock.Set(time.Date(2026, 11, 4, 11, 0, 30, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 1 {
			t.Fatalf("the moved occurrence's old time: %v", got)
		}
		e.Clock.Set(time.Date(2026, 11, 4, 16, 0, 30, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 2 || got[1] != "Reminder: Series" {
			t.Fatalf("the moved occurrence's new time: %v", got)
		}
	})
}

// An alert whose time came before the event was made is never sent.
func TestNoAlertBeforeTheEventExisted(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		create(t, c, map[string]any{"title": "Soon", "frequency": "one-off", "date": "2026-11-02", "startTime": "09:30", "endTime": "10:00", "alert": "1 hour"})
		e.Clock.Advance(time.Minute)
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 0 {
			t.Fatalf("%v", got)
		}
	})
}

// One occurrence moved into its own alert window (a viewing brought
// forward to start in 30 minutes, with a 1-hour alert) sends no alert, as
// for an edited series: the landlord made the change and knows; above all
// it is never sent as a "Late alert" as if the server had been down.
func TestNoAlertForAnOccurrenceMovedIntoItsAlertWindow(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		// The test clock is 2 November 2026, 09:00 UTC (London: GMT).
		id := create(t, c, map[string]any{"title": "Viewings", "frequency": "daily", "date": "2026-11-03", "startTime": "12:00", "endTime": "13:00", "alert": "1 hour"})["id"].(string)
		e.Clock.Set(time.Date(2026, 11, 3, 15, 0, 0, 0, time.UTC))
		// Tomorrow's viewing is brought forward to today, 15:30.
		if r := c.Do("PUT", "/api/calendar/events/"+id+"/occurrences/2026-11-04T12:00", map[string]any{"date": "2026-11-03", "startTime": "15:30", "endTime": "16:00"}); r.Status != 200 {
			t.Fatalf("move: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(time.Minute)
		e.RunJobs()
		// Today's 12:00 occurrence is over; the moved one's alert time
		// (14:30) had passed when it was moved: nothing goes.
		if got := alerts(t, e, "lord@example.com"); len(got) != 0 {
			t.Fatalf("alerts: %v", got)
		}
	})
}

// Single-occurrence changes are named by their London wall-clock start, so
// they hold on both sides of the clock changes.
func TestOccurrenceChangesAcrossTheClockChanges(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		id := create(t, c, map[string]any{"date": "2027-03-26", "frequency": "daily", "limitDate": "2027-10-31", "alert": "none"})["id"].(string)
		base := "/api/calendar/events/" + id + "/occurrences/"
		for _, occ := range []string{"2027-03-28T09:00", "2027-10-31T09:00"} { // the days of the changes
			if r := c.Do("DELETE", base+occ, nil); r.Status != 200 {
				t.Fatalf("delete %s: %d %s", occ, r.Status, r.Raw)
			}
		}
		if r := c.Do("PUT", base+"2027-03-27T09:00", map[string]any{"date": "2027-03-29", "startTime": "08:00", "endTime": "08:30"}); r.Status != 200 {
			t.Fatalf("move across the change: %d %s", r.Status, r.Raw)
		}
		if got := strings.Join(dates(list(t, c, "2027-03-26", "2027-03-30")), ","); got != "2027-03-26 09:00,2027-03-29 08:00,2027-03-29 09:00,2027-03-30 09:00" {
			t.Fatalf("march: %s", got)
		}
		if got := strings.Join(dates(list(t, c, "2027-10-29", "2027-11-01")), ","); got != "2027-10-29 09:00,2027-10-30 09:00" {
			t.Fatalf("october: %s", got)
		}
	})
}
