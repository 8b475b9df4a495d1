package calendar_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/app"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	daterange "github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// Dates outside 1900-01-01..2200-12-31 are refused with the range's
// message (issue 26: a series from year 1 made every view walk 2,000
// years): an event's date, its limit date, a moved occurrence's date, and
// the days asked for.
func TestDatesOutsideTheRangeAreRefused(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		for _, tc := range []struct {
			over  map[string]any
			field string
		}{
			{map[string]any{"date": "0001-01-01", "frequency": "daily"}, "date"},
			{map[string]any{"date": "0000-01-01"}, "date"},
			{map[string]any{"date": "1899-12-31"}, "date"},
			{map[string]any{"date": "2201-01-01", "frequency": "one-off"}, "date"},
			{map[string]any{"limitDate": "9999-12-31"}, "limitDate"},
		} {
			r := c.Post("/api/calendar/events", event(tc.over))
			if r.Status != 400 || r.FieldError(tc.field) != daterange.MsgRange || r.ErrorMessage() != daterange.MsgRange {
				t.Errorf("%v: %d %s", tc.over, r.Status, r.Raw)
			}
		}
		for _, d := range []string{"1900-01-01", "2200-12-31"} {
			if r := c.Post("/api/calendar/events", event(map[string]any{"date": d, "limitDate": ""})); r.Status != 201 {
				t.Errorf("%s, the range's edge: %d %s", d, r.Status, r.Raw)
			}
		}
		ev := create(t, c, nil)
		r := c.Do("PUT", "/api/calendar/events/"+ev["id"].(string)+"/occurrences/2026-11-12T09:00",
			map[string]any{"title": "", "date": "0001-11-13", "startTime": "10:00", "endTime": "11:00"})
		if r.Status != 400 || r.FieldError("date") != daterange.MsgRange {
			t.Errorf("moved to year 1: %d %s", r.Status, r.Raw)
		}
		if r := c.Get("/api/calendar/occurrences?from=0001-01-01&to=0001-01-31"); r.Status != 400 {
			t.Errorf("a month of year 1: %d %s", r.Status, r.Raw)
		}
	})
}

// An account holds at most MaxEventsPerAccount events, also when creations
// arrive at once: the owner's row is locked while the events are counted.
// With the lock taken out, 6 creations at once against a cap of 3 made 4
// events on PostgreSQL in the first round (SQLite's write transactions
// serialise them anyway).
func TestEventsPerAccountAreCappedAlsoWhenCreatedAtOnce(t *testing.T) {
	prev := calendar.MaxEventsPerAccount
	calendar.MaxEventsPerAccount = 3
	defer func() { calendar.MaxEventsPerAccount = prev }()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		racetest.Rounds(t, 10, func(t *testing.T, round int) {
			c := e.SignedIn("lord"+string(rune('a'+round))+"@example.com", "Secret#123", "Landlord")
			res := racetest.Together(6, func(i int) apptest.Response { return c.Post("/api/calendar/events", event(nil)) })
			made := racetest.Count(res, func(r apptest.Response) bool { return r.Status == 201 })
			refused := racetest.Count(res, func(r apptest.Response) bool {
				return r.Status == 409 && r.ErrorMessage() == calendar.MsgTooManyEvents
			})
			if made != 3 || refused != 3 {
				for _, r := range res {
					t.Log(r.Status, r.Raw)
				}
				t.Fatalf("6 at once with a cap of 3: %d made, %d refused", made, refused)
			}
		})
	})
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// syncBuffer is a log the server's goroutines write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The feed's secret address was written to the INFO access log in full and
// stored as it was (issue 26). Now the address is shown once, when it is
// made; the database keeps only its SHA-256; the access log hides it; and
// the address still opens the feed.
func TestFeedAddressIsShownOnceHashedAndNotLogged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		logs := &syncBuffer{}
		clk := clock.NewFake(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))
		a, err := app.Build(context.Background(), apptest.Config(t, t.TempDir()), slog.New(slog.NewTextHandler(logs, nil)), clk, d, apptest.TestDist)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(a.Handler)
		defer srv.Close()
		e := &apptest.Env{T: t, App: a, Server: srv, Clock: clk}
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		create(t, c, map[string]any{"title": "Boiler service"})
		on := c.Post("/api/calendar/feed", nil)
		url, _ := on.Body["url"].(string)
		token := strings.TrimSuffix(url[strings.LastIndex(url, "/")+1:], ".ics")
		if on.Status != 200 || len(token) < 40 {
			t.Fatalf("turn on: %d %s", on.Status, on.Raw)
		}
		if r := c.Get("/api/calendar/feed"); r.Body["enabled"] != true || r.Body["url"] != "" {
			t.Errorf("the address is shown again: %s", r.Raw)
		}
		res, err := http.Get(srv.URL + "/api/calendar/feed/" + token + ".ics")
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("feed: %v %v", res, err)
		}
		res.Body.Close()
		var stored string
		if err := d.Conn().QueryRow(context.Background(), `SELECT token_hash FROM calendar_feeds`).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored != sha(token) || strings.Contains(stored, token) {
			t.Errorf("stored %q for token %q", stored, token)
		}
		if log := logs.String(); strings.Contains(log, token) || !strings.Contains(log, "path=/api/calendar/feed/[redacted]") {
			t.Errorf("the access log shows the address:\n%s", log)
		}
	})
}

// A feed address handed out before the token was hashed keeps working after
// the step (00028) that hashes the stored tokens, and the token is no longer
// in the database.
func TestOldFeedAddressWorksAfterTheHashingStep(t *testing.T) {
	const token = "OldFeedToken_0123456789abcdefghijklmnopqrstuvwx"
	dbtest.Migrated(t, 27, []string{
		dbtest.Landlord,
		`INSERT INTO calendar_feeds (owner_id, token, created_at) VALUES ('u1', '` + token + `', 1)`,
	}, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, nil)
		res, err := http.Get(e.Server.URL + "/api/calendar/feed/" + token + ".ics")
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("old address after the step: %v %v", res, err)
		}
		res.Body.Close()
		var stored string
		if err := d.Conn().QueryRow(context.Background(), `SELECT token_hash FROM calendar_feeds WHERE owner_id = 'u1'`).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored != sha(token) {
			t.Errorf("stored %q, want the token's SHA-256", stored)
		}
	})
}
