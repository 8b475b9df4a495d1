package contract_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/signing"
)

// openAt starts the application on the database at url with its files in
// dir: twice on the same url and dir is a restart.
func openAt(t *testing.T, url, dir string) *apptest.Env {
	t.Helper()
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return apptest.Start(t, d, func(c *config.Config) { c.DataDir = dir })
}

// A server killed with SIGKILL at any point of completing an agreement
// (the last signature committed, the PDF drawn, the PDF stored but not
// recorded, the seal recorded but its e-mails not delivered) ends, after
// a restart, with the agreement completed, exactly one sealed PDF that
// /verify knows, and exactly one completion e-mail per party. "lost" is an
// agreement whose seal job failed for good: the start-up sweep seals it.
// Before the fix the seal ran after the response, outside any job: killed
// at "drawn" or "stored" the agreement stayed "all signed" without a PDF,
// and /verify said not everyone had signed.
func TestSealSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helper processes")
	}
	for _, dialect := range dbtest.Dialects() {
		for _, point := range []string{"signed", "drawn", "stored", "sealed", "lost"} {
			t.Run(string(dialect)+"/"+point, func(t *testing.T) {
				url, dir := dbtest.URL(t, dialect), t.TempDir()
				e := openAt(t, url, dir)
				owner, pid := landlordWithProperty(t, e, "lord@example.com")
				tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
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
				e.RunJobs()
				if point == "lost" {
					if r := tom.Sign("/api/contracts/"+id, typed("Tom Tenant")); r.Status != 200 {
						t.Fatalf("tom signs: %d %s", r.Status, r.Raw)
					}
					if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE jobs SET failed_at = 1 WHERE kind = 'signing.seal'`); err != nil {
						t.Fatal(err)
					}
				} else {
					killAt(t, url, dir, id, point)
				}
				after := openAt(t, url, dir)         // the restart
				after.Clock.Advance(5 * time.Minute) // past the killed worker's lease
				after.RunJobs()
				env, err := after.App.Signing.Envelope(context.Background(), signing.Ref{Kind: contract.Kind, ID: id})
				if err != nil || env.PDFKey == "" || env.CompletedAt == nil {
					t.Fatalf("not sealed after the restart: %v (pdf %q)", err, env.PDFKey)
				}
				objs, err := after.App.Files.List(context.Background(), "signed/")
				if err != nil || len(objs) != 1 {
					t.Fatalf("%d sealed PDFs, want 1 (%v)", len(objs), err)
				}
				rc, _, err := after.App.Files.Get(context.Background(), env.PDFKey)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(rc)
				rc.Close()
				if signing.Hash(b) != env.PDFHash {
					t.Errorf("the stored PDF is not the one recorded")
				}
				if r := after.NewClient().Upload("/api/verify", "agreement.pdf", "application/pdf", b); r.Body["genuine"] != true {
					t.Errorf("verify: %s", r.Raw)
				}
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
	}
}

// killAt runs the last signature (Tom's) in a helper process and kills it
// with SIGKILL when it reports reaching point.
func killAt(t *testing.T, url, dir, id, point string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSealKillHelper$", "-test.v")
	cmd.Env = append(os.Environ(), "SEAL_KILL_DB="+url, "SEAL_KILL_DIR="+dir, "SEAL_KILL_ID="+id, "SEAL_KILL_POINT="+point)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	reached := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if sc.Text() == "at "+point {
				reached <- true
				return
			}
		}
		reached <- false
	}()
	select {
	case ok := <-reached:
		if !ok {
			_ = cmd.Wait()
			t.Fatalf("the helper ended before %s", point)
		}
	case <-time.After(2 * time.Minute):
		t.Errorf("the helper did not reach %s", point)
	}
	_ = cmd.Process.Kill() // SIGKILL: nothing runs after it
	_ = cmd.Wait()
}

// TestSealKillHelper is the helper process of TestSealSurvivesKill: it
// signs as Tom, the last signer, and runs the jobs, stopping (to be
// killed) at SEAL_KILL_POINT.
func TestSealKillHelper(t *testing.T) {
	url := os.Getenv("SEAL_KILL_DB")
	if url == "" {
		t.Skip("the helper process of TestSealSurvivesKill")
	}
	point := os.Getenv("SEAL_KILL_POINT")
	stop := func() {
		fmt.Println("at " + point)
		time.Sleep(time.Hour) // until killed
	}
	signing.CrashPoint = func(p string) {
		if p == point {
			stop()
		}
	}
	e := openAt(t, url, os.Getenv("SEAL_KILL_DIR"))
	ctx := context.Background()
	id := os.Getenv("SEAL_KILL_ID")
	u, err := e.App.Auth.UserByEmail(ctx, "tom@example.com")
	if err != nil {
		t.Fatal(err)
	}
	env, err := e.App.Signing.Envelope(ctx, signing.Ref{Kind: contract.Kind, ID: id})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.App.Contracts.Sign(ctx, u.Actor(), id, signing.Signature{Method: signing.Typed, Typed: "Tom Tenant"}, env.DocHash,
		signing.Meta{IP: "127.0.0.1", UserAgent: "helper"})
	if err != nil || !res.Completed {
		t.Fatalf("sign: %v %+v", err, res.Completed)
	}
	if point == "signed" {
		stop()
	}
	e.RunJobs()
	t.Fatalf("ran every job without reaching %s", strings.TrimSpace(point))
}
