// Package signingtest holds what the signing areas' race and kill -9 tests
// share: starting (and restarting) the application on one database and data
// folder, running a signature in a helper process killed with SIGKILL at a
// chosen point of sealing (with killtest, which runs and kills the helper),
// and checking that a document ended sealed once.
package signingtest

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/killtest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// KillPoints are the points of completing a document at which the kill -9
// tests stop the server: "signed" (the last signature committed, its seal
// job queued), "drawn" (the PDF drawn, nothing stored), "stored" (the file
// stored, its record not committed) and "sealed" (the seal committed with
// its e-mails, not delivered).
var KillPoints = []string{"signed", "drawn", "stored", "sealed"}

// OpenAt starts the application on the database at url with its files in
// dir: twice on the same url and dir is a restart.
func OpenAt(t testing.TB, url, dir string) *apptest.Env {
	t.Helper()
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return apptest.Start(t, d, func(c *config.Config) { c.DataDir = dir })
}

// The helper process's environment.
const (
	envDB    = "SEAL_KILL_DB"
	envDir   = "SEAL_KILL_DIR"
	envKind  = "SEAL_KILL_KIND"
	envID    = "SEAL_KILL_ID"
	envPoint = "SEAL_KILL_POINT"
)

// SurvivesKill is the kill -9 test of sealing a document of kind, on each
// database and at each of KillPoints and "lost" (a seal job that failed for
// good, which the start-up sweep must find): prepare brings a new document
// one signature from complete and answers its id and that last signature,
// made here for "lost"; at the kill points the test function helper makes
// it in a helper process (see Helper), killed there. After a restart the
// document must be sealed once (SealedOnce), and check looks at the rest
// (its status, one completion e-mail per party).
func SurvivesKill(t *testing.T, kind, helper string,
	prepare func(t *testing.T, e *apptest.Env) (id string, lastSign func()),
	check func(t *testing.T, after *apptest.Env, id string)) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts helper processes")
	}
	for _, dialect := range dbtest.Dialects() {
		for _, point := range append(KillPoints[:len(KillPoints):len(KillPoints)], "lost") {
			t.Run(string(dialect)+"/"+point, func(t *testing.T) {
				url, dir := dbtest.URL(t, dialect), t.TempDir()
				e := OpenAt(t, url, dir)
				id, lastSign := prepare(t, e)
				e.RunJobs()
				if point == "lost" {
					lastSign()
					if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE jobs SET failed_at = 1 WHERE kind = 'signing.seal'`); err != nil {
						t.Fatal(err)
					}
				} else {
					KillAt(t, helper, url, dir, signing.Ref{Kind: kind, ID: id}, point)
				}
				after := OpenAt(t, url, dir) // the restart
				// Past the killed worker's lease, which it no longer renews.
				after.Clock.Advance(after.App.Jobs.Lease + time.Second)
				after.RunJobs()
				SealedOnce(t, after, signing.Ref{Kind: kind, ID: id}, 1)
				check(t, after, id)
			})
		}
	}
}

// KillAt runs the test function helper of this test binary in a helper
// process (see Helper) on the database at url and the files in dir, for
// the document ref, and kills it with SIGKILL when it reports reaching point.
func KillAt(t *testing.T, helper, url, dir string, ref signing.Ref, point string) {
	t.Helper()
	killtest.At(t, helper, "at "+point,
		envDB+"="+url, envDir+"="+dir, envKind+"="+ref.Kind, envID+"="+ref.ID, envPoint+"="+point)
}

// Kill is the helper process's side of KillAt.
type Kill struct {
	Env   *apptest.Env // the application, started on the killed test's database and files
	Kind  string       // the document's kind
	ID    string       // the document
	Point string       // where to stop
}

// Helper starts the helper process's application and stops it (to be
// killed) at the point KillAt named, when sealing reaches it; outside a
// helper process it skips the test.
func Helper(t *testing.T) Kill {
	t.Helper()
	killtest.Helper(t)
	k := Kill{Kind: os.Getenv(envKind), ID: os.Getenv(envID), Point: os.Getenv(envPoint)}
	signing.CrashPoint = func(p string) {
		if p == k.Point {
			k.Stop()
		}
	}
	k.Env = OpenAt(t, os.Getenv(envDB), os.Getenv(envDir))
	return k
}

// Stop reports reaching the point and waits to be killed.
func (k Kill) Stop() { killtest.Reached("at " + k.Point) }

// LastSigner answers the user at email, who signs last, and the hash of
// the document as it is to be signed.
func (k Kill) LastSigner(t *testing.T, email string) (session.Actor, string) {
	t.Helper()
	ctx := context.Background()
	u, err := k.Env.App.Auth.UserByEmail(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	env, err := k.Env.App.Signing.Envelope(ctx, signing.Ref{Kind: k.Kind, ID: k.ID})
	if err != nil {
		t.Fatal(err)
	}
	return u.Actor(), env.DocHash
}

// Signed is called by the helper once the last signature is committed: it
// stops there at "signed", or else runs the jobs (the seal), which stop at
// the point.
func (k Kill) Signed(t *testing.T) {
	if k.Point == "signed" {
		k.Stop()
	}
	k.Env.RunJobs()
	t.Fatalf("ran every job without reaching %s", strings.TrimSpace(k.Point))
}

// SealedOnce checks that the document is complete and sealed: one sealed
// PDF kept for its kind (after the rounds' earlier ones: want in all), the
// one whose hash is recorded, which /verify calls genuine. It answers the
// envelope and the PDF.
func SealedOnce(t *testing.T, e *apptest.Env, ref signing.Ref, want int) (signing.Envelope, []byte) {
	t.Helper()
	ctx := context.Background()
	env, err := e.App.Signing.Envelope(ctx, ref)
	if err != nil || env.PDFKey == "" || env.CompletedAt == nil {
		t.Fatalf("not sealed: %v (pdf %q)", err, env.PDFKey)
	}
	if n := SealedFiles(t, e, ref.Kind); n != want {
		t.Errorf("%d sealed PDFs, want %d", n, want)
	}
	rc, _, err := e.App.Files.Get(ctx, env.PDFKey)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if signing.Hash(b) != env.PDFHash {
		t.Errorf("the stored PDF is not the one recorded")
	}
	if r := e.NewClient().Upload("/api/verify", "document.pdf", "application/pdf", b); r.Body["genuine"] != true {
		t.Errorf("verify the sealed PDF: %s", r.Raw)
	}
	return env, b
}

// SealedFiles counts the sealed PDFs kept for kind.
func SealedFiles(t *testing.T, e *apptest.Env, kind string) int {
	t.Helper()
	objs, err := e.App.Files.List(context.Background(), "signed/"+kind+"/")
	if err != nil {
		t.Fatal(err)
	}
	return len(objs)
}

// Mails counts the e-mails to addr whose subject starts with subject and
// whose text names the document id (its link).
func Mails(t *testing.T, e *apptest.Env, addr, subject, id string) int {
	t.Helper()
	return MailsWhere(t, e, addr, func(subj, text string) bool {
		return strings.HasPrefix(subj, subject) && strings.Contains(text, "id="+id)
	})
}

// MailsWhere counts the e-mails to addr whose subject and text match.
func MailsWhere(t *testing.T, e *apptest.Env, addr string, match func(subject, text string) bool) int {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range msgs {
		if match(m.Subject, m.Text) {
			n++
		}
	}
	return n
}
