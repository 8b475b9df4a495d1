package auth

// Registration and e-mail verification.

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/text"
)

type RegisterInput struct {
	FullName, Email, Password, ConfirmPassword, UserType string
	AcceptTerms                                          bool
}

// Register creates an unverified account (role User, whatever was asked)
// and e-mails the 6-digit sign-up code.
func (s *Service) Register(ctx context.Context, in RegisterInput) (string, error) {
	in.FullName = strings.TrimSpace(in.FullName)
	in.Email = text.NormaliseEmail(in.Email)
	f := fieldErrors{}
	switch {
	case in.FullName == "":
		f.add("fullName", MsgFullNameRequired)
	case len([]rune(in.FullName)) > 100:
		f.add("fullName", "Please enter a name of at most 100 characters.")
	case !text.ValidName(in.FullName):
		f.add("fullName", text.MsgNameCharacters)
	}
	if !text.ValidEmail(in.Email) {
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
		if err := insertUser(ctx, c, u, hash, now); err != nil {
			return err
		}
		return s.issueCode(ctx, c, u, PurposeSignup, now)
	})
	return in.Email, err
}

// Verify checks the sign-up code and marks the account verified.
func (s *Service) Verify(ctx context.Context, email, code string) (User, error) {
	u, err := userByEmail(ctx, s.db.Conn(), text.NormaliseEmail(email))
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
	if err := setVerified(ctx, s.db.Conn(), u.ID, now); err != nil {
		return User{}, err
	}
	u.VerifiedAt = &now
	return u, nil
}

// ResendSignupCode answers the same whether or not the account exists, is
// already verified or has reached a cap: it silently sends nothing then, as
// a different answer would tell a stranger the account exists.
func (s *Service) ResendSignupCode(ctx context.Context, email string) error {
	u, err := userByEmail(ctx, s.db.Conn(), text.NormaliseEmail(email))
	if apperr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if u.Verified() {
		return nil
	}
	return silentLimit(s.sendCode(ctx, u, PurposeSignup))
}
