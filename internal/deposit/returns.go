package deposit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// The deposit back (issue 45): rent arrears read from the wallet's rent
// statement, never typed; and the return, recorded once by the landlord
// when every tenant has answered every deduction. Recording it is decided
// in one transaction with the tenancy's row locked (two at once: one
// return), and in the same transaction a job is queued that books it in
// the landlord's wallet once per source (the deductions kept, as income;
// the deposit returned, capital) and the tenants are e-mailed (the mail
// outbox is a job too). What stays disputed is held until the scheme's
// dispute service decides: it is neither returned nor kept here.

// StatementLine is one rent due date of the wallet's rent statement.
type StatementLine struct {
	DueDate          string `json:"dueDate"`
	AmountPence      int64  `json:"amountPence"`
	PaidPence        int64  `json:"paidPence"`
	OutstandingPence int64  `json:"outstandingPence"`
}

// Statement is a property's rent statement: each rent due up to a day and
// what is still owed, in integer pence.
type Statement struct {
	Lines     []StatementLine
	OwedPence int64
}

// RentStatements reads the landlord's rent statement of a property from
// the wallet (internal/app): rent due up to today (today's included) and on or before until
// ("" for no end), with what the rent recorded paid of it.
type RentStatements interface {
	RentStatement(ctx context.Context, landlordID, propertyID, until string) (Statement, error)
}

// Entry is what the return books in the landlord's wallet. Kept: the
// deductions kept (income); otherwise the deposit returned (capital).
type Entry struct {
	SourceID    string // once per source: the wallet keeps one entry per id
	Kept        bool
	LandlordID  string
	PropertyID  string
	AmountPence int64
	Date        string // YYYY-MM-DD
	Label       string // what the entry says it came from
	Link        string // the deposit's page
	Description string
	Tenants     string
}

// Books books the return's entries in the landlord's wallet, each once
// per SourceID (internal/app, over wallet.RecordExternal).
type Books interface {
	BookDeposit(ctx context.Context, e Entry) error
}

// ReturnDeps are what the rent arrears and the return need (at start-up,
// after the wallet is built).
type ReturnDeps struct {
	Jobs       *jobs.Queue
	Mail       *mail.Service
	Statements RentStatements
	Books      Books
	BaseURL    string
}

const jobBookReturn = "deposit.return.book"

// UseReturns connects the wallet, the jobs and the mail.
func (s *Service) UseReturns(r ReturnDeps) {
	s.r = r
	r.Jobs.Handle(jobBookReturn, s.bookReturnJob)
}

const (
	MsgNoArrears     = "The wallet's rent statement for this home shows no rent owed up to %s: there are no rent arrears to deduct."
	MsgArrearsTwice  = "Rent arrears are already proposed: edit that deduction to read the wallet's rent statement again."
	MsgArrearsSwitch = "Rent arrears are a deduction of their own: remove this deduction and propose a new one."
	MsgNotAnswered   = "The return is recorded once every tenant has answered every deduction."
	MsgReturnedOn    = "Please enter the day you returned the deposit."
	MsgReturnFuture  = "The day you returned the deposit cannot be in the future."
	MsgBeforeOut     = "The deposit cannot have been returned before the check-out (%s)."
	MsgReturned      = "The return of this deposit is already recorded."
	MsgFrozen        = "The return of this deposit is recorded: its deductions can no longer change. What stays disputed goes to the scheme's free dispute service."
)

// statementOf reads the arrears of the tenancy's home up to the check-out
// (or today), refusing when the statement shows nothing owed.
func (s *Service) statementOf(ctx context.Context, t Tenancy, co CheckOut) (Statement, error) {
	if s.r.Statements == nil {
		return Statement{}, apperr.Fields(MsgFix, map[string]string{"reason": MsgFromWallet})
	}
	st, err := s.r.Statements.RentStatement(ctx, t.LandlordID, t.PropertyID, co.SignedOn)
	if err != nil {
		return Statement{}, err
	}
	if st.OwedPence <= 0 {
		msg := fmt.Sprintf(MsgNoArrears, UKDay(s.arrearsUpTo(co)))
		return Statement{}, apperr.Fields(msg, map[string]string{"reason": msg})
	}
	return st, nil
}

// arrearsUpTo is the last day the arrears count rent due on: the
// check-out's day, or today when it is later.
func (s *Service) arrearsUpTo(co CheckOut) time.Time {
	upTo := s.today()
	if d, ok := parseDay(co.SignedOn); ok && d.Before(upTo) {
		upTo = d
	}
	return upTo
}

// arrearsLine fills a rent-arrears line from the statement: the amount is
// what is owed, never what was typed; the statement's lines are its
// evidence.
func (s *Service) arrearsLine(ctx context.Context, t Tenancy, co CheckOut, in LineInput, l *Line) error {
	r, _ := s.d.Rules.reason(strings.TrimSpace(in.Reason))
	note := strings.TrimSpace(in.Note)
	if len([]rune(note)) > 500 {
		return apperr.Fields(MsgFix, map[string]string{"note": MsgNote})
	}
	st, err := s.statementOf(ctx, t, co)
	if err != nil {
		return err
	}
	l.Reason, l.Note, l.Item = r.Key, note, "Rent due up to "+UKDay(s.arrearsUpTo(co))
	if l.ItemKey == "" {
		l.CheckOutID = co.ID
	}
	l.Evidence = Item{Room: "Rent", InPhotos: []Photo{}, OutPhotos: []Photo{}}
	l.Statement = st.Lines
	l.CostPence, l.ChargePence, l.ItemType, l.AgeMonths, l.LifeMonths = st.OwedPence, st.OwedPence, "", 0, 0
	return nil
}

func (s *Service) fromWallet(reason string) bool {
	r, ok := s.d.Rules.reason(strings.TrimSpace(reason))
	return ok && r.FromWallet
}

// Return is the return the landlord recorded.
type Return struct {
	TenancyID     string
	LandlordID    string
	PropertyID    string
	Address       string
	ReturnedOn    string // YYYY-MM-DD
	DepositPence  int64
	KeptPence     int64 // the deductions every tenant agreed
	ReturnedPence int64 // given back now
	HeldPence     int64 // disputed, until the scheme decides
	Shares        []ReturnShare
	RecordedAt    time.Time
}

// ReturnShare is one tenant's part of the return.
type ReturnShare struct {
	Name          string `json:"name"`
	Email         string `json:"email"`
	ReturnedPence int64  `json:"returnedPence"`
	KeptPence     int64  `json:"keptPence"`
	HeldPence     int64  `json:"heldPence"`
}

// ReturnView is the recorded return as the page shows it.
type ReturnView struct {
	ReturnedOnText string            `json:"returnedOnText"`
	RecordedText   string            `json:"recordedText"`
	ReturnedText   string            `json:"returnedText"`
	KeptText       string            `json:"keptText"`
	HeldText       string            `json:"heldText"`
	Shares         []ReturnShareView `json:"shares"`
	Note           string            `json:"note"`
}

// ReturnShareView is one tenant's part, as texts.
type ReturnShareView struct {
	Name         string `json:"name"`
	ReturnedText string `json:"returnedText"`
	HeldText     string `json:"heldText"`
}

// ReturnInput is the landlord's record of the return.
type ReturnInput struct {
	ReturnedOn string `json:"returnedOn"`
}

func (s *Service) returnView(r Return) *ReturnView {
	v := &ReturnView{ReturnedOnText: UKDay(day(r.ReturnedOn)), RecordedText: r.RecordedAt.In(ukTZ()).Format("Mon 2 Jan 2006, 15:04"),
		ReturnedText: money.Format(r.ReturnedPence), KeptText: money.Format(r.KeptPence), HeldText: money.Format(r.HeldPence),
		Shares: []ReturnShareView{}}
	for _, sh := range r.Shares {
		v.Shares = append(v.Shares, ReturnShareView{Name: sh.Name, ReturnedText: money.Format(sh.ReturnedPence), HeldText: money.Format(sh.HeldPence)})
	}
	v.Note = fmt.Sprintf("The landlord returned %s of the %s deposit on %s and kept %s of deductions every tenant agreed.",
		v.ReturnedText, money.Format(r.DepositPence), v.ReturnedOnText, v.KeptText)
	if r.HeldPence > 0 {
		v.Note += fmt.Sprintf(" %s of disputed deductions is held until the scheme's free dispute service decides: it then goes back to the tenants or to the landlord as the scheme decides.", v.HeldText)
	}
	return v
}

func day(s string) time.Time {
	d, _ := parseDay(s)
	return d
}

// settle is what a return gives back now, keeps and holds, in total and
// for each tenant (the same split as the page's shares).
func settle(t Tenancy, lines []LineView) Return {
	var agreed, disputed int64
	for _, l := range lines {
		switch l.State {
		case "agreed":
			agreed += l.ChargePence
		case "disputed":
			disputed += l.ChargePence
		}
	}
	r := Return{TenancyID: t.ID, LandlordID: t.LandlordID, PropertyID: t.PropertyID, Address: t.Address, DepositPence: t.DepositPence,
		KeptPence: agreed, HeldPence: disputed, ReturnedPence: t.DepositPence - agreed - disputed, Shares: []ReturnShare{}}
	n := max(1, len(t.Tenants))
	deposits, kept, held := split(t.DepositPence, n), split(agreed, n), split(disputed, n)
	for i := 0; i < n; i++ {
		sh := ReturnShare{Name: "The tenant", KeptPence: kept[i], HeldPence: held[i], ReturnedPence: deposits[i] - kept[i] - held[i]}
		if i < len(t.Tenants) {
			sh.Name, sh.Email = t.Tenants[i].Name, t.Tenants[i].Email
		}
		r.Shares = append(r.Shares, sh)
	}
	return r
}

// answered: every tenant answered the revision of every line (or there are none).
func answered(v DeductionsView) bool { return len(v.Lines) == 0 || v.ReturnByText != "" }

// RecordReturn records the return once: every tenant has answered every
// line, the day is neither in the future nor before the check-out. The
// wallet's entries and the tenants' e-mails are queued in the same
// transaction.
func (s *Service) RecordReturn(ctx context.Context, a session.Actor, id string, in ReturnInput) (DeductionsView, error) {
	t, err := s.landlordTenancy(ctx, a, id)
	if err != nil {
		return DeductionsView{}, err
	}
	if s.r.Jobs == nil {
		return DeductionsView{}, errors.New("deposit: returns are not connected")
	}
	co, err := s.checkOut(ctx, t)
	if err != nil {
		return DeductionsView{}, err
	}
	on, ok := parseDay(in.ReturnedOn)
	switch {
	case !ok:
		return DeductionsView{}, apperr.Fields(MsgFix, map[string]string{"returnedOn": MsgReturnedOn})
	case on.After(s.today()):
		return DeductionsView{}, apperr.Fields(MsgFix, map[string]string{"returnedOn": MsgReturnFuture})
	}
	if out, ok := parseDay(co.SignedOn); ok && on.Before(out) {
		msg := fmt.Sprintf(MsgBeforeOut, UKDay(out))
		return DeductionsView{}, apperr.Fields(MsgFix, map[string]string{"returnedOn": msg})
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		now := s.now()
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		if _, found, err := returnOf(ctx, tx, t.ID); err != nil {
			return err
		} else if found {
			return apperr.New(apperr.Conflict, "returned", MsgReturned)
		}
		lines, err := linesOf(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		v := s.deductionsView(t, RoleLandlord, "", lines)
		if !answered(v) {
			return apperr.New(apperr.Conflict, "not_answered", MsgNotAnswered)
		}
		r := settle(t, v.Lines)
		r.ReturnedOn, r.RecordedAt = on.Format(time.DateOnly), now
		if err := insertReturn(ctx, tx, r); err != nil {
			return err
		}
		if err := s.r.Jobs.Enqueue(ctx, tx, jobBookReturn, map[string]string{"tenancyId": t.ID}, 10); err != nil {
			return apperr.Wrap(err, "queue the return's wallet entries")
		}
		return s.mailReturn(ctx, tx, r)
	})
	if err != nil {
		return DeductionsView{}, err
	}
	return s.Deductions(ctx, a, id)
}

// mailReturn tells each tenant, once, that the return was recorded.
func (s *Service) mailReturn(ctx context.Context, tx db.Conn, r Return) error {
	if s.r.Mail == nil {
		return nil
	}
	v := s.returnView(r)
	for _, sh := range r.Shares {
		if sh.Email == "" {
			continue
		}
		p := []string{fmt.Sprintf("Your landlord recorded that the deposit of %s was returned on %s.", r.Address, v.ReturnedOnText),
			fmt.Sprintf("Your share returned: %s.", money.Format(sh.ReturnedPence))}
		if sh.KeptPence > 0 {
			p = append(p, fmt.Sprintf("Kept for the deductions you and the other tenants agreed: %s.", money.Format(sh.KeptPence)))
		}
		if sh.HeldPence > 0 {
			p = append(p, fmt.Sprintf("Held until the scheme's free dispute service decides the disputed deductions: %s.", money.Format(sh.HeldPence)))
		}
		p = append(p, "If you have not received it, tell your landlord, or contact the scheme that protects the deposit.",
			"See it in OmniRent: "+strings.TrimRight(s.r.BaseURL, "/")+"/deposits")
		if err := s.r.Mail.Send(ctx, tx, mail.Email{To: sh.Email, Subject: "Your deposit return was recorded", Template: "notice",
			Data: map[string]any{"Name": sh.Name, "Heading": "Your deposit return was recorded", "Paragraphs": p}}); err != nil {
			return err
		}
	}
	return nil
}

// bookReturnJob books the return in the landlord's wallet: the deductions
// kept (income) and the deposit returned (capital), each once per source,
// so a job run twice books nothing more.
func (s *Service) bookReturnJob(ctx context.Context, payload json.RawMessage) error {
	var p struct {
		TenancyID string `json:"tenancyId"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return err
	}
	r, found, err := returnOf(ctx, s.d.DB.Conn(), p.TenancyID)
	if err != nil || !found {
		return err
	}
	if s.r.Books == nil {
		return errors.New("deposit: no wallet to book the return in")
	}
	names := make([]string, 0, len(r.Shares))
	for _, sh := range r.Shares {
		names = append(names, sh.Name)
	}
	tenants := strings.Join(names, ", ")
	link := "/deposits?tenancy=" + r.TenancyID
	if r.KeptPence > 0 {
		if err := s.r.Books.BookDeposit(ctx, Entry{SourceID: r.TenancyID + "/kept", Kept: true, LandlordID: r.LandlordID, PropertyID: r.PropertyID,
			AmountPence: r.KeptPence, Date: r.ReturnedOn, Label: "Deposit: deductions kept, " + r.Address, Link: link,
			Description: "Deposit deductions kept (agreed by every tenant)", Tenants: tenants}); err != nil {
			return err
		}
	}
	if r.ReturnedPence > 0 {
		if err := s.r.Books.BookDeposit(ctx, Entry{SourceID: r.TenancyID + "/returned", LandlordID: r.LandlordID, PropertyID: r.PropertyID,
			AmountPence: r.ReturnedPence, Date: r.ReturnedOn, Label: "Deposit: returned to the tenants, " + r.Address, Link: link,
			Description: "Deposit returned to the tenants", Tenants: tenants}); err != nil {
			return err
		}
	}
	return nil
}

// frozen refuses a change to the deductions once the return is recorded
// (inside the transaction that locked the tenancy).
func frozen(ctx context.Context, tx db.Conn, tenancyID string) error {
	if _, found, err := returnOf(ctx, tx, tenancyID); err != nil {
		return err
	} else if found {
		return apperr.New(apperr.Conflict, "returned", MsgFrozen)
	}
	return nil
}

func insertReturn(ctx context.Context, c db.Conn, r Return) error {
	shares, err := json.Marshal(r.Shares)
	if err != nil {
		return apperr.Wrap(err, "encode return shares")
	}
	_, err = c.Exec(ctx, `INSERT INTO deposit_returns (tenancy_id, landlord_id, property_id, address, returned_on, deposit_pence, kept_pence,
		returned_pence, held_pence, shares, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.TenancyID, r.LandlordID, r.PropertyID,
		r.Address, r.ReturnedOn, r.DepositPence, r.KeptPence, r.ReturnedPence, r.HeldPence, string(shares), r.RecordedAt.UnixMilli())
	return apperr.Wrap(err, "insert deposit return")
}

func returnOf(ctx context.Context, c db.Conn, tenancyID string) (Return, bool, error) {
	var r Return
	var shares string
	var at int64
	err := c.QueryRow(ctx, `SELECT tenancy_id, landlord_id, property_id, address, returned_on, deposit_pence, kept_pence, returned_pence,
		held_pence, shares, recorded_at FROM deposit_returns WHERE tenancy_id = ?`, tenancyID).Scan(&r.TenancyID, &r.LandlordID, &r.PropertyID,
		&r.Address, &r.ReturnedOn, &r.DepositPence, &r.KeptPence, &r.ReturnedPence, &r.HeldPence, &shares, &at)
	if errors.Is(err, db.NoRows) {
		return Return{}, false, nil
	}
	if err != nil {
		return Return{}, false, apperr.Wrap(err, "read deposit return")
	}
	if err := json.Unmarshal([]byte(shares), &r.Shares); err != nil {
		return Return{}, false, apperr.Wrap(err, "return shares")
	}
	r.RecordedAt = time.UnixMilli(at).UTC()
	return r, true, nil
}
