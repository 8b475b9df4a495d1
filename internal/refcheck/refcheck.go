// Package refcheck owns tenant reference checks, landlord side: buying an
// instant check for one or more renters of a property (paid through the
// payment package), inviting each renter by e-mail once paid, resending
// invitations, and the Active and Completed report lists.
package refcheck

import (
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/tenancy"
)

type CheckStatus string

const (
	AwaitingPayment CheckStatus = "Awaiting Payment"
	PaymentComplete CheckStatus = "Payment Complete"
	Withdrawn       CheckStatus = "Withdrawn"
)

// RenterStatus is spec 2 section 3's renter status.
type RenterStatus string

const (
	NotNotified     RenterStatus = "Not Notified"
	RenterNotified  RenterStatus = "Renter Notified"
	ProcessComplete RenterStatus = "Process Complete"
)

// OrderType is how payment orders for checks are labelled.
const OrderType = "reference-check"

// Instant is the one check type on sale; credit and comprehensive checks are "coming soon".
const Instant = "instant"

// The spec's words (spec 2 sections 5 and 8) and ours where it is silent.
const (
	MsgAllRequired      = "All fields are required."
	MsgEmailsDuplicated = "Renters' emails should not be duplicated."
	MsgNameDigits       = "Names cannot contain numbers."
	MsgInvalidEmailFmt  = "%s is not a valid email address"
	MsgNumbersOnly      = tenancy.MsgWholePounds
	MsgResent           = "Resend successful!"
	MsgResendWait       = "Please wait a minute before sending again."
	MsgNotFound         = "Reference check not found."
	MsgLastRenter       = "A reference check needs at least one renter."
	MsgAlreadyPaid      = "This reference check has already been paid for."
	MsgTooManyRenters   = "A reference check can include at most 10 renters."
	MsgLandlordsOnly    = "Only landlords can buy reference checks."
)

const (
	maxRenters = 10
	resendGap  = time.Minute
)

// Renter is one person being checked.
type Renter struct {
	ID         string       `json:"id"`
	Name       string       `json:"name"`
	Email      string       `json:"email"`
	Status     RenterStatus `json:"status"`
	NotifiedAt *time.Time   `json:"notifiedAt"`
}

type Check struct {
	ID           string      `json:"id"`
	LandlordID   string      `json:"-"`
	PropertyID   string      `json:"propertyId"`
	Type         string      `json:"referenceCheckType"`
	RentPence    int64       `json:"rentPence"`
	DepositPence int64       `json:"depositPence"`
	Status       CheckStatus `json:"status"`
	OrderID      string      `json:"orderId"`
	Renters      []Renter    `json:"renters"`
	CreatedAt    time.Time   `json:"createdAt"`
}

// DepositCapPence is the Tenant Fees Act 2019 cap on a security deposit in
// England: five weeks' rent, or six when the annual rent is 50,000 pounds
// or more (../shared/LAW.md). rent is monthly.
func DepositCapPence(monthlyRentPence int64) (capPence int64, weeks int) {
	annual := monthlyRentPence * 12
	weeks = 5
	if annual >= 5_000_000 {
		weeks = 6
	}
	return annual * int64(weeks) / 52, weeks
}

// DepositWarning is the form's warning when the deposit is over the cap, or "".
func DepositWarning(rentPence, depositPence int64) string {
	capPence, weeks := DepositCapPence(rentPence)
	if rentPence <= 0 || depositPence <= capPence {
		return ""
	}
	return fmt.Sprintf("This deposit is more than the legal cap of %s (%d weeks' rent) under the Tenant Fees Act 2019. "+
		"In England a landlord may not take more.", money.Format(capPence), weeks)
}
