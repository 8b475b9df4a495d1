package refcheck_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// Renter names go into e-mail subjects, the order and the report PDF: no
// control or text-direction characters (issue 10).
func TestRenterNamesRejectHiddenCharacters(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "lord@example.com")
		for what, name := range map[string]string{"NUL": "Ann\x00Renter", "CR LF": "Ann\r\nBcc: all@example.com", "RLO": "Ann \u202eretneR"} {
			r := c.Post("/api/reference-checks", form(pid, renter("Bob Renter", "bob@example.com"), renter(name, "ann@example.com")))
			if r.Status != http.StatusBadRequest || r.ErrorMessage() != text.MsgNameCharacters || r.FieldError("renters.1.name") != text.MsgNameCharacters {
				t.Errorf("%s: %d %s", what, r.Status, r.Raw)
			}
		}
		if n := e.MailCount("ann@example.com") + e.MailCount("bob@example.com"); n != 0 {
			t.Fatalf("%d e-mails sent for refused checks", n)
		}
		if r := c.Post("/api/reference-checks", form(pid, renter("Zoë 王 محمد", "ann@example.com"))); r.Status != http.StatusCreated {
			t.Fatalf("a name in several scripts: %d %s", r.Status, r.Raw)
		}
	})
}
