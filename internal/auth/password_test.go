package auth

import "testing"

var cheap = Argon2Params{MemoryKiB: 8 * 1024, Time: 1, Threads: 1}

func TestHashAndCheckPassword(t *testing.T) {
	h, err := HashPassword(cheap, "Secret#123")
	if err != nil {
		t.Fatal(err)
	}
	if h[:10] != "$argon2id$" {
		t.Fatalf("not an argon2id hash: %s", h)
	}
	if ok, _ := CheckPassword(h, "Secret#123"); !ok {
		t.Fatal("right password refused")
	}
	if ok, _ := CheckPassword(h, "Secret#124"); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := HashPassword(cheap, "Secret#123")
	if h == h2 {
		t.Fatal("hashes are not salted")
	}
}

func TestSignupPasswordRule(t *testing.T) {
	for pw, want := range map[string]bool{
		"Abcdef1!":  true,
		"Abcde1!":   false, // 7 characters
		"abcdef1!":  false, // no uppercase
		"ABCDEF1!":  false, // no lowercase
		"Abcdefg!":  false, // no digit
		"Abcdefg1":  false, // no special
		"Abcdef1-":  true,
		"Abc def1!": false, // spaces not allowed
		"A1!" + string(make([]byte, 0)) + "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": false, // over 100
	} {
		if got := ValidSignupPassword(pw); got != want {
			t.Errorf("ValidSignupPassword(%q) = %v, want %v", pw, got, want)
		}
	}
}

func TestResetPasswordRule(t *testing.T) {
	for pw, want := range map[string]bool{
		"Newpass1!": true,
		"newpass1!": true,  // the reset rule does not require an uppercase
		"Newpass1-": false, // only !@#$%^&* count as special
		"Newpass!!": false, // no digit
		"Newpass11": false, // no special
		"Np1!":      false, // too short
	} {
		if got := ValidResetPassword(pw); got != want {
			t.Errorf("ValidResetPassword(%q) = %v, want %v", pw, got, want)
		}
	}
}
