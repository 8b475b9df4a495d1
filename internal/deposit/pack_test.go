package deposit_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/deposit"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/signing"
)

// downloadPack fetches the evidence pack as c.
func downloadPack(t testing.TB, c *apptest.Client, tenancyID string) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, c.URL("/api/deposits/tenancies/"+tenancyID+"/evidence-pack"), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, b, res.Header
}

// disputedTwo is the household after the real signed check-out (the oven
// and the kitchen), with three deductions: the oven's cleaning (Tom
// disputes it), the oven's damage apportioned by its age (Tess disputes
// it), the kitchen's redecoration (both agree).
func disputedTwo(t *testing.T, e *apptest.Env) (apptest.Household, []string) {
	t.Helper()
	h := e.NewHousehold(nil)
	received(t, h, "2026-10-20")
	if r := protect(h.Lord, h.TenancyID, valid()); r.Status != http.StatusOK {
		t.Fatalf("protect: %d %s", r.Status, r.Raw)
	}
	e.SignedCheckOut(h)
	clean := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 9000, "note": "Grease baked on the oven door."})
	damage := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "damage", "costPence": 40000, "itemType": "appliance", "ageMonths": 48})
	paint := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/", "reason": "redecoration", "costPence": 6000, "itemType": "paintwork", "ageMonths": 12})
	if r := h.Lord.Upload("/api/deposits/lines/"+clean["id"].(string)+"/quote", "cleaner-invoice.png", "image/png", pngFile()); r.Status != http.StatusCreated {
		t.Fatalf("quote: %d %s", r.Status, r.Raw)
	}
	for _, x := range []struct {
		c        *apptest.Client
		line     map[string]any
		ans, why string
	}{
		{h.Tom, clean, "dispute", "We had the oven cleaned professionally on moving out."}, {h.Tess, clean, "agree", ""},
		{h.Tom, damage, "agree", ""}, {h.Tess, damage, "dispute", "The door hinge was loose when we moved in."},
		{h.Tom, paint, "agree", ""}, {h.Tess, paint, "agree", ""},
	} {
		if r := answer(x.c, x.line["id"].(string), x.line["revision"], x.ans, x.why); r.Status != http.StatusOK {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
	}
	return h, []string{clean["id"].(string), damage["id"].(string), paint["id"].(string)}
}

var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// The pack of a tenancy with two disputed deductions: one PDF opening
// with its index, then the sealed agreement's and both reports' own pages,
// the comparison, each disputed line with its arithmetic and each
// tenant's answer and comment, the quote, "no rent statement", the
// messages in time order; UK dates, no internal id, path or status code.
// It is sealed: /verify answers genuine; the same state is the same file
// for the landlord and each tenant; a changed answer makes a new pack and
// the old one still verifies.
func TestEvidencePack(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h, ids := disputedTwo(t, e)
		st, b, hdr := downloadPack(t, h.Lord, h.TenancyID)
		if st != http.StatusOK || hdr.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(b, []byte("%PDF-")) ||
			!strings.Contains(hdr.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download: %d %s %s", st, hdr.Get("Content-Type"), b[:min(200, len(b))])
		}
		if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "deposit-evidence-pack.pdf"), b, 0o600) // to look at: pdftoppm -png -r 60
		}
		raw := pdftest.Text(t, b)
		text := strings.Join(strings.Fields(raw), " ")
		// Page 1: the index, each section with its page.
		first := strings.Join(strings.Fields(strings.Split(raw, "\f")[0]), " ")
		for _, want := range []string{"Deposit evidence pack", "12 Park Row", "Tom Tenant, Tess Tenant", "£1,200.00", "Contents",
			"Summary of the deductions page 2", "The tenancy agreement (sealed) page 3", "The check-in inventory report page", "The check-out inventory report page",
			"The check-out comparison page", "The disputed deductions page", "Disputed deduction 1: Kitchen: Oven (cleaning) page", "Disputed deduction 2: Kitchen: Oven (damage) page",
			"Quotes and invoices page", "Rent statement page", "Messages exchanged page", "Checking this pack page", "free dispute service", "/verify"} {
			if !strings.Contains(first, want) {
				t.Errorf("page 1 does not say %q:\n%s", want, first)
			}
		}
		for _, want := range []string{
			// the agreement's own pages, imported
			"Assured Periodic Tenancy", "Lara Lord",
			// both reports' own pages
			"Check-in Report", "Check-out Report", "Belling",
			// the comparison
			"Worse at check-out", "Condition: Damaged. Cleanliness: Very poor",
			// the disputed lines, with their evidence and arithmetic
			"Grease baked on the oven door.", "The whole cost is charged: £90.00.", "£400.00 × 72 / 120 = £240.00 charged",
			"Tom Tenant: Disputes", "We had the oven cleaned professionally on moving out.", "Tess Tenant: Agrees",
			"Tess Tenant: Disputes", "The door hinge was loose when we moved in.",
			// the quote, the rent statement, the messages
			"cleaner-invoice.png", "No rent statement", "Landlord Proposed a deduction for Kitchen: Oven (cleaning): £90.00 charged.",
			"Checking this pack", "(UK time)",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("the pack does not say %q", want)
			}
		}
		// The agreed redecoration is in the summary, not among the disputed.
		if strings.Contains(text, "Disputed deduction 3") || !strings.Contains(text, "Redecoration") {
			t.Errorf("the agreed line: %v", strings.Contains(text, "Redecoration"))
		}
		for _, never := range append([]string{h.TenancyID, "/api/", "inside/Kitchen", "deposits/", "sealed/", " 404", " 409", "disputed\""}, ids...) {
			if strings.Contains(text, never) {
				t.Errorf("the pack shows %q", never)
			}
		}
		// The pages the pack draws (the imported documents keep their own
		// audit pages as sealed): page 1, the summary, and from the comparison on.
		pages := strings.Split(raw, "\f")
		from := regexp.MustCompile(`The check-out comparison\s+page (\d+)`).FindStringSubmatch(first)
		if from == nil {
			t.Fatal("no comparison in the index")
		}
		n, _ := strconv.Atoi(from[1])
		for i, p := range pages {
			if i < 2 || i >= n-1 {
				if m := uuidRE.FindString(p); m != "" {
					t.Errorf("page %d shows an internal id: %s", i+1, m)
				}
			}
		}
		// Messages in time order: Tom's comment before Tess's.
		if i, j := strings.Index(text, "(tenant) Disputes with the deduction for Kitchen: Oven (cleaning). “We had"), strings.Index(text, "(tenant) Disputes with the deduction for Kitchen: Oven (damage). “The door"); i < 0 || j < i {
			t.Errorf("messages out of order: %d %d", i, j)
		}

		ref := regexp.MustCompile(`OR-[0-9A-Z]{4}-[0-9A-Z]{4}`).FindString(first)
		v := h.Tom.Upload("/api/verify", "pack.pdf", "application/pdf", b)
		if v.Status != http.StatusOK || v.Body["genuine"] != true || v.Body["sealed"] != true || v.Body["documentId"] != ref || v.Body["message"] != signing.MsgSealedGenuine {
			t.Fatalf("verify: %d %s", v.Status, v.Raw)
		}
		if v := e.NewClient().Get("/api/verify?documentId=" + url.QueryEscape(ref) + "&hash=" + v.Body["documentHash"].(string)); v.Body["genuine"] != true {
			t.Fatalf("verify by reference: %s", v.Raw)
		}

		// The same state: the same sealed file, for each party.
		for _, c := range []*apptest.Client{h.Lord, h.Tom, h.Tess} {
			if st, again, _ := downloadPack(t, c, h.TenancyID); st != http.StatusOK || !bytes.Equal(again, b) {
				t.Fatalf("the same state gave another pack (%d)", st)
			}
		}
		// A changed answer: a new pack under a new reference, with the new comment; the old one still verifies.
		if r := answer(h.Tom, ids[0], 1, "dispute", "The cleaner's receipt is dated the day we left."); r.Status != http.StatusOK {
			t.Fatalf("answer again: %d %s", r.Status, r.Raw)
		}
		_, newer, _ := downloadPack(t, h.Tess, h.TenancyID)
		newText := pdftest.Text(t, newer)
		newRef := regexp.MustCompile(`OR-[0-9A-Z]{4}-[0-9A-Z]{4}`).FindString(newText)
		if bytes.Equal(newer, b) || newRef == ref || newRef == "" || !strings.Contains(strings.Join(strings.Fields(newText), " "), "The cleaner's receipt is dated the day we left.") {
			t.Fatalf("a changed answer: ref %s -> %s", ref, newRef)
		}
		if v := h.Lord.Upload("/api/verify", "pack.pdf", "application/pdf", b); v.Body["genuine"] != true {
			t.Fatalf("the first pack no longer verifies: %s", v.Raw)
		}
		// A changed quote too.
		if r := h.Lord.Upload("/api/deposits/lines/"+ids[0]+"/quote", "invoice.pdf", "application/pdf", pdfFile); r.Status != http.StatusCreated {
			t.Fatalf("quote: %d %s", r.Status, r.Raw)
		}
		if _, third, _ := downloadPack(t, h.Tom, h.TenancyID); bytes.Equal(third, newer) {
			t.Fatal("a changed quote gave the same pack")
		}
	})
}

// With nothing disputed there is nothing for the scheme to decide: the
// pack is refused with a plain message, before and after every tenant agrees.
func TestEvidencePackOnlyWhenDisputed(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		for _, c := range []*apptest.Client{h.Lord, h.Tom} {
			if r := c.Get("/api/deposits/tenancies/" + h.TenancyID + "/evidence-pack"); r.Status != http.StatusConflict || r.ErrorCode() != "nothing_disputed" ||
				r.ErrorMessage() != deposit.MsgNothingDisputed {
				t.Fatalf("no deductions: %d %s", r.Status, r.Raw)
			}
		}
		line := addLine(t, h, carpet)
		for _, c := range []*apptest.Client{h.Tom, h.Tess} {
			if r := answer(c, line["id"].(string), 1, "agree", ""); r.Status != http.StatusOK {
				t.Fatalf("agree: %d %s", r.Status, r.Raw)
			}
		}
		if r := h.Tess.Get("/api/deposits/tenancies/" + h.TenancyID + "/evidence-pack"); r.Status != http.StatusConflict ||
			!strings.Contains(r.ErrorMessage(), "made only when at least one deduction is disputed") {
			t.Fatalf("all agreed: %d %s", r.Status, r.Raw)
		}
	})
}

// Who may download the pack: the owner and each joint tenant; another
// tenant, another landlord and admins are told the tenancy does not
// exist, a stranger to sign in.
func TestEvidencePackPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		line := addLine(t, h, carpet)
		if r := answer(h.Tom, line["id"].(string), 1, "dispute", "The carpet was worn when we moved in."); r.Status != http.StatusOK {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		apptest.CheckPermissions(t, e.Cast(t, h), []apptest.Endpoint{{Name: "GET evidence pack",
			Do: func(c *apptest.Client) apptest.Response {
				return c.Get("/api/deposits/tenancies/" + h.TenancyID + "/evidence-pack")
			},
			Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
		}, func(_ apptest.Endpoint, a apptest.Actor, r apptest.Response) {
			if r.Status == http.StatusOK && !strings.HasPrefix(r.Raw, "%PDF-") {
				t.Errorf("%s: not a PDF", a.Name)
			}
		})
	})
}

type rentStatement struct{ st *deposit.Statement }

func (r rentStatement) RentStatement(context.Context, string, string, string) (deposit.Statement, error) {
	return *r.st, nil
}

// The wallet's rent statement (the one rent arrears are read from) is drawn with its
// running balance and the arrears; a tenant's dispute photos are drawn
// under their answer with the time the phone took them, and counted in the
// messages; a changed statement, or another photo, makes a new pack.
func TestEvidencePackRentStatementAndDisputePhotos(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		line := addLine(t, h, carpet)
		if r := answer(h.Tom, line["id"].(string), 1, "dispute", "Worn already."); r.Status != http.StatusOK {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		mustAddPhoto(t, h.Tom, line["id"].(string), phoneJPEG(t))
		mustAddPhoto(t, h.Tom, line["id"].(string), phoneJPEG(t))
		e.RunJobs()
		st := &deposit.Statement{Lines: []deposit.StatementLine{
			{DueDate: "2026-11-01", AmountPence: 120000, PaidPence: 120000},
			{DueDate: "2026-12-01", AmountPence: 120000, PaidPence: 100000, OutstandingPence: 20000},
		}, OwedPence: 20000}
		e.App.Deposits.UseRentStatements(rentStatement{st})
		_, b, _ := downloadPack(t, h.Lord, h.TenancyID)
		if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "deposit-evidence-pack-dispute-photos.pdf"), b, 0o600) // to look at
		}
		text := strings.Join(strings.Fields(pdftest.Text(t, b)), " ")
		for _, want := range []string{"Sun 1 Nov 2026 Rent due £1,200.00 £1,200.00 £0.00", "Tue 1 Dec 2026 Rent due £1,200.00 £1,000.00 £200.00",
			"Rent arrears £200.00", "Tom Tenant sent 2 photos with this dispute:", "Tom Tenant's photo 1 of 2", "Tom Tenant's photo 2 of 2",
			"Taken Fri 30 Oct 2026, 14:05 (UK time)", "Disputes with the deduction for Lounge: Carpet (damage). “Worn already.” With 2 photos."} {
			if !strings.Contains(text, want) {
				t.Errorf("the pack does not say %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, "No rent statement") {
			t.Error("no rent statement, with one")
		}
		st.Lines[1].PaidPence, st.Lines[1].OutstandingPence, st.OwedPence = 120000, 0, 0
		_, again, _ := downloadPack(t, h.Lord, h.TenancyID)
		if bytes.Equal(again, b) {
			t.Fatal("a changed rent statement gave the same pack")
		}
		mustAddPhoto(t, h.Tom, line["id"].(string), phoneJPEG(t))
		if _, third, _ := downloadPack(t, h.Lord, h.TenancyID); bytes.Equal(third, again) || !strings.Contains(pdftest.Text(t, third), "photo 3 of 3") {
			t.Fatal("another dispute photo gave the same pack")
		}
	})
}
