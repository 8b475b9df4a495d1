package contract_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/contract"
)

// sentToTenants is an agreement for Tom and Tess (and guarantor Gus) that
// the landlord has signed and sent, with an EPC, an EICR and the deposit
// protection certificate shared.
func sentToTenants(t *testing.T, e *apptest.Env) (owner *apptest.Client, id string) {
	t.Helper()
	owner, pid := landlordWithProperty(t, e, "lord@example.com")
	addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": "2020-01-10", "epcRating": "C"})
	addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"})
	addCertificate(t, owner, map[string]any{"propertyId": pid, "type": "deposit-protection", "issuedOn": "2026-11-01", "expiresOn": "2027-12-01"})
	id = newDraft(t, owner, pid)["id"].(string)
	finish(t, owner, id, answers())
	pay(t, owner, id)
	verify(t, e, owner, "lord@example.com", id)
	if r := owner.Sign("/api/contracts/"+id, typed("Lara Lord")); r.Status != 200 {
		t.Fatalf("landlord signs: %d %s", r.Status, r.Raw)
	}
	return owner, id
}

func tenancies(r apptest.Response) []any {
	list, _ := r.Body["tenancies"].([]any)
	return list
}

// Issue 27: GET /api/me/home, per role. The tenant of the agreement sees
// it; another tenant sees an empty home; landlords (owner or not) and an
// admin with a landlord account are told it is a tenant's page; a visitor
// must sign in.
func TestTenantHomePermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		owner, id := sentToTenants(t, e)
		other := e.SignedIn("olive@example.com", "Secret#123", "Tenant")
		otherLandlord := e.SignedIn("lenny@example.com", "Secret#123", "Landlord")
		admin := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		adminTenant := e.SignedIn("root@example.com", "Secret#123", "Tenant")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "root@example.com"); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name      string
			c         *apptest.Client
			status    int
			tenancies int
		}{
			{"owner landlord", owner, http.StatusForbidden, 0},
			{"other landlord", otherLandlord, http.StatusForbidden, 0},
			{"tenant of the agreement", tom, http.StatusOK, 1},
			{"another tenant", other, http.StatusOK, 0},
			{"stranger", e.NewClient(), http.StatusUnauthorized, 0},
			{"admin (landlord account)", admin, http.StatusForbidden, 0},
			{"admin (tenant account, not a party)", adminTenant, http.StatusOK, 0},
		}
		for _, tc := range cases {
			r := tc.c.Get("/api/me/home")
			if r.Status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.name, r.Status, r.Raw, tc.status)
				continue
			}
			if r.Status == http.StatusForbidden && r.ErrorMessage() != contract.MsgTenantsOnly {
				t.Errorf("%s: message %q", tc.name, r.ErrorMessage())
			}
			if r.Status == http.StatusOK && len(tenancies(r)) != tc.tenancies {
				t.Errorf("%s: %d tenancies, want %d (%s)", tc.name, len(tenancies(r)), tc.tenancies, r.Raw)
			}
		}
		// What the tenant of the agreement sees.
		r := tom.Get("/api/me/home")
		tn := tenancies(r)[0].(map[string]any)
		if tn["id"] != id || tn["awaitingYourSignature"] != true || tn["canSignNow"] != true || tn["statusText"] != "Awaiting signatures" {
			t.Errorf("tenancy: %v", tn)
		}
		if !strings.Contains(tn["signLink"].(string), "mode=sign") || tn["rent"] != "£1,500.00 a month" {
			t.Errorf("links or rent: %v %v", tn["signLink"], tn["rent"])
		}
		ll := tn["landlord"].(map[string]any)
		if ll["name"] != "Lara Lord" || ll["email"] != "lord@example.com" || !strings.Contains(ll["addressForNotices"].(string), "1 Office Row") {
			t.Errorf("landlord: %v", ll)
		}
		papers := map[string]map[string]any{}
		for _, p := range tn["certificates"].([]any) {
			pm := p.(map[string]any)
			papers[pm["name"].(string)] = pm
		}
		for name, missing := range map[string]bool{"Energy Performance Certificate": false, "Electrical Installation Condition Report": false,
			"Deposit protection certificate": false, "Prescribed information": true} {
			p, ok := papers[name]
			if !ok {
				t.Errorf("%s not listed: %v", name, papers)
				continue
			}
			if p["missing"] != missing {
				t.Errorf("%s missing = %v, want %v", name, p["missing"], missing)
			}
			if !missing {
				url := p["copies"].([]any)[0].(map[string]any)["url"].(string)
				if d := tom.Get(url); d.Status != http.StatusOK {
					t.Errorf("%s download by the tenant: %d", name, d.Status)
				}
				if d := other.Get(url); d.Status != http.StatusNotFound {
					t.Errorf("%s download by another tenant: %d, want 404", name, d.Status)
				}
			}
		}
		dates := map[string]string{}
		for _, d := range r.Body["dates"].([]any) {
			dm := d.(map[string]any)
			dates[dm["title"].(string)] = dm["date"].(string)
		}
		if dates["Tenancy starts"] != "2026-12-01" {
			t.Errorf("dates: %v", dates)
		}
	})
}

// Issue 27: joint tenants see each other's signing progress (who has
// signed, and when) by name, never each other's e-mail address, on the
// home, the signing state and the agreement's answers; the landlord sees
// every party's address.
func TestJointTenantsSeeProgressNotPrivateData(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		tom := e.SignedIn("tom@example.com", "Secret#123", "Tenant")
		tess := e.SignedIn("tess@example.com", "Secret#123", "Tenant")
		owner, id := sentToTenants(t, e)
		verify(t, e, tess, "tess@example.com", id)
		if r := tess.Sign("/api/contracts/"+id, typed("Tess Tenant")); r.Status != 200 {
			t.Fatalf("tess signs: %d %s", r.Status, r.Raw)
		}
		home := tom.Get("/api/me/home")
		signers := tenancies(home)[0].(map[string]any)["signers"].([]any)
		var sawTess bool
		for _, s := range signers {
			sm := s.(map[string]any)
			if sm["name"] == "Tess Tenant" {
				sawTess = true
				if sm["signed"] != true || sm["signedAt"] == nil || sm["me"] != false {
					t.Errorf("Tess's progress: %v", sm)
				}
			}
			if sm["name"] == "Tom Tenant" && (sm["me"] != true || sm["signed"] != false) {
				t.Errorf("Tom's own line: %v", sm)
			}
		}
		if !sawTess {
			t.Errorf("co-tenant missing: %v", signers)
		}
		for path, c := range map[string]*apptest.Client{"/api/me/home": tom, "/api/contracts/" + id + "/signing": tom, "/api/contracts/" + id: tom} {
			r := c.Get(path)
			if r.Status != 200 {
				t.Fatalf("%s: %d", path, r.Status)
			}
			for _, addr := range []string{"tess@example.com", "gus@example.com"} {
				if strings.Contains(string(r.Raw), addr) {
					t.Errorf("%s shows Tom the e-mail %s: %s", path, addr, r.Raw)
				}
			}
		}
		st := tom.Get("/api/contracts/" + id + "/signing")
		for _, s := range st.Body["signers"].([]any) {
			sm := s.(map[string]any)
			if sm["name"] == "Tess Tenant" && sm["signed"] != true {
				t.Errorf("signing state hides Tess's progress: %v", sm)
			}
			if sm["me"] == true && sm["email"] != "tom@example.com" {
				t.Errorf("Tom's own e-mail hidden from him: %v", sm)
			}
		}
		// The landlord still sees every party.
		ls := owner.Get("/api/contracts/" + id + "/signing")
		if !strings.Contains(string(ls.Raw), "tess@example.com") || !strings.Contains(string(owner.Get("/api/contracts/"+id).Raw), "gus@example.com") {
			t.Errorf("the landlord lost the parties' addresses: %s", ls.Raw)
		}
	})
}

func TestNextRentDay(t *testing.T) {
	for _, tc := range []struct{ first, period, today, want string }{
		{"2026-12-01", "monthly", "2026-11-26", "2026-12-01"},
		{"2026-01-31", "monthly", "2026-02-01", "2026-02-28"},
		{"2026-01-31", "monthly", "2026-03-01", "2026-03-31"},
		{"2026-11-02", "weekly", "2026-11-26", "2026-11-30"},
		{"2026-11-26", "weekly", "2026-11-26", "2026-11-26"},
		{"", "monthly", "2026-11-26", ""},
	} {
		if got := contract.NextRentDay(tc.first, tc.period, tc.today); got != tc.want {
			t.Errorf("NextRentDay(%s, %s, %s) = %s, want %s", tc.first, tc.period, tc.today, got, tc.want)
		}
	}
}
