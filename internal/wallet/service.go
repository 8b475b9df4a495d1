package wallet

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

// Property is one of the landlord's properties, in the wallet's terms.
type Property struct {
	ID    string
	Label string // the address's first line and town
}

// Properties answers the wallet about the landlord's properties.
type Properties interface {
	// Owned is the actor's property; anyone else's answers not found.
	Owned(ctx context.Context, a session.Actor, id string) (Property, error)
	// Mine lists the actor's properties.
	Mine(ctx context.Context, a session.Actor) ([]Property, error)
}

// Agreement is the rent of a tenancy agreement sent to its tenants.
type Agreement struct {
	PropertyID       string
	RentPence        int64
	RentPeriod       string // weekly or monthly
	FirstPaymentDate string
}

// Agreements gives the rent of the landlord's sent (or signed) agreements.
type Agreements interface {
	Rents(ctx context.Context, a session.Actor) ([]Agreement, error)
}

// Deps are what the service needs.
type Deps struct {
	DB         *db.DB
	Clock      clock.Clock
	Rules      *Rules
	Properties Properties
	Agreements Agreements // may be nil: expected rents set by hand only
	Files      storage.Store
	Jobs       *jobs.Queue // the invoice orphan sweep (nil: none)
}

type Service struct {
	books     books
	snapshots sync.WaitGroup // books' snapshots being stored
	split     readSplit      // which books are read in halves
	db        *db.DB
	clock     clock.Clock
	rules     *Rules
	props     Properties
	agree     Agreements
	files     storage.Store
	jobs      *jobs.Queue
}

func NewService(d Deps) *Service {
	s := &Service{split: readSplit{from: splitRead}, db: d.DB, clock: d.Clock, rules: d.Rules, props: d.Properties, agree: d.Agreements, files: d.Files, jobs: d.Jobs}
	if d.Jobs != nil {
		d.Jobs.Handle(orphanJob, s.orphanJob)
	}
	return s
}

// Rules are the data files the service works with.
func (s *Service) Rules() *Rules { return s.rules }

func (s *Service) now() time.Time { return s.clock.Now().UTC() }

func (s *Service) today() day { return today(s.clock.Now()) }

// landlord admits signed-in landlords only (spec 3 section 6), whoever
// calls.
func landlord(a session.Actor) error { return a.RequireLandlord(MsgLandlordsOnly) }

// Categories are the lists of each kind, the spec's then the landlord's own.
func (s *Service) Categories(ctx context.Context, a session.Actor) (Categories, error) {
	if err := landlord(a); err != nil {
		return Categories{}, err
	}
	custom, err := customCategories(ctx, s.db.Conn(), a.UserID)
	if err != nil {
		return Categories{}, err
	}
	lists := map[Kind][]Category{}
	for _, k := range Kinds {
		lists[k] = []Category{}
		for _, c := range s.rules.lists[k] {
			lists[k] = append(lists[k], Category{Name: c.Name, Box: c.Box})
		}
	}
	for _, c := range custom {
		lists[c.Kind] = append(lists[c.Kind], Category{Name: c.Name, Box: s.rules.Custom[string(c.Kind)], Custom: true})
	}
	return Categories{Income: lists[Income], Expense: lists[Expense], Loan: lists[Loan]}, nil
}

// DeleteCategory removes one of the landlord's own categories; entries
// using it keep their category's name.
func (s *Service) DeleteCategory(ctx context.Context, a session.Actor, kind Kind, name string) error {
	if err := landlord(a); err != nil {
		return err
	}
	if !validKind(kind) {
		return apperr.New(apperr.NotFound, "not_found", MsgCategoryNotFound)
	}
	return deleteCategory(ctx, s.db.Conn(), a.UserID, kind, strings.TrimSpace(name))
}

func validKind(k Kind) bool { return k == Income || k == Expense || k == Loan }

// Create records a new entry (spec 3 section 4: adding calls create).
func (s *Service) Create(ctx context.Context, a session.Actor, in Input) (Transaction, error) {
	if err := landlord(a); err != nil {
		return Transaction{}, err
	}
	now := s.now()
	t := Transaction{ID: uuid.NewString(), landlordID: a.UserID, CreatedAt: now, UpdatedAt: now, Revision: 1}
	custom, err := s.apply(ctx, a, &t, in, nil)
	if err != nil {
		return Transaction{}, err
	}
	err = s.write(ctx, &t, func(c db.Conn) error {
		if custom != "" {
			if err := addCategory(ctx, c, a.UserID, t.Kind, custom, now); err != nil {
				return err
			}
		}
		return insert(ctx, c, &t)
	})
	if err != nil {
		return Transaction{}, err
	}
	return s.decorated(ctx, a, t)
}

// Get is one of the landlord's entries; anyone else's is not found.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Transaction, error) {
	if err := landlord(a); err != nil {
		return Transaction{}, err
	}
	t, err := byID(ctx, s.db.Conn(), a.UserID, id)
	if err != nil {
		return Transaction{}, err
	}
	if t.Source, err = sourceOf(ctx, s.db.Conn(), t.ID); err != nil {
		return Transaction{}, err
	}
	return s.decorated(ctx, a, t)
}

// Update replaces an entry's fields (its kind stays; spec 3 section 4:
// editing calls update). The edit names the revision it was based on; when
// another change came first (an edit elsewhere, an invoice) it is refused
// with *ErrChanged carrying the entry as it now is. The invoice is not the
// form's: an edit never undoes an invoice stored meanwhile.
func (s *Service) Update(ctx context.Context, a session.Actor, id string, in Input) (Transaction, error) {
	if err := landlord(a); err != nil {
		return Transaction{}, err
	}
	prev, err := byID(ctx, s.db.Conn(), a.UserID, id)
	if err != nil {
		return Transaction{}, err
	}
	if prev.Revision != in.Revision {
		return Transaction{}, s.changed(ctx, a, prev)
	}
	t := prev
	t.UpdatedAt = s.now()
	custom, err := s.apply(ctx, a, &t, in, &prev)
	if err != nil {
		return Transaction{}, err
	}
	errStale := errors.New("stale")
	err = s.write(ctx, &t, func(c db.Conn) error {
		ok, err := updateForm(ctx, c, &t, in.Revision)
		if err != nil {
			return err
		}
		if !ok {
			return errStale
		}
		if custom != "" {
			return addCategory(ctx, c, a.UserID, t.Kind, custom, t.UpdatedAt)
		}
		return nil
	})
	if errors.Is(err, errStale) {
		cur, err := byID(ctx, s.db.Conn(), a.UserID, id)
		if err != nil {
			return Transaction{}, err
		}
		return Transaction{}, s.changed(ctx, a, cur)
	}
	if err != nil {
		return Transaction{}, err
	}
	// The revision matched, so nothing else changed the row: its invoice
	// is still prev's.
	t.Revision = in.Revision + 1
	return s.decorated(ctx, a, t)
}

// changed is the conflict answer with the entry as it now is.
func (s *Service) changed(ctx context.Context, a session.Actor, cur Transaction) error {
	d, err := s.decorated(ctx, a, cur)
	if err != nil {
		return err
	}
	return &ErrChanged{Current: d}
}

// write changes the books in one database transaction that raises their
// revision, then brings this server's in-memory copy up to date (t with an
// empty Kind is an entry removed).
func (s *Service) write(ctx context.Context, t *Transaction, fn func(db.Conn) error) error {
	var rev int64
	err := s.db.Tx(ctx, func(c db.Conn) error {
		if err := fn(c); err != nil {
			return err
		}
		var err error
		rev, err = bump(ctx, c, t.landlordID)
		return err
	})
	if err != nil {
		return err
	}
	changed := *t
	if changed.Kind != "" {
		s.prepare(&changed)
	}
	s.books.change(t.landlordID, rev, changed)
	s.keepSnapshot(ctx, t.landlordID)
	return nil
}

// Delete removes an entry and its invoice. The row is read inside the
// transaction that deletes it (locked), so an invoice stored meanwhile is
// the one removed; the file goes only once the row has.
func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	if err := landlord(a); err != nil {
		return err
	}
	gone := Transaction{ID: id, landlordID: a.UserID} // an empty Kind leaves the in-memory copy
	var key string
	err := s.write(ctx, &gone, func(c db.Conn) error {
		t, err := lockedByID(ctx, c, s.db.Dialect, a.UserID, id)
		if err != nil {
			return err
		}
		if t.Invoice != nil {
			key = t.Invoice.key
		}
		return remove(ctx, c, a.UserID, id)
	})
	if err != nil {
		return err
	}
	if key != "" {
		s.dropFile(ctx, key)
	}
	return nil
}

func (s *Service) dropFile(ctx context.Context, key string) {
	if err := s.files.Delete(ctx, key); err != nil {
		slog.WarnContext(ctx, "wallet: an invoice file was left behind", "key", key, "err", err)
	}
}

// apply checks the form (spec 3 section 5) and copies it onto t. It
// answers the custom category to keep, if the landlord made one.
func (s *Service) apply(ctx context.Context, a session.Actor, t *Transaction, in Input, prev *Transaction) (string, error) {
	fields := map[string]string{}
	missing := func(f string) { fields[f] = MsgFillAll }
	bad := func(f, msg string) {
		if _, ok := fields[f]; !ok {
			fields[f] = msg
		}
	}
	// clean trims a text; one longer than n characters is refused, never
	// cut (the message names the limit).
	clean := func(f, s string, n int) string {
		s = strings.TrimSpace(s)
		if utf8.RuneCountInString(s) > n {
			msg := MsgTextTooLong
			if n == maxDescription {
				msg = MsgDescriptionTooLong
			}
			bad(f, msg)
		}
		return s
	}
	// line cleans a one-line name (a category, a person, a lender) the same
	// way first (text.SingleLine); only the description may hold line breaks.
	line := func(f, s string, n int) string { return clean(f, text.SingleLine(s), n) }
	for f, msg := range in.unreadable {
		bad(f, msg)
	}
	if prev != nil {
		in.Kind = prev.Kind // an entry's kind never changes
	}
	if !validKind(in.Kind) {
		missing("kind")
	}
	k := in.Kind
	in.PropertyID = strings.TrimSpace(in.PropertyID)
	if in.PropertyID == "" {
		missing("propertyId")
	}
	category, custom := line("category", in.Category, maxText), ""
	switch {
	case category == "":
		missing("category")
	case strings.EqualFold(category, CategoryOther) || strings.EqualFold(category, CategoryCreateNew):
		name := line("customCategory", in.CustomCategory, maxText)
		if name == "" || strings.EqualFold(name, CategoryOther) || strings.EqualFold(name, CategoryCreateNew) {
			missing("customCategory")
		} else if c, ok := s.rules.builtinCategory(k, name); ok {
			category = c.Name
		} else {
			category, custom = name, name
		}
	default:
		if c, ok := s.rules.builtinCategory(k, category); ok {
			category = c.Name
		} else if prev == nil || !strings.EqualFold(prev.Category, category) {
			// One of the landlord's own (a deleted one stays on the entries
			// that had it, not on new ones).
			list, err := customCategories(ctx, s.db.Conn(), a.UserID)
			if err != nil {
				return "", err
			}
			found := false
			for _, c := range list {
				if c.Kind == k && strings.EqualFold(c.Name, category) {
					category, found = c.Name, true
				}
			}
			if !found {
				missing("category")
			}
		}
	}
	description := clean("description", in.Description, maxDescription)
	if description == "" {
		missing("description")
	}
	var amount int64
	switch {
	case fields["amountPence"] != "":
	case in.AmountPence == nil:
		missing("amountPence")
	case *in.AmountPence < 0:
		bad("amountPence", MsgAmountNegative)
	case *in.AmountPence > MaxAmountPence:
		bad("amountPence", MsgAmountTooLarge)
	default:
		amount = *in.AmountPence
	}
	date, ok := parseDay(in.Date)
	if !ok {
		if strings.TrimSpace(in.Date) == "" {
			missing("date")
		} else {
			bad("date", dateMessage(in.Date))
		}
	}
	t.Kind, t.PropertyID, t.Category, t.Description, t.AmountPence = k, in.PropertyID, category, description, amount
	t.Date, t.start = date.String(), date
	t.VAT, t.VATPence, t.Party, t.TaxDeductible = VATNone, 0, Party{}, false
	t.Frequency, t.EndDate, t.end = OneOff, "", 0
	t.Paid, t.Recoverable, t.Debtor, t.RecoverPence = false, false, "", 0
	t.LenderName, t.TenureYears = "", 0
	switch k {
	case Income, Expense:
		// VAT no UK rate could give is refused (an outside probe saved
		// £100.00 plus £9,999.99 of VAT). Added VAT is required and kept;
		// VAT included in the amount is not kept (the form has no box for
		// it), but one sent is checked all the same rather than taken.
		vatLimit := func() {
			if limit, ok := s.rules.Tax.maxVAT(amount, in.VAT, in.VATPence); !ok && fields["amountPence"] == "" {
				bad("vatPence", MsgVATTooMuch(in.VAT, s.rules.Tax.VAT.StandardPercent, limit))
			}
		}
		switch in.VAT {
		case VATNone:
		case VATIncluded:
			switch {
			case fields["vatPence"] != "":
			case in.VATPence < 0:
				bad("vatPence", MsgAmountNegative)
			case in.VATPence > MaxAmountPence:
				bad("vatPence", MsgAmountTooLarge)
			default:
				vatLimit()
			}
		case VATAdd:
			switch {
			case fields["vatPence"] != "":
			case in.VATPence < 0:
				bad("vatPence", MsgAmountNegative)
			case in.VATPence == 0:
				missing("vatPence")
			case in.VATPence > MaxAmountPence:
				bad("vatPence", MsgAmountTooLarge)
			default:
				vatLimit()
				t.VATPence = in.VATPence
			}
		default:
			missing("vat")
		}
		t.VAT = in.VAT
		switch in.Party.Type {
		case "", "vendor", "tenant":
			t.Party = Party{Type: in.Party.Type, Person: line("party.person", in.Party.Person, maxText), OrderNumber: line("party.orderNumber", in.Party.OrderNumber, maxText)}
		default:
			bad("party.type", MsgFillAll)
		}
		t.TaxDeductible = in.TaxDeductible
		switch in.Frequency {
		case OneOff:
		case Weekly, Monthly:
			if strings.TrimSpace(in.EndDate) != "" {
				end, ok := parseDay(in.EndDate)
				switch {
				case !ok:
					bad("endDate", dateMessage(in.EndDate))
				case date != 0 && end < date:
					bad("endDate", MsgEndBeforeDate)
				default:
					t.EndDate, t.end = end.String(), end
				}
			}
		default:
			missing("frequency")
		}
		if in.Frequency != "" {
			t.Frequency = in.Frequency
		}
		if k == Expense {
			t.Paid = in.Paid
			if in.Recoverable {
				t.Recoverable = true
				t.Debtor = line("debtor", in.Debtor, maxText)
				if t.Debtor == "" {
					missing("debtor")
				}
				switch {
				case fields["recoverPence"] != "":
				case in.RecoverPence < 0:
					bad("recoverPence", MsgAmountNegative)
				case in.RecoverPence == 0:
					missing("recoverPence")
				case in.RecoverPence > t.gross():
					bad("recoverPence", MsgRecoverTooMuch)
				default:
					t.RecoverPence = in.RecoverPence
				}
			}
		}
	case Loan:
		t.LenderName = line("lenderName", in.LenderName, maxText)
		if t.LenderName == "" {
			missing("lenderName")
		}
		if in.TenureYears < 1 || in.TenureYears > MaxTenureYears {
			bad("tenureYears", MsgTenure)
		} else {
			t.TenureYears = in.TenureYears
		}
	}
	if len(fields) > 0 {
		msg := MsgFillAll
		filled := true
		for _, m := range fields {
			filled = filled && m != MsgFillAll
		}
		if filled {
			for _, f := range []string{"description", "amountPence", "date", "vatPence", "endDate", "recoverPence", "tenureYears",
				"category", "customCategory", "party.person", "party.orderNumber", "debtor", "lenderName"} {
				if m, ok := fields[f]; ok {
					msg = m
					break
				}
			}
		}
		return "", apperr.Fields(msg, fields)
	}
	if _, err := s.props.Owned(ctx, a, t.PropertyID); err != nil {
		if apperr.IsNotFound(err) {
			return "", apperr.Fields(MsgPropertyNotFound, map[string]string{"propertyId": MsgPropertyNotFound}).WithKind(apperr.NotFound, "property_not_found")
		}
		return "", err
	}
	return custom, nil
}

// decorated fills in what the server computes for the page: the
// property's label, the SA105 box, net and gross.
func (s *Service) decorated(ctx context.Context, a session.Actor, t Transaction) (Transaction, error) {
	labels, err := s.labels(ctx, a)
	if err != nil {
		return Transaction{}, err
	}
	s.prepare(&t)
	label(&t, labels)
	return t, nil
}

// MsgDeletedProperty labels the entries of a property since deleted.
const MsgDeletedProperty = "Deleted property"

func (s *Service) labels(ctx context.Context, a session.Actor) (map[string]string, error) {
	list, err := s.props.Mine(ctx, a)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(list))
	for _, p := range list {
		out[p.ID] = p.Label
	}
	return out, nil
}

// label names the entry's property (a deleted one as such).
func label(t *Transaction, labels map[string]string) {
	t.PropertyLabel = labels[t.PropertyID]
	if t.PropertyLabel == "" {
		t.PropertyLabel = MsgDeletedProperty
	}
}

// prepare computes what the rules say of an entry (not its label: a
// prepared entry may be shared by requests, see books.go).
func (s *Service) prepare(t *Transaction) {
	t.Box = s.rules.boxOf(t)
	t.BoxLabel = s.rules.boxLabel(t.Box)
	t.NetPence, t.GrossPence = t.AmountPence, t.gross()
	t.rent = s.rules.isRent(t)
	t.apart = s.rules.isApart(t)
	t.finance = t.Kind == Expense && t.Box == financeBox
}

// financeBox is SA105's residential finance costs.
const financeBox = "44"

// Invoices.

// SetInvoice stores an entry's invoice: a PDF (by its %PDF- magic) or a
// JPEG or PNG (checked and cleaned of metadata by platform/imaging),
// judged by content, never by name or declared type.
func (s *Service) SetInvoice(ctx context.Context, a session.Actor, id string, r io.Reader) (Transaction, error) {
	if err := landlord(a); err != nil {
		return Transaction{}, err
	}
	t, err := byID(ctx, s.db.Conn(), a.UserID, id)
	if err != nil {
		return Transaction{}, err
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxInvoiceBytes+1))
	if err != nil {
		return Transaction{}, err
	}
	switch {
	case len(data) == 0:
		return Transaction{}, apperr.New(apperr.Invalid, "no_file", MsgInvoiceMissing)
	case int64(len(data)) > MaxInvoiceBytes:
		return Transaction{}, apperr.New(apperr.TooLarge, "invoice_too_large", MsgInvoiceTooLarge)
	}
	ctype, ext := "application/pdf", ".pdf"
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		clean, kind, err := checkImage(ctx, data)
		if err != nil {
			return Transaction{}, err
		}
		data, ctype, ext = clean, kind.ContentType(), kind.Ext()
	}
	// The file is written before the row names it, under a key that says
	// when (the orphan sweep leaves young files alone: their row may be
	// about to be written). A file whose row never comes (the entry was
	// deleted, the server died) is removed here or by the sweep.
	now := s.now()
	inv := &Invoice{Name: "invoice-" + t.Date + ext, ContentType: ctype, Size: int64(len(data)),
		key: invoiceKey(a.UserID, t.ID, now, ext)}
	if err := s.files.Put(ctx, inv.key, bytes.NewReader(data), inv.Size, ctype); err != nil {
		return Transaction{}, apperr.Wrap(err, "store invoice")
	}
	if afterInvoiceFile != nil {
		afterInvoiceFile()
	}
	var old string
	err = s.write(ctx, &t, func(c db.Conn) error {
		cur, err := lockedByID(ctx, c, s.db.Dialect, a.UserID, id)
		if err != nil {
			return err
		}
		if cur.Invoice != nil {
			old = cur.Invoice.key
		}
		if err := setInvoiceRow(ctx, c, a.UserID, id, inv, now); err != nil {
			return err
		}
		cur.Invoice, cur.UpdatedAt, cur.Revision = inv, now, cur.Revision+1
		t = cur
		return nil
	})
	if err != nil {
		s.dropFile(ctx, inv.key)
		return Transaction{}, err
	}
	if old != "" { // replaced: removed only once the row names the new one
		s.dropFile(ctx, old)
	}
	return s.decorated(ctx, a, t)
}

// afterInvoiceFile, when set (by the crash test), runs between writing an
// invoice's file and the row that names it.
var afterInvoiceFile func()

func checkImage(ctx context.Context, data []byte) ([]byte, imaging.Kind, error) {
	bad := apperr.New(apperr.Invalid, "invalid_file", MsgInvoiceType)
	if _, err := imaging.Sniff(data); err != nil {
		return nil, "", bad
	}
	checked, kind, _, _, err := imaging.Check(bytes.NewReader(data), imaging.Limits{MaxBytes: MaxInvoiceBytes})
	if err != nil {
		if errors.Is(err, imaging.ErrTooLarge) {
			return nil, "", apperr.New(apperr.TooLarge, "invoice_too_large", MsgInvoiceTooLarge)
		}
		return nil, "", bad
	}
	clean, err := imaging.Clean(ctx, checked, kind)
	if err != nil {
		return nil, "", bad
	}
	return clean, kind, nil
}

// Invoice opens an entry's invoice.
func (s *Service) Invoice(ctx context.Context, a session.Actor, id string) (io.ReadCloser, Invoice, error) {
	if err := landlord(a); err != nil {
		return nil, Invoice{}, err
	}
	t, err := byID(ctx, s.db.Conn(), a.UserID, id)
	if err != nil {
		return nil, Invoice{}, err
	}
	if t.Invoice == nil {
		return nil, Invoice{}, apperr.New(apperr.NotFound, "no_invoice", MsgNoInvoice)
	}
	rc, _, err := s.files.Get(ctx, t.Invoice.key)
	if err != nil {
		if storage.IsNotExist(err) {
			return nil, Invoice{}, apperr.New(apperr.NotFound, "no_invoice", MsgNoInvoice)
		}
		return nil, Invoice{}, apperr.Wrap(err, "open invoice")
	}
	return rc, *t.Invoice, nil
}

// DeleteInvoice removes an entry's invoice: the row stops naming it in a
// transaction that reads it locked, then the file goes.
func (s *Service) DeleteInvoice(ctx context.Context, a session.Actor, id string) (Transaction, error) {
	if err := landlord(a); err != nil {
		return Transaction{}, err
	}
	t := Transaction{ID: id, landlordID: a.UserID}
	var old string
	err := s.write(ctx, &t, func(c db.Conn) error {
		cur, err := lockedByID(ctx, c, s.db.Dialect, a.UserID, id)
		if err != nil {
			return err
		}
		if cur.Invoice == nil {
			return apperr.New(apperr.NotFound, "no_invoice", MsgNoInvoice)
		}
		old = cur.Invoice.key
		now := s.now()
		if err := setInvoiceRow(ctx, c, a.UserID, id, nil, now); err != nil {
			return err
		}
		cur.Invoice, cur.UpdatedAt, cur.Revision = nil, now, cur.Revision+1
		t = cur
		return nil
	})
	if err != nil {
		return Transaction{}, err
	}
	s.dropFile(ctx, old)
	return s.decorated(ctx, a, t)
}

// Expected rents set by hand.

// SetExpectedRent sets the rent a landlord expects for one of their
// properties that has no agreement here.
func (s *Service) SetExpectedRent(ctx context.Context, a session.Actor, propertyID string, r ExpectedRent) (ExpectedRent, error) {
	if err := landlord(a); err != nil {
		return ExpectedRent{}, err
	}
	if _, err := s.props.Owned(ctx, a, propertyID); err != nil {
		return ExpectedRent{}, err
	}
	// Each field gets its own message, the wallet's for the same problem
	// (issue: every one said MsgFillAll, a bad end date MsgEndBeforeDate).
	fields := map[string]string{}
	for f, msg := range r.problems {
		fields[f] = msg
	}
	switch {
	case fields["rentPence"] != "":
	case r.RentPence < 0:
		fields["rentPence"] = MsgAmountNegative
	case r.RentPence == 0:
		fields["rentPence"] = MsgRentZero
	case r.RentPence > MaxAmountPence:
		fields["rentPence"] = MsgAmountTooLarge
	}
	if r.RentPeriod != Weekly && r.RentPeriod != Monthly {
		fields["rentPeriod"] = MsgRentPeriod
	}
	first, ok := parseDay(r.FirstDueDate)
	switch {
	case ok:
	case strings.TrimSpace(r.FirstDueDate) == "":
		fields["firstDueDate"] = MsgFillAll
	default:
		fields["firstDueDate"] = dateMessage(r.FirstDueDate)
	}
	r.FirstDueDate = first.String()
	if strings.TrimSpace(r.EndDate) != "" {
		end, ok := parseDay(r.EndDate)
		switch {
		case !ok:
			fields["endDate"] = dateMessage(r.EndDate)
		case first != 0 && end < first:
			fields["endDate"] = MsgRentEndBeforeFirst
		}
		r.EndDate = end.String()
	} else {
		r.EndDate = ""
	}
	if len(fields) > 0 {
		// As the transaction form: a field left empty says MsgFillAll,
		// otherwise the first field's own message.
		msg := ""
		for _, f := range []string{"rentPence", "rentPeriod", "firstDueDate", "endDate"} {
			if m, ok := fields[f]; ok && (msg == "" || m == MsgFillAll) {
				msg = m
			}
		}
		return ExpectedRent{}, apperr.Fields(msg, fields)
	}
	err := s.db.Tx(ctx, func(c db.Conn) error { return saveRent(ctx, c, a.UserID, propertyID, r, s.now()) })
	return r, err
}

// DeleteExpectedRent stops expecting rent for a property.
func (s *Service) DeleteExpectedRent(ctx context.Context, a session.Actor, propertyID string) error {
	if err := landlord(a); err != nil {
		return err
	}
	if _, err := s.props.Owned(ctx, a, propertyID); err != nil {
		return err
	}
	return deleteRent(ctx, s.db.Conn(), a.UserID, propertyID)
}

// sortNewest orders occurrences newest first (then the newest entry).
func sortNewest(list []Occurrence) {
	// slices, not sort.SliceStable: its swaps through reflection were a
	// third of a 3-year overview (issue 29).
	slices.SortStableFunc(list, func(a, b Occurrence) int {
		if a.on != b.on {
			return cmp.Compare(b.on, a.on)
		}
		return b.Transaction.CreatedAt.Compare(a.Transaction.CreatedAt)
	})
}
