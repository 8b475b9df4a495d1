package pdf

import "unicode"

// PDF text is drawn glyph by glyph, left to right, with no shaping engine,
// so two things are done here before drawing:
//   - Arabic letters take their joined forms (isolated, final, initial,
//     medial) from Unicode's presentation forms, which the Arabic font
//     maps, and lam-alef becomes its ligature;
//   - right-to-left runs (Arabic, Hebrew) are put in visual order.
// The text stays searchable: a PDF reader gives the presentation forms
// back, which normalise (NFKC) to the letters typed.

// arabicForms gives, for each letter, its first presentation form
// (isolated; then final, initial, medial follow in that order) and whether
// it joins on both sides (dual) or only to the letter before it (right).
var arabicForms = map[rune]struct {
	isolated rune
	dual     bool
}{
	0x0621: {0xFE80, false}, // hamza: isolated only (no final form follows in use)
	0x0622: {0xFE81, false}, 0x0623: {0xFE83, false}, 0x0624: {0xFE85, false}, 0x0625: {0xFE87, false},
	0x0626: {0xFE89, true}, 0x0627: {0xFE8D, false}, 0x0628: {0xFE8F, true}, 0x0629: {0xFE93, false},
	0x062A: {0xFE95, true}, 0x062B: {0xFE99, true}, 0x062C: {0xFE9D, true}, 0x062D: {0xFEA1, true},
	0x062E: {0xFEA5, true}, 0x062F: {0xFEA9, false}, 0x0630: {0xFEAB, false}, 0x0631: {0xFEAD, false},
	0x0632: {0xFEAF, false}, 0x0633: {0xFEB1, true}, 0x0634: {0xFEB5, true}, 0x0635: {0xFEB9, true},
	0x0636: {0xFEBD, true}, 0x0637: {0xFEC1, true}, 0x0638: {0xFEC5, true}, 0x0639: {0xFEC9, true},
	0x063A: {0xFECD, true}, 0x0641: {0xFED1, true}, 0x0642: {0xFED5, true}, 0x0643: {0xFED9, true},
	0x0644: {0xFEDD, true}, 0x0645: {0xFEE1, true}, 0x0646: {0xFEE5, true}, 0x0647: {0xFEE9, true},
	0x0648: {0xFEED, false}, 0x0649: {0xFEEF, false}, 0x064A: {0xFEF1, true},
	// Persian and Urdu letters (Arabic Presentation Forms-A).
	0x067E: {0xFB56, true}, 0x0679: {0xFB66, true}, 0x0686: {0xFB7A, true}, 0x0688: {0xFB88, false},
	0x0691: {0xFB8C, false}, 0x0698: {0xFB8A, false}, 0x06A9: {0xFB8E, true}, 0x06AF: {0xFB92, true},
	0x06BE: {0xFBAA, true}, 0x06C1: {0xFBA6, true}, 0x06CC: {0xFBFC, true}, 0x06D2: {0xFBAE, false},
}

// lamAlef is the isolated lam-alef ligature for each alef (final is +1).
var lamAlef = map[rune]rune{0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB}

const tatweel = 0x0640

// transparent marks (harakat) sit on a letter and do not break joining.
func transparent(r rune) bool {
	return unicode.Is(unicode.Mn, r)
}

// joinsNext reports whether r connects to the letter after it.
func joinsNext(r rune) bool {
	if r == tatweel {
		return true
	}
	f, ok := arabicForms[r]
	return ok && f.dual
}

// joinsPrev reports whether r connects to the letter before it.
func joinsPrev(r rune) bool {
	_, ok := arabicForms[r]
	return (ok && r != 0x0621) || r == tatweel
}

// shapeArabic turns Arabic letters (in logical order) into their joined
// presentation forms; everything else is kept as it is.
func shapeArabic(in []rune) []rune {
	out := make([]rune, 0, len(in))
	neighbour := func(i, step int) rune { // the nearest letter that is not a mark
		for j := i + step; j >= 0 && j < len(in); j += step {
			if !transparent(in[j]) {
				return in[j]
			}
		}
		return 0
	}
	for i := 0; i < len(in); i++ {
		r := in[i]
		f, ok := arabicForms[r]
		if !ok {
			out = append(out, r)
			continue
		}
		prev := neighbour(i, -1)
		fromPrev := joinsNext(prev) && joinsPrev(r)
		if r == 0x0644 { // lam followed by an alef: one ligature
			if next := neighbour(i, 1); lamAlef[next] != 0 {
				lig := lamAlef[next]
				if fromPrev {
					lig++
				}
				out = append(out, lig)
				for i++; i < len(in) && in[i] != next; i++ {
					out = append(out, in[i]) // marks between lam and alef stay
				}
				continue
			}
		}
		toNext := f.dual && joinsPrev(neighbour(i, 1))
		switch {
		case fromPrev && toNext:
			out = append(out, f.isolated+3) // medial
		case toNext:
			out = append(out, f.isolated+2) // initial
		case fromPrev && r != 0x0621:
			out = append(out, f.isolated+1) // final
		default:
			out = append(out, f.isolated)
		}
	}
	return out
}

// rtl reports whether r is written right to left.
func rtl(r rune) bool {
	return unicode.Is(unicode.Arabic, r) || unicode.Is(unicode.Hebrew, r)
}

// strongLTR reports whether r is a letter or digit written left to right.
func strongLTR(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !rtl(r)
}

// visual puts a line (logical order, in a left-to-right document) in the
// order it is drawn: each right-to-left stretch (right-to-left characters
// and the spaces and punctuation between them) is shaped and reversed.
func visual(s string) []rune {
	in := []rune(s)
	out := make([]rune, 0, len(in))
	for i := 0; i < len(in); {
		if !rtl(in[i]) {
			out = append(out, in[i])
			i++
			continue
		}
		// The stretch runs to the last right-to-left character before the
		// next left-to-right letter or digit.
		end, last := i, i
		for end < len(in) && !strongLTR(in[end]) {
			if rtl(in[end]) || transparent(in[end]) {
				last = end
			}
			end++
		}
		seg := shapeArabic(in[i : last+1])
		for j := len(seg) - 1; j >= 0; j-- {
			out = append(out, seg[j])
		}
		i = last + 1
	}
	return out
}
