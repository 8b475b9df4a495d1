// Package pdftest reads generated PDFs back in tests, as a reader or a
// search index would.
package pdftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// Text is the PDF's text as poppler's pdftotext extracts it, normalised
// (NFKC, so Arabic presentation forms read as the letters typed) and
// without the embedding marks pdftotext puts around right-to-left text.
// Without pdftotext the test is skipped, except in CI, where it fails.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext (poppler-utils) is needed in CI")
		}
		t.Skip("pdftotext (poppler-utils) not installed")
	}
	in := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Map(func(r rune) rune {
		if r >= 0x202A && r <= 0x202E {
			return -1
		}
		return r
	}, norm.NFKC.String(string(out)))
}

// Reverse is s with its characters in the other order: right-to-left text
// may come back from a reader in either order.
func Reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}
