package storage

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// leaveTemp plants a temp file as a killed upload would leave it, aged age.
func leaveTemp(t *testing.T, dir, name string, age time.Duration) string {
	t.Helper()
	p := filepath.Join(dir, "tmp", name)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("half an upload"), 0o600); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-age)
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
	return p
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// After kill -9 during uploads, start-up removes every temp file, however
// recent, when no other process has the store open.
func TestStartUpRemovesAllTempFilesWhenAlone(t *testing.T) {
	dir := t.TempDir()
	fresh := leaveTemp(t, dir, "fresh", time.Second)
	old := leaveTemp(t, dir, "old", 2*time.Hour)
	l, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if exists(fresh) || exists(old) {
		t.Fatalf("temp files left after start-up: fresh %v, old %v", exists(fresh), exists(old))
	}
}

// While another store is open on the folder (in this process or another),
// a recent temp file may be its upload in flight: only old ones go.
func TestStartUpKeepsRecentTempFilesOfALiveStore(t *testing.T) {
	dir := t.TempDir()
	first, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	inFlight := leaveTemp(t, dir, "in-flight", time.Second)
	old := leaveTemp(t, dir, "old", 2*time.Hour)
	second, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !exists(inFlight) {
		t.Fatal("a second store removed the first one's recent temp file")
	}
	if exists(old) {
		t.Fatal("an hour-old temp file was kept")
	}
	second.Close()
	first.Close()
	// Once both are closed, the next start-up sweeps everything.
	third, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer third.Close()
	if exists(inFlight) {
		t.Fatal("temp file kept with no store open")
	}
}

// The same across processes: a helper process (this test binary) holds the
// store open; start-up here keeps its recent temp file; after the helper is
// killed (-9), the next start-up removes it.
func TestStartUpRespectsAnotherProcess(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldStoreHelper$")
	cmd.Env = append(os.Environ(), "STORAGE_TEST_HOLD_DIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if sc.Text() == "holding" {
				ready <- true
			}
		}
		close(ready)
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatal("helper ended before holding the store")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("helper did not start")
	}
	inFlight := leaveTemp(t, dir, "in-flight", time.Second)
	l, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	if !exists(inFlight) {
		t.Fatal("start-up removed another live process's temp file")
	}
	_ = cmd.Process.Kill() // SIGKILL: the helper gets no chance to clean up
	_ = cmd.Wait()
	l, err = NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if exists(inFlight) {
		t.Fatal("temp file of a killed process kept")
	}
}

// TestHoldStoreHelper is the helper process of TestStartUpRespectsAnotherProcess.
func TestHoldStoreHelper(t *testing.T) {
	dir := os.Getenv("STORAGE_TEST_HOLD_DIR")
	if dir == "" {
		t.Skip("run by TestStartUpRespectsAnotherProcess")
	}
	l, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	os.Stdout.WriteString("holding\n")
	time.Sleep(time.Minute)
}
