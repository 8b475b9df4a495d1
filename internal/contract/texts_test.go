package contract_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/refcheck"
	"github.com/omnirent/omnirent/internal/signing"
)

// signedAgreement takes a weekly agreement for "Lena Lord" through the
// whole journey: the landlord's account types "Lara Landlord", the two
// tenants sign, and the sealed PDF is downloaded. It answers the
// agreement's id and the PDF's text.
func signedAgreement(t *testing.T, e *apptest.Env) (string, string) {
	t.Helper()
	owner, pid := landlordWithProperty(t, e, "lord@example.com")
	id := newDraft(t, owner, pid)["id"].(string)
	a := answers()
	a["landlord"] = map[string]any{"first": "Lena", "last": "Lord"}
	a["guarantor"] = map[string]any{"answer": "no"}
	a["rentPeriod"], a["rentPence"] = "weekly", 35000
	a["deposit"] = map[string]any{"kind": "standard", "perTenantPence": 50000, "scheme": "Deposit Protection Service"}
	finish(t, owner, id, a)
	pay(t, owner, id)
	verify(t, e, owner, "lord@example.com", id)
	if r := owner.Sign("/api/contracts/"+id, typed("Lara Landlord")); r.Status != http.StatusOK {
		t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
	}
	e.RunJobs()
	for _, who := range []string{"tom", "tess"} {
		e.Clock.Advance(time.Second) // so the registration code is the newest e-mail
		c := e.SignedIn(who+"@example.com", "Secret#123", "Tenant")
		verify(t, e, c, who+"@example.com", id)
		if r := c.Sign("/api/contracts/"+id, typed(strings.ToUpper(who[:1])+who[1:]+" Tenant")); r.Status != http.StatusOK {
			t.Fatalf("%s signs: %d %s", who, r.Status, r.Raw)
		}
	}
	e.RunJobs()
	dl := owner.Get("/api/contracts/" + id + "/pdf")
	if dl.Status != http.StatusOK {
		t.Fatalf("download: %d %s", dl.Status, dl.Raw)
	}
	e.Clock.Advance(11 * time.Second)
	if r := owner.Post("/api/contracts/"+id+"/resend", nil); r.Status != http.StatusOK {
		t.Fatalf("resend: %d %s", r.Status, r.Raw)
	}
	e.RunJobs()
	return id, pdftest.Text(t, []byte(dl.Raw))
}

// Issue 25, "Who the agreement is for": a typed signature by one person
// for a landlord named differently is recorded and printed as given on the
// landlord's behalf, with the signer's name. Before the fix the evidence
// had no signer's name and the PDF printed "Landlord: Lena Lord" above
// "Lara Landlord" with nothing to say who signed.
func TestSignatureOnBehalfOfTheLandlord(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		id, text := signedAgreement(t, e)
		env, err := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: contract.Kind, ID: id})
		if err != nil {
			t.Fatal(err)
		}
		l := env.Signers[0]
		if l.Name != "Lena Lord" || l.SignedBy != "Lara Landlord" || !l.OnBehalf() {
			t.Fatalf("landlord's evidence: name %q, signed by %q", l.Name, l.SignedBy)
		}
		if env.Signers[1].OnBehalf() || env.Signers[1].SignedBy != "Tom Tenant" {
			t.Errorf("a tenant signing as themselves: %+v", env.Signers[1])
		}
		events, _ := e.App.Signing.Events(context.Background(), env.Ref)
		found := false
		for _, ev := range events {
			found = found || ev.Event == signing.EventSigned && strings.HasPrefix(ev.Detail, "Lara Landlord, signing on behalf of landlord Lena Lord, typed their name")
		}
		if !found {
			t.Errorf("no audit event says who signed for the landlord: %v", events)
		}
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range []string{"Signed by Lara Landlord", "on behalf of the landlord, Lena Lord"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the PDF lacks %q", want)
			}
		}
		// The weekly tenancy's rent book is in the signed PDF.
		for _, want := range []string{"Rent book: rent record", "Received by (signature)", "8 December 2026"} {
			if !strings.Contains(flat, want) {
				t.Errorf("the PDF lacks %q", want)
			}
		}
	})
}

// What no generated text may show (issue 25, "What the documents say"):
// a file path, a UUID-like id, a raw status code or an HTTP code. Links
// are taken out first (a link may carry an id); the signed document's
// public reference (OR-7K3F-9QX2) is printed for verification: the
// internal id (a UUID) is caught as an id.
var forbidden = []struct {
	what string
	re   *regexp.Regexp
}{
	{"a file path", regexp.MustCompile(`\.\./|\./[A-Za-z]|\b[\w-]+\.(md|go|yaml|yml|sql|tsx?|json)\b|(^|\s)/?[a-z][a-z0-9_-]*/[a-z0-9_-]+/[a-z0-9_./-]+`)},
	{"an id", regexp.MustCompile(`(?i)\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`)},
	{"a status code", regexp.MustCompile(`\b(ATS|ADS|COMPLETED|PENDING|Draft\b.*\bATS)\b|\b[a-z]+_[a-z_]+\b`)},
	{"an HTTP code", regexp.MustCompile(`(?i)\b(HTTP|status|error)\s*[1-5]\d\d\b|(^|[^£\d.,])(400|401|403|404|409|422|429|500|502|503)([^\d.,]|$)`)},
}

var links = regexp.MustCompile(`https?://\S+`)

func checkText(t *testing.T, where, text string, allowed ...string) {
	t.Helper()
	text = links.ReplaceAllString(text, "<link>")
	for _, a := range allowed {
		text = strings.ReplaceAll(text, a, "<reference>")
	}
	for _, f := range forbidden {
		if m := f.re.FindString(text); m != "" {
			t.Errorf("%s shows %s: %q", where, f.what, m)
		}
	}
}

// TestGeneratedTextsShowNoPathsIdsOrCodes reads the text of every generated
// PDF (the signed agreement, an inventory report, a reference report) and
// every e-mail of a full agreement journey (codes, receipt, invitations,
// completion, the link sent again). Before the fix it failed on the
// agreement's "Summary in ../shared/LAW.md.", the receipt's order id and
// the audit trail's "Contract fee paid (order <id>)".
func TestGeneratedTextsShowNoPathsIdsOrCodes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		id, text := signedAgreement(t, e)
		env, err := e.App.Signing.Envelope(ctx, signing.Ref{Kind: contract.Kind, ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, env.PublicRef) {
			t.Errorf("the signed agreement lacks its reference %q", env.PublicRef)
		}
		checkText(t, "the signed agreement", text)
		mails := 0
		for _, addr := range []string{"lord@example.com", "tom@example.com", "tess@example.com"} {
			msgs, err := e.App.Mail.Outbox(ctx, addr, 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range msgs {
				mails++
				checkText(t, "the e-mail "+m.Subject, m.Subject+"\n"+m.Text)
			}
		}
		if mails < 8 {
			t.Errorf("only %d e-mails in the journey", mails)
		}

		// The reference report.
		now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		code := openbanking.SandboxCode{Persona: "salaried", Holder: "Rita Renter"}.Encode()
		accounts, err := openbanking.Sandbox{}.Accounts(ctx, code, now)
		if err != nil {
			t.Fatal(err)
		}
		report := affordability.Analyse(affordability.Input{Now: now, RenterName: "Rita Renter", DateOfBirth: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC),
			DeclaredMonthlyPence: 300000, RentSharePence: 92500, Accounts: accounts}, affordability.DefaultRules)
		ref, err := refcheck.ReportPDF(refcheck.LandlordReport{Name: "Rita Renter", Email: "rita@example.com", RentPence: 185000, ReadyAt: now,
			Property: refcheck.Place{FirstLine: "12 Lavender Hill", Town: "London", Postcode: "SW11 5RW"}, Report: report})
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, "the reference report", pdftest.Text(t, ref))

		// An inventory report.
		c := e.SignedIn("clerk@example.com", "Secret#123", "Landlord")
		pid := propertyAt(t, c, "12 Lavender Hill", "London", "SW11 5RW")
		r := c.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn, "location": map[string]any{"lat": 51.46, "lng": -0.17, "accuracy": 20}})
		if r.Status != http.StatusCreated {
			t.Fatalf("inventory report: %d %s", r.Status, r.Raw)
		}
		u, err := e.App.Auth.UserByEmail(ctx, "clerk@example.com")
		if err != nil {
			t.Fatal(err)
		}
		rec, err := e.App.Inventory.Get(ctx, u.Actor(), r.Body["report"].(map[string]any)["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		inv, err := e.App.Inventory.RenderPDF(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, "the inventory report", pdftest.Text(t, inv))
	})
}
