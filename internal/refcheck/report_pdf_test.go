package refcheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// A renter named in a script outside Latin-1 keeps every character in the
// report PDF (the probe found them dropped).
func TestReportPDFKeepsNamesInEveryScript(t *testing.T) {
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
		text := pdftest.Text(t, pdf)
		if !strings.Contains(text, name) && !strings.Contains(text, pdftest.Reverse(name)) {
			t.Errorf("%q is not in the report's text:\n%s", name, text)
		}
		if !strings.Contains(text, "Page 1 of") {
			t.Errorf("no page numbers:\n%s", text)
		}
	}
}
