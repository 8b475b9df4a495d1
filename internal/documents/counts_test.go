package documents

import (
	"context"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// fakes of the other areas, in the documents area's own terms.
type fakeProps map[string][]Property

func (f fakeProps) Owned(_ context.Context, ownerID, id string) (Property, error) {
	for _, p := range f[ownerID] {
		if p.ID == id {
			return p, nil
		}
	}
	return Property{}, apperr.New(apperr.NotFound, "not_found", "no")
}
func (f fakeProps) OfOwner(_ context.Context, ownerID string) ([]Property, error) {
	return f[ownerID], nil
}
func (f fakeProps) AlignEPCRating(context.Context, string, string, string) error { return nil }

type fakeContracts []Contract

func (f fakeContracts) OfLandlord(_ context.Context, _, propertyID string) ([]Contract, error) {
	var out []Contract
	for _, c := range f {
		if propertyID == "" || c.PropertyID == propertyID {
			out = append(out, c)
		}
	}
	return out, nil
}

type fakeChecks []RefCheck

func (f fakeChecks) OfLandlord(_ context.Context, _, propertyID string) ([]RefCheck, error) {
	var out []RefCheck
	for _, c := range f {
		if propertyID == "" || c.PropertyID == propertyID {
			out = append(out, c)
		}
	}
	return out, nil
}

type fakeReports []Report

func (f fakeReports) OfCreator(_ context.Context, _, propertyID string) ([]Report, error) {
	var out []Report
	for _, r := range f {
		if propertyID == "" || r.PropertyID == propertyID {
			out = append(out, r)
		}
	}
	return out, nil
}
func (f fakeReports) ComplianceDocuments(context.Context, string, string) ([]ReportDocument, error) {
	return nil, nil
}

// The counts of the other three cards: agreements awaiting signatures,
// reference checks still active, disputed reports; only of live properties.
func TestCountsOfTheOtherCards(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
		props := fakeProps{"l1": {{ID: "p1", Address: "1 High Street", FirstLine: "1 High Street"}, {ID: "p2", Address: "2 High Street"}}}
		s, err := NewService(Deps{DB: d, Clock: clock.NewFake(now), Properties: props,
			Contracts: fakeContracts{
				{ID: "c1", PropertyID: "p1", Status: "Draft", Title: "Tenancy agreement", CreatedAt: now},
				{ID: "c2", PropertyID: "p1", Status: "ATS", CreatedAt: now},
				{ID: "c3", PropertyID: "p2", Status: "ADS", CreatedAt: now},
				{ID: "c4", PropertyID: "p1", Status: "COMPLETED", CreatedAt: now},
				{ID: "c5", PropertyID: "gone", Status: "ATS", CreatedAt: now}, // a deleted property's
			},
			RefChecks: fakeChecks{
				{CheckID: "k1", RenterID: "r1", PropertyID: "p1", Name: "Rita Renter", Status: "Renter Notified", InitiatedAt: now},
				{CheckID: "k1", RenterID: "r2", PropertyID: "p1", Name: "Rob Renter", Status: "Not Notified", InitiatedAt: now},
				{CheckID: "k2", RenterID: "r3", PropertyID: "p2", Name: "Ray Renter", Status: "Process Complete", Completed: true, InitiatedAt: now},
			},
			Reports: fakeReports{
				{ID: "i1", PropertyID: "p1", Type: "Check-in Report", Status: "Disputed", CreatedAt: now},
				{ID: "i2", PropertyID: "p1", Type: "Inventory", Status: "Draft", CreatedAt: now},
				{ID: "i3", PropertyID: "p2", Type: "Check-out Report", Status: "Completed", CreatedAt: now},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		a := session.Actor{UserID: "l1", UserType: session.Landlord, Role: session.RoleUser}
		sum, err := s.Summary(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		// Both properties are let (an agreement sent or signed), unpublished
		// as they are, and hold no certificate: gas safety, EICR and EPC are
		// missing on each (issue 25).
		if want := (Counts{ReferenceChecks: 2, Contracts: 2, Certificates: 6, InventoryReports: 1}); sum.Counts != want || sum.VendorBooking {
			t.Fatalf("counts %+v, want %+v", sum, want)
		}
		items, err := s.ContractItems(context.Background(), a, "p1")
		if err != nil || len(items) != 3 {
			t.Fatalf("contract items: %v %v", items, err)
		}
		groups := map[string]Item{}
		for _, it := range items {
			groups[it.Group] = it
		}
		if d := groups["draft"]; !d.CanDelete || d.DeleteURL != "/api/contracts/c1" || d.OpenURL != "/contract-builder?view=draft&id=c1" || d.ActionNeeded {
			t.Fatalf("draft item: %+v", d)
		}
		if w := groups["awaiting"]; w.CanDelete || !w.ActionNeeded || w.StatusLabel != "Awaiting signatures" {
			t.Fatalf("awaiting item: %+v", w)
		}
		checks, _ := s.RefCheckItems(context.Background(), a, "p2")
		if len(checks) != 1 || checks[0].Group != "completed" || checks[0].OpenURL != "/reports/k2/r3" || checks[0].Active {
			t.Fatalf("check items: %+v", checks)
		}
		reports, _ := s.ReportItems(context.Background(), a, "p1")
		if len(reports) != 2 || reports[0].Group != "disputed" || !reports[0].ActionNeeded || reports[0].OpenURL != "/NewReport?id=i1&view=preview" {
			t.Fatalf("report items: %+v", reports)
		}
		// Another landlord's property is not found; a tenant is refused.
		if _, err := s.ContractItems(context.Background(), session.Actor{UserID: "l2", UserType: session.Landlord}, "p1"); apperr.KindOf(err) != apperr.NotFound {
			t.Fatalf("other landlord: %v", err)
		}
		if _, err := s.Summary(context.Background(), session.Actor{UserID: "t1", UserType: session.Tenant}); apperr.KindOf(err) != apperr.Forbidden {
			t.Fatalf("tenant: %v", err)
		}
	})
}

func TestTheCertificateTypesFileIsChecked(t *testing.T) {
	ts, err := LoadTypes()
	if err != nil {
		t.Fatal(err)
	}
	gas, _ := ts.Get(GasSafety)
	epc, _ := ts.Get(EPC)
	if gas.TermMonths != 12 || !gas.Required(true) || gas.Required(false) || epc.TermMonths != 120 || !epc.RatingTooLow("F") || epc.RatingTooLow("E") {
		t.Fatalf("types: %+v %+v", gas, epc)
	}
	for _, bad := range []string{
		"reviewed: 2026-11-24\ntypes:\n  - {id: gas-safety, name: Gas, termMonths: 12, requiredWhen: gas, checked: 2026-11-24}\n", // no source
		"reviewed: 2026-11-24\ntypes: []\n",                 // types missing
		"reviewed: yesterday\ntypes: []\n",                  // not a date
		"reviewed: 2026-11-24\ntypes: []\nunknown: field\n", // unknown field
	} {
		if _, err := parseTypes([]byte(bad)); err == nil {
			t.Errorf("accepted: %q", bad)
		}
	}
}
