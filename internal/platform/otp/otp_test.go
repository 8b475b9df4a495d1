package otp

import "testing"

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		c, err := New()
		if err != nil || !WellFormed(c) {
			t.Fatalf("%q %v", c, err)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Fatalf("only %d different codes in 200", len(seen))
	}
	for _, bad := range []string{"", "12345", "1234567", "12a456", " 12345", "١٢٣٤٥٦"} {
		if WellFormed(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
	a, b := Sum([]byte("k"), "user", "reset", "123456"), Sum([]byte("k"), "user", "reset", "123457")
	if a == b || !Equal(a, Sum([]byte("k"), "user", "reset", "123456")) || Equal(a, Sum([]byte("other"), "user", "reset", "123456")) {
		t.Fatal("sums")
	}
}
