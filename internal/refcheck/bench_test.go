package refcheck_test

import (
	"context"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// BenchmarkReport measures building a report from 12 months of the busiest
// sandbox statement ("build": fetch + analyse, target under 200 ms) and
// rendering its PDF ("pdf", target under 300 ms).
func BenchmarkReport(b *testing.B) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	code := openbanking.SandboxCode{Persona: "gambling", Holder: "Ann Renter"}.Encode()
	in := func() affordability.Input {
		accounts, err := openbanking.Sandbox{}.Accounts(context.Background(), code, now)
		if err != nil {
			b.Fatal(err)
		}
		return affordability.Input{Now: now, RenterName: "Ann Renter", DateOfBirth: time.Date(1996, 12, 1, 0, 0, 0, 0, time.UTC),
			DeclaredMonthlyPence: 230000, RentSharePence: 92500, Accounts: accounts}
	}
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			affordability.Analyse(in(), affordability.DefaultRules)
		}
	})
	rep := refcheck.LandlordReport{Name: "Ann Renter", Email: "ann@example.com", RentPence: 185000, ReadyAt: now,
		Property: refcheck.Place{FirstLine: "12 Lavender Hill", Town: "London", Postcode: "SW11 5RW"},
		Report:   affordability.Analyse(in(), affordability.DefaultRules)}
	b.Run("pdf", func(b *testing.B) {
		for b.Loop() {
			if _, err := refcheck.ReportPDF(rep); err != nil {
				b.Fatal(err)
			}
		}
	})
}
