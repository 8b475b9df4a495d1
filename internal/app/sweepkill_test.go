package app_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// sweepAt is when every "1 day before" alert of the test's events (on
// 3 November, from 10:00) is due.
var sweepAt = time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)

// TestAlertSweepHelper is the instance killed mid-sweep: it sweeps the
// calendar alerts of the database at OMNIRENT_TEST_SWEEP_DB over and over
// until it is killed. It does nothing in a normal test run.
func TestAlertSweepHelper(t *testing.T) {
	path := os.Getenv("OMNIRENT_TEST_SWEEP_DB")
	if path == "" {
		t.Skip("helper process of TestAlertsOnceWhenAnInstanceIsKilledMidSweep")
	}
	d, err := db.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	e := apptest.Start(t, d, nil)
	e.Clock.Set(sweepAt)
	sweep := e.App.Calendar.Sweep
	if os.Getenv("OMNIRENT_TEST_SWEEP_KIND") == "certificates" {
		sweep = e.App.Documents.Sweep
	}
	fmt.Println("sweeping")
	for {
		if err := sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// startSweeper starts the helper instance sweeping kind ("calendar" or
// "certificates") over the database at path, and returns once it sweeps.
func startSweeper(t *testing.T, path, kind string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestAlertSweepHelper$")
	cmd.Env = append(os.Environ(), "OMNIRENT_TEST_SWEEP_DB="+path, "OMNIRENT_TEST_SWEEP_KIND="+kind)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if _, err := out.Read(buf); err != nil { // "sweeping"
		t.Fatal(err)
	}
	return cmd
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

// Two instances sweep the same alerts; one is killed with -9 in the middle
// of a sweep (at a different moment each round). After the other has swept
// and sent, every alert has gone exactly once: none lost, none twice.
func TestAlertsOnceWhenAnInstanceIsKilledMidSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helper processes")
	}
	for round, delay := range []time.Duration{5 * time.Millisecond, 40 * time.Millisecond, 150 * time.Millisecond} {
		t.Run(fmt.Sprintf("killed after %s", delay), func(t *testing.T) {
			d, path := sweepDB(t)
			e := apptest.Start(t, d, nil)
			lord := fmt.Sprintf("lord%d@example.com", round)
			c := e.SignedIn(lord, "Secret#123", "Landlord")
			const events = 60
			for i := range events {
				r := c.Post("/api/calendar/events", map[string]any{
					"category": "Viewings", "title": fmt.Sprintf("Visit %02d", i), "description": "Bring the keys",
					"location": map[string]any{"propertyId": "", "address": "12 Oak Road, Leeds LS1 1AA"}, "attendees": []any{},
					"date": "2026-11-03", "startTime": fmt.Sprintf("%02d:%02d", 10+i/30, (i%30)*2), "endTime": fmt.Sprintf("%02d:%02d", 10+i/30, (i%30)*2+1),
					"frequency": "one-off", "limitDate": "", "alert": "1 day"})
				if r.Status != http.StatusCreated {
					t.Fatalf("create event: %d %s", r.Status, r.Raw)
				}
			}
			e.RunJobs()

			cmd := startSweeper(t, path, "calendar")
			// Meanwhile this instance sweeps too.
			e.Clock.Set(sweepAt)
			if err := e.App.Calendar.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			time.Sleep(delay)
			_ = cmd.Process.Kill() // SIGKILL: mid-sweep, no clean-up
			_ = cmd.Wait()

			// The surviving instance sweeps again and sends.
			if err := e.App.Calendar.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			e.RunJobs()
			msgs, err := e.App.Mail.Outbox(context.Background(), lord, 10000)
			if err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			for _, m := range msgs {
				for i := range events {
					if title := fmt.Sprintf("Visit %02d", i); strings.Contains(m.Subject, title) && !strings.Contains(strings.ToLower(m.Subject), "invit") {
						count[title]++
					}
				}
			}
			for i := range events {
				if title := fmt.Sprintf("Visit %02d", i); count[title] != 1 {
					t.Errorf("%s: %d alert e-mails, want exactly 1", title, count[title])
				}
			}
		})
	}
}

// Two instances sweep the same certificates' expiry reminders; one is killed
// with -9 in the middle of a sweep (at a different moment each round). After
// the other has swept and sent, each certificate's reminder has gone exactly
// once: none lost, none twice.
func TestCertificateRemindersOnceWhenAnInstanceIsKilledMidSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helper processes")
	}
	for round, delay := range []time.Duration{5 * time.Millisecond, 40 * time.Millisecond, 150 * time.Millisecond} {
		t.Run(fmt.Sprintf("killed after %s", delay), func(t *testing.T) {
			d, path := sweepDB(t)
			e := apptest.Start(t, d, nil)
			// Recorded two months before any reminder is due (recording one
			// queues a sweep); the sweeps below run when they are.
			e.Clock.Set(sweepAt.AddDate(0, -2, 0))
			lord := fmt.Sprintf("certs%d@example.com", round)
			c := e.SignedIn(lord, "Secret#123", "Landlord")
			// 20 homes, each with a gas safety record and an EICR running out
			// in five days: their 7-day reminders are due.
			expires := sweepAt.AddDate(0, 0, 5).Format(time.DateOnly)
			const homes = 20
			for i := range homes {
				r := c.Post("/api/properties", map[string]any{"address": map[string]any{
					"addrFirstLine": fmt.Sprintf("%d Acacia Road", i+1), "town": "London", "postcode": "SW8 3NX", "country": "United Kingdom"}})
				if r.Status != http.StatusCreated {
					t.Fatalf("create property: %d %s", r.Status, r.Raw)
				}
				pid := r.Body["property"].(map[string]any)["id"].(string)
				for _, typ := range []string{"gas-safety", "eicr"} {
					if r := c.Post("/api/certificates", map[string]any{"propertyId": pid, "type": typ,
						"issuedOn": sweepAt.AddDate(-1, 0, 0).Format(time.DateOnly), "expiresOn": expires}); r.Status != http.StatusCreated {
						t.Fatalf("create certificate: %d %s", r.Status, r.Raw)
					}
				}
			}
			e.RunJobs()
			before := certificateReminders(t, e, lord)

			e.Clock.Set(sweepAt)
			cmd := startSweeper(t, path, "certificates")
			if err := e.App.Documents.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			time.Sleep(delay)
			_ = cmd.Process.Kill() // SIGKILL: mid-sweep, no clean-up
			_ = cmd.Wait()

			if err := e.App.Documents.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			e.RunJobs()
			after := certificateReminders(t, e, lord)
			for i := range homes {
				for _, what := range []string{"gas-safety", "eicr"} {
					key := fmt.Sprintf("%s|%d Acacia Road", what, i+1)
					if n := after[key] - before[key]; n != 1 {
						t.Errorf("%s: %d reminder e-mails, want exactly 1", key, n)
					}
				}
			}
		})
	}
}

// certificateReminders counts the reminder e-mails in lord's outbox by
// certificate ("gas-safety|3 Acacia Road"), from their subjects ("Gas
// safety record for 3 Acacia Road expires in 5 days").
func certificateReminders(t *testing.T, e *apptest.Env, lord string) map[string]int {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), lord, 10000)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, m := range msgs {
		for i := range 20 {
			home := fmt.Sprintf("%d Acacia Road", i+1)
			if !strings.Contains(m.Subject, " for "+home+" expires") {
				continue
			}
			switch {
			case strings.HasPrefix(m.Subject, "Gas"):
				count["gas-safety|"+home]++
			case strings.HasPrefix(m.Subject, "EICR") || strings.HasPrefix(m.Subject, "Electrical"):
				count["eicr|"+home]++
			}
		}
	}
	return count
}
