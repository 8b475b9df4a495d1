package contract_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
)

// A term the law prohibits outright (its rule is "must change" in
// internal/tenancy/terms/data/rules.yaml) cannot be acknowledged, and Sign
// and Send (the code, the fee and the signature) refuses the agreement
// until it is reworded or removed. Before, an outside probe edited the
// term section into a fixed year with a no-fault ending, added twelve
// months' rent up front, acknowledged both, and signed and sealed them.
// A term that needs judgement (a rent review) is still acknowledged and
// kept.
func TestUnlawfulTermsMustChange(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const (
			fixed   = "The tenancy is granted for a term certain of one year. The landlord may recover possession at the end of that year without stating a reason."
			upFront = "The tenant will pay twelve months' rent up front on signing."
			lawful  = "One month's rent is payable in advance on the first day of the tenancy."
		)
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, withTerms(catTerm, upFront, rentTerm))
		if r := editSection(owner, id, "term", fixed); r.Status != http.StatusOK {
			t.Fatalf("edit the term section: %d %s", r.Status, r.Raw)
		}

		// As typed, and on the preview: each says whether it must change.
		r := owner.Post("/api/contracts/"+id+"/term-check", map[string]any{"text": upFront + "\n" + rentTerm})
		if typed := r.Body["termFlags"].([]any); r.Status != http.StatusOK || len(typed) != 2 ||
			typed[0].(map[string]any)["mustChange"] != true || typed[1].(map[string]any)["mustChange"] != false {
			t.Fatalf("term-check: %d %s", r.Status, r.Raw)
		}
		flags := termFlags(t, owner, id)
		if len(flags) != 3 {
			t.Fatalf("flags: %v", flags)
		}
		for i, want := range []struct {
			section, term string
			rules         []string
			mustChange    bool
		}{
			{"term", fixed, []string{"fixed-term", "section-21"}, true},
			{"additional", upFront, []string{"rent-in-advance"}, true},
			{"additional", rentTerm, []string{"rent-review"}, false},
		} {
			f := flags[i]
			if f["section"] != want.section || f["term"] != want.term || f["mustChange"] != want.mustChange || strings.Join(flagRules(f), ",") != strings.Join(want.rules, ",") {
				t.Errorf("flag %d: %v", i, f)
			}
			for _, x := range f["findings"].([]any) {
				if x.(map[string]any)["mustChange"] != want.mustChange {
					t.Errorf("flag %d finding: %v", i, x)
				}
			}
		}

		// No acknowledgement of a must-change term; the reason is the law's.
		for term, why := range map[string]string{fixed: "every tenancy in England is periodic", upFront: "no more than one month's rent in advance"} {
			r := acknowledge(owner, id, term, true)
			if r.Status != http.StatusConflict || r.ErrorCode() != "term_must_change" || !strings.Contains(r.ErrorMessage(), why) ||
				!strings.Contains(r.ErrorMessage(), contract.MsgTermMustChange) {
				t.Errorf("acknowledge %q: %d %s", term, r.Status, r.Raw)
			}
		}
		if r := acknowledge(owner, id, rentTerm, true); r.Status != http.StatusOK {
			t.Fatalf("acknowledge the rent review: %d %s", r.Status, r.Raw)
		}
		if f := termFlags(t, owner, id); f[0]["acknowledged"] != false || f[1]["acknowledged"] != false || f[2]["acknowledged"] != true {
			t.Fatalf("after acknowledging: %v", f)
		}

		// The code and the fee are refused, naming the terms to change.
		for _, path := range []string{"/signing/code", "/signing/order"} {
			r := owner.Post("/api/contracts/"+id+path, nil)
			if r.Status != http.StatusConflict || r.ErrorCode() != "terms_must_change" || !strings.Contains(r.Raw, "term certain") ||
				!strings.Contains(r.Raw, "twelve months") || strings.Contains(r.Raw, "reviewed") {
				t.Errorf("%s with must-change terms: %d %s", path, r.Status, r.Raw)
			}
		}

		// Reworded, the code and the fee go through.
		if r := editSection(owner, id, "term"); r.Status != http.StatusOK {
			t.Fatalf("back to the generated term section: %d %s", r.Status, r.Raw)
		}
		if r := editSection(owner, id, "additional", catTerm, lawful, rentTerm); r.Status != http.StatusOK {
			t.Fatalf("reword: %d %s", r.Status, r.Raw)
		}
		verify(t, e, owner, "lord@example.com", id)
		pay(t, owner, id)

		// Put back after the fee: the signature itself is refused.
		if r := editSection(owner, id, "additional", catTerm, upFront, rentTerm); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusConflict || r.ErrorCode() != "terms_must_change" {
			t.Fatalf("sign with a must-change term: %d %s", r.Status, r.Raw)
		}
		if r := editSection(owner, id, "additional", catTerm, lawful, rentTerm); r.Status != http.StatusOK {
			t.Fatalf("reword: %d %s", r.Status, r.Raw)
		}
		if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != http.StatusOK {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
		if f := termFlags(t, owner, id); len(f) != 1 || f[0]["term"] != rentTerm || f[0]["acknowledged"] != true {
			t.Errorf("the signed agreement's flags: %v", f)
		}
	})
}
