package pdf

import (
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
)

// A PDF this package drew is imported page by page into another: its text
// survives, each page is one page of the new document, and the new
// document's footer is on it; a file that is no PDF adds nothing and
// answers an error.
func TestImportPDF(t *testing.T) {
	src, err := New(Info{Title: "Inner", Created: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Footer: "Inner footer"})
	if err != nil {
		t.Fatal(err)
	}
	src.Heading("Inner first page", 16, Ink)
	src.AddPage()
	src.Line("Inner second page")
	inner, err := src.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d, err := New(Info{Title: "Outer", Created: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Footer: "Outer footer"})
	if err != nil {
		t.Fatal(err)
	}
	d.Line("Outer cover")
	n, err := d.ImportPDF(inner)
	if err != nil || n != 2 {
		t.Fatalf("import: %d pages, %v", n, err)
	}
	for _, broken := range []string{"%PDF-1.4\nnot really\n%%EOF", "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n",
		"%PDF-1.4\nstartxref\n999999\n%%EOF", "<html>startxref 3</html>"} {
		if n, err := d.ImportPDF([]byte(broken)); err == nil || n != 0 {
			t.Fatalf("a broken PDF: %d pages, %v", n, err)
		}
	}
	if d.GetNumberOfPages() != 3 {
		t.Fatalf("%d pages", d.GetNumberOfPages())
	}
	out, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	text := pdftest.Text(t, out)
	for _, want := range []string{"Outer cover", "Inner first page", "Inner second page", "Page 1 of 2", "Inner footer", "Page 3 of 3", "Outer footer"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q not in:\n%s", want, text)
		}
	}
}
