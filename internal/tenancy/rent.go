// Package tenancy holds the rules about a tenancy's money that more than
// one area applies (a property's advertised rent, the rent a reference
// check is bought for, and next the agreements), so each rule is written
// once and every area answers the same value the same way.
package tenancy

// MaxRentPence is the largest rent or deposit the product accepts:
// £1,000,000, far above any real tenancy, below any overflow.
const MaxRentPence int64 = 100_000_000

// MsgWholePounds refuses a rent or deposit that is not a whole number of
// pounds (the forms take digits only; this catches other callers).
const MsgWholePounds = "Rent and deposit must be whole numbers of pounds."

// RentOK reports whether pence is a rent the product accepts: more than
// nothing, a whole number of pounds, at most MaxRentPence.
func RentOK(pence int64) bool {
	return pence > 0 && pence%100 == 0 && pence <= MaxRentPence
}

// DepositOK is RentOK for a deposit, which may be nothing.
func DepositOK(pence int64) bool {
	return pence == 0 || RentOK(pence)
}
