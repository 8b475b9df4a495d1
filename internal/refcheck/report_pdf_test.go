package refcheck_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// A renter named in a script outside Latin-1 keeps every character in the
// report PDF (the probe found them dropped).
func TestReportPDFKeepsNamesInEveryScript(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext (poppler-utils) is needed in CI")
		}
		t.Skip("pdftotext not installed")
	}
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	code := openbanking.SandboxCode{Persona: "salaried", Holder: "Zoë Łukasz"}.Encode()
	accounts, err := openbanking.Sandbox{}.Accounts(context.Background(), code, now)
	if err != nil {
		t.Fatal(err)
	}
	report := affordability.Analyse(affordability.Input{Now: now, RenterName: "Zoë Łukasz", DateOfBirth: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC),
		DeclaredMonthlyPence: 300000, RentSharePence: 92500, Accounts: accounts}, affordability.DefaultRules)
	for _, name := range []string{"Zoë Łukasz", "王小明", "Δημήτρης Παπαδόπουλος", "שרה כהן", "محمد علي"} {
		if name == "王小明" {
			if _, err := os.Stat("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"); err != nil && os.Getenv("OMNIRENT_PDF_FONT_DIR") == "" {
				if os.Getenv("CI") != "" {
					t.Fatal("the Chinese/Japanese font (Debian fonts-droid-fallback) is needed in CI")
				}
				continue
			}
		}
		pdf, err := refcheck.ReportPDF(refcheck.LandlordReport{Name: name, Email: "renter@example.com", RentPence: 185000, ReadyAt: now,
			Property: refcheck.Place{FirstLine: "12 Lavender Hill", Town: "London", Postcode: "SW11 5RW"}, Report: report})
		if err != nil {
			t.Fatal(err)
		}
		if out := os.Getenv("PDF_SAMPLE_DIR"); out != "" {
			_ = os.WriteFile(filepath.Join(out, "report-"+strings.Fields(name)[0]+".pdf"), pdf, 0o600) // to look at
		}
		file := filepath.Join(t.TempDir(), "report.pdf")
		if err := os.WriteFile(file, pdf, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Map(func(r rune) rune {
			if r >= 0x202A && r <= 0x202E {
				return -1 // pdftotext's embedding marks around right-to-left text
			}
			return r
		}, norm.NFKC.String(string(out)))
		rev := []rune(name)
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		if !strings.Contains(text, name) && !strings.Contains(text, string(rev)) {
			t.Errorf("%q is not in the report's text:\n%s", name, text)
		}
		if !strings.Contains(text, "Page 1 of") {
			t.Errorf("no page numbers:\n%s", text)
		}
	}
}
