package auth

import (
	"context"
	"log/slog"
	"net/mail"
	"net/netip"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	omail "github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// Mailer is the part of the mail module auth needs.
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e omail.Email) error
}

// PropertyChecker tells whether a landlord already has a rental address; the
// property domain provides it (until then every landlord has none).
type PropertyChecker interface {
	HasProperties(ctx context.Context, landlordID string) (bool, error)
}

type Service struct {
	db         *db.DB
	clock      clock.Clock
	mail       Mailer
	secret     []byte
	argon      Argon2Params
	properties PropertyChecker
	log        *slog.Logger
	store      store
	dummyOnce  sync.Once
	dummyHash  string
}

type Options struct {
	DB         *db.DB
	Clock      clock.Clock
	Mail       Mailer
	SecretKey  []byte
	Argon2     Argon2Params
	Properties PropertyChecker
	Log        *slog.Logger
}

func NewService(o Options) (*Service, error) {
	return &Service{db: o.DB, clock: o.Clock, mail: o.Mail, secret: o.SecretKey, argon: o.Argon2, properties: o.Properties, log: o.Log}, nil
}

// burnPasswordCheck costs what a real password check costs, so a sign-in
// with an unknown e-mail takes as long as a wrong password and timing does
// not reveal which accounts exist. The hash is made on first use to keep
// start-up fast.
func (s *Service) burnPasswordCheck(password string) {
	s.dummyOnce.Do(func() { s.dummyHash, _ = HashPassword(s.argon, "not-a-real-password-1!A") })
	_, _ = CheckPassword(s.dummyHash, password)
}

// SetPropertyChecker wires the property domain in once it exists.
func (s *Service) SetPropertyChecker(p PropertyChecker) { s.properties = p }

// NormaliseEmail lower-cases and trims; e-mails are matched case-insensitively.
func NormaliseEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// ValidEmail reports whether e (already normalised) is a plain address.
func ValidEmail(e string) bool {
	if e == "" || len(e) > 254 {
		return false
	}
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && a.Name == "" && strings.Contains(e[strings.LastIndex(e, "@"):], ".")
}

// --- registration and verification ---

type RegisterInput struct {
	FullName, Email, Password, ConfirmPassword, UserType string
	AcceptTerms                                          bool
}

// Register creates an unverified account (role User, whatever was asked)
// and e-mails the 6-digit sign-up code.
func (s *Service) Register(ctx context.Context, in RegisterInput) (string, error) {
	in.FullName = strings.TrimSpace(in.FullName)
	in.Email = NormaliseEmail(in.Email)
	f := fieldErrors{}
	switch {
	case in.FullName == "":
		f.add("fullName", MsgFullNameRequired)
	case len([]rune(in.FullName)) > 100:
		f.add("fullName", "Please enter a name of at most 100 characters.")
	case !text.ValidName(in.FullName):
		f.add("fullName", text.MsgNameCharacters)
	}
	if !ValidEmail(in.Email) {
		f.add("email", MsgEmailInvalid)
	}
	if !ValidSignupPassword(in.Password) {
		f.add("password", MsgPasswordRule)
	}
	if in.ConfirmPassword != in.Password {
		f.add("confirmPassword", MsgPasswordsMatch)
	}
	if in.UserType != string(Landlord) && in.UserType != string(Tenant) {
		f.add("userType", MsgUserType)
	}
	if !in.AcceptTerms {
		f.add("acceptTerms", MsgTerms)
	}
	if err := f.err(); err != nil {
		return "", err
	}
	hash, err := HashPassword(s.argon, in.Password)
	if err != nil {
		return "", apperr.Wrap(err, "hash password")
	}
	now := s.clock.Now()
	u := User{ID: uuid.NewString(), Email: in.Email, FullName: in.FullName, UserType: UserType(in.UserType), Role: RoleUser}
	err = s.db.Tx(ctx, func(c db.Conn) error {
		if err := s.store.insertUser(ctx, c, u, hash, now); err != nil {
			return err
		}
		return s.issueCode(ctx, c, u, PurposeSignup, now)
	})
	return in.Email, err
}

// Verify checks the sign-up code and marks the account verified.
func (s *Service) Verify(ctx context.Context, email, code string) (User, error) {
	u, err := s.store.userByEmail(ctx, s.db.Conn(), NormaliseEmail(email))
	if apperr.IsNotFound(err) {
		if err := codeFormat(code); err != nil {
			return User{}, err
		}
		return User{}, codeError(MsgCodeInvalid, "code_invalid") // same answer as a wrong code
	}
	if err != nil {
		return User{}, err
	}
	if err := s.checkCode(ctx, u, PurposeSignup, code, true); err != nil {
		return User{}, err
	}
	now := s.clock.Now()
	if err := s.store.setVerified(ctx, s.db.Conn(), u.ID, now); err != nil {
		return User{}, err
	}
	u.VerifiedAt = &now
	return u, nil
}

// ResendSignupCode answers the same whether or not the account exists, is
// already verified or has reached a cap: it silently sends nothing then, as
// a different answer would tell a stranger the account exists.
func (s *Service) ResendSignupCode(ctx context.Context, email string) error {
	u, err := s.store.userByEmail(ctx, s.db.Conn(), NormaliseEmail(email))
	if apperr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if u.Verified() || s.codeSendAllowed(ctx, u.ID, PurposeSignup) != nil {
		return nil
	}
	return s.db.Tx(ctx, func(c db.Conn) error { return s.issueCode(ctx, c, u, PurposeSignup, s.clock.Now()) })
}

// --- sign-in ---

// Login checks the password. Failures are throttled per account and address
// together, per address, and (with a much higher ceiling that does not apply
// at an address the account has signed in from before) per account, so
// guesses from elsewhere cannot lock the owner out. Wrong e-mail and wrong
// password give the same answer.
func (s *Service) Login(ctx context.Context, email, password, ip string) (User, error) {
	email = NormaliseEmail(email)
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
		if n, err := s.store.recentFailures(ctx, conn, k.key, now); err != nil {
			return User{}, err
		} else if n >= k.max {
			return tooMany()
		}
	}
	u, err := s.store.userByEmail(ctx, conn, email)
	found := err == nil
	if err != nil && !apperr.IsNotFound(err) {
		return User{}, err
	}
	known := false
	if found && ip != "" {
		if known, err = s.store.knownAddress(ctx, conn, u.ID, ip, now); err != nil {
			return User{}, err
		}
	}
	if !known {
		if n, err := s.store.recentFailures(ctx, conn, accountKey, now); err != nil {
			return User{}, err
		} else if n >= maxAccountFailures {
			return tooMany()
		}
	}
	incorrect := func() (User, error) {
		if err := s.store.recordFailure(ctx, conn, now, pairKey, ipKey, accountKey); err != nil {
			s.log.ErrorContext(ctx, "record sign-in failure", "err", err)
		}
		return User{}, apperr.Fields(MsgIncorrect, map[string]string{"email": MsgIncorrect, "password": MsgIncorrect}).WithKind(apperr.Unauthenticated, "invalid_credentials")
	}
	if !found {
		s.burnPasswordCheck(password)
		return incorrect()
	}
	hash, err := s.store.passwordHash(ctx, conn, u.ID)
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
	if err := s.store.clearFailures(ctx, conn, pairKey); err != nil {
		return User{}, err
	}
	if ip != "" {
		if err := s.store.rememberAddress(ctx, conn, u.ID, ip, now); err != nil {
			return User{}, err
		}
	}
	if !u.Verified() {
		// The owner proved the password: make sure a usable code is waiting.
		code, ok, _ := s.store.latestCode(ctx, conn, u.ID, PurposeSignup)
		usable := ok && now.Before(code.ExpiresAt) && code.Attempts < maxCodeAttempts
		if !usable && s.codeSendAllowed(ctx, u.ID, PurposeSignup) == nil {
			_ = s.db.Tx(ctx, func(c db.Conn) error { return s.issueCode(ctx, c, u, PurposeSignup, now) })
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

// --- password reset (signed out) ---

// RequestReset e-mails a reset code; the answer never says whether the
// e-mail is registered. An unverified account gets its verification code.
func (s *Service) RequestReset(ctx context.Context, email string) error {
	email = NormaliseEmail(email)
	if !ValidEmail(email) {
		return apperr.Fields(MsgEmailInvalid, map[string]string{"email": MsgEmailInvalid})
	}
	u, err := s.store.userByEmail(ctx, s.db.Conn(), email)
	if apperr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	purpose := PurposeReset
	if !u.Verified() {
		purpose = PurposeSignup
	}
	if s.codeSendAllowed(ctx, u.ID, purpose) != nil {
		return nil // silently: a 429 here would reveal the account
	}
	return s.db.Tx(ctx, func(c db.Conn) error { return s.issueCode(ctx, c, u, purpose, s.clock.Now()) })
}

// ConfirmReset sets a new password with the e-mailed code and ends every
// session of the account.
func (s *Service) ConfirmReset(ctx context.Context, email, code, password, confirm string) error {
	f := fieldErrors{}
	if strings.TrimSpace(code) == "" {
		f.add("code", MsgCodeRequired)
	}
	if !ValidResetPassword(password) {
		f.add("password", MsgPasswordRule)
	}
	if confirm != password {
		f.add("confirmPassword", MsgPasswordsMatch)
	}
	if err := f.err(); err != nil {
		return err
	}
	u, err := s.store.userByEmail(ctx, s.db.Conn(), NormaliseEmail(email))
	if apperr.IsNotFound(err) {
		if err := codeFormat(code); err != nil {
			return err
		}
		return codeError(MsgCodeInvalid, "code_invalid")
	}
	if err != nil {
		return err
	}
	if !u.Verified() {
		// The code proves the mailbox but the account was never confirmed:
		// the web app shows the confirm-email step (spec 1 section 2.5).
		if err := s.checkCode(ctx, u, PurposeSignup, code, false); err != nil {
			return err
		}
		return apperr.New(apperr.Conflict, "unverified", MsgUnverifiedReset)
	}
	if err := s.checkCode(ctx, u, PurposeReset, code, true); err != nil {
		return err
	}
	return s.replacePassword(ctx, u, password, "")
}

// --- account (signed in) ---

// UpdateFullName applies the account rules of spec 3 section 5.
func (s *Service) UpdateFullName(ctx context.Context, userID, name string) (User, error) {
	u, err := s.store.userByID(ctx, s.db.Conn(), userID)
	if err != nil {
		return User{}, err
	}
	name = strings.TrimSpace(name)
	msg := ""
	switch {
	case name == "":
		msg = MsgNameEmpty
	case !text.ValidName(name):
		msg = text.MsgNameCharacters
	case strings.IndexFunc(name, unicode.IsDigit) >= 0:
		msg = MsgNameDigits
	case name == u.FullName:
		msg = MsgNameUnchanged
	case len([]rune(name)) > 100:
		msg = "Please enter a name of at most 100 characters."
	}
	if msg != "" {
		return User{}, apperr.Fields(msg, map[string]string{"fullName": msg})
	}
	if err := s.store.setFullName(ctx, s.db.Conn(), u.ID, name, s.clock.Now()); err != nil {
		return User{}, err
	}
	u.FullName = name
	return u, nil
}

// SendChangePasswordCode e-mails the code the Change Password modal asks for.
func (s *Service) SendChangePasswordCode(ctx context.Context, userID string) error {
	u, err := s.store.userByID(ctx, s.db.Conn(), userID)
	if err != nil {
		return err
	}
	if err := s.codeSendAllowed(ctx, u.ID, PurposeChangePassword); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(c db.Conn) error { return s.issueCode(ctx, c, u, PurposeChangePassword, s.clock.Now()) })
}

// ChangePassword sets a new password with the e-mailed code and ends the
// user's other sessions (keepSession stays signed in).
func (s *Service) ChangePassword(ctx context.Context, userID, keepSession, code, password, confirm string) error {
	if strings.TrimSpace(code) == "" || password == "" || confirm == "" {
		return apperr.New(apperr.Invalid, "invalid", MsgAllFields)
	}
	if !ValidResetPassword(password) {
		return apperr.Fields(MsgPasswordRule, map[string]string{"password": MsgPasswordRule})
	}
	if confirm != password {
		return apperr.Fields(MsgPasswordsMatch, map[string]string{"confirmPassword": MsgPasswordsMatch})
	}
	u, err := s.store.userByID(ctx, s.db.Conn(), userID)
	if err != nil {
		return err
	}
	if err := s.checkCode(ctx, u, PurposeChangePassword, code, true); err != nil {
		return err
	}
	return s.replacePassword(ctx, u, password, keepSession)
}

func (s *Service) replacePassword(ctx context.Context, u User, password, keepSession string) error {
	hash, err := HashPassword(s.argon, password)
	if err != nil {
		return apperr.Wrap(err, "hash password")
	}
	now := s.clock.Now()
	return s.db.Tx(ctx, func(c db.Conn) error {
		if err := s.store.setPassword(ctx, c, u.ID, hash, now); err != nil {
			return err
		}
		if err := s.store.deleteSessionsExcept(ctx, c, u.ID, keepSession); err != nil {
			return err
		}
		return s.mail.Send(ctx, c, omail.Email{To: u.Email, Subject: "Your OmniRent password was changed", Template: "notice", Data: notice{
			Name: u.FullName, Heading: "Your password was changed",
			Paragraphs: []string{
				"The password of your OmniRent account was changed on " + now.UTC().Format("2 January 2006 at 15:04 UTC") + ". Every other device has been signed out.",
				"If this was not you, reset your password straight away from the sign-in page and tell us.",
			},
		}})
	})
}

// --- admin and seeding ---

// NewAccount describes an account created by the system (demo data, admin command).
type NewAccount struct {
	Email, FullName, Password string
	UserType                  UserType
	Role                      Role
}

// EnsureAccount creates a verified account unless the e-mail exists; it
// reports whether it created one.
func (s *Service) EnsureAccount(ctx context.Context, a NewAccount) (bool, error) {
	a.Email = NormaliseEmail(a.Email)
	if _, err := s.store.userByEmail(ctx, s.db.Conn(), a.Email); err == nil {
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
	return true, s.store.insertUser(ctx, s.db.Conn(), u, hash, now)
}

// UserByID finds an account by id (other domains use it to reach a user).
func (s *Service) UserByID(ctx context.Context, id string) (User, error) {
	return s.store.userByID(ctx, s.db.Conn(), id)
}

// UserByEmail finds an account by e-mail (for seeding and admin tools).
func (s *Service) UserByEmail(ctx context.Context, email string) (User, error) {
	return s.store.userByEmail(ctx, s.db.Conn(), NormaliseEmail(email))
}

// PromoteToAdmin gives an existing account the Admin role.
func (s *Service) PromoteToAdmin(ctx context.Context, email string) error {
	u, err := s.store.userByEmail(ctx, s.db.Conn(), NormaliseEmail(email))
	if err != nil {
		return err
	}
	return s.store.setRole(ctx, s.db.Conn(), u.ID, RoleAdmin, s.clock.Now())
}

// Counts feeds the admin dashboard.
func (s *Service) Counts(ctx context.Context) (UserCounts, error) {
	return s.store.countUsers(ctx, s.db.Conn())
}

// HasProperties is true for tenants (spec 1 section 2.2: a tenant is treated
// as having a property) and for landlords with a live rental address.
func (s *Service) HasProperties(ctx context.Context, u User) bool {
	if u.UserType == Tenant {
		return true
	}
	if s.properties == nil {
		return false
	}
	ok, err := s.properties.HasProperties(ctx, u.ID)
	if err != nil {
		s.log.ErrorContext(ctx, "property check failed", "user", u.ID, "err", err)
	}
	return ok
}

// --- helpers ---

type fieldErrors map[string]string

func (f fieldErrors) add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// fieldOrder decides which message leads when several fields are wrong.
var fieldOrder = []string{"userType", "fullName", "email", "password", "confirmPassword", "acceptTerms", "code"}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	for _, k := range fieldOrder {
		if m, ok := f[k]; ok {
			return apperr.Fields(m, f)
		}
	}
	return apperr.Fields("Please check the form.", f)
}

type notice struct {
	Name, Heading string
	Paragraphs    []string
}

// codeSendAllowed says whether another code of a purpose may be e-mailed to
// the account: at most one per resendMinInterval, maxCodesHour an hour and
// maxCodesDay a day.
func (s *Service) codeSendAllowed(ctx context.Context, userID string, p CodePurpose) error {
	conn, now := s.db.Conn(), s.clock.Now()
	last, ok, err := s.store.lastCodeSentAt(ctx, conn, userID, p)
	if err != nil {
		return err
	}
	if ok && now.Sub(last) < resendMinInterval {
		return apperr.New(apperr.TooMany, "too_many_requests", MsgResendTooSoon)
	}
	for _, w := range []struct {
		since time.Duration
		max   int
	}{{time.Hour, maxCodesHour}, {24 * time.Hour, maxCodesDay}} {
		if n, err := s.store.codesSentSince(ctx, conn, userID, p, now.Add(-w.since)); err != nil {
			return err
		} else if n >= w.max {
			return apperr.New(apperr.TooMany, "too_many_requests", MsgCodeSendLimit)
		}
	}
	return nil
}
