package inventory_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

var card = map[string]any{"name": "Ines Pector", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 High Street", "town": "London", "postcode": "SW11 5RW", "country": "GB"}}

func typed(name string) map[string]any { return map[string]any{"method": "type", "typed": name} }

func verifyCode(t *testing.T, e *apptest.Env, c *apptest.Client, email, id string) {
	t.Helper()
	e.Clock.Advance(time.Second) // so the code's e-mail is the newest
	if r := c.Post("/api/inventory/reports/"+id+"/signing/code", nil); r.Status != 200 {
		t.Fatalf("%s code: %d %s", email, r.Status, r.Raw)
	}
	if r := c.Post("/api/inventory/reports/"+id+"/signing/verify", map[string]any{"code": e.LastCode(email)}); r.Status != 200 || r.Body["verified"] != true {
		t.Fatalf("%s verify: %d %s", email, r.Status, r.Raw)
	}
}

func payFee(t *testing.T, c *apptest.Client, id string) {
	t.Helper()
	r := c.Post("/api/inventory/reports/"+id+"/signing/order", nil)
	o, _ := r.Body["order"].(map[string]any)
	if r.Status != 200 || o["totalPence"] != float64(inventory.Price.Pence) || o["wasPence"] != float64(inventory.Price.WasPence) {
		t.Fatalf("order: %d %s", r.Status, r.Raw)
	}
	if r := c.Post("/api/orders/"+o["id"].(string)+"/sandbox-payment", card); r.Status != 200 {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
}

// Who may sign a report, at each status: the creator first (after the fee
// and the code), then the landlord and tenants it names, each once;
// nobody else. When all have signed it is Completed, and may be cloned.
func TestReportSigning(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		lord := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		stranger := e.SignedIn("ivy@example.com", "Secret#123", "Tenant")
		visitor := e.NewClient()
		sign := func(c *apptest.Client) apptest.Response {
			return c.Sign("/api/inventory/reports/"+id, typed("A Signer"))
		}
		type want struct {
			status int
			code   string
		}
		check := func(state string, wants map[string]want) {
			t.Helper()
			for who, c := range map[string]*apptest.Client{"creator": clerk, "landlord": lord, "tenant": tom, "stranger": stranger, "visitor": visitor} {
				w, ok := wants[who]
				if !ok {
					continue
				}
				if r := sign(c); r.Status != w.status || r.ErrorCode() != w.code {
					t.Errorf("%s, %s signs: %d %s, want %d %s", state, who, r.Status, r.ErrorCode(), w.status, w.code)
				}
			}
		}
		// An empty signature: the spec's words.
		if r := clerk.Sign("/api/inventory/reports/"+id, map[string]any{"method": "draw"}); r.Status != 400 || r.ErrorMessage() != inventory.MsgPleaseSign {
			t.Errorf("empty: %d %s", r.Status, r.Raw)
		}
		check("draft, fee unpaid", map[string]want{"creator": {409, "payment_required"}, "landlord": {404, "not_found"}, "tenant": {404, "not_found"},
			"stranger": {404, "not_found"}, "visitor": {401, "unauthenticated"}})
		payFee(t, clerk, id)
		if r := clerk.Post("/api/inventory/reports/"+id+"/signing/order", nil); r.Status != 409 || r.ErrorMessage() != inventory.MsgAlreadyPaid {
			t.Errorf("order after paying: %d %s", r.Status, r.Raw)
		}
		check("draft, paid, no code", map[string]want{"creator": {403, "code_required"}})
		verifyCode(t, e, clerk, "clerk@example.com", id)
		r := clerk.Sign("/api/inventory/reports/"+id, map[string]any{"method": "type", "typed": "Ines Pector",
			"location": map[string]any{"lat": 51.46, "lng": -0.17, "accuracy": 12}})
		if r.Status != 200 || r.Body["message"] != inventory.MsgSent || r.Body["report"].(map[string]any)["status"] != inventory.ATS {
			t.Fatalf("creator signs: %d %s", r.Status, r.Raw)
		}
		rep := clerk.Get("/api/inventory/reports/" + id).Body["report"].(map[string]any)
		stamps := rep["stamps"].([]any)
		if len(stamps) != 2 || stamps[1].(map[string]any)["event"] != "sign" || stamps[1].(map[string]any)["lat"] != 51.46 {
			t.Errorf("stamps: %v", stamps)
		}
		// Sent to the landlord and the tenant, with a link.
		e.RunJobs()
		for _, addr := range []string{"lord@example.com", "tom@example.com"} {
			msgs, _ := e.App.Mail.Outbox(context.Background(), addr, 5)
			found := false
			for _, m := range msgs {
				found = found || strings.Contains(m.Text, "/NewReport?id="+id+"&view=preview")
			}
			if !found {
				t.Errorf("no link sent to %s", addr)
			}
		}
		// The data is frozen.
		if r := save(clerk, id, rep["revision"].(float64), fullData("")); r.Status != 409 {
			t.Errorf("edit after sending: %d", r.Status)
		}
		check("awaiting", map[string]want{"creator": {409, "already_signed"}, "landlord": {403, "code_required"}, "tenant": {403, "code_required"},
			"stranger": {404, "not_found"}, "visitor": {401, "unauthenticated"}})
		if st := tom.Get("/api/inventory/reports/" + id + "/signing").Body; st["canSign"] != true || st["documentHash"] == "" {
			t.Errorf("tenant's state: %v", st)
		}
		verifyCode(t, e, lord, "lord@example.com", id)
		if r := sign(lord); r.Status != 200 || r.Body["message"] != inventory.MsgSigned {
			t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
		}
		check("landlord signed", map[string]want{"landlord": {409, "already_signed"}})
		verifyCode(t, e, tom, "tom@example.com", id)
		if r := sign(tom); r.Status != 200 || r.Body["completed"] != true || r.Body["report"].(map[string]any)["status"] != inventory.Completed {
			t.Fatalf("tenant signs: %d %s", r.Status, r.Raw)
		}
		check("completed", map[string]want{"creator": {409, "not_awaiting"}, "tenant": {409, "not_awaiting"}, "stranger": {404, "not_found"}})
		for _, c := range []*apptest.Client{clerk, lord, tom} {
			if n := len(c.Get("/api/inventory/reports?view=completed").Body["reports"].([]any)); n != 1 {
				t.Errorf("completed list: %d", n)
			}
		}
		// Evidence of every signature, bound to the frozen report.
		env, err := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: inventory.Kind, ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if len(env.Signers) != 3 || env.Signers[0].Role != signing.Inspector || !env.Complete() || !strings.Contains(string(env.Document), `"photos":[]`) {
			t.Errorf("envelope: %+v", env.Signers)
		}
		// The PDF's stamps name who made each, by name and part, never by an
		// account's id.
		text := pdfOf(t, e, "clerk@example.com", id)
		for _, s := range []string{"Report begun by Ines Pector (inspector)", "Signed by Ines Pector (inspector)",
			"Signed by Lara Lord (landlord)", "Signed by Tom Tenant (tenant)"} {
			if !strings.Contains(text, s) {
				t.Errorf("the PDF's stamps lack %q", s)
			}
		}
		for _, email := range []string{"clerk@example.com", "lord@example.com", "tom@example.com"} {
			if u := actorOf(t, e, email); strings.Contains(text, u.UserID) {
				t.Errorf("the PDF shows the account id of %s", email)
			}
		}
		// The completed report's sealed PDF is made by the job queue and kept.
		e.RunJobs()
		env, _ = e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: inventory.Kind, ID: id})
		if env.PDFKey == "" || env.CompletedAt == nil {
			t.Fatalf("the completed report was not sealed: %+v", env)
		}
		rc, _, err := e.App.Files.Get(context.Background(), env.PDFKey)
		if err != nil {
			t.Fatalf("the completed report's PDF was not kept: %v", err)
		}
		head := make([]byte, 4)
		_, _ = rc.Read(head)
		rc.Close()
		if string(head) != "%PDF" {
			t.Errorf("kept PDF: %q", head)
		}
		// A copy by e-mail, throttled.
		if r := tom.Post("/api/inventory/reports/"+id+"/resend", nil); r.Status != 200 || r.Body["message"] != inventory.MsgCopySent {
			t.Errorf("copy: %d %s", r.Status, r.Raw)
		}
		if r := tom.Post("/api/inventory/reports/"+id+"/resend", nil); r.Status != http.StatusTooManyRequests {
			t.Errorf("copy again at once: %d", r.Status)
		}
		// Now it may be cloned.
		if r := clerk.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn, "cloneFrom": id}); r.Status != 201 {
			t.Errorf("clone the signed report: %d %s", r.Status, r.Raw)
		}
	})
}

// A check-out report started from the signed check-in report lines up with
// it, and the comparison puts the oven marked Damaged first.
func TestCheckOutAgainstCheckIn(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		in := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		d := fullData("")
		d["tenantDetails"], d["landlord"] = []any{}, map[string]any{"fullName": "", "email": ""}
		if r := save(clerk, in, 1, d); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if r := clerk.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckOut, "fromCheckIn": in}); r.Status != 409 {
			t.Errorf("from an unsigned check-in: %d", r.Status)
		}
		payFee(t, clerk, in)
		verifyCode(t, e, clerk, "clerk@example.com", in)
		if r := clerk.Sign("/api/inventory/reports/"+in, typed("Ines Pector")); r.Status != 200 || r.Body["completed"] != true {
			t.Fatalf("sign the check-in (no other party): %d %s", r.Status, r.Raw)
		}
		r := clerk.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckOut, "fromCheckIn": in})
		if r.Status != 201 {
			t.Fatalf("check-out from check-in: %d %s", r.Status, r.Raw)
		}
		out := r.Body["report"].(map[string]any)
		od := out["data"].(map[string]any)
		kitchen := od["insideProperty"].([]any)[0].(map[string]any)
		oven := kitchen["items"].([]any)[0].(map[string]any)
		if kitchen["tag"] != "Kitchen" || oven["tag"] != "Oven" || oven["notes"] != "" || len(oven["disputeAvoidance"].(map[string]any)) != 0 {
			t.Fatalf("laid out: %v", kitchen)
		}
		oven["overview"] = map[string]any{"rating": "Damaged", "description": "Door glass cracked", "photos": []any{}}
		oven["disputeAvoidance"] = map[string]any{"Cleanliness": []any{"Good"}}
		if r := save(clerk, out["id"].(string), 1, od); r.Status != 200 {
			t.Fatalf("save the check-out: %d %s", r.Status, r.Raw)
		}
		cmp := clerk.Get("/api/inventory/reports/" + out["id"].(string) + "/comparison")
		if cmp.Status != 200 {
			t.Fatalf("comparison: %d %s", cmp.Status, cmp.Raw)
		}
		first := cmp.Body["lines"].([]any)[0].(map[string]any)
		if first["item"] != "Oven" || first["change"] != "worse" || first["checkOut"].(map[string]any)["rating"] != "Damaged" {
			t.Errorf("first line: %v", first)
		}
		// The check-out report's PDF carries the comparison, worse first.
		rec, err := e.App.Inventory.Get(context.Background(), actorOf(t, e, "clerk@example.com"), out["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		b, err := e.App.Inventory.RenderPDF(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		text := pdftest.Text(t, b)
		if i, j := strings.Index(text, "Check-in against check-out"), strings.Index(text, "WORSE"); i < 0 || j < i || !strings.Contains(text, "Condition: Damaged") {
			t.Errorf("the comparison is not in the PDF")
		}
		if r := clerk.Get("/api/inventory/reports/" + in + "/comparison"); r.Status != 409 {
			t.Errorf("comparison of a check-in report: %d", r.Status)
		}
		other, _ := landlordWithProperty(t, e, "other@example.com")
		if r := other.Get("/api/inventory/reports/" + out["id"].(string) + "/comparison"); r.Status != 404 {
			t.Errorf("another landlord compares: %d", r.Status)
		}
	})
}

// The PDF: parties of a sent report only; a completed report's is kept.
func TestReportPDFDownload(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if r := clerk.Get("/api/inventory/reports/" + id + "/pdf"); r.Status != 409 {
			t.Errorf("pdf of a draft: %d", r.Status)
		}
		sendReport(t, e, clerk, id)
		e.Clock.Advance(time.Second) // so the sign-up code is the newest e-mail
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		stranger := e.SignedIn("ivy@example.com", "Secret#123", "Tenant")
		r := tom.Get("/api/inventory/reports/" + id + "/pdf")
		if r.Status != 200 || !strings.HasPrefix(r.Raw, "%PDF") {
			t.Fatalf("tenant's pdf: %d", r.Status)
		}
		if r := stranger.Get("/api/inventory/reports/" + id + "/pdf"); r.Status != 404 {
			t.Errorf("stranger's pdf: %d", r.Status)
		}
		if r := e.NewClient().Get("/api/inventory/reports/" + id + "/pdf"); r.Status != 401 {
			t.Errorf("visitor's pdf: %d", r.Status)
		}
	})
}

func actorOf(t *testing.T, e *apptest.Env, email string) session.Actor {
	t.Helper()
	u, err := e.App.Auth.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.Actor()
}

// sendReport has clerk@example.com pay the fee, prove their e-mail and sign
// and send their draft report.
func sendReport(t *testing.T, e *apptest.Env, clerk *apptest.Client, id string) {
	t.Helper()
	payFee(t, clerk, id)
	verifyCode(t, e, clerk, "clerk@example.com", id)
	if r := clerk.Sign("/api/inventory/reports/"+id, typed("Ines Pector")); r.Status != 200 {
		t.Fatal(r.Raw)
	}
}
