package notices_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/clock"
)

// subjects counts the e-mails to an address whose subject starts so.
func subjects(t *testing.T, e *apptest.Env, addr, prefix string) int {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 10000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range msgs {
		if strings.HasPrefix(m.Subject, prefix) {
			n++
		}
	}
	return n
}

// tenancyOf is the tenancy of the household in the caller's notices.
func tenancyOf(t *testing.T, c *apptest.Client, id string) map[string]any {
	t.Helper()
	r := c.Get("/api/notices")
	if r.Status != http.StatusOK {
		t.Fatalf("notices: %d %s", r.Status, r.Raw)
	}
	for _, x := range r.Body["tenancies"].([]any) {
		if m := x.(map[string]any); m["id"] == id {
			return m
		}
	}
	t.Fatalf("tenancy %s not in %s", id, r.Raw)
	return nil
}

func increases(t *testing.T, c *apptest.Client, id string) []any {
	return tenancyOf(t, c, id)["increases"].([]any)
}

// at moves the app's clock to a UK day at noon and signs the clients in
// again (sessions last 30 days).
func at(t *testing.T, e *apptest.Env, day string, clients map[string]*apptest.Client) {
	t.Helper()
	d, err := time.ParseInLocation(time.DateOnly, day, clock.UK)
	if err != nil {
		t.Fatal(err)
	}
	e.Clock.Set(d.Add(12 * time.Hour))
	for email, c := range clients {
		if r := c.Post("/api/auth/login", map[string]any{"email": email, "password": apptest.Password}); r.Status != http.StatusOK {
			t.Fatalf("sign in %s: %d %s", email, r.Status, r.Raw)
		}
	}
}

func propose(t *testing.T, h apptest.Household, body map[string]any) map[string]any {
	t.Helper()
	r := h.Lord.Post("/api/notices/tenancies/"+h.TenancyID+"/rent-increases", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("propose: %d %s", r.Status, r.Raw)
	}
	return r.Body["increase"].(map[string]any)
}

func serve(t *testing.T, h apptest.Household, id string, body map[string]any) map[string]any {
	t.Helper()
	r := h.Lord.Post("/api/notices/rent-increases/"+id+"/serve", body)
	if r.Status != http.StatusOK {
		t.Fatalf("serve: %d %s", r.Status, r.Raw)
	}
	return r.Body["increase"].(map[string]any)
}

// nextDue is the wallet's next rent due for the household's property.
func nextDue(t *testing.T, h apptest.Household) map[string]any {
	t.Helper()
	r := h.Lord.Get("/api/wallet/properties?period=3M")
	if r.Status != http.StatusOK {
		t.Fatalf("wallet: %d %s", r.Status, r.Raw)
	}
	for _, p := range r.Body["properties"].([]any) {
		if m := p.(map[string]any); m["propertyId"] == h.PropertyID {
			return m
		}
	}
	t.Fatalf("no wallet card for the property: %s", r.Raw)
	return nil
}

// dated are the titles of the calendar's dates on a day for a client.
func dated(t *testing.T, c *apptest.Client, day string) []string {
	t.Helper()
	r := c.Get("/api/calendar/occurrences?from=" + day + "&to=" + day)
	if r.Status != http.StatusOK {
		t.Fatalf("calendar: %d %s", r.Status, r.Raw)
	}
	var out []string
	for _, o := range r.Body["occurrences"].([]any) {
		out = append(out, o.(map[string]any)["title"].(string))
	}
	return out
}

// hasDate says whether a tenant's home lists this date ahead.
func hasDate(home map[string]any, day, title, detail string) bool {
	for _, d := range home["dates"].([]any) {
		m := d.(map[string]any)
		if m["date"] == day && m["title"] == title && m["detail"] == detail {
			return true
		}
	}
	return false
}

func has(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// A landlord proposes a rent increase from the signed agreement: an early
// day and bad amounts are refused with the reason and nothing is kept; the
// earliest day is the first rent day 52 weeks after the start; the notice
// is prepared with the prescribed form's answers and the form's link;
// served, the tenants see it with their right to challenge it and each
// accepts; the wallet expects the new rent from its day and never before;
// the calendar shows the day to both sides; a second increase within the
// year is refused.
func TestRentIncrease(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil) // from Tue 1 Dec 2026, £1,200 a month; today Mon 2 Nov 2026
		base := "/api/notices/tenancies/" + h.TenancyID + "/rent-increases"

		ten := tenancyOf(t, h.Lord, h.TenancyID)
		next := ten["nextIncrease"].(map[string]any)
		if next["date"] != "2027-12-01" || next["text"] != "Wed 1 Dec 2027" || ten["canPropose"] != true {
			t.Fatalf("next increase %v (can propose %v)", next, ten["canPropose"])
		}
		if p := ten["possession"].(map[string]any); !strings.Contains(p["text"].(string), "court order") || p["url"] != "https://www.gov.uk/evicting-tenants" {
			t.Errorf("what a landlord is told about ending a tenancy: %v", p)
		}

		for _, c := range []struct {
			name  string
			body  map[string]any
			field string
			msg   string
		}{
			{"too early", map[string]any{"newRentPence": 126000, "effectiveOn": "2027-06-01"}, "effectiveOn",
				"Tue 1 Jun 2027 is too early. The law allows a new rent not within 52 weeks of the tenancy's start (Tue 1 Dec 2026): not before Tue 30 Nov 2027. The earliest date the law allows is Wed 1 Dec 2027."},
			{"not a rent day", map[string]any{"newRentPence": 126000, "effectiveOn": "2027-12-02"}, "effectiveOn",
				"Thu 2 Dec 2027 is not the first day of a rent period: the new rent must start on the first day of one, and the rent periods start on the 1st of each month. The next such day is Sat 1 Jan 2028."},
			{"zero", map[string]any{"newRentPence": 0}, "newRentPence", "Please enter the new rent in whole pounds: more than £0 and at most £1,000,000."},
			{"negative", map[string]any{"newRentPence": -126000}, "newRentPence", "Please enter the new rent in whole pounds: more than £0 and at most £1,000,000."},
			{"not an integer", map[string]any{"newRentPence": 126000.5}, "newRentPence", "Please enter the new rent in whole pounds: more than £0 and at most £1,000,000."},
			{"pence", map[string]any{"newRentPence": 126050}, "newRentPence", "Please enter the new rent in whole pounds: more than £0 and at most £1,000,000."},
			{"above the max", map[string]any{"newRentPence": 100_000_100}, "newRentPence", "Please enter the new rent in whole pounds: more than £0 and at most £1,000,000."},
			{"not higher", map[string]any{"newRentPence": 120000}, "newRentPence",
				"The new rent must be more than the current rent of £1,200.00. A lower rent needs no notice: agree it with your tenants."},
			{"not a date", map[string]any{"newRentPence": 126000, "effectiveOn": "1 Dec"}, "effectiveOn", "Please enter the date the new rent takes effect."},
		} {
			r := h.Lord.Post(base, c.body)
			if r.Status != http.StatusBadRequest || r.FieldError(c.field) != c.msg {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if n := len(increases(t, h.Lord, h.TenancyID)); n != 0 {
			t.Fatalf("%d increases kept from refused proposals", n)
		}

		inc := propose(t, h, map[string]any{"newRentPence": 126000})
		id := inc["id"].(string)
		if inc["effectiveOn"] != "2027-12-01" || inc["status"] != "draft" || inc["percent"] != "5.00%" || inc["change"] != "£60.00 a month" ||
			inc["oldRent"] != "£1,200.00 a month" || inc["newRent"] != "£1,260.00 a month" || inc["changePence"] != float64(6000) {
			t.Fatalf("proposed: %v", inc)
		}
		form := inc["form"].(map[string]any)
		if form["name"] != "Form 4A" || form["url"] != "https://www.gov.uk/guidance/assured-tenancy-forms" {
			t.Errorf("form: %v", form)
		}
		fields := map[string]string{}
		for _, f := range form["fields"].([]any) {
			m := f.(map[string]any)
			fields[m["label"].(string)] = m["value"].(string)
		}
		for label, want := range map[string]string{
			"Tenants (every tenant named on the agreement)": "Tom Tenant, Tess Tenant",
			"Address of the home":                           "12 Park Row, Leeds, LS1 5HD",
			"Landlord":                                      "Lara Lord",
			"Landlord's address for notices":                "1 Office Row, Leeds, LS1 4DY, United Kingdom",
			"Current rent":                                  "£1,200.00 a month",
			"Date the tenancy started":                      "Tue 1 Dec 2026",
			"Date the last rent increase took effect":       "None since the tenancy started",
			"Proposed new rent":                             "£1,260.00 a month",
			"Date the new rent starts":                      "Wed 1 Dec 2027",
		} {
			if fields[label] != want {
				t.Errorf("form field %q = %q, want %q", label, fields[label], want)
			}
		}
		if n := len(increases(t, h.Tom, h.TenancyID)); n != 0 {
			t.Fatalf("a tenant sees an increase not yet served")
		}
		if r := h.Lord.Post(base, map[string]any{"newRentPence": 130000}); r.Status != http.StatusConflict || r.ErrorCode() != "open_increase" {
			t.Fatalf("a second proposal while one waits: %d %s", r.Status, r.Raw)
		}

		// Served: a day in the future, or an unknown way, is refused.
		sbase := "/api/notices/rent-increases/" + id + "/serve"
		if r := h.Lord.Post(sbase, map[string]any{"method": "post", "servedOn": "2026-11-03"}); r.Status != http.StatusBadRequest || r.FieldError("servedOn") == "" {
			t.Errorf("served tomorrow: %d %s", r.Status, r.Raw)
		}
		if r := h.Lord.Post(sbase, map[string]any{"method": "pigeon", "servedOn": "2026-11-02"}); r.Status != http.StatusBadRequest || r.FieldError("method") == "" {
			t.Errorf("served by pigeon: %d %s", r.Status, r.Raw)
		}
		inc = serve(t, h, id, map[string]any{"method": "post", "servedOn": "2026-11-02"})
		if inc["status"] != "served" || inc["servedText"] != "Mon 2 Nov 2026" || inc["effectiveOn"] != "2027-12-01" {
			t.Fatalf("served: %v", inc)
		}
		if r := h.Lord.Post(sbase, map[string]any{"method": "hand", "servedOn": "2026-11-02"}); r.Status != http.StatusConflict {
			t.Errorf("served twice: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		for _, who := range []string{"tom@example.com", "tess@example.com"} {
			if n := subjects(t, e, who, "Proposed new rent for "); n != 1 {
				t.Errorf("%s got %d e-mails of the served notice", who, n)
			}
		}

		// The tenants see it on their home, with their right to challenge it.
		seen := increases(t, h.Tess, h.TenancyID)
		if len(seen) != 1 {
			t.Fatalf("Tess sees %d increases", len(seen))
		}
		ts := seen[0].(map[string]any)
		ch := ts["challenge"].(map[string]any)
		if ts["canAccept"] != true || ts["form"] != nil || !strings.Contains(ch["text"].(string), "First-tier Tribunal (Property Chamber)") ||
			!strings.Contains(ch["text"].(string), "before Wed 1 Dec 2027") {
			t.Fatalf("Tess's view: %v", ts)
		}
		abase := "/api/notices/rent-increases/" + id + "/accept"
		if r := h.Lord.Post(abase, nil); r.Status != http.StatusForbidden || r.ErrorCode() != "tenant_only" {
			t.Errorf("the landlord accepts: %d %s", r.Status, r.Raw)
		}
		if r := h.Tom.Post(abase, nil); r.Status != http.StatusOK || r.Body["increase"].(map[string]any)["status"] != "served" {
			t.Fatalf("Tom accepts: %d %s", r.Status, r.Raw)
		}
		if r := h.Tom.Post(abase, nil); r.Status != http.StatusConflict || r.ErrorCode() != "already_accepted" {
			t.Errorf("Tom accepts twice: %d %s", r.Status, r.Raw)
		}
		if r := h.Tess.Post(abase, nil); r.Status != http.StatusOK || r.Body["increase"].(map[string]any)["status"] != "accepted" {
			t.Fatalf("Tess accepts: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		if n := subjects(t, e, "lara@example.com", "Rent increase accepted: "); n != 2 {
			t.Errorf("the landlord got %d acceptance e-mails, want 2", n)
		}

		// The calendar shows the day to both sides.
		for who, c := range map[string]*apptest.Client{"landlord": h.Lord, "Tom": h.Tom} {
			if !has(dated(t, c, "2027-12-01"), "New rent £1,260.00 a month starts - 12 Park Row") {
				t.Errorf("%s's calendar does not show the new rent's day", who)
			}
		}

		// The wallet: the old rent until the day, the new rent from it.
		clients := map[string]*apptest.Client{"lara@example.com": h.Lord, "tom@example.com": h.Tom}
		at(t, e, "2027-11-15", clients)
		if d := nextDue(t, h)["nextDue"].(map[string]any); d["date"] != "2027-12-01" || d["amountPence"] != float64(126000) {
			t.Errorf("next due before the day: %v", d)
		}
		// The tenant's home: the rent due on the day is the new rent, the
		// rent today still the old one, and the new rent's day is ahead.
		home := h.Tom.Get("/api/me/home").Body
		if rent := home["tenancies"].([]any)[0].(map[string]any)["rent"]; rent != "£1,200.00 a month" {
			t.Errorf("the tenant's rent before the day: %v", rent)
		}
		if !hasDate(home, "2027-12-01", "Rent due", "£1,260.00 a month for 12 Park Row, Leeds, LS1 5HD") ||
			!hasDate(home, "2027-12-01", "New rent £1,260.00 a month starts", "12 Park Row, Leeds, LS1 5HD") {
			t.Errorf("the tenant's dates ahead: %v", home["dates"])
		}
		at(t, e, "2027-10-15", clients)
		if d := nextDue(t, h)["nextDue"].(map[string]any); d["date"] != "2027-11-01" || d["amountPence"] != float64(120000) {
			t.Errorf("the new rent is expected before its day: %v", d)
		}
		at(t, e, "2027-12-15", clients)
		// Three months: 1 October and 1 November at £1,200, 1 December at £1,260.
		if due := nextDue(t, h)["rentDuePence"]; due != float64(120000+120000+126000) {
			t.Errorf("rent due over three months %v, want 366000", due)
		}
		if rent := h.Tom.Get("/api/me/home").Body["tenancies"].([]any)[0].(map[string]any)["rent"]; rent != "£1,260.00 a month" {
			t.Errorf("the tenant's rent after the day: %v", rent)
		}
		ten = tenancyOf(t, h.Lord, h.TenancyID)
		if ten["rent"] != "£1,260.00 a month" {
			t.Errorf("the rent today: %v", ten["rent"])
		}
		// A second increase within the year is refused with the reason.
		r := h.Lord.Post(base, map[string]any{"newRentPence": 130000, "effectiveOn": "2028-06-01"})
		if r.Status != http.StatusBadRequest || !strings.Contains(r.FieldError("effectiveOn"),
			"not within 52 weeks of the last increase (Wed 1 Dec 2027): at most one increase a year: not before Wed 29 Nov 2028. The earliest date the law allows is Fri 1 Dec 2028.") {
			t.Fatalf("a second increase within the year: %d %s", r.Status, r.Raw)
		}
		if r := h.Lord.Post("/api/notices/rent-increases/"+id+"/withdraw", nil); r.Status != http.StatusConflict || r.ErrorCode() != "taken_effect" {
			t.Errorf("withdrawn after it took effect: %d %s", r.Status, r.Raw)
		}
		second := propose(t, h, map[string]any{"newRentPence": 130000})
		if second["effectiveOn"] != "2028-12-01" || second["oldRent"] != "£1,260.00 a month" || second["percent"] != "3.17%" {
			t.Errorf("the next increase: %v", second)
		}
	})
}

// A tenant gives notice from their home: the earliest end is the last day
// of the rent period two months on; an earlier day, or one that is not a
// period's last day, is refused; the landlord and the other tenant are
// e-mailed; both sides see the end date, the calendar too; the landlord is
// offered the check-out report; a landlord cannot end the tenancy here; a
// second notice is refused.
func TestTenantNotice(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil) // from Tue 1 Dec 2026; today Mon 2 Nov 2026
		base := "/api/notices/tenancies/" + h.TenancyID + "/tenant-notice"
		ten := tenancyOf(t, h.Tom, h.TenancyID)
		if end := ten["earliestEnd"].(map[string]any); end["date"] != "2027-01-31" || ten["canGiveNotice"] != true {
			t.Fatalf("earliest end %v", ten["earliestEnd"])
		}
		if r := h.Lord.Post(base, map[string]any{}); r.Status != http.StatusForbidden || r.ErrorCode() != "landlord_cannot_end" ||
			!strings.Contains(r.ErrorMessage(), "court order") {
			t.Errorf("the landlord ends the tenancy: %d %s", r.Status, r.Raw)
		}
		for day, msg := range map[string]string{
			"2027-01-15": "Fri 15 Jan 2027 is too early: a tenant's notice must give at least two months. The earliest end date is Sun 31 Jan 2027.",
			"2027-02-27": "Sat 27 Feb 2027 is not the last day of a rent period: the notice must end on one. The next such day is Sun 28 Feb 2027.",
			"soon":       "Please enter the date your tenancy ends.",
		} {
			if r := h.Tom.Post(base, map[string]any{"endOn": day}); r.Status != http.StatusBadRequest || r.FieldError("endOn") != msg {
				t.Errorf("end %s: %d %s", day, r.Status, r.Raw)
			}
		}
		r := h.Tom.Post(base, map[string]any{})
		if r.Status != http.StatusCreated {
			t.Fatalf("notice: %d %s", r.Status, r.Raw)
		}
		n := r.Body["notice"].(map[string]any)
		if n["endOn"] != "2027-01-31" || n["endText"] != "Sun 31 Jan 2027" || n["givenByName"] != "Tom Tenant" || n["givenText"] != "09:00 on Mon 2 Nov 2026" {
			t.Fatalf("notice: %v", n)
		}
		if r := h.Tess.Post(base, map[string]any{}); r.Status != http.StatusConflict || r.ErrorCode() != "notice_given" ||
			r.ErrorMessage() != "Notice to end this tenancy was already given on Mon 2 Nov 2026: the tenancy ends on Sun 31 Jan 2027." {
			t.Errorf("a second notice: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		if c := subjects(t, e, "lara@example.com", "Notice to end the tenancy: 12 Park Row"); c != 1 {
			t.Errorf("the landlord got %d notice e-mails", c)
		}
		for _, who := range []string{"tom@example.com", "tess@example.com"} {
			if c := subjects(t, e, who, "Notice to end your tenancy: "); c != 1 {
				t.Errorf("%s got %d copies", who, c)
			}
		}
		lord := tenancyOf(t, h.Lord, h.TenancyID)
		if ln := lord["notice"].(map[string]any); ln["endText"] != "Sun 31 Jan 2027" || lord["checkOutLink"] != "/NewReport?propertyId="+h.PropertyID {
			t.Errorf("the landlord's view: %v", lord)
		}
		if lord["canPropose"] != false {
			t.Errorf("a rent increase offered for a tenancy that is ending")
		}
		if tess := tenancyOf(t, h.Tess, h.TenancyID); tess["notice"] == nil || tess["canGiveNotice"] != false {
			t.Errorf("Tess's view: %v", tess)
		}
		if home := h.Tess.Get("/api/me/home").Body; !hasDate(home, "2027-01-31", "Tenancy ends", "12 Park Row, Leeds, LS1 5HD") {
			t.Errorf("Tess's dates ahead: %v", home["dates"])
		}
		for who, c := range map[string]*apptest.Client{"landlord": h.Lord, "Tom": h.Tom, "Tess": h.Tess} {
			if !has(dated(t, c, "2027-01-31"), "Tenancy ends - 12 Park Row") {
				t.Errorf("%s's calendar does not show the end", who)
			}
		}
		// Each side may mark the date done in their own calendar, nobody else.
		key := "dated:tenancy-end:" + n["id"].(string)
		if r := h.Lord.Do(http.MethodPut, "/api/calendar/generated/"+key+"/done", map[string]any{"done": true}); r.Status != http.StatusOK {
			t.Fatalf("the landlord marks the end done: %d %s", r.Status, r.Raw)
		}
		other := e.SignedIn("lenny@example.com", apptest.Password, "Landlord")
		if r := other.Do(http.MethodPut, "/api/calendar/generated/"+key+"/done", map[string]any{"done": true}); r.Status != http.StatusNotFound {
			t.Errorf("another landlord marks it done: %d %s", r.Status, r.Raw)
		}
		done := map[*apptest.Client]bool{}
		for _, c := range []*apptest.Client{h.Lord, h.Tom} {
			r := c.Get("/api/calendar/occurrences?from=2027-01-31&to=2027-01-31")
			for _, o := range r.Body["occurrences"].([]any) {
				if m := o.(map[string]any); m["key"] == key {
					done[c] = m["done"] == true
				}
			}
		}
		if !done[h.Lord] || done[h.Tom] {
			t.Errorf("done: the landlord's %v, Tom's %v", done[h.Lord], done[h.Tom])
		}
	})
}
