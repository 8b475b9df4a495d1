package app_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/documents/documentstest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/killtest"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// sweepAt is when every e-mail the sweeps below send is due: the "1 day
// before" alerts of events on 3 November from 10:00, and the 7-day
// reminders of certificates running out on 8 November.
var sweepAt = time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)

// A sweep killed mid-way: what differs between the sweeps
// TestOnceWhenAnInstanceIsKilledMidSweep kills.
type sweepKill struct {
	name string // the subtests' and the helper's name for it
	// seed makes, as the landlord signed in as c, the items the sweep is
	// to send an e-mail about at sweepAt, and answers their keys.
	seed  func(t *testing.T, e *apptest.Env, c *apptest.Client) []string
	sweep func(e *apptest.Env) func(context.Context) error
	// key answers the item an e-mail is about by its subject ("": none).
	key func(subject string) string
	// since: count only the e-mails the sweeps send (seeding may send
	// some); otherwise all the landlord's.
	since bool
}

var sweepKills = []sweepKill{{
	// Calendar alerts: 60 events on 3 November, each with a "1 day"
	// alert, counted by the title in the alert's subject (an invitation's
	// does not count).
	name: "calendar",
	seed: func(t *testing.T, e *apptest.Env, c *apptest.Client) []string {
		var titles []string
		for i := range 60 {
			title := fmt.Sprintf("Visit %02d", i)
			r := c.Post("/api/calendar/events", map[string]any{
				"category": "Viewings", "title": title, "description": "Bring the keys",
				"location": map[string]any{"propertyId": "", "address": "12 Oak Road, Leeds LS1 1AA"}, "attendees": []any{},
				"date": "2026-11-03", "startTime": fmt.Sprintf("%02d:%02d", 10+i/30, (i%30)*2), "endTime": fmt.Sprintf("%02d:%02d", 10+i/30, (i%30)*2+1),
				"frequency": "one-off", "limitDate": "", "alert": "1 day"})
			if r.Status != http.StatusCreated {
				t.Fatalf("create event: %d %s", r.Status, r.Raw)
			}
			titles = append(titles, title)
		}
		return titles
	},
	sweep: func(e *apptest.Env) func(context.Context) error { return e.App.Calendar.Sweep },
	key: func(subject string) string {
		if strings.Contains(strings.ToLower(subject), "invit") {
			return ""
		}
		for i := range 60 {
			if title := fmt.Sprintf("Visit %02d", i); strings.Contains(subject, title) {
				return title
			}
		}
		return ""
	},
}, {
	// Certificates' expiry reminders: 20 homes, each with a gas safety
	// record and an EICR running out five days after sweepAt (their 7-day
	// reminders are due), counted by certificate ("gas-safety|3 Acacia
	// Road") from their subjects ("Gas safety record for 3 Acacia Road
	// expires in 5 days").
	name: "certificates",
	seed: func(t *testing.T, e *apptest.Env, c *apptest.Client) []string {
		// Recorded two months before any reminder is due (recording one
		// queues a sweep); the sweeps run when they are.
		e.Clock.Set(sweepAt.AddDate(0, -2, 0))
		// Issued a year before expiry, within a gas check's legal 12 months.
		expires := sweepAt.AddDate(0, 0, 5).Format(time.DateOnly)
		var keys []string
		for i := range 20 {
			home := fmt.Sprintf("%d Acacia Road", i+1)
			r := c.Post("/api/properties", map[string]any{"address": map[string]any{
				"addrFirstLine": home, "town": "London", "postcode": "SW8 3NX", "country": "United Kingdom"}})
			if r.Status != http.StatusCreated {
				t.Fatalf("create property: %d %s", r.Status, r.Raw)
			}
			pid := r.Body["property"].(map[string]any)["id"].(string)
			for _, typ := range []string{"gas-safety", "eicr"} {
				documentstest.MustCreate(t, c, map[string]any{"propertyId": pid, "type": typ,
					"issuedOn": sweepAt.AddDate(-1, 0, 6).Format(time.DateOnly), "expiresOn": expires}, typ+".pdf")
				keys = append(keys, typ+"|"+home)
			}
		}
		return keys
	},
	sweep: func(e *apptest.Env) func(context.Context) error { return e.App.Documents.Sweep },
	key: func(subject string) string {
		for i := range 20 {
			home := fmt.Sprintf("%d Acacia Road", i+1)
			if !strings.Contains(subject, " for "+home+" expires") {
				continue
			}
			switch {
			case strings.HasPrefix(subject, "Gas"):
				return "gas-safety|" + home
			case strings.HasPrefix(subject, "EICR") || strings.HasPrefix(subject, "Electrical"):
				return "eicr|" + home
			}
		}
		return ""
	},
	since: true,
}}

// One instance sweeps calendar alerts, or certificates' expiry reminders,
// and is killed with -9 in the middle of its sweep: once it has sent a
// given number of the e-mails (one, a third), read from the shared
// database as it goes, so the kill lands with e-mails sent and others not.
// In the third round this instance sweeps at the same time. After this one
// has swept and sent, each e-mail has gone exactly once: none lost, none
// twice.
func TestOnceWhenAnInstanceIsKilledMidSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helper processes")
	}
	for _, k := range sweepKills {
		for round, r := range []struct {
			name         string
			sentFraction float64 // of the e-mails, sent when the helper is killed (at least one)
			alongside    bool    // this instance sweeps at the same time
		}{
			{"killed after the first e-mail", 0, false},
			{"killed after a third of them", 1.0 / 3, false},
			{"killed after the first, this instance sweeping alongside", 0, true},
		} {
			t.Run(k.name+"/"+r.name, func(t *testing.T) {
				d, path := sweepDB(t)
				e := apptest.Start(t, d, nil)
				lord := fmt.Sprintf("%s%d@example.com", k.name, round)
				keys := k.seed(t, e, e.SignedIn(lord, "Secret#123", "Landlord"))
				e.RunJobs()
				count := func() map[string]int {
					msgs, err := e.App.Mail.Outbox(context.Background(), lord, 10000)
					if err != nil {
						t.Fatal(err)
					}
					n := map[string]int{}
					for _, m := range msgs {
						if key := k.key(m.Subject); key != "" {
							n[key]++
						}
					}
					return n
				}
				before := map[string]int{}
				if k.since {
					before = count()
				}
				sent := func() int {
					n := 0
					for key, c := range count() {
						n += c - before[key]
					}
					return n
				}

				helper := killtest.Start(t, "TestSweepKillHelper", "sweeping", "OMNIRENT_TEST_SWEEP_DB="+path, "OMNIRENT_TEST_SWEEP_KIND="+k.name)
				e.Clock.Set(sweepAt)
				done := make(chan error, 1)
				if r.alongside {
					go func() { done <- k.sweep(e)(context.Background()) }()
				} else {
					done <- nil
				}
				want := max(1, int(r.sentFraction*float64(len(keys))))
				deadline := time.Now().Add(20 * time.Second)
				for sent() < want {
					if time.Now().After(deadline) {
						t.Fatalf("the helper sent %d e-mails in 20 s, waiting for %d", sent(), want)
					}
					time.Sleep(time.Millisecond)
				}
				helper.Kill() // SIGKILL: mid-sweep, no clean-up
				if err := <-done; err != nil {
					t.Fatal(err)
				}
				atKill := sent() // alongside: this instance's sweep has ended too
				if !r.alongside && atKill >= len(keys) {
					t.Errorf("the helper had sent all %d e-mails when it was killed: not mid-sweep", atKill)
				}
				t.Logf("%d of %d e-mails sent when the helper was killed", atKill, len(keys))

				// The surviving instance sweeps again and sends.
				if err := k.sweep(e)(context.Background()); err != nil {
					t.Fatal(err)
				}
				e.RunJobs()
				after := count()
				for _, key := range keys {
					if n := after[key] - before[key]; n != 1 {
						t.Errorf("%s: %d e-mails, want exactly 1", key, n)
					}
				}
			})
		}
	}
}

// TestSweepKillHelper is the instance killed mid-sweep: it runs the sweep
// OMNIRENT_TEST_SWEEP_KIND names (of sweepKills) over the database at
// OMNIRENT_TEST_SWEEP_DB over and over until it is killed. It does nothing
// in a normal test run.
func TestSweepKillHelper(t *testing.T) {
	killtest.Helper(t)
	d, err := db.Open(context.Background(), "sqlite:"+os.Getenv("OMNIRENT_TEST_SWEEP_DB"))
	if err != nil {
		t.Fatal(err)
	}
	e := apptest.Start(t, d, nil)
	e.Clock.Set(sweepAt)
	var sweep func(context.Context) error
	for _, k := range sweepKills {
		if k.name == os.Getenv("OMNIRENT_TEST_SWEEP_KIND") {
			sweep = k.sweep(e)
		}
	}
	if sweep == nil {
		t.Fatalf("no sweep %q", os.Getenv("OMNIRENT_TEST_SWEEP_KIND"))
	}
	// A few milliseconds an e-mail: the parent, which polls the outbox to
	// kill this process after a given number, still finds it mid-sweep when
	// the machine is loaded (it once found all 60 sent, with the journeys
	// running alongside).
	mail.Queued = func() { time.Sleep(20 * time.Millisecond) }
	fmt.Println("sweeping")
	for {
		if err := sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// sweepDB is a fresh, migrated SQLite database in a file both processes open.
func sweepDB(t *testing.T) (*db.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "omnirent.db")
	d, err := db.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d, path
}
