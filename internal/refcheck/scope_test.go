package refcheck_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// The invitation names who asks and for which home, says what will be
// asked and why, and how to tell the message is genuine. Before, it named
// neither the landlord nor the property and asked the renter to connect
// their bank account: it read like phishing.
func TestInvitationSaysWhoAsksForWhatAndHowToCheckIt(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com")
		r := c.Post("/api/reference-checks", form(pid, renter("Ann Renter", "ann@example.com")))
		if r.Status != http.StatusCreated {
			t.Fatalf("purchase: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/orders/"+r.Body["order"].(map[string]any)["id"].(string)+"/sandbox-payment", goodCard); r.Status != 200 {
			t.Fatalf("pay: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		msgs, _ := e.App.Mail.Outbox(context.Background(), "ann@example.com", 1)
		if len(msgs) != 1 {
			t.Fatal("no invitation")
		}
		m := msgs[0]
		site := e.App.Config.BaseURL
		if u, err := url.Parse(site); err == nil && u.Host != "" {
			site = u.Host
		}
		t.Logf("subject: %s\n%s", m.Subject, m.Text)
		if !strings.Contains(m.Subject, "Test Person") || !strings.Contains(m.Subject, "12 Lavender Hill, London, SW11 5RW") {
			t.Errorf("subject names neither landlord nor home: %q", m.Subject)
		}
		for _, want := range []string{
			"Test Person (lord@example.com) has asked OmniRent for a reference check as part of your application to rent 12 Lavender Hill, London, SW11 5RW.",
			"date of birth", "Right to Rent documents", "connect your bank account through open banking",
			"Why: open banking lets your income and outgoings be worked out", "never your bank statements",
			"OmniRent never asks for your bank password or card details",
			"Is this message genuine?", "type " + site + " into your browser yourself", "ask Test Person whether they asked for this check",
		} {
			if !strings.Contains(strings.Join(strings.Fields(m.Text), " "), want) {
				t.Errorf("the invitation does not say %q", want)
			}
		}
	})
}

// The report PDF says what was checked and how, that it is no identity or
// Right to Rent check, and that the landlord must do the Right to Rent
// check themselves, with the Home Office guidance.
func TestReportPDFSaysWhatWasCheckedAndWhatIsLeftToDo(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	accounts, err := openbanking.Sandbox{}.Accounts(context.Background(), openbanking.SandboxCode{Persona: "salaried", Holder: "Sam Renter"}.Encode(), now)
	if err != nil {
		t.Fatal(err)
	}
	report := affordability.Analyse(affordability.Input{Now: now, RenterName: "Sam Renter", DateOfBirth: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC),
		DeclaredMonthlyPence: 300000, RentSharePence: 92500, Accounts: accounts,
		Declaration: affordability.Declaration{RightToRentDocuments: true}}, affordability.DefaultRules)
	pdf, err := refcheck.ReportPDF(refcheck.LandlordReport{Name: "Sam Renter", Email: "sam@example.com", RentPence: 185000, ReadyAt: now,
		Property: refcheck.Place{FirstLine: "12 Lavender Hill", Town: "London", Postcode: "SW11 5RW"}, Report: report})
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdftest.Text(t, pdf)), " ")
	for _, want := range []string{refcheck.ScopeTitle, "open banking with the renter's consent", "This is not an identity check",
		"Right to Rent: not checked", "You must still check the right to rent of every adult", "landlords-guide-to-right-to-rent-checks"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report PDF does not say %q:\n%s", want, text)
		}
	}
	for _, never := range []string{"Identity verification", "Documents confirmed", "ependent"} {
		if strings.Contains(text, never) {
			t.Errorf("the report PDF says %q", never)
		}
	}
}

// Whether the renter has children or other dependents is not asked, not
// kept and not part of the rating: refusing a tenant because they have
// children is unlawful. An old form's answer is ignored.
func TestDependentsAreNeitherAskedNorRated(t *testing.T) {
	b, _ := json.Marshal(affordability.Declaration{})
	if strings.Contains(strings.ToLower(string(b)), "dependent") {
		t.Fatalf("the declaration still holds dependents: %s", b)
	}
	var in refcheck.DeclarationInput
	if err := json.Unmarshal([]byte(`{"noDependents": true}`), &in); err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(in); strings.Contains(strings.ToLower(string(b)), "dependent") {
		t.Fatalf("the renter form still takes dependents: %s", b)
	}
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	accounts, _ := openbanking.Sandbox{}.Accounts(context.Background(), openbanking.SandboxCode{Persona: "salaried", Holder: "Sam Renter"}.Encode(), now)
	rep := affordability.Analyse(affordability.Input{Now: now, RenterName: "Sam Renter", DateOfBirth: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC),
		DeclaredMonthlyPence: 300000, RentSharePence: 92500, Accounts: accounts}, affordability.DefaultRules)
	for _, r := range rep.Reasons {
		if strings.Contains(strings.ToLower(r.Text), "dependent") {
			t.Errorf("a reason names dependents: %q", r.Text)
		}
	}
}

// Issue 46: Right to Rent checks apply in England only. The report of a
// check for a property in Scotland, Wales or Northern Ireland says so and
// does not tell the landlord to make one; a border district keeps
// England's words.
func TestReportScopeFollowsTheNation(t *testing.T) {
	for pc, want := range map[string]string{
		"EH1 2NG":  "This property is in Scotland, so the law there does not require one",
		"CF10 1EP": "This property is in Wales, so the law there does not require one",
		"BT1 5GS":  "This property is in Northern Ireland, so the law there does not require one",
		"SW11 5RW": "You must still check the right to rent of every adult",
		"TD15 1AA": "You must still check the right to rent of every adult",
	} {
		got := strings.Join(refcheck.ScopeFor(pc), " ")
		if !strings.Contains(got, want) {
			t.Errorf("%s: %s", pc, got)
		}
		if strings.Contains(want, "does not require") && strings.Contains(got, "You must still check") {
			t.Errorf("%s: still asks for a Right to Rent check", pc)
		}
	}
}
