// Package text holds small helpers for user-visible text.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Truncate shortens s to at most n characters (runes), cutting at a word
// boundary when one is near and adding "…" when anything was cut.
func Truncate(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return "…"
	}
	all := []rune(s)
	runes := all[:n-1] // leave room for the ellipsis
	cut := len(runes)
	// Prefer the last space in the final fifth, so words stay whole (unless
	// the kept part already ends with a whole word).
	for i := len(runes) - 1; i >= len(runes)*4/5 && !unicode.IsSpace(all[n-1]); i-- {
		if unicode.IsSpace(runes[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(runes[:cut]), func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }) + "…"
}

// Squash collapses runs of white space to single spaces.
func Squash(s string) string { return strings.Join(strings.Fields(s), " ") }
