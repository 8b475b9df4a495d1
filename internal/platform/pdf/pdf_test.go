package pdf

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
)

// Names in the scripts UK renters write them in come out of the PDF as
// they went in; a character no font has is drawn as the marker and listed.
func TestNamesInEveryScriptSurviveThePDF(t *testing.T) {
	if _, err := os.Stat("/usr/share/fonts/truetype/droid/" + cjkFile); err != nil && os.Getenv(FontDirEnv) == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("the Chinese/Japanese font is needed in CI (Debian fonts-droid-fallback)")
		}
		t.Skip("no Chinese/Japanese font on this machine")
	}
	d, err := New(Info{Title: "Names", Created: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), Footer: "OmniRent test"})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Zoë Łukasz", "Şule Nguyễn", "王小明", "さくら", "Δημήτρης", "Анна", "שרה כהן", "प्रिया"}
	for _, n := range names {
		d.Line("Renter: " + n)
	}
	d.Line("Emoji: Ana 🙂")
	d.Line("Arabic: محمد علي")
	d.Line("Persian: پرویز")
	d.Line("Unknown: x\U0010FFFDy")
	pdf, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("PDF_SAMPLE_OUT"); out != "" {
		_ = os.WriteFile(out, pdf, 0o600) // to look at: pdftoppm -png -r 80
	}
	text := pdftest.Text(t, pdf)
	for _, n := range names {
		if !strings.Contains(text, "Renter: "+n) {
			t.Errorf("%q not in the PDF's text:\n%s", n, text)
		}
	}
	// Drawn right to left: a reader gives the letters back in one order or the other.
	for _, n := range []string{"محمد علي", "پرویز"} {
		if !strings.Contains(text, n) && !strings.Contains(text, pdftest.Reverse(n)) {
			t.Errorf("%q not in the PDF's text:\n%s", n, text)
		}
	}
	if !strings.Contains(text, "x\uFFFDy") {
		t.Errorf("the undrawable character is not marked:\n%s", text)
	}
	// The emoji is drawn (Symbola); gopdf writes characters beyond U+FFFF
	// into the PDF's text layer wrongly (one hex digit short), so a reader
	// copies another character: only its drawing is checked here.
	if !strings.Contains(text, "Emoji: Ana ") {
		t.Errorf("the emoji line:\n%s", text)
	}
	if m := d.Missing(); len(m) != 1 || m[0] != 0x10FFFD {
		t.Errorf("missing = %U", m)
	}
	if !strings.Contains(text, "Page 1 of 1") || !strings.Contains(text, "OmniRent test") {
		t.Errorf("footer:\n%s", text)
	}
}

// Arabic letters take their joined forms: the shaper writes presentation
// forms (here medial and final meem, initial heh...) and the lam-alef ligature.
func TestArabicShaping(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"محمد", "\uFEE3\uFEA4\uFEE4\uFEAA"}, // meem initial, hah medial, meem medial, dal final
		{"لا", "\uFEFB"},                     // lam-alef, isolated
		{"سلام", "\uFEB3\uFEFC\uFEE1"},       // seen initial, lam-alef final, meem isolated
		{"د", "\uFEA9"},
	} {
		if got := string(shapeArabic([]rune(tc.in))); got != tc.want {
			t.Errorf("shape(%q) = %U, want %U", tc.in, []rune(got), []rune(tc.want))
		}
	}
	// In a left-to-right line the Arabic stretch is reversed as a whole, with the space inside it.
	if got := string(visual("A علي B")); got != "A "+pdftest.Reverse(string(shapeArabic([]rune("علي"))))+" B" {
		t.Errorf("visual = %q", got)
	}
}

// Long text wraps within the width, tables repeat their header on a new
// page, and every page is numbered.
func TestWrapTablesAndPages(t *testing.T) {
	d, err := New(Info{Title: "Long"})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("The tenant keeps the garden tidy and reports repairs promptly. ", 12)
	d.Font(false, 10, Ink)
	for _, l := range d.Wrap(long, 200) {
		if w := d.Width(l); w > 200 {
			t.Fatalf("line %q is %.1f wide", l, w)
		}
	}
	if d.Wrap("Supercalifragilisticexpialidocious", 40)[0] == "Supercalifragilisticexpialidocious" {
		t.Fatal("a word wider than the line was not broken")
	}
	rows := make([][]string, 90)
	for i := range rows {
		rows[i] = []string{"Kitchen", "Oven door", "Clean, working; one scratch on the handle"}
	}
	d.Table([]Column{{Title: "Room", Width: 120}, {Title: "Item", Width: 140}, {Title: "Condition", Width: 251}}, rows, 9)
	pdf, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	n := d.GetNumberOfPages()
	if n < 3 {
		t.Fatalf("%d pages for 90 rows", n)
	}
	text := pdftest.Text(t, pdf)
	if c := strings.Count(text, "Condition"); c != n {
		t.Errorf("the header is on %d of %d pages", c, n)
	}
	for p := 1; p <= n; p++ {
		if !strings.Contains(text, fmt.Sprintf("Page %d of %d", p, n)) {
			t.Errorf("page %d has no number", p)
		}
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatal("not a PDF")
	}
}
