package signing_test

import (
	"bytes"
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/signing"
)

// A sealed document without signatures: drawn once per version (the same
// version asked again, or by several requests at once, is one document
// and one PDF), each version under its own reference; /verify answers
// genuine for the file and for its reference with its hash, and not for a
// changed file or a reference with another document's hash.
func TestSealedDocumentWithoutSignatures(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		var draws atomic.Int32
		draw := func(body string) func(signing.Seal) ([]byte, error) {
			return func(s signing.Seal) ([]byte, error) {
				draws.Add(1)
				return []byte(fmt.Sprintf("%%PDF-1.4 %s sealed %s at %s, check at %s", body, s.PublicRef, s.At, s.VerifyURL)), nil
			}
		}
		res := racetest.Together(4, func(int) []byte {
			_, b, err := e.App.Signing.SealDocument(ctx, "test-history", "rec-1", "v1", "History of record 1", draw("first"))
			if err != nil {
				t.Error(err)
			}
			return b
		})
		for _, b := range res[1:] {
			if !bytes.Equal(b, res[0]) {
				t.Fatal("requests at once for one version answered different PDFs")
			}
		}
		docs, err := e.App.Signing.SealedDocuments(ctx, "test-history", "rec-1")
		if err != nil || len(docs) != 1 {
			t.Fatalf("sealed %d documents for one version (%v)", len(docs), err)
		}
		first := docs[0]
		if !bytes.Contains(res[0], []byte(first.PublicRef)) || first.PDFHash != signing.Hash(res[0]) {
			t.Fatalf("the PDF does not carry its reference, or its hash is not recorded: %+v", first)
		}
		before := draws.Load()
		if _, again, err := e.App.Signing.SealDocument(ctx, "test-history", "rec-1", "v1", "History of record 1", draw("first")); err != nil ||
			!bytes.Equal(again, res[0]) || draws.Load() != before {
			t.Fatalf("the same version was drawn again (%v)", err)
		}
		second, pdf2, err := e.App.Signing.SealDocument(ctx, "test-history", "rec-1", "v2", "History of record 1", draw("second"))
		if err != nil || second.PublicRef == first.PublicRef || bytes.Equal(pdf2, res[0]) {
			t.Fatalf("a new version: %+v %v", second, err)
		}

		v, err := e.App.Signing.VerifyPDF(ctx, res[0])
		if err != nil || !v.Genuine || v.Sealed == nil || v.Sealed.PublicRef != first.PublicRef || v.Message != signing.MsgSealedGenuine {
			t.Fatalf("verify the first PDF: %+v %v", v, err)
		}
		forged := bytes.Replace(res[0], []byte("first"), []byte("frist"), 1)
		if v, err := e.App.Signing.VerifyPDF(ctx, forged); err != nil || v.Genuine {
			t.Fatalf("a changed PDF verified: %+v %v", v, err)
		}
		if v, err := e.App.Signing.VerifyHash(ctx, first.PublicRef, first.PDFHash); err != nil || !v.Genuine || v.Sealed == nil {
			t.Fatalf("verify by reference: %+v %v", v, err)
		}
		if v, err := e.App.Signing.VerifyHash(ctx, first.PublicRef, second.PDFHash); err != nil || v.Genuine {
			t.Fatalf("a reference with another version's hash verified: %+v %v", v, err)
		}
	})
}
