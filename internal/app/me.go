package app

import (
	"context"

	"github.com/omnirent/omnirent/internal/auth"
)

// me is the API shape of a signed-in user (the answer of /api/auth/me,
// /api/auth/session, sign-in and account changes), built here from the
// areas' services: the account from auth, and from properties whether a
// landlord has a rental address yet (which drives onboarding). Accounts
// never reach into the property area themselves.
type me struct {
	ID            string        `json:"id"`
	Email         string        `json:"email"`
	FullName      string        `json:"fullName"`
	UserType      auth.UserType `json:"userType"`
	Role          auth.Role     `json:"role"`
	HasProperties bool          `json:"hasProperties"`
}

func (a *App) describe(ctx context.Context, u auth.User) any {
	return me{ID: u.ID, Email: u.Email, FullName: u.FullName, UserType: u.UserType, Role: u.Role, HasProperties: a.hasProperties(ctx, u)}
}

// hasProperties is true for tenants (spec 1 section 2.2: a tenant is
// treated as having a property) and for landlords with a live rental address.
func (a *App) hasProperties(ctx context.Context, u auth.User) bool {
	if u.UserType == auth.Tenant {
		return true
	}
	ok, err := a.Properties.HasProperties(ctx, u.ID)
	if err != nil {
		a.Log.ErrorContext(ctx, "property check failed", "user", u.ID, "err", err)
	}
	return ok
}
