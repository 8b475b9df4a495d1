package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Local stores objects in a directory on the local filesystem.
//
// Layout under dir:
//
//	objects/<key>   the bytes, exactly as uploaded
//	meta/<key>      sidecar holding the content type given to Put
//	tmp/            staging area for atomic writes (temp file + rename)
//	tmp.lock        held (shared) by every process using the store
//
// All access goes through an os.Root opened on dir, so neither a key nor a
// symlink planted inside dir can reach a file outside it. Because keys map to
// real paths, a key cannot be both an object and a "directory" of other keys
// (S3 allows "a" and "a/b" together; Local refuses the second Put).
type Local struct {
	root *os.Root
	dir  string
	// mu makes the (meta, data) pair change atomically with respect to other
	// calls in this process.
	mu sync.RWMutex
	// lock is tmp.lock, held with a shared lock while the store is open.
	lock *os.File
}

var _ Store = (*Local)(nil)

const (
	objectsDir = "objects"
	metaDir    = "meta"
	tmpDir     = "tmp"
	lockFile   = "tmp.lock"
)

// NewLocal opens (creating with mode 0700 when needed) a local store in dir.
//
// Temp files left by a crash (kill -9 during an upload) are removed: all of
// them when no other live process has the store open, since then no write
// can be in flight; otherwise only those older than an hour. Every process
// holds a shared lock (flock) on tmp.lock while its store is open, and the
// sweep of everything needs the exclusive one, so a second server on the same
// folder never deletes a live one's half-written files. Where file locks are
// not available the one-hour rule alone applies.
func NewLocal(dir string) (*Local, error) {
	if dir == "" {
		return nil, errors.New("storage: local dir is empty")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("storage: local dir: %w", err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("storage: create local dir: %w", err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("storage: open local dir: %w", err)
	}
	for _, d := range []string{objectsDir, metaDir, tmpDir} {
		if err := root.MkdirAll(d, 0o700); err != nil {
			root.Close()
			return nil, fmt.Errorf("storage: create %s: %w", d, err)
		}
	}
	l := &Local{root: root, dir: abs}
	l.openTmp()
	return l, nil
}

// openTmp takes the lock on tmp.lock and sweeps the temp folder (see NewLocal).
func (l *Local) openTmp() {
	f, err := l.root.OpenFile(lockFile, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		l.cleanTmp(time.Hour)
		return
	}
	l.lock = f
	if lockFileExclusive(f) == nil {
		l.cleanTmp(0) // nobody else has the store open: nothing can be in flight
	} else {
		l.cleanTmp(time.Hour)
	}
	if err := lockFileShared(f); err != nil {
		// Without a lock another process could sweep our temp files; keep
		// going (as before locks) rather than refuse to start.
		return
	}
}

// Dir returns the absolute directory of the store.
func (l *Local) Dir() string { return l.dir }

// Close releases the directory handle and the temp folder's lock.
func (l *Local) Close() error {
	if l.lock != nil {
		_ = l.lock.Close() // releases the flock
	}
	return l.root.Close()
}

func (l *Local) cleanTmp(olderThan time.Duration) {
	entries, err := fs.ReadDir(l.root.FS(), tmpDir)
	if err != nil {
		return
	}
	cutoff := time.Now().Add(-olderThan)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && (olderThan <= 0 || info.ModTime().Before(cutoff)) {
			_ = l.root.Remove(tmpDir + "/" + e.Name())
		}
	}
}

func (l *Local) tempFile() (*os.File, string, error) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	name := tmpDir + "/" + hex.EncodeToString(b[:])
	f, err := l.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	return f, name, err
}

// writeTemp writes r into a new temp file, fsyncs it and returns its name.
func (l *Local) writeTemp(ctx context.Context, r io.Reader, size int64) (string, error) {
	f, name, err := l.tempFile()
	if err != nil {
		return "", err
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			_ = l.root.Remove(name)
		}
	}()
	src := r
	if size >= 0 {
		src = io.LimitReader(r, size+1) // one extra byte detects a longer reader
	}
	n, err := io.Copy(f, ctxReader{ctx, src})
	if err != nil {
		return "", err
	}
	if size >= 0 && n != size {
		return "", fmt.Errorf("%w: declared %d bytes, reader gave %d or more", ErrSizeMismatch, size, n)
	}
	if err := f.Sync(); err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	ok = true
	return name, nil
}

// Put writes the object atomically: readers see either the old or the new
// content, never a partial file.
func (l *Local) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if !ValidKey(key) {
		return invalidKey(key)
	}
	if contentType == "" {
		contentType = ContentTypeByKey(key)
	}
	dataTmp, err := l.writeTemp(ctx, r, size)
	if err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	metaTmp, err := l.writeTemp(ctx, strings.NewReader(contentType), int64(len(contentType)))
	if err != nil {
		_ = l.root.Remove(dataTmp)
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	if err := l.commit(ctx, key, dataTmp, metaTmp); err != nil {
		_ = l.root.Remove(dataTmp)
		_ = l.root.Remove(metaTmp)
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	return nil
}

func (l *Local) commit(ctx context.Context, key, dataTmp, metaTmp string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return err
	}
	if fi, err := l.root.Lstat(objectsDir + "/" + key); err == nil && fi.IsDir() {
		return fmt.Errorf("key is a prefix of other keys (a directory on disk)")
	}
	if dir := path.Dir(key); dir != "." {
		if err := l.root.MkdirAll(objectsDir+"/"+dir, 0o700); err != nil {
			return err
		}
		if err := l.root.MkdirAll(metaDir+"/"+dir, 0o700); err != nil {
			return err
		}
	}
	if err := l.root.Rename(metaTmp, metaDir+"/"+key); err != nil {
		return err
	}
	return l.root.Rename(dataTmp, objectsDir+"/"+key)
}

// Get opens the object. The content type is the one given to Put (or derived
// from the extension when the sidecar is missing).
func (l *Local) Get(ctx context.Context, key string) (io.ReadCloser, Object, error) {
	if !ValidKey(key) {
		return nil, Object{}, invalidKey(key)
	}
	if err := ctx.Err(); err != nil {
		return nil, Object{}, err
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	f, err := l.root.Open(objectsDir + "/" + key)
	if err != nil {
		return nil, Object{}, fmt.Errorf("storage: get %s: %w", key, notExistIfNotDir(err))
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Object{}, fmt.Errorf("storage: get %s: %w", key, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, Object{}, fmt.Errorf("storage: get %s: %w", key, fs.ErrNotExist)
	}
	return f, Object{Key: key, ContentType: l.contentType(key), Size: fi.Size()}, nil
}

// notExistIfNotDir maps "a path component is a file" (ENOTDIR) to not-exist:
// with objects "a" stored, "a/b" simply does not exist.
func notExistIfNotDir(err error) error {
	if errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("%w (%v)", fs.ErrNotExist, err)
	}
	return err
}

func (l *Local) contentType(key string) string {
	b, err := l.root.ReadFile(metaDir + "/" + key)
	if err != nil || len(b) == 0 || len(b) > 255 {
		return ContentTypeByKey(key)
	}
	return string(b)
}

// Delete removes the object and its sidecar, then prunes empty parent
// directories. A missing key is not an error.
func (l *Local) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return invalidKey(key)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fi, err := l.root.Lstat(objectsDir + "/" + key)
	switch {
	case err != nil && (errors.Is(err, fs.ErrNotExist) || errors.Is(notExistIfNotDir(err), fs.ErrNotExist)):
		// Nothing to delete; still drop an orphaned sidecar below.
	case err != nil:
		return fmt.Errorf("storage: delete %s: %w", key, err)
	case fi.IsDir():
		return nil // a "directory" of other keys, not an object
	default:
		if err := l.root.Remove(objectsDir + "/" + key); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("storage: delete %s: %w", key, err)
		}
	}
	if fi, err := l.root.Lstat(metaDir + "/" + key); err == nil && !fi.IsDir() {
		_ = l.root.Remove(metaDir + "/" + key)
	}
	for dir := path.Dir(key); dir != "."; dir = path.Dir(dir) {
		// Remove fails on a non-empty directory, which ends the pruning.
		e1 := l.root.Remove(objectsDir + "/" + dir)
		e2 := l.root.Remove(metaDir + "/" + dir)
		if e1 != nil && e2 != nil {
			break
		}
	}
	return nil
}

// List returns the objects whose key starts with prefix, sorted by key.
func (l *Local) List(ctx context.Context, prefix string) ([]Object, error) {
	if !validPrefix(prefix) {
		return nil, invalidKey(prefix)
	}
	start := objectsDir
	if i := strings.LastIndexByte(prefix, '/'); i >= 0 {
		start = objectsDir + "/" + prefix[:i]
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	var out []Object
	fsys := l.root.FS()
	err := fs.WalkDir(fsys, start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == start && errors.Is(notExistIfNotDir(err), fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		key := strings.TrimPrefix(p, objectsDir+"/")
		if d.IsDir() {
			// Skip subtrees that cannot contain a match.
			if p != start && !strings.HasPrefix(key+"/", prefix) && !strings.HasPrefix(prefix, key+"/") {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasPrefix(key, prefix) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		out = append(out, Object{Key: key, ContentType: l.contentType(key), Size: info.Size()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("storage: list %s: %w", prefix, err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// SignedURL returns ("", nil): local files are served through the app.
func (l *Local) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if !ValidKey(key) {
		return "", invalidKey(key)
	}
	return "", nil
}

type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
