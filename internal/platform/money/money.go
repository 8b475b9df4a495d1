// Package money formats amounts of integer pence the way the site shows them.
package money

import "fmt"

// Format gives pence as pounds with a thousands separator: £1,234.50.
func Format(pence int64) string {
	sign := ""
	if pence < 0 {
		sign, pence = "-", -pence
	}
	s := fmt.Sprint(pence / 100)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return fmt.Sprintf("%s£%s.%02d", sign, s, pence%100)
}
