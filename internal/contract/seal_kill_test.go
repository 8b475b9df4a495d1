package contract_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/signing/signingtest"
)

// A server killed with SIGKILL at any point of completing an agreement
// (signingtest.KillPoints: the last signature committed, the PDF drawn,
// the PDF stored but not recorded, the seal recorded but its e-mails not
// delivered) ends, after a restart, with the agreement completed, exactly
// one sealed PDF that /verify knows, and exactly one completion e-mail per
// party; so does an agreement whose seal job failed for good ("lost": the
// start-up sweep seals it). Before the fix the seal ran after the
// response, outside any job: killed at "drawn" or "stored" the agreement
// stayed "all signed" without a PDF, and /verify said not everyone had
// signed.
func TestSealSurvivesKill(t *testing.T) {
	signingtest.SurvivesKill(t, contract.Kind, "TestSealKillHelper",
		func(t *testing.T, e *apptest.Env) (string, func()) {
			owner, pid := landlordWithProperty(t, e, "lord@example.com")
			tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
			id := awaitingTom(t, e, owner, tom, pid)
			return id, func() {
				if r := tom.Sign("/api/contracts/"+id, typed("Tom Tenant")); r.Status != 200 || r.Body["completed"] != true {
					t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
				}
			}
		},
		func(t *testing.T, after *apptest.Env, id string) {
			var status string
			if err := after.App.DB.Conn().QueryRow(context.Background(), `SELECT status FROM contracts WHERE id = ?`, id).Scan(&status); err != nil || status != string(contract.Completed) {
				t.Errorf("status %q (%v)", status, err)
			}
			for _, addr := range []string{"lord@example.com", "tom@example.com"} {
				if n := completionMails(t, after, addr, id); n != 1 {
					t.Errorf("%d completion e-mails to %s, want 1", n, addr)
				}
			}
		})
}

// TestSealKillHelper is the helper process of TestSealSurvivesKill: it
// signs as Tom, the last signer, and runs the jobs, stopping (to be
// killed) at the point.
func TestSealKillHelper(t *testing.T) {
	signingtest.SignsLast(t, "tom@example.com", "Tom Tenant", func(ctx context.Context, e *apptest.Env, last signingtest.Last) (bool, error) {
		res, err := e.App.Contracts.Sign(ctx, last.Signer, last.ID, last.Signature, last.Hash, last.Meta)
		return res.Completed, err
	})
}
