package documents_test

import (
	"mime"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/documents"
)

// uploadNamed adds a file to a certificate with the part's
// Content-Disposition written as given, so a name can carry what a quoted
// file name cannot (line breaks, through RFC 2231's filename*).
func uploadNamed(t *testing.T, c *apptest.Client, certID, disposition string) apptest.Response {
	t.Helper()
	return c.SendForm(http.MethodPost, "/api/certificates/"+certID+"/files", apptest.Form{Disposition: disposition, ContentType: "application/pdf", Data: pdf})
}

// disguised reports whether s holds a character that reorders or hides text
// or breaks a line.
func disguised(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u202e' || r == '\u202d' || r == '\u2066' ||
			r == '\u2067' || r == '\u2068' || r == '\u2069' || r == '\u200e' || r == '\u200f' || r == '\u200b' || r == '\u061c'
	})
}

// Issue 43: a certificate's file named "inv" U+202E "fdp.pdf" was stored and
// offered for download under that name, which shows as another file type.
// A file's name is stored on one line with no bidirectional or invisible
// characters, listed so and downloaded so (Content-Disposition), and an
// Other certificate's name likewise; a name that is nothing once cleaned is
// told the name is required.
func TestHostileFileNamesAreStoredAndServedClean(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com", false)
		r := createWithFile(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -10)},
			"inv\u202efdp.pdf", "application/pdf", pdf)
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		certID := r.Body["id"].(string)
		first := r.Body["files"].([]any)[0].(map[string]any)
		if got := first["filename"]; got != "invfdp.pdf" {
			t.Fatalf("stored name %q, want %q", got, "invfdp.pdf")
		}
		// A second file whose name holds line breaks, a tab and a zero-width
		// space (RFC 2231 lets a browser or script send them).
		u := uploadNamed(t, c, certID, `form-data; name="file"; filename*=UTF-8''Gas%0D%0Asafety%09record%E2%80%8B%E2%81%A7.pdf`)
		if u.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", u.Status, u.Raw)
		}
		if got := u.Body["filename"]; got != "Gas safety record.pdf" {
			t.Fatalf("stored name %q, want %q", got, "Gas safety record.pdf")
		}

		// Stored clean (not only cleaned as read).
		rows, err := e.App.DB.Conn().Query(t.Context(), `SELECT filename FROM certificate_files WHERE certificate_id = ? ORDER BY filename`, certID)
		if err != nil {
			t.Fatal(err)
		}
		var stored []string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			stored = append(stored, n)
		}
		_ = rows.Close()
		if strings.Join(stored, "|") != "Gas safety record.pdf|invfdp.pdf" {
			t.Fatalf("stored names %q", stored)
		}

		// The list shows the clean names, and each downloads under its clean
		// name, inline and as an attachment.
		want := map[string]bool{"invfdp.pdf": true, "Gas safety record.pdf": true}
		l := c.Get("/api/documents/certificates?propertyId=" + pid)
		seen := 0
		for _, g := range l.Body["groups"].([]any) {
			for _, cert := range g.(map[string]any)["current"].([]any) {
				for _, f := range cert.(map[string]any)["files"].([]any) {
					fm := f.(map[string]any)
					name := fm["filename"].(string)
					if !want[name] || disguised(name) {
						t.Errorf("listed name %q", name)
					}
					seen++
					for _, q := range []string{"", "?download=1"} {
						d := c.Get("/api/certificates/" + certID + "/files/" + fm["id"].(string) + q)
						cd := d.Header.Get("Content-Disposition")
						_, params, err := mime.ParseMediaType(cd)
						if d.Status != http.StatusOK || err != nil || params["filename"] != name || disguised(cd) ||
							strings.Contains(strings.ToUpper(cd), "%E2%80%AE") || strings.Contains(cd, "%0D") {
							t.Errorf("download%s of %q: %d Content-Disposition %q (%v)", q, name, d.Status, cd, err)
						}
					}
				}
			}
		}
		if seen != 2 {
			t.Fatalf("listed %d files, want 2: %s", seen, l.Raw)
		}

		// A name stored before names were cleaned is served clean.
		if _, err := e.App.DB.Conn().Exec(t.Context(), `UPDATE certificate_files SET filename = ? WHERE id = ?`,
			"old\u202efdp.exe.pdf", first["id"]); err != nil {
			t.Fatal(err)
		}
		d := c.Get("/api/certificates/" + certID + "/files/" + first["id"].(string) + "?download=1")
		if _, params, _ := mime.ParseMediaType(d.Header.Get("Content-Disposition")); params["filename"] != "oldfdp.exe.pdf" {
			t.Errorf("an old name downloads as %q", params["filename"])
		}

		// An Other certificate's name is one line; one that is nothing once
		// cleaned is required, with the area's message.
		other := map[string]any{"propertyId": pid, "type": "other", "name": "Fire risk\r\nassessment\u202e", "issuedOn": day(e, -10), "expiresOn": day(e, 300)}
		r = createWithFile(t, c, other, "fra.pdf", "application/pdf", pdf)
		if r.Status != http.StatusCreated || r.Body["name"] != "Fire risk assessment" {
			t.Fatalf("other certificate: %d %s", r.Status, r.Raw)
		}
		other["name"] = "\r\n\u202e\u200b\t"
		r = createWithFile(t, c, other, "fra.pdf", "application/pdf", pdf)
		if r.Status != http.StatusBadRequest || r.FieldError("name") != documents.MsgName {
			t.Fatalf("a name of invisible characters: %d %s", r.Status, r.Raw)
		}
		p := c.Do(http.MethodPatch, "/api/certificates/"+certID, map[string]any{"notes": "Line one\nline two"})
		if p.Status != http.StatusOK || p.Body["notes"] != "Line one\nline two" {
			t.Fatalf("notes keep their line breaks: %d %s", p.Status, p.Raw)
		}
	})
}
