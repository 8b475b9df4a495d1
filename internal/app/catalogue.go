package app

import (
	"net/http"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// catalogue answers GET /api/catalogue: what is on sale at what price (as
// each area registered it with payment) and the limits the pages state
// before the server would refuse (upload sizes, photos per property,
// renters per check). The browser reads these instead of keeping copies, so
// a price or limit changes in one place.
func (a *App) catalogue(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "public, max-age=300")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"products": a.Payments.Catalogue(),
		"uploads": map[string]any{
			"imageMaxBytes":     imaging.DefaultMaxBytes,
			"imageMaxPixels":    imaging.DefaultMaxPixels,
			"imageTypes":        []string{"image/png", "image/jpeg"},
			"photosPerProperty": photo.MaxPerProperty,
		},
		// The EPC minimum for letting and the exemptions a listing below it
		// may name (internal/property/data/epc-exemptions.yaml).
		"epc": map[string]any{
			"minRating":  property.EPC.MinRating,
			"exemptions": property.EPC.Exemptions,
		},
		"referenceCheck": map[string]any{
			"maxRenters": refcheck.MaxRenters,
			"product":    refcheck.InstantCheck,
		},
	})
}
