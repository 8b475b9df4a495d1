package notices_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// Two rent increases proposed together for one tenancy: one is prepared,
// the other told one already waits (409), every round; never two waiting.
// Both are decided with the tenancy's row locked: without the lock (tried
// by taking out lockTenancy's FOR UPDATE and its update of the row) both
// read "none waiting" on PostgreSQL and two were made, in round 5.
func TestTwoIncreasesProposedTogether(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		base := "/api/notices/tenancies/" + h.TenancyID + "/rent-increases"
		racetest.Rounds(t, 20, func(t *testing.T, round int) {
			res := racetest.Together(2, func(i int) apptest.Response {
				return h.Lord.Post(base, map[string]any{"newRentPence": 126000 + 1000*i})
			})
			made := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusCreated })
			refused := racetest.Count(res, func(r apptest.Response) bool {
				return r.Status == http.StatusConflict && r.ErrorCode() == "open_increase"
			})
			if made != 1 || refused != 1 {
				t.Fatalf("%d %s / %d %s", res[0].Status, res[0].Raw, res[1].Status, res[1].Raw)
			}
			waiting := 0
			for _, x := range increases(t, h.Lord, h.TenancyID) {
				if x.(map[string]any)["status"] == "draft" {
					waiting++
				}
			}
			if waiting != 1 {
				t.Fatalf("%d increases waiting", waiting)
			}
			for _, r := range res {
				if r.Status == http.StatusCreated {
					id := r.Body["increase"].(map[string]any)["id"].(string)
					if w := h.Lord.Post("/api/notices/rent-increases/"+id+"/withdraw", nil); w.Status != http.StatusOK {
						t.Fatalf("withdraw: %d %s", w.Status, w.Raw)
					}
				}
			}
		})
		if n := len(increases(t, h.Lord, h.TenancyID)); n != 20 {
			t.Errorf("%d increases for 20 rounds", n)
		}
	})
}

// A tenant accepts at the moment the landlord withdraws. The withdrawal
// always stands; the acceptance either came first (recorded, and the
// landlord told once) or is refused as withdrawn (nothing recorded,
// nothing sent). Without the row lock (tried as above) the acceptance,
// decided on the "served" it had read, wrote "served" back over the
// withdrawal on PostgreSQL, in round 5.
func TestAcceptWhileTheLandlordWithdraws(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := e.NewHousehold(nil)
		racetest.Rounds(t, 20, func(t *testing.T, round int) {
			id := propose(t, h, map[string]any{"newRentPence": 126000})["id"].(string)
			serve(t, h, id, map[string]any{"method": "hand", "servedOn": "2026-11-02"})
			e.RunJobs()
			before := subjects(t, e, "lara@example.com", "Rent increase accepted: ")
			res := racetest.Together(2, func(i int) apptest.Response {
				if i == 0 {
					return h.Tom.Post("/api/notices/rent-increases/"+id+"/accept", nil)
				}
				return h.Lord.Post("/api/notices/rent-increases/"+id+"/withdraw", nil)
			})
			if res[1].Status != http.StatusOK {
				t.Fatalf("withdraw: %d %s", res[1].Status, res[1].Raw)
			}
			accepted := res[0].Status == http.StatusOK
			if !accepted && (res[0].Status != http.StatusConflict || res[0].ErrorCode() != "not_served") {
				t.Fatalf("accept: %d %s", res[0].Status, res[0].Raw)
			}
			var final map[string]any
			for _, x := range increases(t, h.Lord, h.TenancyID) {
				if m := x.(map[string]any); m["id"] == id {
					final = m
				}
			}
			if final["status"] != "withdrawn" {
				t.Fatalf("the increase ends %v after the withdrawal succeeded", final["status"])
			}
			if got := len(final["acceptances"].([]any)); (got == 1) != accepted {
				t.Fatalf("%d acceptances recorded, the acceptance answered %d", got, res[0].Status)
			}
			e.RunJobs()
			want := 0
			if accepted {
				want = 1
			}
			if d := subjects(t, e, "lara@example.com", "Rent increase accepted: ") - before; d != want {
				t.Fatalf("the landlord was told of %d acceptances, want %d", d, want)
			}
		})
	})
}
