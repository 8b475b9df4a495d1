package repair_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/repair"
	"github.com/omnirent/omnirent/internal/wallet"
)

// Contractors and visits (issue 44): a landlord's contractors, the job
// link, appointments with the access notice, the invoice in the wallet.

func plumberBody(name, email string) map[string]any {
	return map[string]any{"name": name, "trade": "plumber", "phone": "07700 900123", "email": email, "insuranceExpires": "2027-06-30"}
}

// addContractor keeps a contractor and answers its id.
func addContractor(t testing.TB, c *apptest.Client, body map[string]any) string {
	t.Helper()
	r := c.Post("/api/contractors", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("add contractor: %d %s", r.Status, r.Raw)
	}
	return r.Body["contractor"].(map[string]any)["id"].(string)
}

var jobLinkRe = regexp.MustCompile(`/job/([A-Za-z0-9_-]{20,})`)

// jobToken is the token of the newest job link e-mailed to addr.
func jobToken(t testing.TB, e *apptest.Env, addr string) string {
	t.Helper()
	e.RunJobs()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if mm := jobLinkRe.FindStringSubmatch(m.Text); mm != nil {
			return mm[1]
		}
	}
	t.Fatalf("no job link e-mailed to %s", addr)
	return ""
}

func jobPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := 0; x < 64; x++ {
		for y := 0; y < 48; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 90, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var jobPDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// triagedLeak is Tom's leak, triaged by the landlord: its id.
func triagedLeak(t testing.TB, h household) string {
	t.Helper()
	id := report(t, h.tom, leak())["id"].(string)
	change(t, h.lord, id, map[string]any{"status": "triaged"})
	return id
}

// assign sends the repair to a contractor, a second after anything before
// (the outbox orders e-mails by their time: the job link is the newest).
func assignJob(e *apptest.Env, c *apptest.Client, repairID, contractorID string, note ...string) apptest.Response {
	e.Clock.Advance(time.Second)
	body := map[string]any{"contractorId": contractorID}
	if len(note) > 0 {
		body["note"] = note[0]
	}
	return c.Post("/api/repairs/"+repairID+"/visit/assign", body)
}

func visitOf(t testing.TB, c *apptest.Client, id string) map[string]any {
	t.Helper()
	r := c.Get("/api/repairs/" + id + "/visit")
	if r.Status != http.StatusOK {
		t.Fatalf("visit: %d %s", r.Status, r.Raw)
	}
	return r.Body["visit"].(map[string]any)
}

func wantStatus(t testing.TB, what string, r apptest.Response, status int, code string) {
	t.Helper()
	if r.Status != status || (code != "" && r.ErrorCode() != code) {
		t.Fatalf("%s: %d %s, want %d %s", what, r.Status, r.Raw, status, code)
	}
}

func newestMail(t testing.TB, e *apptest.Env, addr, subjectPrefix string) string {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if strings.HasPrefix(m.Subject, subjectPrefix) {
			return m.Text
		}
	}
	return ""
}

// The whole journey on both databases: contractors kept with the
// registration their trade needs; the job e-mailed with its link; the
// contractor proposes (a time in the past and inside the notice period
// refused), the tenant confirms, the access notice and the calendars
// follow; arrival, a photo, the work done; the invoice (a wrong file and
// wrong amounts refused, a second refused) booked in the wallet once, linked
// both ways; and the link shows nothing once the repair is closed.
func TestContractorJourney(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		h := newHousehold(t, e)

		// Contractors: a gas engineer needs a Gas Safe number, of the right shape.
		gas := map[string]any{"name": "Gail Gas", "trade": "gas", "phone": "07700 900999", "email": "gail@example.com"}
		r := h.lord.Post("/api/contractors", gas)
		wantStatus(t, "gas without Gas Safe", r, 400, "invalid")
		if f := r.Body["error"].(map[string]any)["fields"].(map[string]any)["registration"]; f != "A gas engineer needs their Gas Safe registration number: the law requires it for this work." {
			t.Errorf("registration message %q", f)
		}
		wantStatus(t, "gas with a bad number", h.lord.Post("/api/contractors", with(gas, "registration", "GS-1")), 400, "invalid")
		addContractor(t, h.lord, with(gas, "registration", "123456", "insuranceExpires", "2026-10-01"))
		list := h.lord.Get("/api/contractors").Body
		if cs := list["contractors"].([]any); len(cs) != 1 || !cs[0].(map[string]any)["insuranceExpired"].(bool) {
			t.Fatalf("expired insurance not flagged: %v", cs)
		}
		wantStatus(t, "bad phone", h.lord.Post("/api/contractors", with(plumberBody("Pat Plumber", "pat@example.com"), "phone", "12")), 400, "invalid")
		pat := addContractor(t, h.lord, plumberBody("Pat Plumber", "pat@example.com"))

		// Tom agrees to share his phone number with the contractor.
		id := triagedLeak(t, h)
		if r := h.tom.Do(http.MethodPut, "/api/repairs/"+id+"/visit/contact", map[string]any{"phone": "07700 900456", "share": true}); r.Status != 200 {
			t.Fatalf("share: %d %s", r.Status, r.Raw)
		}
		// The bare status change is not how a contractor is assigned.
		wantStatus(t, "bare status", h.lord.Post("/api/repairs/"+id+"/status", map[string]any{"status": "contractor_assigned", "note": "Pat"}), 400, "invalid")

		v := assignJob(e, h.lord, id, pat, "Key with the neighbour at 14.")
		wantStatus(t, "assign", v, 200, "")
		if got := h.lord.Get("/api/repairs/" + id).Body["repair"].(map[string]any)["status"]; got != "contractor_assigned" {
			t.Fatalf("status %v", got)
		}
		token := jobToken(t, e, "pat@example.com")
		contractor := e.NewClient()
		job := contractor.Get("/api/jobs/" + token)
		wantStatus(t, "job", job, 200, "")
		j := job.Body["job"].(map[string]any)
		if j["address"] == "" || j["tenantPhone"] != nil || j["note"] != "Key with the neighbour at 14." {
			t.Fatalf("job before acceptance: %v", j)
		}

		// Times: in the past, and inside England's 24 hours (the clock is a few seconds after 09:00 UTC on Mon 2 Nov 2026: the first time allowed is 09:01 the next day).
		p := contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-01T10:00", "end": "2026-11-01T12:00"})
		wantStatus(t, "past", p, 400, "invalid")
		if p.ErrorMessage() != repair.MsgApptPast {
			t.Errorf("past: %q", p.ErrorMessage())
		}
		p = contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-03T08:00", "end": "2026-11-03T09:00"})
		wantStatus(t, "inside the notice", p, 409, "short_notice")
		if !strings.Contains(p.ErrorMessage(), "24 hours' notice") || !strings.Contains(p.ErrorMessage(), "from 09:01 on Tue 3 Nov 2026 (UK time)") {
			t.Errorf("notice message: %q", p.ErrorMessage())
		}
		p = contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-04T10:00", "end": "2026-11-04T12:00"})
		wantStatus(t, "propose", p, 200, "")
		if j := p.Body["job"].(map[string]any); j["state"] != "accepted" || j["tenantPhone"] != "07700900456" {
			t.Fatalf("after proposing: %v", j)
		}
		// Arrival before the visit is confirmed is refused.
		wantStatus(t, "early arrival", contractor.Post("/api/jobs/"+token+"/arrive", nil), 409, "not_confirmed")

		// The tenant confirms: the access notice and the calendars.
		c := h.tom.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{})
		wantStatus(t, "confirm", c, 200, "")
		e.RunJobs()
		for _, who := range []string{"tom@example.com", "tess@example.com"} {
			n := newestMail(t, e, who, "Notice of a visit to your home")
			if !strings.Contains(n, "Pat Plumber") || !strings.Contains(n, "Wed 4 Nov 2026, 10:00 to 12:00 (UK time)") ||
				!strings.Contains(n, "Bathroom and WC") || !strings.Contains(n, "24 hours") {
				t.Errorf("%s's access notice: %q", who, n)
			}
		}
		for _, email := range []string{"lara@example.com", "tom@example.com", "tess@example.com"} {
			occ, err := e.App.Calendar.Occurrences(ctx, sessionOf(t, e, email), "2026-11-04", "2026-11-04", "Maintenance", "")
			if err != nil || len(occ) != 1 || !strings.HasPrefix(occ[0].Title, "Repair visit") {
				t.Errorf("%s's calendar: %v %v", email, occ, err)
			}
		}
		wantStatus(t, "confirm twice", h.tess.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{}), 409, "confirmed")

		// The visit.
		e.Clock.Set(time.Date(2026, 11, 4, 10, 5, 0, 0, time.UTC))
		wantStatus(t, "done before arrival", contractor.Post("/api/jobs/"+token+"/done", map[string]any{"note": "x"}), 409, "not_arrived")
		wantStatus(t, "arrive", contractor.Post("/api/jobs/"+token+"/arrive", nil), 200, "")
		wantStatus(t, "not a photo", contractor.Upload("/api/jobs/"+token+"/photos", "a.png", "image/png", []byte("not an image at all")), 400, "")
		ph := contractor.Upload("/api/jobs/"+token+"/photos", "after.png", "image/png", jobPNG(t))
		wantStatus(t, "photo", ph, 200, "")
		names := ph.Body["job"].(map[string]any)["photos"].([]any)
		if len(names) != 1 {
			t.Fatalf("photos %v", names)
		}
		wantStatus(t, "photo file", contractor.Get("/api/jobs/"+token+"/photos/"+names[0].(string)), 200, "")
		wantStatus(t, "done", contractor.Post("/api/jobs/"+token+"/done", map[string]any{"note": "New washer and cartridge fitted; no leak."}), 200, "")
		if got := h.tom.Get("/api/repairs/" + id).Body["repair"].(map[string]any)["status"]; got != "work_done" {
			t.Fatalf("after done: %v", got)
		}
		if ps := visitOf(t, h.tom, id)["job"].(map[string]any)["photos"].([]any); len(ps) != 1 {
			t.Fatalf("the tenant sees %d photos", len(ps))
		}

		// The invoice: bad files and amounts refused, nothing kept.
		inv := "/api/jobs/" + token + "/invoice?amountPence="
		wantStatus(t, "text invoice", contractor.Upload(inv+"12500", "inv.txt", "application/pdf", []byte("hello, pay me")), 400, "invalid_file")
		for _, amount := range []string{"-100", "12.50", "0", "abc", ""} {
			r := contractor.Upload(inv+amount, "inv.pdf", "application/pdf", jobPDF)
			wantStatus(t, "amount "+amount, r, 400, "invalid")
			if r.ErrorMessage() != repair.MsgAmount {
				t.Errorf("amount %q: %q", amount, r.ErrorMessage())
			}
		}
		wantStatus(t, "invoice", contractor.Upload(inv+"12500", "inv.pdf", "application/pdf", jobPDF), 200, "")
		wantStatus(t, "invoice again", contractor.Upload(inv+"9900", "inv.pdf", "application/pdf", jobPDF), 409, "invoice_sent")
		e.RunJobs()
		// A second run of the booking books nothing more.
		jobID := visitOf(t, h.lord, id)["job"].(map[string]any)["id"].(string)
		if err := e.App.Jobs.Enqueue(ctx, e.App.DB.Conn(), "repair.job-wallet", map[string]any{"jobId": jobID}, 3); err != nil {
			t.Fatal(err)
		}
		e.RunJobs()
		invoice := visitOf(t, h.lord, id)["job"].(map[string]any)["invoice"].(map[string]any)
		if invoice["amountPence"] != float64(12500) || invoice["inWallet"] != true {
			t.Fatalf("invoice %v", invoice)
		}
		if inv := visitOf(t, h.tom, id)["job"].(map[string]any)["invoice"]; inv != nil {
			t.Errorf("the tenant sees the invoice: %v", inv)
		}
		wt := h.lord.Get("/api/wallet/transactions/" + invoice["walletId"].(string))
		wantStatus(t, "wallet entry", wt, 200, "")
		tx := wt.Body["transaction"].(map[string]any)
		src, _ := tx["source"].(map[string]any)
		if tx["category"] != "Maintenance and repairs costs" || tx["amountPence"] != float64(12500) || tx["kind"] != "expense" ||
			tx["invoice"] == nil || src["link"] != "/maintenance/"+id {
			t.Fatalf("wallet entry %v", tx)
		}
		list2 := h.lord.Get("/api/wallet/transactions")
		if strings.Count(list2.Raw, invoice["walletId"].(string)) != 1 {
			t.Errorf("the invoice's entry is listed %d times", strings.Count(list2.Raw, invoice["walletId"].(string)))
		}
		wantStatus(t, "invoice file", h.lord.Get("/api/repairs/"+id+"/visit/invoice"), 200, "")
		wantStatus(t, "invoice file (tenant)", h.tom.Get("/api/repairs/"+id+"/visit/invoice"), 403, "landlord_only")

		// The history: every step, chained, the wallet booking once.
		events, err := e.App.Repairs.History(ctx, sessionOf(t, e, "lara@example.com"), id)
		if err != nil {
			t.Fatal(err)
		}
		if err := repair.VerifyChain(events); err != nil {
			t.Fatal(err)
		}
		steps := map[string]int{}
		for _, ev := range events {
			if s, ok := ev.Data["step"].(string); ok {
				steps[s]++
			}
			if ev.Kind == repair.EventAccessNotice {
				steps["notice"]++
			}
		}
		for _, s := range []string{"contact", "assigned", "accepted", "proposed", "confirmed", "notice", "arrived", "photo", "done", "invoice", "wallet"} {
			if steps[s] != 1 {
				t.Errorf("history step %s: %d times (%v)", s, steps[s], steps)
			}
		}

		// Once the repair is closed the link shows nothing.
		change(t, h.lord, id, map[string]any{"status": "closed", "note": "Paid."})
		gone := contractor.Get("/api/jobs/" + token)
		wantStatus(t, "closed job", gone, 404, "job_not_found")
		if strings.Contains(gone.Raw, "Park Row") {
			t.Errorf("a closed job shows the address: %s", gone.Raw)
		}
	})
}

// The access notice's least notice and reasonable hours: a visit outside
// 08:00 to 20:00 is refused; a tenant may agree to a sooner visit than the
// least notice, the landlord cannot agree for them.
func TestAppointmentNotice(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		pat := addContractor(t, h.lord, plumberBody("Pat Plumber", "pat@example.com"))
		id := triagedLeak(t, h)
		wantStatus(t, "assign", assignJob(e, h.lord, id, pat), 200, "")
		token := jobToken(t, e, "pat@example.com")
		contractor := e.NewClient()
		// Outside reasonable hours (data/contractors.yaml: 08:00 to 20:00).
		late := contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-05T19:30", "end": "2026-11-05T21:30"})
		wantStatus(t, "late", late, 400, "invalid")
		if late.ErrorMessage() != "Please choose a visit between 08:00 and 20:00 (UK time): a home is entered at reasonable hours, unless the repair is an emergency." {
			t.Errorf("hours: %q", late.ErrorMessage())
		}
		wantStatus(t, "propose", contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-03T12:00", "end": "2026-11-03T13:00"}), 200, "")
		// Time passes: the visit is now 3 hours away.
		e.Clock.Set(time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC))
		signIn(t, h.lord, "lara@example.com")
		signIn(t, h.tom, "tom@example.com")
		r := h.lord.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{"agreeShortNotice": true})
		wantStatus(t, "the landlord inside the notice", r, 409, "short_notice")
		r = h.tom.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{})
		wantStatus(t, "the tenant without agreeing", r, 409, "short_notice")
		if !strings.Contains(r.ErrorMessage(), "tick the box") {
			t.Errorf("tenant message %q", r.ErrorMessage())
		}
		wantStatus(t, "the tenant agreeing", h.tom.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{"agreeShortNotice": true}), 200, "")
		e.RunJobs()
		if n := newestMail(t, e, "tess@example.com", "Notice of a visit"); !strings.Contains(n, "You agreed to this visit at shorter notice") {
			t.Errorf("notice: %q", n)
		}
	})
}

// Who may do what with contractors, a repair's visit and job links:
// the owner, another landlord, the tenants of the home, another tenant, a
// stranger, admins; a job link opens its own job only, nothing once
// expired or withdrawn.
func TestVisitPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		olive := e.SignedIn("olive@example.com", password, "Tenant")
		other := e.SignedIn("lenny@example.com", password, "Landlord")
		admin := e.SignedIn("boss@example.com", password, "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		stranger := e.NewClient()
		pat := addContractor(t, h.lord, plumberBody("Pat Plumber", "pat@example.com"))
		id := triagedLeak(t, h)
		base := "/api/repairs/" + id + "/visit"
		type want struct {
			status int
			code   string
		}
		actors := []struct {
			name string
			c    *apptest.Client
		}{{"tenant", h.tom}, {"joint tenant", h.tess}, {"another tenant", olive}, {"another landlord", other}, {"stranger", stranger},
			{"admin", admin}, {"owner", h.lord}}
		for _, ep := range []struct {
			name   string
			do     func(c *apptest.Client) apptest.Response
			expect map[string]want
		}{
			{"GET contractors", func(c *apptest.Client) apptest.Response { return c.Get("/api/contractors") }, map[string]want{
				"tenant": {403, "landlords_only"}, "joint tenant": {403, "landlords_only"}, "another tenant": {403, "landlords_only"},
				"another landlord": {200, ""}, "stranger": {401, "unauthenticated"}, "admin": {200, ""}, "owner": {200, ""}}},
			{"PUT contractor", func(c *apptest.Client) apptest.Response {
				return c.Do(http.MethodPut, "/api/contractors/"+pat, plumberBody("Pat Plumber", "pat@example.com"))
			}, map[string]want{
				"tenant": {403, "landlords_only"}, "joint tenant": {403, "landlords_only"}, "another tenant": {403, "landlords_only"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin": {404, "not_found"}, "owner": {200, ""}}},
			{"GET visit", func(c *apptest.Client) apptest.Response { return c.Get(base) }, map[string]want{
				"tenant": {200, ""}, "joint tenant": {200, ""}, "another tenant": {404, "not_found"}, "another landlord": {404, "not_found"},
				"stranger": {401, "unauthenticated"}, "admin": {404, "not_found"}, "owner": {200, ""}}},
			{"PUT contact", func(c *apptest.Client) apptest.Response {
				return c.Do(http.MethodPut, base+"/contact", map[string]any{"phone": "07700900456", "share": true})
			}, map[string]want{
				"tenant": {200, ""}, "joint tenant": {200, ""}, "another tenant": {404, "not_found"}, "another landlord": {404, "not_found"},
				"stranger": {401, "unauthenticated"}, "admin": {404, "not_found"}, "owner": {403, "tenant_only"}}},
			{"POST assign", func(c *apptest.Client) apptest.Response { return assignJob(e, c, id, pat) }, map[string]want{
				"tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "another tenant": {404, "not_found"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin": {404, "not_found"}, "owner": {200, ""}}},
			{"POST appointment", func(c *apptest.Client) apptest.Response {
				return c.Post(base+"/appointment", map[string]any{"start": "2026-11-05T10:00", "end": "2026-11-05T11:00"})
			}, map[string]want{
				"tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "another tenant": {404, "not_found"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin": {404, "not_found"}, "owner": {200, ""}}},
			{"GET invoice", func(c *apptest.Client) apptest.Response { return c.Get(base + "/invoice") }, map[string]want{
				"tenant": {403, "landlord_only"}, "joint tenant": {403, "landlord_only"}, "another tenant": {404, "not_found"},
				"another landlord": {404, "not_found"}, "stranger": {401, "unauthenticated"}, "admin": {404, "not_found"}, "owner": {404, "no_invoice"}}},
		} {
			for _, a := range actors {
				w := ep.expect[a.name]
				r := ep.do(a.c)
				if r.Status != w.status || (w.code != "" && r.ErrorCode() != w.code) {
					t.Errorf("%s by %s: %d %s, want %d %s", ep.name, a.name, r.Status, r.Raw, w.status, w.code)
				}
			}
		}
		// The other landlord's contractor cannot be assigned to the owner's repair.
		lennys := addContractor(t, other, plumberBody("Len's Plumber", "len@example.com"))
		wantStatus(t, "another's contractor", h.lord.Post(base+"/assign", map[string]any{"contractorId": lennys}), 400, "invalid")

		// Job links: its own job only.
		token := jobToken(t, e, "pat@example.com")
		lid := report(t, h.tess, damp())["id"].(string)
		change(t, h.lord, lid, map[string]any{"status": "triaged"})
		sam := addContractor(t, h.lord, plumberBody("Sam Second", "sam@example.com"))
		wantStatus(t, "assign the second", assignJob(e, h.lord, lid, sam), 200, "")
		samToken := jobToken(t, e, "sam@example.com")
		job := stranger.Get("/api/jobs/" + samToken).Body["job"].(map[string]any)
		if job["category"] != "Damp and mould" || job["contractor"] != "Sam Second" {
			t.Fatalf("Sam's link opens %v", job)
		}
		if j := stranger.Get("/api/jobs/" + token).Body["job"].(map[string]any); j["contractor"] != "Pat Plumber" {
			t.Fatalf("Pat's link opens %v", j)
		}
		for name, tok := range map[string]string{"unknown": strings.Repeat("x", 43), "empty-ish": "a", "long": strings.Repeat("y", 200)} {
			wantStatus(t, name+" link", stranger.Get("/api/jobs/"+tok), 404, "job_not_found")
		}
		// Withdrawn: reassigning Pat's repair to Sam kills Pat's link.
		wantStatus(t, "reassign", h.lord.Post(base+"/assign", map[string]any{"contractorId": sam}), 200, "")
		for _, path := range []string{"", "/accept"} {
			var r apptest.Response
			if path == "" {
				r = stranger.Get("/api/jobs/" + token)
			} else {
				r = stranger.Post("/api/jobs/"+token+path, nil)
			}
			wantStatus(t, "withdrawn link "+path, r, 404, "job_not_found")
		}
		// Expired: 15 days without a step on Sam's damp job.
		e.Clock.Advance(15 * 24 * time.Hour)
		wantStatus(t, "expired link", stranger.Get("/api/jobs/"+samToken), 404, "job_not_found")
		wantStatus(t, "expired link accept", stranger.Post("/api/jobs/"+samToken+"/accept", nil), 404, "job_not_found")
	})
}

// A contractor accepts the job at the moment the landlord reassigns it to
// another: decided with the repair's row locked, on both databases, many
// rounds. The reassignment always succeeds; the acceptance either came
// first (recorded before the withdrawal) or is told the link no longer
// works; exactly one job is live, and the history chain holds.
func TestAcceptWhileTheLandlordReassigns(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		pat := addContractor(t, h.lord, plumberBody("Pat Plumber", "pat@example.com"))
		sam := addContractor(t, h.lord, plumberBody("Sam Second", "sam@example.com"))
		contractor := e.NewClient()
		won := 0
		defer func() { t.Logf("the acceptance came first in %d of 15 rounds", won) }()
		racetest.Rounds(t, 15, func(t *testing.T, round int) {
			id := triagedLeak(t, h)
			wantStatus(t, "assign", assignJob(e, h.lord, id, pat), 200, "")
			token := jobToken(t, e, "pat@example.com")
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return contractor.Post("/api/jobs/"+token+"/accept", nil)
				}
				return h.lord.Post("/api/repairs/"+id+"/visit/assign", map[string]any{"contractorId": sam})
			})
			if res[1].Status != http.StatusOK {
				t.Fatalf("reassign: %d %s", res[1].Status, res[1].Raw)
			}
			accepted := res[0].Status == http.StatusOK
			if accepted {
				won++
			}
			if !accepted && (res[0].Status != http.StatusNotFound || res[0].ErrorCode() != "job_not_found") {
				t.Fatalf("accept: %d %s", res[0].Status, res[0].Raw)
			}
			events, err := e.App.Repairs.History(context.Background(), sessionOf(t, e, "lara@example.com"), id)
			if err != nil {
				t.Fatal(err)
			}
			if err := repair.VerifyChain(events); err != nil {
				t.Fatal(err)
			}
			var order []string
			for _, ev := range events {
				if s, ok := ev.Data["step"].(string); ok {
					order = append(order, s)
				}
			}
			want := "assigned,withdrawn,assigned"
			if accepted {
				want = "assigned,accepted,withdrawn,assigned"
			}
			if got := strings.Join(order, ","); got != want {
				t.Fatalf("history steps %s, want %s", got, want)
			}
			v := visitOf(t, h.lord, id)["job"].(map[string]any)
			if v["contractorName"] != "Sam Second" || v["state"] != "offered" {
				t.Fatalf("live job %v", v)
			}
			wantStatus(t, "Pat's link after", contractor.Get("/api/jobs/"+token), 404, "job_not_found")
		})
	})
}

// invoicedJob takes a repair through a job to its invoice (not yet booked:
// the queue has not run since): the repair's and the job's ids.
func invoicedJob(t *testing.T, e *apptest.Env, h household, pence string) (string, string) {
	t.Helper()
	pat := addContractor(t, h.lord, plumberBody("Pat Plumber", "pat@example.com"))
	id := triagedLeak(t, h)
	wantStatus(t, "assign", assignJob(e, h.lord, id, pat), 200, "")
	token := jobToken(t, e, "pat@example.com")
	c := e.NewClient()
	wantStatus(t, "propose", c.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-04T10:00", "end": "2026-11-04T12:00"}), 200, "")
	wantStatus(t, "confirm", h.tom.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{}), 200, "")
	wantStatus(t, "arrive", c.Post("/api/jobs/"+token+"/arrive", nil), 200, "")
	wantStatus(t, "done", c.Post("/api/jobs/"+token+"/done", map[string]any{"note": "Fixed."}), 200, "")
	wantStatus(t, "invoice", c.Upload("/api/jobs/"+token+"/invoice?amountPence="+pence, "inv.png", "image/png", jobPNG(t)), 200, "")
	return id, visitOf(t, h.lord, id)["job"].(map[string]any)["id"].(string)
}

// The invoice is booked in the wallet once, whatever happens to the job
// that books it: run after a run that booked the entry but died before
// recording it on the job (the wallet answers the entry it made), and two
// bookings of the same job at once make one entry.
func TestInvoiceBookedOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		h := newHousehold(t, e)
		id, jobID := invoicedJob(t, e, h, "8000")
		lara := sessionOf(t, e, "lara@example.com")
		cost := wallet.External{Source: wallet.Source{Kind: "repair", ID: jobID, Label: "Repair", Link: "/maintenance/" + id},
			LandlordID: lara.UserID, PropertyID: h.propertyID, Category: "Maintenance and repairs costs", Description: "Repair",
			Vendor: "Pat Plumber", AmountPence: 8000, Date: "2026-11-02"}
		ids := racetest.Together(2, func(int) string {
			got, err := e.App.Wallet.RecordExternal(ctx, cost)
			if err != nil {
				t.Error(err)
			}
			return got
		})
		if ids[0] == "" || ids[0] != ids[1] {
			t.Fatalf("two bookings at once made %q and %q", ids[0], ids[1])
		}
		e.RunJobs() // the queued booking finds the entry already made
		inv := visitOf(t, h.lord, id)["job"].(map[string]any)["invoice"].(map[string]any)
		if inv["walletId"] != ids[0] {
			t.Fatalf("the job records %v, the wallet made %s", inv["walletId"], ids[0])
		}
		list := h.lord.Get("/api/wallet/transactions")
		if n := strings.Count(list.Raw, ids[0]); n != 1 {
			t.Errorf("the entry is listed %d times", n)
		}
		if n := strings.Count(list.Raw, `"amountPence":8000`); n != 1 {
			t.Errorf("%d entries of 8000 pence in the wallet: %s", n, list.Raw)
		}
	})
}

// noticesTo counts the access notices e-mailed to an address.
func noticesTo(t *testing.T, e *apptest.Env, addr string) int {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 10000)
	if err != nil {
		t.Fatal(err)
	}
	return countPrefix(subjects(msgs), "Notice of a visit to your home")
}

// The tenant confirms the proposed visit at the moment the contractor
// proposes another time: decided with the repair's row locked, on both
// databases. Either the confirmation came first (the new proposal is
// refused: the visit is confirmed) or the proposal did (the confirmation,
// naming the proposal it saw, is refused as changed): a tenant never
// confirms a time they were not shown, and the notice goes only for the
// confirmed one.
func TestConfirmWhileTheContractorProposesAnother(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		pat := addContractor(t, h.lord, plumberBody("Pat Plumber", "pat@example.com"))
		contractor := e.NewClient()
		firsts := 0
		defer func() { t.Logf("the confirmation came first in %d of 12 rounds", firsts) }()
		racetest.Rounds(t, 12, func(t *testing.T, round int) {
			id := triagedLeak(t, h)
			wantStatus(t, "assign", assignJob(e, h.lord, id, pat), 200, "")
			token := jobToken(t, e, "pat@example.com")
			wantStatus(t, "propose", contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-04T10:00", "end": "2026-11-04T12:00"}), 200, "")
			seen := visitOf(t, h.tom, id)["job"].(map[string]any)["appointment"].(map[string]any)["round"]
			e.RunJobs()
			before := noticesTo(t, e, "tess@example.com")
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return h.tom.Post("/api/repairs/"+id+"/visit/confirm", map[string]any{"round": seen})
				}
				return contractor.Post("/api/jobs/"+token+"/appointment", map[string]any{"start": "2026-11-05T10:00", "end": "2026-11-05T12:00"})
			})
			appt := visitOf(t, h.lord, id)["job"].(map[string]any)["appointment"].(map[string]any)
			e.RunJobs()
			switch {
			case res[0].Status == 200 && res[1].Status == 409 && res[1].ErrorCode() == "confirmed":
				firsts++
				if appt["confirmed"] != true || !strings.HasPrefix(appt["text"].(string), "Wed 4 Nov 2026") {
					t.Fatalf("confirmed first, the visit is %v", appt)
				}
				if n := noticesTo(t, e, "tess@example.com") - before; n != 1 || !strings.Contains(newestMail(t, e, "tess@example.com", "Notice of a visit"), "Wed 4 Nov 2026") {
					t.Errorf("%d notices of the confirmed visit", n)
				}
			case res[1].Status == 200 && res[0].Status == 409 && res[0].ErrorCode() == "changed":
				if appt["confirmed"] != false || !strings.HasPrefix(appt["text"].(string), "Thu 5 Nov 2026") {
					t.Fatalf("proposed first, the visit is %v", appt)
				}
				if n := noticesTo(t, e, "tess@example.com") - before; n != 0 {
					t.Errorf("%d notices went for a visit nobody confirmed", n)
				}
			default:
				t.Fatalf("confirm %d %s / propose %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			events, err := e.App.Repairs.History(context.Background(), sessionOf(t, e, "lara@example.com"), id)
			if err != nil {
				t.Fatal(err)
			}
			if err := repair.VerifyChain(events); err != nil {
				t.Fatal(err)
			}
		})
	})
}
