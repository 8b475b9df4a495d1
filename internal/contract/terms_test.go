package contract_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

const (
	catTerm = "The tenant may keep one cat."
	// entryTerm is flagged by a rule that needs judgement (entry: lawful in
	// an emergency), so the landlord may acknowledge and keep it.
	entryTerm = "The landlord may enter the property at any time."
	rentTerm  = "The rent will be reviewed every six months."
)

func richText(lines ...string) map[string]any {
	return map[string]any{"ops": []any{map[string]any{"insert": strings.Join(lines, "\n") + "\n"}}}
}

func withTerms(lines ...string) map[string]any {
	return with(answers(), "additionalTerms", map[string]any{"answer": "yes", "text": richText(lines...)})
}

// termFlags are the flagged terms the document endpoint answers.
func termFlags(t testing.TB, c *apptest.Client, id string) []map[string]any {
	t.Helper()
	r := c.Get("/api/contracts/" + id + "/document")
	if r.Status != http.StatusOK {
		t.Fatalf("document: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	for _, f := range r.Body["termFlags"].([]any) {
		out = append(out, f.(map[string]any))
	}
	return out
}

func acknowledge(c *apptest.Client, id, term string, yes bool) apptest.Response {
	return c.Do(http.MethodPut, "/api/contracts/"+id+"/term-acknowledgements", map[string]any{"term": term, "acknowledged": yes})
}

func flagRules(f map[string]any) []string {
	var out []string
	for _, x := range f["findings"].([]any) {
		out = append(out, x.(map[string]any)["rule"].(string))
	}
	return out
}

// Flagged terms: checked as typed, shown with the document, and Sign and
// Send (the code, the fee and the signature) is refused by the server until
// each is acknowledged; an acknowledgement holds for the exact text only.
// The tenant sees the flags of the signed text.
func TestFlaggedTermsNeedAcknowledgement(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)

		// As typed: the endpoint the wizard calls.
		r := owner.Post("/api/contracts/"+id+"/term-check", map[string]any{"text": catTerm + "\n" + entryTerm + "\nNo children may live at the property.\n" + rentTerm})
		if r.Status != http.StatusOK {
			t.Fatalf("term-check: %d %s", r.Status, r.Raw)
		}
		asTyped := r.Body["termFlags"].([]any)
		if len(asTyped) != 3 || asTyped[0].(map[string]any)["term"] != entryTerm || asTyped[0].(map[string]any)["mustChange"] != false ||
			asTyped[1].(map[string]any)["mustChange"] != true || asTyped[2].(map[string]any)["mustChange"] != false {
			t.Fatalf("term-check flags: %s", r.Raw)
		}
		other, _ := landlordWithProperty(t, e, "other@example.com")
		if r := other.Post("/api/contracts/"+id+"/term-check", map[string]any{"text": entryTerm}); r.Status != http.StatusNotFound {
			t.Errorf("another landlord checks terms of this draft: %d", r.Status)
		}

		finish(t, owner, id, withTerms(catTerm, entryTerm, rentTerm))
		flags := termFlags(t, owner, id)
		if len(flags) != 2 || flags[0]["term"] != entryTerm || flags[1]["term"] != rentTerm || flags[0]["acknowledged"] != false {
			t.Fatalf("flags: %v", flags)
		}
		if rules := flagRules(flags[0]); len(rules) != 1 || rules[0] != "entry" || flags[0]["mustChange"] != false {
			t.Errorf("entry term: %v", flags[0])
		}
		finding := flags[1]["findings"].([]any)[0].(map[string]any)
		if finding["rule"] != "rent-review" || !strings.Contains(finding["why"].(string), "section 13") || !strings.HasPrefix(finding["source"].(string), "https://www.legislation.gov.uk/") {
			t.Errorf("rent finding: %v", finding)
		}

		// Nothing of signing starts before every flag is acknowledged.
		if r := owner.Post("/api/contracts/"+id+"/signing/code", nil); r.Status != http.StatusConflict || r.ErrorCode() != "terms_not_acknowledged" ||
			!strings.Contains(r.Raw, "enter the property") {
			t.Fatalf("code with flags open: %d %s", r.Status, r.Raw)
		}
		if r := acknowledge(owner, id, catTerm, true); r.Status != http.StatusConflict || r.ErrorCode() != "term_not_flagged" {
			t.Errorf("acknowledging a term that is not flagged: %d %s", r.Status, r.Raw)
		}
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		for _, who := range []*apptest.Client{other, tom} {
			if r := acknowledge(who, id, entryTerm, true); r.Status != http.StatusNotFound {
				t.Errorf("someone else acknowledges: %d %s", r.Status, r.Raw)
			}
		}
		if r := acknowledge(owner, id, entryTerm, true); r.Status != http.StatusOK {
			t.Fatalf("acknowledge: %d %s", r.Status, r.Raw)
		}
		if r := owner.Post("/api/contracts/"+id+"/signing/code", nil); r.ErrorCode() != "terms_not_acknowledged" || strings.Contains(r.Raw, "enter the property") {
			t.Fatalf("code with one flag open: %d %s", r.Status, r.Raw)
		}
		if r := acknowledge(owner, id, rentTerm, true); r.Status != http.StatusOK {
			t.Fatalf("acknowledge: %d %s", r.Status, r.Raw)
		}
		if f := termFlags(t, owner, id); f[0]["acknowledged"] != true || f[1]["acknowledged"] != true {
			t.Fatalf("after acknowledging: %v", f)
		}

		// Editing a term in the preview clears its acknowledgement.
		edited := "The landlord may enter the property whenever he likes."
		if r := owner.Do(http.MethodPut, "/api/contracts/"+id+"/sections/additional", map[string]any{"text": richText(catTerm, edited, rentTerm)}); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		f := termFlags(t, owner, id)
		if len(f) != 2 || f[0]["term"] != edited || f[0]["acknowledged"] != false || f[1]["acknowledged"] != true {
			t.Fatalf("after editing: %v", f)
		}
		if r := owner.Post("/api/contracts/"+id+"/signing/code", nil); r.ErrorCode() != "terms_not_acknowledged" {
			t.Fatalf("code after editing an acknowledged term: %d %s", r.Status, r.Raw)
		}
		// A term added in another section is checked too.
		if r := owner.Do(http.MethodPut, "/api/contracts/"+id+"/sections/"+firstSection(t, owner, id), map[string]any{"text": richText("Pets are not allowed at the property.")}); r.Status != http.StatusOK {
			t.Fatalf("edit section: %d %s", r.Status, r.Raw)
		}
		if f := termFlags(t, owner, id); len(f) != 3 || f[0]["term"] != "Pets are not allowed at the property." {
			t.Fatalf("a term written in another section: %v", f)
		}
		for _, term := range []string{edited, "Pets are not allowed at the property."} {
			if r := acknowledge(owner, id, term, true); r.Status != http.StatusOK {
				t.Fatalf("acknowledge: %d %s", r.Status, r.Raw)
			}
		}

		// The server checks again at the signature itself.
		verify(t, e, owner, "lord@example.com", id)
		pay(t, owner, id)
		if r := acknowledge(owner, id, rentTerm, false); r.Status != http.StatusOK {
			t.Fatalf("withdraw: %d %s", r.Status, r.Raw)
		}
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusConflict || r.ErrorCode() != "terms_not_acknowledged" {
			t.Fatalf("sign with a flag open: %d %s", r.Status, r.Raw)
		}
		acknowledge(owner, id, rentTerm, true)
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusOK {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
		if r := acknowledge(owner, id, rentTerm, false); r.Status != http.StatusConflict {
			t.Errorf("withdraw after signing: %d %s", r.Status, r.Raw)
		}

		// The tenant reads the flags of the signed text.
		tf := termFlags(t, tom, id)
		if len(tf) != 3 || tf[1]["term"] != edited || tf[1]["findings"].([]any)[0].(map[string]any)["why"] == "" {
			t.Fatalf("tenant's flags: %v", tf)
		}
	})
}

func firstSection(t testing.TB, c *apptest.Client, id string) string {
	t.Helper()
	doc := c.Get("/api/contracts/" + id + "/document").Body["document"].(map[string]any)
	return doc["sections"].([]any)[0].(map[string]any)["id"].(string)
}

// Withdrawing an acknowledgement and Sign and Send at the same instant:
// never both. The acknowledgement is changed with the draft's row locked
// and the signature reads the acknowledgements after locking the row.
// Before the check moved into the signing transaction both succeeded in
// the second round on both databases (measured 2026-11-26).
func TestWithdrawAcknowledgementRacesSigning(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		var both, signed int32
		racetest.Rounds(t, 20, func(t *testing.T, _ int) {
			id := newDraft(t, owner, pid)["id"].(string)
			finish(t, owner, id, withTerms(entryTerm))
			if r := acknowledge(owner, id, entryTerm, true); r.Status != http.StatusOK {
				t.Fatalf("acknowledge: %d %s", r.Status, r.Raw)
			}
			verify(t, e, owner, "lord@example.com", id)
			pay(t, owner, id)
			out := racetest.Together(2, func(i int) int {
				if i == 0 {
					return owner.Sign("/api/contracts/"+id, typed("Lara Lord")).Status
				}
				return acknowledge(owner, id, entryTerm, false).Status
			})
			if out[0] == http.StatusOK {
				atomic.AddInt32(&signed, 1)
			}
			if out[0] == http.StatusOK && out[1] == http.StatusOK {
				atomic.AddInt32(&both, 1)
				t.Errorf("signed with a term whose acknowledgement was withdrawn at the same time: %v", out)
			}
		})
		t.Logf("signed first in %d rounds; both succeeded in %d", signed, both)
	})
}

// Issue 25: the signed PDF prints, under each flagged term, the note the
// tenant's signing screen shows ("Flagged as probably unenforceable:
// <title>." with the why and the statute), and its audit trail records who
// acknowledged which term and when. Before, the PDF printed the terms
// without a word and the acknowledgements were nowhere in it.
func TestSignedPDFShowsFlagsAndAcknowledgements(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		a := withTerms(catTerm, entryTerm, rentTerm)
		a["guarantor"] = map[string]any{"answer": "no"}
		a["tenants"] = []any{map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"}}
		id := newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, a)
		e.Clock.Advance(90 * time.Minute)
		for _, term := range []string{entryTerm, rentTerm} {
			if r := acknowledge(owner, id, term, true); r.Status != http.StatusOK {
				t.Fatalf("acknowledge: %d %s", r.Status, r.Raw)
			}
		}
		titles := map[string]string{}
		for _, f := range termFlags(t, owner, id) {
			titles[f["term"].(string)] = f["findings"].([]any)[0].(map[string]any)["title"].(string)
		}
		pay(t, owner, id)
		verify(t, e, owner, "lord@example.com", id)
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusOK {
			t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
		}
		verify(t, e, tom, "tom@example.com", id)
		if r := tom.Sign("/api/contracts/"+id, typed("Tom Tenant")); r.Status != http.StatusOK || r.Body["completed"] != true {
			t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		dl := tom.Get("/api/contracts/" + id + "/pdf")
		if dl.Status != http.StatusOK {
			t.Fatalf("download: %d", dl.Status)
		}
		if out := os.Getenv("OMNIRENT_TEST_OUT"); out != "" {
			_ = os.WriteFile(filepath.Join(out, "flagged-agreement.pdf"), []byte(dl.Raw), 0o600) // to look at
		}
		text := pdftest.Text(t, []byte(dl.Raw))
		flat := strings.Join(strings.Fields(text), " ")
		// Each flagged term, then its note, before the next term.
		cat, entry, rent := strings.Index(flat, catTerm), strings.Index(flat, entryTerm), strings.Index(flat, rentTerm)
		if cat < 0 || entry < cat || rent < entry {
			t.Fatalf("the terms in the PDF at %d, %d, %d", cat, entry, rent)
		}
		for term, title := range titles {
			note := "Flagged as probably unenforceable: " + title + "."
			at, next := strings.Index(flat, term), len(flat)
			if term == entryTerm {
				next = rent
			}
			if n := strings.Index(flat[at:], note); n < 0 || at+n > next {
				t.Errorf("no note %q under %q", note, term)
			}
		}
		if n := strings.Count(flat, "Flagged as probably unenforceable: "); n != 2 {
			t.Errorf("%d flag notes, want 2 (the cat term is lawful)", n)
		}
		// The audit trail: who acknowledged which term, when.
		audit := text[strings.Index(text, "Audit trail"):]
		ack := audit[strings.Index(audit, "Flagged terms acknowledged by the landlord"):]
		if !strings.Contains(audit, "Flagged terms acknowledged by the landlord") {
			t.Fatalf("no acknowledgements on the audit page:\n%s", audit)
		}
		// (The table's columns wrap: a finding's title is read in the notes above.)
		for _, s := range []string{entryTerm, rentTerm, "Test Person", "(lord@example.com)", "2 Nov 2026 10:30:00"} {
			if !strings.Contains(ack, s) {
				t.Errorf("the acknowledgements lack %q:\n%s", s, ack)
			}
		}
		if strings.Contains(ack, catTerm) {
			t.Errorf("a term that is not flagged is listed as acknowledged")
		}
	})
}

// editSection replaces the landlord's text of a section.
func editSection(c *apptest.Client, id, section string, lines ...string) apptest.Response {
	return c.Do(http.MethodPut, "/api/contracts/"+id+"/sections/"+section, map[string]any{"text": richText(lines...)})
}

// acknowledgeAcross acknowledges term while, at the instant between its
// first read of the draft and its transaction, during runs (once): what a
// request arriving together with it does there.
func acknowledgeAcross(e *apptest.Env, owner *apptest.Client, id, term string, during func()) apptest.Response {
	var ran atomic.Bool
	e.App.Contracts.BeforeAcknowledgeLock(func() {
		if ran.CompareAndSwap(false, true) {
			during()
		}
	})
	defer e.App.Contracts.BeforeAcknowledgeLock(nil)
	return acknowledge(owner, id, term, true)
}

// An acknowledgement is decided on the text of the draft under its row
// lock, not on the text read before: an edit that lands between the two
// neither lets a term it removed be acknowledged nor loses the
// acknowledgement of a term it added. Before the fix (the flags were read
// before the transaction and used in it) the first case answered 200 and
// stored an acknowledgement of a term no longer in the agreement, and the
// second pruned the new term's acknowledgement although its request had
// answered 200.
func TestAcknowledgeTermAcrossAnEdit(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")

		// The edit removes the term being acknowledged.
		id := newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, withTerms(entryTerm, rentTerm))
		var edit apptest.Response
		r := acknowledgeAcross(e, owner, id, entryTerm, func() { edit = editSection(owner, id, "additional", catTerm, rentTerm) })
		if edit.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", edit.Status, edit.Raw)
		}
		if r.Status != http.StatusConflict || r.ErrorCode() != "term_not_flagged" {
			t.Errorf("acknowledging a term the edit removed: %d %s", r.Status, r.Raw)
		}
		// Put back, the term is not acknowledged: nobody acknowledged it
		// while it was in the agreement.
		if r := editSection(owner, id, "additional", entryTerm, rentTerm); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if f := termFlags(t, owner, id); len(f) != 2 || f[0]["term"] != entryTerm || f[0]["acknowledged"] != false {
			t.Errorf("the removed term was acknowledged: %v", f)
		}

		// The edit adds a term, which the landlord acknowledges at once.
		id = newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, withTerms(entryTerm))
		var ack apptest.Response
		r = acknowledgeAcross(e, owner, id, entryTerm, func() {
			if edit = editSection(owner, id, "additional", entryTerm, rentTerm); edit.Status == http.StatusOK {
				ack = acknowledge(owner, id, rentTerm, true)
			}
		})
		if edit.Status != http.StatusOK || ack.Status != http.StatusOK {
			t.Fatalf("edit: %d %s; acknowledge the new term: %d %s", edit.Status, edit.Raw, ack.Status, ack.Raw)
		}
		if r.Status != http.StatusOK {
			t.Fatalf("acknowledge: %d %s", r.Status, r.Raw)
		}
		if got := r.Body["termFlags"].([]any); len(got) != 2 {
			t.Errorf("the answer's flags are not the agreement's: %s", r.Raw)
		}
		f := termFlags(t, owner, id)
		if len(f) != 2 || f[0]["acknowledged"] != true || f[1]["term"] != rentTerm || f[1]["acknowledged"] != true {
			t.Errorf("after both acknowledgements: %v", f)
		}
	})
}

// A deposit the landlord's own terms name is held to the law's caps for the
// agreement's rent, as the deposit answer is: over the cap (a deposit of
// £5,000 against a cap of £1,730.76 for £1,500 a month; a holding deposit
// of £900 against one week's rent, £346.15) the term is flagged, cannot be
// acknowledged, and Sign and Send is refused until it is changed, however
// it was acknowledged before. A deposit other than the agreement's is
// flagged and may be acknowledged. Before, nothing read the amounts: the
// agreement was signed with a £5,000 deposit in it.
func TestDepositInTermsHeldToTheCaps(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const (
			over    = "The tenant shall pay a deposit of £5,000."
			holding = "A holding deposit of £900 was paid to reserve the property."
			differs = "The deposit of £1,500 is protected with the Deposit Protection Service."
		)
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, withTerms(catTerm, over, holding, differs))

		// As typed, and on the preview.
		r := owner.Post("/api/contracts/"+id+"/term-check", map[string]any{"text": over})
		if typed := r.Body["termFlags"].([]any); r.Status != http.StatusOK || len(typed) != 1 || typed[0].(map[string]any)["mustChange"] != true {
			t.Fatalf("term-check: %d %s", r.Status, r.Raw)
		}
		flags := termFlags(t, owner, id)
		if len(flags) != 3 {
			t.Fatalf("flags: %v", flags)
		}
		for i, want := range []struct {
			term, rule string
			mustChange bool
			why        string
		}{
			{over, "deposit-amount-cap", true, "at most £1,730.76 (5 weeks' rent)"},
			{holding, "holding-deposit-cap", true, "at most £346.15 (1 week's rent)"},
			{differs, "deposit-amount-differs", false, "£800.00 per tenant (£1,600.00 in all)"},
		} {
			f := flags[i]
			finding := f["findings"].([]any)[0].(map[string]any)
			if f["term"] != want.term || f["mustChange"] != want.mustChange || finding["rule"] != want.rule || !strings.Contains(finding["why"].(string), want.why) ||
				!strings.HasPrefix(finding["source"].(string), "https://www.legislation.gov.uk/") {
				t.Errorf("flag %d: %v", i, f)
			}
		}

		// Over a cap: no acknowledgement. A different amount: acknowledged.
		for _, term := range []string{over, holding} {
			if r := acknowledge(owner, id, term, true); r.Status != http.StatusConflict || r.ErrorCode() != "term_must_change" || !strings.Contains(r.ErrorMessage(), "cannot be acknowledged") {
				t.Errorf("acknowledge %q: %d %s", term, r.Status, r.Raw)
			}
		}
		if r := acknowledge(owner, id, differs, true); r.Status != http.StatusOK {
			t.Fatalf("acknowledge the different amount: %d %s", r.Status, r.Raw)
		}
		if r := owner.Post("/api/contracts/"+id+"/signing/code", nil); r.Status != http.StatusConflict || r.ErrorCode() != "terms_must_change" ||
			!strings.Contains(r.Raw, "£5,000") || !strings.Contains(r.Raw, "£900") || strings.Contains(r.Raw, "£1,500") {
			t.Fatalf("code with terms over the caps: %d %s", r.Status, r.Raw)
		}

		// Only the acknowledged different amount left, signing starts.
		if r := editSection(owner, id, "additional", catTerm, differs); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		verify(t, e, owner, "lord@example.com", id)
		pay(t, owner, id)

		// The rent lowered to £1,000 a month (a cap of £1,153.84): the
		// acknowledged £1,500 is now over it, and its acknowledgement no
		// longer counts.
		lower := withTerms(catTerm, differs)
		lower["rentPence"] = 100000
		lower["deposit"] = map[string]any{"kind": "standard", "perTenantPence": 50000, "scheme": "Deposit Protection Service"}
		finish(t, owner, id, lower)
		flags = termFlags(t, owner, id)
		if len(flags) != 1 || flags[0]["term"] != differs || flags[0]["mustChange"] != true || flags[0]["acknowledged"] != false {
			t.Fatalf("after lowering the rent: %v", flags)
		}
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusConflict || r.ErrorCode() != "terms_must_change" {
			t.Fatalf("sign with a term over the cap: %d %s", r.Status, r.Raw)
		}

		// Changed to the agreement's deposit, within the cap: signed.
		if r := editSection(owner, id, "additional", catTerm, "The deposit of £1,000 is protected with the Deposit Protection Service.",
			"A holding deposit of £230 was paid to reserve the property."); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if f := termFlags(t, owner, id); len(f) != 0 {
			t.Fatalf("lawful amounts flagged: %v", f)
		}
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusOK {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
	})
}
