package auth

// Admins, counts and seeding.

import (
	"context"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// NewAccount describes an account created by the system (demo data, admin command).
type NewAccount struct {
	Email, FullName, Password string
	UserType                  UserType
	Role                      Role
}

// EnsureAccount creates a verified account unless the e-mail exists; it
// reports whether it created one.
func (s *Service) EnsureAccount(ctx context.Context, a NewAccount) (bool, error) {
	a.Email = text.NormaliseEmail(a.Email)
	if _, err := userByEmail(ctx, s.db.Conn(), a.Email); err == nil {
		return false, nil
	} else if !apperr.IsNotFound(err) {
		return false, err
	}
	hash, err := HashPassword(s.argon, a.Password)
	if err != nil {
		return false, err
	}
	now := s.clock.Now()
	u := User{ID: uuid.NewString(), Email: a.Email, FullName: a.FullName, UserType: a.UserType, Role: a.Role, VerifiedAt: &now}
	return true, insertUser(ctx, s.db.Conn(), u, hash, now)
}

// UserByID finds an account by id (other domains use it to reach a user).
func (s *Service) UserByID(ctx context.Context, id string) (User, error) {
	return userByID(ctx, s.db.Conn(), id)
}

// UserByEmail finds an account by e-mail (for seeding and admin tools).
func (s *Service) UserByEmail(ctx context.Context, email string) (User, error) {
	return userByEmail(ctx, s.db.Conn(), text.NormaliseEmail(email))
}

// PromoteToAdmin gives an existing account the Admin role.
func (s *Service) PromoteToAdmin(ctx context.Context, email string) error {
	u, err := userByEmail(ctx, s.db.Conn(), text.NormaliseEmail(email))
	if err != nil {
		return err
	}
	return setRole(ctx, s.db.Conn(), u.ID, RoleAdmin, s.clock.Now())
}

// Counts feeds the admin dashboard.
func (s *Service) Counts(ctx context.Context) (UserCounts, error) {
	return countUsers(ctx, s.db.Conn())
}
