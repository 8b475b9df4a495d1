package tenancy

import (
	"fmt"

	"github.com/omnirent/omnirent/internal/platform/money"
)

// DepositCapPence is the Tenant Fees Act 2019 cap on a security deposit in
// England: five weeks' rent, or six when the annual rent is £50,000 or more
// (../shared/LAW.md). rent is monthly.
func DepositCapPence(monthlyRentPence int64) (capPence int64, weeks int) {
	return DepositCapAnnual(monthlyRentPence * 12)
}

// DepositCapAnnual is the same cap measured from the annual rent (for a
// weekly rent, 52 weeks of it).
func DepositCapAnnual(annual int64) (capPence int64, weeks int) {
	weeks = 5
	if annual >= 5_000_000 {
		weeks = 6
	}
	return annual * int64(weeks) / 52, weeks
}

// DepositWarning is the warning for a deposit over the cap, or "" when it
// is within it (or there is no rent to measure it by).
func DepositWarning(monthlyRentPence, depositPence int64) string {
	return DepositWarningAnnual(monthlyRentPence*12, depositPence)
}

// DepositWarningAnnual is DepositWarning measured from the annual rent.
func DepositWarningAnnual(annualRentPence, depositPence int64) string {
	capPence, weeks := DepositCapAnnual(annualRentPence)
	if annualRentPence <= 0 || depositPence <= capPence {
		return ""
	}
	return fmt.Sprintf("This deposit is more than the legal cap of %s (%d weeks' rent) under the Tenant Fees Act 2019. "+
		"In England a landlord may not take more.", money.Format(capPence), weeks)
}
