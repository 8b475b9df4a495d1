package wallet

import (
	"bytes"
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Entries other areas make in a landlord's books (issue 44: a repair's
// invoice becomes its cost; issue 45: the deposit's deductions kept, as
// income, and the deposit returned), once per source: the wallet_links row names
// the source, and its unique index makes a retried job find the entry it
// made instead of making another. The entry says where it came from
// (Transaction.Source), and the source keeps the entry's id.

// Source is where an entry came from.
type Source struct {
	Kind  string `json:"kind"`  // "repair", "deposit"
	ID    string `json:"id"`    // the source's record (a repair's job)
	Label string `json:"label"` // what the entry shows: "Repair: Bathroom and WC (Bathroom)"
	Link  string `json:"link"`  // the page of the source: "/maintenance/{id}"
}

// External is an entry another area books for a landlord: an expense
// unless Kind says Income.
type External struct {
	Source      Source
	Kind        Kind // Expense when empty; Income for money received
	LandlordID  string
	PropertyID  string
	Category    string // one of the kind's list (data/categories.yaml)
	Description string
	Vendor      string // who was paid (an expense) or who paid (income)
	AmountPence int64
	Paid        bool   // an expense already paid (the deposit returned)
	Date        string // YYYY-MM-DD
	Invoice     []byte // a PDF, JPEG or PNG (checked by content), or none
}

// RecordExternal books an entry once per source, answering its entry's
// id (the existing entry's when the source was booked already). An expense
// is tax deductible unless its category's box is capital (data).
func (s *Service) RecordExternal(ctx context.Context, e External) (string, error) {
	if e.Kind == "" {
		e.Kind = Expense
	}
	if id, err := linkBySource(ctx, s.db.Conn(), e.Source.Kind, e.Source.ID); err == nil {
		return id, nil
	} else if !apperr.IsNotFound(err) {
		return "", err
	}
	c, ok := s.rules.builtinCategory(e.Kind, e.Category)
	date, okDay := parseDay(e.Date)
	switch {
	case e.Kind != Expense && e.Kind != Income:
		return "", errors.New("wallet: an external entry is an expense or income")
	case !ok:
		return "", errors.New("wallet: unknown " + string(e.Kind) + " category " + e.Category)
	case !okDay:
		return "", errors.New("wallet: bad date " + e.Date)
	case e.AmountPence < 0 || e.AmountPence > MaxAmountPence:
		return "", errors.New("wallet: amount out of range")
	case e.Source.Kind == "" || e.Source.ID == "" || e.LandlordID == "":
		return "", errors.New("wallet: an external entry needs its source and landlord")
	}
	now := s.now()
	party := Party{Type: "vendor", Person: e.Vendor}
	if e.Kind == Income {
		party.Type = "tenant"
	}
	t := Transaction{ID: uuid.NewString(), landlordID: e.LandlordID, Kind: e.Kind, PropertyID: e.PropertyID, Category: c.Name,
		Description: e.Description, AmountPence: e.AmountPence, Date: date.String(), start: date, VAT: VATNone,
		Party: party, TaxDeductible: e.Kind == Expense && c.Box != BoxCapital, Frequency: OneOff, CreatedAt: now, UpdatedAt: now, Revision: 1,
		Paid: e.Kind == Expense && e.Paid}
	if len(e.Invoice) > 0 {
		data, ctype, ext := e.Invoice, "application/pdf", ".pdf"
		if !bytes.HasPrefix(data, []byte("%PDF-")) {
			clean, kind, err := checkImage(ctx, data)
			if err != nil {
				return "", err
			}
			data, ctype, ext = clean, kind.ContentType(), kind.Ext()
		}
		t.Invoice = &Invoice{Name: "invoice-" + t.Date + ext, ContentType: ctype, Size: int64(len(data)), key: invoiceKey(e.LandlordID, t.ID, now, ext)}
		if err := s.files.Put(ctx, t.Invoice.key, bytes.NewReader(data), t.Invoice.Size, ctype); err != nil {
			return "", apperr.Wrap(err, "store invoice")
		}
	}
	errTaken := errors.New("taken")
	err := s.write(ctx, &t, func(c db.Conn) error {
		if err := insert(ctx, c, &t); err != nil {
			return err
		}
		_, err := c.Exec(ctx, `INSERT INTO wallet_links (transaction_id, landlord_id, source_kind, source_id, label, link, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, t.ID, e.LandlordID, e.Source.Kind, e.Source.ID, e.Source.Label, e.Source.Link, now.UnixMilli())
		if db.IsUniqueViolation(err) {
			return errTaken
		}
		return apperr.Wrap(err, "insert wallet link")
	})
	if err != nil {
		if t.Invoice != nil {
			s.dropFile(ctx, t.Invoice.key)
		}
		if errors.Is(err, errTaken) { // booked at the same moment by another run
			return linkBySource(ctx, s.db.Conn(), e.Source.Kind, e.Source.ID)
		}
		return "", err
	}
	return t.ID, nil
}

func linkBySource(ctx context.Context, c db.Conn, kind, id string) (string, error) {
	var tx string
	err := c.QueryRow(ctx, `SELECT transaction_id FROM wallet_links WHERE source_kind = ? AND source_id = ?`, kind, id).Scan(&tx)
	if errors.Is(err, db.NoRows) {
		return "", apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return tx, apperr.Wrap(err, "read wallet link")
}

// sourceOf is where an entry came from, nil for the landlord's own.
func sourceOf(ctx context.Context, c db.Conn, transactionID string) (*Source, error) {
	var src Source
	err := c.QueryRow(ctx, `SELECT source_kind, source_id, label, link FROM wallet_links WHERE transaction_id = ?`, transactionID).
		Scan(&src.Kind, &src.ID, &src.Label, &src.Link)
	if errors.Is(err, db.NoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "read wallet source")
	}
	return &src, nil
}
