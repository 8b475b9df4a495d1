package app

import (
	"context"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/property"
)

// accountDirectory lets other areas (properties, reference checks) reach
// account holders through the accounts service, never through its tables.
type accountDirectory struct{ auth *auth.Service }

func (d accountDirectory) Person(ctx context.Context, id string) (property.Person, error) {
	u, err := d.auth.UserByID(ctx, id)
	if err != nil {
		return property.Person{}, err
	}
	return property.Person{ID: u.ID, Email: u.Email, FullName: u.FullName}, nil
}

// Email is a user's e-mail address (refcheck.Accounts).
func (d accountDirectory) Email(ctx context.Context, id string) (string, error) {
	u, err := d.auth.UserByID(ctx, id)
	return u.Email, err
}
