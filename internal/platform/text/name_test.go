package text

import "testing"

func TestValidName(t *testing.T) {
	for _, ok := range []string{
		"Ann Smith", "Zoë O'Brien-Łukasz", "José Álvarez", "王小明", "محمد علي", "Siân ap Rhys", "Ann 😀", "👩‍👩‍👧 Family", "مهدی\u200cپور", "",
	} {
		if !ValidName(ok) {
			t.Errorf("ValidName(%q) = false, want true", ok)
		}
	}
	for _, bad := range []string{
		"Ann\x00Smith", "Ann\r\nBcc: x@example.com", "Ann\nSmith", "Ann\rSmith", "Ann\tSmith", "Ann\x7f", "Ann\u0085",
		"Ann\u202eevil", "\u202aAnn", "\u202bAnn", "\u202cAnn", "\u202dAnn", "\u2066Ann\u2069", "\u2067Ann", "\u2068Ann",
		"Ann\u200e", "Ann\u200f", "Ann\u061c", "Ann\u2028Smith", "Ann\u2029Smith", "Ann\xffSmith",
	} {
		if ValidName(bad) {
			t.Errorf("ValidName(%q) = true, want false", bad)
		}
	}
}
