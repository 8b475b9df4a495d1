package storage

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// runContract exercises the Store contract shared by every backend.
func runContract(t *testing.T, s Store, signed func(t *testing.T, s Store)) {
	ctx := context.Background()

	put := func(t *testing.T, key, body, ct string) {
		t.Helper()
		if err := s.Put(ctx, key, strings.NewReader(body), int64(len(body)), ct); err != nil {
			t.Fatalf("Put(%q): %v", key, err)
		}
	}
	get := func(t *testing.T, key string) (string, Object) {
		t.Helper()
		rc, obj, err := s.Get(ctx, key)
		if err != nil {
			t.Fatalf("Get(%q): %v", key, err)
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatalf("read %q: %v", key, err)
		}
		return string(b), obj
	}

	t.Run("RoundTrip", func(t *testing.T) {
		body := "\x89PNG fake image bytes"
		put(t, "properties/1/photo.png", body, "image/png")
		got, obj := get(t, "properties/1/photo.png")
		if got != body {
			t.Fatalf("body = %q, want %q", got, body)
		}
		want := Object{Key: "properties/1/photo.png", ContentType: "image/png", Size: int64(len(body))}
		if obj != want {
			t.Fatalf("object = %+v, want %+v", obj, want)
		}
	})

	t.Run("ContentTypeKeptNotGuessed", func(t *testing.T) {
		put(t, "misc/blob.bin", "x", "image/jpeg")
		_, obj := get(t, "misc/blob.bin")
		if obj.ContentType != "image/jpeg" {
			t.Fatalf("content type = %q, want image/jpeg", obj.ContentType)
		}
	})

	t.Run("UnknownSizeStreams", func(t *testing.T) {
		body := bytes.Repeat([]byte("abc"), 10000)
		if err := s.Put(ctx, "stream/x.jpg", bytes.NewReader(body), -1, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		got, obj := get(t, "stream/x.jpg")
		if got != string(body) || obj.Size != int64(len(body)) {
			t.Fatalf("streamed put: size %d, equal=%v", obj.Size, got == string(body))
		}
	})

	t.Run("Overwrite", func(t *testing.T) {
		put(t, "over/a.jpg", "first version, longer", "image/jpeg")
		put(t, "over/a.jpg", "second", "image/png")
		got, obj := get(t, "over/a.jpg")
		if got != "second" || obj.Size != 6 || obj.ContentType != "image/png" {
			t.Fatalf("after overwrite: %q %+v", got, obj)
		}
	})

	t.Run("MissingIsNotExist", func(t *testing.T) {
		_, _, err := s.Get(ctx, "nope/missing.png")
		if err == nil || !IsNotExist(err) {
			t.Fatalf("Get missing: err = %v, IsNotExist = %v", err, IsNotExist(err))
		}
		if IsNotExist(errors.New("other")) || IsNotExist(nil) {
			t.Fatal("IsNotExist true for unrelated error")
		}
	})

	t.Run("Delete", func(t *testing.T) {
		put(t, "del/x.png", "x", "image/png")
		if err := s.Delete(ctx, "del/x.png"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Get(ctx, "del/x.png"); !IsNotExist(err) {
			t.Fatalf("Get after Delete: %v", err)
		}
		if err := s.Delete(ctx, "del/x.png"); err != nil {
			t.Fatalf("second Delete: %v", err)
		}
		if err := s.Delete(ctx, "never/existed.png"); err != nil {
			t.Fatalf("Delete missing: %v", err)
		}
	})

	t.Run("ListPrefixSorted", func(t *testing.T) {
		for _, k := range []string{"list/b/2.jpg", "list/a.png", "list/b/1.jpg", "list/c.jpg", "listing/no.jpg", "other/z.jpg"} {
			put(t, k, "data-"+k, "image/jpeg")
		}
		objs, err := s.List(ctx, "list/")
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, o := range objs {
			keys = append(keys, o.Key)
			if o.Size != int64(len("data-"+o.Key)) {
				t.Errorf("%s size = %d", o.Key, o.Size)
			}
		}
		want := "list/a.png list/b/1.jpg list/b/2.jpg list/c.jpg"
		if got := strings.Join(keys, " "); got != want {
			t.Fatalf("List(list/) = %s, want %s", got, want)
		}
		objs, err = s.List(ctx, "list/b/1")
		if err != nil || len(objs) != 1 || objs[0].Key != "list/b/1.jpg" {
			t.Fatalf("List(list/b/1) = %+v, %v", objs, err)
		}
		objs, err = s.List(ctx, "list")
		if err != nil || len(objs) != 5 {
			t.Fatalf("List(list) = %+v, %v (want 5 incl. listing/)", objs, err)
		}
		objs, err = s.List(ctx, "empty-prefix/")
		if err != nil || len(objs) != 0 {
			t.Fatalf("List(empty) = %+v, %v", objs, err)
		}
		all, err := s.List(ctx, "")
		if err != nil || len(all) < 6 {
			t.Fatalf("List(\"\") = %d objects, %v", len(all), err)
		}
		for i := 1; i < len(all); i++ {
			if all[i-1].Key >= all[i].Key {
				t.Fatalf("List not sorted: %q before %q", all[i-1].Key, all[i].Key)
			}
		}
	})

	t.Run("InvalidKeysRefused", func(t *testing.T) {
		for _, k := range []string{"", "../escape.png", "a/../../b", "/abs.png", "a//b", "a/./b", "sp ace.png", "a\\b", "a/b/", "é.png"} {
			if err := s.Put(ctx, k, strings.NewReader("x"), 1, "image/png"); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("Put(%q) err = %v, want ErrInvalidKey", k, err)
			}
			if _, _, err := s.Get(ctx, k); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("Get(%q) err = %v, want ErrInvalidKey", k, err)
			}
			if err := s.Delete(ctx, k); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("Delete(%q) err = %v, want ErrInvalidKey", k, err)
			}
		}
		if _, err := s.List(ctx, "../"); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("List(../) err = %v", err)
		}
	})

	t.Run("SizeMismatch", func(t *testing.T) {
		err := s.Put(ctx, "mismatch/a.png", strings.NewReader("12345"), 3, "image/png")
		if err == nil {
			t.Fatal("Put with reader longer than size succeeded")
		}
		if _, _, err := s.Get(ctx, "mismatch/a.png"); !IsNotExist(err) {
			t.Fatalf("partial object stored: %v", err)
		}
	})

	t.Run("SignedURL", func(t *testing.T) { signed(t, s) })
}

func TestLocalContract(t *testing.T) {
	l, err := NewLocal(filepath.Join(t.TempDir(), "uploads"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	runContract(t, l, func(t *testing.T, s Store) {
		u, err := s.SignedURL(context.Background(), "properties/1/photo.png", time.Minute)
		if u != "" || err != nil {
			t.Fatalf("Local SignedURL = %q, %v; want \"\", nil", u, err)
		}
	})
}

func TestLocalLayoutAndSafety(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	dir := filepath.Join(base, "store")
	l, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("store dir mode = %v, %v; want 0700", fi.Mode().Perm(), err)
	}

	// Invalid key error is clear.
	err = l.Put(ctx, "../../etc/passwd", strings.NewReader("x"), 1, "")
	if err == nil || !strings.Contains(err.Error(), "invalid key") {
		t.Fatalf("traversal err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(base, "etc")); !os.IsNotExist(err) {
		t.Fatal("traversal wrote outside the store")
	}

	// A symlink planted inside the store pointing outside is not followed.
	secret := filepath.Join(base, "secret.txt")
	if err := os.WriteFile(secret, []byte("top secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "objects", "link.png")); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	if rc, _, err := l.Get(ctx, "link.png"); err == nil {
		b, _ := io.ReadAll(rc)
		rc.Close()
		t.Fatalf("followed symlink outside the store, read %q", b)
	}
	if err := os.Symlink(base, filepath.Join(dir, "objects", "escape")); err != nil {
		t.Fatal(err)
	}
	if err := l.Put(ctx, "escape/new.png", strings.NewReader("x"), 1, ""); err == nil {
		t.Fatal("Put through a symlinked directory outside the store succeeded")
	}
	if _, err := os.Stat(filepath.Join(base, "new.png")); !os.IsNotExist(err) {
		t.Fatal("wrote outside the store through a symlink")
	}
	os.Remove(filepath.Join(dir, "objects", "link.png"))
	os.Remove(filepath.Join(dir, "objects", "escape"))

	// Atomic write: no temp files left behind; content type derived from the
	// extension when none is given; file stored raw.
	if err := l.Put(ctx, "p/7/a.jpeg", strings.NewReader("jpegdata"), -1, ""); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(ents) != 0 {
		t.Fatalf("temp files left: %v", ents)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "objects", "p", "7", "a.jpeg")); string(b) != "jpegdata" {
		t.Fatalf("raw file = %q", b)
	}
	_, obj, err := l.Get(ctx, "p/7/a.jpeg")
	if err != nil || obj.ContentType != "image/jpeg" {
		t.Fatalf("derived content type = %q, %v", obj.ContentType, err)
	}
	// Missing sidecar falls back to the extension.
	os.Remove(filepath.Join(dir, "meta", "p", "7", "a.jpeg"))
	if _, obj, _ := l.Get(ctx, "p/7/a.jpeg"); obj.ContentType != "image/jpeg" {
		t.Fatalf("fallback content type = %q", obj.ContentType)
	}

	// Delete prunes empty directories; a "directory" key is not an object.
	if _, _, err := l.Get(ctx, "p/7"); !IsNotExist(err) {
		t.Fatalf("Get(dir) = %v, want not-exist", err)
	}
	if _, _, err := l.Get(ctx, "p/7/a.jpeg/x"); !IsNotExist(err) {
		t.Fatalf("Get(file/x) = %v, want not-exist", err)
	}
	if err := l.Delete(ctx, "p/7/a.jpeg"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "objects", "p")); !os.IsNotExist(err) {
		t.Fatalf("empty dirs not pruned: %v", err)
	}

	// Canceled context.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := l.Put(cctx, "c.png", strings.NewReader("x"), 1, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("Put with canceled ctx: %v", err)
	}

	// Reopen keeps data.
	if err := l.Put(ctx, "keep.png", strings.NewReader("kept"), 4, "image/png"); err != nil {
		t.Fatal(err)
	}
	l2, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	if _, obj, err := l2.Get(ctx, "keep.png"); err != nil || obj.Size != 4 || obj.ContentType != "image/png" {
		t.Fatalf("reopen: %+v %v", obj, err)
	}
}

func TestValidKey(t *testing.T) {
	good := []string{"a", "a.png", "properties/12/photos/0193-abc_DEF.jpg", "x/y/z", ".hidden", "a-b_c.d", strings.Repeat("a", 300)}
	bad := []string{"", "/a", "a/", "a//b", "..", "../a", "a/..", "a/../b", "a..b", ".", "./a", "a/./b", "a b", "a\\b", "a:b", "a\x00b", "ü", "a?b", "%2e%2e", strings.Repeat("a", 301)}
	for _, k := range good {
		if !ValidKey(k) {
			t.Errorf("ValidKey(%q) = false, want true", k)
		}
	}
	for _, k := range bad {
		if ValidKey(k) {
			t.Errorf("ValidKey(%q) = true, want false", k)
		}
	}
}

func TestContentTypeByKey(t *testing.T) {
	for k, want := range map[string]string{"a.png": "image/png", "a.JPG": "image/jpeg", "a.jpeg": "image/jpeg", "a.webp": "image/webp", "a.gif": "application/octet-stream", "a": "application/octet-stream"} {
		if got := ContentTypeByKey(k); got != want {
			t.Errorf("ContentTypeByKey(%q) = %q, want %q", k, got, want)
		}
	}
}

func newFakeS3(t *testing.T, bucket string) S3Config {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return S3Config{
		Endpoint:  strings.TrimPrefix(srv.URL, "http://"),
		Region:    "us-east-1",
		Bucket:    bucket,
		AccessKey: "test-access",
		SecretKey: "test-secret",
		PathStyle: true,
	}
}

func TestS3Contract(t *testing.T) {
	ctx := context.Background()
	s, err := NewS3(ctx, newFakeS3(t, "omnirent-test"))
	if err != nil {
		t.Fatal(err)
	}
	runContract(t, s, func(t *testing.T, st Store) {
		body := []byte("\xff\xd8\xff signed url body")
		if err := st.Put(ctx, "signed/p.jpg", bytes.NewReader(body), int64(len(body)), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		u, err := st.SignedURL(ctx, "signed/p.jpg", 5*time.Minute)
		if err != nil || u == "" {
			t.Fatalf("SignedURL = %q, %v", u, err)
		}
		if !strings.Contains(u, "X-Amz-Signature=") || !strings.Contains(u, "X-Amz-Expires=300") {
			t.Fatalf("URL is not presigned: %s", u)
		}
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		got, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
			t.Fatalf("GET signed URL: %d %q", resp.StatusCode, got)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "image/jpeg" {
			t.Errorf("signed GET content type = %q", ct)
		}
		if _, err := st.SignedURL(ctx, "../x", time.Minute); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("SignedURL invalid key: %v", err)
		}
	})
}

func TestNewS3MissingBucket(t *testing.T) {
	cfg := newFakeS3(t, "exists")
	cfg.Bucket = "does-not-exist"
	if _, err := NewS3(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("NewS3 missing bucket: %v", err)
	}
	cfg.Endpoint = "http://" + cfg.Endpoint
	if _, err := NewS3(context.Background(), cfg); err == nil {
		t.Fatal("NewS3 accepted endpoint with scheme")
	}
}

// Serve streams from the local folder and signs URLs for S3.
func TestServe(t *testing.T) {
	ctx := context.Background()
	l, err := NewLocal(filepath.Join(t.TempDir(), "uploads"))
	if err != nil {
		t.Fatal(err)
	}
	s3, err := NewS3(ctx, newFakeS3(t, "serve-test"))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []Store{l, s3} {
		if err := st.Put(ctx, "a/photo.jpg", strings.NewReader("jpeg bytes"), 10, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		got, err := Serve(ctx, st, "a/photo.jpg", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		switch st.(type) {
		case *Local:
			b, _ := io.ReadAll(got.Body)
			got.Body.Close()
			if got.RedirectURL != "" || string(b) != "jpeg bytes" || got.ContentType != "image/jpeg" || got.Size != 10 {
				t.Errorf("local: %+v %q", got, b)
			}
		case *S3:
			if got.Body != nil || !strings.Contains(got.RedirectURL, "X-Amz-Signature=") {
				t.Errorf("s3: %+v", got)
			}
		}
		if _, err := Serve(ctx, l, "a/missing.jpg", time.Minute); !IsNotExist(err) {
			t.Errorf("missing: %v", err)
		}
	}
}
