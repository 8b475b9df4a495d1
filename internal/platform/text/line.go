package text

import (
	"strings"
	"unicode"
)

// SingleLine is the one cleaning of a typed single-line name or title (a
// file's name, an event's, a post's or a saved search's title, a
// certificate's or a category's name) before it is stored: what is kept
// shows as what it is, on one line, wherever it goes (a page, an e-mail's
// subject, a download's file name, a PDF).
//
//   - Control characters (C0 and C1, so CR, LF and tab too) and line and
//     paragraph separators become a space; runs of white space become one
//     space, and the ends are trimmed.
//   - Bidirectional controls (embeddings, overrides, isolates and the LRM,
//     RLM and ALM marks) are dropped: "inv\u202Efdp.pdf" would otherwise
//     show as another file type.
//   - Other invisible format characters that can hide or disguise text are
//     dropped: zero-width spaces, word joiners, soft hyphens, the BOM,
//     interlinear annotations, invisible operators, Hangul fillers and tag
//     characters. The zero-width joiner and non-joiner stay (scripts such
//     as Persian and emoji sequences need them), as do variation selectors
//     and the tags of a flag such as England's.
//   - Bytes that are not UTF-8 are dropped.
//
// Checks of length and of being empty come after it, so a title that is
// only line breaks is told it is required.
func SingleLine(s string) string {
	rs := []rune(strings.ToValidUTF8(s, ""))
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			b.WriteByte(' ')
		case r == '\U0001F3F4': // a black flag, perhaps with a subdivision's tags
			n := flagTags(rs[i+1:])
			b.WriteString(string(rs[i : i+1+n]))
			i += n
		case isBidiControl(r) || invisible(r):
		default:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// invisible reports whether r is a format character or a default-ignorable
// one that shows nothing, other than the joiners scripts and emoji need.
func invisible(r rune) bool {
	if r == '\u200C' || r == '\u200D' { // ZWNJ, ZWJ
		return false
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// flagTags is how many of rs, following a black flag, are an emoji tag
// sequence naming a region (tag letters and digits ended by CANCEL TAG, as
// in the flags of England, Scotland and Wales); 0 when they are not one,
// so tags hiding text after a flag are dropped with the others.
func flagTags(rs []rune) int {
	for i, r := range rs {
		switch {
		case r == '\U000E007F':
			if i >= 2 {
				return i + 1
			}
			return 0
		case i < 7 && (r >= '\U000E0030' && r <= '\U000E0039' || r >= '\U000E0061' && r <= '\U000E007A'):
		default:
			return 0
		}
	}
	return 0
}
