package wallet

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `id, landlord_id, property_id, kind, category, description, amount_pence, day, vat, vat_pence,
	party_type, party_person, party_order, tax_deductible, frequency, end_day, paid, recoverable, debtor, recover_pence,
	lender_name, tenure_years, invoice_key, invoice_name, invoice_type, invoice_size, created_at, updated_at, revision`

// formCols are the columns an edit of the form changes (not the invoice's:
// an edit and an invoice upload at once each keep the other's change).
const formCols = `property_id, kind, category, description, amount_pence, day, vat, vat_pence,
	party_type, party_person, party_order, tax_deductible, frequency, end_day, paid, recoverable, debtor, recover_pence,
	lender_name, tenure_years`

func scan(row db.Scanner) (Transaction, error) {
	var t Transaction
	var inv Invoice
	var created, updated int64
	err := row.Scan(&t.ID, &t.landlordID, &t.PropertyID, &t.Kind, &t.Category, &t.Description, &t.AmountPence, &t.Date, &t.VAT, &t.VATPence,
		&t.Party.Type, &t.Party.Person, &t.Party.OrderNumber, &t.TaxDeductible, &t.Frequency, &t.EndDate, &t.Paid, &t.Recoverable, &t.Debtor, &t.RecoverPence,
		&t.LenderName, &t.TenureYears, &inv.key, &inv.Name, &inv.ContentType, &inv.Size, &created, &updated, &t.Revision)
	if errors.Is(err, db.NoRows) {
		return Transaction{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Transaction{}, apperr.Wrap(err, "scan wallet transaction")
	}
	if inv.key != "" {
		t.Invoice = &inv
	}
	t.start, _ = parseDay(t.Date)
	t.end, _ = parseDay(t.EndDate)
	t.CreatedAt, t.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return t, nil
}

func values(t *Transaction) []any {
	var inv Invoice
	if t.Invoice != nil {
		inv = *t.Invoice
	}
	return []any{t.ID, t.landlordID, t.PropertyID, t.Kind, t.Category, t.Description, t.AmountPence, t.Date, t.VAT, t.VATPence,
		t.Party.Type, t.Party.Person, t.Party.OrderNumber, t.TaxDeductible, t.Frequency, t.EndDate, t.Paid, t.Recoverable, t.Debtor, t.RecoverPence,
		t.LenderName, t.TenureYears, inv.key, inv.Name, inv.ContentType, inv.Size, t.CreatedAt.UnixMilli(), t.UpdatedAt.UnixMilli(), t.Revision}
}

func insert(ctx context.Context, c db.Conn, t *Transaction) error {
	if _, err := c.Exec(ctx, `INSERT INTO wallet_transactions (`+cols+`) VALUES (`+strings.Repeat("?, ", 28)+`?)`, values(t)...); err != nil {
		return apperr.Wrap(err, "insert wallet transaction")
	}
	return nil
}

// updateForm writes an edit's fields if the entry is still at the revision
// the edit was based on, raising it; false when another change came first.
func updateForm(ctx context.Context, c db.Conn, t *Transaction, readRevision int64) (bool, error) {
	names := strings.Split(formCols, ",")
	set := make([]string, 0, len(names)+2)
	for _, n := range names {
		set = append(set, strings.TrimSpace(n)+" = ?")
	}
	set = append(set, "updated_at = ?", "revision = revision + 1")
	args := append(values(t)[2:2+len(names)], t.UpdatedAt.UnixMilli(), t.ID, t.landlordID, readRevision)
	res, err := c.Exec(ctx, `UPDATE wallet_transactions SET `+strings.Join(set, ", ")+` WHERE id = ? AND landlord_id = ? AND revision = ?`, args...)
	if err != nil {
		return false, apperr.Wrap(err, "update wallet transaction")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// setInvoiceRow names an entry's invoice (none when inv is nil), raising
// its revision; c is the transaction that locked the row.
func setInvoiceRow(ctx context.Context, c db.Conn, landlordID, id string, inv *Invoice, at time.Time) error {
	var v Invoice
	if inv != nil {
		v = *inv
	}
	res, err := c.Exec(ctx, `UPDATE wallet_transactions SET invoice_key = ?, invoice_name = ?, invoice_type = ?, invoice_size = ?,
		updated_at = ?, revision = revision + 1 WHERE id = ? AND landlord_id = ?`, v.key, v.Name, v.ContentType, v.Size, at.UnixMilli(), id, landlordID)
	if err != nil {
		return apperr.Wrap(err, "update wallet invoice")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}

// lockedByID is byID inside a transaction that changes the entry, with its
// row locked until the transaction ends (PostgreSQL's FOR UPDATE; SQLite's
// transactions take the write lock when they begin).
func lockedByID(ctx context.Context, c db.Conn, dialect db.Dialect, landlordID, id string) (Transaction, error) {
	q := `SELECT ` + cols + ` FROM wallet_transactions WHERE id = ? AND landlord_id = ?`
	if dialect == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scan(c.QueryRow(ctx, q, id, landlordID))
}

// invoiceKeys are the files the entries name, for the orphan sweep.
func invoiceKeys(ctx context.Context, c db.Conn) (map[string]bool, error) {
	keys, err := db.All(ctx, c, func(s db.Scanner) (string, error) {
		var k string
		err := s.Scan(&k)
		return k, err
	}, `SELECT invoice_key FROM wallet_transactions WHERE invoice_key <> ''`)
	if err != nil {
		return nil, apperr.Wrap(err, "list wallet invoice keys")
	}
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out, nil
}

// byID is one of the landlord's entries; another landlord's is not found.
func byID(ctx context.Context, c db.Conn, landlordID, id string) (Transaction, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM wallet_transactions WHERE id = ? AND landlord_id = ?`, id, landlordID))
}

// readSplit says which books byLandlord reads in halves: those of from
// entries or more; between, when set, runs once both halves are read (the
// tests' change in between). Each service holds its own, so a test's
// setting is not shared with another's, nor changed under a snapshot
// being stored.
type readSplit struct {
	from    int
	between func()
}

// splitRead is the size of book read in halves outside tests.
const splitRead = 2000

// readParts is how many parts a large book is read in at once: three or
// four gained nothing over two on two cores (docs/perf.md).
const readParts = 2

// byLandlord is every entry of the landlord, oldest first, as the books
// stood at revision rev (read before) or later; whole says a large book
// was read at rev exactly (for a snapshot). Reading rows costs: 10,000
// entries took 120 ms on SQLite in one statement, most of it in the driver,
// column by column (issue 29). So a large book is read in two halves by
// date at once, each on its own connection of the pool. Each half is one
// statement, so of one state of the books; both are of the same one when
// the books' revision is still rev once both are read, since every change
// raises it in the change's own transaction. If it moved, a change came in
// between, and the book is read again in one statement.
func byLandlord(ctx context.Context, pool db.Conn, landlordID string, rev int64, split readSplit) (txs []Transaction, whole bool, err error) {
	// Counted first (from the index alone), so the rows are read into one
	// slice of the right size: growing it by appending copied the entries
	// about twice over, a tenth of a cold read of 10,000 (issue 29).
	var n int
	if err := pool.QueryRow(ctx, `SELECT COUNT(*) FROM wallet_transactions WHERE landlord_id = ?`, landlordID).Scan(&n); err != nil {
		return nil, false, apperr.Wrap(err, "count wallet transactions")
	}
	out := make([]Transaction, 0, n+n/16+1) // room for rows added between the reads
	if n < split.from {
		txs, err = byDays(ctx, pool, landlordID, "", "", out)
		return txs, false, err
	}
	// The days where the parts meet (a part holds whole days).
	parts := min(readParts, n/split.from+1)
	from := make([]string, parts+1) // from[i] <= part i's days < from[i+1]; "" is open
	for i := 1; i < parts; i++ {
		err := pool.QueryRow(ctx, `SELECT day FROM wallet_transactions WHERE landlord_id = ? ORDER BY day LIMIT 1 OFFSET ?`, landlordID, i*n/parts).Scan(&from[i])
		if errors.Is(err, db.NoRows) { // entries deleted since the count
			txs, err = byDays(ctx, pool, landlordID, "", "", out)
			return txs, false, err
		}
		if err != nil {
			return nil, false, apperr.Wrap(err, "split wallet transactions")
		}
	}
	read := make([][]Transaction, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() {
			read[i], errs[i] = byDays(ctx, pool, landlordID, from[i], from[i+1], make([]Transaction, 0, n/parts+n/16+1))
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, false, err
	}
	if split.between != nil {
		split.between()
	}
	now, err := revision(ctx, pool, landlordID)
	if err != nil {
		return nil, false, err
	}
	if now != rev {
		txs, err = byDays(ctx, pool, landlordID, "", "", out)
		return txs, false, err
	}
	for _, r := range read {
		out = append(out, r...)
	}
	return out, true, nil
}

// oldestFirst orders entries by date, then when they were made, then id.
func oldestFirst(a, b Transaction) int {
	return cmp.Or(strings.Compare(a.Date, b.Date), a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.ID, b.ID))
}

// byDays appends to out the landlord's entries dated from (if set) up to,
// not including, to (if set), oldest first. The statement orders them by
// date only, which the index gives; the rest of the order is made here:
// ordering by date, time and id in SQL sorted whole rows in SQLite's
// sorter, a third of the read (issue 29).
func byDays(ctx context.Context, c db.Conn, landlordID, from, to string, out []Transaction) ([]Transaction, error) {
	where, args := `landlord_id = ?`, []any{landlordID}
	if from != "" {
		where, args = where+` AND day >= ?`, append(args, from)
	}
	if to != "" {
		where, args = where+` AND day < ?`, append(args, to)
	}
	rows, err := c.Query(ctx, `SELECT `+cols+` FROM wallet_transactions WHERE `+where+` ORDER BY day`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list wallet transactions")
	}
	defer rows.Close()
	start := len(out)
	for rows.Next() {
		t, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Wrap(err, "list wallet transactions")
	}
	// Sorted day by day: a day holds a few entries, already in order unless
	// made in the same millisecond (sorting all the rows at once moved the
	// large entries about and cost as much as the sorter).
	for part := out[start:]; len(part) > 0; {
		n := 1
		for n < len(part) && part[n].Date == part[0].Date {
			n++
		}
		if !slices.IsSortedFunc(part[:n], oldestFirst) {
			slices.SortFunc(part[:n], oldestFirst)
		}
		part = part[n:]
	}
	return out, nil
}

// bump raises the revision of the landlord's books and answers it; c is
// the transaction that changes them.
func bump(ctx context.Context, c db.Conn, landlordID string) (int64, error) {
	var rev int64
	err := c.QueryRow(ctx, `INSERT INTO wallet_books (landlord_id, revision) VALUES (?, 1)
		ON CONFLICT (landlord_id) DO UPDATE SET revision = wallet_books.revision + 1 RETURNING revision`, landlordID).Scan(&rev)
	return rev, apperr.Wrap(err, "bump wallet revision")
}

// revision is the landlord's books' revision (0 before any entry).
func revision(ctx context.Context, c db.Conn, landlordID string) (int64, error) {
	var rev int64
	err := c.QueryRow(ctx, `SELECT revision FROM wallet_books WHERE landlord_id = ?`, landlordID).Scan(&rev)
	if errors.Is(err, db.NoRows) {
		return 0, nil
	}
	return rev, apperr.Wrap(err, "read wallet revision")
}

func remove(ctx context.Context, c db.Conn, landlordID, id string) error {
	res, err := c.Exec(ctx, `DELETE FROM wallet_transactions WHERE id = ? AND landlord_id = ?`, id, landlordID)
	if err != nil {
		return apperr.Wrap(err, "delete wallet transaction")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}

// Custom categories.

func customCategories(ctx context.Context, c db.Conn, landlordID string) ([]struct {
	Kind Kind
	Name string
}, error) {
	type row = struct {
		Kind Kind
		Name string
	}
	out, err := db.All(ctx, c, func(s db.Scanner) (row, error) {
		var r row
		err := s.Scan(&r.Kind, &r.Name)
		return r, err
	}, `SELECT kind, name FROM wallet_categories WHERE landlord_id = ? ORDER BY created_at, name_key`, landlordID)
	return out, apperr.Wrap(err, "list wallet categories")
}

// addCategory keeps a custom category (once per name, whatever its case).
func addCategory(ctx context.Context, c db.Conn, landlordID string, k Kind, name string, at time.Time) error {
	var n int
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM wallet_categories WHERE landlord_id = ? AND kind = ? AND name_key = ?`,
		landlordID, k, strings.ToLower(name)).Scan(&n); err != nil {
		return apperr.Wrap(err, "find wallet category")
	}
	if n > 0 {
		return nil
	}
	_, err := c.Exec(ctx, `INSERT INTO wallet_categories (landlord_id, kind, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)`,
		landlordID, k, name, strings.ToLower(name), at.UnixMilli())
	if db.IsUniqueViolation(err) {
		return nil
	}
	return apperr.Wrap(err, "add wallet category")
}

func deleteCategory(ctx context.Context, c db.Conn, landlordID string, k Kind, name string) error {
	res, err := c.Exec(ctx, `DELETE FROM wallet_categories WHERE landlord_id = ? AND kind = ? AND name_key = ?`, landlordID, k, strings.ToLower(name))
	if err != nil {
		return apperr.Wrap(err, "delete wallet category")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgCategoryNotFound)
	}
	return nil
}

// Expected rents.

type rentRow struct {
	PropertyID string
	ExpectedRent
}

func rents(ctx context.Context, c db.Conn, landlordID string) ([]rentRow, error) {
	out, err := db.All(ctx, c, func(s db.Scanner) (rentRow, error) {
		var r rentRow
		err := s.Scan(&r.PropertyID, &r.RentPence, &r.RentPeriod, &r.FirstDueDate, &r.EndDate)
		return r, err
	}, `SELECT property_id, rent_pence, rent_period, first_due_day, end_day FROM wallet_rents WHERE landlord_id = ? ORDER BY property_id`, landlordID)
	return out, apperr.Wrap(err, "list wallet rents")
}

func saveRent(ctx context.Context, c db.Conn, landlordID, propertyID string, r ExpectedRent, at time.Time) error {
	// One statement that inserts or replaces: a delete then an insert let
	// two saves at once (PostgreSQL) both delete, the second's delete not
	// seeing the row the first inserted, and the second insert break the
	// primary key (a 500 for a double click).
	_, err := c.Exec(ctx, `INSERT INTO wallet_rents (landlord_id, property_id, rent_pence, rent_period, first_due_day, end_day, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (landlord_id, property_id) DO UPDATE SET rent_pence = excluded.rent_pence, rent_period = excluded.rent_period,
		first_due_day = excluded.first_due_day, end_day = excluded.end_day, updated_at = excluded.updated_at`,
		landlordID, propertyID, r.RentPence, r.RentPeriod, r.FirstDueDate, r.EndDate, at.UnixMilli())
	return apperr.Wrap(err, "save wallet rent")
}

func deleteRent(ctx context.Context, c db.Conn, landlordID, propertyID string) error {
	res, err := c.Exec(ctx, `DELETE FROM wallet_rents WHERE landlord_id = ? AND property_id = ?`, landlordID, propertyID)
	if err != nil {
		return apperr.Wrap(err, "delete wallet rent")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNoRent)
	}
	return nil
}
