package app

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"

	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/deposit"
)

// The deposit area (issue 45, "The deposit back") reads signed agreements
// through the contracts area, as the notices area does.

// depositTenancies answers the deposit area about agreements signed by
// everyone (deposit.Tenancies).
type depositTenancies struct{ contracts *contract.Service }

func depositTenancy(r contract.Record) deposit.Tenancy {
	n := noticeTenancy(r)
	t := deposit.Tenancy{ID: n.ID, LandlordID: n.LandlordID, PropertyID: n.PropertyID, Jurisdiction: n.Jurisdiction, Address: n.Address,
		DepositReceived: r.DepositReceived, Link: n.Link}
	if r.Answers.Deposit.Kind == contract.DepositStandard {
		t.DepositPence = r.Answers.Deposit.PerTenantPence * int64(max(1, len(r.Answers.Tenants)))
	}
	for _, p := range n.Tenants {
		t.Tenants = append(t.Tenants, deposit.Person{Name: p.Name, Email: p.Email})
	}
	return t
}

func (d depositTenancies) OfLandlord(ctx context.Context, landlordID string) ([]deposit.Tenancy, error) {
	list, err := d.contracts.Tenancies(ctx, landlordID)
	if err != nil {
		return nil, err
	}
	out := []deposit.Tenancy{}
	for _, r := range list {
		if signedAgreement(r.Contract) && r.LandlordID == landlordID {
			out = append(out, depositTenancy(r))
		}
	}
	return out, nil
}

func (d depositTenancies) OfTenant(ctx context.Context, email string) ([]deposit.Tenancy, error) {
	list, err := d.contracts.SignedFor(ctx, email)
	if err != nil {
		return nil, err
	}
	out := make([]deposit.Tenancy, 0, len(list))
	for _, r := range list {
		out = append(out, depositTenancy(r))
	}
	return out, nil
}

// depositCheckOuts gives the deposit area the landlord's newest signed
// check-out report of a property, compared with its check-in
// (deposit.CheckOuts, over internal/inventory).
type depositCheckOuts struct{ inventory *inventory.Service }

func conditionText(s *inventory.Side) string {
	if s == nil {
		return "Not recorded"
	}
	var parts []string
	if s.Rating != "" {
		parts = append(parts, "Condition: "+s.Rating)
	}
	if s.Cleanliness != "" {
		parts = append(parts, "Cleanliness: "+s.Cleanliness)
	}
	if len(s.Damage) > 0 {
		parts = append(parts, "Damage: "+strings.Join(s.Damage, ", "))
	}
	if s.Notes != "" {
		parts = append(parts, s.Notes)
	}
	if len(parts) == 0 {
		return "Nothing recorded"
	}
	return strings.Join(parts, ". ")
}

func photosOf(s *inventory.Side, views map[string]photo.View) []deposit.Photo {
	out := []deposit.Photo{}
	if s == nil {
		return out
	}
	for _, n := range s.Photos {
		if v, ok := views[n]; ok {
			out = append(out, deposit.Photo{URL: v.URL, ThumbURL: v.ThumbURL})
		}
	}
	return out
}

func (d depositCheckOuts) SignedCheckOut(ctx context.Context, landlordID, propertyID string) (deposit.CheckOut, bool, error) {
	reports, err := d.inventory.OfCreator(ctx, landlordID, propertyID)
	if err != nil {
		return deposit.CheckOut{}, false, err
	}
	for _, r := range reports { // newest first
		if r.Type != inventory.TypeCheckOut || (r.Status != inventory.ADS && r.Status != inventory.Completed) {
			continue
		}
		a := session.Actor{UserID: landlordID, UserType: session.Landlord}
		cmp, err := d.inventory.Compare(ctx, a, r.ID)
		if apperr.IsNotFound(err) {
			return deposit.CheckOut{}, false, nil // no check-in to compare with
		}
		if err != nil {
			return deposit.CheckOut{}, false, err
		}
		views := map[string]photo.View{}
		for _, v := range cmp.CheckInPics {
			views[v.Name] = v
		}
		if outs, _, err := d.inventory.Photos(ctx, a, r.ID); err == nil {
			for _, v := range outs {
				views[v.Name] = v
			}
		}
		co := deposit.CheckOut{ID: r.ID, SignedText: r.UpdatedAt.In(clock.UK).Format("Mon 2 Jan 2006"),
			SignedOn: r.UpdatedAt.In(clock.UK).Format(time.DateOnly)}
		for _, l := range cmp.Lines {
			co.Items = append(co.Items, deposit.Item{Key: l.Side + "/" + l.Room + "/" + l.Item, Room: l.Room, Item: l.Item,
				Change: string(l.Change), CheckIn: conditionText(l.CheckIn), CheckOut: conditionText(l.CheckOut),
				InPhotos: photosOf(l.CheckIn, views), OutPhotos: photosOf(l.CheckOut, views)})
		}
		return co, true, nil
	}
	return deposit.CheckOut{}, false, nil
}

// depositStatements reads the wallet's rent statement of a home for rent
// arrears (deposit.RentStatements).
type depositStatements struct{ w *wallet.Service }

func (d depositStatements) RentStatement(ctx context.Context, landlordID, propertyID, until string) (deposit.Statement, error) {
	st, err := d.w.RentStatement(ctx, landlordID, propertyID, until)
	if err != nil {
		return deposit.Statement{}, err
	}
	out := deposit.Statement{OwedPence: st.OwedPence}
	for _, l := range st.Lines {
		out.Lines = append(out.Lines, deposit.StatementLine{DueDate: l.DueDate, AmountPence: l.AmountPence, PaidPence: l.PaidPence,
			OutstandingPence: l.OutstandingPence})
	}
	return out, nil
}

// The wallet's categories of a deposit's return (wallet data/categories.yaml).
const (
	DepositKeptCategory     = "Deposit deductions kept"     // income, box 20
	DepositReturnedCategory = "Deposit returned to tenants" // capital
)

// depositBooks books a deposit's return in the landlord's wallet once per
// source (wallet.RecordExternal, as repairs' invoices are).
type depositBooks struct{ w *wallet.Service }

func (d depositBooks) BookDeposit(ctx context.Context, e deposit.Entry) error {
	x := wallet.External{Source: wallet.Source{Kind: "deposit", ID: e.SourceID, Label: e.Label, Link: e.Link}, Kind: wallet.Income,
		LandlordID: e.LandlordID, PropertyID: e.PropertyID, Category: DepositKeptCategory, Description: e.Description, Vendor: e.Tenants,
		AmountPence: e.AmountPence, Date: e.Date}
	if !e.Kept {
		x.Kind, x.Category, x.Paid = wallet.Expense, DepositReturnedCategory, true
	}
	_, err := d.w.RecordExternal(ctx, x)
	return err
}

// contractDepositCertificates gives the tenant's papers the deposit
// protection certificate added on /deposits (contract.DepositCertificates).
type contractDepositCertificates struct{ d *deposit.Service }

func (c contractDepositCertificates) DepositCertificate(ctx context.Context, contractID string) (string, error) {
	return c.d.CertificateName(ctx, contractID)
}
