package payment

import "testing"

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name       string
		full       int64
		percents   []int
		pence      int64
		percentOff int
	}{
		{"no codes", 1798, nil, 1798, 0},
		{"50% of two checks", 1798, []int{50}, 899, 50},
		{"the price is rounded half up to the penny", 899, []int{50}, 450, 50}, // 4.495 -> 4.50; 49.9% off shows 50
		{"stacking takes each off the running total", 1000, []int{50, 50}, 250, 75},
		{"order of stacking does not matter here", 1000, []int{10, 20}, 720, 28},
		{"the saving shown is rounded up", 899, []int{10}, 809, 11},
		{"100% is free", 899, []int{100}, 0, 100},
		{"under one pound becomes free", 199, []int{60}, 0, 100},
		{"0.995 rounds up to one pound, which is charged", 199, []int{50}, 100, 50},
		{"exactly one pound stays", 200, []int{50}, 100, 50},
		{"a small price without codes is charged as it is", 50, nil, 50, 0},
	} {
		got := Apply(tc.full, tc.percents)
		if got.Pence != tc.pence || got.PercentOff != tc.percentOff || got.FullPence != tc.full {
			t.Errorf("%s: Apply(%d, %v) = %+v, want %d pence, %d%% off", tc.name, tc.full, tc.percents, got, tc.pence, tc.percentOff)
		}
	}
}
