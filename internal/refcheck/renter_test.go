package refcheck_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// paidCheck buys and pays a check for two renters and returns the landlord,
// the check id and the renters' ids.
func paidCheck(t *testing.T, e *apptest.Env) (*apptest.Client, string, []string) {
	t.Helper()
	c, pid := landlord(t, e, "lord@example.com")
	id, renters := paidCheckOf(t, e, c, pid)
	return c, id, renters
}

func paidCheckOf(t *testing.T, e *apptest.Env, c *apptest.Client, pid string) (string, []string) {
	t.Helper()
	r := c.Post("/api/reference-checks", form(pid, renter("Ann Renter", "ann@example.com"), renter("Bob Renter", "bob@example.com")))
	check := r.Body["referenceCheck"].(map[string]any)
	e.Clock.Advance(time.Second)
	if r := c.Post("/api/orders/"+check["orderId"].(string)+"/sandbox-payment", goodCard); r.Status != 200 {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	var ids []string
	for _, x := range check["renters"].([]any) {
		ids = append(ids, x.(map[string]any)["id"].(string))
	}
	return check["id"].(string), ids
}

var declaration = map[string]any{"mobile": "07700900123", "dob": "01/12/1996", "estIncome": "2700", "prevLandlordEmail": "old@agent.example",
	"pet": true, "smoking": true, "rightToRentDoc": true, "agreeTnC": true}

func decl(k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range declaration {
		out[key] = val
	}
	out[k] = v
	return out
}

func TestRenterLinkIsScoped(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com")
		unpaid := c.Post("/api/reference-checks", form(pid, renter("Cy", "cy@example.com"))).Body["referenceCheck"].(map[string]any)
		unpaidRenter := unpaid["renters"].([]any)[0].(map[string]any)["id"].(string)
		checkID, renters := paidCheckOf(t, e, c, pid)
		visitor := e.NewClient()
		page := func(check, renter string) apptest.Response {
			return visitor.Get("/api/renter-checks/" + check + "/renters/" + renter)
		}
		if r := page(checkID, renters[0]); r.Status != 200 || r.Body["name"] != "Ann Renter" || r.Body["step"] != "form" {
			t.Fatalf("own link: %d %s", r.Status, r.Raw)
		}
		for _, bad := range [][2]string{{checkID, unpaidRenter}, {unpaid["id"].(string), unpaidRenter}, {checkID, "nope"}, {"nope", renters[0]}} {
			if r := page(bad[0], bad[1]); r.Status != http.StatusNotFound || r.ErrorMessage() != refcheck.MsgLinkInvalid {
				t.Errorf("%v: %d %s", bad, r.Status, r.Raw)
			}
		}
	})
}

func TestSelfDeclarationRules(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		_, checkID, renters := paidCheck(t, e)
		path := "/api/renter-checks/" + checkID + "/renters/" + renters[0] + "/declaration"
		v := e.NewClient()
		for _, tc := range []struct {
			body map[string]any
			msg  string
		}{
			{decl("mobile", ""), refcheck.MsgMobileIncome},
			{decl("estIncome", " "), refcheck.MsgMobileIncome},
			{decl("agreeTnC", false), refcheck.MsgTerms},
			{decl("dob", "01//1996"), refcheck.MsgDOB},
			{decl("mobile", "07700 900123"), refcheck.MsgNumbers},
			{decl("estIncome", "2,700"), refcheck.MsgNumbers},
			{decl("dob", "01/12/2010"), refcheck.MsgDOBInvalid}, // under 18 on 2 November 2026
			{decl("dob", "31/02/1990"), refcheck.MsgDOBInvalid},
		} {
			if r := v.Post(path, tc.body); r.Status != http.StatusBadRequest || r.ErrorMessage() != tc.msg {
				t.Errorf("%v: %d %s", tc.body, r.Status, r.Raw)
			}
		}
		first := v.Post(path, declaration)
		second := v.Post(path, decl("estIncome", "9999"))
		if first.Status != 200 || second.Body["url"] != first.Body["url"] || !strings.Contains(first.Body["url"].(string), "/sandbox-bank/consent?") {
			t.Fatalf("declare twice: %s / %s", first.Raw, second.Raw)
		}
		if r := v.Get("/api/renter-checks/" + checkID + "/renters/" + renters[0]); r.Body["step"] != "bank" {
			t.Fatalf("after declaring: %s", r.Raw)
		}
	})
}

// consent plays the renter in the sandbox bank: it answers the callback URL.
func consent(t *testing.T, v *apptest.Client, consentURL, persona, decision string) string {
	t.Helper()
	u, _ := url.Parse(consentURL)
	page := v.Get(u.Path + "?" + u.RawQuery)
	if page.Status != 200 || !strings.Contains(page.Raw, "Sandbox bank for trying OmniRent") || !strings.Contains(page.Raw, "Frequent gambling") {
		t.Fatalf("consent page: %d %.200s", page.Status, page.Raw)
	}
	form := url.Values{"state": {u.Query().Get("state")}, "name": {u.Query().Get("name")}, "persona": {persona}, "decision": {decision}}
	res := postForm(t, v, u.Path, form)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("consent post: %d", res.StatusCode)
	}
	return res.Header.Get("Location")
}

func postForm(t *testing.T, v *apptest.Client, path string, form url.Values) *http.Response {
	t.Helper()
	noFollow := *v.HTTP
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	req, _ := http.NewRequest("POST", v.URL(path), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

func get(t *testing.T, v *apptest.Client, path string) *http.Response {
	t.Helper()
	noFollow := *v.HTTP
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noFollow.Get(v.URL(path))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

func TestFromDeclarationToReport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		lord, checkID, renters := paidCheck(t, e)
		ann := renters[0]
		v := e.NewClient()
		next := v.Post("/api/renter-checks/"+checkID+"/renters/"+ann+"/declaration", declaration).Body["url"].(string)

		// Cancelling at the bank brings the renter back to try again.
		back := consent(t, v, next, "salaried", "cancel")
		res := get(t, v, back)
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/initiateRefCheck/"+ann+"/"+checkID+"?bank=cancelled" {
			t.Fatalf("cancel: %d %q", res.StatusCode, loc)
		}
		next = v.Post("/api/renter-checks/"+checkID+"/renters/"+ann+"/bank", nil).Body["url"].(string)
		back = consent(t, v, next, "salaried", "allow")
		if res := get(t, v, back); res.Header.Get("Location") != "/initiateRefCheck/"+ann+"/"+checkID {
			t.Fatalf("callback: %d %q", res.StatusCode, res.Header.Get("Location"))
		}
		if r := v.Get("/api/renter-checks/" + checkID + "/renters/" + ann); r.Body["step"] != "processing" {
			t.Fatalf("while processing: %s", r.Raw)
		}
		e.Clock.Advance(time.Second)
		e.RunJobs()

		// The renter sees their own report; the landlord has it under Completed.
		mine := v.Get("/api/renter-checks/" + checkID + "/renters/" + ann)
		if mine.Body["step"] != "complete" || mine.Body["report"].(map[string]any)["rating"] != "Pass" {
			t.Fatalf("renter after: %s", mine.Raw)
		}
		completed := lord.Get("/api/reference-reports?status=completed").Body["reports"].([]any)
		if len(completed) != 1 || completed[0].(map[string]any)["status"] != string(refcheck.ProcessComplete) {
			t.Fatalf("completed: %v", completed)
		}
		rep := lord.Get("/api/reference-checks/" + checkID + "/renters/" + ann + "/report")
		figures := rep.Body["report"].(map[string]any)
		// Rent 1,850 shared by two renters: 925.00; 31,800 a year / 925 = 34.4.
		if figures["verifiedMonthlyPence"] != 265000.0 || figures["rentSharePence"] != 92500.0 || figures["affordabilityRatio"] != 34.4 ||
			figures["nameMatches"] != true || figures["age"] != 29.0 {
			t.Fatalf("report: %s", rep.Raw)
		}
		// The receipt's job may send it at the same clock time, so the
		// report's e-mail is found by its subject among the newest.
		msgs, _ := e.App.Mail.Outbox(context.Background(), "lord@example.com", 5)
		reports := 0
		for _, m := range msgs {
			if strings.Contains(m.Subject, "Reference report for Ann Renter") {
				reports++
				if !strings.Contains(m.Subject, "Reference report for Ann Renter: Pass") || !strings.Contains(m.Text, "/reports/"+checkID+"/"+ann) {
					t.Fatalf("report e-mail: %s\n%s", m.Subject, m.Text)
				}
			}
		}
		if reports != 1 {
			t.Fatalf("%d report e-mails to the landlord", reports)
		}
		pdf := lord.Get("/api/reference-checks/" + checkID + "/renters/" + ann + "/report.pdf")
		if pdf.Status != 200 || pdf.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(pdf.Raw, "%PDF-") || len(pdf.Raw) < 2000 {
			t.Fatalf("pdf: %d %v %d bytes", pdf.Status, pdf.Header, len(pdf.Raw))
		}

		// DOWNLOAD e-mails it again, at most once a minute.
		send := "/api/reference-checks/" + checkID + "/renters/" + ann + "/report/send"
		if r := lord.Post(send, nil); r.Status != http.StatusTooManyRequests {
			t.Fatalf("send at once: %d", r.Status)
		}
		e.Clock.Advance(2 * time.Minute)
		if r := lord.Post(send, nil); r.Status != 200 || r.Body["message"] != refcheck.MsgResent {
			t.Fatalf("send: %d %s", r.Status, r.Raw)
		}

		// The link no longer takes a declaration; other people reach nothing.
		if r := v.Post("/api/renter-checks/"+checkID+"/renters/"+ann+"/bank", nil); r.Status != http.StatusConflict {
			t.Fatalf("bank again after completion: %d", r.Status)
		}
		other, _ := landlord(t, e, "other@example.com")
		for _, p := range []string{"/report", "/report.pdf"} {
			if r := other.Get("/api/reference-checks/" + checkID + "/renters/" + ann + p); r.Status != http.StatusNotFound {
				t.Errorf("other landlord %s: %d", p, r.Status)
			}
		}
		if r := lord.Get("/api/reference-checks/" + checkID + "/renters/" + renters[1] + "/report"); r.Status != http.StatusNotFound {
			t.Errorf("report not built yet: %d", r.Status)
		}
		assertNoStatementSurvives(t, e)
	})
}

// assertNoStatementSurvives searches every text column of every table for
// lines of the sandbox statement.
func assertNoStatementSurvives(t *testing.T, e *apptest.Env) {
	t.Helper()
	ctx := context.Background()
	d := e.App.DB
	for _, table := range []string{"reference_check_renters", "reference_checks", "jobs", "mail_outbox", "orders", "payment_events"} {
		rows, err := d.Conn().Query(ctx, `SELECT * FROM `+table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				var s []byte
				switch x := v.(type) {
				case string:
					s = []byte(x)
				case []byte:
					s = x
				}
				for _, line := range []string{"TESCO STORES", "HARBOUR LETTINGS", "OCTOPUS ENERGY", "ACME LOGISTICS LTD SALARY", "NETFLIX"} {
					if bytes.Contains(bytes.ToUpper(s), []byte(line)) && !bytes.Contains(s, []byte("Acme Logistics Ltd Salary")) {
						t.Errorf("%s.%s keeps statement text %q", table, cols[i], line)
					}
				}
			}
		}
		rows.Close()
	}
}

func TestReportFailureLetsTheRenterRetry(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		_, checkID, renters := paidCheck(t, e)
		ann := renters[0]
		v := e.NewClient()
		next := v.Post("/api/renter-checks/"+checkID+"/renters/"+ann+"/declaration", declaration).Body["url"].(string)
		u, _ := url.Parse(next)
		// A code the bank does not know: every fetch fails.
		get(t, v, "/api/renter-checks/bank-callback?state="+u.Query().Get("state")+"&code=not-a-code")
		for range 3 {
			e.Clock.Advance(time.Hour)
			e.RunJobs()
		}
		r := v.Get("/api/renter-checks/" + checkID + "/renters/" + ann)
		if r.Body["step"] != "bank" || r.Body["failed"] != true {
			t.Fatalf("after failures: %s", r.Raw)
		}
		msgs, _ := e.App.Mail.Outbox(context.Background(), "lord@example.com", 1)
		if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "could not be completed") {
			t.Fatalf("landlord not told: %+v", msgs)
		}
		next = v.Post("/api/renter-checks/"+checkID+"/renters/"+ann+"/bank", nil).Body["url"].(string)
		get(t, v, consent(t, v, next, "benefits", "allow"))
		e.Clock.Advance(time.Second)
		e.RunJobs()
		if r := v.Get("/api/renter-checks/" + checkID + "/renters/" + ann); r.Body["step"] != "complete" {
			t.Fatalf("retry: %s", r.Raw)
		}
	})
}
