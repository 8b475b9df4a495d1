package money

import "testing"

func TestFormat(t *testing.T) {
	for pence, want := range map[int64]string{0: "£0.00", 5: "£0.05", 899: "£8.99", 185000: "£1,850.00", 123456789: "£1,234,567.89", -1050: "-£10.50"} {
		if got := Format(pence); got != want {
			t.Errorf("Format(%d) = %q, want %q", pence, got, want)
		}
	}
}
