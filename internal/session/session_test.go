package session_test

import (
	"errors"
	"testing"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/session"
)

// RequireLandlord: a landlord may act, a visitor is asked to sign in, a
// tenant (or an admin account that is not a landlord) is refused with the
// area's own words.
func TestRequireLandlord(t *testing.T) {
	const msg = "Only landlords can use the wallet."
	for _, tc := range []struct {
		name string
		a    session.Actor
		want apperr.Kind
	}{
		{"landlord", session.Actor{UserID: "l", UserType: session.Landlord, Role: session.RoleUser}, ""},
		{"landlord admin", session.Actor{UserID: "la", UserType: session.Landlord, Role: session.RoleAdmin}, ""},
		{"tenant", session.Actor{UserID: "t", UserType: session.Tenant, Role: session.RoleUser}, apperr.Forbidden},
		{"tenant admin", session.Actor{UserID: "ta", UserType: session.Tenant, Role: session.RoleAdmin}, apperr.Forbidden},
		{"visitor", session.Actor{}, apperr.Unauthenticated},
	} {
		err := tc.a.RequireLandlord(msg)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if apperr.KindOf(err) != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
		var ae *apperr.Error
		if tc.want == apperr.Forbidden && (!errors.As(err, &ae) || ae.Message != msg) {
			t.Errorf("%s: message %v", tc.name, err)
		}
	}
}
