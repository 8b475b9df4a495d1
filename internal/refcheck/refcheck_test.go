package refcheck_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/refcheck"
)

var address = map[string]any{"address": map[string]any{
	"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom",
}}

var goodCard = map[string]any{"name": "Ann Landlord", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 High Street", "town": "London", "postcode": "SW11 5RW", "country": "GB"}}

func landlord(t *testing.T, e *apptest.Env, email string) (*apptest.Client, string) {
	t.Helper()
	c := e.SignedIn(email, "Secret#123", "Landlord")
	r := c.Post("/api/properties", address)
	if r.Status != http.StatusCreated {
		t.Fatalf("property: %d %s", r.Status, r.Raw)
	}
	return c, r.Body["property"].(map[string]any)["id"].(string)
}

func form(propertyID string, renters ...map[string]any) map[string]any {
	list := make([]any, len(renters))
	for i, r := range renters {
		list[i] = r
	}
	return map[string]any{"referenceCheckType": "instant", "propertyId": propertyID, "rentPence": 185000, "depositPence": 200000, "renters": list}
}

func renter(name, email string) map[string]any { return map[string]any{"name": name, "email": email} }

func TestFormRules(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com")
		for _, tc := range []struct {
			body map[string]any
			msg  string
		}{
			{form(pid, renter("Ann", "")), refcheck.MsgAllRequired},
			{form("", renter("Ann", "ann@example.com")), refcheck.MsgAllRequired},
			{form(pid), refcheck.MsgAllRequired},
			{form(pid, renter("Ann 2", "ann@example.com")), refcheck.MsgNameDigits},
			{form(pid, renter("Ann", "ann@example")), "ann@example is not a valid email address"},
			{form(pid, renter("Ann", "ann@example.com"), renter("Bob", "ANN@example.com")), refcheck.MsgEmailsDuplicated},
		} {
			if r := c.Post("/api/reference-checks", tc.body); r.Status != http.StatusBadRequest || r.ErrorMessage() != tc.msg {
				t.Errorf("%v: %d %s", tc.body, r.Status, r.Raw)
			}
		}
		pennies := form(pid, renter("Ann", "ann@example.com"))
		pennies["rentPence"] = 185050
		if r := c.Post("/api/reference-checks", pennies); r.ErrorMessage() != refcheck.MsgNumbersOnly {
			t.Errorf("pence in rent: %s", r.Raw)
		}
	})
}

func TestBuyInviteResendAndList(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com")
		r := c.Post("/api/reference-checks", form(pid, renter("Ann Renter", "ann@example.com"), renter("Bob Renter", "bob@example.com"), renter("Cy", "cy@example.com")))
		if r.Status != http.StatusCreated {
			t.Fatalf("purchase: %d %s", r.Status, r.Raw)
		}
		check := r.Body["referenceCheck"].(map[string]any)
		order := r.Body["order"].(map[string]any)
		if order["totalPence"] != 3*899.0 || len(order["items"].([]any)) != 3 || r.Body["depositWarning"] != "" {
			t.Fatalf("order: %s", r.Raw)
		}
		id := check["id"].(string)
		renters := check["renters"].([]any)
		cy := renters[2].(map[string]any)["id"].(string)
		r = c.Do("DELETE", "/api/reference-checks/"+id+"/renters/"+cy, nil)
		if r.Status != 200 || r.Body["order"].(map[string]any)["totalPence"] != 2*899.0 {
			t.Fatalf("remove renter: %d %s", r.Status, r.Raw)
		}
		if reports := c.Get("/api/reference-reports?status=active").Body["reports"].([]any); len(reports) != 0 {
			t.Fatalf("unpaid checks listed: %v", reports)
		}

		orderID := order["id"].(string)
		e.Clock.Advance(time.Second) // the receipt is newer than the sign-up code
		if r := c.Post("/api/orders/"+orderID+"/sandbox-payment", goodCard); r.Status != 200 {
			t.Fatalf("pay: %d %s", r.Status, r.Raw)
		}
		active := c.Get("/api/reference-reports?status=active").Body["reports"].([]any)
		if len(active) != 2 {
			t.Fatalf("active: %v", active)
		}
		for _, a := range active {
			rep := a.(map[string]any)
			if rep["status"] != string(refcheck.RenterNotified) || rep["property"].(map[string]any)["postcode"] != "SW11 5RW" {
				t.Errorf("report: %v", rep)
			}
		}
		ann := active[0].(map[string]any)
		msgs, _ := e.App.Mail.Outbox(t.Context(), "ann@example.com", 5)
		link := "/initiateRefCheck/" + ann["renterId"].(string) + "/" + id
		if len(msgs) != 1 || !strings.Contains(msgs[0].Text, link) {
			t.Fatalf("invitation to Ann: %+v", msgs)
		}
		if n := e.MailCount("cy@example.com"); n != 0 {
			t.Fatalf("the removed renter was invited")
		}
		e.RunJobs() // the receipt's job
		if lord, _ := e.App.Mail.Outbox(t.Context(), "lord@example.com", 1); len(lord) != 1 || !strings.Contains(lord[0].Subject, "receipt") {
			t.Fatalf("no receipt: %+v", lord)
		}

		resend := "/api/reference-checks/" + id + "/renters/" + ann["renterId"].(string) + "/resend"
		if r := c.Post(resend, nil); r.Status != http.StatusTooManyRequests || r.ErrorMessage() != refcheck.MsgResendWait {
			t.Fatalf("resend at once: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(61 * time.Second)
		if r := c.Post(resend, nil); r.Status != 200 || r.Body["message"] != refcheck.MsgResent {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		if n := e.MailCount("ann@example.com"); n != 2 {
			t.Fatalf("Ann has %d mails", n)
		}
		if r := c.Get("/api/reference-reports?status=completed"); len(r.Body["reports"].([]any)) != 0 {
			t.Fatalf("completed: %s", r.Raw)
		}

		// Another landlord reaches none of it.
		other, otherPID := landlord(t, e, "other@example.com")
		for _, r := range []apptest.Response{other.Get("/api/reference-checks/" + id), other.Post(resend, nil),
			other.Do("DELETE", "/api/reference-checks/"+id+"/renters/"+ann["renterId"].(string), nil)} {
			if r.Status != http.StatusNotFound {
				t.Errorf("other landlord: %d %s", r.Status, r.Raw)
			}
		}
		if r := other.Get("/api/reference-reports?status=active"); len(r.Body["reports"].([]any)) != 0 {
			t.Errorf("other landlord's reports: %s", r.Raw)
		}
		if r := other.Post("/api/reference-checks", form(pid, renter("Ann", "ann@example.com"))); r.Status != http.StatusNotFound {
			t.Errorf("check on someone else's property: %d", r.Status)
		}
		_ = otherPID
		tenant := e.SignedIn("tenant@example.com", "Secret#123", "Tenant")
		if r := tenant.Post("/api/reference-checks", form(pid, renter("Ann", "ann@example.com"))); r.Status != http.StatusForbidden {
			t.Errorf("tenant buying: %d", r.Status)
		}
	})
}

func TestLastRenterStays(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com")
		r := c.Post("/api/reference-checks", form(pid, renter("Ann", "ann@example.com")))
		check := r.Body["referenceCheck"].(map[string]any)
		only := check["renters"].([]any)[0].(map[string]any)["id"].(string)
		if r := c.Do("DELETE", "/api/reference-checks/"+check["id"].(string)+"/renters/"+only, nil); r.ErrorMessage() != refcheck.MsgLastRenter {
			t.Fatalf("removing the last renter: %d %s", r.Status, r.Raw)
		}
	})
}

// The deposit-cap rule is the server's alone: the form asks it as the
// landlord types, and the check's GET carries the warning too (the payment
// step shows it after a reload without working it out itself).
func TestDepositWarningFromTheServer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "cap@example.com")
		ask := func(rent, deposit string) apptest.Response {
			return c.Get("/api/reference-checks/deposit-warning?rentPence=" + rent + "&depositPence=" + deposit)
		}
		if r := ask("185000", "250000"); r.Status != 200 || !strings.Contains(r.Body["depositWarning"].(string), "legal cap of £2,134.61 (5 weeks' rent)") {
			t.Fatalf("over the cap: %d %s", r.Status, r.Raw)
		}
		if r := ask("185000", "200000"); r.Status != 200 || r.Body["depositWarning"] != "" {
			t.Fatalf("within the cap: %d %s", r.Status, r.Raw)
		}
		for _, bad := range [][2]string{{"185050", "0"}, {"x", "100"}, {"0", "100"}, {"185000", "-100"}} {
			if r := ask(bad[0], bad[1]); r.Status != http.StatusBadRequest || r.ErrorMessage() != refcheck.MsgNumbersOnly {
				t.Errorf("%v: %d %s", bad, r.Status, r.Raw)
			}
		}
		if r := e.NewClient().Get("/api/reference-checks/deposit-warning?rentPence=185000&depositPence=250000"); r.Status != http.StatusUnauthorized {
			t.Errorf("signed out: %d", r.Status)
		}

		// The cap is the law where the chosen property is: two months' rent
		// in Scotland, none in Wales; another landlord's property, or none,
		// is measured by England's.
		at := func(c *apptest.Client, postcode string) string {
			r := c.Post("/api/properties", map[string]any{"address": map[string]any{
				"addrFirstLine": "1 High Street", "town": "Town", "postcode": postcode, "country": "United Kingdom"}})
			if r.Status != http.StatusCreated {
				t.Fatalf("property at %s: %d %s", postcode, r.Status, r.Raw)
			}
			return r.Body["property"].(map[string]any)["id"].(string)
		}
		scotland, wales := at(c, "EH1 2NG"), at(c, "CF10 1EP")
		other, _ := landlord(t, e, "other-cap@example.com")
		theirs := at(other, "EH1 2NG")
		for _, tc := range []struct{ property, deposit, want string }{
			{scotland, "370000", ""},
			{scotland, "371000", "This deposit is more than the legal cap of £3,700.00 (2 months' rent) under the Rent (Scotland) Act 1984. In Scotland a landlord may not take more."},
			{wales, "900000", ""},
			{theirs, "250000", "(5 weeks' rent) under the Tenant Fees Act 2019"},
			{pid, "250000", "(5 weeks' rent) under the Tenant Fees Act 2019"},
		} {
			r := c.Get("/api/reference-checks/deposit-warning?rentPence=185000&depositPence=" + tc.deposit + "&propertyId=" + tc.property)
			got, _ := r.Body["depositWarning"].(string)
			if r.Status != 200 || (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("deposit %s at %s: %d %s", tc.deposit, tc.property, r.Status, r.Raw)
			}
		}
		scottish := form(scotland, renter("Sam", "sam@example.com"))
		scottish["depositPence"] = 371000
		if r := c.Post("/api/reference-checks", scottish); r.Status != http.StatusCreated || !strings.Contains(r.Body["depositWarning"].(string), "Rent (Scotland) Act 1984") {
			t.Fatalf("purchase in Scotland: %d %s", r.Status, r.Raw)
		}

		over := form(pid, renter("Ann", "ann@example.com"))
		over["depositPence"] = 250000
		r := c.Post("/api/reference-checks", over)
		if r.Status != http.StatusCreated {
			t.Fatalf("purchase: %d %s", r.Status, r.Raw)
		}
		id := r.Body["referenceCheck"].(map[string]any)["id"].(string)
		got := c.Get("/api/reference-checks/" + id)
		if got.Status != 200 || got.Body["depositWarning"] != r.Body["depositWarning"] || got.Body["depositWarning"] == "" {
			t.Fatalf("GET check: %s", got.Raw)
		}
	})
}
