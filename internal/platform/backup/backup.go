// Package backup makes a consistent copy of a SQLite deployment (the
// database and the uploaded files) while the server keeps writing, and
// restores one into an empty data folder.
//
// A backup folder has the layout of a data folder, so a restored copy is
// served as it is:
//
//	omnirent.db     the database, copied by SQLite's VACUUM INTO (a
//	                transactionally consistent snapshot; writers go on)
//	files/          the uploaded files (objects and their content types)
//	secret.key      the development secret key, when the data folder has one
//	manifest.json   when it was taken and what it holds
//
// Files are copied in two passes around the database snapshot. A file is
// always written before the row that names it, so every file a row of the
// snapshot names either existed at the first pass or was written between
// the first pass and the snapshot, and is picked up by the second. Files
// deleted during the backup may remain in it as harmless orphans.
//
// PostgreSQL and S3 deployments use their own tools (pg_dump, bucket
// versioning): see docs/operations.md.
package backup

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/storage"
)

// DBFile is the database's name inside a backup (and the default data folder).
const DBFile = "omnirent.db"

// Manifest describes a backup.
type Manifest struct {
	Format    int       `json:"format"`
	TakenAt   time.Time `json:"takenAt"`
	Files     int       `json:"files"`
	Bytes     int64     `json:"bytes"`
	SecretKey bool      `json:"secretKey"`
}

const manifestFile = "manifest.json"

// Source is what a backup reads: the live database, the live file store and
// the data folder (for the development secret key).
type Source struct {
	DB      *sql.DB
	Files   storage.Store
	DataDir string
}

// Take writes a backup of src into dest, which must not exist or be empty.
func Take(ctx context.Context, src Source, dest string, now time.Time) (Manifest, error) {
	if err := emptyDir(dest); err != nil {
		return Manifest{}, err
	}
	dst, err := storage.NewLocal(filepath.Join(dest, "files"))
	if err != nil {
		return Manifest{}, err
	}
	defer dst.Close()
	copied := map[string]bool{}
	m := Manifest{Format: 1, TakenAt: now.UTC()}
	if err := copyFiles(ctx, src.Files, dst, copied, &m); err != nil {
		return Manifest{}, fmt.Errorf("copy files: %w", err)
	}
	dbPath := filepath.Join(dest, DBFile)
	if _, err := src.DB.ExecContext(ctx, "VACUUM INTO ?", dbPath); err != nil {
		return Manifest{}, fmt.Errorf("snapshot the database: %w", err)
	}
	if err := copyFiles(ctx, src.Files, dst, copied, &m); err != nil {
		return Manifest{}, fmt.Errorf("copy files: %w", err)
	}
	if src.DataDir != "" {
		if b, err := os.ReadFile(filepath.Join(src.DataDir, "secret.key")); err == nil {
			if err := os.WriteFile(filepath.Join(dest, "secret.key"), b, 0o600); err != nil {
				return Manifest{}, err
			}
			m.SecretKey = true
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(dest, manifestFile), b, 0o600); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

// copyFiles copies every object of src not yet in copied.
func copyFiles(ctx context.Context, src, dst storage.Store, copied map[string]bool, m *Manifest) error {
	objs, err := src.List(ctx, "")
	if err != nil {
		return err
	}
	for _, o := range objs {
		if copied[o.Key] {
			continue
		}
		r, obj, err := src.Get(ctx, o.Key)
		if storage.IsNotExist(err) {
			continue // deleted since the listing
		}
		if err != nil {
			return err
		}
		err = dst.Put(ctx, o.Key, r, obj.Size, obj.ContentType)
		r.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", o.Key, err)
		}
		copied[o.Key] = true
		m.Files++
		m.Bytes += obj.Size
	}
	return nil
}

// Restore copies the backup in src into dataDir, which must not exist or be
// empty, and returns the backup's manifest.
func Restore(src, dataDir string) (Manifest, error) {
	var m Manifest
	b, err := os.ReadFile(filepath.Join(src, manifestFile))
	if err != nil {
		return m, fmt.Errorf("%s is not an OmniRent backup (no %s)", src, manifestFile)
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Format != 1 {
		return m, fmt.Errorf("%s: unreadable manifest", src)
	}
	if _, err := os.Stat(filepath.Join(src, DBFile)); err != nil {
		return m, fmt.Errorf("%s has no database", src)
	}
	if err := emptyDir(dataDir); err != nil {
		return m, err
	}
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if rel == manifestFile || rel == filepath.Join("files", "tmp.lock") || strings.HasPrefix(rel, filepath.Join("files", "tmp")+string(filepath.Separator)) {
			return nil
		}
		target := filepath.Join(dataDir, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o700)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, target)
	})
	return m, err
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// emptyDir creates dir, or accepts it when it exists and is empty.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o700)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	return nil
}
