package demo

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// SeedContract gives the demo landlord a finished draft agreement for the
// demo home, with the demo tenant as its tenant, so the contract
// builder has something to preview from the first start. It goes through
// the wizard's own steps, so the demo obeys the same rules as a user.
func SeedContract(ctx context.Context, accounts *auth.Service, properties *property.Service, contracts *contract.Service, now time.Time) error {
	owner, propertyID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		existing, err := contracts.List(ctx, owner, contract.ViewAll)
		return len(existing) > 0, err
	})
	if err != nil || propertyID == "" {
		return err
	}
	rec, err := contracts.Create(ctx, owner, propertyID)
	if err != nil {
		return err
	}
	return fill(ctx, contracts, owner, rec.ID, answers(now))
}

// answers are the demo agreement's: the demo tenant, from next month.
func answers(now time.Time) contract.Answers {
	start := now.AddDate(0, 1, 0).Format(time.DateOnly)
	return contract.Answers{
		Landlord:         contract.LandlordName{First: "Lara", Last: "Landlord"},
		ServiceAddress:   contract.Address{Line1: "4 Battersea Rise", Town: "London", Postcode: "SW11 1ED", Country: "United Kingdom"},
		Jurisdiction:     "England",
		ContractType:     "whole",
		StartDate:        start,
		Tenants:          []contract.Person{{First: "Tom", Last: "Tenant", Email: Accounts[1].Email}},
		Guarantor:        contract.Guarantor{Answer: contract.No},
		Occupiers:        contract.Occupiers{Answer: contract.No},
		RentPence:        185_000,
		RentPeriod:       "monthly",
		FirstPaymentDate: start,
		Deposit:          contract.Deposit{Kind: contract.DepositStandard, PerTenantPence: 200_000, Scheme: "Deposit Protection Service"},
		Utilities:        contract.Utilities{Answer: contract.Yes, Items: []string{"Water"}},
		ScheduleDate:     start,
		Shared:           contract.Shared{Answer: contract.No},
		Parking:          contract.Parking{Answer: contract.No},
		AdditionalTerms:  contract.Additional{Answer: contract.No},
		Mortgage:         contract.No,
	}
}

// fill answers every step of the wizard, as the landlord would.
func fill(ctx context.Context, contracts *contract.Service, owner session.Actor, id string, a contract.Answers) error {
	for _, st := range contract.Steps(a) {
		if st == contract.StepFinished {
			break
		}
		if _, err := contracts.SaveStep(ctx, owner, id, contract.StepInput{Step: st, Answers: a}); err != nil {
			return err
		}
	}
	return nil
}

// SeedTenancy gives the demo tenant a home (issue 27): a second agreement
// for the demo home, let since four months ago (the demo books'
// rent), that the demo landlord paid for, signed and sent and the demo
// tenant signed, so the tenant's home shows their signed agreement, the
// property's certificates and the next rent day. It goes through every
// step the two take: the wizard, the fee paid by the sandbox card, the
// e-mailed codes (read from the local outbox, where the development server
// keeps its mail), the typed signatures and the seal.
//
// The law refuses a tenancy that starts before its agreement is made, so
// the agreement is made on the days before it starts: clk, the clock every
// service reads, is pinned to each step's moment (a fortnight before the
// start the landlord writes, pays and signs; two days later the tenant
// signs and the agreement is sealed), and the audit trail, receipt, e-mails
// and signatures all carry those days. Without the sandbox (Stripe
// configured) it does nothing.
func SeedTenancy(ctx context.Context, accounts *auth.Service, properties *property.Service, contracts *contract.Service,
	sign *signing.Service, payments *payment.Service, mails *mail.Service, clk Pinner) error {
	if payments.Provider() != payment.ProviderSandbox {
		return nil
	}
	now := clk.Now()
	owner, propertyID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		for _, v := range []contract.ListView{contract.ViewAwaiting, contract.ViewCompleted} {
			sent, err := contracts.List(ctx, owner, v)
			if err != nil || len(sent) > 0 {
				return true, err
			}
		}
		return false, nil
	})
	if err != nil || propertyID == "" {
		return err
	}
	// Let since the 1st four months ago, the rent the demo books expect
	// (wallet.go: 1,850 pounds on the 1st, last month's not yet paid).
	startDay := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -4, 0)
	written := startDay.AddDate(0, 0, -14)
	defer clk.Unpin()
	clk.Pin(written.Add(10*time.Hour + 12*time.Minute))
	rec, err := contracts.Create(ctx, owner, propertyID)
	if err != nil {
		return err
	}
	a := answers(now)
	first := startDay.Format(time.DateOnly)
	a.StartDate, a.FirstPaymentDate, a.ScheduleDate = first, first, first
	if err := fill(ctx, contracts, owner, rec.ID, a); err != nil {
		return err
	}
	clk.Pin(written.Add(10*time.Hour + 31*time.Minute))
	o, err := contracts.Order(ctx, owner, rec.ID)
	if err != nil {
		return err
	}
	card := payment.Card{Name: "Lara Landlord", Number: "4242424242424242", ExpMonth: 12, ExpYear: now.Year() + 3, CVC: "123",
		Billing: payment.Billing{Line1: "4 Battersea Rise", Town: "London", Postcode: "SW11 1ED", Country: "GB"}}
	if _, err := payments.PaySandbox(ctx, owner, o.ID, card); err != nil {
		return fmt.Errorf("pay the fee: %w", err)
	}
	clk.Pin(written.Add(10*time.Hour + 34*time.Minute))
	if err := contracts.SendCode(ctx, owner, rec.ID); err != nil {
		return fmt.Errorf("signing code: %w", err)
	}
	clk.Pin(written.Add(10*time.Hour + 36*time.Minute))
	if err := signAs(ctx, contracts, mails, owner, rec.ID, "Lara Landlord"); err != nil {
		return fmt.Errorf("landlord signs: %w", err)
	}
	u, err := accounts.UserByEmail(ctx, Accounts[1].Email)
	if err != nil {
		return err
	}
	clk.Pin(written.AddDate(0, 0, 2).Add(19*time.Hour + 3*time.Minute))
	if err := contracts.SendCode(ctx, u.Actor(), rec.ID); err != nil {
		return fmt.Errorf("tenant's signing code: %w", err)
	}
	clk.Pin(written.AddDate(0, 0, 2).Add(19*time.Hour + 5*time.Minute))
	if err := signAs(ctx, contracts, mails, u.Actor(), rec.ID, "Tom Tenant"); err != nil {
		return fmt.Errorf("tenant signs: %w", err)
	}
	// Sealed now, at the tenant's signing, not when the job runs after
	// the server starts.
	_, err = sign.SealNow(ctx, signing.Ref{Kind: contract.Kind, ID: rec.ID})
	return err
}

// Pinner is a clock the seeding can stop at a moment (clock.Pinnable).
type Pinner interface {
	Now() time.Time
	Pin(time.Time)
	Unpin()
}

// signAs enters the signing code e-mailed to a (the newest in the outbox)
// and signs with a typed name.
func signAs(ctx context.Context, contracts *contract.Service, mails *mail.Service, a session.Actor, id, name string) error {
	sent, err := mails.Outbox(ctx, a.Email, 20)
	if err != nil {
		return err
	}
	code := ""
	for _, m := range sent { // newest first
		if m.Subject == signingCodeSubject {
			code = sixDigits.FindString(m.Text)
			break
		}
	}
	if code == "" {
		return fmt.Errorf("no signing code in the outbox")
	}
	if _, err := contracts.VerifyCode(ctx, a, id, code, signing.Meta{}); err != nil {
		return fmt.Errorf("verify the code: %w", err)
	}
	st, err := contracts.Signing(ctx, a, id)
	if err != nil {
		return err
	}
	_, err = contracts.Sign(ctx, a, id, signing.Signature{Method: signing.Typed, Typed: name}, st.Envelope.DocHash, signing.Meta{})
	return err
}

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// signingCodeSubject is the subject of the signing package's code e-mail.
const signingCodeSubject = "Your OmniRent signing code"
