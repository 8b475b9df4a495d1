package payment

import "math/bits"

// FreeBelowPence: a total under one pound is not worth a card payment; the
// order becomes free (spec 2 section 9).
const FreeBelowPence = 100

// Total is a price after promo codes.
type Total struct {
	FullPence  int64 `json:"fullPence"`
	Pence      int64 `json:"pence"`
	PercentOff int   `json:"percentOff"` // shown to the buyer, rounded up
}

// Apply takes each percentage off the running total in turn, rounding the price
// to the penny (half up) at each step, and makes a total under one pound free.
// Removing a code is Apply again with the codes that remain, always from the
// full price, so no rounding drifts.
func Apply(fullPence int64, percents []int) Total {
	t := fullPence
	for _, p := range percents {
		t = takeOff(t, min(max(p, 0), 100))
	}
	if len(percents) > 0 && t < FreeBelowPence {
		t = 0
	}
	return Total{FullPence: fullPence, Pence: t, PercentOff: percentOff(fullPence, t)}
}

// takeOff is t less p percent, rounded half up to the penny:
// (t*(100-p) + 50) / 100, worked out on t's pounds and pence separately so
// that no price, however large, overflows (FuzzApply found that it did).
func takeOff(t int64, p int) int64 {
	keep := int64(100 - p)
	return t/100*keep + (t%100*keep+50)/100
}

// percentOff is the saving as a whole percentage, rounded up (so 12.1 shows
// 13): ceil(saved*100 / full), in 128 bits so a large price cannot overflow.
func percentOff(full, now int64) int {
	if full <= 0 || now >= full {
		return 0
	}
	saved := uint64(full - now)
	hi, lo := bits.Mul64(saved, 100)
	lo, carry := bits.Add64(lo, uint64(full)-1, 0)
	q, _ := bits.Div64(hi+carry, lo, uint64(full)) // saved <= full, so q <= 100 and hi < full
	return int(q)
}
