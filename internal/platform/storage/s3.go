package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config configures an S3-compatible store (AWS S3, MinIO, Garage, R2...).
type S3Config struct {
	Endpoint  string // host[:port], no scheme, e.g. "s3.eu-west-1.amazonaws.com" or "minio:9000"
	Region    string // e.g. "us-east-1"; empty lets the client discover it
	Bucket    string
	AccessKey string
	SecretKey string
	UseSSL    bool
	PathStyle bool // force path-style URLs (MinIO and most self-hosted servers)
}

// S3 stores objects in one bucket of an S3-compatible service.
type S3 struct {
	client *minio.Client
	bucket string
}

var _ Store = (*S3)(nil)

// Presigned URL limits imposed by S3 (SigV4).
const (
	minSignedTTL     = time.Second
	maxSignedTTL     = 7 * 24 * time.Hour
	defaultSignedTTL = 15 * time.Minute
)

// NewS3 builds a minio-go client. It creates nothing: it only checks that the
// bucket exists (and that the credentials can see it).
func NewS3(ctx context.Context, c S3Config) (*S3, error) {
	if c.Endpoint == "" || c.Bucket == "" {
		return nil, errors.New("storage: s3 endpoint and bucket are required")
	}
	if strings.Contains(c.Endpoint, "://") {
		return nil, fmt.Errorf("storage: s3 endpoint %q must be host[:port] without scheme (use UseSSL)", c.Endpoint)
	}
	lookup := minio.BucketLookupAuto
	if c.PathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(c.Endpoint, &minio.Options{
		Creds:        credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure:       c.UseSSL,
		Region:       c.Region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: s3 client: %w", err)
	}
	ok, err := client.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("storage: s3 check bucket %q: %w", c.Bucket, err)
	}
	if !ok {
		return nil, fmt.Errorf("storage: s3 bucket %q does not exist", c.Bucket)
	}
	return &S3{client: client, bucket: c.Bucket}, nil
}

// Client exposes the underlying minio client (for health checks, say).
func (s *S3) Client() *minio.Client { return s.client }

// Put uploads the object. A known size (>= 0) uploads in a single request for
// small objects; size < 0 streams with multipart upload.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if !ValidKey(key) {
		return invalidKey(key)
	}
	if contentType == "" {
		contentType = ContentTypeByKey(key)
	}
	opts := minio.PutObjectOptions{ContentType: contentType}
	if size >= 0 {
		r = &exactReader{r: r, left: size}
	} else {
		// Unknown size means a multipart upload; with an unsigned payload
		// (integrity still covered by per-part checksums) minio-go sends plain
		// bodies instead of aws-chunked streaming signatures, which several
		// S3-compatible servers (and gofakes3) do not decode.
		opts.DisableContentSha256 = true
	}
	info, err := s.client.PutObject(ctx, s.bucket, key, r, size, opts)
	if err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	if size >= 0 && info.Size != size {
		return fmt.Errorf("storage: put %s: %w: declared %d, uploaded %d", key, ErrSizeMismatch, size, info.Size)
	}
	return nil
}

// Get opens the object; a missing key gives an error for which IsNotExist is true.
func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, Object, error) {
	if !ValidKey(key) {
		return nil, Object{}, invalidKey(key)
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Object{}, fmt.Errorf("storage: get %s: %w", key, s3Err(err))
	}
	st, err := obj.Stat() // performs the request; reports NoSuchKey
	if err != nil {
		obj.Close()
		return nil, Object{}, fmt.Errorf("storage: get %s: %w", key, s3Err(err))
	}
	return obj, Object{Key: key, ContentType: st.ContentType, Size: st.Size}, nil
}

// Delete removes the object; a missing key is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return invalidKey(key)
	}
	err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
	if err != nil && !IsNotExist(s3Err(err)) {
		return fmt.Errorf("storage: delete %s: %w", key, err)
	}
	return nil
}

// List returns the objects under prefix sorted by key. ContentType is empty:
// S3 listings do not carry it (use Get for that).
func (s *S3) List(ctx context.Context, prefix string) ([]Object, error) {
	if !validPrefix(prefix) {
		return nil, invalidKey(prefix)
	}
	var out []Object
	for o := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			return nil, fmt.Errorf("storage: list %s: %w", prefix, o.Err)
		}
		out = append(out, Object{Key: o.Key, ContentType: o.ContentType, Size: o.Size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// SignedURL returns a presigned GET URL valid for ttl (clamped to S3's
// 1s..7d range; ttl <= 0 means 15 minutes). It does not check that the key exists.
func (s *S3) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if !ValidKey(key) {
		return "", invalidKey(key)
	}
	switch {
	case ttl <= 0:
		ttl = defaultSignedTTL
	case ttl < minSignedTTL:
		ttl = minSignedTTL
	case ttl > maxSignedTTL:
		ttl = maxSignedTTL
	}
	u, err := s.client.PresignedGetObject(ctx, s.bucket, key, ttl, nil)
	if err != nil {
		return "", fmt.Errorf("storage: sign %s: %w", key, err)
	}
	return u.String(), nil
}

// exactReader yields at most left bytes and fails if the underlying reader
// has more: minio-go would silently upload only the first size bytes.
type exactReader struct {
	r    io.Reader
	left int64
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.r.Read(p)
	e.left -= int64(n)
	if e.left == 0 && (err == nil || err == io.EOF) {
		var one [1]byte
		for range 100 { // tolerate a few (0, nil) reads
			m, perr := e.r.Read(one[:])
			if m > 0 {
				// Report 0 bytes so io.ReadFull in the client cannot
				// swallow the error behind a full buffer.
				return 0, fmt.Errorf("%w: reader has more than the declared size", ErrSizeMismatch)
			}
			if perr != nil {
				break
			}
		}
		return n, io.EOF
	}
	return n, err
}

// s3Err maps "no such key" responses to fs.ErrNotExist so IsNotExist works.
func s3Err(err error) error {
	resp := minio.ToErrorResponse(err)
	if resp.Code == "NoSuchKey" || resp.Code == "NotFound" || (resp.StatusCode == http.StatusNotFound && resp.Code != "NoSuchBucket") {
		return fmt.Errorf("%w (%v)", fs.ErrNotExist, err)
	}
	return err
}
