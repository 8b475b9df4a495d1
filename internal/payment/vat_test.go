package payment

import (
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// VAT inside a price that includes it: gross x rate / (100 + rate), to the
// nearest penny, half a penny up; it never overflows.
func TestVATIn(t *testing.T) {
	for _, tc := range []struct{ gross, bp, want int64 }{
		{899, 2000, 150},  // 149.83
		{450, 2000, 75},   // exactly 75
		{449, 2000, 75},   // 74.83
		{3, 2000, 1},      // 0.5: half up
		{2, 2000, 0},      // 0.33
		{9, 2000, 2},      // 1.5: half up
		{1175, 1750, 175}, // 17.5%: exactly 175
		{0, 2000, 0},
		{-5, 2000, 0},
		{899, 0, 0},
	} {
		if got := VATIn(tc.gross, tc.bp); got != tc.want {
			t.Errorf("VATIn(%d, %d) = %d, want %d", tc.gross, tc.bp, got, tc.want)
		}
	}
	// The largest amount, against big-number arithmetic.
	g := int64(math.MaxInt64)
	num := new(big.Int).Mul(big.NewInt(g), big.NewInt(2*2000))
	num.Add(num, big.NewInt(12000))
	want := num.Div(num, big.NewInt(2*12000)).Int64()
	if got := VATIn(g, 2000); got != want {
		t.Errorf("VATIn(max) = %d, want %d", got, want)
	}
}

// Sharing a promo code's saving: the shares add up to the total, follow
// the amounts, and the odd pence go to the largest remainders, the earlier
// line first on a tie.
func TestShare(t *testing.T) {
	for _, tc := range []struct {
		total   int64
		amounts []int64
		want    []int64
	}{
		{899, []int64{899, 899}, []int64{450, 449}},
		{809, []int64{899, 899, 899}, []int64{270, 270, 269}},
		{1000, []int64{100, 300}, []int64{250, 750}},
		{0, []int64{899, 899}, []int64{0, 0}},
		{1798, []int64{899, 899}, []int64{899, 899}},
		{5, []int64{1, 1, 1, 1, 1, 1, 1}, []int64{1, 1, 1, 1, 1, 0, 0}},
		{math.MaxInt64 / 2, []int64{math.MaxInt64 / 2}, []int64{math.MaxInt64 / 2}},
	} {
		got := share(tc.total, tc.amounts)
		var sum int64
		for i := range got {
			sum += got[i]
			if got[i] != tc.want[i] {
				t.Errorf("share(%d, %v) = %v, want %v", tc.total, tc.amounts, got, tc.want)
				break
			}
		}
		if sum != tc.total {
			t.Errorf("share(%d, %v) adds up to %d", tc.total, tc.amounts, sum)
		}
	}
}

// The rates file: today's rate is 20%, known from 4 January 2011 (UK
// time), and a file that is wrong stops the start.
func TestVATRates(t *testing.T) {
	if r := RateOn(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)); r.BasisPoints != 2000 || r.Label() != "20%" {
		t.Errorf("today: %+v %s", r, r.Label())
	}
	if l := (VATRate{BasisPoints: 1750}).Label(); l != "17.5%" {
		t.Errorf("17.5%%: %s", l)
	}
	rates, err := loadVATRates([]byte("reviewed: 2026-11-26\nsource: https://example.gov.uk\nstandard:\n  - from: 2008-12-01\n    percent: \"15\"\n  - from: 2010-01-01\n    percent: \"17.5\"\n  - from: 2011-01-04\n    percent: \"20\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	saved := vatRates
	vatRates = rates
	defer func() { vatRates = saved }()
	for day, want := range map[string]int64{"2009-06-01": 1500, "2010-12-31": 1750, "2011-01-04": 2000, "2001-01-01": 1500} {
		at, _ := time.ParseInLocation(time.DateOnly, day, clock.UK)
		if r := RateOn(at.Add(time.Hour)); r.BasisPoints != want {
			t.Errorf("%s: %d, want %d", day, r.BasisPoints, want)
		}
	}
	for name, bad := range map[string]string{
		"no source":     "reviewed: 2026-11-26\nstandard:\n  - from: 2011-01-04\n    percent: \"20\"\n",
		"no rate":       "reviewed: 2026-11-26\nsource: https://x.gov.uk\nstandard: []\n",
		"out of order":  "reviewed: 2026-11-26\nsource: https://x.gov.uk\nstandard:\n  - from: 2011-01-04\n    percent: \"20\"\n  - from: 2010-01-01\n    percent: \"17.5\"\n",
		"not a rate":    "reviewed: 2026-11-26\nsource: https://x.gov.uk\nstandard:\n  - from: 2011-01-04\n    percent: \"120\"\n",
		"unknown field": "reviewed: 2026-11-26\nsource: https://x.gov.uk\nreduced: 5\nstandard:\n  - from: 2011-01-04\n    percent: \"20\"\n",
	} {
		if _, err := loadVATRates([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "vat rates:") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Receipt numbers read back as written; anything else is not one.
func TestReceiptNumbers(t *testing.T) {
	at := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC) // still 2026 in London
	n := ReceiptNumber(123, at)
	if n != "OR-2026-000123" {
		t.Fatalf("number %q", n)
	}
	if y, no, ok := parseReceiptNumber(" or-2026-000123 "); !ok || y != 2026 || no != 123 {
		t.Errorf("parse: %d %d %v", y, no, ok)
	}
	if ReceiptNumber(1234567, at) != "OR-2026-1234567" {
		t.Errorf("a seven-digit number: %s", ReceiptNumber(1234567, at))
	}
	for _, bad := range []string{"", "OR-2026-123", "OR-26-000123", "XX-2026-000123", "OR-2026-000000", "OR-2026-000123x", "OR-2026-99999999999999999999"} {
		if _, _, ok := parseReceiptNumber(bad); ok {
			t.Errorf("%q read as a receipt number", bad)
		}
	}
}
