package demo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/deposit"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// SeedDeposit gives the demo tenancy (SeedTenancy's signed agreement, with
// its £2,000 deposit) a finished check-out (issue 45): a check-in report
// of the demo home and a check-out report started from it, each paid for
// with the sandbox card and signed by the demo landlord, and two proposed
// deductions from their comparison: the lounge carpet stained (damage,
// apportioned by its age: the tenant pays only for the life it lost) and
// the oven left dirty (cleaning, charged whole). The tenancy itself goes
// on, so it can still take a rent increase. Seeded once (a signed
// check-out of the home says it is done); without the sandbox it does
// nothing.
func SeedDeposit(ctx context.Context, accounts *auth.Service, properties *property.Service, reports *inventory.Service,
	deposits *deposit.Service, payments *payment.Service, mails *mail.Service) error {
	if payments.Provider() != payment.ProviderSandbox {
		return nil
	}
	owner, pid, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		signed, err := reports.List(ctx, owner, inventory.ViewClonable, inventory.TypeCheckOut)
		return len(signed) > 0, err
	})
	if err != nil || pid == "" {
		return err
	}
	var tenancyID string
	list, err := deposits.Overview(ctx, owner)
	if err != nil {
		return err
	}
	for _, t := range list {
		tenancyID = t.ID
	}
	if tenancyID == "" {
		return nil // no signed demo tenancy with a deposit
	}
	data := func(checkOut bool) inventory.Data {
		carpet, oven, clean := "Fine", "Fine", "Good"
		notes, floor := "Racks and glass door clean.", "Fitted carpet, light grey."
		if checkOut {
			carpet, oven, clean = "Damaged", "Marked", "Very poor"
			notes, floor = "Grease on the racks and the glass door.", "Fitted carpet, light grey: a large red wine stain by the sofa."
		}
		return inventory.Data{
			Settings: inventory.Settings{Inspector: inventory.Inspector{First: "Lara", Last: "Landlord", Email: Accounts[0].Email}, Saved: true},
			Overview: inventory.Condition{Rating: "Fine", Description: "A well-kept two-bedroom flat."},
			Inside: []inventory.Room{
				{Name: "Kitchen", Tag: "Kitchen", Done: true, Overview: inventory.Condition{Rating: "Fine"},
					Items: []inventory.RoomItem{{Name: "Oven", Tag: "Oven", Completed: true, Notes: notes, Overview: inventory.Condition{Rating: oven},
						Description: map[string][]string{"Brand": {"Belling"}}, DisputeAvoidance: map[string][]string{"Cleanliness": {clean}}}}},
				{Name: "Lounge", Tag: "Lounge", Done: true, Overview: inventory.Condition{Rating: "Fine"},
					Items: []inventory.RoomItem{{Name: "Floor", Tag: "Floor", Completed: true, Overview: inventory.Condition{Rating: carpet,
						Description: floor}}}},
			},
			Meters:  []inventory.Meter{{Kind: "Gas", Location: "Cupboard under the stairs", Reading: "04512", Done: true}},
			CheckIn: inventory.KeysAlarms{Keys: inventory.Condition{Description: "2 keys"}, Done: true}, CheckOut: inventory.KeysAlarms{Done: true},
		}
	}
	in, err := reports.Create(ctx, owner, inventory.NewInput{PropertyID: pid, Type: inventory.TypeCheckIn})
	if err != nil {
		return err
	}
	used := map[string]bool{}
	if err := signReport(ctx, reports, payments, mails, owner, in.ID, in.Revision, data(false), used); err != nil {
		return fmt.Errorf("check-in: %w", err)
	}
	out, err := reports.Create(ctx, owner, inventory.NewInput{PropertyID: pid, Type: inventory.TypeCheckOut, FromCheckIn: in.ID})
	if err != nil {
		return err
	}
	if err := signReport(ctx, reports, payments, mails, owner, out.ID, out.Revision, data(true), used); err != nil {
		return fmt.Errorf("check-out: %w", err)
	}
	v, err := deposits.Deductions(ctx, owner, tenancyID)
	if err != nil {
		return err
	}
	key := func(room string) string {
		for _, it := range v.Items {
			if it.Room == room {
				return it.Key
			}
		}
		return ""
	}
	for _, l := range []deposit.LineInput{
		{ItemKey: key("Lounge"), Reason: "damage", CostPence: float64(48_000), ItemType: "carpet", AgeMonths: float64(60),
			Note: "A large red wine stain by the sofa that professional cleaning could not lift: the carpet needs replacing (quote £480)."},
		{ItemKey: key("Kitchen"), Reason: "cleaning", CostPence: float64(9_500), Note: "Oven left greasy: professional oven clean."},
	} {
		if _, err := deposits.AddLine(ctx, owner, tenancyID, l); err != nil {
			return fmt.Errorf("deduction: %w", err)
		}
	}
	return nil
}

// signReport saves a report's data, pays its fee with the sandbox card and
// signs it as its creator, with the code e-mailed to them (one not in
// usedCodes, the codes entered already).
func signReport(ctx context.Context, reports *inventory.Service, payments *payment.Service, mails *mail.Service, owner session.Actor,
	id string, revision int, d inventory.Data, usedCodes map[string]bool) error {
	if _, err := reports.Save(ctx, owner, id, inventory.SaveInput{Revision: revision, Data: d}); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	o, err := reports.Order(ctx, owner, id)
	if err != nil {
		return err
	}
	card := payment.Card{Name: "Lara Landlord", Number: "4242424242424242", ExpMonth: 12, ExpYear: time.Now().Year() + 3, CVC: "123",
		Billing: payment.Billing{Line1: "4 Battersea Rise", Town: "London", Postcode: "SW11 1ED", Country: "GB"}}
	if _, err := payments.PaySandbox(ctx, owner, o.ID, card); err != nil {
		return fmt.Errorf("pay the fee: %w", err)
	}
	if err := reports.SendCode(ctx, owner, id); err != nil {
		return fmt.Errorf("signing code: %w", err)
	}
	sent, err := mails.Outbox(ctx, owner.Email, 20)
	if err != nil {
		return err
	}
	code := ""
	for _, m := range sent { // newest first; two e-mailed in the same millisecond come in either order
		if c := sixDigits.FindString(m.Text); strings.HasPrefix(m.Subject, signingCodeSubject) && c != "" && !usedCodes[c] {
			code = c
			break
		}
	}
	usedCodes[code] = true
	if code == "" {
		return fmt.Errorf("no signing code in the outbox")
	}
	st, err := reports.VerifyCode(ctx, owner, id, code, signing.Meta{})
	if err != nil {
		return fmt.Errorf("verify the code: %w", err)
	}
	_, err = reports.Sign(ctx, owner, id, signing.SignRequest{Signature: signing.Signature{Method: signing.Typed, Typed: "Lara Landlord"},
		DocumentHash: st.Envelope.DocHash}, signing.Meta{})
	return err
}
