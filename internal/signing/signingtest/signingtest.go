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

// start starts the application on the database and files s names: twice
// on the same s is a restart.
func start(t testing.TB, s killtest.Shared) *apptest.Env {
	t.Helper()
	return apptest.Start(t, s.Open(t), func(c *config.Config) { c.DataDir = s.Dir })
}

// The helper process's environment (besides killtest's).
const (
	envKind = "SEAL_KILL_KIND"
	envID   = "SEAL_KILL_ID"
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
				s := killtest.New(t, dialect)
				e := start(t, s)
				id, lastSign := prepare(t, e)
				e.RunJobs()
				if point == "lost" {
					lastSign()
					if _, err := e.App.DB.Conn().Exec(context.Background(), `UPDATE jobs SET failed_at = 1 WHERE kind = 'signing.seal'`); err != nil {
						t.Fatal(err)
					}
				} else {
					s.KillAt(t, helper, point, envKind+"="+kind, envID+"="+id)
				}
				after := start(t, s) // the restart
				// Past the killed worker's lease, which it no longer renews.
				after.Clock.Advance(after.App.Jobs.Lease + time.Second)
				after.RunJobs()
				SealedOnce(t, after, signing.Ref{Kind: kind, ID: id}, 1)
				check(t, after, id)
			})
		}
	}
}

// Last is the last signature of a document, as the helper process of a
// SurvivesKill test makes it.
type Last struct {
	Signer    session.Actor     // the last signer
	ID        string            // the document
	Hash      string            // the document's hash as it is signed
	Signature signing.Signature // typed, in the signer's name
	Meta      signing.Meta
}

// SignsLast is the helper process of a SurvivesKill test (outside one it
// skips the test): on the test's database and files it signs as the user
// at email, typing name, with sign (the area's own Sign, answering whether
// the signature completed the document), then runs the jobs (the seal),
// stopping (to be killed) at the test's point: "signed" once the signature
// is committed, the others when sealing reaches them.
func SignsLast(t *testing.T, email, name string, sign func(ctx context.Context, e *apptest.Env, last Last) (completed bool, err error)) {
	t.Helper()
	s, stop := killtest.InHelper(t)
	signing.CrashPoint = stop
	e := start(t, s)
	ctx := context.Background()
	last := Last{ID: os.Getenv(envID), Signature: signing.Signature{Method: signing.Typed, Typed: name},
		Meta: signing.Meta{IP: "127.0.0.1", UserAgent: "helper"}}
	u, err := e.App.Auth.UserByEmail(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	last.Signer = u.Actor()
	env, err := e.App.Signing.Envelope(ctx, signing.Ref{Kind: os.Getenv(envKind), ID: last.ID})
	if err != nil {
		t.Fatal(err)
	}
	last.Hash = env.DocHash
	if completed, err := sign(ctx, e, last); err != nil || !completed {
		t.Fatalf("sign: %v (completed %v)", err, completed)
	}
	stop("signed")
	e.RunJobs()
	t.Fatalf("ran every job without reaching %s", killtest.Point())
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
