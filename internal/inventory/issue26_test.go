package inventory_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
)

// signedCheckIn makes a check-in report of pid by clerk@example.com, with
// a photo of the oven and no other party, and signs it (so it completes).
func signedCheckIn(t *testing.T, e *apptest.Env, clerk *apptest.Client, pid, inspector string) (id, photoName string) {
	t.Helper()
	id = begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
	up := clerk.Upload("/api/inventory/reports/"+id+"/photos?origin=camera", "oven.jpg", "image/jpeg", jpegOf(t, 320, 240))
	if up.Status != 201 {
		t.Fatalf("photo: %d %s", up.Status, up.Raw)
	}
	photoName = up.Body["photo"].(map[string]any)["name"].(string)
	e.RunJobs()
	d := fullData(photoName)
	d["tenantDetails"], d["landlord"] = []any{}, map[string]any{"fullName": "", "email": ""}
	d["settings"].(map[string]any)["inspector"].(map[string]any)["first"] = inspector
	if r := save(clerk, id, 1, d); r.Status != 200 {
		t.Fatal(r.Raw)
	}
	payFee(t, clerk, id)
	verifyCode(t, e, clerk, "clerk@example.com", id)
	if r := clerk.Sign("/api/inventory/reports/"+id, typed("Ines Pector")); r.Status != 200 || r.Body["completed"] != true {
		t.Fatalf("sign the check-in: %d %s", r.Status, r.Raw)
	}
	return id, photoName
}

func pdfOf(t *testing.T, e *apptest.Env, email, id string) string {
	t.Helper()
	rec, err := e.App.Inventory.Get(context.Background(), actorOf(t, e, email), id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.App.Inventory.RenderPDF(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("OMNIRENT_TEST_OUT"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "-")+".pdf"), b, 0o600) // to look at
	}
	return pdftest.Text(t, b)
}

// The comparison is with the check-in report the check-out was started
// from, named by its date and maker, even when another check-in report of
// the property is signed later (issue 26: the newest one silently took its
// place). Its photos come with it: a party of the check-out may see them
// (the table below), nobody else; on the page and in the PDF.
func TestCheckOutComparedWithTheCheckInItStartedFrom(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		first, pic := signedCheckIn(t, e, clerk, pid, "Ines")
		e.Clock.Advance(24 * time.Hour)
		r := clerk.Post("/api/inventory/reports", map[string]any{"propertyId": pid, "type": inventory.TypeCheckOut, "fromCheckIn": first})
		if r.Status != 201 {
			t.Fatalf("check-out: %d %s", r.Status, r.Raw)
		}
		out := r.Body["report"].(map[string]any)
		outID := out["id"].(string)
		// The tenant and landlord of the check-out (not named on the check-in).
		od := out["data"].(map[string]any)
		od["tenantDetails"] = []any{map[string]any{"id": "t1", "first": "Tia", "middle": "", "last": "Tenant", "email": "tia@example.com", "moveIn": "2026-12-01", "moveOut": ""}}
		if r := save(clerk, outID, 1, od); r.Status != 200 {
			t.Fatalf("save the check-out: %d %s", r.Status, r.Raw)
		}
		// A second check-in report, signed later (a correction, another tenancy).
		e.Clock.Advance(24 * time.Hour)
		second, _ := signedCheckIn(t, e, clerk, pid, "Otto")

		cmp := clerk.Get("/api/inventory/reports/" + outID + "/comparison")
		if cmp.Status != 200 {
			t.Fatalf("comparison: %d %s", cmp.Status, cmp.Raw)
		}
		if got := cmp.Body["checkIn"].(map[string]any)["id"]; got != first {
			t.Errorf("compared with %v, want the check-in it started from %s (not the later %s)", got, first, second)
		}
		if n, _ := cmp.Body["named"].(string); !strings.Contains(n, "02/11/2026") || !strings.Contains(n, "Ines Pector") || !strings.Contains(n, "started from") {
			t.Errorf("named: %q", n)
		}
		pics, _ := cmp.Body["checkInPhotos"].([]any)
		if len(pics) != 1 || pics[0].(map[string]any)["name"] != pic {
			t.Errorf("check-in photos: %v", cmp.Body["checkInPhotos"])
		}
		text := pdfOf(t, e, "clerk@example.com", outID)
		if !strings.Contains(text, "Compared with the check-in report of 02/11/2026 by Ines Pector") {
			t.Errorf("the PDF does not name the check-in report it compares with")
		}
		if strings.Contains(text, "Photo unavailable") {
			t.Errorf("the check-in's photo is missing from the check-out's PDF")
		}

		// Who may see the check-in's photo, once the check-out is sent.
		e.RunJobs() // the check-in's seal and its e-mails first, so the code's e-mail is the newest
		e.Clock.Advance(time.Second)
		sendReport(t, e, clerk, outID)
		e.Clock.Advance(time.Second)
		other, _ := landlordWithProperty(t, e, "other@example.com")
		tia := e.SignedIn("tia@example.com", "Secret#123", "Tenant")
		stranger := e.SignedIn("ivy@example.com", "Secret#123", "Tenant")
		admin := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			who   string
			c     *apptest.Client
			photo int
		}{
			{"owner", clerk, 200},
			{"other landlord", other, 404},
			{"tenant of the check-out", tia, 200},
			{"stranger", stranger, 404},
			{"admin", admin, 404},
			{"visitor", e.NewClient(), 404},
		} {
			if r := tc.c.Get("/api/photos/thumb/" + pic); r.Status != tc.photo {
				t.Errorf("%s: the check-in's photo %d, want %d", tc.who, r.Status, tc.photo)
			}
			cmpWant := map[bool]int{true: 200, false: 404}[tc.photo == 200]
			if tc.who == "visitor" {
				cmpWant = 401
			}
			if r := tc.c.Get("/api/inventory/reports/" + outID + "/comparison"); r.Status != cmpWant {
				t.Errorf("%s: comparison %d, want %d", tc.who, r.Status, cmpWant)
			}
		}
		// The tenant's comparison carries the photo; the check-in itself stays the clerk's.
		if r := tia.Get("/api/inventory/reports/" + outID + "/comparison"); r.Status == 200 && len(r.Body["checkInPhotos"].([]any)) != 1 {
			t.Errorf("tenant's comparison photos: %v", r.Body["checkInPhotos"])
		}
		if r := tia.Get("/api/inventory/reports/" + first); r.Status != 404 {
			t.Errorf("the tenant of the check-out reads the check-in report itself: %d", r.Status)
		}
	})
}

// A move-out date is optional and printed only when given (issue 26: since
// 1 May 2026 a tenancy in England has no fixed end); one before the
// move-in date is refused.
func TestMoveOutDateIsOptional(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		d := fullData("")
		tenant := d["tenantDetails"].([]any)[0].(map[string]any)
		tenant["moveOut"] = "2026-11-30"
		if r := save(c, id, 1, d); r.Status != http.StatusBadRequest || r.ErrorMessage() != inventory.MsgMoveOutBeforeIn {
			t.Errorf("move-out before move-in: %d %s", r.Status, r.Raw)
		}
		tenant["moveOut"] = ""
		if r := save(c, id, 1, d); r.Status != 200 {
			t.Fatalf("no move-out date: %d %s", r.Status, r.Raw)
		}
		text := pdfOf(t, e, "clerk@example.com", id)
		if !strings.Contains(text, "Tom Tenant") || !strings.Contains(text, "01/12/2026") {
			t.Errorf("the tenant is not in the PDF")
		}
		if strings.Contains(text, "Move out") {
			t.Errorf("the PDF prints a move-out date that was not given")
		}
		tenant["moveOut"] = "2027-12-26"
		if r := save(c, id, 2, d); r.Status != 200 {
			t.Fatalf("with a move-out date: %d %s", r.Status, r.Raw)
		}
		if text := pdfOf(t, e, "clerk@example.com", id); !strings.Contains(text, "Move out") || !strings.Contains(text, "26/12/2027") {
			t.Errorf("a given move-out date is not printed")
		}
	})
}

// The PDF of a one-room report is a few pages, not ten (sections flow);
// each document page is printed on a page of its own; the front page names
// the inspector who signed when the settings do not; statuses are words.
func TestReportPDFFlowsAndNamesTheInspector(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id, page, d := oneRoomCheckIn(t, e)
		d["documentsAndCompliance"] = []any{map[string]any{"kind": "Gas Safety Certificate", "expiry": "2027-10-31", "files": []any{page}}}
		if r := save(c, id, 1, d); r.Status != 200 {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		payFee(t, c, id)
		verifyCode(t, e, c, "clerk@example.com", id)
		if r := c.Sign("/api/inventory/reports/"+id, typed("Ines Pector")); r.Status != 200 {
			t.Fatalf("sign: %d %s", r.Status, r.Raw)
		}
		text := pdfOf(t, e, "clerk@example.com", id)
		pages := strings.Count(text, "\f")
		// Front page and glossary, the sections, the certificate's page, the
		// signatures and, the report being sealed, its audit trail.
		if pages > 6 {
			t.Errorf("a one-room report runs to %d pages", pages)
		}
		if !strings.Contains(text, "Gas Safety Certificate, page 1 of 1") {
			t.Errorf("the certificate's page is not printed on a page of its own")
		}
		for _, p := range strings.Split(text, "\f") {
			if strings.Contains(p, "Gas Safety Certificate, page 1 of 1") && strings.Contains(p, "Glossary") {
				t.Errorf("the certificate's page shares a page")
			}
		}
		if strings.Contains(text, "Inspector -") || !regexpInspector(text, "Test Person") { // the name of the clerk's account, who signed
			t.Errorf("the front page does not name the inspector who signed")
		}
		if strings.Contains(text, "ATS") || !strings.Contains(text, "Completed") {
			t.Errorf("the status is not in words")
		}
	})
}

// oneRoomCheckIn starts a check-in report by clerk@example.com with a
// photographed certificate page (not yet in the data) and data of one room,
// no parties and no inspector.
func oneRoomCheckIn(t *testing.T, e *apptest.Env) (c *apptest.Client, id, page string, d map[string]any) {
	t.Helper()
	c, pid := landlordWithProperty(t, e, "clerk@example.com")
	id = begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
	up := c.Upload("/api/inventory/reports/"+id+"/photos", "gas.jpg", "image/jpeg", jpegOf(t, 800, 1100))
	if up.Status != 201 {
		t.Fatalf("photo: %d %s", up.Status, up.Raw)
	}
	page = up.Body["photo"].(map[string]any)["name"].(string)
	e.RunJobs()
	d = fullData("")
	d["settings"] = map[string]any{"coverPhoto": "", "inspector": map[string]any{"first": "", "last": "", "email": ""}, "students": false, "pets": false, "saved": false}
	d["insideProperty"] = d["insideProperty"].([]any)[:1] // one room
	d["tenantDetails"], d["landlord"] = []any{}, map[string]any{"fullName": "", "email": ""}
	return c, id, page, d
}

// regexpInspector: the front page's Inspector line names name.
func regexpInspector(text, name string) bool {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "Inspector" && strings.Contains(l, name) {
			return true
		}
	}
	return false
}

// Lists and reports carry the status in words beside its code.
func TestStatusInWords(t *testing.T) {
	for code, words := range map[string]string{inventory.Draft: "Draft", inventory.ATS: "Awaiting signatures", inventory.ADS: "Signed, being sealed",
		inventory.Disputed: "Disputed", inventory.Completed: "Completed", "Other": "Active"} {
		if got := inventory.StatusText(code); got != words {
			t.Errorf("%s: %q, want %q", code, got, words)
		}
	}
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlordWithProperty(t, e, "clerk@example.com")
		id := begin(t, c, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		setStatus(t, e, id, inventory.ATS)
		list := c.Get("/api/inventory/reports?view=active").Body["reports"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["statusText"] != "Awaiting signatures" {
			t.Errorf("list: %v", list)
		}
	})
}
