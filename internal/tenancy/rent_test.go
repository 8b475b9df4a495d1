package tenancy

import "testing"

func TestRentAndDepositAmounts(t *testing.T) {
	for _, c := range []struct {
		pence         int64
		rent, deposit bool
	}{
		{0, false, true},
		{-100, false, false},
		{1, false, false},
		{150, false, false},
		{99_999, false, false},
		{100, true, true},
		{120_000, true, true},
		{MaxRentPence, true, true},
		{MaxRentPence + 100, false, false},
	} {
		if got := RentOK(c.pence); got != c.rent {
			t.Errorf("RentOK(%d) = %v", c.pence, got)
		}
		if got := DepositOK(c.pence); got != c.deposit {
			t.Errorf("DepositOK(%d) = %v", c.pence, got)
		}
	}
}
