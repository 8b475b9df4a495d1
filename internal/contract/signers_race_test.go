package contract_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/signing"
)

// Two tenants send eight signatures each at the same instant (double
// clicks, two tabs, retries). Each tenant's signature counts once (200), every
// other answer is 409 already_signed or not_awaiting, and none is a
// failure. Before the fix the signature's transaction read the signer's
// code verification on the pool (signing.Service.Verified) while it held
// SQLite's write lock: the pool's other connections were held by requests
// waiting for that lock, so the holder waited for them until SQLite's busy
// timeout failed them with 500 SQLITE_BUSY (after 10 s). The unfixed code
// failed in round 3 of 6 on SQLite (with four signatures each it passed
// 6 rounds in process; the outside probe saw 12 of 64 fail); PostgreSQL,
// with row locks and a larger pool, passed.
func TestManySignaturesAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		p := newJointParties(t, e)
		owner, tom, tess := p.owner, p.tom, p.tess
		racetest.Rounds(t, 6, func(t *testing.T, round int) {
			id := p.twoTenantsToSign(t, e)
			base := "/api/contracts/" + id
			hash := tom.Get(base + "/signing").Body["documentHash"]
			tenants := []*apptest.Client{tom, tess}
			const each = 8
			res := racetest.Together(2*each, func(i int) apptest.Response {
				return tenants[i%2].Post(base+"/signing/sign", map[string]any{"method": "type", "typed": "A Tenant", "documentHash": hash})
			})
			for who := range tenants {
				ok := 0
				for i := who; i < len(res); i += 2 {
					switch r := res[i]; {
					case r.Status == 200:
						ok++
					case r.Status == 409 && (r.ErrorCode() == "already_signed" || r.ErrorCode() == "not_awaiting"):
					default:
						t.Fatalf("tenant %d, request %d: %d %s", who, i, r.Status, r.Raw)
					}
				}
				if ok != 1 {
					t.Fatalf("tenant %d: %d signatures accepted, want 1", who, ok)
				}
			}
			if n := racetest.Count(res, func(r apptest.Response) bool { return r.Body["completed"] == true }); n != 1 {
				t.Fatalf("%d answers say completed, want 1", n)
			}
			if st := owner.Get(base).Body["contract"].(map[string]any)["status"]; st != string(contract.ADS) {
				t.Fatalf("status %v, want ADS", st)
			}
			env, err := e.App.Signing.Envelope(context.Background(), signing.Ref{Kind: contract.Kind, ID: id})
			if err != nil || !env.Complete() {
				t.Fatalf("envelope complete %v (%v)", env.Complete(), err)
			}
			e.RunJobs() // the seal, so the next round's code is the newest e-mail
		})
	})
}
