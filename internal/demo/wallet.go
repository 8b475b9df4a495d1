package demo

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

// SeedWallet gives the demo landlord a few months of real-looking books
// for the demo home: the expected rent (1,850 pounds on the 1st of
// each month, set by hand as the agreement is still a draft), the rent
// received each month but last month's (so one month shows as overdue),
// the letting agent's monthly fee, mortgage interest, a boiler repair with
// VAT added, a broken window the tenant owes back, and the mortgage loan.
func SeedWallet(ctx context.Context, accounts *auth.Service, properties *property.Service, books *wallet.Service, now time.Time) error {
	owner, pid, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		p, err := books.List(ctx, owner, wallet.Query{Limit: 1})
		return p.Total > 0, err
	})
	if err != nil || pid == "" {
		return err
	}
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	month := func(n, d int) string { return first.AddDate(0, n, d-1).Format(time.DateOnly) }
	if _, err := books.SetExpectedRent(ctx, owner, pid, wallet.ExpectedRent{RentPence: 185_000, RentPeriod: wallet.Monthly, FirstDueDate: month(-4, 1)}); err != nil {
		return err
	}
	pence := func(p int64) *int64 { return &p }
	tenant := wallet.Party{Type: "tenant", Person: "Tom Tenant"}
	entries := []wallet.Input{
		{Kind: wallet.Loan, Category: "Secured", Description: "Buy-to-let mortgage", AmountPence: pence(25_000_000), Date: month(-4, 1),
			LenderName: "Thames Building Society", TenureYears: 2},
		{Kind: wallet.Expense, Category: "Letting agent and management fees", Description: "Management fee (10%)", AmountPence: pence(18_500),
			Date: month(-4, 5), VAT: wallet.VATIncluded, Frequency: wallet.Monthly, Paid: true, TaxDeductible: true,
			Party: wallet.Party{Type: "vendor", Person: "Battersea Lettings"}},
		{Kind: wallet.Expense, Category: "Mortgage and loan interest", Description: "Mortgage interest", AmountPence: pence(31_000),
			Date: month(-4, 15), VAT: wallet.VATNone, Frequency: wallet.Monthly, Paid: true, TaxDeductible: true,
			Party: wallet.Party{Type: "vendor", Person: "Thames Building Society"}},
		{Kind: wallet.Expense, Category: "Maintenance and repairs costs", Description: "Boiler repair", AmountPence: pence(24_000),
			Date: month(-2, 12), VAT: wallet.VATAdd, VATPence: 4_800, Frequency: wallet.OneOff, Paid: true, TaxDeductible: true,
			Party: wallet.Party{Type: "vendor", Person: "Ace Heating Ltd", OrderNumber: "AH-2291"}},
		{Kind: wallet.Expense, Category: "Maintenance and repairs costs", Description: "Broken kitchen window", AmountPence: pence(12_000),
			Date: month(-1, 18), VAT: wallet.VATNone, Frequency: wallet.OneOff, Paid: false, TaxDeductible: false,
			Party: wallet.Party{Type: "vendor", Person: "Clear View Glazing"}, Recoverable: true, Debtor: "Tom Tenant", RecoverPence: 12_000},
	}
	for _, n := range []int{-4, -3, -2, 0} { // last month's rent has not come in
		d := month(n, 3)
		if n == 0 && now.Day() < 3 {
			d = now.Format(time.DateOnly)
		}
		entries = append(entries, wallet.Input{Kind: wallet.Income, Category: "Rent", Description: "Rent " + first.AddDate(0, n, 0).Format("January 2006"),
			AmountPence: pence(185_000), Date: d, VAT: wallet.VATNone, Frequency: wallet.OneOff, Party: tenant})
	}
	for _, in := range entries {
		in.PropertyID = pid
		if _, err := books.Create(ctx, owner, in); err != nil {
			return err
		}
	}
	return nil
}
