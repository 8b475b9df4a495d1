package dates

import (
	"testing"
	"time"
)

func TestRange(t *testing.T) {
	for s, want := range map[string]bool{
		"1900-01-01": true, "2200-12-31": true, "2026-11-26": true, "2028-02-29": true,
		"1899-12-31": false, "2201-01-01": false, "0000-01-01": false, "0001-01-01": false, "9999-12-31": false,
		"2026-02-30": false, "26-11-2026": false, "": false, "2026-11-26T00:00": false,
	} {
		if got := InRange(s); got != want {
			t.Errorf("InRange(%q) = %v, want %v", s, got, want)
		}
		if _, err := Parse(s); (err == nil) != want || (err != nil && err.Error() != MsgRange) {
			t.Errorf("Parse(%q) = %v", s, err)
		}
	}
	if !Within(time.Date(2200, 12, 31, 23, 59, 0, 0, time.UTC)) || Within(time.Date(1899, 12, 31, 23, 0, 0, 0, time.UTC)) {
		t.Error("Within counts the day of the time")
	}
}
