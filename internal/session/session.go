// Package session says who is acting. The session middleware turns the
// session cookie into an Actor (through a Resolver: the accounts service),
// handlers get it in exactly one way (Require, RequireAdmin, or From where
// signing in is optional), and services take it and decide permissions
// themselves, beside the business rule: a service can never be called
// without knowing who asks.
package session

import (
	"context"
	"net/http"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
)

// UserType is what an account was registered as.
type UserType string

const (
	Landlord UserType = "Landlord"
	Tenant   UserType = "Tenant"
)

// Role is what an account may administer.
type Role string

const (
	RoleUser  Role = "User"
	RoleAdmin Role = "Admin"
)

// CookieName is the HttpOnly session cookie.
const CookieName = "omnirent_session"

// The not-signed-in and admin-only answers.
const (
	MsgNotSignedIn = "Please sign in to continue."
	MsgAdminOnly   = "Only administrators can do this."
)

// Actor is who is acting: the signed-in user. The zero Actor is a visitor.
type Actor struct {
	UserID   string
	Email    string
	FullName string
	UserType UserType
	Role     Role
}

func (a Actor) SignedIn() bool   { return a.UserID != "" }
func (a Actor) IsAdmin() bool    { return a.SignedIn() && a.Role == RoleAdmin }
func (a Actor) IsLandlord() bool { return a.SignedIn() && a.UserType == Landlord }

// RequireSignedIn is nil for a signed-in actor, else 401.
func (a Actor) RequireSignedIn() error {
	if !a.SignedIn() {
		return apperr.New(apperr.Unauthenticated, "unauthenticated", MsgNotSignedIn)
	}
	return nil
}

// RequireLandlord is nil for a landlord, 401 for a visitor and 403 with
// the area's message (its words for "only landlords can ...") for anyone else.
func (a Actor) RequireLandlord(message string) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	if !a.IsLandlord() {
		return apperr.New(apperr.Forbidden, "landlords_only", message)
	}
	return nil
}

// RequireAdmin is nil for an admin, 401 for a visitor and 403 for anyone else.
func (a Actor) RequireAdmin() error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	if a.Role != RoleAdmin {
		return apperr.New(apperr.Forbidden, "forbidden", MsgAdminOnly)
	}
	return nil
}

// Resolver turns a session token into its actor (the accounts service).
type Resolver interface {
	Actor(ctx context.Context, token string) (Actor, error)
}

type ctxKey struct{}

type current struct {
	actor Actor
	token string
}

// Middleware puts the actor of the request's session cookie, if any, in
// the request's context.
func Middleware(res Resolver) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if c, err := r.Cookie(CookieName); err == nil && c.Value != "" {
				if a, err := res.Actor(r.Context(), c.Value); err == nil {
					r = r.WithContext(With(r.Context(), a, c.Value))
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// With is ctx carrying actor a and its session token (the middleware's
// work; tests use it directly).
func With(ctx context.Context, a Actor, token string) context.Context {
	return context.WithValue(ctx, ctxKey{}, current{actor: a, token: token})
}

// From is the signed-in actor, for the few handlers where signing in is
// optional (the answer depends on who asks); false for a visitor.
func From(ctx context.Context) (Actor, bool) {
	c, ok := ctx.Value(ctxKey{}).(current)
	return c.actor, ok
}

// Token is the request's session token ("" for a visitor), for ending or
// keeping this session.
func Token(ctx context.Context) string {
	c, _ := ctx.Value(ctxKey{}).(current)
	return c.token
}

// Handler is a handler that knows who is acting.
type Handler func(w http.ResponseWriter, r *http.Request, a Actor) error

// Require runs h for a signed-in actor and answers 401 to a visitor.
func Require(h Handler) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		a, _ := From(r.Context())
		if err := a.RequireSignedIn(); err != nil {
			return err
		}
		return h(w, r, a)
	}
}

// RequireAdmin runs h for an admin: 401 for a visitor, 403 for other users.
// Services check again themselves (Actor.RequireAdmin).
func RequireAdmin(h Handler) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		a, _ := From(r.Context())
		if err := a.RequireAdmin(); err != nil {
			return err
		}
		return h(w, r, a)
	}
}

// Optional runs h with the actor when there is one and the zero Actor for
// a visitor.
func Optional(h Handler) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		a, _ := From(r.Context())
		return h(w, r, a)
	}
}
