package deposit_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/deposit"
)

// signedCheckOut stands in for the landlord's signed check-out report and
// its comparison (internal/app reads them from internal/inventory).
type signedCheckOut struct{ propertyID string }

func (c signedCheckOut) SignedCheckOut(_ context.Context, _, propertyID string) (deposit.CheckOut, bool, error) {
	if propertyID != c.propertyID {
		return deposit.CheckOut{}, false, nil
	}
	return deposit.CheckOut{ID: "co1", SignedText: "Mon 2 Nov 2026", Items: []deposit.Item{
		{Key: "inside/Lounge/Carpet", Room: "Lounge", Item: "Carpet", Change: "worse", CheckIn: "Condition: Good", CheckOut: "Condition: Poor. Damage: Stain",
			InPhotos: []deposit.Photo{{URL: "/in.jpg"}}, OutPhotos: []deposit.Photo{{URL: "/out.jpg"}}},
		{Key: "inside/Kitchen/Oven", Room: "Kitchen", Item: "Oven", Change: "worse", CheckIn: "Cleanliness: Good", CheckOut: "Cleanliness: Very poor"},
		{Key: "inside/Bedroom/Chair", Room: "Bedroom", Item: "Chair", Change: "missing", CheckIn: "Condition: Good", CheckOut: "Not recorded"},
	}}, true, nil
}

// ended is the household after a signed check-out.
func ended(t *testing.T, e *apptest.Env) apptest.Household {
	t.Helper()
	h := e.NewHousehold(nil)
	received(t, h, "2026-10-20")
	e.App.Deposits.UseCheckOuts(signedCheckOut{h.PropertyID})
	return h
}

func addLine(t *testing.T, h apptest.Household, in map[string]any) map[string]any {
	t.Helper()
	r := h.Lord.Post("/api/deposits/tenancies/"+h.TenancyID+"/deductions", in)
	if r.Status != http.StatusCreated {
		t.Fatalf("add line: %d %s", r.Status, r.Raw)
	}
	return r.Body["line"].(map[string]any)
}

func deductions(t *testing.T, c *apptest.Client, id string) map[string]any {
	t.Helper()
	r := c.Get("/api/deposits/tenancies/" + id + "/deductions")
	if r.Status != http.StatusOK {
		t.Fatalf("deductions: %d %s", r.Status, r.Raw)
	}
	return r.Body
}

func answer(c *apptest.Client, lineID string, rev any, ans, comment string) apptest.Response {
	return c.Post("/api/deposits/lines/"+lineID+"/answer", map[string]any{"revision": rev, "answer": ans, "comment": comment})
}

var carpet = map[string]any{"itemKey": "inside/Lounge/Carpet", "reason": "damage", "costPence": 30000, "itemType": "carpet", "ageMonths": 60}

// Three deductions from the check-out: the five-year-old carpet's £300 is
// apportioned to its 36 months of life left (£112.50, the rest fair wear
// and tear), the cleaning and the missing new chair charged whole. Tom
// agrees the carpet and disputes the others; Tess agrees all: each answer
// is its tenant's own, the carpet is agreed, the others disputed, and each
// tenant's share of the deposit and the deductions is shown to both, with
// the day to return the agreed amount by.
func TestDeductionsApportionedAndAnswered(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		c := addLine(t, h, carpet)
		if c["chargeText"] != "£112.50" || c["landlordShareText"] != "£187.50" || c["item"] != "Lounge: Carpet" ||
			!strings.Contains(c["arithmetic"].(string), "£300.00 × 36 / 96 = £112.50 charged") {
			t.Fatalf("carpet: %v", c)
		}
		ev := c["evidence"].(map[string]any)
		if ev["checkIn"] != "Condition: Good" || ev["checkOut"] != "Condition: Poor. Damage: Stain" || len(ev["outPhotos"].([]any)) != 1 {
			t.Fatalf("evidence: %v", ev)
		}
		oven := addLine(t, h, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 12000, "itemType": "carpet", "ageMonths": 3})
		if oven["chargeText"] != "£120.00" || oven["lifeMonths"].(float64) != 0 {
			t.Fatalf("cleaning is not apportioned: %v", oven)
		}
		chair := addLine(t, h, map[string]any{"itemKey": "inside/Bedroom/Chair", "reason": "missing", "costPence": 5000, "itemType": "furniture", "ageMonths": 0})
		for _, x := range []struct {
			c        *apptest.Client
			line     map[string]any
			ans, why string
		}{
			{h.Tom, c, "agree", ""}, {h.Tom, oven, "dispute", "It was cleaned professionally: receipt attached."}, {h.Tom, chair, "dispute", "There was no chair."},
			{h.Tess, c, "agree", ""}, {h.Tess, oven, "agree", ""}, {h.Tess, chair, "agree", ""},
		} {
			if r := answer(x.c, x.line["id"].(string), x.line["revision"], x.ans, x.why); r.Status != http.StatusOK {
				t.Fatalf("answer: %d %s", r.Status, r.Raw)
			}
		}
		for _, who := range []*apptest.Client{h.Tom, h.Tess} {
			d := deductions(t, who, h.TenancyID)
			lines := d["lines"].([]any)
			states := []any{}
			for _, l := range lines {
				states = append(states, l.(map[string]any)["state"])
			}
			if len(lines) != 3 || states[0] != "agreed" || states[1] != "disputed" || states[2] != "disputed" {
				t.Fatalf("states: %v", states)
			}
			if d["agreedText"] != "£112.50" || d["disputedText"] != "£170.00" || d["returnByText"] != "Thu 12 Nov 2026" {
				t.Fatalf("totals: %v %v %v", d["agreedText"], d["disputedText"], d["returnByText"])
			}
			shares := d["shares"].([]any)
			tom, tess := shares[0].(map[string]any), shares[1].(map[string]any)
			if tom["name"] != "Tom Tenant" || tom["depositText"] != "£600.00" || tom["agreedText"] != "£56.25" || tom["disputedText"] != "£85.00" ||
				tom["returnText"] != "£458.75" || tess["returnText"] != "£458.75" {
				t.Fatalf("shares: %v", shares)
			}
			if d["reasons"] != nil || d["items"] != nil {
				t.Fatalf("a tenant sees the landlord's form: %v", d)
			}
		}
		// Each tenant's answer is theirs alone.
		mine := deductions(t, h.Tom, h.TenancyID)["lines"].([]any)[1].(map[string]any)["myAnswer"].(map[string]any)
		if mine["answer"] != "dispute" || mine["name"] != "Tom Tenant" {
			t.Fatalf("Tom's answer: %v", mine)
		}
		if m := deductions(t, h.Tess, h.TenancyID)["lines"].([]any)[1].(map[string]any)["myAnswer"].(map[string]any); m["answer"] != "agree" {
			t.Fatalf("Tess's answer: %v", m)
		}
	})
}

// Bad input is refused with a plain message and nothing is stored: a
// total above the deposit, a negative, fractional or text amount, rent
// arrears typed in, a quote that is not a PDF or an image.
func TestBadDeductions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		line := addLine(t, h, carpet)
		base := "/api/deposits/tenancies/" + h.TenancyID + "/deductions"
		over := map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": 110000}
		r := h.Lord.Post(base, over)
		if r.Status != http.StatusBadRequest || !strings.Contains(r.ErrorMessage(), "These deductions come to £1,212.50, more than the deposit of £1,200.00") {
			t.Fatalf("over the deposit: %d %s", r.Status, r.Raw)
		}
		for _, cost := range []any{-100, 0, 12.5, "100", nil} {
			in := map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "cleaning", "costPence": cost}
			if r := h.Lord.Post(base, in); r.Status != http.StatusBadRequest || !strings.HasPrefix(r.FieldError("costPence"), "Please enter the cost") {
				t.Errorf("cost %v: %d %s", cost, r.Status, r.Raw)
			}
		}
		if r := h.Lord.Post(base, map[string]any{"itemKey": "inside/Kitchen/Oven", "reason": "arrears", "costPence": 100}); r.Status != http.StatusBadRequest ||
			!strings.Contains(r.FieldError("reason"), "rent statement") {
			t.Errorf("arrears typed: %d %s", r.Status, r.Raw)
		}
		if r := h.Lord.Post(base, map[string]any{"itemKey": "nowhere", "reason": "damage", "costPence": 100, "itemType": "carpet", "ageMonths": -1}); r.Status != http.StatusBadRequest ||
			r.FieldError("itemKey") == "" || r.FieldError("ageMonths") == "" {
			t.Errorf("unknown item, negative age: %d %s", r.Status, r.Raw)
		}
		// An edit that would take the total over the deposit changes nothing.
		edit := map[string]any{"revision": 1, "reason": "damage", "costPence": 500000, "itemType": "carpet", "ageMonths": 0}
		if r := h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+line["id"].(string), edit); r.Status != http.StatusBadRequest {
			t.Errorf("edit over the deposit: %d %s", r.Status, r.Raw)
		}
		quote := "/api/deposits/lines/" + line["id"].(string) + "/quote"
		if r := h.Lord.Upload(quote, "quote.pdf", "application/pdf", []byte("<html>not a pdf</html>")); r.Status != http.StatusBadRequest || r.ErrorCode() != "bad_file_type" {
			t.Errorf("quote not a pdf: %d %s", r.Status, r.Raw)
		}
		d := deductions(t, h.Lord, h.TenancyID)
		lines := d["lines"].([]any)
		if len(lines) != 1 || lines[0].(map[string]any)["revision"].(float64) != 1 || lines[0].(map[string]any)["quoteUrl"] != nil || d["totalText"] != "£112.50" {
			t.Fatalf("something was stored: %v", d)
		}
		if r := h.Lord.Upload(quote, "quote.pdf", "application/pdf", pdfFile); r.Status != http.StatusCreated {
			t.Fatalf("quote: %d %s", r.Status, r.Raw)
		}
		if got := h.Tess.Get(quote); got.Status != http.StatusOK || got.Raw != string(pdfFile) {
			t.Fatalf("the tenant opens the quote: %d", got.Status)
		}
	})
}

// An answer to a revision the landlord has since edited is refused with
// 409 and the line as it now is; an answer to the current one stands, and
// an earlier answer no longer counts once the line changes.
func TestAnswerToAnOldRevision(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		line := addLine(t, h, carpet)
		id := line["id"].(string)
		if r := answer(h.Tom, id, 1, "agree", ""); r.Status != http.StatusOK {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		edit := map[string]any{"revision": 1, "reason": "damage", "costPence": 24000, "itemType": "carpet", "ageMonths": 60}
		if r := h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+id, edit); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		r := answer(h.Tess, id, 1, "agree", "")
		cur, _ := r.Body["line"].(map[string]any)
		if r.Status != http.StatusConflict || r.ErrorCode() != "changed" || cur["revision"].(float64) != 2 || cur["costText"] != "£240.00" {
			t.Fatalf("old revision: %d %s", r.Status, r.Raw)
		}
		if n := len(deductions(t, h.Lord, h.TenancyID)["lines"].([]any)[0].(map[string]any)["answers"].([]any)); n != 0 {
			t.Fatalf("%d answers count after the edit", n)
		}
		if r := h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+id, edit); r.Status != http.StatusConflict || r.ErrorCode() != "changed" {
			t.Fatalf("landlord's edit of an old revision: %d %s", r.Status, r.Raw)
		}
	})
}
