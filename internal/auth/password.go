package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"unicode"

	"golang.org/x/crypto/argon2"
)

// Argon2Params are the cost of one password hash. Production defaults are
// tuned so one hash costs 50-100 ms on the target machine (docs/perf.md).
type Argon2Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

const saltLen, keyLen = 16, 32

// hashSlots bounds how many argon2id hashes run at once. Each takes tens of
// MiB and a whole core, so running more than the machine has cores only adds
// memory churn and makes every sign-in in the queue slower (docs/perf.md).
var hashSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

func idKey(password, salt []byte, p Argon2Params, n uint32) []byte {
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	return argon2.IDKey(password, salt, p.Time, p.MemoryKiB, p.Threads, n)
}

// HashPassword returns a PHC-format argon2id string carrying its parameters,
// so they can be raised later without breaking existing hashes.
func HashPassword(p Argon2Params, password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := idKey([]byte(password), salt, p, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword compares in constant time.
func CheckPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("unknown password hash format")
	}
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil {
		return false, err
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := idKey([]byte(password), salt, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// ValidSignupPassword is the registration rule (spec 1 section 5): 8 to 100
// characters with a lowercase and an uppercase letter, a digit and a special
// character.
func ValidSignupPassword(pw string) bool {
	n := len([]rune(pw))
	if n < 8 || n > 100 {
		return false
	}
	var lower, upper, digit, special bool
	for _, r := range pw {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		case unicode.IsSpace(r):
			return false
		default:
			special = true
		}
	}
	return lower && upper && digit && special
}

// resetSpecials are the only special characters the reset and change rules allow.
const resetSpecials = "!@#$%^&*"

// ValidResetPassword is the reset/change rule (spec 1 section 5, spec 3
// section 5): 8 to 100 characters of letters, digits and !@#$%^&*, with at
// least one digit and one special character.
func ValidResetPassword(pw string) bool {
	n := len(pw)
	if n < 8 || n > 100 {
		return false
	}
	var digit, special bool
	for _, r := range pw {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(resetSpecials, r):
			special = true
		default:
			return false
		}
	}
	return digit && special
}
