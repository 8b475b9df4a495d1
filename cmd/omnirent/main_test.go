package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/omnirent/omnirent/internal/platform/db"
)

// The admin command creates an Admin, and promotes an existing account
// without touching its password.
func TestAdminCreateCreatesThenPromotes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("OMNIRENT_DATA_DIR", dir)
	t.Setenv("OMNIRENT_SEED_DEMO", "false")
	t.Setenv("OMNIRENT_ARGON2_MEMORY_KIB", "8192")
	t.Setenv("OMNIRENT_LOG_LEVEL", "error")

	if err := run([]string{"admin", "create", "-email", "Boss@Example.com", "-password", "Secret#123"}); err != nil {
		t.Fatal(err)
	}
	role := func(email string) string {
		d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(dir, "omnirent.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		var r string
		if err := d.Conn().QueryRow(context.Background(), `SELECT role FROM users WHERE email = ?`, email).Scan(&r); err != nil {
			t.Fatalf("%s: %v", email, err)
		}
		return r
	}
	if got := role("boss@example.com"); got != "Admin" {
		t.Fatalf("new account role = %s", got)
	}

	// An ordinary account, then promoted.
	d, _ := db.Open(context.Background(), "sqlite:"+filepath.Join(dir, "omnirent.db"))
	_, err := d.Conn().Exec(context.Background(), `INSERT INTO users (id, email, full_name, user_type, role, password_hash, created_at, updated_at) VALUES ('u1', 'ann@example.com', 'Ann', 'Tenant', 'User', 'x', 0, 0)`)
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"admin", "create", "-email", "ann@example.com"}); err != nil {
		t.Fatal(err)
	}
	if got := role("ann@example.com"); got != "Admin" {
		t.Fatalf("promoted role = %s", got)
	}
	if err := run([]string{"admin", "create"}); err == nil {
		t.Fatal("missing -email accepted")
	}
	if err := run([]string{"admin", "create", "-email", "weak@example.com", "-password", "weak"}); err == nil {
		t.Fatal("weak password accepted")
	}
}

func TestUnknownCommandFails(t *testing.T) {
	if err := run([]string{"frobnicate"}); err == nil {
		t.Fatal("unknown command accepted")
	}
}
