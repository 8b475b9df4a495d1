package pdf

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// sampleDoc draws a document that goes through every measuring path: wrapped
// paragraphs, pairs, tables, a word longer than the line, bold and regular,
// text in the fallback fonts (Greek, Cyrillic, Arabic and Hebrew right to
// left, Devanagari, emoji, Chinese when the machine has the font), a
// character no font has, a typed signature and the footers.
func sampleDoc(t testing.TB) []byte {
	t.Helper()
	d, err := New(Info{Title: "Sample", Author: "OmniRent", Created: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), Footer: "Document id sample"})
	if err != nil {
		t.Fatal(err)
	}
	return drawSample(t, d)
}

func drawSample(t testing.TB, d *Doc) []byte {
	t.Helper()
	d.Heading("1. Parties and property", 13, Colour{11, 92, 173})
	d.Font(false, 11, Ink)
	d.Pair("Landlord", "Ana Łukasz-Nguyễn of 12 Long Road, Battersea, London SW11 1AA, United Kingdom, and her agents", 120)
	d.Pair("Tenant(s)", "Δημήτρης Παπαδόπουλος, Анна Иванова, שרה כהן, محمد علي, प्रिया शर्मा, 王小明 🙂", 120)
	for i := range 30 {
		d.Paragraph(fmt.Sprintf("Clause %d. The tenant will keep the garden tidy, cut the lawn in season (Ελληνικά, русский, עברית, العربية) "+
			"and tell the landlord promptly of any damage or disrepair x\U0010FFFDy, so that repairs can be made in good time.", i+1), 10)
	}
	d.Font(true, 10, Ink)
	d.Paragraph("Averyveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryverylongword then short words.", 10)
	d.Table([]Column{{Title: "Date", Width: 90}, {Title: "What", Width: 250}, {Title: "Amount (£)", Width: 100, Right: true}}, [][]string{
		{"1 December 2026", "First month's rent, paid by bank transfer to the landlord's account", "1,250.00"},
		{"1 December 2026", "Deposit, protected with the Deposit Protection Service within 30 days", "1,442.00"},
		{"2 January 2027", "محمد علي — rent", "1,250.00"},
	}, 9)
	d.Font(false, 10, Ink)
	d.Line(strings.Repeat("Width check ", 3) + fmt.Sprintf("%.4f", d.Width("Width check, with Ελληνικά and עברית")))
	d.SignatureText(Margin, d.Y, 22, "Ana Łukasz")
	d.SignatureText(Margin, d.Y+30, 22, "王小明")
	out, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The cached fonts and widths draw exactly the document that parsing the
// fonts for the document and measuring every string through gopdf drew.
func TestCachedMeasuringDrawsTheSameDocument(t *testing.T) {
	cached := sampleDoc(t)
	d, err := newDoc(Info{Title: "Sample", Author: "OmniRent", Created: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), Footer: "Document id sample"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if reference := drawSample(t, d); !bytes.Equal(cached, reference) {
		t.Fatalf("the cached paths drew another document (%d bytes against %d)", len(cached), len(reference))
	}
	if golden := os.Getenv("PDF_GOLDEN"); golden != "" {
		if os.Getenv("PDF_GOLDEN_WRITE") != "" {
			_ = os.WriteFile(golden, cached, 0o600)
		} else if want, err := os.ReadFile(golden); err != nil || !bytes.Equal(cached, want) {
			t.Fatalf("not the document drawn before the caches (%v)", err)
		}
	}
}

// Documents drawn at the same time share the parsed fonts: each is the same
// as one drawn alone (run with -race).
func TestDocumentsDrawnAtOnceShareTheFonts(t *testing.T) {
	want := sampleDoc(t)
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for range 4 {
		wg.Go(func() {
			if got := sampleDoc(t); !bytes.Equal(got, want) {
				errs <- "a document drawn alongside others differs"
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// BenchmarkSampleDocument is the sample above: a few pages in every script.
func BenchmarkSampleDocument(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sampleDoc(b)
	}
}
