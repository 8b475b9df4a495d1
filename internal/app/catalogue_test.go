package app_test

import (
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/refcheck"
)

// The catalogue is what the areas registered and the limits they enforce,
// served to anyone: the pages read prices and limits from it.
func TestCatalogue(t *testing.T) {
	t.Parallel()
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	r := e.NewClient().Get("/api/catalogue")
	if r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	products := r.Body["products"].([]any)
	want := map[string]payment.Price{string(refcheck.InstantCheck): refcheck.InstantCheckPrice, string(contract.Product): contract.Price, string(inventory.Product): inventory.Price}
	found := 0
	for _, p := range products {
		p := p.(map[string]any)
		if w, ok := want[p["product"].(string)]; ok && p["pence"] == float64(w.Pence) && p["wasPence"] == float64(w.WasPence) && p["name"] == w.Name {
			found++
		}
	}
	if found != len(want) || len(products) != len(want) {
		t.Fatalf("products: %v (only what an area registered, at its price)", products)
	}
	up := r.Body["uploads"].(map[string]any)
	if up["imageMaxBytes"] != float64(imaging.DefaultMaxBytes) || up["imageMaxPixels"] != float64(imaging.DefaultMaxPixels) ||
		up["photosPerProperty"] != float64(photo.MaxPerProperty) {
		t.Fatalf("uploads: %v", up)
	}
	if rc := r.Body["referenceCheck"].(map[string]any); rc["maxRenters"] != float64(refcheck.MaxRenters) {
		t.Fatalf("referenceCheck: %v", rc)
	}
}
