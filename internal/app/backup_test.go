package app_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/backup"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// A backup taken while a landlord keeps uploading photos holds every photo
// whose upload had been answered before the backup began, rows and files
// alike, and the restored copy serves them.
func TestBackupWhileWritingRestoresEveryCommittedRecordAndFile(t *testing.T) {
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	owner := e.SignedIn("owner@example.com", "Secret#123", "Landlord")
	newProperty := func() string {
		r := owner.Post("/api/properties", map[string]any{"address": map[string]any{
			"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom"}})
		if r.Status != http.StatusCreated {
			t.Errorf("create property: %d %s", r.Status, r.Raw)
			return ""
		}
		return r.Body["property"].(map[string]any)["id"].(string)
	}

	type uploaded struct {
		url  string
		data []byte
	}
	var (
		mu         sync.Mutex
		committed  []uploaded
		properties []string
		stop       = make(chan struct{})
		done       = make(chan struct{})
	)
	go func() { // the writer: one photo after another until told to stop
		defer close(done)
		var propertyID string
		for i := 0; ; i++ {
			if i%5 == 0 { // a property holds at most 10 photos: the writer adds properties too
				if propertyID = newProperty(); propertyID == "" {
					return
				}
				mu.Lock()
				properties = append(properties, propertyID)
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			default:
			}
			data := imagingtest.JPEG(t, 40+i, 30)
			r := owner.Upload("/api/properties/"+propertyID+"/images", "p.jpg", "image/jpeg", data)
			if r.Status != http.StatusCreated {
				t.Errorf("upload %d: %d %s", i, r.Status, r.Raw)
				return
			}
			mu.Lock()
			committed = append(committed, uploaded{url: r.Body["image"].(map[string]any)["url"].(string), data: data})
			mu.Unlock()
		}
	}()
	waitFor := func(n int) {
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			mu.Lock()
			got := len(committed)
			mu.Unlock()
			if got >= n {
				return
			}
		}
		t.Fatalf("the writer did not reach %d uploads", n)
	}
	waitFor(5)
	mu.Lock()
	before := append([]uploaded(nil), committed...)
	mu.Unlock()
	dest := filepath.Join(t.TempDir(), "backup")
	m, err := backup.Take(context.Background(), backup.Source{DB: e.App.DB.DB, Files: e.App.Files, DataDir: e.App.Config.DataDir}, dest, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	waitFor(len(before) + 3) // the writer was still writing during and after the backup
	close(stop)
	<-done
	if m.Files < len(before) {
		t.Fatalf("backup holds %d files, want at least %d", m.Files, len(before))
	}

	restored := filepath.Join(t.TempDir(), "restored")
	if _, err := backup.Restore(dest, restored); err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Restore(dest, restored); err == nil {
		t.Fatal("restoring into a folder that is not empty must be refused")
	}
	d2, err := db.Open(context.Background(), "sqlite:"+filepath.Join(restored, backup.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d2.Close() })
	e2 := apptest.Start(t, d2, func(c *config.Config) { c.DataDir = restored })
	c2 := e2.NewClient()
	if r := c2.Post("/api/auth/login", map[string]any{"email": "owner@example.com", "password": "Secret#123"}); r.Status != http.StatusOK {
		t.Fatalf("sign in to the restored copy: %d %s", r.Status, r.Raw)
	}
	for _, u := range before {
		res, err := c2.HTTP.Get(c2.URL(u.url))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) == 0 {
			t.Fatalf("restored copy serves %s with %d", u.url, res.StatusCode)
		}
	}
	// Every photo the restored database names is served: no row without its file.
	var images []string
	for _, id := range properties {
		r := c2.Get("/api/properties/" + id)
		if r.Status == http.StatusNotFound {
			continue // created after the snapshot
		}
		if r.Status != http.StatusOK {
			t.Fatalf("restored property: %d %s", r.Status, r.Raw)
		}
		images = append(images, imagesOf(r.Body)...)
	}
	if len(images) < len(before) {
		t.Fatalf("restored properties have %d photos, want at least %d", len(images), len(before))
	}
	for _, url := range images {
		res, err := c2.HTTP.Get(c2.URL(url))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !bytes.HasPrefix(b, []byte{0xFF, 0xD8}) {
			t.Fatalf("restored photo %s: %d", url, res.StatusCode)
		}
	}
}

// imagesOf finds the photo URLs in a property's JSON.
func imagesOf(body map[string]any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if u, ok := x["url"].(string); ok && len(u) > len("/api/photos/") && u[:len("/api/photos/")] == "/api/photos/" {
				out = append(out, u)
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(body)
	return out
}
