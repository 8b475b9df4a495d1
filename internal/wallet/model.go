// Package wallet owns a landlord's books (spec 3, "Wallet"): income,
// expense and loan entries per property with VAT, invoices, recurring
// entries and money owed back; the overview of profit and rent (rent due
// and overdue computed from the tenancy agreements, read through the
// Agreements interface, or from an expected rent the landlord sets by
// hand); and the tax year in the boxes of HMRC's UK property pages (SA105),
// kept as data (data/*.yaml) with Making Tax Digital's thresholds.
//
// Where the spec's accounting is wrong it is corrected knowingly (the page
// says so): a loan's capital is not an expense, loan interest is a finance
// cost, VAT added on income is not profit, and VAT added on an expense is a
// cost for a landlord who is not VAT-registered.
package wallet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/omnirent/omnirent/internal/platform/money"
)

// Kind of a transaction (spec 3 section 3).
type Kind string

const (
	Income  Kind = "income"
	Expense Kind = "expense"
	Loan    Kind = "loan"
)

// Kinds in the spec's order.
var Kinds = []Kind{Income, Expense, Loan}

// VAT treatments (spec 3 section 3: Included in amount, Add VAT, No VAT).
const (
	VATIncluded = "included"
	VATAdd      = "add"
	VATNone     = "none"
)

// Frequencies.
const (
	OneOff  = "one-off"
	Weekly  = "weekly"
	Monthly = "monthly"
)

// The categories the form offers besides the lists, both opening the
// free-text 'Specify a category' box (spec 3 section 5).
const (
	CategoryOther     = "Other"
	CategoryCreateNew = "Create New"
)

// Box keys beyond SA105's numbers.
const (
	BoxCapital      = "capital"
	BoxNotAllowable = "notAllowable"
)

// Limits.
const (
	MaxAmountPence  int64 = 100_000_000_000 // one billion pounds
	MaxTenureYears        = 40
	MaxInvoiceBytes int64 = 10 << 20
	maxText               = 200
	maxDescription        = 1000
)

// Messages (spec 3 section 5 word for word, then this area's own).
const (
	MsgFillAll          = "Please fill all the fields"
	MsgError            = "An Error Occured!"
	MsgLandlordsOnly    = "Only landlords can use the wallet."
	MsgNotFound         = "Transaction not found."
	MsgCategoryNotFound = "Category not found."
	MsgPropertyNotFound = "Please choose one of your properties."
	MsgAmountNegative   = "The amount cannot be negative."
	MsgAmountTooLarge   = "The amount is too large."
	MsgEndBeforeDate    = "The end date cannot be before the date."
	MsgRecoverTooMuch   = "The recoverable amount cannot be more than the expense."
	MsgTenure           = "Please choose the tenure."
	MsgInvoiceType      = "The invoice must be a PDF, JPEG or PNG file."
	MsgInvoiceMissing   = "Please choose a file."
	MsgInvoiceTooLarge  = "The invoice is too large (10 MB at most)."
	MsgNoInvoice        = "This transaction has no invoice."
	MsgNoInvoices       = "No invoices in this tax year."
	MsgNoRent           = "No expected rent is set for this property."
	MsgRentPeriod       = "The rent period must be weekly or monthly."
	MsgBadPeriod        = "Unknown period."
	MsgBadFilter        = "Unknown filter."
	MsgBadYear          = "Unknown tax year."
	MsgBadDate          = "Please enter a valid date."
	MsgChanged          = "This entry was changed elsewhere since you opened it."
	// MsgDescriptionTooLong and MsgTextTooLong refuse what would otherwise
	// be cut (issue 26).
	MsgDescriptionTooLong = "The description can be at most 1,000 characters."
	MsgTextTooLong        = "This can be at most 200 characters."
	// MsgAmountWhole refuses an amount sent as anything but a whole number
	// of pence in range (12.5, 1e20, "100").
	MsgAmountWhole = "The amount must be a whole number of pence, from 0 to 100,000,000,000 (one billion pounds)."
	MsgRentZero    = "The rent must be more than zero."
	// MsgRentEndBeforeFirst is MsgEndBeforeDate in the rent form's words.
	MsgRentEndBeforeFirst = "The last payment date cannot be before the first payment date."
	MsgFromAfterTo        = "The end of the period cannot be before its start."
)

// MsgVATTooMuch refuses VAT that no UK rate could give: more than the
// standard rate (percent) of the amount on top of it (vat add), or more than
// the VAT inside a price at that rate (vat included). limit is that most, in
// pence, for this amount.
func MsgVATTooMuch(how string, percent, limit int64) string {
	if how != VATIncluded {
		return fmt.Sprintf("The VAT cannot be more than %d%% of the amount (%s here).", percent, money.Format(limit))
	}
	share := ""
	if percent == 20 {
		share = "a sixth of the amount, "
	}
	return fmt.Sprintf("The VAT cannot be more than %sthe VAT in a price at %d%% (%s here).", share, percent, money.Format(limit))
}

// Party is who an income came from or an expense was paid to.
type Party struct {
	Type        string `json:"type"` // vendor, tenant or empty
	Person      string `json:"person"`
	OrderNumber string `json:"orderNumber"`
}

// Invoice is an entry's stored file (PDF, JPEG or PNG, checked by content).
type Invoice struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	key         string
}

// Transaction is one entry of the books. Money is integer pence; dates are
// days (YYYY-MM-DD). A weekly or monthly entry stands for every occurrence
// from Date until EndDate (or for ever), computed per period, never copied.
type Transaction struct {
	ID            string    `json:"id"`
	Kind          Kind      `json:"kind"`
	PropertyID    string    `json:"propertyId"`
	PropertyLabel string    `json:"propertyLabel"`
	Category      string    `json:"category"`
	Box           string    `json:"box"`
	BoxLabel      string    `json:"boxLabel"`
	Description   string    `json:"description"`
	AmountPence   int64     `json:"amountPence"`
	Date          string    `json:"date"`
	VAT           string    `json:"vat"`
	VATPence      int64     `json:"vatPence"`
	NetPence      int64     `json:"netPence"`
	GrossPence    int64     `json:"grossPence"`
	Party         Party     `json:"party"`
	TaxDeductible bool      `json:"taxDeductible"`
	Frequency     string    `json:"frequency"`
	EndDate       string    `json:"endDate"`
	Paid          bool      `json:"paid"`
	Recoverable   bool      `json:"recoverable"`
	Debtor        string    `json:"debtor"`
	RecoverPence  int64     `json:"recoverPence"`
	LenderName    string    `json:"lenderName"`
	TenureYears   int       `json:"tenureYears"`
	Invoice       *Invoice  `json:"invoice"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
	// Revision is raised by every change to the entry (its fields or its
	// invoice); an edit names the one it was based on.
	Revision int64 `json:"revision"`
	// Source is where the entry came from when another area made it (a
	// repair's invoice, external.go); nil for the landlord's own.
	Source *Source `json:"source,omitempty"`

	landlordID string
	start, end day  // parsed Date and EndDate (end zero: open)
	rent       bool // income that pays rent due
	apart      bool // neither income nor an expense (data: apart), kept out of the totals
	finance    bool // a residential finance cost (SA105 box 44)
}

// gross is the amount with any VAT added. An expense counts for its gross
// (a landlord who is not VAT-registered cannot reclaim the VAT); income
// for its amount only (VAT charged is owed, not profit); a loan for its
// capital, apart.
func (t Transaction) gross() int64 {
	if t.VAT == VATAdd {
		return t.AmountPence + t.VATPence
	}
	return t.AmountPence
}

// Input is an entry as the form sends it.
type Input struct {
	Kind           Kind   `json:"kind"`
	PropertyID     string `json:"propertyId"`
	Category       string `json:"category"`
	CustomCategory string `json:"customCategory"`
	Description    string `json:"description"`
	AmountPence    *int64 `json:"amountPence"`
	Date           string `json:"date"`
	VAT            string `json:"vat"`
	VATPence       int64  `json:"vatPence"`
	Party          Party  `json:"party"`
	TaxDeductible  bool   `json:"taxDeductible"`
	Frequency      string `json:"frequency"`
	EndDate        string `json:"endDate"`
	Paid           bool   `json:"paid"`
	Recoverable    bool   `json:"recoverable"`
	Debtor         string `json:"debtor"`
	RecoverPence   int64  `json:"recoverPence"`
	LenderName     string `json:"lenderName"`
	TenureYears    int    `json:"tenureYears"`
	// Revision is the entry's revision the edit was based on (editing only):
	// another change since answers 409 with the current copy.
	Revision int64 `json:"revision"`

	unreadable map[string]string // amount fields sent as no whole number of pence
}

// amount is an amount field as sent. A whole number (within int64) is
// kept; anything else (12.5, 1e20, "100", true) is noted as unreadable, so
// the form's field says what is wrong instead of the whole request being
// refused as unreadable JSON.
type amount struct {
	pence      *int64
	unreadable bool
}

func (a *amount) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		a.unreadable = true
		return nil
	}
	a.pence = &n
	return nil
}

// decodeStrict decodes b into v as httpx.DecodeJSON does (unknown fields refused).
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// UnmarshalJSON reads the form with its amounts through amount.
func (in *Input) UnmarshalJSON(b []byte) error {
	type plain Input
	var raw struct {
		plain
		AmountPence  amount `json:"amountPence"`
		VATPence     amount `json:"vatPence"`
		RecoverPence amount `json:"recoverPence"`
	}
	if err := decodeStrict(b, &raw); err != nil {
		return err
	}
	*in = Input(raw.plain)
	in.AmountPence = raw.AmountPence.pence
	in.VATPence, in.RecoverPence = value(raw.VATPence.pence), value(raw.RecoverPence.pence)
	in.unreadable = unreadable(map[string]amount{"amountPence": raw.AmountPence, "vatPence": raw.VATPence, "recoverPence": raw.RecoverPence})
	return nil
}

func value(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// unreadable maps the unreadable amounts' fields to MsgAmountWhole (nil: none).
func unreadable(fields map[string]amount) map[string]string {
	var out map[string]string
	for f, a := range fields {
		if a.unreadable {
			if out == nil {
				out = map[string]string{}
			}
			out[f] = MsgAmountWhole
		}
	}
	return out
}

// ErrChanged is the answer to an edit based on an old revision: another
// change came first. It carries the entry as it now is.
type ErrChanged struct{ Current Transaction }

func (e *ErrChanged) Error() string { return MsgChanged }

// Category is one entry of a kind's list.
type Category struct {
	Name   string `json:"name"`
	Box    string `json:"box"`
	Custom bool   `json:"custom"`
}

// Categories are the lists keyed by kind (spec 3 section 7, "categories/get").
type Categories struct {
	Income  []Category `json:"income"`
	Expense []Category `json:"expense"`
	Loan    []Category `json:"loan"`
}

// ExpectedRent is a rent the landlord sets by hand for a property without
// an agreement.
type ExpectedRent struct {
	RentPence    int64  `json:"rentPence"`
	RentPeriod   string `json:"rentPeriod"`
	FirstDueDate string `json:"firstDueDate"`
	EndDate      string `json:"endDate"`

	// problems are the rent's fields the request sent unreadable or left
	// out (a rent set in code has none).
	problems map[string]string
}

// UnmarshalJSON reads the rent with its amount through amount.
func (r *ExpectedRent) UnmarshalJSON(b []byte) error {
	type plain ExpectedRent
	var raw struct {
		plain
		RentPence amount `json:"rentPence"`
	}
	if err := decodeStrict(b, &raw); err != nil {
		return err
	}
	*r = ExpectedRent(raw.plain)
	r.RentPence = value(raw.RentPence.pence)
	r.problems = unreadable(map[string]amount{"rentPence": raw.RentPence})
	if raw.RentPence.pence == nil && !raw.RentPence.unreadable {
		r.problems = map[string]string{"rentPence": MsgFillAll}
	}
	return nil
}

// Occurrence is one dated instance of an entry.
type Occurrence struct {
	Date        string       `json:"occurrenceDate"`
	Transaction *Transaction `json:"transaction"`
	// Scheduled: dated after today (UK), so not yet paid or received.
	Scheduled bool `json:"scheduled"`
	on        day
}
