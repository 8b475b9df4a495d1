package contract_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// nationForm is a complete nation agreement's answers.
func nationForm(details map[string]any, rentPence, depositPence int64, scheme, start, firstIncrease, terms string) map[string]any {
	return map[string]any{
		"landlord":       map[string]any{"first": "Lara", "last": "Lord"},
		"serviceAddress": map[string]any{"line1": "1 Office Row", "town": "Glasgow", "postcode": "G1 1XQ", "country": "United Kingdom"},
		"tenants":        []any{map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"}},
		"nation": map[string]any{"details": details, "startDate": start, "rentPence": rentPence, "rentPeriod": "monthly",
			"depositPence": depositPence, "scheme": scheme, "firstIncrease": firstIncrease, "additionalTerms": terms},
	}
}

func saveNation(c *apptest.Client, id string, a map[string]any) apptest.Response {
	return c.Do(http.MethodPut, "/api/contracts/"+id+"/nation", a)
}

func nationOfBody(t testing.TB, body map[string]any) map[string]any {
	t.Helper()
	n, ok := body["nation"].(map[string]any)
	if !ok {
		t.Fatalf("no nation in %v", body)
	}
	return n
}

// Issue 46: a property in Scotland, Wales or Northern Ireland gets a draft
// that follows its nation's rules. The server refuses what each nation's
// law forbids, naming the rule's source, and keeps the answers; no
// document is made while the nation's prescribed text is not held, and the
// refusal names the missing parts and the government's own generator.
func TestNationDrafts(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("lord@example.com", "Secret#123", "Landlord")

		// Scotland: two months' rent is the most a deposit can be.
		ed := newDraft(t, c, propertyAt(t, c, "1 Royal Mile", "Edinburgh", "EH1 2NG"))
		n := nationOfBody(t, ed)
		if ed["jurisdiction"] != "Scotland" || n["vocabulary"].(map[string]any)["landlordNotice"] != "notice to leave" || n["canGenerate"] != false {
			t.Fatalf("Edinburgh draft: %v %v", ed["jurisdiction"], n)
		}
		id := ed["id"].(string)
		reg := map[string]any{"landlordRegistration": "123456/123/12345"}
		r := saveNation(c, id, nationForm(reg, 100000, 200001, "SafeDeposits Scotland", "2026-12-10", "", ""))
		want := "The deposit can be at most 2 months' rent (£2,000.00) under the Rent (Scotland) Act 1984."
		if r.Status != http.StatusBadRequest || r.FieldError("nation.depositPence") != want {
			t.Fatalf("Scottish deposit over the cap: %d %s", r.Status, r.Raw)
		}
		got := c.Get("/api/contracts/" + id)
		if kept := got.Body["contract"].(map[string]any)["answers"].(map[string]any)["nation"].(map[string]any); kept["depositPence"] != float64(200001) ||
			kept["details"].(map[string]any)["landlordRegistration"] != "123456/123/12345" {
			t.Errorf("answers lost: %v", kept)
		}
		// An English scheme, a fee and a bad registration number.
		r = saveNation(c, id, nationForm(map[string]any{"landlordRegistration": "12345"}, 100000, 100000, "Deposit Protection Service", "2026-12-10", "",
			"A renewal fee of £100 is payable each year."))
		if r.Status != http.StatusBadRequest || !strings.Contains(r.FieldError("nation.scheme"), "SafeDeposits Scotland") ||
			!strings.Contains(r.FieldError("nation.additionalTerms"), "Rent (Scotland) Act 1984, sections 82 and 90") ||
			!strings.Contains(r.FieldError("nation.details.landlordRegistration"), "does not look right") {
			t.Errorf("Scottish scheme, premium and number: %d %s", r.Status, r.Raw)
		}
		r = saveNation(c, id, nationForm(map[string]any{"landlordRegistration": "pending"}, 100000, 200000, "SafeDeposits Scotland", "2026-12-10", "2027-03-01", ""))
		if r.Status != http.StatusOK {
			t.Fatalf("lawful Scottish answers: %d %s", r.Status, r.Raw)
		}
		dl := nationOfBody(t, r.Body["contract"].(map[string]any))["deadlines"].([]any)
		if len(dl) != 2 || dl[0].(map[string]any)["when"] != "Thu 10 Dec 2026" {
			t.Errorf("Scottish deadlines: %v", dl)
		}
		doc := c.Get("/api/contracts/" + id + "/document")
		if doc.Status != http.StatusBadRequest || doc.ErrorCode() != "nation_text_missing" ||
			!strings.Contains(doc.ErrorMessage(), "https://www.mygov.scot/tenancy-agreement-scotland/") ||
			!strings.Contains(doc.ErrorMessage(), "SSI 2017/408") {
			t.Errorf("Scottish document: %d %s", doc.Status, doc.Raw)
		}
		if code := c.Post("/api/contracts/"+id+"/signing/code", nil); code.Status == http.StatusOK {
			t.Errorf("a signing code for a document that cannot be made: %s", code.Raw)
		}

		// Wales: from 1 June 2026 no term may restrict children.
		cf := newDraft(t, c, propertyAt(t, c, "2 Castle Street", "Cardiff", "CF10 1EP"))
		if v := nationOfBody(t, cf)["vocabulary"].(map[string]any); v["tenant"] != "contract-holder" || v["startDate"] != "occupation date" {
			t.Errorf("Welsh words: %v", v)
		}
		rsw := map[string]any{"rentSmartRegistration": "RSW12345", "rentSmartLicence": "LL-12345"}
		r = saveNation(c, cf["id"].(string), nationForm(rsw, 90000, 100000, "Tenancy Deposit Scheme", "2026-12-10", "", "No children may live at the property."))
		if r.Status != http.StatusBadRequest || !strings.Contains(r.FieldError("nation.additionalTerms"), "section 54A") ||
			strings.Contains(r.FieldError("nation.additionalTerms"), "Renters' Rights Act 2025 (discrimination") {
			t.Errorf("Welsh children term: %d %s", r.Status, r.Raw)
		}
		if r = saveNation(c, cf["id"].(string), nationForm(rsw, 90000, 100000, "Tenancy Deposit Scheme", "2026-12-10", "", "")); r.Status != http.StatusOK ||
			nationOfBody(t, r.Body["contract"].(map[string]any))["depositWarning"] != "" {
			t.Errorf("lawful Welsh answers: %d %s", r.Status, r.Raw)
		}
		// No Welsh cap: a deposit above five weeks' rent is warned of, not refused.
		r = saveNation(c, cf["id"].(string), nationForm(rsw, 90000, 200000, "Tenancy Deposit Scheme", "2026-12-10", "", ""))
		if w, _ := nationOfBody(t, r.Body["contract"].(map[string]any))["depositWarning"].(string); r.Status != http.StatusOK || !strings.Contains(w, "more than 5 weeks' rent (£1,038.46)") {
			t.Errorf("Welsh deposit above five weeks: %d %s", r.Status, r.Raw)
		}
		r = saveNation(c, cf["id"].(string), nationForm(map[string]any{}, 90000, 0, "", "2026-12-10", "", ""))
		if !strings.Contains(r.FieldError("nation.details.rentSmartRegistration"), "Housing (Wales) Act 2014") {
			t.Errorf("Welsh registration missing: %d %s", r.Status, r.Raw)
		}

		// Northern Ireland: no rent increase within 12 months of the grant.
		bt := newDraft(t, c, propertyAt(t, c, "3 Donegall Place", "Belfast", "BT1 5GS"))
		ni := map[string]any{"landlordRegistration": "NI123456", "ratesPayer": "tenant", "ratesAmount": "1200.00", "capitalValue": "150000"}
		r = saveNation(c, bt["id"].(string), nationForm(ni, 80000, 80000, "TDS Northern Ireland", "2026-12-10", "2027-06-10", ""))
		want = "In Northern Ireland the rent cannot go up before Fri 10 Dec 2027, 12 months after the start date: Private Tenancies (Northern Ireland) Order 2006, Articles 5D and 5E"
		if r.Status != http.StatusBadRequest || !strings.HasPrefix(r.FieldError("nation.firstIncrease"), want) {
			t.Errorf("NI increase inside 12 months: %d %s", r.Status, r.Raw)
		}
		r = saveNation(c, bt["id"].(string), nationForm(ni, 80000, 80001, "TDS Northern Ireland", "2026-12-10", "2027-12-10", ""))
		if !strings.Contains(r.FieldError("nation.depositPence"), "Private Tenancies Act (Northern Ireland) 2022") || r.FieldError("nation.firstIncrease") != "" {
			t.Errorf("NI deposit over one month: %d %s", r.Status, r.Raw)
		}

		// Wales and Northern Ireland: no document either, each naming its own missing text and generator.
		for id, want := range map[string][]string{
			cf["id"].(string): {"sections 54A (children) and 54B (benefit claimants)", "https://www.gov.wales/landlords-housing-law-has-changed-renting-homes"},
			bt["id"].(string): {"SR 2023/19", "https://www.housingrights.org.uk/landlords/preparing-rent/tenancy-agreement"},
		} {
			doc := c.Get("/api/contracts/" + id + "/document")
			if doc.Status != http.StatusBadRequest || doc.ErrorCode() != "nation_text_missing" ||
				!strings.Contains(doc.ErrorMessage(), want[0]) || !strings.Contains(doc.ErrorMessage(), want[1]) {
				t.Errorf("document: %d %s", doc.Status, doc.Raw)
			}
			if pdf := c.Get("/api/contracts/" + id + "/pdf"); pdf.Status == http.StatusOK {
				t.Errorf("a PDF without the prescribed text: %d", pdf.Status)
			}
		}

		// A border district: the landlord chooses Scotland, and the draft
		// follows Scotland's rules from then on.
		td := newDraft(t, c, propertyAt(t, c, "4 Marygate", "Berwick-upon-Tweed", "TD15 1AA"))
		if _, has := td["nation"]; has || td["askJurisdiction"] != true {
			t.Fatalf("border draft before the answer: %v", td)
		}
		r = step(c, td["id"].(string), "jurisdiction", with(answers(), "jurisdiction", "Scotland"))
		if r.Status != http.StatusOK || nationOfBody(t, r.Body["contract"].(map[string]any))["jurisdiction"] != "Scotland" {
			t.Errorf("border as Scotland: %d %s", r.Status, r.Raw)
		}
		if r = step(c, td["id"].(string), "jurisdiction", with(answers(), "jurisdiction", "Wales")); r.Status != http.StatusBadRequest {
			t.Errorf("border TD15 as Wales: %d %s", r.Status, r.Raw)
		}
		// The landlord may change their mind: England's wizard again, and no nation part kept.
		r = step(c, td["id"].(string), "jurisdiction", with(with(answers(), "jurisdiction", "England"), "nation", map[string]any{"depositPence": 1}))
		if _, has := r.Body["contract"].(map[string]any)["nation"]; r.Status != http.StatusOK || has || r.Body["contract"].(map[string]any)["step"] != "contractType" {
			t.Errorf("border back to England: %d %s", r.Status, r.Raw)
		}

		// England carries no nation part, and its steps refuse one.
		london := newDraft(t, c, propertyAt(t, c, "12 Lavender Hill", "London", "SW11 5RW"))
		if _, has := london["nation"]; has {
			t.Errorf("England draft has a nation part: %v", london["nation"])
		}
		r = step(c, london["id"].(string), "landlord", with(answers(), "nation", map[string]any{"depositPence": 1}))
		if _, has := r.Body["contract"].(map[string]any)["answers"].(map[string]any)["nation"]; r.Status != http.StatusOK || has {
			t.Errorf("England answers kept a nation part: %d %s", r.Status, r.Raw)
		}
		if r = saveNation(c, london["id"].(string), nationForm(reg, 100000, 0, "", "2026-12-10", "", "")); r.Status != http.StatusConflict {
			t.Errorf("nation answers for England: %d %s", r.Status, r.Raw)
		}
	})
}
