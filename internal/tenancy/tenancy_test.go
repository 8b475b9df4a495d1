package tenancy

import (
	"strings"
	"testing"
)

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

func TestDepositCap(t *testing.T) {
	for _, tc := range []struct {
		rent, deposit int64
		warn          bool
	}{
		{185000, 213461, false}, // 1,850 pcm: 5 weeks is £2,134.61
		{185000, 213462, true},
		{420000, 581538, false}, // 4,200 pcm = 50,400 a year: 6 weeks, £5,815.38
		{420000, 581539, true},
		{416600, 480692, false}, // 49,992 a year: still 5 weeks, £4,806.92
		{416600, 480693, true},
	} {
		got := DepositWarning(tc.rent, tc.deposit)
		if (got != "") != tc.warn {
			capPence, weeks := DepositCapPence(tc.rent)
			t.Errorf("rent %d deposit %d: warning %q (cap %d, %d weeks)", tc.rent, tc.deposit, got, capPence, weeks)
		}
	}
	if w := DepositWarning(185000, 250000); !strings.Contains(w, "£2,134.61") || !strings.Contains(w, "Tenant Fees Act 2019") {
		t.Errorf("warning text: %q", w)
	}
}
