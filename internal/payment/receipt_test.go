package payment_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
)

var receiptNumberRe = regexp.MustCompile(`^OR-2026-\d{6}$`)

// paidWithHalf pays an order of two checks (£17.98) with the code HALF
// (£8.99) by the sandbox card and answers its receipt number and id.
func paidWithHalf(t *testing.T, s shop) (number, id string) {
	t.Helper()
	id = s.order(t, 2)
	if r := s.buyer.Post("/api/orders/"+id+"/promo-codes", map[string]any{"code": "HALF"}); r.Status != 200 {
		t.Fatalf("apply: %s", r.Raw)
	}
	s.e.Clock.Advance(time.Minute) // the receipt is the newest mail
	r := s.buyer.Post("/api/orders/"+id+"/sandbox-payment", goodCard)
	if r.Status != 200 {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	number, _ = r.Body["order"].(map[string]any)["receiptNumber"].(string)
	if !receiptNumberRe.MatchString(number) {
		t.Fatalf("receipt number %q: %s", number, r.Raw)
	}
	return number, id
}

// The receipt of an order of two £8.99 checks with a 50% code: each line's
// share of the £8.99 paid (£4.50 and £4.49, the odd penny to the first),
// its VAT at 20% (4.50 x 20/120 = 0.75; 4.49 x 20/120 = 0.748 -> 0.75) and
// net, the totals as the sums of the lines, the supplier from the
// configuration and the date of supply; a pending order has no receipt
// number and the numbers count up.
func TestVATReceipt(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		pending := s.order(t, 1)
		if r := s.buyer.Get("/api/orders/" + pending); r.Body["order"].(map[string]any)["receiptNumber"] != "" {
			t.Fatalf("a pending order has a receipt number: %s", r.Raw)
		}
		number, _ := paidWithHalf(t, s)
		r := s.buyer.Get("/api/receipts/" + number)
		if r.Status != 200 {
			t.Fatalf("receipt: %d %s", r.Status, r.Raw)
		}
		rc := r.Body["receipt"].(map[string]any)
		sup := rc["supplier"].(map[string]any)
		if sup["name"] != "OmniRent Ltd" || sup["vatNumber"] != "GB 000 0000 00" || len(sup["address"].([]any)) != 3 {
			t.Errorf("supplier: %v", sup)
		}
		if rc["number"] != number || rc["supplyDate"] != "2026-11-02" || rc["method"] != "Card (sandbox: no money was taken)" || rc["vatRate"] != "20%" {
			t.Errorf("receipt: %s", r.Raw)
		}
		type want struct{ unit, discount, net, vat, total float64 }
		for i, w := range []want{{899, 449, 375, 75, 450}, {899, 450, 374, 75, 449}} {
			l := rc["lines"].([]any)[i].(map[string]any)
			got := want{l["unitPence"].(float64), l["discountPence"].(float64), l["netPence"].(float64), l["vatPence"].(float64), l["totalPence"].(float64)}
			if got != w || l["vatRate"] != "20%" || l["product"] != "Instant reference check" || l["qty"] != 1.0 {
				t.Errorf("line %d: %v, want %+v", i, l, w)
			}
		}
		if rc["listPence"] != 1798.0 || rc["discountPence"] != 899.0 || rc["netPence"] != 749.0 || rc["vatPence"] != 150.0 || rc["totalPence"] != 899.0 {
			t.Errorf("totals: %s", r.Raw)
		}
		if !strings.Contains(rc["rounding"].(string), "rounded to the nearest penny") {
			t.Errorf("rounding: %v", rc["rounding"])
		}
		// The next paid order has the next number.
		id2 := s.order(t, 1)
		r = s.buyer.Post("/api/orders/"+id2+"/sandbox-payment", goodCard)
		next, _ := r.Body["order"].(map[string]any)["receiptNumber"].(string)
		if next <= number || !receiptNumberRe.MatchString(next) {
			t.Errorf("numbers %s then %s", number, next)
		}
		// The orders list names each paid order's receipt.
		list := s.buyer.Get("/api/orders")
		found := 0
		for _, o := range list.Body["orders"].([]any) {
			if n := o.(map[string]any)["receiptNumber"]; n == number || n == next {
				found++
			}
		}
		if found != 2 {
			t.Errorf("orders list: %s", list.Raw)
		}
	})
}

// The receipt PDF, read back with pdftotext: the supplier, its VAT number,
// the receipt number, the date of supply, each line's net, rate and VAT,
// the totals and the method, and no internal id.
func TestReceiptPDF(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		number, id := paidWithHalf(t, s)
		r := s.buyer.Get("/api/receipts/" + number + "/pdf")
		if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="OmniRent receipt `+number+`.pdf"` {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		text := pdftest.Text(t, []byte(r.Raw))
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range []string{
			"VAT receipt", "OmniRent Ltd", "1 Example Street", "EC1A 1AA", "VAT registration number: GB 000 0000 00",
			"Receipt number " + number, "Date of supply (tax point) 2 November 2026", "Paid by Card (sandbox: no money was taken)",
			"Instant reference check: renter 1 £8.99 −£4.49 £3.75 20% £0.75 £4.50",
			"Instant reference check: renter 1 £8.99 −£4.50 £3.74 20% £0.75 £4.49",
			"Promo code HALF: 50% off", "Price before promo codes (incl. VAT) £17.98", "Total net £7.49", "VAT at 20% £1.50", "Total paid £8.99",
			"rounded to the nearest penny", "Page 1 of 1",
		} {
			if !strings.Contains(flat, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, id) {
			t.Errorf("the PDF shows the order id")
		}
	})
}

// Who may read a receipt and its PDF: only the buyer. Another landlord, a
// tenant and an admin are told it does not exist (404); a visitor must
// sign in (401). A number never given, one of another year and a
// malformed one are not found either.
func TestReceiptPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		number, _ := paidWithHalf(t, s)
		other := e.SignedIn("other@example.com", "Secret#123", "Landlord")
		tenant := e.SignedIn("renter@example.com", "Secret#123", "Tenant")
		admin := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			who    string
			c      *apptest.Client
			status int
		}{
			{"owner", s.buyer, http.StatusOK},
			{"other landlord", other, http.StatusNotFound},
			{"tenant", tenant, http.StatusNotFound},
			{"admin", admin, http.StatusNotFound},
			{"stranger", e.NewClient(), http.StatusUnauthorized},
		} {
			for _, path := range []string{"/api/receipts/" + number, "/api/receipts/" + number + "/pdf"} {
				if r := tc.c.Get(path); r.Status != tc.status {
					t.Errorf("%s %s: %d, want %d", tc.who, path, r.Status, tc.status)
				}
			}
		}
		for _, bad := range []string{"OR-2026-999999", "OR-2025-" + number[8:], "abc", "OR-2026-0"} {
			if r := s.buyer.Get("/api/receipts/" + bad); r.Status != http.StatusNotFound {
				t.Errorf("%s: %d %s", bad, r.Status, r.Raw)
			}
		}
	})
}

// The receipt e-mail: its number, each line's net, VAT and rate, the
// totals, the supplier and its VAT number, a link to the receipt page by
// its number (never the order's id) and the PDF attached.
func TestReceiptEmail(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		number, id := paidWithHalf(t, s)
		e.RunJobs() // the receipt's job
		msgs, err := e.App.Mail.Outbox(context.Background(), buyerEmail, 10)
		if err != nil || len(msgs) == 0 {
			t.Fatal(err)
		}
		m := msgs[0]
		if m.Subject != "Your OmniRent receipt "+number+": £8.99" {
			t.Errorf("subject %q", m.Subject)
		}
		link := e.App.Config.BaseURL + "/profile/orders/" + number
		for _, want := range []string{
			"VAT receipt " + number, "2 November 2026",
			"Instant reference check (renter): £4.50 (net £3.75, VAT £0.75 at 20%)",
			"Instant reference check (renter): £4.49 (net £3.74, VAT £0.75 at 20%)",
			"Promo code HALF: 50% off", "Total paid: £8.99 (net £7.49, VAT £1.50)",
			"Paid by: Card (sandbox: no money was taken)", "View or download your receipt: " + link,
			"OmniRent Ltd, 1 Example Street, London, EC1A 1AA. VAT registration number GB 000 0000 00.",
		} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the text lacks %q:\n%s", want, m.Text)
			}
		}
		for _, want := range []string{`href="` + link + `"`, "View or download your receipt", "£3.75", "at 20%", "GB 000 0000 00"} {
			if !strings.Contains(m.HTML, want) {
				t.Errorf("the HTML lacks %q", want)
			}
		}
		if strings.Contains(m.Text, id) || strings.Contains(m.HTML, id) {
			t.Error("the e-mail shows the order id")
		}
		if len(m.Attachments) != 1 || m.Attachments[0].Name != "OmniRent receipt "+number+".pdf" || m.Attachments[0].ContentType != "application/pdf" {
			t.Fatalf("attachments: %d", len(m.Attachments))
		}
		if text := pdftest.Text(t, m.Attachments[0].Data); !strings.Contains(text, number) || !strings.Contains(text, "Total paid") {
			t.Errorf("attached PDF:\n%s", text)
		}
	})
}
