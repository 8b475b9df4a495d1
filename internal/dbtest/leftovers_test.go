package dbtest

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/platform/db"
)

// TestLeftoversHelper is the running process of the tests below: it waits
// until its input is closed.
func TestLeftoversHelper(t *testing.T) {
	if os.Getenv("DBTEST_LEFTOVERS_HELPER") != "1" {
		t.Skip("the running process of the leftovers tests")
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// processes answers the pid of a test process that has ended and of one
// still running (until the end of the test).
func processes(t *testing.T) (ended, live int) {
	t.Helper()
	done := exec.Command(os.Args[0], "-test.run=^$")
	done.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if out, err := done.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	waiting := exec.Command(os.Args[0], "-test.run=^TestLeftoversHelper$")
	waiting.Env = append(os.Environ(), "DBTEST_LEFTOVERS_HELPER=1", "TMPDIR="+t.TempDir())
	in, err := waiting.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := waiting.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		_ = waiting.Wait()
	})
	return done.Process.Pid, waiting.Process.Pid
}

func TestOwnerOfAName(t *testing.T) {
	for name, want := range map[string]int{
		"omnirent_test_4242_0123456789ab": 4242,
		"omnirent_test_0123456789ab":      0, // made before names carried a pid
		"omnirent_test_0042_ab":           0,
		"omnirent_test_42":                0,
		"omnirent_template_0123456789ab":  0, // a migrated template
		"other_4242_ab":                   0,
	} {
		if got := ownerOf(name, prefixDB, "_"); got != want {
			t.Errorf("ownerOf(%q) = %d, want %d", name, got, want)
		}
	}
	if got := ownerOf("omnirent-test-4242-123456", prefixTemp, "-"); got != 4242 {
		t.Errorf("a folder's owner: %d", got)
	}
}

// This process keeps its temp files in a folder of its own, named for it
// in the system's temp folder.
func TestTempFilesInTheProcesssFolder(t *testing.T) {
	own := filepath.Join(systemTemp, prefixTemp+strconv.Itoa(os.Getpid())+"-")
	if dir := t.TempDir(); !strings.HasPrefix(dir, own) {
		t.Errorf("t.TempDir() is %s, want it in %s*", dir, own)
	}
}

// The temp folders of a test process that has ended go (its own folder,
// and a SQLite template it was making); those of a running process, and
// folders named otherwise, stay.
func TestFoldersOfEndedProcessesGo(t *testing.T) {
	ended, live := processes(t)
	tmp := t.TempDir()
	folder := func(parts ...string) string {
		p := filepath.Join(append([]string{tmp}, parts...)...)
		if err := os.MkdirAll(filepath.Join(p, "inside"), 0o700); err != nil {
			t.Fatal(err)
		}
		return p
	}
	of := func(prefix string, pid int) string { return prefix + strconv.Itoa(pid) + "-123456" }
	gone := []string{folder(of(prefixTemp, ended)), folder(templateDir, of(prefixMake, ended))}
	kept := []string{
		folder(of(prefixTemp, live)), folder(templateDir, of(prefixMake, live)),
		folder(of(prefixTemp, os.Getpid())),
		folder(of("other-", ended)), folder("omnirent-test-123456"),
	}
	template := filepath.Join(tmp, templateDir, "sqlite-0123456789abcdef.db")
	if err := os.WriteFile(template, []byte("a template"), 0o600); err != nil {
		t.Fatal(err)
	}
	removeDeadFolders(tmp)
	for _, p := range gone {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s of the ended process %d is still there (%v)", p, ended, err)
		}
	}
	for _, p := range append(kept, template) {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s went: %v", p, err)
		}
	}
}

// The databases and schemas of a test process that has ended go (and a
// template it was migrating); those of a running process stay (and those
// named otherwise: TestOwnerOfAName).
func TestDatabasesOfEndedProcessesGo(t *testing.T) {
	base := os.Getenv("OMNIRENT_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("OMNIRENT_TEST_POSTGRES_URL is not set")
	}
	ended, live := processes(t)
	ctx := context.Background()
	admin := adminURL(base)
	open := func(u string) *db.DB {
		d, err := db.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		return d
	}
	a, b := open(admin), open(base)
	of := func(prefix string, pid int) string { return prefix + strconv.Itoa(pid) + "_" + randomHex() }
	create := func(d *db.DB, kind, name string) string {
		if _, err := d.ExecContext(ctx, "CREATE "+kind+" "+name); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			drop := "DROP " + kind + " IF EXISTS " + name
			if kind == "SCHEMA" {
				drop += " CASCADE"
			}
			_, _ = d.ExecContext(context.Background(), drop)
		})
		return name
	}
	goneDBs := []string{create(a, "DATABASE", of(prefixDB, ended)), create(a, "DATABASE", of(prefixTemplate, ended))}
	keptDBs := []string{create(a, "DATABASE", of(prefixDB, live))}
	goneSchema, keptSchema := create(b, "SCHEMA", of(prefixDB, ended)), create(b, "SCHEMA", of(prefixDB, live))
	if _, err := b.ExecContext(ctx, "CREATE TABLE "+goneSchema+".t (x int)"); err != nil {
		t.Fatal(err)
	}

	dropDead(ctx, base, admin)

	exists := func(d *db.DB, q, name string) bool {
		var n int
		if err := d.QueryRowContext(ctx, q, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	const database, schema = `SELECT COUNT(*) FROM pg_database WHERE datname = $1`, `SELECT COUNT(*) FROM pg_namespace WHERE nspname = $1`
	for _, n := range goneDBs {
		if exists(a, database, n) {
			t.Errorf("the ended process's database %s is still there", n)
		}
	}
	for _, n := range keptDBs {
		if !exists(a, database, n) {
			t.Errorf("the database %s went", n)
		}
	}
	if exists(b, schema, goneSchema) {
		t.Errorf("the ended process's schema %s is still there", goneSchema)
	}
	if !exists(b, schema, keptSchema) {
		t.Errorf("the running process's schema %s went", keptSchema)
	}
}
