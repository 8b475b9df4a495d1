// Package otp makes the 6-digit one-time codes the platform e-mails (account
// confirmation, password reset, signing a document) and the keyed hash that
// is stored instead of a code, so a copy of the database reveals no working
// code. The areas keep their own rules of life, tries and resends.
package otp

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
)

// Length of a code.
const Length = 6

// New is a random 6-digit code.
func New() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// Sum is the HMAC-SHA256, keyed with secret, of the parts joined by "|"
// (what the code is for, whose it is, and the code), in hex.
func Sum(secret []byte, parts ...string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(strings.Join(parts, "|")))
	return hex.EncodeToString(m.Sum(nil))
}

// Equal compares two sums in constant time.
func Equal(a, b string) bool { return hmac.Equal([]byte(a), []byte(b)) }

// WellFormed reports whether code is exactly six ASCII digits.
func WellFormed(code string) bool {
	return len(code) == Length && strings.Trim(code, "0123456789") == ""
}
