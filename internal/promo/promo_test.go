package promo_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/promo"
)

func admin(t *testing.T, e *apptest.Env) *apptest.Client {
	t.Helper()
	c := e.SignedIn("boss@example.com", "Secret#123", "Landlord")
	if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
		t.Fatal(err)
	}
	return c
}

var half = map[string]any{"code": "Half50", "active": true, "discount": 50, "startDate": "2026-11-01", "endDate": "2026-12-31"}

func TestOnlyAdminsManageCodes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		landlord := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		for _, tc := range []struct {
			c    *apptest.Client
			want int
		}{{e.NewClient(), 401}, {landlord, 403}} {
			for _, call := range []struct {
				method, path string
				body         any
			}{
				{"GET", "/api/admin/promo-codes", nil}, {"POST", "/api/admin/promo-codes", half},
				{"PUT", "/api/admin/promo-codes/x", half}, {"DELETE", "/api/admin/promo-codes/x", nil},
			} {
				if r := tc.c.Do(call.method, call.path, call.body); r.Status != tc.want {
					t.Errorf("%s %s: %d, want %d", call.method, call.path, r.Status, tc.want)
				}
			}
		}
		if r := admin(t, e).Get("/api/admin/promo-codes"); r.Status != 200 || len(r.Body["codes"].([]any)) != 0 {
			t.Fatalf("admin list: %d %s", r.Status, r.Raw)
		}
	})
}

func with(k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range half {
		out[key] = val
	}
	out[k] = v
	return out
}

func TestCreateUpdateDelete(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := admin(t, e)
		for _, tc := range []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{with("code", "  "), "code", promo.MsgCodeRequired},
			{with("startDate", ""), "startDate", promo.MsgStartRequired},
			{with("endDate", ""), "endDate", promo.MsgEndInvalid},
			{with("endDate", "2026-10-01"), "endDate", promo.MsgEndInvalid},
			{with("discount", 0), "discount", promo.MsgDiscount},
			{with("discount", 101), "discount", promo.MsgDiscount},
		} {
			r := a.Post("/api/admin/promo-codes", tc.body)
			if r.Status != http.StatusBadRequest || r.FieldError(tc.field) != tc.msg {
				t.Errorf("%v: %d %s", tc.body, r.Status, r.Raw)
			}
		}
		r := a.Post("/api/admin/promo-codes", with("startDate", "2026-11-01T00:00:00.000Z"))
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		created := r.Body["code"].(map[string]any)
		if created["startDate"] != "2026-11-01" || created["code"] != "Half50" {
			t.Fatalf("created: %v", created)
		}
		if r := a.Post("/api/admin/promo-codes", with("code", "HALF50")); r.Status != http.StatusConflict || r.ErrorMessage() != promo.MsgCodeTaken {
			t.Fatalf("same code in capitals: %d %s", r.Status, r.Raw)
		}
		id := created["id"].(string)
		r = a.Do("PUT", "/api/admin/promo-codes/"+id, with("discount", 25))
		if r.Status != 200 || r.Body["code"].(map[string]any)["discount"] != 25.0 {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		other := a.Post("/api/admin/promo-codes", with("code", "OTHER")).Body["code"].(map[string]any)["id"].(string)
		if r := a.Do("PUT", "/api/admin/promo-codes/"+other, with("code", "half50")); r.Status != http.StatusConflict {
			t.Fatalf("rename onto an existing code: %d %s", r.Status, r.Raw)
		}
		if r := a.Do("DELETE", "/api/admin/promo-codes/"+id, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d", r.Status)
		}
		if r := a.Do("DELETE", "/api/admin/promo-codes/"+id, nil); r.Status != http.StatusNotFound {
			t.Fatalf("delete again: %d", r.Status)
		}
		if codes := a.Get("/api/admin/promo-codes").Body["codes"].([]any); len(codes) != 1 {
			t.Fatalf("left: %v", codes)
		}
	})
}

func TestCheck(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := admin(t, e)
		a.Post("/api/admin/promo-codes", half)
		a.Post("/api/admin/promo-codes", map[string]any{"code": "OFF", "active": false, "discount": 10, "startDate": "2026-01-01", "endDate": "2026-12-31"})
		a.Post("/api/admin/promo-codes", map[string]any{"code": "SPRING", "active": true, "discount": 10, "startDate": "2027-03-01", "endDate": "2027-05-31"})
		a.Post("/api/admin/promo-codes", map[string]any{"code": "OLD", "active": true, "discount": 10, "startDate": "2025-01-01", "endDate": "2026-11-01"})
		ctx := context.Background()
		svc := e.App.Promos
		// The test clock is 2 November 2026, 09:00 UTC.
		for _, tc := range []struct {
			code  string
			valid bool
			msg   string
		}{
			{"half50", true, ""}, {" HALF50 ", true, ""},
			{"off", false, promo.MsgInactive}, {"spring", false, promo.MsgNotYet}, {"old", false, promo.MsgExpired},
		} {
			c, err := svc.Check(ctx, tc.code)
			if err != nil || c.IsValid != tc.valid || c.Message != tc.msg {
				t.Errorf("%q: %+v %v", tc.code, c, err)
			}
		}
		if _, err := svc.Check(ctx, "NOPE"); apperr.KindOf(err) != apperr.NotFound || err.(*apperr.Error).Message != promo.MsgInvalidCode {
			t.Errorf("unknown code: %v", err)
		}
		// The end date is a whole UK day: still usable at 23:30 London time on it.
		e.Clock.Set(time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC))
		if c, _ := svc.Check(ctx, "HALF50"); !c.IsValid {
			t.Errorf("last evening of the end date: %+v", c)
		}
		e.Clock.Set(time.Date(2027, 1, 1, 0, 30, 0, 0, time.UTC))
		if c, _ := svc.Check(ctx, "HALF50"); c.IsValid {
			t.Errorf("the day after the end date: %+v", c)
		}
	})
}

// The promo service itself refuses anyone but an admin, whoever calls it
// (not only the route's check): visitor 401, landlord and tenant 403.
func TestPromoServiceChecksTheActor(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		in := promo.Input{Code: "Svc10", Active: true, Discount: 10, StartDate: "2026-11-01", EndDate: "2026-12-31"}
		for _, tc := range apptest.NonAdmins {
			if _, err := e.App.Promos.Create(ctx, tc.Actor, in); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s create: %v", tc.Name, err)
			}
			if _, err := e.App.Promos.List(ctx, tc.Actor); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s list: %v", tc.Name, err)
			}
			if _, err := e.App.Promos.Update(ctx, tc.Actor, "x", in); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s update: %v", tc.Name, err)
			}
			if err := e.App.Promos.Delete(ctx, tc.Actor, "x"); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s delete: %v", tc.Name, err)
			}
		}
		boss := apptest.Admin
		c, err := e.App.Promos.Create(ctx, boss, in)
		if err != nil {
			t.Fatal(err)
		}
		if list, err := e.App.Promos.List(ctx, boss); err != nil || len(list) != 1 {
			t.Fatalf("admin list: %v %v", list, err)
		}
		if err := e.App.Promos.Delete(ctx, boss, c.ID); err != nil {
			t.Fatal(err)
		}
	})
}
