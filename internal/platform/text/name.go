package text

import (
	"unicode"
	"unicode/utf8"
)

// MsgNameCharacters is the one answer, wherever a name is typed, for a name
// holding a character ValidName refuses.
const MsgNameCharacters = "Names cannot contain line breaks, control characters or text-direction marks."

// ValidName reports whether a free-text name (an account's full name, a
// renter's name, a blog author) is free of the characters that let a name
// break out of where it is shown: control characters (NUL, CR, LF, tab and
// every other Cc), line and paragraph separators, and the bidirectional
// formatting characters (embeddings, overrides, isolates and the
// left-to-right, right-to-left and Arabic letter marks) that reorder the
// text around them in e-mail subjects, PDFs and pages. Letters of every
// script, and the zero-width joiners some scripts and emoji need, are fine.
func ValidName(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || isBidiControl(r) || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

func isBidiControl(r rune) bool {
	switch {
	case r >= '\u202A' && r <= '\u202E': // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= '\u2066' && r <= '\u2069': // LRI, RLI, FSI, PDI
		return true
	case r == '\u200E' || r == '\u200F' || r == '\u061C': // LRM, RLM, ALM
		return true
	}
	return false
}
