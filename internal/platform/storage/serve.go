package storage

import (
	"context"
	"io"
	"time"
)

// Served is a stored file ready to answer a request with: either a
// short-lived signed URL the browser fetches itself (S3), or the file's body.
type Served struct {
	RedirectURL string        // set when the store signs URLs
	Body        io.ReadCloser // otherwise; the caller closes it
	ContentType string
	Size        int64
}

// Serve opens key for a browser: a signed URL valid for ttl when the store
// gives one, else the body. A missing key answers an IsNotExist error.
func Serve(ctx context.Context, s Store, key string, ttl time.Duration) (Served, error) {
	if u, err := s.SignedURL(ctx, key, ttl); err != nil {
		return Served{}, err
	} else if u != "" {
		return Served{RedirectURL: u}, nil
	}
	body, obj, err := s.Get(ctx, key)
	if err != nil {
		return Served{}, err
	}
	ct := obj.ContentType
	if ct == "" {
		ct = ContentTypeByKey(key)
	}
	return Served{Body: body, ContentType: ct, Size: obj.Size}, nil
}
