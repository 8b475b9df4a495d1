package calendar

import (
	"context"
	"fmt"
	"math/rand"
	"syscall"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/session"
)

// cpuTime is the CPU time the process has used (user and system): the
// figures are CPU time, as the "0.44 CPU-seconds per month view",
// because on a shared machine the wall clock mostly measures the others.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type benchPeople struct{}

func (benchPeople) Contact(_ context.Context, id string) (string, string, error) {
	return id + "@example.com", "Pat Landlord", nil
}

type benchMail struct{ sent int }

func (m *benchMail) Send(context.Context, db.Conn, mail.Email) error { m.sent++; return nil }

// benchCalendar stores 10,000 events, two accounts at the cap of 5,000:
// a quarter daily series from 1 January 1900 (the worst age the date
// range allows), the rest weekly, monthly and yearly series from any year
// since 1900 and one-off events, with every alert choice.
func benchCalendar(b *testing.B, dialect db.Dialect) (*Service, *clock.Fake, *benchMail) {
	d := dbtest.Open(b, dialect)
	clk := clock.NewFake(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))
	m := &benchMail{}
	s := NewService(Deps{DB: d, Clock: clk, Mail: m, People: benchPeople{}})
	ctx := context.Background()
	rng := rand.New(rand.NewSource(26))
	now := clk.Now()
	for _, owner := range []string{"owner-a", "owner-b"} {
		if _, err := d.Conn().Exec(ctx, `INSERT INTO users (id, email, full_name, user_type, password_hash, created_at, updated_at)
			VALUES (?, ?, 'Pat Landlord', 'Landlord', 'x', 1, 1)`, owner, owner+"@example.com"); err != nil {
			b.Fatal(err)
		}
		err := d.Tx(ctx, func(tx db.Conn) error {
			for i := range MaxEventsPerAccount {
				freq := []string{Daily, Weekly, Monthly, Yearly, OneOff}[i%5]
				date := time.Date(1900+rng.Intn(127), time.Month(1+rng.Intn(12)), 1+rng.Intn(28), 0, 0, 0, 0, time.UTC)
				if i%4 == 0 {
					freq, date = Daily, time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
				}
				if freq == OneOff {
					date = time.Date(2026, 11, 1+rng.Intn(30), 0, 0, 0, 0, time.UTC)
				}
				rule, _ := ruleOf(freq, "")
				e := Event{ID: fmt.Sprintf("%s-%05d", owner, i), OwnerID: owner, Category: "Viewings", Title: "Viewing", Description: "d",
					Location: Location{Address: "1 High St"}, Attendees: []Attendee{}, Date: date.Format(dateFmt),
					StartTime: fmt.Sprintf("%02d:%02d", rng.Intn(23), 15*rng.Intn(4)), TimeZone: TimeZone, Frequency: freq,
					Alert: Alerts[rng.Intn(len(Alerts))], RRule: rule, AlertsFrom: now, CreatedAt: now, UpdatedAt: now}
				e.EndTime = "23:59"
				if err := insertEvent(ctx, tx, e); err != nil {
					return err
				}
				if err := s.scheduleAlert(ctx, tx, e, now); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return s, clk, m
}

// BenchmarkMonthView is the month view (November 2026) of an account at the
// cap: 5,000 events, 1,250 of them daily series from 1900 (about 45,000
// occurrences). Target: under 1 second.
func BenchmarkMonthView(b *testing.B) {
	s, _, _ := benchCalendar(b, db.SQLite)
	a := session.Actor{UserID: "owner-a"}
	ctx := context.Background()
	var n int
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		list, err := s.Occurrences(ctx, a, "2026-11-01", "2026-11-30", "", "")
		if err != nil {
			b.Fatal(err)
		}
		n = len(list)
	}
	ms := float64((cpuTime() - cpu).Microseconds()) / 1000 / float64(b.N)
	b.ReportMetric(ms, "cpu-ms/view")
	b.ReportMetric(float64(n), "occurrences")
	b.Logf("month view of 5,000 events (%d occurrences): %.0f CPU-ms, wall %.0f ms (target < 1000 CPU-ms)", n, ms,
		float64(b.Elapsed().Milliseconds())/float64(b.N))
	if ms > 1000 {
		b.Errorf("month view %.0f CPU-ms, over the 1 s target", ms)
	}
}

// BenchmarkAlertSweep is the every-minute sweep over 10,000 events (two
// accounts at the cap), the clock moving a minute each run: only the
// events whose next alert is due are read. Target: under 50 ms a sweep.
func BenchmarkAlertSweep(b *testing.B) {
	s, clk, m := benchCalendar(b, db.SQLite)
	ctx := context.Background()
	t0 := time.Now()
	if err := s.Sweep(ctx); err != nil { // the alerts due at the start
		b.Fatal(err)
	}
	first := time.Since(t0)
	sentFirst := m.sent
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		clk.Advance(time.Minute)
		if err := s.Sweep(ctx); err != nil {
			b.Fatal(err)
		}
	}
	ms := float64((cpuTime() - cpu).Microseconds()) / 1000 / float64(b.N)
	b.ReportMetric(ms, "cpu-ms/sweep")
	b.Logf("sweep over 10,000 events: first %v wall (%d alerts), then %.2f CPU-ms (wall %.2f ms) a minute over %d minutes, %d alerts (target < 50 CPU-ms)",
		first.Round(time.Millisecond), sentFirst, ms, float64(b.Elapsed().Microseconds())/1000/float64(b.N), b.N, m.sent-sentFirst)
	if ms > 50 {
		b.Errorf("sweep %.1f CPU-ms, over the 50 ms target", ms)
	}
}
