package deposit_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// The landlord edits a deduction at the moment a tenant answers the
// revision both read. The edit always stands (revision + 1); the answer
// either came first (recorded for the old revision, and no longer counted)
// or is refused with 409 and the edited line. Never an answer counted for
// a line the tenant did not see.
func TestEditWhileTheTenantAnswers(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		id := addLine(t, h, carpet)["id"].(string)
		first, refused := 0, 0
		racetest.Rounds(t, 20, func(t *testing.T, round int) {
			rev := round
			edit := map[string]any{"revision": rev, "reason": "damage", "costPence": 20000 + 100*round, "itemType": "carpet", "ageMonths": 60}
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return answer(h.Tom, id, rev, "agree", "")
				}
				return h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+id, edit)
			})
			if res[1].Status != http.StatusOK || res[1].Body["line"].(map[string]any)["revision"].(float64) != float64(rev+1) {
				t.Fatalf("edit: %d %s", res[1].Status, res[1].Raw)
			}
			switch {
			case res[0].Status == http.StatusOK && res[0].Body["line"].(map[string]any)["revision"].(float64) == float64(rev):
				first++
			case res[0].Status == http.StatusConflict && res[0].ErrorCode() == "changed" &&
				res[0].Body["line"].(map[string]any)["revision"].(float64) == float64(rev+1):
				refused++
			default:
				t.Fatalf("answer: %d %s", res[0].Status, res[0].Raw)
			}
			l := deductions(t, h.Tom, h.TenancyID)["lines"].([]any)[0].(map[string]any)
			if l["revision"].(float64) != float64(rev+1) || len(l["answers"].([]any)) != 0 || l["state"] != "waiting" {
				t.Fatalf("after round %d: %v", round, l)
			}
		})
		t.Logf("answered first %d, refused %d", first, refused)
	})
}
