package wallet

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"regexp"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
)

// TransactionsHeader is the first row of the transactions CSV: the
// accountant's layout (date, property, category, SA105 box, description,
// net, VAT, gross) with the wallet's own columns after.
var TransactionsHeader = []string{"Date", "Property", "Type", "Category", "SA105 box", "Description", "Party", "Net", "VAT", "Gross",
	"Paid", "Recoverable", "Debtor", "Recoverable amount"}

// pounds writes pence as pounds for a spreadsheet: 1234.50.
func pounds(p int64) string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return fmt.Sprintf("%s%d.%02d", sign, p/100, p%100)
}

// safeCell keeps a spreadsheet from running a cell as a formula.
func safeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// TransactionsCSV is the occurrences of the query, oldest first, one row each.
func (s *Service) TransactionsCSV(ctx context.Context, a session.Actor, q Query) ([]byte, string, error) {
	if err := landlord(a); err != nil {
		return nil, "", err
	}
	from, to, keep, err := s.query(q)
	if err != nil {
		return nil, "", err
	}
	b, err := s.book(ctx, a)
	if err != nil {
		return nil, "", err
	}
	var items []Occurrence
	b.each(from, to, keep, func(t *Transaction, d day) { items = append(items, Occurrence{Transaction: t, on: d}) })
	sortNewest(items)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(TransactionsHeader)
	for i := len(items) - 1; i >= 0; i-- {
		t, d := items[i].Transaction, items[i].on
		where := b.labels[t.PropertyID]
		if where == "" {
			where = MsgDeletedProperty
		}
		party := strings.TrimSpace(strings.Join(nonEmpty(t.Party.Person, t.Party.OrderNumber), " "))
		vat := int64(0)
		if t.VAT == VATAdd {
			vat = t.VATPence
		}
		recover := ""
		if t.Recoverable {
			recover = pounds(t.RecoverPence)
		}
		paid := ""
		if t.Kind == Expense {
			paid = yesNo(t.Paid)
		}
		_ = w.Write([]string{d.String(), safeCell(where), string(t.Kind), safeCell(t.Category), t.Box, safeCell(t.Description), safeCell(party),
			pounds(t.AmountPence), pounds(vat), pounds(t.gross()), paid, yesNo(t.Recoverable), safeCell(t.Debtor), recover})
	}
	w.Flush()
	return buf.Bytes(), "wallet-transactions-" + s.today().String() + ".csv", w.Error()
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// TaxYearCSV is the tax-year summary: a row per category and box total.
func (s *Service) TaxYearCSV(ctx context.Context, a session.Actor, year int, propertyID string) ([]byte, string, error) {
	ty, err := s.TaxYear(ctx, a, year, propertyID)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"Section", "SA105 box", "Category", "Amount"})
	group := func(section string, g BoxTotal) {
		for _, c := range g.Categories {
			_ = w.Write([]string{section, g.Box, safeCell(c.Category), pounds(c.TotalPence)})
		}
		_ = w.Write([]string{section, g.Box, "Total: " + g.Label, pounds(g.TotalPence)})
	}
	for _, g := range ty.Income {
		group("Income", g)
	}
	for _, g := range ty.Expenses {
		group("Allowable expenses", g)
	}
	group("Residential finance costs", ty.FinanceCosts.BoxTotal)
	group("Not allowable", ty.NotAllowable)
	_ = w.Write([]string{"Summary", "", "Total income", pounds(ty.IncomeTotalPence)})
	_ = w.Write([]string{"Summary", "", "Total allowable expenses", pounds(ty.ExpensesTotalPence)})
	_ = w.Write([]string{"Summary", "", "Profit before the finance cost credit", pounds(ty.ProfitPence)})
	_ = w.Write([]string{"Summary", "", "Finance cost tax credit (basic rate)", pounds(ty.FinanceCosts.TaxCreditPence)})
	_ = w.Write([]string{"Summary", "", "Loans received (capital, not income)", pounds(ty.LoansPence)})
	for _, q := range ty.Quarters {
		_ = w.Write([]string{"Quarter " + q.Start + " to " + q.End, "", "Income", pounds(q.IncomePence)})
		_ = w.Write([]string{"Quarter " + q.Start + " to " + q.End, "", "Allowable expenses", pounds(q.ExpensesPence)})
	}
	w.Flush()
	return buf.Bytes(), "wallet-tax-year-" + ty.Label + ".csv", w.Error()
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9]+`)

// InvoicesZIP is the invoices of the entries with an occurrence in the
// tax year, as one ZIP.
func (s *Service) InvoicesZIP(ctx context.Context, a session.Actor, year int, propertyID string) ([]byte, string, error) {
	if err := landlord(a); err != nil {
		return nil, "", err
	}
	if year == 0 {
		year = taxYearOf(s.today())
	}
	if year < minYear || year >= maxYear {
		return nil, "", apperr.New(apperr.Invalid, "bad_year", MsgBadYear)
	}
	from, to := taxYearRange(year)
	b, err := s.book(ctx, a)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	n := 0
	for i := range b.txs {
		t := &b.txs[i]
		if t.Invoice == nil || (propertyID != "" && t.PropertyID != propertyID) {
			continue
		}
		first := day(0)
		t.recurrence().each(from, to, func(d day) {
			if first == 0 {
				first = d
			}
		})
		if first == 0 {
			continue
		}
		rc, _, err := s.files.Get(ctx, t.Invoice.key)
		if errors.Is(err, fs.ErrNotExist) {
			// Being replaced this instant, or lost: the others still go.
			slog.WarnContext(ctx, "invoice missing from the file storage; left out of the zip", "transaction", t.ID)
			continue
		}
		if err != nil {
			return nil, "", apperr.Wrap(err, "open invoice for the zip")
		}
		ext := t.Invoice.Name[strings.LastIndex(t.Invoice.Name, "."):]
		name := fmt.Sprintf("%s_%s_%s%s", t.Date, strings.Trim(unsafeName.ReplaceAllString(t.Category, "-"), "-"), t.ID[:8], ext)
		// Dated when the invoice was uploaded (its key says when), else
		// on the entry's date: never the zip format's zero, 1980-00-00.
		modified, ok := writtenAt(t.Invoice.key)
		if !ok {
			modified = t.start.time()
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: modified.In(clock.UK)})
		if err == nil {
			_, err = io.Copy(f, rc)
		}
		rc.Close()
		if err != nil {
			return nil, "", apperr.Wrap(err, "zip invoice")
		}
		n++
	}
	if err := zw.Close(); err != nil {
		return nil, "", apperr.Wrap(err, "zip invoices")
	}
	if n == 0 {
		return nil, "", apperr.New(apperr.NotFound, "no_invoices", MsgNoInvoices)
	}
	return buf.Bytes(), "invoices-" + taxYearLabel(year) + ".zip", nil
}
