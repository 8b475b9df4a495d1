package auth

// The signed-in user's own account: details and password change.

import (
	"context"
	"strings"
	"unicode"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	omail "github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// UpdateFullName applies the account rules of spec 3 section 5.
func (s *Service) UpdateFullName(ctx context.Context, userID, name string) (User, error) {
	u, err := userByID(ctx, s.db.Conn(), userID)
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
	if err := setFullName(ctx, s.db.Conn(), u.ID, name, s.clock.Now()); err != nil {
		return User{}, err
	}
	u.FullName = name
	return u, nil
}

// SendChangePasswordCode e-mails the code the Change Password modal asks for.
func (s *Service) SendChangePasswordCode(ctx context.Context, userID string) error {
	u, err := userByID(ctx, s.db.Conn(), userID)
	if err != nil {
		return err
	}
	return s.sendCode(ctx, u, PurposeChangePassword)
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
	u, err := userByID(ctx, s.db.Conn(), userID)
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
		if err := setPassword(ctx, c, u.ID, hash, now); err != nil {
			return err
		}
		if err := deleteSessionsExcept(ctx, c, u.ID, keepSession); err != nil {
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
