package contract_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/signing/signingtest"
)

// completionMails are the completion e-mails of agreement id to addr.
func completionMails(t *testing.T, e *apptest.Env, addr, id string) int {
	t.Helper()
	return signingtest.Mails(t, e, addr, "Your signed tenancy agreement", id)
}

// awaitingTom makes a new agreement for Tom alone, signed by the landlord,
// with Tom's code verified: his signature completes it.
func awaitingTom(t *testing.T, e *apptest.Env, owner, tom *apptest.Client, pid string) string {
	t.Helper()
	a := answers()
	a["guarantor"] = map[string]any{"answer": "no"}
	a["tenants"] = []any{map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"}}
	id := newDraft(t, owner, pid)["id"].(string)
	finish(t, owner, id, a)
	pay(t, owner, id)
	verify(t, e, owner, "lord@example.com", id)
	if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != 200 {
		t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
	}
	verify(t, e, tom, "tom@example.com", id)
	return id
}

// jointParties are a landlord with a property and the two joint tenants,
// Tom and Tess, of the agreements twoTenantsToSign makes.
type jointParties struct {
	owner, tom, tess *apptest.Client
	pid              string
	answers          map[string]any
}

func newJointParties(t *testing.T, e *apptest.Env) jointParties {
	t.Helper()
	owner, pid := landlordWithProperty(t, e, "lord@example.com")
	a := answers()
	a["guarantor"] = map[string]any{"answer": "no"}
	return jointParties{owner: owner, pid: pid, answers: a,
		tom: e.SignedIn("tom@example.com", "Secret#123", "Tenant"), tess: e.SignedIn("tess@example.com", "Secret#123", "Tenant")}
}

// twoTenantsToSign makes an agreement for Tom and Tess, paid and signed by
// the landlord, with both tenants' codes verified, and answers its id.
func (p jointParties) twoTenantsToSign(t *testing.T, e *apptest.Env) string {
	t.Helper()
	id := newDraft(t, p.owner, p.pid)["id"].(string)
	finish(t, p.owner, id, p.answers)
	pay(t, p.owner, id)
	verify(t, e, p.owner, "lord@example.com", id)
	if r := p.owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != 200 {
		t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
	}
	verify(t, e, p.tom, "tom@example.com", id)
	verify(t, e, p.tess, "tess@example.com", id)
	return id
}

// Two tenants, the last two signers, sign at the same instant: exactly one
// of them completes the agreement, which is then sealed once and e-mailed
// once to each party. Before the fix (completion decided on the envelope
// read before the transaction) both answered completed: false and the
// agreement stayed "awaiting signatures" for ever: the unfixed code failed
// in round 3 on SQLite and round 1 on PostgreSQL of 8.
func TestLastTwoSignersAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newJointParties(t, e)
		owner, tom, tess := p.owner, p.tom, p.tess
		racetest.Rounds(t, 8, func(t *testing.T, round int) {
			id := p.twoTenantsToSign(t, e)
			base := "/api/contracts/" + id
			hash := tom.Get(base + "/signing").Body["documentHash"]
			tenants := []*apptest.Client{tom, tess}
			res := racetest.Together(2, func(i int) apptest.Response {
				return tenants[i].Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "A Tenant", "documentHash": hash})
			})
			for _, r := range res {
				if r.Status != 200 {
					t.Fatalf("a tenant signs: %d %s", r.Status, r.Raw)
				}
			}
			if n := racetest.Count(res, func(r apptest.Response) bool { return r.Body["completed"] == true }); n != 1 {
				t.Fatalf("%d answers say completed, want exactly 1 (%v, %v)", n, res[0].Body["completed"], res[1].Body["completed"])
			}
			e.RunJobs() // the seal job
			if st := owner.Get(base).Body["contract"].(map[string]any)["status"]; st != string(contract.Completed) {
				t.Fatalf("status %v, want completed", st)
			}
			signingtest.SealedOnce(t, e, signing.Ref{Kind: contract.Kind, ID: id}, round)
			for _, addr := range []string{"lord@example.com", "tom@example.com", "tess@example.com"} {
				if n := completionMails(t, e, addr, id); n != 1 {
					t.Errorf("%d completion e-mails to %s, want 1", n, addr)
				}
			}
		})
	})
}

// The completion e-mail carries the sealed PDF (it is far below
// signing.MaxAttachBytes) and its link; the re-sent copy carries it too.
func TestCompletionMailAttachesTheSealedPDF(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		id := awaitingTom(t, e, owner, tom, pid)
		if r := tom.Sign("/api/contracts/"+id, typed("Tom Tenant")); r.Status != 200 || r.Body["completed"] != true {
			t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		env, _ := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: contract.Kind, ID: id})
		check := func(addr, subject string) {
			t.Helper()
			msgs, _ := e.App.Mail.Outbox(context.Background(), addr, 20)
			for _, m := range msgs {
				if !strings.HasPrefix(m.Subject, subject) {
					continue
				}
				if !strings.Contains(m.Text, "/contract-builder?view=completed&id="+id) {
					t.Errorf("%s: no link", addr)
				}
				if len(m.Attachments) != 1 || m.Attachments[0].ContentType != "application/pdf" || !strings.HasSuffix(m.Attachments[0].Name, ".pdf") {
					t.Fatalf("%s: attachments %d", addr, len(m.Attachments))
				}
				pdf := m.Attachments[0].Data
				if !strings.HasPrefix(string(pdf), "%PDF") || signing.Hash(pdf) != env.PDFHash {
					t.Errorf("%s: the attachment is not the sealed PDF", addr)
				}
				text := pdftest.Text(t, pdf)
				for _, s := range []string{"Lara Lord", "Tom Tenant", "Audit trail", env.PublicRef} {
					if !strings.Contains(text, s) {
						t.Errorf("%s: the attached PDF lacks %q", addr, s)
					}
				}
				return
			}
			t.Errorf("no e-mail %q to %s", subject, addr)
		}
		check("lord@example.com", "Your signed tenancy agreement")
		check("tom@example.com", "Your signed tenancy agreement")
		if r := tom.Post("/api/contracts/"+id+"/resend", nil); r.Status != 200 {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		check("tom@example.com", "Download your signed tenancy agreement")
	})
}

// The landlord's page showed version 1 of the draft; the draft was then
// changed (another tab): the signature on version 1 is refused with 409
// and the version in force, and nothing is signed. Before the fix the
// request carried no hash and signed version 2.
func TestStaleFirstSignatureRefused(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)
		a := answers()
		finish(t, owner, id, a)
		pay(t, owner, id)
		verify(t, e, owner, "lord@example.com", id)
		base := "/api/contracts/" + id
		v1, _ := owner.Get(base + "/signing").Body["documentHash"].(string)
		if len(v1) != 64 {
			t.Fatalf("no hash of the draft to sign: %q", v1)
		}
		a["rentPence"] = 160000
		finish(t, owner, id, a)
		r := owner.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Lara Lord", "documentHash": v1})
		st, _ := r.Body["signing"].(map[string]any)
		v2, _ := st["documentHash"].(string)
		if r.Status != 409 || r.ErrorCode() != "document_changed" || v2 == v1 || len(v2) != 64 {
			t.Fatalf("signature on version 1: %d %s", r.Status, r.Raw)
		}
		if st := owner.Get(base).Body["contract"].(map[string]any)["status"]; st != string(contract.Draft) {
			t.Fatalf("status %v after a refused signature", st)
		}
		r = owner.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Lara Lord", "documentHash": v2})
		if r.Status != 200 {
			t.Fatalf("signature on version 2: %d %s", r.Status, r.Raw)
		}
		env, _ := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: contract.Kind, ID: id})
		if env.DocHash != v2 || !strings.Contains(string(env.Document), "1,600") {
			t.Errorf("frozen version: %s", env.DocHash)
		}
	})
}

// 40 wrong codes at once: each comparison first spends a try in one
// statement, so exactly signing.CodeTries of them are compared (the first
// four answer "not correct", every other "too many") and the right code
// after them is refused. Before the fix (the tries read, compared, then
// counted) more than CodeTries were compared: the unfixed code failed in
// round 1 or 2 on SQLite and round 1 on PostgreSQL (two runs each).
func TestManyWrongCodesAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		id := newDraft(t, owner, pid)["id"].(string)
		finish(t, owner, id, answers())
		base := "/api/contracts/" + id
		racetest.Rounds(t, 6, func(t *testing.T, round int) {
			e.Clock.Advance(signing.ResendGap + time.Second)
			if r := owner.Post(base+"/signing/code", nil); r.Status != 200 {
				t.Fatalf("code: %d %s", r.Status, r.Raw)
			}
			right := e.LastCode("lord@example.com")
			wrong := fmt.Sprintf("%06d", (atoi(right)+1)%1_000_000)
			res := racetest.Together(40, func(int) apptest.Response {
				return owner.Post(base+"/signing/verify", map[string]any{"code": wrong})
			})
			compared := racetest.Count(res, func(r apptest.Response) bool { return r.ErrorCode() == "code_invalid" })
			limited := racetest.Count(res, func(r apptest.Response) bool { return r.ErrorCode() == "code_attempts" })
			if compared != signing.CodeTries-1 || limited != 40-compared {
				t.Fatalf("%d answered not correct and %d too many, want %d and %d", compared, limited, signing.CodeTries-1, 40-signing.CodeTries+1)
			}
			var tries int
			if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT attempts FROM signing_codes WHERE kind = ? AND subject_id = ?`, contract.Kind, id).Scan(&tries); err != nil || tries != signing.CodeTries {
				t.Fatalf("%d tries counted, want %d (%v)", tries, signing.CodeTries, err)
			}
			if r := owner.Post(base+"/signing/verify", map[string]any{"code": right}); r.Status != 400 || r.ErrorCode() != "code_attempts" {
				t.Fatalf("the right code after the limit: %d %s", r.Status, r.Raw)
			}
		})
	})
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// The seal may run more than once, even at the same time (a download
// while its job runs, a job run twice): one sealed PDF, the one whose
// hash is recorded, and one completion e-mail per party.
func TestSealRunsTwiceAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		racetest.Rounds(t, 4, func(t *testing.T, round int) {
			id := awaitingTom(t, e, owner, tom, pid)
			if r := tom.Sign("/api/contracts/"+id, typed("Tom Tenant")); r.Status != 200 || r.Body["completed"] != true {
				t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
			}
			ref := signing.Ref{Kind: contract.Kind, ID: id}
			env, _ := e.App.Signing.Envelope(context.Background(), ref)
			// A second seal job, as a sweep racing the first would add.
			if err := e.App.Jobs.Enqueue(context.Background(), e.App.DB.Conn(), "signing.seal", map[string]string{"envelopeId": env.ID}, 5); err != nil {
				t.Fatal(err)
			}
			errs := racetest.Together(3, func(i int) error {
				if i == 0 {
					r := tom.Get("/api/contracts/" + id + "/pdf")
					if r.Status != 200 {
						return fmt.Errorf("download: %d", r.Status)
					}
					return nil
				}
				_, err := e.App.Jobs.RunOnce(context.Background())
				return err
			})
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			e.RunJobs()
			env, _ = e.App.Signing.Envelope(context.Background(), ref)
			if n := signingtest.SealedFiles(t, e, contract.Kind); n != round || env.PDFKey == "" {
				t.Fatalf("%d sealed PDFs after %d agreements", n, round)
			}
			if r := tom.Get("/api/contracts/" + id + "/pdf"); signing.Hash([]byte(r.Raw)) != env.PDFHash {
				t.Errorf("the PDF served is not the one recorded")
			}
			for _, addr := range []string{"lord@example.com", "tom@example.com"} {
				if n := completionMails(t, e, addr, id); n != 1 {
					t.Errorf("%d completion e-mails to %s, want 1", n, addr)
				}
			}
		})
	})
}

// The sealed PDF is asked for by every party at once while it is being
// sealed (each download seals it if its job has not yet: SealNow). Each
// gets the one sealed PDF, and each party one completion e-mail. The
// seal's transaction holds SQLite's write lock; it once read the
// property's address and the certificates' copies for its e-mails on the
// pool, where the downloads waiting for the lock held the connections, so
// it waited until SQLite's busy timeout failed them (500 after 10 s). The
// e-mails are now prepared before the transaction (signing.Sealer's SealedMails).
func TestPDFDownloadsWhileSealing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newJointParties(t, e)
		racetest.Rounds(t, 4, func(t *testing.T, round int) {
			id := p.twoTenantsToSign(t, e)
			base := "/api/contracts/" + id
			for _, c := range []*apptest.Client{p.tom, p.tess} {
				hash := c.Get(base + "/signing").Body["documentHash"]
				if r := c.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "A Tenant", "documentHash": hash}); r.Status != 200 {
					t.Fatalf("a tenant signs: %d %s", r.Status, r.Raw)
				}
			}
			parties := []*apptest.Client{p.owner, p.tom, p.tess}
			res := racetest.Together(9, func(i int) apptest.Response { return parties[i%3].Get(base + "/pdf") })
			for i, r := range res {
				if r.Status != 200 || !strings.HasPrefix(r.Raw, "%PDF") || r.Raw != res[0].Raw {
					t.Fatalf("download %d: %d, %d bytes, the same as the first: %v", i, r.Status, len(r.Raw), r.Raw == res[0].Raw)
				}
			}
			e.RunJobs()
			signingtest.SealedOnce(t, e, signing.Ref{Kind: contract.Kind, ID: id}, round)
			for _, addr := range []string{"lord@example.com", "tom@example.com", "tess@example.com"} {
				if n := completionMails(t, e, addr, id); n != 1 {
					t.Errorf("%d completion e-mails to %s, want 1", n, addr)
				}
			}
		})
	})
}
