package calendar_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/calendar"
)

// Issue 43: an event's title typed with line breaks kept them, and they
// reached the invitation's subject. A title is stored on one line with no
// bidirectional or invisible characters, on the event, on a changed
// occurrence, in the invitation's and the alert's subjects and in the
// invitation's SUMMARY; a title that is nothing once cleaned gets the
// spec's 'Please fill all the fields'.
func TestHostileTitlesAreStoredAndSentOnOneLine(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		amy := map[string]any{"firstName": "Amy\r\n", "lastName": "Lee\u202e", "email": "amy@example.com"}
		ev := create(t, c, map[string]any{"title": "Boiler service\r\nBcc: everyone@example.com\n\n\u202ebring keys\t", "attendees": []any{amy}})
		const clean = "Boiler service Bcc: everyone@example.com bring keys"
		if ev["title"] != clean {
			t.Fatalf("created title %q", ev["title"])
		}
		id := ev["id"].(string)
		if r := c.Get("/api/calendar/events/" + id); r.Status != http.StatusOK || r.Body["event"].(map[string]any)["title"] != clean {
			t.Fatalf("stored title: %d %s", r.Status, r.Raw)
		}
		att := ev["attendees"].([]any)[0].(map[string]any)
		if att["firstName"] != "Amy" || att["lastName"] != "Lee" {
			t.Fatalf("attendee's name: %v", att)
		}
		e.RunJobs()
		inv := mailTo(t, e, "amy@example.com")
		if len(inv) != 1 || inv[0].Subject != "Invitation: "+clean {
			t.Fatalf("invitation subjects %q", subjects(inv))
		}
		ics := strings.ReplaceAll(string(inv[0].Attachments[0].Data), "\r\n ", "")
		if !strings.Contains(ics, "SUMMARY:"+clean+"\r\n") {
			t.Fatalf("invitation's SUMMARY:\n%s", ics)
		}

		// One occurrence retitled, with line breaks: stored on one line.
		base := "/api/calendar/events/" + id + "/occurrences/"
		r := c.Do("PUT", base+url.PathEscape("2026-11-12T09:00"), map[string]any{"title": "Moved\r\nviewing\u2067", "date": "2026-11-12", "startTime": "09:00", "endTime": "10:00"})
		if r.Status != http.StatusOK {
			t.Fatalf("edit occurrence: %d %s", r.Status, r.Raw)
		}
		titles := map[string]string{}
		for _, o := range list(t, c, "2026-11-01", "2026-11-13") {
			titles[o.Date] = o.Title
		}
		if titles["2026-11-05"] != clean || titles["2026-11-12"] != "Moved viewing" {
			t.Fatalf("occurrences' titles %q", titles)
		}

		// The alert's subject names the one-line title.
		e.Clock.Set(time.Date(2026, 11, 5, 8, 0, 30, 0, time.UTC))
		e.RunJobs()
		if got := alerts(t, e, "lord@example.com"); len(got) != 1 || got[0] != "Reminder: "+clean {
			t.Fatalf("alert subjects %q", got)
		}

		// Nothing but line breaks and invisible characters is no title.
		r = c.Post("/api/calendar/events", event(map[string]any{"title": "\r\n\u202e\u200b\t"}))
		if r.Status != http.StatusBadRequest || r.FieldError("title") != calendar.MsgFillAll || r.ErrorMessage() != calendar.MsgFillAll {
			t.Fatalf("a title of nothing: %d %s", r.Status, r.Raw)
		}
		r = c.Do("PUT", "/api/calendar/events/"+id, event(map[string]any{"title": "\n\n"}))
		if r.Status != http.StatusBadRequest || r.FieldError("title") != calendar.MsgFillAll {
			t.Fatalf("an edit to a title of nothing: %d %s", r.Status, r.Raw)
		}
	})
}
