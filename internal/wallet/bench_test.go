package wallet_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/wallet"
)

// BenchmarkOverview is the overview of a landlord with 20 properties and
// 10,000 transactions over three years (a monthly rent per property, the
// rest one-off income, expenses with VAT, recoverable amounts and loans),
// through the HTTP API on SQLite, for the longest period (3Y) and the
// default one (1M), warm (the entries in memory, checked by revision)
// and cold (no copy in memory: from the books' snapshot, or from every
// row). Target: under 100 ms (docs/perf.md).
func BenchmarkOverview(b *testing.B) {
	e := apptest.Start(b, dbtest.Open(b, db.SQLite), nil)
	c, props := landlord(b, e, "lord@example.com", 20)
	me := actorOf(b, c)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	expenses := []string{"Maintenance and repairs costs", "Utilities", "Council tax", "Insurance", "Letting agent and management fees", "Mortgage and loan interest"}
	for i := range 10_000 {
		pid := props[i%len(props)]
		in := wallet.Input{PropertyID: pid, Description: fmt.Sprintf("Entry %d", i), VAT: wallet.VATNone, Frequency: wallet.OneOff, TaxDeductible: true}
		amount := int64(1000 + rng.IntN(200_000))
		in.AmountPence = &amount
		in.Date = fmt.Sprintf("%d-%02d-%02d", 2023+rng.IntN(4), 1+rng.IntN(12), 1+rng.IntN(28))
		switch {
		case i < len(props):
			in.Kind, in.Category, in.Frequency, in.Date = wallet.Income, "Rent", wallet.Monthly, "2023-11-01"
		case i%10 < 4:
			in.Kind, in.Category = wallet.Income, "Rent"
		case i%10 < 9:
			in.Kind, in.Category, in.Paid = wallet.Expense, expenses[i%len(expenses)], i%3 > 0
			if i%4 == 0 {
				in.VAT, in.VATPence = wallet.VATAdd, amount/5
			}
			if i%7 == 0 {
				in.Recoverable, in.Debtor, in.RecoverPence = true, "Tenant", amount/2
			}
		default:
			in.Kind, in.Category, in.LenderName, in.TenureYears = wallet.Loan, "Secured", "Bank", 2
		}
		if _, err := e.App.Wallet.Create(ctx, me, in); err != nil {
			b.Fatal(err)
		}
	}
	for _, p := range props[:10] {
		expectRent(b, c, p, 95000, "monthly", "2024-01-01")
	}
	for _, period := range []string{"1M", "3Y"} {
		b.Run(period, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := c.Get("/api/wallet/overview?period=" + period); r.Status != 200 {
					b.Fatal(r.Raw)
				}
			}
		})
	}
	// The first read on a server with no copy in memory (just started, or
	// another of the site's): from the books' snapshot, and, when there is
	// none at the books' revision (the first read after a change made on
	// another server), from every row.
	cold := func(name string, forget func()) {
		b.Run(name, func(b *testing.B) {
			var ru0, ru1 syscall.Rusage
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
			for b.Loop() {
				b.StopTimer()
				forget()
				b.StartTimer()
				if r := c.Get("/api/wallet/overview?period=3Y"); r.Status != 200 {
					b.Fatal(r.Raw)
				}
			}
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
			ms := float64(b.Elapsed().Microseconds()) / 1000 / float64(b.N)
			cpu := float64(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / 1e6 / float64(b.N)
			b.ReportMetric(ms, "ms/overview")
			b.ReportMetric(cpu, "cpu-ms/overview")
			b.Logf("wallet overview, 3Y, %s (20 properties, 10,000 entries): %.1f ms, %.1f ms of CPU (target: at most 100 ms)", name, ms, cpu)
		})
	}
	cold("3Y-cold", e.App.Wallet.ForgetBooks)
	cold("3Y-cold-rows", func() {
		e.App.Wallet.WaitSnapshots() // the last one's, stored after its answer
		e.App.Wallet.ForgetBooks()
		if _, err := e.App.DB.Conn().Exec(ctx, `DELETE FROM wallet_snapshots`); err != nil {
			b.Fatal(err)
		}
	})
	// An entry edited, then the overview (this server keeps its copy current).
	last := c.Get("/api/wallet/transactions?limit=1&filter=expense")
	id := obj(obj(list(last.Body["items"])[0])["transaction"])["id"].(string)
	rev := obj(obj(list(last.Body["items"])[0])["transaction"])["revision"]
	b.Run("edit-then-3Y", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			m := entry("expense", props[0], "Insurance", int64(1000+i), "2026-10-01", "revision", rev)
			r := c.Do("PUT", "/api/wallet/transactions/"+id, m)
			if r.Status != 200 {
				b.Fatal(r.Raw)
			}
			rev = obj(r.Body["transaction"])["revision"]
			if r := c.Get("/api/wallet/overview?period=3Y"); r.Status != 200 {
				b.Fatal(r.Raw)
			}
		}
	})
	// Started again after those edits: the snapshot the edits left.
	cold("3Y-cold-after-edits", func() {
		e.App.Wallet.WaitSnapshots()
		e.App.Wallet.ForgetBooks()
	})
	b.Run("properties-1Y", func(b *testing.B) {
		for b.Loop() {
			if r := c.Get("/api/wallet/properties?period=1Y"); r.Status != 200 {
				b.Fatal(r.Raw)
			}
		}
	})
}
