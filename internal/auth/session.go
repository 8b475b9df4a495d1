package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/session"
)

// Sessions are random 256-bit tokens held in an HttpOnly cookie; the
// database keeps only their SHA-256, so a database copy cannot sign anyone in.

func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// StartSession always makes a new session id (no fixation across sign-ins).
func (s *Service) StartSession(ctx context.Context, userID, ip, userAgent string) (string, error) {
	token, err := newToken()
	if err != nil {
		return "", apperr.Wrap(err, "make session token")
	}
	now := s.clock.Now()
	if err := insertSession(ctx, s.db.Conn(), hashToken(token), userID, ip, userAgent, now); err != nil {
		return "", err
	}
	// Expired rows are swept on sign-in: cheap, and no extra job needed.
	_ = deleteExpiredSessions(ctx, s.db.Conn(), now)
	return token, nil
}

// SessionUser returns the user of a live session.
func (s *Service) SessionUser(ctx context.Context, token string) (User, error) {
	if token == "" {
		return User{}, apperr.New(apperr.Unauthenticated, "unauthenticated", MsgNotSignedIn)
	}
	u, err := sessionUser(ctx, s.db.Conn(), hashToken(token), s.clock.Now())
	if apperr.IsNotFound(err) {
		return User{}, apperr.New(apperr.Unauthenticated, "unauthenticated", MsgNotSignedIn)
	}
	return u, err
}

// Actor resolves a session token for the session middleware
// (session.Resolver).
func (s *Service) Actor(ctx context.Context, token string) (session.Actor, error) {
	u, err := s.SessionUser(ctx, token)
	if err != nil {
		return session.Actor{}, err
	}
	return u.Actor(), nil
}

// EndSession signs a session out on the server.
func (s *Service) EndSession(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return deleteSession(ctx, s.db.Conn(), hashToken(token))
}

// SessionKey is the stored form of a token, for "end the other sessions".
func SessionKey(token string) string { return hashToken(token) }
