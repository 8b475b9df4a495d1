package contract_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
)

// listed finds the agreement id in the reader's list view.
func listed(t *testing.T, c *apptest.Client, view, id string) map[string]any {
	t.Helper()
	r := c.Get("/api/contracts?view=" + view)
	if r.Status != http.StatusOK {
		t.Fatalf("list %s: %d %s", view, r.Status, r.Raw)
	}
	for _, x := range r.Body["contracts"].([]any) {
		if row := x.(map[string]any); row["id"] == id {
			return row
		}
	}
	t.Fatalf("%s is not in the %s list: %s", id, view, r.Raw)
	return nil
}

// The lists of agreements awaiting signatures mark one whose start date has
// passed before everyone signed (nobody can sign it: 409
// start_date_passed), with the words its page uses for the reader: the
// landlord's (withdraw it to change the start date) or a tenant's. One that
// starts later, and the same one before its start date or once withdrawn
// to a draft, is not marked. Before this the landlord's list showed it
// like any other awaiting agreement.
func TestListsMarkAnAgreementWhoseStartDatePassed(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.Clock.Set(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
		p := newJointParties(t, e)
		owner, tess := p.owner, p.tess
		id := p.twoTenantsToSign(t, e) // starts 1 December 2026
		later := p
		later.answers = with(with(with(p.answers, "startDate", "2026-12-10"), "firstPaymentDate", "2026-12-10"), "scheduleDate", "2026-12-10")
		laterID := later.twoTenantsToSign(t, e)

		unmarked := func(who string, row map[string]any) {
			t.Helper()
			if row["startDatePassed"] != false || row["notice"] != "" {
				t.Errorf("%s: marked: %v %q", who, row["startDatePassed"], row["notice"])
			}
		}
		unmarked("before the start, landlord", listed(t, owner, "awaiting", id))
		unmarked("before the start, tenant", listed(t, tess, "awaiting", id))

		// 2 December in the UK: the first one's start date has passed.
		e.Clock.Set(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC))
		landlordNotice, _ := owner.Get("/api/contracts/" + id + "/signing").Body["notice"].(string)
		tenantNotice, _ := tess.Get("/api/contracts/" + id + "/signing").Body["notice"].(string)
		if !strings.Contains(landlordNotice, "1 December 2026") || !strings.Contains(landlordNotice, "Withdraw it to change the start date") ||
			!strings.Contains(tenantNotice, "cannot be signed now") {
			t.Fatalf("the page's notices: %q / %q", landlordNotice, tenantNotice)
		}
		for _, tc := range []struct {
			who, view string
			c         *apptest.Client
			notice    string
		}{
			{"landlord, awaiting", "awaiting", owner, landlordNotice},
			{"landlord, all", "all", owner, landlordNotice},
			{"tenant, awaiting", "awaiting", tess, tenantNotice},
		} {
			row := listed(t, tc.c, tc.view, id)
			if row["startDatePassed"] != true || row["notice"] != tc.notice {
				t.Errorf("%s: %v %q, want the page's %q", tc.who, row["startDatePassed"], row["notice"], tc.notice)
			}
			unmarked(tc.who+", starting later", listed(t, tc.c, tc.view, laterID))
		}
		if got := owner.Get("/api/contracts/" + id).Body["contract"].(map[string]any); got["startDatePassed"] != true || got["notice"] != landlordNotice {
			t.Errorf("the agreement: %v %q", got["startDatePassed"], got["notice"])
		}

		// Withdrawn to change it: a draft, no longer marked.
		if r := owner.Post("/api/contracts/"+id+"/withdraw", nil); r.Status != http.StatusOK {
			t.Fatalf("withdraw: %d %s", r.Status, r.Raw)
		}
		unmarked("withdrawn", listed(t, owner, "draft", id))
	})
}
