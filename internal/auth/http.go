package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

const cookieName = session.CookieName

// Describer gives the API shape of a signed-in user. The wiring (internal/app)
// builds it from the areas' services (whether a landlord has properties yet
// is the property area's answer), so accounts never reach into other areas.
type Describer func(ctx context.Context, u User) any

// Handler serves /api/auth and /api/account.
type Handler struct {
	svc          *Service
	secureCookie bool
	describe     Describer
}

func NewHandler(svc *Service, secureCookie bool, describe Describer) *Handler {
	return &Handler{svc: svc, secureCookie: secureCookie, describe: describe}
}

// Routes mounts the endpoints on mux.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("POST /api/auth/register", httpx.Handle(h.register))
	mux.Handle("POST /api/auth/verify", httpx.Handle(h.verify))
	mux.Handle("POST /api/auth/resend-code", httpx.Handle(h.resendCode))
	mux.Handle("POST /api/auth/login", httpx.Handle(h.login))
	mux.Handle("POST /api/auth/logout", httpx.Handle(h.logout))
	mux.Handle("GET /api/auth/me", httpx.Handle(session.Require(h.me)))
	mux.Handle("GET /api/auth/session", httpx.Handle(session.Optional(h.session)))
	mux.Handle("POST /api/auth/password-reset/request", httpx.Handle(h.requestReset))
	mux.Handle("POST /api/auth/password-reset/confirm", httpx.Handle(h.confirmReset))
	mux.Handle("PATCH /api/account", httpx.Handle(session.Require(h.updateAccount)))
	mux.Handle("POST /api/account/password-code", httpx.Handle(session.Require(h.passwordCode)))
	mux.Handle("POST /api/account/password", httpx.Handle(session.Require(h.changePassword)))
	mux.Handle("GET /api/admin/overview", httpx.Handle(session.RequireAdmin(h.adminOverview)))
}

// toJSON is the API shape of a user, as the wiring describes it.
func (h *Handler) toJSON(ctx context.Context, u User) any { return h.describe(ctx, u) }

type message struct {
	Message string `json:"message"`
}

func (h *Handler) setSessionCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: token, Path: "/", HttpOnly: true, Secure: h.secureCookie,
		SameSite: http.SameSiteLaxMode, MaxAge: int(sessionTTL / time.Second),
	})
}

func (h *Handler) clearSessionCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true, Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

func (h *Handler) signIn(w http.ResponseWriter, r *http.Request, u User) error {
	// Replace whatever session the browser had: a new id at every sign-in.
	if c, err := r.Cookie(cookieName); err == nil {
		_ = h.svc.EndSession(r.Context(), c.Value)
	}
	token, err := h.svc.StartSession(r.Context(), u.ID, httpx.ClientIP(r.Context()), r.UserAgent())
	if err != nil {
		return err
	}
	h.setSessionCookie(w, token)
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"user": h.toJSON(r.Context(), u)})
}

func (h *Handler) register(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		FullName        string `json:"fullName"`
		Email           string `json:"email"`
		Password        string `json:"password"`
		ConfirmPassword string `json:"confirmPassword"`
		UserType        string `json:"userType"`
		AcceptTerms     bool   `json:"acceptTerms"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	email, err := h.svc.Register(r.Context(), RegisterInput{FullName: in.FullName, Email: in.Email, Password: in.Password,
		ConfirmPassword: in.ConfirmPassword, UserType: in.UserType, AcceptTerms: in.AcceptTerms})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]string{"email": email})
}

func (h *Handler) verify(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email  string `json:"email"`
		Code   string `json:"code"`
		SignIn *bool  `json:"signIn"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := h.svc.Verify(r.Context(), in.Email, in.Code)
	if err != nil {
		return err
	}
	if in.SignIn != nil && !*in.SignIn {
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"user": nil})
	}
	return h.signIn(w, r, u)
}

func (h *Handler) resendCode(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.svc.ResendSignupCode(r.Context(), in.Email); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, message{MsgResent})
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := h.svc.Login(r.Context(), in.Email, in.Password, httpx.ClientIP(r.Context()))
	if err != nil {
		return err
	}
	return h.signIn(w, r, u)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(cookieName); err == nil {
		if err := h.svc.EndSession(r.Context(), c.Value); err != nil {
			return err
		}
	}
	h.clearSessionCookie(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) me(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	u, err := h.svc.UserByID(r.Context(), a.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"user": h.toJSON(r.Context(), u)})
}

// session is the web app's start-up probe: 200 with the user, or with null
// for a visitor (a 401 here would be an error in every visitor's console).
func (h *Handler) session(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if !a.SignedIn() {
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"user": nil})
	}
	return h.me(w, r, a)
}

func (h *Handler) requestReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.svc.RequestReset(r.Context(), in.Email); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, message{MsgResetSent})
}

func (h *Handler) confirmReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email           string `json:"email"`
		Code            string `json:"code"`
		Password        string `json:"password"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.svc.ConfirmReset(r.Context(), in.Email, in.Code, in.Password, in.ConfirmPassword); err != nil {
		return err
	}
	// Every session was ended; drop this browser's cookie too.
	h.clearSessionCookie(w)
	return httpx.WriteJSON(w, http.StatusOK, message{MsgResetDone})
}

func (h *Handler) updateAccount(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	var in struct {
		FullName string `json:"fullName"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := h.svc.UpdateFullName(r.Context(), me.UserID, in.FullName)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"user": h.toJSON(r.Context(), u), "message": MsgNameUpdated})
}

func (h *Handler) passwordCode(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	if err := h.svc.SendChangePasswordCode(r.Context(), me.UserID); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, message{MsgChangeCodeSent})
}

func (h *Handler) changePassword(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	var in struct {
		Code            string `json:"code"`
		Password        string `json:"password"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := h.svc.ChangePassword(r.Context(), me.UserID, SessionKey(session.Token(r.Context())), in.Code, in.Password, in.ConfirmPassword); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, message{MsgPasswordChanged})
}

func (h *Handler) adminOverview(w http.ResponseWriter, r *http.Request, _ session.Actor) error {
	n, err := h.svc.Counts(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"users": map[string]int{
		"total": n.Total, "landlords": n.Landlords, "tenants": n.Tenants, "admins": n.Admins, "unverified": n.Unverified,
	}})
}
