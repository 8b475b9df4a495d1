package inventory_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/signing/signingtest"
)

// A signed, sealed report is evidence: sealed once, never changed. These
// tests (the "OmniScan" probe's findings) fire the requests that met a
// report being signed or sealed together, on SQLite and PostgreSQL.

// fourParties are the clients of a report's parties: the clerk who makes
// it, the landlord Lara, and the tenants Tom and Tina.
type fourParties struct {
	clerk, lord, tom, tina *apptest.Client
	pid                    string
}

func newFourParties(t *testing.T, e *apptest.Env) fourParties {
	t.Helper()
	clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
	return fourParties{clerk: clerk, pid: pid,
		lord: e.SignedIn("lord@example.com", "Secret#123", "Landlord"),
		tom:  e.SignedIn("tom@example.com", "Secret#123", "Tenant"),
		tina: e.SignedIn("tina@example.com", "Secret#123", "Tenant")}
}

// sentReport is a new report naming Lara, Tom and Tina, signed and sent by
// the clerk.
func (p fourParties) sentReport(t *testing.T, e *apptest.Env) string {
	t.Helper()
	id := begin(t, p.clerk, map[string]any{"propertyId": p.pid, "type": inventory.TypeCheckIn})["id"].(string)
	data := fullData("")
	data["tenantDetails"] = append(data["tenantDetails"].([]any), map[string]any{"id": "t2", "first": "Tina", "middle": "", "last": "Tenant",
		"email": "tina@example.com", "moveIn": "2026-12-01", "moveOut": "2027-12-01"})
	if r := save(p.clerk, id, 1, data); r.Status != 200 {
		t.Fatal(r.Raw)
	}
	sendReport(t, e, p.clerk, id)
	return id
}

// awaitingTom is a sent report that Lara and Tina have signed: Tom's
// signature, the last, completes it. Tom has proved his e-mail; hash is
// the version to sign.
func (p fourParties) awaitingTom(t *testing.T, e *apptest.Env) (id, hash string) {
	t.Helper()
	id = p.sentReport(t, e)
	base := "/api/inventory/reports/" + id
	for _, x := range []struct {
		c     *apptest.Client
		email string
	}{{p.lord, "lord@example.com"}, {p.tina, "tina@example.com"}} {
		verifyCode(t, e, x.c, x.email, id)
		if r := x.c.Sign(base, typed("A Party")); r.Status != 200 {
			t.Fatalf("%s signs: %d %s", x.email, r.Status, r.Raw)
		}
	}
	verifyCode(t, e, p.tom, "tom@example.com", id)
	return id, p.tom.Get(base + "/signing").Body["documentHash"].(string)
}

func statusOf(t *testing.T, c *apptest.Client, id string) string {
	t.Helper()
	r := c.Get("/api/inventory/reports/" + id)
	if r.Status != 200 {
		t.Fatalf("read report: %d %s", r.Status, r.Raw)
	}
	return r.Body["report"].(map[string]any)["status"].(string)
}

// download is a party's PDF of the report; it must be a PDF.
func download(t *testing.T, c *apptest.Client, id string) string {
	t.Helper()
	r := c.Get("/api/inventory/reports/" + id + "/pdf")
	if r.Status != 200 || !strings.HasPrefix(r.Raw, "%PDF") {
		t.Fatalf("download: %d %.300s", r.Status, r.Raw)
	}
	return r.Raw
}

// Once every party has signed, the report is final: no comment (not even
// the creator's answer), no toggling of an entry, no dispute photo, no
// Edit Report, each with a 409 that says why; every download is the one
// sealed PDF. Before the fix a tenant's comment took the completed report
// back to Disputed (201), the creator reopened it (200) and sealed it a
// second time: two PDFs /verify accepted, and two completion e-mails.
func TestSignedReportIsFinal(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newFourParties(t, e)
		id := p.sentReport(t, e)
		base := "/api/inventory/reports/" + id
		// An entry of Tom's, resolved, so the report can be signed.
		r := p.tom.Post(base+"/disputes", map[string]any{"section": "inside", "comment": "The oven door is chipped."})
		if r.Status != 201 {
			t.Fatal(r.Raw)
		}
		entry := r.Body["dispute"].(map[string]any)["id"].(string)
		if r := resolve(p.tom, id, entry, true); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		for _, x := range []struct {
			c     *apptest.Client
			email string
		}{{p.lord, "lord@example.com"}, {p.tina, "tina@example.com"}, {p.tom, "tom@example.com"}} {
			verifyCode(t, e, x.c, x.email, id)
			if r := x.c.Sign(base, typed("A Party")); r.Status != 200 {
				t.Fatalf("%s signs: %d %s", x.email, r.Status, r.Raw)
			}
		}
		if st := statusOf(t, p.clerk, id); st != inventory.Completed {
			t.Fatalf("status %s, want Completed", st)
		}
		e.RunJobs()
		_, sealedPDF := signingtest.SealedOnce(t, e, signing.Ref{Kind: inventory.Kind, ID: id}, 1)

		refused := func(what string, r apptest.Response, code, msg string) {
			t.Helper()
			if r.Status != http.StatusConflict || r.ErrorCode() != code || r.ErrorMessage() != msg {
				t.Errorf("%s on a signed report: %d %s", what, r.Status, r.Raw)
			}
		}
		refused("a tenant's comment", p.tom.Post(base+"/disputes", map[string]any{"section": "inside", "comment": "The hall carpet is stained."}),
			"completed", inventory.MsgDisputeSigned)
		refused("the creator's answer", p.clerk.Post(base+"/disputes", map[string]any{"section": "inside", "comment": "Noted."}),
			"completed", inventory.MsgDisputeSigned)
		refused("un-resolving an entry", resolve(p.tom, id, entry, false), "completed", inventory.MsgDisputeSigned)
		refused("a dispute photo", p.tom.Upload(base+"/dispute-photos", "scuff.jpg", "image/jpeg", jpegOf(t, 32, 24)),
			"completed", inventory.MsgDisputeSigned)
		refused("Edit Report", p.clerk.Post(base+"/reopen", nil), "completed", inventory.MsgReopenSigned)

		if st := statusOf(t, p.clerk, id); st != inventory.Completed {
			t.Fatalf("status %s after the refusals, want Completed", st)
		}
		for _, c := range []*apptest.Client{p.clerk, p.lord, p.tom} {
			if download(t, c, id) != string(sealedPDF) {
				t.Errorf("a party downloads another PDF than the sealed one")
			}
		}
		e.RunJobs()
		signingtest.SealedOnce(t, e, signing.Ref{Kind: inventory.Kind, ID: id}, 1)
		mailedOnceEach(t, e, id)
	})
}

// Tina disputes a section at the instant Tom's signature, the last,
// completes the report. One of them wins, decided with the report's row
// locked: either the report is Completed, sealed once, and the comment is
// refused (409 completed), or the comment is added, the report Disputed
// and the signature refused (409 disputed). Before the fix both succeeded
// whenever the signature came first (201 and 200 completed): the report
// ended Disputed right after its seal and the parties downloaded different
// PDFs; with 12 rounds that happened in most runs on both databases.
func TestDisputeMeetsTheLastSignature(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newFourParties(t, e)
		sealedSoFar := 0
		outcomes := map[string]int{}
		racetest.Rounds(t, 12, func(t *testing.T, round int) {
			id, hash := p.awaitingTom(t, e)
			base := "/api/inventory/reports/" + id
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return p.tom.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Tom Tenant", "documentHash": hash})
				}
				return p.tina.Post(base+"/disputes", map[string]any{"section": "inside", "comment": fmt.Sprintf("Round %d: the hall carpet is stained.", round)})
			})
			sign, dispute := res[0], res[1]
			st := statusOf(t, p.clerk, id)
			switch {
			case sign.Status == 200 && dispute.Status == 409:
				outcomes["signed"]++
				if sign.Body["completed"] != true || st != inventory.Completed || dispute.ErrorCode() != "completed" {
					t.Fatalf("signed first: completed %v, status %s, dispute %s", sign.Body["completed"], st, dispute.Raw)
				}
				if _, entries := disputeState(t, p.clerk, id); len(entries) != 0 {
					t.Fatalf("the refused comment was kept: %v", entries)
				}
				e.RunJobs()
				sealedSoFar++
				_, sealedPDF := signingtest.SealedOnce(t, e, signing.Ref{Kind: inventory.Kind, ID: id}, sealedSoFar)
				if download(t, p.tina, id) != string(sealedPDF) || download(t, p.lord, id) != string(sealedPDF) {
					t.Fatalf("a party downloads another PDF than the sealed one")
				}
			case dispute.Status == 201 && sign.Status == 409:
				outcomes["disputed"]++
				if st != inventory.Disputed || sign.ErrorCode() != "disputed" {
					t.Fatalf("disputed first: status %s, signature %s", st, sign.Raw)
				}
			default:
				t.Fatalf("signature %d %s; dispute %d %s (status %s)", sign.Status, sign.Raw, dispute.Status, dispute.Raw, st)
			}
			if st := statusOf(t, p.clerk, id); st != inventory.Completed && st != inventory.Disputed {
				t.Fatalf("status %s", st)
			}
		})
		t.Logf("outcomes: %v", outcomes)
	})
}

// Downloads of the report while it is being sealed: the last signature has
// queued the seal, and eight downloads and the seal job run at once. Each
// download waits for the seal and answers the one sealed PDF (or a 409 to
// try again, never a 500); one PDF is sealed, one completion e-mail sent
// to each party. Before the fix the sealing transaction read the property
// on the pool (the completion e-mail's title) while downloads waiting for
// the write lock held every connection of SQLite's pool: downloads failed
// with 500 (SQLITE_BUSY) after the 10 s busy timeout.
func TestDownloadsWhileSealing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newFourParties(t, e)
		racetest.Rounds(t, 4, func(t *testing.T, round int) {
			id, hash := p.awaitingTom(t, e)
			base := "/api/inventory/reports/" + id
			if r := p.tom.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Tom Tenant", "documentHash": hash}); r.Status != 200 || r.Body["completed"] != true {
				t.Fatalf("the last signature: %d %s", r.Status, r.Raw)
			}
			parties := []*apptest.Client{p.clerk, p.lord, p.tom, p.tina}
			var jobErr error
			var mu sync.Mutex
			res := racetest.Together(9, func(i int) apptest.Response {
				if i == 8 { // the seal job
					for {
						ran, err := e.App.Jobs.RunOnce(context.Background())
						if err != nil || !ran {
							mu.Lock()
							jobErr = err
							mu.Unlock()
							return apptest.Response{Status: 200}
						}
					}
				}
				return parties[i%4].Get(base + "/pdf")
			})
			if jobErr != nil {
				t.Fatalf("seal job: %v", jobErr)
			}
			e.RunJobs()
			_, sealedPDF := signingtest.SealedOnce(t, e, signing.Ref{Kind: inventory.Kind, ID: id}, round)
			for i, r := range res[:8] {
				switch {
				case r.Status == 200 && r.Raw == string(sealedPDF):
				case r.Status == 409 && r.ErrorCode() == "not_sealed":
				default:
					t.Errorf("download %d: %d %.200s (the sealed PDF: %v)", i, r.Status, r.Raw, r.Raw == string(sealedPDF))
				}
			}
			mailedOnceEach(t, e, id)
		})
	})
}

// The clerk signs and sends the draft at the instant they delete it (two
// tabs). Decided with the report's row locked: either it is deleted (204,
// gone, the signature refused) or sent (the delete refused with 409 "Only
// draft reports can be deleted."). Before the fix the delete, deciding on
// the status read before its transaction, answered 204 and deleted nothing
// whenever the signature committed in between. Since a draft whose fee is
// paid is kept (payment.Withdraw), the delete, deciding with the fee's
// order locked, may also be refused as paid: never deleted under the
// signature.
func TestDeleteMeetsTheCreatorsSignature(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newFourParties(t, e)
		racetest.Rounds(t, 15, func(t *testing.T, round int) {
			id := begin(t, p.clerk, map[string]any{"propertyId": p.pid, "type": inventory.TypeCheckIn})["id"].(string)
			if r := save(p.clerk, id, 1, fullData("")); r.Status != 200 {
				t.Fatal(r.Raw)
			}
			payFee(t, p.clerk, id)
			verifyCode(t, e, p.clerk, "clerk@example.com", id)
			base := "/api/inventory/reports/" + id
			hash := p.clerk.Get(base + "/signing").Body["documentHash"]
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return p.clerk.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Ines Pector", "documentHash": hash})
				}
				return p.clerk.Do(http.MethodDelete, base, nil)
			})
			sign, del := res[0], res[1]
			after := p.clerk.Get(base)
			switch {
			case del.Status == 204:
				if after.Status != 404 || sign.Status == 200 || sign.Status >= 500 {
					t.Fatalf("deleted: the report answers %d, the signature %d %s", after.Status, sign.Status, sign.Raw)
				}
			case del.Status == 409:
				if (del.ErrorMessage() != inventory.MsgDeleteDraftOnly && del.ErrorMessage() != payment.MsgFeePaid) || sign.Status != 200 || after.Status != 200 ||
					after.Body["report"].(map[string]any)["status"] != inventory.ATS {
					t.Fatalf("sent: delete %s, signature %d %s, report %d %s", del.Raw, sign.Status, sign.Raw, after.Status, after.Raw)
				}
			default:
				t.Fatalf("delete %d %s; signature %d %s", del.Status, del.Raw, sign.Status, sign.Raw)
			}
		})
	})
}

// photosInEvidence is the count the PDF's Evidence section gives.
func photosInEvidence(t *testing.T, text string) string {
	t.Helper()
	i := strings.Index(text, "Photos (")
	if i < 0 {
		t.Fatalf("no Photos heading in the PDF")
	}
	j := strings.Index(text[i:], ")")
	return text[i : i+j+1]
}

// The PDF's evidence lists the photos the report's data names, whose
// hashes the signatures cover, not every photo uploaded to the report.
// Before the fix a photo uploaded and never placed in the report (or
// uploaded while the clerk signed) was listed with the signed ones.
func TestEvidenceListsTheSignedPhotosOnly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newFourParties(t, e)
		id := begin(t, p.clerk, map[string]any{"propertyId": p.pid, "type": inventory.TypeCheckIn})["id"].(string)
		// Two different pictures: the evidence names each by its hash.
		upload := func(w, h int) (name, hash string) {
			r := p.clerk.Upload("/api/inventory/reports/"+id+"/photos", "oven.jpg", "image/jpeg", jpegOf(t, w, h))
			if r.Status != 201 {
				t.Fatalf("upload: %d %s", r.Status, r.Raw)
			}
			return r.Body["photo"].(map[string]any)["name"].(string), r.Body["evidence"].(map[string]any)["sha256"].(string)
		}
		named, namedHash := upload(32, 24)
		_, looseHash := upload(40, 30)
		if r := save(p.clerk, id, 1, fullData(named)); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		sendReport(t, e, p.clerk, id)
		text := pdftest.Text(t, []byte(download(t, p.tom, id)))
		if got := photosInEvidence(t, text); got != "Photos (1)" || !strings.Contains(text, namedHash) || strings.Contains(text, looseHash) {
			t.Errorf("evidence: %s; named listed %v, loose listed %v", got, strings.Contains(text, namedHash), strings.Contains(text, looseHash))
		}
	})
}

// A photo uploaded while the clerk signs and sends the draft is either
// added before the signature (and, named by nothing, not in the evidence)
// or refused with 409 not_draft: never added to the sent report. The
// upload is asked again in its inserting transaction with the report's row
// locked (photo.InsertGuard); the photo package's
// TestUploadRefusedWhenTheOwnerClosesMeanwhile pins the order down.
func TestPhotoUploadMeetsTheCreatorsSignature(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newFourParties(t, e)
		// 5 rounds on each database (8 took 100 s under -race).
		racetest.Rounds(t, 5, func(t *testing.T, round int) {
			id := begin(t, p.clerk, map[string]any{"propertyId": p.pid, "type": inventory.TypeCheckIn})["id"].(string)
			if r := save(p.clerk, id, 1, fullData("")); r.Status != 200 {
				t.Fatal(r.Raw)
			}
			payFee(t, p.clerk, id)
			verifyCode(t, e, p.clerk, "clerk@example.com", id)
			base := "/api/inventory/reports/" + id
			hash := p.clerk.Get(base + "/signing").Body["documentHash"]
			pic := jpegOf(t, 1600, 1200) // cleaning takes a moment
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return p.clerk.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Ines Pector", "documentHash": hash})
				}
				return p.clerk.Upload(base+"/photos", "late.jpg", "image/jpeg", pic)
			})
			sign, up := res[0], res[1]
			if sign.Status != 200 {
				t.Fatalf("signature: %d %s", sign.Status, sign.Raw)
			}
			if up.Status != 201 && (up.Status != 409 || up.ErrorCode() != "not_draft") {
				t.Fatalf("upload: %d %s", up.Status, up.Raw)
			}
			text := pdftest.Text(t, []byte(download(t, p.tom, id)))
			if got := photosInEvidence(t, text); got != "Photos (0)" {
				t.Errorf("evidence of a report signed without photos: %s (upload %d)", got, up.Status)
			}
		})
	})
}

// Tom sends the same comment twice at once (a double click, two devices):
// one entry, one e-mail to the landlord; the second is refused with 409
// while the first is open. Once resolved, the same words may be sent
// again. Before the fix both were added (two 201s, two e-mails) every time.
func TestSameDisputeTwiceAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		id, clerk, tom, _ := sentToTwoTenants(t, e)
		base := "/api/inventory/reports/" + id + "/disputes"
		racetest.Rounds(t, 10, func(t *testing.T, round int) {
			comment := fmt.Sprintf("Round %d: the oven is not clean.", round)
			e.RunJobs()
			before := signingtest.Mails(t, e, "lord@example.com", "A comment disputes", id)
			res := racetest.Together(2, func(int) apptest.Response {
				return tom.Post(base, map[string]any{"section": "inside", "comment": comment})
			})
			if n := racetest.Count(res, func(r apptest.Response) bool { return r.Status == 201 }); n != 1 {
				t.Fatalf("%d of 2 identical comments added: %d %s / %d %s", n, res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			if n := racetest.Count(res, func(r apptest.Response) bool {
				return r.Status == 409 && r.ErrorCode() == "duplicate_dispute" && r.ErrorMessage() == inventory.MsgDisputeTwice
			}); n != 1 {
				t.Fatalf("the second: %d %s / %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			e.RunJobs()
			if n := signingtest.Mails(t, e, "lord@example.com", "A comment disputes", id) - before; n != 1 {
				t.Errorf("%d e-mails to the landlord, want 1", n)
			}
			checkDerived(t, clerk, id, "same comment twice")
		})
		// Resolved, the same words are a new comment.
		const again = "Round 10: the oven is not clean."
		var entry string
		for _, x := range tom.Get(base).Body["disputes"].([]any) {
			if d := x.(map[string]any); d["comment"] == again {
				entry = d["id"].(string)
			}
		}
		if r := resolve(tom, id, entry, true); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if r := tom.Post(base, map[string]any{"section": "inside", "comment": again}); r.Status != 201 {
			t.Errorf("the same words after resolving: %d %s", r.Status, r.Raw)
		}
	})
}

// mailedOnceEach checks that every party of newFourParties had one
// completion e-mail of report id.
func mailedOnceEach(t *testing.T, e *apptest.Env, id string) {
	t.Helper()
	for _, addr := range []string{"clerk@example.com", "lord@example.com", "tom@example.com", "tina@example.com"} {
		if n := completionMails(t, e, addr, id); n != 1 {
			t.Errorf("%d completion e-mails to %s, want 1", n, addr)
		}
	}
}
