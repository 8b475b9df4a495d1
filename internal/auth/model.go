// Package auth owns accounts: registration with an e-mailed code, sign-in
// with server-side sessions, password reset and change, and the account's
// own details. Messages are the spec's exact user-facing texts.
package auth

import (
	"time"

	"github.com/omnirent/omnirent/internal/session"
)

// UserType and Role are the session package's: every area reads them from
// the Actor, never from this package.
type (
	UserType = session.UserType
	Role     = session.Role
)

const (
	Landlord  = session.Landlord
	Tenant    = session.Tenant
	RoleUser  = session.RoleUser
	RoleAdmin = session.RoleAdmin
)

// User is an account as the rest of the system sees it.
type User struct {
	ID         string
	Email      string
	FullName   string
	UserType   UserType
	Role       Role
	VerifiedAt *time.Time
	CreatedAt  time.Time
}

func (u User) Verified() bool { return u.VerifiedAt != nil }

// Actor is the user as the other areas see who is acting.
func (u User) Actor() session.Actor {
	return session.Actor{UserID: u.ID, Email: u.Email, FullName: u.FullName, UserType: u.UserType, Role: u.Role}
}

// CodePurpose says what a 6-digit code proves.
type CodePurpose string

const (
	PurposeSignup         CodePurpose = "signup"
	PurposeReset          CodePurpose = "reset"
	PurposeChangePassword CodePurpose = "change_password"
)

// Lifetimes of codes (issue 2 section 4).
var codeTTL = map[CodePurpose]time.Duration{
	PurposeSignup:         24 * time.Hour,
	PurposeReset:          time.Hour,
	PurposeChangePassword: time.Hour,
}

const (
	maxCodeAttempts   = 5 // wrong tries of one code
	resendMinInterval = 10 * time.Second
	sessionTTL        = 30 * 24 * time.Hour

	// Sign-in throttle (issue 10): failures counted over a sliding window,
	// for one account from one address, for one address whatever the
	// account, and for one account from anywhere. The account ceiling is
	// far higher than the pair limit and does not apply at an address the
	// account has signed in from before, so someone else's guesses cannot
	// lock the owner out.
	throttleWindow     = 15 * time.Minute
	maxPairFailures    = 10
	maxIPFailures      = 50
	maxAccountFailures = 100
	knownAddressTTL    = 90 * 24 * time.Hour

	// Code caps per account and purpose (issue 10), however many codes were
	// asked for: wrong codes entered, and codes e-mailed.
	maxCodeGuessesHour = 20
	maxCodeGuessesDay  = 50
	maxCodesHour       = 5
	maxCodesDay        = 20
)

// User-facing texts. Those quoted in the spec are its exact words.
const (
	MsgPasswordRule     = "Password must have an Uppercase, lowercase, number, special characters an must be at least 8 characters."
	MsgPasswordsMatch   = "Passwords must match!"
	MsgTerms            = "Kindly agree to our Terms of Service and Privacy Policy to continue."
	MsgUserType         = "Kindly select either landlord or tenant"
	MsgIncorrect        = " - One or more fields are incorrect"
	MsgResent           = "Code has been resent successfully!"
	MsgResetDone        = "Your password has been reset!"
	MsgPasswordChanged  = "Password changed successfully."
	MsgAllFields        = "All fields are required."
	MsgNameEmpty        = "full name cannot be empty"
	MsgNameUnchanged    = "You have not changed your full name."
	MsgNameDigits       = "Names cannot contain numbers."
	MsgNameUpdated      = "Update successful."
	MsgFullNameRequired = "Please enter your full name."
	MsgEmailInvalid     = "Please enter a valid email address."
	MsgEmailTaken       = "An account with the given email already exists."
	MsgCodeRequired     = "Please enter the 6 digit code sent to your email."
	MsgCodeInvalid      = "Invalid verification code provided, please try again."
	MsgCodeExpired      = "This code has expired. Please request a new code."
	MsgCodeAttempts     = "Too many incorrect attempts. Please request a new code."
	MsgResendTooSoon    = "Please wait a few seconds before asking for another code."
	MsgTooManySignIns   = "Too many sign-in attempts. Please wait 15 minutes and try again."
	MsgCodeGuessLimit   = "Too many incorrect codes have been entered for this account. Please try again later."
	MsgCodeSendLimit    = "You have asked for too many codes. Please try again later."
	MsgUnconfirmed      = "Your account is not confirmed yet. Enter the code we sent to your email."
	MsgUnverifiedReset  = "Your email address is not verified yet. Enter the code we sent to your email to verify it first."
	MsgResetSent        = "If an account exists for this email, we have sent a password reset code to it."
	MsgChangeCodeSent   = "We have sent a 6 digit code to your email."
	MsgNotSignedIn      = session.MsgNotSignedIn
	MsgVerified         = "Your account has been verified."
)
