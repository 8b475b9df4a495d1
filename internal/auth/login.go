package auth

// Sign-in, its throttles, and sessions started by it.

import (
	"context"
	"net/netip"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// Login checks the password. Failures are throttled per account and address
// together, per address, and (with a much higher ceiling that does not apply
// at an address the account has signed in from before) per account, so
// guesses from elsewhere cannot lock the owner out. Wrong e-mail and wrong
// password give the same answer.
func (s *Service) Login(ctx context.Context, email, password, ip string) (User, error) {
	email = text.NormaliseEmail(email)
	ip = throttleAddress(ip)
	now := s.clock.Now()
	conn := s.db.Conn()
	// An address never contains "|", so the pair key cannot be forged from another pair.
	pairKey, ipKey, accountKey := "pair:"+ip+"|"+email, "ip:"+ip, "account:"+email
	tooMany := func() (User, error) {
		return User{}, apperr.New(apperr.TooMany, "too_many_requests", MsgTooManySignIns)
	}
	for _, k := range []struct {
		key string
		max int
	}{{pairKey, maxPairFailures}, {ipKey, maxIPFailures}} {
		if n, err := recentFailures(ctx, conn, k.key, now); err != nil {
			return User{}, err
		} else if n >= k.max {
			return tooMany()
		}
	}
	u, err := userByEmail(ctx, conn, email)
	found := err == nil
	if err != nil && !apperr.IsNotFound(err) {
		return User{}, err
	}
	known := false
	if found && ip != "" {
		if known, err = knownAddress(ctx, conn, u.ID, ip, now); err != nil {
			return User{}, err
		}
	}
	if !known {
		if n, err := recentFailures(ctx, conn, accountKey, now); err != nil {
			return User{}, err
		} else if n >= maxAccountFailures {
			return tooMany()
		}
	}
	incorrect := func() (User, error) {
		if err := recordFailure(ctx, conn, now, pairKey, ipKey, accountKey); err != nil {
			s.log.ErrorContext(ctx, "record sign-in failure", "err", err)
		}
		return User{}, apperr.Fields(MsgIncorrect, map[string]string{"email": MsgIncorrect, "password": MsgIncorrect}).WithKind(apperr.Unauthenticated, "invalid_credentials")
	}
	if !found {
		s.burnPasswordCheck(password)
		return incorrect()
	}
	hash, err := passwordHash(ctx, conn, u.ID)
	if err != nil {
		return User{}, err
	}
	if ok, err := CheckPassword(hash, password); err != nil {
		return User{}, apperr.Wrap(err, "check password")
	} else if !ok {
		return incorrect()
	}
	// The right password: this address's own failures are forgiven and it
	// becomes one the account is known to sign in from. Failures from other
	// addresses still count against them.
	if err := clearFailures(ctx, conn, pairKey); err != nil {
		return User{}, err
	}
	if ip != "" {
		if err := rememberAddress(ctx, conn, u.ID, ip, now); err != nil {
			return User{}, err
		}
	}
	if !u.Verified() {
		// The owner proved the password: make sure a usable code is waiting.
		code, ok, _ := latestCode(ctx, conn, u.ID, PurposeSignup)
		usable := ok && now.Before(code.ExpiresAt) && code.Attempts < maxCodeAttempts
		if !usable {
			_ = s.sendCode(ctx, u, PurposeSignup) // a limit reached sends nothing; the answer is the same
		}
		return User{}, apperr.New(apperr.Forbidden, "unconfirmed", MsgUnconfirmed)
	}
	return u, nil
}

// throttleAddress is the address sign-in throttles and known addresses are
// kept under: an IPv4 address as it is, an IPv6 address as its /64 (one
// household or host has the whole /64 and rotates addresses inside it).
func throttleAddress(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}
