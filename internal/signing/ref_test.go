package signing

import (
	"regexp"
	"testing"
)

// A public reference is OR- and two groups of four characters without
// look-alikes; a person may type it in any case, with spaces or without
// OR and the dashes. A document sealed before references has one made of
// its id's first eight hexadecimal characters (migration 00030).
func TestPublicRef(t *testing.T) {
	shape := regexp.MustCompile(`^OR-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$`)
	seen := map[string]bool{}
	for range 2000 {
		r := newPublicRef()
		if !shape.MatchString(r) || seen[r] {
			t.Fatalf("reference %q (seen before: %v)", r, seen[r])
		}
		seen[r] = true
		if normalRef(r) != r {
			t.Fatalf("normalRef(%q) = %q", r, normalRef(r))
		}
	}
	for in, want := range map[string]string{
		"or-7k3f-9qx2": "OR-7K3F-9QX2", " 7K3F 9QX2 ": "OR-7K3F-9QX2", "7k3f9qx2": "OR-7K3F-9QX2",
		"OR-0A1B-2C3D": "OR-0A1B-2C3D", // from a legacy id
		"OR-7K3F-9QX":  "", "hello world": "", "OR-7K3F-9QX2-1": "", "": "",
	} {
		if got := normalRef(in); got != want {
			t.Errorf("normalRef(%q) = %q, want %q", in, got, want)
		}
	}
}
