package app_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/storage"
)

// The PostgreSQL backup procedure of docs/operations.md, end to end: a
// populated database dumped with pg_dump and restored with pg_restore into
// a new database, with its objects copied as a bucket sync would, serves
// every account, property and photo.
func TestPgDumpRestoreRoundTrip(t *testing.T) {
	schemaURL := dbtest.PostgresURL(t)
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	ctx := context.Background()
	d, err := db.Open(ctx, schemaURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	e := apptest.Start(t, d, nil)
	owner := e.SignedIn("owner@example.com", "Secret#123", "Landlord")
	r := owner.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create property: %d %s", r.Status, r.Raw)
	}
	propertyID := r.Body["property"].(map[string]any)["id"].(string)
	var photos []string
	for i := range 3 {
		r := owner.Upload("/api/properties/"+propertyID+"/images", "p.jpg", "image/jpeg", imagingtest.JPEG(t, 60+i, 40))
		if r.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		photos = append(photos, r.Body["image"].(map[string]any)["url"].(string))
	}
	e.RunJobs()

	// pg_dump the schema (the URL's search_path is ours, not libpq's).
	u, _ := url.Parse(schemaURL)
	schema := u.Query().Get("search_path")
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	dump := filepath.Join(t.TempDir(), "omnirent.pgc")
	if out, err := exec.Command("pg_dump", "-Fc", "-n", schema, "-f", dump, u.String()).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}

	// pg_restore into a new, empty database.
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	newDB := "restore_" + hex.EncodeToString(b)
	if _, err := d.ExecContext(ctx, "CREATE DATABASE "+newDB); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if a, err := db.Open(context.Background(), u.String()); err == nil {
			_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+newDB+" WITH (FORCE)")
			a.Close()
		}
	})
	restoredURL := *u
	restoredURL.Path = "/" + newDB
	if out, err := exec.Command("pg_restore", "--no-owner", "-d", restoredURL.String(), dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	q = restoredURL.Query()
	q.Set("search_path", schema)
	restoredURL.RawQuery = q.Encode()
	d2, err := db.Open(ctx, restoredURL.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d2.Close() })

	// The objects, copied as a bucket sync would.
	dataDir := t.TempDir()
	dst, err := storage.NewLocal(filepath.Join(dataDir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	objs, err := e.App.Files.List(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		rd, obj, err := e.App.Files.Get(ctx, o.Key)
		if err != nil {
			t.Fatal(err)
		}
		err = dst.Put(ctx, o.Key, rd, obj.Size, obj.ContentType)
		rd.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	dst.Close()

	e2 := apptest.Start(t, d2, func(c *config.Config) { c.DataDir = dataDir })
	c2 := e2.NewClient()
	if r := c2.Post("/api/auth/login", map[string]any{"email": "owner@example.com", "password": "Secret#123"}); r.Status != http.StatusOK {
		t.Fatalf("sign in to the restored database: %d %s", r.Status, r.Raw)
	}
	if r := c2.Get("/api/properties/" + propertyID); r.Status != http.StatusOK || !strings.Contains(r.Raw, "12 Lavender Hill") {
		t.Fatalf("restored property: %d %s", r.Status, r.Raw)
	}
	for _, p := range photos {
		res, err := c2.HTTP.Get(c2.URL(p))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) < 100 {
			t.Fatalf("restored photo %s: %d", p, res.StatusCode)
		}
	}
}
