package killtest

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestKillHelper is the helper process of TestAtKillsTheHelper: it makes a
// temp folder, notes its name in the file KILLTEST_TEST_NOTE and waits to
// be killed.
func TestKillHelper(t *testing.T) {
	Helper(t)
	if err := os.WriteFile(os.Getenv("KILLTEST_TEST_NOTE"), []byte(t.TempDir()), 0o600); err != nil {
		t.Fatal(err)
	}
	Reached("here")
	t.Fatal("not killed")
}

// At returns once the helper has reached its point and been killed with
// SIGKILL; the temp folder the killed helper made was inside the test's
// own, and went with it.
func TestAtKillsTheHelper(t *testing.T) {
	var helperTmp string
	t.Run("kill", func(t *testing.T) {
		note := filepath.Join(t.TempDir(), "note")
		p := Start(t, "TestKillHelper", "here", "KILLTEST_TEST_NOTE="+note)
		p.Kill()
		if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
			t.Errorf("the helper ended with %v, want killed by SIGKILL", p.cmd.ProcessState)
		}
		b, err := os.ReadFile(note)
		if err != nil {
			t.Fatal(err)
		}
		helperTmp = string(b)
		root := filepath.Dir(filepath.Dir(note)) // the test's temp folders' parent
		if !strings.HasPrefix(helperTmp, root+string(filepath.Separator)) {
			t.Errorf("the helper's temp folder %s is outside the test's %s", helperTmp, root)
		}
		if _, err := os.Stat(helperTmp); err != nil {
			t.Errorf("the helper's temp folder: %v", err)
		}
	})
	if helperTmp == "" {
		return
	}
	if _, err := os.Stat(helperTmp); !os.IsNotExist(err) {
		t.Errorf("the killed helper's temp folder %s is still there (%v)", helperTmp, err)
	}
}
