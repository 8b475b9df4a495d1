package inventory_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/signing/signingtest"
)

// completionMails counts the completion e-mails of report id to addr.
func completionMails(t *testing.T, e *apptest.Env, addr, id string) int {
	t.Helper()
	return signingtest.Mails(t, e, addr, "Everyone has signed", id)
}

// The landlord and the tenant, the last two signers, sign at the same
// instant: exactly one of them completes the report, which is then sealed
// once and e-mailed once to each party, with the sealed PDF attached; each
// signature keeps its time and location stamp.
// Before the fix (completion decided on the envelope read before the
// transaction) both answered completed: false and the report stayed
// "awaiting signatures" for ever, never sealed: the unfixed code failed in
// round 1 on SQLite and on PostgreSQL.
func TestReportLastTwoSignersAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		lord := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		racetest.Rounds(t, 8, func(t *testing.T, round int) {
			id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
			if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
				t.Fatal(r.Raw)
			}
			sendReport(t, e, clerk, id)
			verifyCode(t, e, lord, "lord@example.com", id)
			verifyCode(t, e, tom, "tom@example.com", id)
			base := "/api/inventory/reports/" + id
			hash := tom.Get(base + "/signing").Body["documentHash"]
			parties := []*apptest.Client{lord, tom}
			res := racetest.Together(2, func(i int) apptest.Response {
				return parties[i].Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "A Party", "documentHash": hash})
			})
			for _, r := range res {
				if r.Status != 200 {
					t.Fatalf("a party signs: %d %s", r.Status, r.Raw)
				}
			}
			if n := racetest.Count(res, func(r apptest.Response) bool { return r.Body["completed"] == true }); n != 1 {
				t.Fatalf("%d answers say completed, want exactly 1 (%v, %v)", n, res[0].Body["completed"], res[1].Body["completed"])
			}
			rep := clerk.Get(base).Body["report"].(map[string]any)
			if st := rep["status"]; st != inventory.Completed {
				t.Fatalf("status %v, want completed", st)
			}
			// One time and location stamp per signature: the clerk's, the
			// landlord's and the tenant's. Before the fix each signature
			// wrote back the stamps it read before its transaction, and one
			// of the two given at once was lost (round 1, both databases).
			signers := map[string]int{}
			for _, x := range rep["stamps"].([]any) {
				if st := x.(map[string]any); st["event"] == "sign" {
					signers[st["userId"].(string)]++
				}
			}
			if len(signers) != 3 {
				t.Fatalf("sign stamps by %d users (%v), want 3: one per signature", len(signers), signers)
			}
			for u, n := range signers {
				if n != 1 {
					t.Fatalf("%d sign stamps by %s, want 1", n, u)
				}
			}
			e.RunJobs() // the seal job
			signingtest.SealedOnce(t, e, signing.Ref{Kind: inventory.Kind, ID: id}, round)
			for _, addr := range []string{"clerk@example.com", "lord@example.com", "tom@example.com"} {
				if n := completionMails(t, e, addr, id); n != 1 {
					t.Errorf("%d completion e-mails to %s, want 1", n, addr)
				}
			}
		})
	})
}

// The completion e-mail and "E-mail me a copy" carry the report as a PDF
// attachment, with the link.
func TestReportMailsAttachThePDF(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		lord := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		sendReport(t, e, clerk, id)
		base := "/api/inventory/reports/" + id
		attached := func(addr, subject string, sealed bool) {
			t.Helper()
			e.RunJobs()
			msgs, _ := e.App.Mail.Outbox(context.Background(), addr, 20)
			for _, m := range msgs {
				if !strings.HasPrefix(m.Subject, subject) {
					continue
				}
				if !strings.Contains(m.Text, "/NewReport?id="+id) {
					t.Errorf("%s: no link", addr)
				}
				if len(m.Attachments) != 1 || m.Attachments[0].ContentType != "application/pdf" {
					t.Fatalf("%s %q: %d attachments", addr, subject, len(m.Attachments))
				}
				pdf := m.Attachments[0].Data
				if !strings.HasPrefix(string(pdf), "%PDF") {
					t.Fatalf("%s: not a PDF", addr)
				}
				text := pdftest.Text(t, pdf)
				for _, s := range []string{"Ines Pector", "Tom"} {
					if !strings.Contains(text, s) {
						t.Errorf("%s: the attached PDF lacks %q", addr, s)
					}
				}
				if sealed && !strings.Contains(text, "Audit trail") {
					t.Errorf("%s: the sealed PDF has no audit page", addr)
				}
				return
			}
			t.Errorf("no e-mail %q to %s", subject, addr)
		}
		// A copy of the report awaiting signatures.
		if r := tom.Post(base+"/resend", nil); r.Status != http.StatusOK {
			t.Fatalf("copy: %d %s", r.Status, r.Raw)
		}
		attached("tom@example.com", "Your copy of the", false)
		verifyCode(t, e, lord, "lord@example.com", id)
		if r := lord.Sign(base, typed("Lee Lord")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		verifyCode(t, e, tom, "tom@example.com", id)
		if r := tom.Sign(base, typed("Tom Tenant")); r.Status != 200 || r.Body["completed"] != true {
			t.Fatal(r.Raw)
		}
		attached("lord@example.com", "Everyone has signed", true)
		attached("clerk@example.com", "Everyone has signed", true)
		e.Clock.Advance(signing.ResendGap)
		if r := tom.Post(base+"/resend", nil); r.Status != http.StatusOK {
			t.Fatalf("copy: %d %s", r.Status, r.Raw)
		}
		attached("tom@example.com", "Your copy of the", true)
	})
}

// A tenant verified on version 1 of a report cannot sign version 2 with
// the same request: reopening ended the verification, and a signature
// with the hash of version 1 is refused with 409 and the version in force.
// Before the fix the unchanged request signed version 2 (200).
func TestStaleSignatureRefused(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
		if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		sendReport(t, e, clerk, id)
		base := "/api/inventory/reports/" + id
		verifyCode(t, e, tom, "tom@example.com", id)
		v1 := tom.Get(base + "/signing").Body["documentHash"].(string)
		// The creator reopens, edits and sends version 2.
		r := clerk.Post(base+"/reopen", nil)
		if r.Status != 200 {
			t.Fatalf("reopen: %d %s", r.Status, r.Raw)
		}
		d := fullData("")
		d["overview"] = map[string]any{"rating": "Marked", "description": "Bedroom door scratched.", "photos": []any{}}
		if r := save(clerk, id, r.Body["report"].(map[string]any)["revision"].(float64), d); r.Status != 200 {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(signing.ResendGap)
		verifyCode(t, e, clerk, "clerk@example.com", id)
		if r := clerk.Sign(base, typed("Ines Pector")); r.Status != 200 {
			t.Fatalf("send again: %d %s", r.Status, r.Raw)
		}
		stale := map[string]any{"method": "type", "typed": "Tom Tenant", "documentHash": v1}
		if r := tom.Post(base+"/signing/sign", stale); r.Status != 403 || r.ErrorCode() != "code_required" {
			t.Fatalf("the verification of version 1 signs version 2: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(signing.ResendGap)
		verifyCode(t, e, tom, "tom@example.com", id)
		r = tom.Post(base+"/signing/sign", stale)
		st, _ := r.Body["signing"].(map[string]any)
		v2, _ := st["documentHash"].(string)
		if r.Status != 409 || r.ErrorCode() != "document_changed" || r.ErrorMessage() != signing.MsgDocChanged || v2 == "" || v2 == v1 {
			t.Fatalf("a signature on version 1: %d %s", r.Status, r.Raw)
		}
		if r := tom.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Tom Tenant"}); r.Status != 409 {
			t.Errorf("a signature without the hash: %d", r.Status)
		}
		if r := tom.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Tom Tenant", "documentHash": v2}); r.Status != 200 {
			t.Errorf("a signature on version 2: %d %s", r.Status, r.Raw)
		}
	})
}
