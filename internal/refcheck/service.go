package refcheck

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// Properties is what this package needs of the property domain: the
// landlord's own property when a check is bought, and the addresses the
// report lists and pages show (one call for a whole list).
// Wired in internal/app; this package never imports the property area.
type Properties interface {
	// Owns is nil when the landlord may use the property (their own, live);
	// another landlord's or a missing one is the property area's 404.
	Owns(ctx context.Context, landlordID, propertyID string) error
	Addresses(ctx context.Context, ids []string) (map[string]Place, error)
}

// Accounts is what this package needs of the accounts domain: where to
// e-mail a landlord. Wired in internal/app.
type Accounts interface {
	Email(ctx context.Context, userID string) (string, error)
	// Name is the account's full name, which the renter's invitation gives.
	Name(ctx context.Context, userID string) (string, error)
}

type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

type Service struct {
	db         *db.DB
	clock      clock.Clock
	properties Properties
	accounts   Accounts
	payments   *payment.Service
	mail       Mailer
	bank       openbanking.Provider
	jobs       *jobs.Queue
	rules      affordability.Rules
	baseURL    string
}

// Deps are the services a reference check uses.
type Deps struct {
	DB         *db.DB
	Clock      clock.Clock
	Properties Properties
	Accounts   Accounts
	Payments   *payment.Service
	Mail       Mailer
	Bank       openbanking.Provider
	Jobs       *jobs.Queue
	BaseURL    string
}

// NewService makes the service, registers it to fulfil paid checks and
// gives the job queue its report builder.
func NewService(d Deps) *Service {
	s := &Service{db: d.DB, clock: d.Clock, properties: d.Properties, accounts: d.Accounts, payments: d.Payments, mail: d.Mail, bank: d.Bank, jobs: d.Jobs,
		rules: affordability.DefaultRules, baseURL: d.BaseURL}
	d.Payments.Register(OrderType, s)
	d.Payments.RegisterProduct(InstantCheck, InstantCheckPrice)
	d.Jobs.Handle(reportJob, s.buildReport)
	return s
}

// PurchaseInput is the reference form (spec 2 section 5, "Reference form").
type PurchaseInput struct {
	Type         string        `json:"referenceCheckType"`
	PropertyID   string        `json:"propertyId"`
	RentPence    int64         `json:"rentPence"`
	DepositPence int64         `json:"depositPence"`
	Renters      []RenterInput `json:"renters"`
}

type RenterInput struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

func (in *PurchaseInput) validate() error {
	if in.Type == "" {
		in.Type = Instant
	}
	if len(in.Renters) == 0 || in.PropertyID == "" || in.RentPence <= 0 || in.DepositPence < 0 {
		return apperr.New(apperr.Invalid, "invalid", MsgAllRequired)
	}
	if in.Type != Instant {
		return apperr.New(apperr.Invalid, "invalid", "Only the Instant Check can be bought now; the others are coming soon.")
	}
	if len(in.Renters) > MaxRenters {
		return apperr.New(apperr.Invalid, "invalid", MsgTooManyRenters)
	}
	if !tenancy.RentOK(in.RentPence) || !tenancy.DepositOK(in.DepositPence) {
		return apperr.New(apperr.Invalid, "invalid", MsgNumbersOnly)
	}
	seen := map[string]bool{}
	for i := range in.Renters {
		r := &in.Renters[i]
		r.Name, r.Email = strings.TrimSpace(r.Name), text.NormaliseEmail(r.Email)
		if r.Name == "" || r.Email == "" {
			return apperr.New(apperr.Invalid, "invalid", MsgAllRequired)
		}
	}
	for i, r := range in.Renters {
		if !text.ValidName(r.Name) {
			return apperr.Fields(text.MsgNameCharacters, map[string]string{fmt.Sprintf("renters.%d.name", i): text.MsgNameCharacters})
		}
		if strings.IndexFunc(r.Name, unicode.IsDigit) >= 0 {
			return apperr.New(apperr.Invalid, "invalid", MsgNameDigits)
		}
		if len(r.Name) > 100 {
			return apperr.New(apperr.Invalid, "invalid", "Please shorten this name.")
		}
		if !text.ValidEmail(r.Email) {
			return apperr.New(apperr.Invalid, "invalid", fmt.Sprintf(MsgInvalidEmailFmt, r.Email))
		}
		if seen[r.Email] {
			return apperr.New(apperr.Invalid, "invalid", MsgEmailsDuplicated)
		}
		seen[r.Email] = true
	}
	return nil
}

func items(renters []Renter) []payment.Item {
	out := make([]payment.Item, len(renters))
	for i, r := range renters {
		out[i] = payment.Item{Product: InstantCheck, Description: r.Name + " <" + r.Email + ">", Qty: 1}
	}
	return out
}

// Purchase records the check (awaiting payment) and its order, one basket
// line per renter at the server's price.
func (s *Service) Purchase(ctx context.Context, l session.Actor, in PurchaseInput) (Check, payment.Order, error) {
	if !l.IsLandlord() {
		return Check{}, payment.Order{}, apperr.New(apperr.Forbidden, "landlords_only", MsgLandlordsOnly)
	}
	if err := in.validate(); err != nil {
		return Check{}, payment.Order{}, err
	}
	if err := s.properties.Owns(ctx, l.UserID, in.PropertyID); err != nil {
		return Check{}, payment.Order{}, err
	}
	c := Check{ID: uuid.NewString(), LandlordID: l.UserID, PropertyID: in.PropertyID, Type: in.Type, RentPence: in.RentPence,
		DepositPence: in.DepositPence, Status: AwaitingPayment, CreatedAt: s.clock.Now()}
	for _, r := range in.Renters {
		c.Renters = append(c.Renters, Renter{ID: uuid.NewString(), Name: r.Name, Email: r.Email, Status: NotNotified})
	}
	var o payment.Order
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		var err error
		if o, err = s.payments.NewOrder(ctx, tx, payment.Buyer{ID: l.UserID, Email: l.Email}, OrderType, c.ID, items(c.Renters)); err != nil {
			return err
		}
		c.OrderID = o.ID
		return insertCheck(ctx, tx, c)
	})
	return c, o, err
}

// Get returns one of the landlord's own checks.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Check, error) {
	return checkOf(ctx, s.db.Conn(), id, a.UserID)
}

// RemoveRenter takes a renter out of an unpaid check's basket; at least one
// must remain (spec 2 section 4, "Renters and reports").
func (s *Service) RemoveRenter(ctx context.Context, a session.Actor, checkID, renterID string) (payment.Order, error) {
	var o payment.Order
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		c, err := checkOf(ctx, tx, checkID, a.UserID)
		if err != nil {
			return err
		}
		// The renters are read again with the check's order locked, the
		// lock its payment and every other removal take first: two removals
		// at once (PostgreSQL) both saw two renters, both deleted theirs
		// and left a check with none whose basket still charged for one.
		if _, err := s.payments.Lock(ctx, tx, c.OrderID); err != nil {
			return err
		}
		if c, err = checkOf(ctx, tx, checkID, a.UserID); err != nil {
			return err
		}
		if c.Status != AwaitingPayment {
			return apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
		}
		var kept []Renter
		for _, r := range c.Renters {
			if r.ID != renterID {
				kept = append(kept, r)
			}
		}
		if len(kept) == len(c.Renters) {
			return notFound()
		}
		if len(kept) == 0 {
			return apperr.New(apperr.Invalid, "last_renter", MsgLastRenter)
		}
		if err := deleteRenter(ctx, tx, checkID, renterID); err != nil {
			return err
		}
		o, err = s.payments.SetItems(ctx, tx, c.OrderID, items(kept))
		return err
	})
	return o, err
}

// Fulfil implements payment.Fulfiller: the check is paid, and every renter
// is invited in the same transaction.
func (s *Service) Fulfil(ctx context.Context, tx db.Conn, o payment.Order) error {
	c, err := checkOf(ctx, tx, o.SubjectID, o.UserID)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	if err := setPaid(ctx, tx, c.ID, now); err != nil {
		return err
	}
	for _, r := range c.Renters {
		if err := s.invite(ctx, tx, c, r, now); err != nil {
			return err
		}
	}
	return nil
}

// Link is the renter's own page for the check (no sign-in; the two random
// ids are the key).
func (s *Service) Link(c Check, r Renter) string {
	return s.baseURL + "/initiateRefCheck/" + r.ID + "/" + c.ID
}

func (s *Service) invite(ctx context.Context, tx db.Conn, c Check, r Renter, now time.Time) error {
	e, err := s.invitation(ctx, c, r)
	if err != nil {
		return err
	}
	err = s.mail.Send(ctx, tx, e)
	if err != nil {
		return err
	}
	return setNotified(ctx, tx, r.ID, now)
}

// invitation is the e-mail that asks a renter to do the check. It names who
// asks and for which home, says what will be asked and why, and how to
// tell the message is genuine: an e-mail that asks to connect a bank
// account and names nobody reads like phishing.
func (s *Service) invitation(ctx context.Context, c Check, r Renter) (mail.Email, error) {
	landlord, err := s.accounts.Name(ctx, c.LandlordID)
	if err != nil {
		return mail.Email{}, err
	}
	landlordEmail, err := s.accounts.Email(ctx, c.LandlordID)
	if err != nil {
		return mail.Email{}, err
	}
	p, err := s.place(ctx, c.PropertyID)
	if err != nil {
		return mail.Email{}, err
	}
	address := strings.Join(nonEmpty(p.FirstLine, p.Town, p.Postcode), ", ")
	if strings.TrimSpace(landlord) == "" {
		landlord = landlordEmail
	}
	site := s.baseURL
	if u, err := url.Parse(s.baseURL); err == nil && u.Host != "" {
		site = u.Host
	}
	return mail.Email{
		To: r.Email, Subject: landlord + " asks you for a reference check for " + address, Template: "notice",
		Data: map[string]any{
			"Name":    r.Name,
			"Heading": "Your reference check for " + address,
			"Paragraphs": []string{
				landlord + " (" + landlordEmail + ") has asked OmniRent for a reference check as part of your application to rent " + address + ".",
				"What you will be asked, in about five minutes: your mobile number, date of birth and estimated income; whether you have " +
					"pets or smoke and whether you have your Right to Rent documents; your previous property manager's e-mail; and then " +
					"to connect your bank account through open banking.",
				"Why: open banking lets your income and outgoings be worked out from your bank's own records, with your consent. " +
					landlord + " sees a report of those figures, never your bank statements, and OmniRent does not keep them. " +
					"You sign in to your bank on your bank's own site: OmniRent never asks for your bank password or card details.",
				"Is this message genuine? You need not follow a link in an e-mail: type " + site + " into your browser yourself, or ask " +
					landlord + " whether they asked for this check. The link below goes to " + site + " and nowhere else.",
				"Start here: " + s.Link(c, r),
			},
		},
	}, nil
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, strings.TrimSpace(p))
		}
	}
	return out
}

// Resend e-mails a renter's invitation again, at most once a minute.
func (s *Service) Resend(ctx context.Context, a session.Actor, checkID, renterID string) error {
	return s.db.Tx(ctx, func(tx db.Conn) error {
		c, err := checkOf(ctx, tx, checkID, a.UserID)
		if err != nil {
			return err
		}
		now := s.clock.Now()
		for _, r := range c.Renters {
			if r.ID != renterID {
				continue
			}
			if c.Status != PaymentComplete || r.Status == ProcessComplete {
				return notFound()
			}
			// The slot is claimed by a conditional update of the time the
			// renter was last notified, not decided on the copy read above:
			// two resends at once both read it as over a minute ago and both
			// sent (PostgreSQL). The second now finds it taken and waits.
			claimed, err := claimResend(ctx, tx, r.ID, now, now.Add(-resendGap))
			if err != nil {
				return err
			}
			if !claimed {
				return apperr.New(apperr.TooMany, "too_soon", MsgResendWait)
			}
			e, err := s.invitation(ctx, c, r)
			if err != nil {
				return err
			}
			return s.mail.Send(ctx, tx, e)
		}
		return notFound()
	})
}

// Reports lists Active (completed false) or Completed Reports, with the
// properties' addresses asked of the property domain in one call.
func (s *Service) Reports(ctx context.Context, a session.Actor, completed bool) ([]Report, error) {
	list, err := reports(ctx, s.db.Conn(), a.UserID, completed)
	if err != nil || len(list) == 0 {
		return list, err
	}
	ids := make([]string, 0, len(list))
	for _, r := range list {
		ids = append(ids, r.PropertyID)
	}
	addrs, err := s.properties.Addresses(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Property = addrs[list[i].PropertyID]
	}
	return list, nil
}

// place reads one property's address for a page.
func (s *Service) place(ctx context.Context, propertyID string) (Place, error) {
	addrs, err := s.properties.Addresses(ctx, []string{propertyID})
	return addrs[propertyID], err
}

// OfLandlord lists the renters of a landlord's paid checks, active and
// completed, newest first, for the documents area: those of one property,
// or every one when propertyID is "". The caller has checked who asks.
func (s *Service) OfLandlord(ctx context.Context, landlordID, propertyID string) ([]Report, error) {
	var out []Report
	for _, completed := range []bool{false, true} {
		list, err := reports(ctx, s.db.Conn(), landlordID, completed)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			if propertyID == "" || r.PropertyID == propertyID {
				out = append(out, r)
			}
		}
	}
	if out == nil {
		out = []Report{}
	}
	return out, nil
}
