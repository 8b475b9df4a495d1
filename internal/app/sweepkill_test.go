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
	fmt.Println("sweeping")
	for {
		if err := e.App.Calendar.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
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
			path := filepath.Join(t.TempDir(), "omnirent.db")
			d, err := db.Open(context.Background(), "sqlite:"+path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			if err := d.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
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

			cmd := exec.Command(os.Args[0], "-test.run=^TestAlertSweepHelper$")
			cmd.Env = append(os.Environ(), "OMNIRENT_TEST_SWEEP_DB="+path)
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
