package auth

// Password reset for a signed-out user.

import (
	"context"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// RequestReset e-mails a reset code; the answer never says whether the
// e-mail is registered. An unverified account gets its verification code.
func (s *Service) RequestReset(ctx context.Context, email string) error {
	email = text.NormaliseEmail(email)
	if !text.ValidEmail(email) {
		return apperr.Fields(MsgEmailInvalid, map[string]string{"email": MsgEmailInvalid})
	}
	u, err := userByEmail(ctx, s.db.Conn(), email)
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
	return silentLimit(s.sendCode(ctx, u, purpose))
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
	u, err := userByEmail(ctx, s.db.Conn(), text.NormaliseEmail(email))
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
