package wallet_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"image/png"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/wallet"
)

func taxYear(t testing.TB, c *apptest.Client, q string) map[string]any {
	t.Helper()
	r := c.Get("/api/wallet/tax-year?" + q)
	if r.Status != 200 {
		t.Fatalf("tax year %s: %d %s", q, r.Status, r.Raw)
	}
	return r.Body
}

func boxes(groups []any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, g := range groups {
		out[obj(g)["box"].(string)] = obj(g)
	}
	return out
}

// The tax year runs 6 April to 5 April; income and allowable expenses go
// in SA105's boxes, finance costs apart with their 20% credit, capital and
// non-deductible items apart, loans outside.
func TestTaxYearInSA105Boxes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2027-06-01 09:00"))
		c, p := landlord(t, e, "lord@example.com", 2)
		add(t, c, entry("income", p[0], "Rent", 1, "2026-04-05"))      // 2025-26
		add(t, c, entry("income", p[0], "Rent", 100000, "2026-04-06")) // first day of 2026-27
		add(t, c, entry("income", p[1], "Rent", 200000, "2027-04-05")) // last day
		add(t, c, entry("income", p[0], "Rent", 2, "2027-04-06"))      // 2027-28
		add(t, c, entry("income", p[0], "Furniture", 5000, "2026-07-05", "vat", "add", "vatPence", 1000))
		add(t, c, entry("expense", p[0], "Maintenance and repairs costs", 30000, "2026-07-06", "vat", "add", "vatPence", 6000))
		add(t, c, entry("expense", p[0], "Maintenance and repairs costs", 7000, "2026-08-01", "taxDeductible", false))
		add(t, c, entry("expense", p[1], "Council tax", 12000, "2026-10-06"))
		add(t, c, entry("expense", p[0], "Letting agent and management fees", 9000, "2027-01-05"))
		add(t, c, entry("expense", p[0], "Utilities", 4000, "2027-01-06"))
		add(t, c, entry("expense", p[0], "Other", 3000, "2027-02-01", "customCategory", "Garden"))
		add(t, c, entry("expense", p[0], "Mortgage and loan interest", 50000, "2026-05-01", "frequency", "monthly", "endDate", "2026-06-30"))
		add(t, c, entry("expense", p[0], "Improvements", 400000, "2026-09-01"))
		add(t, c, entry("loan", p[0], "Secured", 5_000_000, "2026-09-01"))

		ty := taxYear(t, c, "year=2026")
		if ty["start"] != "2026-04-06" || ty["end"] != "2027-04-05" || ty["label"] != "2026-27" {
			t.Errorf("bounds: %v %v %v", ty["start"], ty["end"], ty["label"])
		}
		if num(ty["incomeTotalPence"]) != 305000 || num(ty["vatOnIncomePence"]) != 1000 {
			t.Errorf("income %v (VAT added is not income: %v)", ty["incomeTotalPence"], ty["vatOnIncomePence"])
		}
		in := boxes(list(ty["income"]))["20"]
		if num(in["totalPence"]) != 305000 || len(list(in["categories"])) != 2 {
			t.Errorf("box 20: %v", in)
		}
		ex := boxes(list(ty["expenses"]))
		want := map[string]int64{"24": 12000, "25": 36000, "27": 9000, "28": 4000, "29": 3000}
		for b, w := range want {
			if num(ex[b]["totalPence"]) != w {
				t.Errorf("box %s: %v, want %d", b, ex[b]["totalPence"], w)
			}
		}
		if num(ty["expensesTotalPence"]) != 64000 || num(ty["profitPence"]) != 305000-64000 {
			t.Errorf("expenses %v profit %v", ty["expensesTotalPence"], ty["profitPence"])
		}
		fc := obj(ty["financeCosts"])
		if fc["box"] != "44" || num(fc["totalPence"]) != 100000 || num(fc["taxCreditPence"]) != 20000 {
			t.Errorf("finance costs: %v", fc)
		}
		na := obj(ty["notAllowable"])
		if num(na["totalPence"]) != 407000 || num(ty["loansPence"]) != 5_000_000 {
			t.Errorf("not allowable %v, loans %v", na["totalPence"], ty["loansPence"])
		}
		q := list(ty["quarters"])
		if len(q) != 4 || obj(q[0])["start"] != "2026-04-06" || obj(q[0])["end"] != "2026-07-05" || obj(q[3])["end"] != "2027-04-05" {
			t.Fatalf("quarters: %v", q)
		}
		if num(obj(q[0])["incomePence"]) != 105000 || num(obj(q[1])["expensesPence"]) != 36000 || num(obj(q[2])["expensesPence"]) != 12000+9000 ||
			num(obj(q[3])["incomePence"]) != 200000 || num(obj(q[3])["expensesPence"]) != 4000+3000 {
			t.Errorf("quarter totals: %v", q)
		}
		mtd := obj(ty["mtd"])
		if num(mtd["thresholdPence"]) != 2_000_000 || mtd["appliesFrom"] != "2028-04-06" || mtd["crosses"] != false {
			t.Errorf("MTD for 2026-27: %v", mtd)
		}
		if notes := list(obj(ty["allowances"])["notes"]); len(notes) < 2 || !strings.Contains(notes[len(notes)-1].(string), "20%") {
			t.Errorf("notes: %v", notes)
		}
		// The years around the boundaries.
		if y := taxYear(t, c, "year=2025"); num(y["incomeTotalPence"]) != 1 {
			t.Errorf("2025-26: %v", y["incomeTotalPence"])
		}
		if y := taxYear(t, c, ""); y["year"] != float64(2027) || num(y["incomeTotalPence"]) != 2 {
			t.Errorf("current year: %v %v", y["year"], y["incomeTotalPence"])
		}
		if yrs := list(ty["years"]); len(yrs) != 3 || yrs[0] != float64(2025) || yrs[2] != float64(2027) {
			t.Errorf("years: %v", yrs)
		}
		// Per property.
		if y := taxYear(t, c, "year=2026&propertyId="+p[1]); num(y["incomeTotalPence"]) != 200000 || num(y["expensesTotalPence"]) != 12000 {
			t.Errorf("one property: %v %v", y["incomeTotalPence"], y["expensesTotalPence"])
		}
		// Each category links to its transactions.
		r := c.Get("/api/wallet/transactions?from=2026-04-06&to=2027-04-05&box=25")
		if num(r.Body["total"]) != 1 {
			t.Errorf("box 25 link: %s", r.Raw)
		}
		// Its sum is the box's figure: every box's list adds up to the tax year's amount for it.
		for _, g := range list(ty["income"]) {
			b := obj(g)
			l := c.Get("/api/wallet/transactions?from=2026-04-06&to=2027-04-05&box=" + b["box"].(string))
			if m := obj(l.Body["money"]); num(m["revenuePence"]) != num(b["totalPence"]) {
				t.Errorf("income box %v: list sums %v, tax year %v", b["box"], m, b["totalPence"])
			}
		}
		for _, g := range list(ty["expenses"]) {
			b := obj(g)
			l := c.Get("/api/wallet/transactions?from=2026-04-06&to=2027-04-05&box=" + b["box"].(string))
			if m := obj(l.Body["money"]); num(m["expensesPence"]) != num(b["totalPence"]) {
				t.Errorf("expense box %v: list sums %v, tax year %v", b["box"], m, b["totalPence"])
			}
		}
		// The list names each entry's property, as the overview does.
		for _, it := range list(r.Body["items"]) {
			if obj(obj(it)["transaction"])["propertyLabel"] == "" {
				t.Errorf("no property label: %s", r.Raw)
			}
		}
		r = c.Get("/api/wallet/transactions?from=2026-04-06&to=2027-04-05&category=Mortgage%20and%20loan%20interest")
		if num(r.Body["total"]) != 2 {
			t.Errorf("category link: %s", r.Raw)
		}
		other, _ := landlord(t, e, "other@example.com", 0)
		if r := other.Get("/api/wallet/tax-year?year=2026&propertyId=" + p[0]); r.Status != 404 {
			t.Errorf("another landlord's property: %d", r.Status)
		}
	})
}

// Making Tax Digital: 2024-25's income over 50,000 pounds brings it in
// from 6 April 2026; 2025-26's over 30,000 from 6 April 2027.
func TestMakingTaxDigitalThreshold(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		add(t, c, entry("income", p[0], "Rent", 5_000_000, "2024-05-01")) // exactly 50,000: not over
		add(t, c, entry("income", p[0], "Rent", 3_000_001, "2025-05-01")) // over 30,000
		m := obj(taxYear(t, c, "year=2024")["mtd"])
		if m["crosses"] != false || num(m["thresholdPence"]) != 5_000_000 || m["appliesFrom"] != "2026-04-06" || !strings.Contains(m["message"].(string), "not over") {
			t.Errorf("2024-25 at the threshold: %v", m)
		}
		add(t, c, entry("income", p[0], "Utilities", 1, "2025-04-05"))
		m = obj(taxYear(t, c, "year=2024")["mtd"])
		if m["crosses"] != true || !strings.Contains(m["message"].(string), "6 April 2026") {
			t.Errorf("2024-25 over: %v", m)
		}
		m = obj(taxYear(t, c, "year=2025")["mtd"])
		if m["crosses"] != true || num(m["thresholdPence"]) != 3_000_000 || m["appliesFrom"] != "2027-04-06" {
			t.Errorf("2025-26: %v", m)
		}
		// 2023-24's income, however large, does not bring it in.
		add(t, c, entry("income", p[0], "Rent", 9_000_000, "2023-05-01"))
		m = obj(taxYear(t, c, "year=2023")["mtd"])
		if m["crosses"] != false || m["appliesFrom"] != "2026-04-06" || !strings.Contains(m["message"].(string), "does not decide it") {
			t.Errorf("2023-24: %v", m)
		}
		// No threshold is announced for 2029 yet: the latest is used, and said.
		m = obj(taxYear(t, c, "year=2027")["mtd"])
		if num(m["thresholdPence"]) != 2_000_000 || m["appliesFrom"] != "2029-04-06" || !strings.Contains(m["message"].(string), "no threshold is announced") {
			t.Errorf("2027-28: %v", m)
		}
	})
}

// The CSV reads back with the accountant's columns; the tax-year CSV too.
func TestCSVReadsBack(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		add(t, c, entry("income", p[0], "Rent", 185000, "2026-10-01", "description", "October rent, flat 1"))
		add(t, c, entry("expense", p[0], "Maintenance and repairs costs", 12050, "2026-10-15", "vat", "add", "vatPence", 2410,
			"description", "=HYPERLINK(\"x\")", "recoverable", true, "debtor", "Tom Tenant", "recoverPence", 5000))
		add(t, c, entry("expense", p[0], "Service costs", 1000, "2026-10-20", "frequency", "weekly"))
		r := c.Get("/api/wallet/export/transactions.csv?from=2026-10-01&to=2026-10-31")
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") || !strings.Contains(r.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("csv: %d %v", r.Status, r.Header)
		}
		rows, err := csv.NewReader(strings.NewReader(r.Raw)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(rows[0], "|") != strings.Join(wallet.TransactionsHeader, "|") {
			t.Errorf("header: %v", rows[0])
		}
		if len(rows) != 1+2+2 { // rent, repair, and the weekly costs of the 20th and 27th
			t.Fatalf("rows: %v", rows)
		}
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		rent, repair := rows[1], rows[2]
		if rent[col["Date"]] != "2026-10-01" || rent[col["Description"]] != "October rent, flat 1" || rent[col["Gross"]] != "1850.00" ||
			rent[col["SA105 box"]] != "20" || rent[col["Property"]] != "12 Lavender Hill, London" {
			t.Errorf("rent row: %v", rent)
		}
		if repair[col["Net"]] != "120.50" || repair[col["VAT"]] != "24.10" || repair[col["Gross"]] != "144.60" || repair[col["Recoverable amount"]] != "50.00" ||
			repair[col["Debtor"]] != "Tom Tenant" || repair[col["Paid"]] != "Yes" || !strings.HasPrefix(repair[col["Description"]], "'=") {
			t.Errorf("repair row: %v", repair)
		}
		if rows[3][col["Date"]] != "2026-10-20" || rows[4][col["Date"]] != "2026-10-27" {
			t.Errorf("weekly rows: %v %v", rows[3], rows[4])
		}
		var total int64
		for _, row := range rows[1:] {
			pence, _ := strconv.ParseFloat(row[col["Gross"]], 64)
			total += int64(pence*100 + 0.5)
		}
		if total != 185000+14460+2000 {
			t.Errorf("gross read back: %d", total)
		}
		r = c.Get("/api/wallet/export/tax-year.csv?year=2026")
		rows, err = csv.NewReader(strings.NewReader(r.Raw)).ReadAll()
		if r.Status != 200 || err != nil || rows[0][0] != "Section" {
			t.Fatalf("tax-year csv: %d %v", r.Status, err)
		}
		found := false
		for _, row := range rows {
			if row[0] == "Income" && row[2] == "Rent" && row[3] == "1850.00" {
				found = true
			}
		}
		if !found {
			t.Errorf("tax-year csv lacks the rent: %v", rows)
		}
	})
}

// Invoices are checked by content, stored, viewable, and zipped per tax year.
func TestInvoicesByContentAndZIP(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, p := landlord(t, e, "lord@example.com", 1)
		a := add(t, c, entry("expense", p[0], "Maintenance and repairs costs", 12000, "2026-10-15"))
		b := add(t, c, entry("income", p[0], "Rent", 185000, "2026-10-01"))
		old := add(t, c, entry("income", p[0], "Rent", 185000, "2025-10-01"))
		pdf := []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
		pic := imagingtest.PNG(t, 40, 30)
		ia := "/api/wallet/transactions/" + a["id"].(string) + "/invoice"
		ib := "/api/wallet/transactions/" + b["id"].(string) + "/invoice"
		for _, bad := range []struct{ name, ctype, data string }{
			{"invoice.pdf", "application/pdf", "<html><script>alert(1)</script></html>"},
			{"photo.png", "image/png", "GIF89a\x01\x00\x01\x00"},
			{"empty.pdf", "application/pdf", ""},
		} {
			if r := upload(t, c, ia, bad.name, bad.ctype, []byte(bad.data)); r.Status != 400 {
				t.Errorf("%s: %d %s", bad.name, r.Status, r.Raw)
			}
		}
		// The name and declared type do not matter: the bytes do.
		r := upload(t, c, ia, "scan.png", "image/png", pdf)
		if r.Status != 200 || obj(obj(r.Body["transaction"])["invoice"])["contentType"] != "application/pdf" {
			t.Fatalf("pdf: %d %s", r.Status, r.Raw)
		}
		if r := upload(t, c, ib, "receipt.pdf", "application/pdf", pic); r.Status != 200 || obj(obj(r.Body["transaction"])["invoice"])["contentType"] != "image/png" {
			t.Fatalf("png: %d %s", r.Status, r.Raw)
		}
		if r := upload(t, c, "/api/wallet/transactions/"+old["id"].(string)+"/invoice", "old.pdf", "application/pdf", pdf); r.Status != 200 {
			t.Fatalf("old: %d", r.Status)
		}
		got := c.Get(ia)
		if got.Status != 200 || got.Raw != string(pdf) || got.Header.Get("Content-Type") != "application/pdf" || got.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("view: %d %v", got.Status, got.Header)
		}
		other, op := landlord(t, e, "other@example.com", 1)
		if r := other.Get(ia); r.Status != 404 {
			t.Errorf("another landlord's invoice: %d", r.Status)
		}
		// Another landlord's ZIP holds none of the owner's invoices, whatever property is asked for.
		for _, q := range []string{"", "&propertyId=" + p[0]} {
			if r := other.Get("/api/wallet/export/invoices.zip?year=2026" + q); r.Status != 404 || r.ErrorCode() != "no_invoices" {
				t.Errorf("another landlord's zip%s: %d %s", q, r.Status, r.Raw)
			}
		}
		if r := c.Get("/api/wallet/export/invoices.zip?year=2026&propertyId=" + op[0]); r.Status != 404 {
			t.Errorf("the owner's zip of another's property: %d", r.Status)
		}
		// The 2026-27 ZIP: the two invoices of that year, not the old one.
		z := c.Get("/api/wallet/export/invoices.zip?year=2026")
		if z.Status != 200 || z.Header.Get("Content-Type") != "application/zip" {
			t.Fatalf("zip: %d %s", z.Status, z.Raw)
		}
		zr, err := zip.NewReader(bytes.NewReader([]byte(z.Raw)), int64(len(z.Raw)))
		if err != nil || len(zr.File) != 2 {
			t.Fatalf("zip entries: %v %v", err, zr)
		}
		for _, f := range zr.File {
			rc, _ := f.Open()
			data, _ := io.ReadAll(rc)
			rc.Close()
			switch {
			case strings.HasSuffix(f.Name, ".pdf"):
				if string(data) != string(pdf) || !strings.HasPrefix(f.Name, "2026-10-15_Maintenance-and-repairs-costs_") {
					t.Errorf("pdf in zip: %s", f.Name)
				}
			case strings.HasSuffix(f.Name, ".png"):
				if _, err := png.Decode(bytes.NewReader(data)); err != nil {
					t.Errorf("png in zip: %v", err)
				}
			default:
				t.Errorf("zip entry %s", f.Name)
			}
		}
		if r := c.Get("/api/wallet/export/invoices.zip?year=2020"); r.Status != 404 || r.ErrorCode() != "no_invoices" {
			t.Errorf("empty year: %d %s", r.Status, r.Raw)
		}
		// A stored file gone missing (being replaced, or lost) leaves that
		// invoice out; the ZIP still comes with the others.
		var key string
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT invoice_key FROM wallet_transactions WHERE invoice_name LIKE '%.png' AND invoice_key <> ''`).Scan(&key); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Files.Delete(context.Background(), key); err != nil {
			t.Fatal(err)
		}
		z = c.Get("/api/wallet/export/invoices.zip?year=2026")
		if zr, err := zip.NewReader(bytes.NewReader([]byte(z.Raw)), int64(len(z.Raw))); z.Status != 200 || err != nil || len(zr.File) != 1 || !strings.HasSuffix(zr.File[0].Name, ".pdf") {
			t.Fatalf("zip without the lost file: %d %v %s", z.Status, err, z.Raw)
		}
		// Removing the invoice, and deleting the entry.
		if r := c.Do(http.MethodDelete, ib, nil); r.Status != 200 || obj(r.Body["transaction"])["invoice"] != nil {
			t.Errorf("remove: %d %s", r.Status, r.Raw)
		}
		if r := c.Get(ib); r.Status != 404 {
			t.Errorf("removed invoice: %d", r.Status)
		}
		if r := c.Do(http.MethodDelete, "/api/wallet/transactions/"+a["id"].(string), nil); r.Status != 204 {
			t.Errorf("delete: %d", r.Status)
		}
		if r := c.Get(ia); r.Status != 404 {
			t.Errorf("deleted entry's invoice: %d", r.Status)
		}
	})
}

// Issue 26: on 26 November a monthly letting fee from 5 May counted all
// ten occurrences of the year (to 5 March) as paid, and the January to
// April quarter already held money. Entries dated after today are
// scheduled: they count once their date has come, the page says how much
// is still to come, and the box, its list and the quarters agree.
func TestTaxYearCountsOnlyWhatIsDue(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2026-11-26 12:00"))
		c, p := landlord(t, e, "lord@example.com", 1)
		add(t, c, entry("expense", p[0], "Letting agent and management fees", 18500, "2026-05-05", "frequency", "monthly"))
		add(t, c, entry("income", p[0], "Rent", 120000, "2026-12-01")) // a one-off dated next month
		ty := taxYear(t, c, "year=2026")
		fees := boxes(list(ty["expenses"]))["27"]
		// 5 May .. 5 November: seven occurrences have come.
		if num(fees["totalPence"]) != 7*18500 || num(obj(list(fees["categories"])[0])["count"]) != 7 {
			t.Errorf("letting fees box: %v", fees)
		}
		if num(ty["incomeTotalPence"]) != 0 {
			t.Errorf("income dated next month counted: %v", ty["incomeTotalPence"])
		}
		var qExp, qInc int64
		for _, q := range list(ty["quarters"]) {
			qExp += num(obj(q)["expensesPence"])
			qInc += num(obj(q)["incomePence"])
			if obj(q)["start"].(string) > "2026-11-26" && (num(obj(q)["expensesPence"]) != 0 || num(obj(q)["incomePence"]) != 0) {
				t.Errorf("a quarter after today holds money: %v", q)
			}
		}
		if qExp != num(ty["expensesTotalPence"]) || qInc != num(ty["incomeTotalPence"]) {
			t.Errorf("quarters %d/%d, totals %v/%v", qInc, qExp, ty["incomeTotalPence"], ty["expensesTotalPence"])
		}
		sch := obj(ty["scheduled"])
		// 5 December .. 5 April: five fees; the rent of 1 December.
		if ty["countedTo"] != "2026-11-26" || num(sch["expensesPence"]) != 5*18500 || num(sch["incomePence"]) != 120000 || num(sch["count"]) != 6 {
			t.Errorf("scheduled: %v counted to %v", sch, ty["countedTo"])
		}
		// The box's list: the scheduled occurrences are shown as such and
		// left out of its sum, which is the box's.
		r := c.Get("/api/wallet/transactions?from=2026-04-06&to=2027-04-05&box=27")
		if r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if num(obj(r.Body["money"])["expensesPence"]) != num(fees["totalPence"]) {
			t.Errorf("list sum %v, box %v", r.Body["money"], fees["totalPence"])
		}
		scheduled := 0
		for _, it := range list(r.Body["items"]) {
			if obj(it)["scheduled"] == true {
				scheduled++
				if obj(it)["occurrenceDate"].(string) <= "2026-11-26" {
					t.Errorf("a past occurrence marked scheduled: %v", obj(it)["occurrenceDate"])
				}
			}
		}
		if len(list(r.Body["items"])) != 12 || scheduled != 5 || num(obj(r.Body["scheduled"])["expensesPence"]) != 5*18500 {
			t.Errorf("list: %d items, %d scheduled, %v", len(list(r.Body["items"])), scheduled, r.Body["scheduled"])
		}
		// A past tax year is counted to its end.
		if last := taxYear(t, c, "year=2025"); last["countedTo"] != "2026-04-05" || num(obj(last["scheduled"])["count"]) != 0 {
			t.Errorf("last year: %v %v", last["countedTo"], last["scheduled"])
		}
	})
}

// Northern Ireland's homes pay domestic rates, not council tax. A landlord
// there had no category for them but "Other", totalled in box 29; rates go
// in box 24 with council tax ("Rent, rates, insurance, ground rents etc.").
func TestNorthernIrishRatesGoInBox24(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(at("2027-06-01 09:00"))
		c, p := landlord(t, e, "belfast@example.com", 1)
		add(t, c, entry("expense", p[0], "Rates (Northern Ireland)", 95000, "2026-10-06"))
		ex := boxes(list(taxYear(t, c, "year=2026")["expenses"]))
		if num(ex["24"]["totalPence"]) != 95000 || num(ex["29"]["totalPence"]) != 0 {
			t.Errorf("rates: box 24 %v, box 29 %v", ex["24"]["totalPence"], ex["29"]["totalPence"])
		}
	})
}
