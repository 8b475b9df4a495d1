package wallet_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/wallet"
)

// Who may do what with a landlord's books: the owner everything; another
// landlord and an admin nothing of theirs (404, as if it did not exist);
// a tenant, even the one who paid the rent, no wallet at all (403); a
// visitor is asked to sign in (401).
func TestWhoMayUseTheWallet(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, p := landlord(t, e, "lord@example.com", 1)
		tr := add(t, owner, entry("income", p[0], "Rent", 150000, "2026-10-01", "party", map[string]any{"type": "tenant", "person": "Tom Tenant"}))
		id := tr["id"].(string)
		if r := upload(t, owner, "/api/wallet/transactions/"+id+"/invoice", "r.png", "image/png", imagingtest.PNG(t, 20, 20)); r.Status != 200 {
			t.Fatalf("invoice: %d %s", r.Status, r.Raw)
		}
		other, op := landlord(t, e, "other@example.com", 1)
		tenant := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		admin := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		actors := []struct {
			name   string
			c      *apptest.Client
			record int // status for the owner's entry
			own    int // status for the actor's own wallet
		}{
			{"owner", owner, 200, 200},
			{"other landlord", other, 404, 200},
			{"tenant of the record", tenant, 403, 403},
			{"admin", admin, 404, 200},
			{"visitor", e.NewClient(), 401, 401},
		}
		edit := entry("income", p[0], "Rent", 160000, "2026-10-01")
		for _, a := range actors {
			// The edit names the entry's current revision (an old one is a
			// conflict, not a permission answer).
			edit["revision"] = owner.Get("/api/wallet/transactions/" + id).Body["transaction"].(map[string]any)["revision"]
			checks := []struct {
				what string
				r    apptest.Response
				want int
			}{
				{"get", a.c.Get("/api/wallet/transactions/" + id), a.record},
				{"update", a.c.Do(http.MethodPut, "/api/wallet/transactions/"+id, edit), a.record},
				{"invoice", a.c.Get("/api/wallet/transactions/" + id + "/invoice"), a.record},
				{"replace invoice", upload(t, a.c, "/api/wallet/transactions/"+id+"/invoice", "r.png", "image/png", imagingtest.PNG(t, 20, 20)), a.record},
				{"list", a.c.Get("/api/wallet/transactions"), a.own},
				{"overview", a.c.Get("/api/wallet/overview?period=1Y"), a.own},
				{"properties", a.c.Get("/api/wallet/properties"), a.own},
				{"categories", a.c.Get("/api/wallet/categories"), a.own},
				{"tax year", a.c.Get("/api/wallet/tax-year"), a.own},
				{"csv", a.c.Get("/api/wallet/export/transactions.csv"), a.own},
				{"add to the owner's property", a.c.Post("/api/wallet/transactions", entry("expense", p[0], "Insurance", 100, "2026-10-02")),
					map[int]int{200: 404, 401: 401, 403: 403}[a.own]},
			}
			if a.name == "owner" {
				checks[len(checks)-1].want = 201
			}
			for _, ch := range checks {
				if ch.r.Status != ch.want {
					t.Errorf("%s, %s: %d, want %d (%s)", a.name, ch.what, ch.r.Status, ch.want, ch.r.Raw)
				}
			}
			if a.own == 200 && a.name != "owner" {
				// Their own wallet holds nothing of the owner's.
				if r := a.c.Get("/api/wallet/transactions"); num(r.Body["total"]) != 0 {
					t.Errorf("%s sees entries: %s", a.name, r.Raw)
				}
				if r := a.c.Get("/api/wallet/export/transactions.csv"); strings.Contains(r.Raw, "Lavender") || strings.Count(r.Raw, "\n") != 1 {
					t.Errorf("%s's CSV: %q", a.name, r.Raw)
				}
				if r := a.c.Get("/api/wallet/overview?period=1Y"); revenue(r.Body) != 0 {
					t.Errorf("%s's overview: %s", a.name, r.Raw)
				}
			}
			if a.name == "tenant of the record" {
				if r := a.c.Get("/api/wallet/overview"); r.ErrorMessage() != wallet.MsgLandlordsOnly {
					t.Errorf("tenant message: %s", r.Raw)
				}
			}
		}
		// Another landlord cannot put an entry on their property into the owner's books, nor the owner on theirs.
		if r := owner.Post("/api/wallet/transactions", entry("expense", op[0], "Insurance", 100, "2026-10-02")); r.Status != 404 {
			t.Errorf("owner on another's property: %d", r.Status)
		}
		for _, a := range actors[1:] {
			if r := a.c.Do(http.MethodDelete, "/api/wallet/transactions/"+id, nil); r.Status != a.record {
				t.Errorf("%s deletes: %d", a.name, r.Status)
			}
		}
		if r := owner.Get("/api/wallet/transactions/" + id); num(obj(r.Body["transaction"])["amountPence"]) != 160000 {
			t.Errorf("the owner's edit: %s", r.Raw)
		}
		if r := owner.Do(http.MethodDelete, "/api/wallet/transactions/"+id, nil); r.Status != 204 {
			t.Errorf("owner deletes: %d", r.Status)
		}
		// The service decides, whoever calls it.
		if _, err := e.App.Wallet.Overview(context.Background(), session.Actor{UserID: "x", UserType: session.Tenant}, "1M", ""); err == nil {
			t.Error("the service let a tenant in")
		}
	})
}
