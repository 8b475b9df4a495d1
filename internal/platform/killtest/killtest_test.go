package killtest

import (
	"context"
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

// TestSharedHelper is the helper process of TestKillAtSharesTheDatabase: it
// writes a row in the shared database and a file in the shared folder,
// passes one point, and stops at the test's.
func TestSharedHelper(t *testing.T) {
	s, stop := InHelper(t)
	ctx := context.Background()
	d := s.Open(t)
	if _, err := d.Conn().Exec(ctx, `INSERT INTO killtest_notes (note) VALUES (?)`, os.Getenv("KILLTEST_TEST_NOTE")); err != nil {
		t.Fatal(err)
	}
	stop("before") // not the test's point: goes on
	if err := os.WriteFile(filepath.Join(s.Dir, "note"), []byte("past before"), 0o600); err != nil {
		t.Fatal(err)
	}
	stop("here")
	if err := os.WriteFile(filepath.Join(s.Dir, "note"), []byte("past here"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Fatal("not killed")
}

// The helper KillAt starts opens the test's database and folder (the row
// and the file it wrote are there), and is killed at the point the test
// named, not at another it passes first.
func TestKillAtSharesTheDatabase(t *testing.T) {
	Each(t, func(t *testing.T, s Shared) {
		ctx := context.Background()
		d := s.Open(t)
		if _, err := d.Conn().Exec(ctx, `CREATE TABLE killtest_notes (note TEXT)`); err != nil {
			t.Fatal(err)
		}
		s.KillAt(t, "TestSharedHelper", "here", "KILLTEST_TEST_NOTE=from the helper")
		var note string
		if err := d.Conn().QueryRow(ctx, `SELECT note FROM killtest_notes`).Scan(&note); err != nil || note != "from the helper" {
			t.Errorf("the helper's row: %q %v", note, err)
		}
		if b, err := os.ReadFile(filepath.Join(s.Dir, "note")); err != nil || string(b) != "past before" {
			t.Errorf("the helper's file: %q %v, want it past the point before and killed at its own", b, err)
		}
	})
}
