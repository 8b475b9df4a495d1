package contract_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// readersOf are the e-mails the agreement is open to (contract_tenants,
// which the tenant lists and access read) and the e-mails of its
// envelope's signers other than the landlord (none before it is signed).
func readersOf(t *testing.T, e *apptest.Env, id string) (readers, signers []string) {
	t.Helper()
	ctx := context.Background()
	str := func(s db.Scanner) (string, error) {
		var v string
		return v, s.Scan(&v)
	}
	readers, err := db.All(ctx, e.App.DB.Conn(), str, `SELECT email_key FROM contract_tenants WHERE contract_id = ? ORDER BY email_key`, id)
	if err != nil {
		t.Fatal(err)
	}
	signers, err = db.All(ctx, e.App.DB.Conn(), str, `SELECT s.email_key FROM signing_signers s JOIN signing_envelopes v ON v.id = s.envelope_id
		WHERE v.kind = ? AND v.subject_id = ? AND s.role <> 'Landlord' ORDER BY s.email_key`, contract.Kind, id)
	if err != nil {
		t.Fatal(err)
	}
	return readers, signers
}

// The landlord signs the draft while an edit of it (another tab, another
// device) names another tenant, at the same time. Exactly one of them
// wins: the signature freezes the draft and the edit is refused (409
// not_draft), or the edit comes first and the signature, on the version
// the landlord's page showed, is refused as changed (409
// document_changed). Either way the agreement's tenants are its envelope's
// signers. Before the fix (the edit read the draft, then wrote it with no
// check that it was still a draft; the signature froze the draft as read
// before its transaction) both answered 200: the answers named Xavier, the
// envelope Tom and the landlord, Tom could not open the agreement and
// Xavier could. The unfixed code failed in round 1 on SQLite and round 2
// on PostgreSQL.
func TestEditWhileLandlordSigns(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		xav := e.SignedIn("xav@example.com", "Secret#123", "Tenant")
		a := answers()
		a["guarantor"] = map[string]any{"answer": "no"}
		a["tenants"] = []any{map[string]any{"first": "Tom", "last": "Tenant", "email": "tom@example.com"}}
		edited := with(a, "tenants", []any{map[string]any{"first": "Xavier", "last": "Other", "email": "xav@example.com"}})
		edits := []func(c *apptest.Client, id string) apptest.Response{
			func(c *apptest.Client, id string) apptest.Response { return step(c, id, "tenants", edited) },
			func(c *apptest.Client, id string) apptest.Response { return c.Post("/api/contracts/"+id+"/back", nil) },
		}
		racetest.Rounds(t, 12, func(t *testing.T, round int) {
			id := newDraft(t, owner, pid)["id"].(string)
			finish(t, owner, id, a)
			pay(t, owner, id)
			verify(t, e, owner, "lord@example.com", id)
			base := "/api/contracts/" + id
			hash := owner.Get(base + "/signing").Body["documentHash"]
			edit := edits[round%len(edits)]
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return owner.Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "Lara Lord", "documentHash": hash})
				}
				// The probe's edit came a few milliseconds after the
				// signature; vary it so the edit lands at every point of it.
				time.Sleep(time.Duration(round%4) * time.Millisecond)
				return edit(owner, id)
			})
			sign, ed := res[0], res[1]
			switch {
			case sign.Status == 200 && ed.Status == 409 && ed.ErrorCode() == "not_draft":
			case ed.Status == 200 && sign.Status == 409 && slices.Contains([]string{"document_changed", "not_finished"}, sign.ErrorCode()):
			default:
				t.Fatalf("sign %d %s; edit %d %s", sign.Status, sign.Raw, ed.Status, ed.Raw)
			}
			st := owner.Get(base).Body["contract"].(map[string]any)["status"]
			readers, signers := readersOf(t, e, id)
			if sign.Status == 200 {
				if st != string(contract.ATS) || !slices.Equal(readers, signers) || !slices.Equal(signers, []string{"tom@example.com"}) {
					t.Fatalf("signed: status %v, readers %v, signers %v", st, readers, signers)
				}
				if r := tom.Get(base); r.Status != 200 {
					t.Fatalf("tom, a signer, reads it: %d", r.Status)
				}
				if r := xav.Get(base); r.Status != 404 {
					t.Fatalf("xavier, not a signer, reads it: %d", r.Status)
				}
			} else if st != string(contract.Draft) || len(signers) != 0 {
				t.Fatalf("edited: status %v, signers %v", st, signers)
			}
		})
	})
}

// Every change of a draft after the landlord signed it is refused with
// 409 not_draft, and changes nothing.
func TestSignedDraftRefusesChanges(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlordWithProperty(t, e, "lord@example.com")
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		id := awaitingTom(t, e, owner, tom, pid)
		base := "/api/contracts/" + id
		before := owner.Get(base).Raw
		a := answers()
		for name, r := range map[string]apptest.Response{
			"step":   step(owner, id, "tenants", a),
			"back":   owner.Post(base+"/back", nil),
			"delete": owner.Do("DELETE", base, nil),
		} {
			if r.Status != 409 || r.ErrorCode() != "not_draft" || !strings.Contains(r.Raw, contract.MsgNotDraft) {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		if after := owner.Get(base).Raw; after != before {
			t.Errorf("the signed agreement changed:\n%s\n%s", before, after)
		}
	})
}
