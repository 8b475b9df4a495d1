package geo

import "strings"

// Letter sets of the Royal Mail / ONS postcode pattern.
const (
	pos1Letters   = "ABCDEFGHIJKLMNOPRSTUWYZ" // first letter: not Q, V, X
	pos2Letters   = "ABCDEFGHKLMNOPQRSTUVWXY" // second letter: not I, J, Z
	pos3Letters   = "ABCDEFGHJKPSTUW"         // third position of A9A
	pos4Letters   = "ABEHMNPRVWXY"            // fourth position of AA9A
	inwardLetters = "ABDEFGHJLNPQRSTUWXYZ"    // inward letters: not C, I, K, M, O, V
	maxInput      = 32                        // longer input is rejected before any work
)

// NormalisePostcode validates a full UK postcode and returns it upper-cased
// with a single space between the outward and inward codes ("sw1a1aa" ->
// "SW1A 1AA"). Leading and trailing white space is ignored; inside the
// postcode, white space is allowed only between the outward and inward code.
// The outward code must be one of A9, A99, AA9, AA99, A9A or AA9A and the
// inward code 9AA, with the letters each position allows in the Royal Mail /
// ONS pattern. The special postcode GIR 0AA is accepted too.
func NormalisePostcode(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxInput {
		return "", false
	}
	var out, in string
	if f := strings.Fields(s); len(f) == 2 {
		out, in = f[0], f[1]
	} else if len(f) == 1 && len(s) > 3 {
		out, in = s[:len(s)-3], s[len(s)-3:]
	} else {
		return "", false
	}
	out, in = upperASCII(out), upperASCII(in)
	if out == "GIR" && in == "0AA" {
		return "GIR 0AA", true
	}
	if !validOutward(out) || !validInward(in) {
		return "", false
	}
	return out + " " + in, true
}

// Outcode returns the outward code of a postcode ("SW1A 1AA" -> "SW1A"). The
// postcode is normalised first, so "sw1a1aa" gives "SW1A" too; an invalid
// postcode gives "".
func Outcode(postcode string) string {
	n, ok := NormalisePostcode(postcode)
	if !ok {
		return ""
	}
	out, _, _ := strings.Cut(n, " ")
	return out
}

// validOutward reports whether s (upper case) has the form of an outward code.
func validOutward(s string) bool {
	switch len(s) {
	case 2: // A9
		return in(s[0], pos1Letters) && isDigit(s[1])
	case 3: // A99, AA9, A9A
		switch {
		case !in(s[0], pos1Letters):
			return false
		case isDigit(s[1]) && isDigit(s[2]): // A99
			return true
		case in(s[1], pos2Letters) && isDigit(s[2]): // AA9
			return true
		case isDigit(s[1]) && in(s[2], pos3Letters): // A9A
			return true
		}
		return false
	case 4: // AA99, AA9A
		return in(s[0], pos1Letters) && in(s[1], pos2Letters) && isDigit(s[2]) &&
			(isDigit(s[3]) || in(s[3], pos4Letters))
	}
	return false
}

func validInward(s string) bool {
	return len(s) == 3 && isDigit(s[0]) && in(s[1], inwardLetters) && in(s[2], inwardLetters)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func in(c byte, set string) bool { return strings.IndexByte(set, c) >= 0 }

// upperASCII upper-cases ASCII letters only, so that no non-ASCII rune (such as
// U+017F, whose upper case is "S") can turn into a valid postcode letter.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
