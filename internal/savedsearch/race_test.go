package savedsearch_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/savedsearch"
)

// A user one short of the limit saves two searches at once (two tabs).
// Whichever comes first, one is saved and the other refused: the user
// keeps MaxPerUser searches, never more. Before the fix both counted the
// user's searches in their own transaction (PostgreSQL), both saw one
// short, and both were saved. The unfixed code failed in round 2 on
// PostgreSQL.
func TestTwoSavesAtTheLimit(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			c := e.SignedIn(fmt.Sprintf("limit%d@example.com", round), password, "Tenant")
			for i := range savedsearch.MaxPerUser - 1 {
				save(t, c, fmt.Sprintf("Search %d", i), "searchArea=SW11")
			}
			res := racetest.Together(2, func(i int) apptest.Response {
				return c.Post("/api/saved-searches", map[string]any{"name": fmt.Sprintf("Tab %d", i), "query": "searchArea=SW11"})
			})
			saved := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusCreated })
			refused := racetest.Count(res, func(r apptest.Response) bool { return r.ErrorMessage() == savedsearch.MsgTooMany })
			if saved != 1 || refused != 1 {
				t.Fatalf("want one saved and one refused: %d %s / %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			if list := c.Get("/api/saved-searches").Body["savedSearches"].([]any); len(list) != savedsearch.MaxPerUser {
				t.Fatalf("the user keeps %d saved searches, want at most %d", len(list), savedsearch.MaxPerUser)
			}
		})
	})
}

// The user presses "e-mails on" (already on: a page left open in another
// tab) while the daily sweep e-mails a new listing. Whichever comes first,
// the listing is e-mailed once and the next day's e-mail does not repeat
// it. The presses repeat until the sweep ends, so one of them meets the
// sweep's transaction. Before the fix the switch read the search without
// locking its row (PostgreSQL) and wrote back the time of the last e-mail
// it had read, undoing the sweep's, so the next sweep sent the same
// listing again. The unfixed code failed in round 1 on PostgreSQL.
func TestEmailsOnWhileSweeping(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			landlord := e.SignedIn(fmt.Sprintf("lan%d@example.com", round), password, "Landlord")
			to := fmt.Sprintf("sweep%d@example.com", round)
			c := e.SignedIn(to, password, "Tenant")
			id := save(t, c, "", "searchArea=SW11")["id"].(string)
			e.Clock.Advance(time.Minute)
			publish(t, landlord, "SW11 1AA", 185_000, "Monthly")
			e.Clock.Advance(time.Minute)
			swept := make(chan struct{})
			res := racetest.Together(2, func(i int) error {
				if i == 1 {
					defer close(swept)
					return e.App.SavedSearches.Sweep(context.Background())
				}
				for {
					if r := c.Do(http.MethodPut, "/api/saved-searches/"+id+"/emails", map[string]any{"on": true}); r.Status != http.StatusOK {
						return fmt.Errorf("e-mails on: %d %s", r.Status, r.Raw)
					}
					select {
					case <-swept:
						return nil
					default:
					}
				}
			})
			for _, err := range res {
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := outbox(t, e, to); len(got) != 1 {
				t.Fatalf("%d e-mails after the sweep, want 1", len(got))
			}
			e.Clock.Advance(24 * time.Hour)
			if err := e.App.SavedSearches.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := outbox(t, e, to); len(got) != 1 {
				t.Fatalf("the next day's sweep e-mailed the same listing again (%d e-mails)", len(got))
			}
		})
	})
}
