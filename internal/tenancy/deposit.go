package tenancy

import (
	"fmt"

	"github.com/omnirent/omnirent/internal/platform/money"
)

// DepositCapPence is the Tenant Fees Act 2019 cap on a security deposit in
// England: five weeks' rent, or six when the annual rent is £50,000 or more
// (../shared/LAW.md). rent is monthly.
func DepositCapPence(monthlyRentPence int64) (capPence int64, weeks int) {
	annual := monthlyRentPence * 12
	weeks = 5
	if annual >= 5_000_000 {
		weeks = 6
	}
	return annual * int64(weeks) / 52, weeks
}

// DepositWarning is the warning for a deposit over the cap, or "" when it
// is within it (or there is no rent to measure it by).
func DepositWarning(monthlyRentPence, depositPence int64) string {
	capPence, weeks := DepositCapPence(monthlyRentPence)
	if monthlyRentPence <= 0 || depositPence <= capPence {
		return ""
	}
	return fmt.Sprintf("This deposit is more than the legal cap of %s (%d weeks' rent) under the Tenant Fees Act 2019. "+
		"In England a landlord may not take more.", money.Format(capPence), weeks)
}
