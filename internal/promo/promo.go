// Package promo owns promo codes: admins create, change and delete them;
// buyers apply them to an order, where each takes its percentage off the
// running total (spec 2 section 4, "Promo codes").
package promo

import (
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// The spec's words (spec 2 sections 5 and 8) and ours where it is silent.
const (
	MsgCodeRequired  = "Please Provide a code"
	MsgStartRequired = "Please Provide a starting date"
	MsgEndInvalid    = "Please Provide a valid ending date"
	MsgDiscount      = "Please Provide a valid discount"
	MsgCodeTaken     = "A promo code with this name already exists."
	MsgNotFound      = "Promo code not found."
	MsgInvalidCode   = "Invalid code"
	MsgInactive      = "This code is not active."
	MsgNotYet        = "This code is not valid yet."
	MsgExpired       = "This code has expired."
	maxCodeLen       = 40
)

// Code is a promo code. Dates are calendar days in the UK (YYYY-MM-DD); a
// code is usable from the first moment of StartDate to the last of EndDate.
type Code struct {
	ID        string    `json:"id"`
	Code      string    `json:"code"`
	Active    bool      `json:"active"`
	Discount  int       `json:"discount"` // percent, 1..100
	StartDate string    `json:"startDate"`
	EndDate   string    `json:"endDate"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// key is how codes are compared: case-insensitively, ignoring surrounding space.
func key(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// ukDay is today's date in the UK, where the codes' dates are meant.
func ukDay(now time.Time) string {
	return now.In(clock.UK).Format(time.DateOnly)
}

// Usable says whether the code can be applied on the day of now, and if not, why.
func (c Code) Usable(now time.Time) (bool, string) {
	day := ukDay(now)
	switch {
	case !c.Active:
		return false, MsgInactive
	case day < c.StartDate:
		return false, MsgNotYet
	case day > c.EndDate:
		return false, MsgExpired
	}
	return true, ""
}
