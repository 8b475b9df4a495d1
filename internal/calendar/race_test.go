package calendar_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// The owner renames a weekly series in one tab while deleting one of its
// occurrences in another, at the same time. Whichever comes first, the
// series has its new title and the occurrence stays deleted (the times did
// not change, so the rename keeps single-occurrence changes). Before the
// fix both read the event without locking its row (PostgreSQL) and each
// wrote the whole row back: the occurrence's change, committed second,
// put back the title it had read, and the rename the owner had been shown
// was lost. The unfixed code failed in round 2 on PostgreSQL.
func TestRenameWhileDeletingAnOccurrence(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("race@example.com", "Secret#123", "Landlord")
		racetest.Rounds(t, 30, func(t *testing.T, round int) {
			id := create(t, c, nil)["id"].(string)
			renamed := event(map[string]any{"title": "Second viewing at 12 Oak Road"})
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return c.Do(http.MethodPut, "/api/calendar/events/"+id, renamed)
				}
				return c.Do(http.MethodDelete, "/api/calendar/events/"+id+"/occurrences/2026-11-12T09:00", nil)
			})
			for i, r := range res {
				if r.Status != http.StatusOK {
					t.Fatalf("request %d: %d %s", i, r.Status, r.Raw)
				}
			}
			ev := c.Get("/api/calendar/events/" + id).Body["event"].(map[string]any)
			if ev["title"] != renamed["title"] {
				t.Fatalf("after the rename and the occurrence's delete the series is called %q: the rename was lost", ev["title"])
			}
			if x := ev["exceptions"].([]any); len(x) != 1 || x[0].(map[string]any)["deleted"] != true {
				t.Fatalf("the deleted occurrence came back: %v", x)
			}
		})
	})
}
