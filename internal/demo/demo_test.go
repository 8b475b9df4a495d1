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
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/signing"
)

func TestDemoAccountsSignInAndTheLandlordHasOnePublishedProperty(t *testing.T) {
	racetest.Concurrent(t) // the accounts are made in parallel (Seed)
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
				// the home (let), the listing (published, with photos), the draft (the documents journey's),
				// and a property in Edinburgh, Cardiff and Belfast (issue 46)
				want = 3 + len(demo.NationAddresses)
			}
			if len(props) != want {
				t.Fatalf("%s has %d properties, want %d", a.Email, len(props), want)
			}
			for _, p := range props {
				p := p.(map[string]any)
				line := p["address"].(map[string]any)["addrFirstLine"]
				published := p["status"] == "Published"
				if published != (line == demo.ListingAddress.FirstLine) {
					t.Fatalf("demo property status: %v", p)
				}
				if published && len(p["images"].([]any)) != 2 {
					t.Fatalf("demo property photos: %v", p["images"])
				}
			}
		}
	})
}

// The demo's published listing is not the home the demo tenant rents:
// the tenancy, the draft agreement and report, the books, the calendar
// and the home's certificates are all on the home, which is not listed.
func TestDemoListingIsNotTheTenantsHome(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		tenant, lord := e.NewClient(), e.NewClient()
		for c, a := range map[*apptest.Client]int{tenant: 1, lord: 0} {
			if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[a].Email, "password": demo.Accounts[a].Password}); r.Status != http.StatusOK {
				t.Fatal(r.Raw)
			}
		}
		tenancies, _ := tenant.Get("/api/me/home").Body["tenancies"].([]any)
		if len(tenancies) != 1 {
			t.Fatalf("the demo tenant's tenancies: %v", tenancies)
		}
		home := tenancies[0].(map[string]any)["property"].(map[string]any)
		if home["addrFirstLine"] != demo.HomeAddress.FirstLine {
			t.Errorf("the demo tenant's home is %v, want %s", home["addrFirstLine"], demo.HomeAddress.FirstLine)
		}
		homeID := home["id"].(string)

		listings := e.NewClient().Get("/api/listings").Body["listings"].([]any)
		if len(listings) != 1 {
			t.Fatalf("%d listings, want the demo's one: %v", len(listings), listings)
		}
		listingID := listings[0].(map[string]any)["id"].(string)
		if listingID == homeID {
			t.Fatalf("the demo's listing %s is the home the demo tenant rents", listingID)
		}
		for _, p := range lord.Get("/api/properties").Body["properties"].([]any) {
			p := p.(map[string]any)
			if p["id"] == listingID && p["address"].(map[string]any)["addrFirstLine"] != demo.ListingAddress.FirstLine {
				t.Errorf("the listing is at %v, want %s", p["address"], demo.ListingAddress.FirstLine)
			}
			if p["id"] == homeID && p["status"] == "Published" {
				t.Errorf("the home is published: %v", p)
			}
		}

		// Everything else the demo seeds is on the home.
		on := map[string][]any{}
		for _, c := range lord.Get("/api/contracts?view=all").Body["contracts"].([]any) {
			if c.(map[string]any)["jurisdiction"] != "England" {
				continue // the nations' drafts are on their own properties (TestDemoLandlordHasADraftInEachNation)
			}
			on["agreement"] = append(on["agreement"], c.(map[string]any)["propertyId"])
		}
		for _, r := range lord.Get("/api/inventory/reports?view=draft").Body["reports"].([]any) {
			on["report"] = append(on["report"], r.(map[string]any)["propertyId"])
		}
		for _, o := range lord.Get("/api/wallet/transactions?limit=100").Body["items"].([]any) {
			on["entry"] = append(on["entry"], o.(map[string]any)["transaction"].(map[string]any)["propertyId"])
		}
		for _, o := range lord.Get("/api/calendar/occurrences?from=2026-11-01&to=2027-01-31").Body["occurrences"].([]any) {
			on["event"] = append(on["event"], o.(map[string]any)["location"].(map[string]any)["propertyId"])
		}
		for what, ids := range map[string]int{"agreement": 2, "report": 1, "entry": 15, "event": 11} {
			if len(on[what]) < ids {
				t.Errorf("%d demo %ss, want at least %d", len(on[what]), what, ids)
			}
			for _, id := range on[what] {
				if id != homeID {
					t.Errorf("a demo %s is on %v, not the home %s", what, id, homeID)
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
		var list []any
		for _, d := range c.Get("/api/contracts?view=draft").Body["contracts"].([]any) {
			if d.(map[string]any)["jurisdiction"] == "England" {
				list = append(list, d)
			}
		}
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

func TestDemoLandlordsHomeAndListingHoldValidCertificates(t *testing.T) {
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
			want := 3 // the home's and the listing's gas safety, EICR and EPC
			if p["address"].(map[string]any)["addrFirstLine"] == demo.DraftAddress.FirstLine {
				want = 0
			}
			for _, a := range demo.NationAddresses { // the nations' drafts' properties (issue 46) hold none
				if p["address"].(map[string]any)["addrFirstLine"] == a.FirstLine {
					want = 0
				}
			}
			if held != want {
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

// The demo tenant's home has repairs in several states (reported, triaged
// with its clock running and a photo, in progress, closed), each made on
// its own day, so the Maintenance area shows working after `make run`;
// the landlord sees the same repairs.
func TestDemoTenantsHomeHasRepairs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[1].Email, "password": demo.Accounts[1].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		list := c.Get("/api/repairs")
		items, _ := list.Body["repairs"].([]any)
		statuses := map[string]map[string]any{}
		for _, it := range items {
			m := it.(map[string]any)
			statuses[m["status"].(string)] = m
		}
		for _, s := range []string{"reported", "triaged", "in_progress", "closed"} {
			if statuses[s] == nil {
				t.Fatalf("no %s repair in the demo tenant's list: %s", s, list.Raw)
			}
		}
		if statuses["triaged"]["nextDue"] == nil || statuses["closed"]["open"] != false {
			t.Fatalf("demo repairs: %v", statuses)
		}
		one := c.Get("/api/repairs/" + statuses["triaged"]["id"].(string))
		rp, _ := one.Body["repair"].(map[string]any)
		if one.Status != http.StatusOK || len(rp["photos"].([]any)) != 1 || rp["historyValid"] != true {
			t.Fatalf("the demo's triaged repair: %d %s", one.Status, one.Raw)
		}
		aware, _ := time.Parse(time.RFC3339, rp["awareAt"].(string))
		if !aware.Before(e.Clock.Now().Add(-48 * time.Hour)) {
			t.Fatalf("the demo's mould was reported at %s: days ago", aware)
		}
		lord := e.NewClient()
		if r := lord.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		if l := lord.Get("/api/repairs"); len(l.Body["repairs"].([]any)) != len(items) {
			t.Fatalf("the landlord sees %s", l.Raw)
		}
	})
}

// Issue 46: the demo landlord has a property in Edinburgh, Cardiff and
// Belfast, each with a draft that follows its nation's rules and that they
// can open; the demo home stays first in the property list.
func TestDemoLandlordHasADraftInEachNation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.SeedDemo = true })
		c := e.NewClient()
		if r := c.Post("/api/auth/login", map[string]any{"email": demo.Accounts[0].Email, "password": demo.Accounts[0].Password}); r.Status != http.StatusOK {
			t.Fatal(r.Raw)
		}
		// The nations' properties are dated before the others: last in the list.
		props := c.Get("/api/properties").Body["properties"].([]any)
		for i, p := range props {
			line := p.(map[string]any)["address"].(map[string]any)["addrFirstLine"]
			nation := false
			for _, a := range demo.NationAddresses {
				nation = nation || a.FirstLine == line
			}
			if nation != (i >= len(props)-len(demo.NationAddresses)) {
				t.Errorf("property %d of %d is %v", i, len(props), line)
			}
		}
		seen := map[string]bool{}
		for _, x := range c.Get("/api/contracts?view=draft").Body["contracts"].([]any) {
			d := x.(map[string]any)
			j, _ := d["jurisdiction"].(string)
			if j == "England" {
				continue
			}
			seen[j] = true
			one := c.Get("/api/contracts/" + d["id"].(string))
			n, ok := one.Body["contract"].(map[string]any)["nation"].(map[string]any)
			if one.Status != http.StatusOK || !ok || n["jurisdiction"] != j || len(n["deadlines"].([]any)) == 0 {
				t.Errorf("%s draft: %d %s", j, one.Status, one.Raw)
			}
		}
		for _, j := range []string{"Scotland", "Wales", "Northern Ireland"} {
			if !seen[j] {
				t.Errorf("no demo draft in %s", j)
			}
		}
	})
}
