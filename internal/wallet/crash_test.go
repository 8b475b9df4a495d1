package wallet_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/platform/killtest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

// Issue 24, kill -9: an invoice upload killed between writing its file and
// the row that names it. After restart no entry names a missing file, and
// the orphan sweep (a job) removes the stray file once it is old enough.
// The upload runs in a helper process (this test binary again, started
// by killtest), killed with SIGKILL at the point.
func TestInvoiceUploadKilledBetweenFileAndRow(t *testing.T) {
	killtest.Each(t, func(t *testing.T, s killtest.Shared) {
		e := startAt(t, s)
		c, p := landlord(t, e, "lord@example.com", 1)
		id := add(t, c, entry("expense", p[0], "Insurance", 10000, "2026-10-01"))["id"].(string)
		landlordID := obj(c.Get("/api/auth/session").Body["user"])["id"].(string)

		s.KillAt(t, "TestInvoiceUploadCrashHelper", "file-written",
			"WALLET_CRASH_LANDLORD="+landlordID, "WALLET_CRASH_ENTRY="+id)

		// Restart: a new server on the same database and files.
		e2 := startAt(t, s)
		c2 := e2.NewClient()
		if r := c2.Post("/api/auth/login", map[string]any{"email": "lord@example.com", "password": "Secret#123"}); r.Status != 200 {
			t.Fatalf("login: %d %s", r.Status, r.Raw)
		}
		if inv := obj(c2.Get("/api/wallet/transactions/" + id).Body["transaction"])["invoice"]; inv != nil {
			t.Fatalf("the entry names an invoice whose row was never written: %v", inv)
		}
		assertNamedFilesExist(t, e2)
		stray := walletFiles(t, e2, id)
		if len(stray) != 1 {
			t.Fatalf("want the killed upload's file on disk before the sweep, got %v", stray)
		}
		// The sweep leaves a young file (its row may be coming)...
		e2.RunJobs()
		if got := walletFiles(t, e2, id); len(got) != 1 {
			t.Fatalf("a young file was swept: %v", got)
		}
		// ...and removes it once it is older than wallet.OrphanAge.
		e2.Clock.Advance(wallet.OrphanAge + 2*time.Minute)
		e2.RunJobs()
		if got := walletFiles(t, e2, id); len(got) != 0 {
			t.Fatalf("the stray file stayed after the sweep: %v", got)
		}
		// The entry still takes an invoice.
		if r := upload(t, c2, "/api/wallet/transactions/"+id+"/invoice", "i.pdf", "application/pdf", pdf("after")); r.Status != 200 {
			t.Fatalf("upload after restart: %d %s", r.Status, r.Raw)
		}
		assertNamedFilesExist(t, e2)
	})
}

// TestInvoiceUploadCrashHelper is the process that is killed: it uploads an
// invoice and stops between the file and the row.
func TestInvoiceUploadCrashHelper(t *testing.T) {
	s, stop := killtest.InHelper(t)
	e := startAt(t, s)
	wallet.PauseAfterInvoiceFile(func() { stop("file-written") })
	a := session.Actor{UserID: os.Getenv("WALLET_CRASH_LANDLORD"), UserType: session.Landlord, Role: session.RoleUser}
	_, err := e.App.Wallet.SetInvoice(context.Background(), a, os.Getenv("WALLET_CRASH_ENTRY"), bytes.NewReader(pdf("killed")))
	t.Fatalf("the upload ended instead of pausing: %v", err)
}

// startAt starts the app on the database and files s names (kept across
// restarts).
func startAt(t *testing.T, s killtest.Shared) *apptest.Env {
	t.Helper()
	return apptest.Start(t, s.Open(t), func(c *config.Config) { *c = apptest.Config(t, s.Dir) })
}

// assertNamedFilesExist: every invoice an entry names is stored.
func assertNamedFilesExist(t *testing.T, e *apptest.Env) {
	t.Helper()
	rows, err := e.App.DB.QueryContext(context.Background(), `SELECT invoice_key FROM wallet_transactions WHERE invoice_key <> ''`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err != nil {
			t.Fatal(err)
		}
		rc, _, err := e.App.Files.Get(context.Background(), key)
		if err != nil {
			t.Fatalf("an entry names a missing file %s: %v", strings.TrimSpace(key), err)
		}
		rc.Close()
	}
}
