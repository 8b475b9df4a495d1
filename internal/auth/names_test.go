package auth_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// Names that would break out of an e-mail subject or reorder the text
// around them (issue 10).
var hiddenCharacterNames = map[string]string{
	"NUL":          "Ann\x00Smith",
	"CR LF":        "Ann Smith\r\nBcc: all@example.com",
	"LF":           "Ann\nSmith",
	"RLO override": "Ann \u202egnp.exe",
	"RLI isolate":  "Ann \u2067Smith\u2069",
}

func TestRegisterRejectsHiddenCharactersInName(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for what, name := range hiddenCharacterNames {
			r := e.NewClient().Post("/api/auth/register", signupBody("ann@example.com", map[string]any{"fullName": name}))
			wantError(t, what, r, http.StatusBadRequest, "invalid")
			if r.FieldError("fullName") != text.MsgNameCharacters || r.ErrorMessage() != text.MsgNameCharacters {
				t.Errorf("%s: message %q, fields.fullName %q", what, r.ErrorMessage(), r.FieldError("fullName"))
			}
		}
		if n := e.MailCount("ann@example.com"); n != 0 {
			t.Fatalf("%d e-mails sent for refused sign-ups", n)
		}
		// Letters of any script are fine.
		if r := e.NewClient().Post("/api/auth/register", signupBody("ann@example.com", map[string]any{"fullName": "Zoë 王 محمد"})); r.Status != http.StatusCreated {
			t.Fatalf("name in several scripts: %d %s", r.Status, r.Raw)
		}
	})
}

func TestAccountDetailsRejectHiddenCharactersInName(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("ann@example.com", goodPassword, "Tenant")
		for what, name := range hiddenCharacterNames {
			r := c.Do(http.MethodPatch, "/api/account", map[string]any{"fullName": name})
			wantError(t, what, r, http.StatusBadRequest, "invalid")
			if r.FieldError("fullName") != text.MsgNameCharacters || r.ErrorMessage() != text.MsgNameCharacters {
				t.Errorf("%s: message %q, fields.fullName %q", what, r.ErrorMessage(), r.FieldError("fullName"))
			}
		}
		if u := c.Get("/api/auth/me").Body["user"].(map[string]any); u["fullName"] != "Test Person" {
			t.Fatalf("name changed: %v", u["fullName"])
		}
		if r := c.Do(http.MethodPatch, "/api/account", map[string]any{"fullName": "Siân Zoë"}); r.Status != http.StatusOK {
			t.Fatalf("ordinary name: %d %s", r.Status, r.Raw)
		}
	})
}
