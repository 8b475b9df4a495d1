package signing

import (
	"crypto/rand"
	"strings"
)

// A signed document's public reference, "OR-7K3F-9QX2": what its PDF and
// e-mails print and /verify accepts, in place of the internal id. Eight
// characters from an alphabet without the look-alikes 0/O, 1/I/L and U
// (30^8, about 6.6 * 10^11 references), drawn at random when the envelope
// is made and kept unique by the database (a clash, about one in 10^11 a
// document, fails that request, which can be sent again).
const refAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

func newPublicRef() string {
	var chars []byte
	var b [16]byte
	for len(chars) < 8 {
		if _, err := rand.Read(b[:]); err != nil {
			panic(err) // crypto/rand does not fail on supported systems
		}
		for _, c := range b {
			// 240 = 8 * 30: a byte below it picks each character alike.
			if c < 240 && len(chars) < 8 {
				chars = append(chars, refAlphabet[int(c)%len(refAlphabet)])
			}
		}
	}
	return "OR-" + string(chars[:4]) + "-" + string(chars[4:])
}

// normalRef reads a reference as a person may type it: any case, with or
// without "OR" and the dashes, with spaces; "" when it is not one. A
// reference of a document made before references existed is read the same
// way (its characters are hexadecimal).
func normalRef(s string) string {
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	s = strings.ReplaceAll(s, "-", "")
	s = strings.TrimPrefix(s, "OR")
	if len(s) != 8 {
		return ""
	}
	for _, c := range s {
		if !strings.ContainsRune(refAlphabet, c) && !strings.ContainsRune("0123456789ABCDEF", c) {
			return ""
		}
	}
	return "OR-" + s[:4] + "-" + s[4:]
}
