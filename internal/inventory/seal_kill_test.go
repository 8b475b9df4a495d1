package inventory_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/signing/signingtest"
)

// The report's PDF job under kill -9: a server killed with SIGKILL at any
// point of completing an inventory report (signingtest.KillPoints: the
// last signature committed, the PDF drawn, the PDF stored but not
// recorded, the seal recorded but its e-mails not delivered) ends, after a
// restart, with the report completed, exactly one sealed PDF, the one whose
// hash is recorded, which /verify calls genuine, and exactly one
// completion e-mail to each party; so does a report whose seal job failed
// for good ("lost": the start-up sweep seals it).
func TestReportSealSurvivesKill(t *testing.T) {
	signingtest.SurvivesKill(t, inventory.Kind, "TestReportSealKillHelper",
		func(t *testing.T, e *apptest.Env) (string, func()) {
			clerk, pid := landlordWithProperty(t, e, "clerk@example.com")
			tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
			lord := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
			id := begin(t, clerk, map[string]any{"propertyId": pid, "type": inventory.TypeCheckIn})["id"].(string)
			if r := save(clerk, id, 1, fullData("")); r.Status != 200 {
				t.Fatal(r.Raw)
			}
			sendReport(t, e, clerk, id)
			base := "/api/inventory/reports/" + id
			verifyCode(t, e, lord, "lord@example.com", id)
			if r := lord.Sign(base, typed("Lee Lord")); r.Status != 200 {
				t.Fatalf("the landlord signs: %d %s", r.Status, r.Raw)
			}
			verifyCode(t, e, tom, "tom@example.com", id)
			return id, func() {
				if r := tom.Sign(base, typed("Tom Tenant")); r.Status != 200 || r.Body["completed"] != true {
					t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
				}
			}
		},
		func(t *testing.T, after *apptest.Env, id string) {
			var status string
			if err := after.App.DB.Conn().QueryRow(context.Background(), `SELECT status FROM inventory_reports WHERE id = ?`, id).Scan(&status); err != nil || status != inventory.Completed {
				t.Errorf("status %q (%v)", status, err)
			}
			for _, addr := range []string{"clerk@example.com", "lord@example.com", "tom@example.com"} {
				if n := completionMails(t, after, addr, id); n != 1 {
					t.Errorf("%d completion e-mails to %s, want 1", n, addr)
				}
			}
		})
}

// TestReportSealKillHelper is the helper process of
// TestReportSealSurvivesKill: it signs as Tom, the last signer, and runs
// the jobs, stopping (to be killed) at the point.
func TestReportSealKillHelper(t *testing.T) {
	signingtest.SignsLast(t, "tom@example.com", "Tom Tenant", func(ctx context.Context, e *apptest.Env, last signingtest.Last) (bool, error) {
		res, err := e.App.Inventory.Sign(ctx, last.Signer, last.ID, signing.SignRequest{Signature: last.Signature, DocumentHash: last.Hash}, last.Meta)
		return res.Completed, err
	})
}
