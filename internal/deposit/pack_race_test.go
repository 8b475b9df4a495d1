package deposit_test

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// The landlord and both tenants ask for the pack of a new state at the
// same moment: one pack is sealed for it, and all three get the same file
// (the sealed documents' unique version decides; the losers' files are
// removed and the winner's answered).
func TestRacePackAskedTogether(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		id := addLine(t, h, carpet)["id"].(string)
		racetest.Rounds(t, 8, func(t *testing.T, round int) {
			if r := answer(h.Tom, id, 1, "dispute", fmt.Sprintf("Worn already (round %d).", round)); r.Status != http.StatusOK {
				t.Fatalf("dispute: %d %s", r.Status, r.Raw)
			}
			got := racetest.Together(3, func(i int) []byte {
				c := []*apptest.Client{h.Lord, h.Tom, h.Tess}[i]
				st, b, _ := downloadPack(t, c, h.TenancyID)
				if st != http.StatusOK {
					t.Errorf("pack %d: %d %s", i, st, b)
				}
				return b
			})
			if !bytes.Equal(got[0], got[1]) || !bytes.Equal(got[1], got[2]) {
				t.Fatal("one state, two packs")
			}
		})
	})
}
