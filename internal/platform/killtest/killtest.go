// Package killtest runs a test function of the test binary again, in a
// helper process, and kills it with SIGKILL (kill -9) at a moment the
// helper names, for tests that what a killed server leaves behind is put
// right by the next one.
//
// The test starts the helper with Start (or At), naming the helper's test
// function, the environment it passes (the database, the data folder, where
// to stop) and the line the helper prints when it is there. The helper
// calls Helper first (outside a helper process it skips), and Reached at
// the moment it is to be killed.
//
// A helper killed with SIGKILL runs none of its clean-ups, so its temporary
// folders (t.TempDir, os.MkdirTemp) would stay in the system's temp folder:
// Start points the helper's TMPDIR into the test's own t.TempDir, removed
// with it.
//
// Most kill tests have one shape: on each database, the test and its
// helper share a migrated database and a data folder (Shared, from Each or
// New); the test kills the helper at a point of its work (Shared.KillAt),
// then restarts on the same database and folder and checks what it finds.
// The helper calls InHelper, which answers the Shared and the function its
// work calls at each of its points, stopping at the test's.
package killtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// envHelper names, in a helper process's environment, the test function it
// was started for; the others carry a Shared and the point to stop at.
const (
	envHelper = "OMNIRENT_TEST_KILLTEST_HELPER"
	envURL    = "OMNIRENT_TEST_KILLTEST_DB"
	envDir    = "OMNIRENT_TEST_KILLTEST_DIR"
	envPoint  = "OMNIRENT_TEST_KILLTEST_POINT"
)

// Timeout is how long Start waits for the helper to print its line.
var Timeout = 2 * time.Minute

// Process is a running helper process.
type Process struct {
	t   testing.TB
	cmd *exec.Cmd
}

// Start runs the test function helper of this test binary in a helper
// process, with env ("KEY=value") added to its environment, and returns
// once the helper prints the line ready on its own. It fails the test if
// the helper ends or takes longer than Timeout first. The helper is killed
// at the end of the test if it has not been already.
func Start(t testing.TB, helper, ready string, env ...string) *Process {
	t.Helper()
	tmp, err := os.MkdirTemp(t.TempDir(), "helper-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+helper+"$")
	cmd.Env = append(os.Environ(), envHelper+"="+helper, "TMPDIR="+filepath.Clean(tmp))
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Process{t: t, cmd: cmd}
	t.Cleanup(p.Kill) // before the temp folder goes (clean-ups run last first)
	reached := make(chan bool, 1)
	var before strings.Builder // what it printed first, to show if it fails
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if sc.Text() == ready {
				reached <- true
				_, _ = io.Copy(io.Discard, out) // never let a full pipe stop the helper
				return
			}
			if before.Len() < 16<<10 {
				before.WriteString(sc.Text() + "\n")
			}
		}
		reached <- false
	}()
	select {
	case ok := <-reached:
		if !ok {
			p.Kill()
			t.Fatalf("the helper %s ended before printing %q:\n%s", helper, ready, before.String())
		}
	case <-time.After(Timeout):
		p.Kill()
		t.Fatalf("the helper %s did not print %q within %s", helper, ready, Timeout)
	}
	return p
}

// At runs the helper as Start does and kills it with SIGKILL as soon as it
// prints the line point.
func At(t testing.TB, helper, point string, env ...string) {
	t.Helper()
	Start(t, helper, point, env...).Kill()
}

// Kill kills the helper with SIGKILL (nothing in it runs after that) and
// waits for it to end. Killing it again does nothing.
func (p *Process) Kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
}

// Helper is called first by a helper's test function: outside a helper
// process started for it, it skips the test.
func Helper(t *testing.T) {
	t.Helper()
	if os.Getenv(envHelper) != t.Name() {
		t.Skip("the helper process of a kill -9 test")
	}
}

// Reached prints line, for the Start waiting on it, and waits to be killed.
func Reached(line string) {
	fmt.Println(line)
	for {
		time.Sleep(time.Hour)
	}
}

// Shared is what a kill test shares with its helper process: a migrated
// database, which both open by its URL, and a data folder (files).
type Shared struct {
	URL string // the database
	Dir string // the data folder
}

// Each runs fn as a subtest on each database of the run (dbtest.Dialects),
// each with a fresh Shared.
func Each(t *testing.T, fn func(t *testing.T, s Shared)) {
	t.Helper()
	for _, dialect := range dbtest.Dialects() {
		t.Run(string(dialect), func(t *testing.T) { fn(t, New(t, dialect)) })
	}
}

// New makes a fresh Shared: a migrated database of the dialect and an
// empty data folder, both removed after the test.
func New(t testing.TB, dialect db.Dialect) Shared {
	t.Helper()
	return Shared{URL: dbtest.URL(t, dialect), Dir: t.TempDir()}
}

// Open opens the shared database (the test's own connection, a restart's,
// or the helper's), closed after the test.
func (s Shared) Open(t testing.TB) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// KillAt runs the test function helper in a helper process, as At does,
// with s, point and env in its environment, and kills it with SIGKILL once
// its work reaches point (the helper's stop function, see InHelper).
func (s Shared) KillAt(t testing.TB, helper, point string, env ...string) {
	t.Helper()
	env = append([]string{envURL + "=" + s.URL, envDir + "=" + s.Dir, envPoint + "=" + point}, env...)
	At(t, helper, atLine(point), env...)
}

// InHelper is Helper for a helper started by Shared.KillAt: it answers the
// test's Shared and stop, which the helper's work calls at each of its
// points; at the point the test named, stop reports it (Reached) and waits
// to be killed, at any other it returns.
func InHelper(t *testing.T) (s Shared, stop func(point string)) {
	t.Helper()
	Helper(t)
	at := Point()
	return Shared{URL: os.Getenv(envURL), Dir: os.Getenv(envDir)}, func(point string) {
		if point == at {
			Reached(atLine(point))
		}
	}
}

// Point is, in a helper started by Shared.KillAt, the point the test
// named.
func Point() string { return os.Getenv(envPoint) }

// atLine is the line a helper prints on reaching point.
func atLine(point string) string { return "killtest: at " + point }
