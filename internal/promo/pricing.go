package promo

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
		p = min(max(p, 0), 100)
		t = (t*int64(100-p) + 50) / 100
	}
	if len(percents) > 0 && t < FreeBelowPence {
		t = 0
	}
	return Total{FullPence: fullPence, Pence: t, PercentOff: percentOff(fullPence, t)}
}

// percentOff is the saving as a whole percentage, rounded up (so 12.1 shows 13).
func percentOff(full, now int64) int {
	if full <= 0 || now >= full {
		return 0
	}
	saved := full - now
	return int((saved*100 + full - 1) / full)
}
