package demo_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/demo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/signing"
)

func TestDemoAccountsSignInAndTheLandlordHasOnePublishedProperty(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		// Seeding again (every restart) must not duplicate anything.
		if err := demo.Seed(context.Background(), e.App.Auth, e.App.Properties, e.App.Photos, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		for _, a := range demo.Accounts {
			c := e.NewClient()
			r := c.Post("/api/auth/login", map[string]any{"email": a.Email, "password": a.Password})
			if r.Status != http.StatusOK {
				t.Fatalf("%s cannot sign in: %d %s", a.Email, r.Status, r.Raw)
			}
			props := c.Get("/api/properties").Body["properties"].([]any)
			want := 0
			if a.Email == demo.Accounts[0].Email {
				want = 2 // one published with photos, one not yet (the documents journey's)
			}
			if len(props) != want {
				t.Fatalf("%s has %d properties, want %d", a.Email, len(props), want)
			}
			for _, p := range props {
				p := p.(map[string]any)
				published := p["status"] == "Published"
				if published == (p["address"].(map[string]any)["addrFirstLine"] == demo.SecondAddress.FirstLine) {
					t.Fatalf("demo property status: %v", p)
				}
				if published && len(p["images"].([]any)) != 2 {
					t.Fatalf("demo property photos: %v", p["images"])
				}
			}
		}
	})
}

func TestDemoLandlordHasAFinishedDraftAgreement(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedContract(context.Background(), e.App.Auth, e.App.Properties, e.App.Contracts, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add another
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		list := c.Get("/api/contracts?view=draft").Body["contracts"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["step"] != "finished" {
			t.Fatalf("demo drafts: %v", list)
		}
		id := list[0].(map[string]any)["id"].(string)
		if r := c.Get("/api/contracts/" + id + "/document"); r.Status != http.StatusOK {
			t.Fatalf("demo document: %d %s", r.Status, r.Raw)
		}
	})
}

func TestDemoLandlordHasADraftCheckInReport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedReport(context.Background(), e.App.Auth, e.App.Properties, e.App.Inventory, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add another
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		list := c.Get("/api/inventory/reports?view=draft").Body["reports"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["type"] != "Check-in Report" {
			t.Fatalf("demo reports: %v", list)
		}
		data := list[0].(map[string]any)["data"].(map[string]any)
		if len(data["insideProperty"].([]any)) != 2 || len(data["tenantDetails"].([]any)) != 1 {
			t.Fatalf("demo report data: %v", data)
		}
	})
}

func TestDemoLandlordsPublishedPropertyHoldsValidCertificates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedCertificates(context.Background(), e.App.Auth, e.App.Properties, e.App.Documents, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add more
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		if n := c.Get("/api/documents/summary").Body["counts"].(map[string]any)["certificates"]; n != 0.0 {
			t.Fatalf("demo certificates count: %v, want 0", n)
		}
		for _, p := range c.Get("/api/properties").Body["properties"].([]any) {
			p := p.(map[string]any)
			page := c.Get("/api/documents/certificates?propertyId=" + p["id"].(string))
			held := 0
			for _, g := range page.Body["groups"].([]any) {
				for _, cur := range g.(map[string]any)["current"].([]any) {
					if cur := cur.(map[string]any); cur["status"] == "green" && cur["held"] == true {
						held++
					}
				}
			}
			if want := map[bool]int{true: 3, false: 0}[p["status"] == "Published"]; held != want {
				t.Fatalf("%v: %d valid certificates, want %d: %s", p["address"], held, want, page.Raw)
			}
		}
	})
}

func TestDemoLandlordHasCalendarEvents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedCalendar(context.Background(), e.App.Auth, e.App.Properties, e.App.Calendar, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add more
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		// The test clock is Monday 2 November 2026: viewings on Thursdays from the 5th to 31 December (9).
		list := c.Get("/api/calendar/occurrences?from=2026-11-01&to=2027-01-31").Body["occurrences"].([]any)
		count := map[string]int{}
		for _, x := range list {
			count[x.(map[string]any)["category"].(string)]++
		}
		if count["Viewings"] != 9 || count["Vendors"] != 1 || count["Maintenance"] != 1 {
			t.Fatalf("demo calendar: %v", count)
		}
	})
}

func TestDemoLandlordHasBooksWithAnUnpaidMonth(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedWallet(context.Background(), e.App.Auth, e.App.Properties, e.App.Wallet, e.Clock.Now()); err != nil {
			t.Fatal(err) // seeding again must not add more
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		o := c.Get("/api/wallet/overview?period=3M").Body
		rent := o["rent"].(map[string]any)
		overdue := rent["overdue"].([]any)
		if len(overdue) != 1 || rent["overduePence"] != float64(185_000) {
			t.Fatalf("demo overdue rent: %v", rent)
		}
		if o["loansPence"] != float64(0) || o["recoverablePence"] != float64(12_000) {
			t.Errorf("demo overview: loans %v (the loan is four months old) recoverable %v", o["loansPence"], o["recoverablePence"])
		}
		if n := c.Get("/api/wallet/transactions").Body["total"]; n.(float64) < 15 {
			t.Errorf("demo entries: %v", n)
		}
	})
}

// Issue 27: the demo tenant's home has an agreement the demo landlord and
// tenant have signed, with the property's certificates and the next rent
// day; seeding again adds nothing; the demo books still show last month's
// rent overdue (TestDemoLandlordHasBooksWithAnUnpaidMonth).
func TestDemoTenantHasAHome(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		if err := demo.SeedTenancy(context.Background(), e.App.Auth, e.App.Properties, e.App.Contracts, e.App.Signing, e.App.Payments, e.App.Mail, clock.NewPinnable(e.Clock)); err != nil {
			t.Fatal(err)
		}
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[1].Email, "password": demo.Accounts[1].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		home := c.Get("/api/me/home")
		list, _ := home.Body["tenancies"].([]any)
		if home.Status != http.StatusOK || len(list) != 1 {
			t.Fatalf("demo tenant's home: %d %s", home.Status, home.Raw)
		}
		tn := list[0].(map[string]any)
		if tn["awaitingYourSignature"] != false || tn["nextRentDue"] == "" || len(tn["certificates"].([]any)) == 0 {
			t.Fatalf("demo tenancy: %v", tn)
		}
		// Made before the tenancy starts, as the law wants, and every record
		// of it says so: the signatures, the audit trail, the seal.
		start, err := time.Parse(time.DateOnly, tn["startDate"].(string))
		if err != nil || !start.Before(e.Clock.Now()) {
			t.Fatalf("demo tenancy start %v (%v): it is let since four months ago", tn["startDate"], err)
		}
		for _, s := range tn["signers"].([]any) {
			at, _ := time.Parse(time.RFC3339, fmt.Sprint(s.(map[string]any)["signedAt"]))
			if s.(map[string]any)["signed"] != true || !at.Before(start) {
				t.Errorf("not signed before the start %s: %v", start.Format(time.DateOnly), s)
			}
		}
		ref := signing.Ref{Kind: contract.Kind, ID: tn["id"].(string)}
		env, err := e.App.Signing.Envelope(context.Background(), ref)
		if err != nil || env.CompletedAt == nil || !env.CompletedAt.Before(start) || !env.CreatedAt.Before(start) {
			t.Fatalf("demo envelope sealed before the start: %+v %v", env, err)
		}
		events, err := e.App.Signing.Events(context.Background(), ref)
		if err != nil || len(events) < 6 {
			t.Fatalf("demo audit trail: %v %v", events, err)
		}
		for i, ev := range events {
			if !ev.At.Before(start) || (i > 0 && ev.At.Before(events[i-1].At)) {
				t.Errorf("audit trail event %d %s at %s: after the start %s or out of order", i, ev.Event, ev.At, start.Format(time.DateOnly))
			}
		}
		// The sealed PDF says the same, and its audit page names each
		// signature's method without an empty browser after it.
		pdf := c.Get("/api/contracts/" + ref.ID + "/pdf")
		if pdf.Status != http.StatusOK {
			t.Fatalf("the tenant's signed PDF: %d", pdf.Status)
		}
		audit := strings.Join(strings.Fields(pdftest.Text(t, []byte(pdf.Raw))), " ")
		for _, sg := range env.Signers {
			if sg.SignedAt == nil {
				t.Fatalf("%s has not signed", sg.Name)
			}
			want := "Signed " + sg.SignedAt.In(clock.UK).Format("2 Jan 2006 15:04:05 MST") + " Method: typed name"
			if !strings.Contains(audit, want) || strings.Contains(audit, "typed name;") {
				t.Errorf("the PDF lacks %q (or its audit page ends a method with a separator):\n%s", want, audit)
			}
		}
		// The clock is given back: the next rent day is worked out from today.
		if next, _ := time.Parse(time.DateOnly, fmt.Sprint(tn["nextRentDue"])); !next.After(e.Clock.Now()) {
			t.Errorf("next rent due %v is not after today %s: the clock stayed pinned", tn["nextRentDue"], e.Clock.Now())
		}
		var shared int
		for _, p := range tn["certificates"].([]any) {
			if len(p.(map[string]any)["copies"].([]any)) > 0 {
				shared++
			}
		}
		if shared == 0 {
			t.Errorf("no certificate shared with the demo tenant: %v", tn["certificates"])
		}
	})
}
