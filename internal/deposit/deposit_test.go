package deposit_test

import (
	"bytes"
	"image"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

var (
	pdfFile = []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
)

// pngFile is a small PNG photo.
func pngFile() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// received records the day the landlord received the deposit, on the agreement.
func received(t *testing.T, h apptest.Household, day string) {
	t.Helper()
	if r := h.Lord.Do(http.MethodPut, "/api/contracts/"+h.TenancyID+"/deposit-received", map[string]any{"depositReceivedOn": day}); r.Status != http.StatusOK {
		t.Fatalf("deposit received: %d %s", r.Status, r.Raw)
	}
}

func protect(c *apptest.Client, id string, in map[string]any) apptest.Response {
	return c.Do(http.MethodPut, "/api/deposits/tenancies/"+id+"/protection", in)
}

func valid() map[string]any {
	return map[string]any{"scheme": "Deposit Protection Service", "reference": "DPS-123456", "protectedOn": "2026-10-25", "infoServedOn": "2026-10-26"}
}

// deposit is the household's tenancy in the caller's overview.
func depositOf(t *testing.T, c *apptest.Client, id string) map[string]any {
	t.Helper()
	r := c.Get("/api/deposits")
	if r.Status != http.StatusOK {
		t.Fatalf("deposits: %d %s", r.Status, r.Raw)
	}
	for _, x := range r.Body["tenancies"].([]any) {
		if m := x.(map[string]any); m["id"] == id {
			return m
		}
	}
	t.Fatalf("tenancy %s not in %s", id, r.Raw)
	return nil
}

func checks(v map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, c := range v["checks"].([]any) {
		m := c.(map[string]any)
		out[m["key"].(string)] = m
	}
	return out
}

// Protected and informed within 30 days of receiving the deposit: both
// checks pass with their UK dates, no warning; each tenant sees the same
// on their home, without the landlord's forms.
func TestProtectedInTime(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		received(t, h, "2026-10-20")
		r := protect(h.Lord, h.TenancyID, valid())
		if r.Status != http.StatusOK {
			t.Fatalf("protect: %d %s", r.Status, r.Raw)
		}
		v := depositOf(t, h.Lord, h.TenancyID)
		if v["depositText"] != "£1,200.00" || v["deadlineText"] != "Thu 19 Nov 2026" || v["warning"] != nil {
			t.Fatalf("landlord's view: %v", v)
		}
		c := checks(v)
		if c["protected"]["state"] != "ok" || c["information"]["state"] != "ok" ||
			c["protected"]["text"] != "Protected on Sun 25 Oct 2026, within the 30 days (by Thu 19 Nov 2026)." {
			t.Fatalf("checks: %v", c)
		}
		for _, tenant := range []*apptest.Client{h.Tom, h.Tess} {
			tv := depositOf(t, tenant, h.TenancyID)
			p := tv["protection"].(map[string]any)
			if tv["role"] != "tenant" || p["scheme"] != "Deposit Protection Service" || p["reference"] != "DPS-123456" ||
				p["protectedText"] != "Sun 25 Oct 2026" || tv["schemes"] != nil || tv["warning"] != nil {
				t.Fatalf("tenant's view: %v", tv)
			}
		}
	})
}

// Protected 9 days late and the information never given, the deadline
// gone: the landlord is told, with what it can cost (one to three times
// the £1,200 deposit); the tenant sees the facts, not the landlord's warning.
func TestProtectedLateIsFlagged(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		received(t, h, "2026-09-01")
		in := valid()
		in["protectedOn"], in["infoServedOn"] = "2026-10-10", ""
		if r := protect(h.Lord, h.TenancyID, in); r.Status != http.StatusOK {
			t.Fatalf("protect: %d %s", r.Status, r.Raw)
		}
		v := depositOf(t, h.Lord, h.TenancyID)
		c := checks(v)
		if c["protected"]["state"] != "late" || c["protected"]["text"] != "Protected on Sat 10 Oct 2026: 9 days after the deadline of Thu 1 Oct 2026." {
			t.Fatalf("protected: %v", c["protected"])
		}
		if c["information"]["state"] != "overdue" {
			t.Fatalf("information: %v", c["information"])
		}
		w, _ := v["warning"].(string)
		if !strings.Contains(w, "1 to 3 times the deposit: £1,200.00 to £3,600.00") {
			t.Fatalf("warning: %q", w)
		}
		tv := depositOf(t, h.Tom, h.TenancyID)
		if tv["warning"] != nil || checks(tv)["protected"]["state"] != "late" {
			t.Fatalf("tenant's view: %v", tv)
		}
	})
}

// Bad answers are refused field by field with a plain message, and what
// was recorded before stays.
func TestBadProtectionAnswers(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		received(t, h, "2026-10-20")
		if r := protect(h.Lord, h.TenancyID, valid()); r.Status != http.StatusOK {
			t.Fatalf("protect: %d %s", r.Status, r.Raw)
		}
		for _, c := range []struct {
			field, value, msg string
		}{
			{"scheme", "Other", "Please choose the scheme that protects the deposit."},
			{"reference", "", "Please enter the scheme's reference"},
			{"reference", strings.Repeat("x", 61), "Please enter the scheme's reference"},
			{"protectedOn", "", "Please enter the day the scheme protected the deposit."},
			{"protectedOn", "25/10/2026", "Please enter the day the scheme protected the deposit."},
			{"protectedOn", "2026-11-03", "This day cannot be in the future."},
			{"protectedOn", "2026-10-19", "This day cannot be before the day you received the deposit (Tue 20 Oct 2026)."},
			{"infoServedOn", "2027-01-01", "This day cannot be in the future."},
		} {
			in := valid()
			in[c.field] = c.value
			r := protect(h.Lord, h.TenancyID, in)
			if msg := r.FieldError(c.field); r.Status != http.StatusBadRequest || !strings.HasPrefix(msg, c.msg) {
				t.Errorf("%s=%q: %d %s", c.field, c.value, r.Status, r.Raw)
			}
		}
		if p := depositOf(t, h.Lord, h.TenancyID)["protection"].(map[string]any); p["reference"] != "DPS-123456" || p["protectedOn"] != "2026-10-25" {
			t.Fatalf("the recorded protection changed: %v", p)
		}
	})
}

// The certificate: a PDF or an image judged by content; a text file named
// .pdf is refused with a plain message and the stored one stays; each
// tenant may open it.
func TestCertificateFile(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		url := "/api/deposits/tenancies/" + h.TenancyID + "/certificate"
		if r := h.Lord.Upload(url, "cert.pdf", "application/pdf", pdfFile); r.Status != http.StatusConflict || r.ErrorCode() != "not_recorded" {
			t.Fatalf("before the protection: %d %s", r.Status, r.Raw)
		}
		received(t, h, "2026-10-20")
		if r := protect(h.Lord, h.TenancyID, valid()); r.Status != http.StatusOK {
			t.Fatalf("protect: %d %s", r.Status, r.Raw)
		}
		if p := homePaper(t, h.Tom, "Deposit protection certificate"); p["missing"] != true {
			t.Fatalf("before the certificate, the tenant's home: %v", p)
		}
		if r := h.Lord.Upload(url, "cert.pdf", "application/pdf", pdfFile); r.Status != http.StatusCreated {
			t.Fatalf("pdf: %d %s", r.Status, r.Raw)
		}
		// The tenant's home lists it among the papers they must be given, to download.
		p := homePaper(t, h.Tess, "Deposit protection certificate")
		copies, _ := p["copies"].([]any)
		if p["missing"] != false || len(copies) != 1 || copies[0].(map[string]any)["filename"] != "cert.pdf" {
			t.Fatalf("the tenant's home: %v", p)
		}
		if got := h.Tess.Get(copies[0].(map[string]any)["url"].(string)); got.Status != http.StatusOK || !bytes.Equal([]byte(got.Raw), pdfFile) {
			t.Fatalf("the home's copy: %d", got.Status)
		}
		r := h.Lord.Upload(url, "fake.pdf", "application/pdf", []byte("just words, not a PDF"))
		if r.Status != http.StatusBadRequest || r.ErrorCode() != "bad_file_type" || !strings.Contains(r.ErrorMessage(), "PDF") {
			t.Fatalf("not a pdf: %d %s", r.Status, r.Raw)
		}
		for _, c := range []*apptest.Client{h.Lord, h.Tom, h.Tess} {
			got := c.Get(url)
			if got.Status != http.StatusOK || !bytes.Equal([]byte(got.Raw), pdfFile) {
				t.Fatalf("open: %d %q", got.Status, got.Raw)
			}
		}
		if r := h.Lord.Upload(url, "photo of cert.png", "image/png", pngFile()); r.Status != http.StatusCreated {
			t.Fatalf("png: %d %s", r.Status, r.Raw)
		}
		p = depositOf(t, h.Tess, h.TenancyID)["protection"].(map[string]any)
		if p["certificate"] != true || p["certificateName"] != "photo of cert.png" || strings.Contains(p["certificateUrl"].(string), "deposits/"+h.TenancyID+"/certificate-") {
			t.Fatalf("certificate: %v", p)
		}
	})
}

// homePaper is the paper of that name on the tenant's home (/api/me/home).
func homePaper(t *testing.T, c *apptest.Client, name string) map[string]any {
	t.Helper()
	r := c.Get("/api/me/home")
	if r.Status != http.StatusOK {
		t.Fatalf("home: %d %s", r.Status, r.Raw)
	}
	for _, tn := range r.Body["tenancies"].([]any) {
		for _, p := range tn.(map[string]any)["certificates"].([]any) {
			if p.(map[string]any)["name"] == name {
				return p.(map[string]any)
			}
		}
	}
	t.Fatalf("no %s on the home: %s", name, r.Raw)
	return nil
}
