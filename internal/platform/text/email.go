package text

import (
	"net/mail"
	"strings"
)

// NormaliseEmail lower-cases and trims; e-mails are matched case-insensitively.
func NormaliseEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// ValidEmail reports whether e (already normalised) is a plain address.
func ValidEmail(e string) bool {
	if e == "" || len(e) > 254 {
		return false
	}
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && a.Name == "" && strings.Contains(e[strings.LastIndex(e, "@"):], ".")
}
