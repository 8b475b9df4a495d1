package storage

import (
	"bytes"
	"context"
	"fmt"
	"io"
)

// probeKey is the object CheckWritable writes, reads back and removes.
const probeKey = "health/probe"

// CheckWritable proves the store takes writes: it writes a small object,
// reads it back and deletes it. A local folder that became read-only (or
// an S3 bucket whose credentials lost write access) fails here rather than
// at a user's first upload.
func CheckWritable(ctx context.Context, s Store) error {
	want := []byte("omnirent storage probe")
	if err := s.Put(ctx, probeKey, bytes.NewReader(want), int64(len(want)), "text/plain"); err != nil {
		return fmt.Errorf("the file storage cannot be written: %w", err)
	}
	r, _, err := s.Get(ctx, probeKey)
	if err != nil {
		return fmt.Errorf("the file storage cannot be read back: %w", err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("the file storage does not give back what was written: %v", err)
	}
	if err := s.Delete(ctx, probeKey); err != nil {
		return fmt.Errorf("the file storage cannot delete: %w", err)
	}
	return nil
}
