package apptest

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// The permission tables of the areas built on a household (notices,
// deposits): every endpoint asked by the parties (the owner, each joint
// tenant) and by everyone who is not one (another tenant, another
// landlord, a stranger without a session, and an admin on each kind of
// account), each answer checked.

// Actor is one row of a permission table.
type Actor struct {
	Name string
	C    *Client
}

// An expectation is the answer an actor must get: its status, and for an
// error its code after a space ("200", "404 not_found").

// Cast is the household's parties ("owner", "tenant", "joint tenant") and
// the outsiders ("another tenant", "another landlord", "stranger", "admin
// (landlord account)", "admin (tenant account)"), the admins promoted.
func (e *Env) Cast(t testing.TB, h Household) []Actor {
	t.Helper()
	out := []Actor{
		{"tenant", h.Tom}, {"joint tenant", h.Tess},
		{"another tenant", e.SignedIn("olive@example.com", Password, "Tenant")},
		{"another landlord", e.SignedIn("lenny@example.com", Password, "Landlord")},
		{"stranger", e.NewClient()},
		{"admin (landlord account)", e.SignedIn("boss@example.com", Password, "Landlord")},
		{"admin (tenant account)", e.SignedIn("root@example.com", Password, "Tenant")},
		{"owner", h.Lord},
	}
	for _, a := range []string{"boss@example.com", "root@example.com"} {
		if err := e.App.Auth.PromoteToAdmin(context.Background(), a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Outsiders is what everyone but the parties gets from a household's
// records: told they do not exist, a stranger asked to sign in; m adds the
// parties' answers (or overrides).
func Outsiders(m map[string]string) map[string]string {
	out := map[string]string{"another tenant": "404 not_found", "another landlord": "404 not_found", "stranger": "401 unauthenticated",
		"admin (landlord account)": "404 not_found", "admin (tenant account)": "404 not_found"}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Endpoint is one row of requests in a permission table.
type Endpoint struct {
	Name   string
	Do     func(c *Client) Response
	Expect map[string]string // actor: expectation
}

// CheckPermissions asks every endpoint as every actor, in order, and
// reports each answer that is not the one expected (a missing expectation
// is a fault of the table). check, when not nil, looks further at each answer.
func CheckPermissions(t testing.TB, actors []Actor, eps []Endpoint, check func(ep Endpoint, a Actor, r Response)) {
	t.Helper()
	for _, ep := range eps {
		for _, a := range actors {
			w, ok := ep.Expect[a.Name]
			if !ok {
				t.Fatalf("%s: no expectation for %s", ep.Name, a.Name)
			}
			r := ep.Do(a.C)
			status, code, _ := strings.Cut(w, " ")
			if strconv.Itoa(r.Status) != status || (code != "" && r.ErrorCode() != code) {
				t.Errorf("%s as %s: %d %.300s, want %s", ep.Name, a.Name, r.Status, r.Raw, w)
			}
			if check != nil {
				check(ep, a, r)
			}
		}
	}
}
