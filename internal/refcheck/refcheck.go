// Package refcheck owns tenant reference checks, landlord side: buying an
// instant check for one or more renters of a property (paid through the
// payment package), inviting each renter by e-mail once paid, resending
// invitations, and the Active and Completed report lists.
package refcheck

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/payment"
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

// InstantCheck is the product a check sells, one per renter, at
// InstantCheckPrice (spec 2 section 9), registered with payment by
// NewService. The pages read the price from the catalogue.
const InstantCheck payment.Product = "instant-reference-check"

var InstantCheckPrice = payment.Price{Name: "Instant reference check", Pence: 899, WasPence: 1799}

// MaxRenters is the most renters one check can include.
const MaxRenters = 10

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
	resendGap = time.Minute
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

// DepositWarning is the reference form's warning when the deposit is over
// the legal cap where the home is (internal/tenancy), or "". A property the
// landlord cannot use, or none, is measured by England's cap.
func (s *Service) DepositWarning(ctx context.Context, landlordID, propertyID string, rentPence, depositPence int64) (string, error) {
	j := tenancy.England
	if propertyID != "" && s.properties.Owns(ctx, landlordID, propertyID) == nil {
		p, err := s.place(ctx, propertyID)
		if err != nil {
			return "", err
		}
		j, _ = tenancy.JurisdictionOf(p.Postcode)
	}
	return tenancy.DepositWarningIn(j, rentPence, depositPence), nil
}

// RightToRentGuidance is the Home Office's guide to the Right to Rent check,
// which the landlord must do themselves.
const RightToRentGuidance = "https://www.gov.uk/government/publications/landlords-guide-to-right-to-rent-checks"

// ScopeTitle and Scope say exactly what an Instant Check checked and how,
// and what it does not: the report PDF prints them (and the web pages say
// the same). It is no identity check and no Right to Rent check.
const ScopeTitle = "What was checked, and what you must still do"

var Scope = []string{
	"Income, outgoings and gambling: worked out from up to 12 months of the renter's bank transactions, read by open banking with the renter's consent.",
	"Name: the bank account holder's name, as the bank gives it, compared with the name the renter gave. This is not an identity check: no identity document was seen.",
	"Right to Rent: not checked. What the renter says about their Right to Rent documents, pets, smoking and previous property manager is their own declaration and was not verified.",
	"You must still check the right to rent of every adult who will live in the property, yourself, before the tenancy starts (Home Office guidance: " + RightToRentGuidance + ").",
}

// notNeededIn is the nation of a property where no Right to Rent check is
// needed (Scotland, Wales, Northern Ireland), "" where one may be.
func notNeededIn(postcode string) string {
	j, ask := tenancy.JurisdictionOf(postcode)
	if n, nation := tenancy.NationOf(j); ask || !nation || n.RightToRent {
		return ""
	}
	return j
}

// ScopeFor is Scope for a property with this postcode: Right to Rent
// checks apply in England only (Immigration Act 2014, Part 3 Chapter 1,
// brought into force for England), so for a property in Scotland, Wales or
// Northern Ireland the report says none is needed there (issue 46). A
// border district, or a postcode that cannot be placed, keeps England's
// words: the check may be needed.
func ScopeFor(postcode string) []string {
	j := notNeededIn(postcode)
	if j == "" {
		return Scope
	}
	return []string{Scope[0], Scope[1],
		"Right to Rent: not checked. What the renter says about their pets, smoking and previous property manager is their own declaration and was not verified.",
		"Right to Rent checks apply in England only. This property is in " + j + ", so the law there does not require one (Immigration Act 2014, sections 20 to 37, in force for England only; Home Office guidance: " + RightToRentGuidance + ").",
	}
}
