// Package demo creates the demo accounts `make run` prints, so a newcomer can
// sign in at once. Development mode only.
package demo

import (
	"context"
	"errors"
	"sync"

	"github.com/omnirent/omnirent/internal/auth"
)

// Accounts are the demo logins. The passwords are public on purpose: they
// exist only on development machines.
var Accounts = []auth.NewAccount{
	{Email: "landlord@demo.omnirent.co.uk", FullName: "Lara Landlord", Password: "DemoLandlord1!", UserType: auth.Landlord, Role: auth.RoleUser},
	{Email: "tenant@demo.omnirent.co.uk", FullName: "Tom Tenant", Password: "DemoTenant1!", UserType: auth.Tenant, Role: auth.RoleUser},
	{Email: "admin@demo.omnirent.co.uk", FullName: "Ada Admin", Password: "DemoAdmin1!", UserType: auth.Landlord, Role: auth.RoleAdmin},
}

// Seed creates any demo account that does not exist yet. The accounts are
// made in parallel because each costs a deliberately slow password hash,
// which would otherwise triple the first start-up time.
func Seed(ctx context.Context, svc *auth.Service) error {
	var wg sync.WaitGroup
	errs := make([]error, len(Accounts))
	for i, a := range Accounts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = svc.EnsureAccount(ctx, a)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
