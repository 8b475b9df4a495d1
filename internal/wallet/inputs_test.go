package wallet_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/wallet"
)

// A time with an offset counts on its day in the UK: 23:30 UTC on 5 April
// 2026 is 00:30 BST on 6 April, in tax year 2026-27 (it was stored as 5
// April, in 2025-26); 23:30 UTC on 31 July is 1 August. A plain date, or a
// time without an offset, keeps its day. The same goes for the expected
// rent's dates and the list's filter.
func TestTimesCountOnTheirUKDay(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		for _, tc := range []struct{ sent, day string }{
			{"2026-04-05T23:30:00Z", "2026-04-06"},
			{"2026-07-31T23:30:00Z", "2026-08-01"},
			{"2026-07-31T23:30:00.250+00:00", "2026-08-01"},
			{"2026-01-15T23:30:00Z", "2026-01-15"}, // GMT: the same day
			{"2026-04-06T00:30:00+01:00", "2026-04-06"},
			{"2026-04-05T23:30:00", "2026-04-05"}, // no offset: a UK time
			{"2026-04-05", "2026-04-05"},
		} {
			tr := add(t, c, entry("income", p[0], "Furniture", 100, tc.sent))
			if tr["date"] != tc.day {
				t.Errorf("%s stored as %v, want %s", tc.sent, tr["date"], tc.day)
			}
		}
		ty := taxYear(t, c, "year=2026")
		// 6 April (twice), 1 August (twice); 15 January and 5 April (twice) are 2025-26.
		if got := num(ty["incomeTotalPence"]); got != 400 {
			t.Errorf("2026-27 income %d, want 400", got)
		}
		if got := num(taxYear(t, c, "year=2025")["incomeTotalPence"]); got != 300 {
			t.Errorf("2025-26 income %d, want 300", got)
		}
		// Not a date once the day is read: refused, not cut to its first ten characters.
		if r := c.Post("/api/wallet/transactions", entry("income", p[0], "Furniture", 100, "2026-04-05garbage")); r.Status != 400 || r.FieldError("date") != wallet.MsgBadDate {
			t.Errorf("garbage after the day: %d %s", r.Status, r.Raw)
		}
		m := entry("income", p[0], "Rent", 100, "2026-05-01", "frequency", "monthly", "endDate", "2026-07-31T23:30:00Z")
		if tr := add(t, c, m); tr["endDate"] != "2026-08-01" {
			t.Errorf("end date %v", tr["endDate"])
		}
		// The filter: from 1 August (UK) leaves 31 July out.
		r := c.Get("/api/wallet/transactions?filter=income&from=2026-07-31T23:30:00Z&to=2026-08-01")
		if r.Status != 200 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		for _, it := range list(r.Body["items"]) {
			if d := obj(it)["occurrenceDate"]; d != "2026-08-01" {
				t.Errorf("from 1 August lists %v", d)
			}
		}
		if n := len(list(r.Body["items"])); n != 3 { // the two entries of 1 August and the monthly's last
			t.Errorf("%d items from 1 August: %s", n, r.Raw)
		}
		path := "/api/wallet/properties/" + p[0] + "/rent"
		r = c.Do(http.MethodPut, path, map[string]any{"rentPence": 1000, "rentPeriod": "monthly", "firstDueDate": "2026-10-04T23:30:00Z",
			"endDate": "2027-03-31T22:00:00Z"})
		if er := obj(r.Body["expectedRent"]); r.Status != 200 || er["firstDueDate"] != "2026-10-05" || er["endDate"] != "2027-03-31" {
			t.Errorf("rent: %d %s", r.Status, r.Raw)
		}
	})
}

// Each field of the expected rent says what is wrong with it, and so does
// the message on top (it said 'Please fill all the fields' every time).
func TestExpectedRentMessages(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		path := "/api/wallet/properties/" + p[0] + "/rent"
		rent := func(kv ...any) map[string]any {
			m := map[string]any{"rentPence": 90000, "rentPeriod": "monthly", "firstDueDate": "2026-10-01"}
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i+1] == nil {
					delete(m, kv[i].(string))
				} else {
					m[kv[i].(string)] = kv[i+1]
				}
			}
			return m
		}
		for _, tc := range []struct {
			name       string
			body       map[string]any
			field, msg string
			top        string
		}{
			{"end date not a date", rent("endDate", "garbage"), "endDate", wallet.MsgBadDate, wallet.MsgBadDate},
			{"end date before the first", rent("endDate", "2026-09-30"), "endDate", wallet.MsgRentEndBeforeFirst, wallet.MsgRentEndBeforeFirst},
			{"end date out of range", rent("endDate", "2201-01-01"), "endDate", wallet.MsgDateRange, wallet.MsgDateRange},
			{"negative", rent("rentPence", -1), "rentPence", wallet.MsgAmountNegative, wallet.MsgAmountNegative},
			{"zero", rent("rentPence", 0), "rentPence", wallet.MsgRentZero, wallet.MsgRentZero},
			{"too large", rent("rentPence", wallet.MaxAmountPence+1), "rentPence", wallet.MsgAmountTooLarge, wallet.MsgAmountTooLarge},
			{"pence with a fraction", rent("rentPence", 12.5), "rentPence", wallet.MsgAmountWhole, wallet.MsgAmountWhole},
			{"pence as text", rent("rentPence", "100"), "rentPence", wallet.MsgAmountWhole, wallet.MsgAmountWhole},
			{"no rent", rent("rentPence", nil), "rentPence", wallet.MsgFillAll, wallet.MsgFillAll},
			{"first due in 1950", rent("firstDueDate", "1950-11-02"), "firstDueDate", wallet.MsgDateRange, wallet.MsgDateRange},
			{"first due not a date", rent("firstDueDate", "2026-02-30"), "firstDueDate", wallet.MsgBadDate, wallet.MsgBadDate},
			{"no first due date", rent("firstDueDate", ""), "firstDueDate", wallet.MsgFillAll, wallet.MsgFillAll},
			{"period", rent("rentPeriod", "fortnightly"), "rentPeriod", wallet.MsgRentPeriod, wallet.MsgRentPeriod},
			// Two problems: an empty field says fill all on top, each field its own.
			{"empty and negative", rent("rentPence", -1, "firstDueDate", ""), "rentPence", wallet.MsgAmountNegative, wallet.MsgFillAll},
		} {
			r := c.Do(http.MethodPut, path, tc.body)
			if r.Status != 400 || r.FieldError(tc.field) != tc.msg || r.ErrorMessage() != tc.top {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
			}
		}
		// Anything else is still refused as unreadable.
		if r := c.Do(http.MethodPut, path, rent("rentPounds", 900)); r.Status != 400 || r.ErrorCode() != "invalid_json" {
			t.Errorf("unknown field: %d %s", r.Status, r.Raw)
		}
		if r := c.Do(http.MethodPut, path, rent("endDate", "2027-09-30")); r.Status != 200 {
			t.Errorf("good rent: %d %s", r.Status, r.Raw)
		}
	})
}

// An amount that is not a whole number of pence gets its field's message,
// not 'The request could not be read.'; a date outside the wallet's range
// says the range; a period ending before it starts is refused.
func TestAmountsAndDatesSayWhatIsWrong(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		today := "2026-11-02"
		for _, tc := range []struct {
			name  string
			m     map[string]any
			field string
			msg   string
		}{
			{"fraction", entry("income", p[0], "Rent", 0, today, "amountPence", 12.5), "amountPence", wallet.MsgAmountWhole},
			{"exponent", entry("income", p[0], "Rent", 0, today, "amountPence", json.RawMessage("1e20")), "amountPence", wallet.MsgAmountWhole},
			{"beyond int64", entry("income", p[0], "Rent", 0, today, "amountPence", json.RawMessage("99999999999999999999")), "amountPence", wallet.MsgAmountWhole},
			{"text", entry("income", p[0], "Rent", 0, today, "amountPence", "100"), "amountPence", wallet.MsgAmountWhole},
			{"VAT fraction", entry("expense", p[0], "Insurance", 100, today, "vat", "add", "vatPence", 2.5), "vatPence", wallet.MsgAmountWhole},
			{"VAT negative", entry("expense", p[0], "Insurance", 100, today, "vat", "add", "vatPence", -20), "vatPence", wallet.MsgAmountNegative},
			{"recoverable text", entry("expense", p[0], "Insurance", 100, today, "recoverable", true, "debtor", "X", "recoverPence", "50"),
				"recoverPence", wallet.MsgAmountWhole},
			{"date in 1950", entry("income", p[0], "Rent", 100, "1950-01-01"), "date", wallet.MsgDateRange},
			{"date before 1990", entry("income", p[0], "Rent", 100, "1989-12-31"), "date", wallet.MsgDateRange},
			{"end date in 2201", entry("income", p[0], "Rent", 100, today, "frequency", "monthly", "endDate", "2201-01-01"), "endDate", wallet.MsgDateRange},
		} {
			r := c.Post("/api/wallet/transactions", tc.m)
			if r.Status != 400 || r.FieldError(tc.field) != tc.msg || r.ErrorMessage() != tc.msg {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
			}
		}
		if tr := add(t, c, entry("income", p[0], "Rent", 100, "1990-01-01")); tr["date"] != "1990-01-01" {
			t.Errorf("1 January 1990: %v", tr["date"])
		}
		// An edit reads its amounts the same way.
		tr := add(t, c, entry("income", p[0], "Rent", 100, today))
		m := entry("income", p[0], "Rent", 0, today, "amountPence", 99.99, "revision", tr["revision"])
		if r := c.Do(http.MethodPut, "/api/wallet/transactions/"+tr["id"].(string), m); r.Status != 400 || r.FieldError("amountPence") != wallet.MsgAmountWhole {
			t.Errorf("edit: %d %s", r.Status, r.Raw)
		}
		if r := c.Post("/api/wallet/transactions", entry("income", p[0], "Rent", 100, today, "amountPounds", 1)); r.Status != 400 || r.ErrorCode() != "invalid_json" {
			t.Errorf("unknown field: %d %s", r.Status, r.Raw)
		}
		for _, path := range []string{"/api/wallet/transactions", "/api/wallet/export/transactions.csv"} {
			r := c.Get(path + "?from=2026-05-01&to=2026-04-01")
			if r.Status != 400 || r.FieldError("to") != wallet.MsgFromAfterTo || r.ErrorMessage() != wallet.MsgFromAfterTo {
				t.Errorf("%s the wrong way round: %d %s", path, r.Status, r.Raw)
			}
			if r := c.Get(path + "?from=1950-01-01"); r.Status != 400 || r.FieldError("from") != wallet.MsgDateRange {
				t.Errorf("%s from 1950: %d %s", path, r.Status, r.Raw)
			}
			if r := c.Get(path + "?from=2026-04-01&to=2026-04-01"); r.Status != 200 {
				t.Errorf("%s one day: %d %s", path, r.Status, r.Raw)
			}
		}
	})
}

// Each file of the invoices ZIP is dated when its invoice was uploaded
// (they were all 1980-00-00).
func TestInvoicesZIPEntriesAreDated(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		tr := add(t, c, entry("expense", p[0], "Insurance", 12000, "2026-10-15"))
		uploaded := at("2026-11-02 09:30")
		e.Clock.Set(uploaded)
		pdf := []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
		if r := upload(t, c, "/api/wallet/transactions/"+tr["id"].(string)+"/invoice", "policy.pdf", "application/pdf", pdf); r.Status != 200 {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		z := c.Get("/api/wallet/export/invoices.zip?year=2026")
		zr, err := zip.NewReader(bytes.NewReader([]byte(z.Raw)), int64(len(z.Raw)))
		if z.Status != 200 || err != nil || len(zr.File) != 1 {
			t.Fatalf("zip: %d %v", z.Status, err)
		}
		f := zr.File[0]
		if d := f.Modified.Sub(uploaded); !f.Modified.Equal(uploaded) && (d < -2*time.Second || d > 2*time.Second) {
			t.Errorf("zip entry dated %v, want %v", f.Modified, uploaded)
		}
		// The MS-DOS date too (what most tools show): 2 November 2026, in UK time.
		if f.ModifiedDate != uint16((2026-1980)<<9|11<<5|2) {
			t.Errorf("zip entry's DOS date %#x", f.ModifiedDate)
		}
	})
}

// An outside probe saved £100.00 with £9,999.99 of VAT added (201): VAT no
// UK rate could give is now refused beside the field, on create and edit.
// Added VAT is at most 20% of the amount; VAT included in the amount at most
// a sixth of it (the VAT inside a price at 20%); a penny of rounding is
// allowed either way, and negative VAT is refused.
func TestVATNoUKRateCouldGive(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		today := "2026-11-02"
		addMsg := "The VAT cannot be more than 20% of the amount (£20.00 here)."
		inMsg := "The VAT cannot be more than a sixth of the amount, the VAT in a price at 20% (£16.67 here)."
		for _, tc := range []struct {
			name     string
			vat      string
			vatPence int64
			msg      string // empty: accepted
		}{
			{"the probe's", "add", 999999, addMsg},
			{"20% added", "add", 2000, ""},
			{"a penny of rounding", "add", 2001, ""},
			{"two pence over", "add", 2002, addMsg},
			{"a sixth inside", "included", 1667, ""},
			{"more than a sixth inside", "included", 1668, inMsg},
			{"the probe's inside", "included", 999999, inMsg},
			{"negative inside", "included", -1, wallet.MsgAmountNegative},
			{"negative added", "add", -1, wallet.MsgAmountNegative},
		} {
			r := c.Post("/api/wallet/transactions", entry("expense", p[0], "Insurance", 10000, today, "vat", tc.vat, "vatPence", tc.vatPence))
			switch {
			case tc.msg == "" && r.Status != http.StatusCreated:
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
			case tc.msg != "" && (r.Status != 400 || r.FieldError("vatPence") != tc.msg || r.ErrorMessage() != tc.msg):
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
			}
		}
		// Editing checks the same, against the amount as edited.
		tr := add(t, c, entry("expense", p[0], "Insurance", 10000, today, "vat", "add", "vatPence", 2000))
		id := tr["id"].(string)
		r := c.Do(http.MethodPut, "/api/wallet/transactions/"+id, entry("expense", p[0], "Insurance", 10000, today, "vat", "add", "vatPence", 999999, "revision", tr["revision"]))
		if r.Status != 400 || r.FieldError("vatPence") != addMsg {
			t.Fatalf("edit to implausible VAT: %d %s", r.Status, r.Raw)
		}
		if now := obj(c.Get("/api/wallet/transactions/" + id).Body["transaction"]); num(now["vatPence"]) != 2000 || num(now["grossPence"]) != 12000 {
			t.Fatalf("the refused edit was stored: %v", now)
		}
		r = c.Do(http.MethodPut, "/api/wallet/transactions/"+id, entry("expense", p[0], "Insurance", 100000, today, "vat", "add", "vatPence", 20000, "revision", tr["revision"]))
		if r.Status != 200 || num(obj(r.Body["transaction"])["grossPence"]) != 120000 {
			t.Fatalf("edit to 20%% of a larger amount: %d %s", r.Status, r.Raw)
		}
	})
}
