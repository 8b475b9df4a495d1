package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncate(t *testing.T) {
	long := strings.Repeat("Renters' Rights Act changes ", 20)
	for _, n := range []int{118, 197, 162, 10} {
		got := Truncate(long, n)
		if utf8.RuneCountInString(got) > n || !strings.HasSuffix(got, "…") {
			t.Errorf("Truncate(%d) = %q (%d runes)", n, got, utf8.RuneCountInString(got))
		}
		if strings.HasSuffix(strings.TrimSuffix(got, "…"), " ") {
			t.Errorf("Truncate(%d) ends with a space: %q", n, got)
		}
	}
	if got := Truncate("short", 118); got != "short" {
		t.Errorf("short text changed: %q", got)
	}
	if got := Truncate(strings.Repeat("x", 200), 118); utf8.RuneCountInString(got) != 118 {
		t.Errorf("no spaces: %d runes", utf8.RuneCountInString(got))
	}
	if got := Truncate("Ünïcödé "+strings.Repeat("é", 200), 20); utf8.RuneCountInString(got) > 20 || !utf8.ValidString(got) {
		t.Errorf("multi-byte: %q", got)
	}
	if got := Truncate("The deposit cap is five weeks' rent. It applies to all new tenancies", 40); got != "The deposit cap is five weeks' rent. It…" {
		t.Errorf("word boundary: %q", got)
	}
}
