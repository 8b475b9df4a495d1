package payment

import (
	"math"
	"testing"
)

// FuzzApply checks the promo arithmetic for every price and list of codes:
// a total is never negative, never above the full price, unchanged without
// codes, never raised by one more code, free or at least a pound once a
// code is on, and the saving shown is a percentage that matches it. It
// found that prices above about £920 trillion overflowed the
// multiplication (a negative total); Apply now works without overflow.
func FuzzApply(f *testing.F) {
	f.Add(int64(1798), []byte{50})
	f.Add(int64(899), []byte{50, 50, 10})
	f.Add(int64(199), []byte{60})
	f.Add(int64(0), []byte{100})
	f.Add(int64(math.MaxInt64), []byte{1})
	f.Add(int64(math.MaxInt64/99), []byte{})
	f.Fuzz(func(t *testing.T, full int64, codes []byte) {
		if full < 0 {
			full = -(full + 1) // prices are never negative; fold the half the fuzzer tries
		}
		if len(codes) > 20 {
			codes = codes[:20]
		}
		percents := make([]int, len(codes))
		for i, c := range codes {
			percents[i] = int(c) % 101
		}
		got := Apply(full, percents)
		if got.FullPence != full || got.Pence < 0 || got.Pence > full {
			t.Fatalf("Apply(%d, %v) = %+v: outside 0..full", full, percents, got)
		}
		if len(percents) == 0 && got.Pence != full {
			t.Fatalf("no codes changed %d to %d", full, got.Pence)
		}
		if len(percents) > 0 && got.Pence != 0 && got.Pence < FreeBelowPence {
			t.Fatalf("Apply(%d, %v) = %d: under a pound but charged", full, percents, got.Pence)
		}
		if len(percents) > 0 {
			fewer := Apply(full, percents[:len(percents)-1])
			if got.Pence > fewer.Pence {
				t.Fatalf("one more code raised the total: %d -> %d", fewer.Pence, got.Pence)
			}
		}
		if got.PercentOff < 0 || got.PercentOff > 100 || (got.Pence < full) != (got.PercentOff > 0) {
			t.Fatalf("Apply(%d, %v) = %+v: saving shown %d%%", full, percents, got, got.PercentOff)
		}
		if full > 0 && full <= 1<<40 { // small enough for exact float checks
			exact := float64(full-got.Pence) / float64(full) * 100
			if float64(got.PercentOff) < exact-1e-9 || float64(got.PercentOff) >= exact+1 {
				t.Fatalf("saving %d%% for an exact %.4f%%", got.PercentOff, exact)
			}
		}
	})
}
