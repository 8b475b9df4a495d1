package signing_test

import (
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/platform/mail"

	"github.com/omnirent/omnirent/internal/signing"
)

// A signature is bound to the exact text: one character changes the hash.
func TestHashChangesWithOneCharacter(t *testing.T) {
	a := []byte(`{"title":"Assured periodic tenancy agreement","rent":"£1,500.00 per month"}`)
	b := []byte(`{"title":"Assured periodic tenancy agreement","rent":"£1,600.00 per month"}`)
	if signing.Hash(a) == signing.Hash(b) || len(signing.Hash(a)) != 64 || signing.Hash(a) != signing.Hash(append([]byte{}, a...)) {
		t.Fatal("hash")
	}
}

// Next: the unsigned signers of the lowest stage with any.
func TestNextSigners(t *testing.T) {
	now := signing.Signer{}.SignedAt
	_ = now
	e := signing.Envelope{Signers: []signing.Signer{{Position: 0, Stage: 0, Name: "L"}, {Position: 1, Stage: 1, Name: "T1"}, {Position: 2, Stage: 1, Name: "T2"}, {Position: 3, Stage: 2, Name: "G"}}}
	names := func() (out []string) {
		for _, s := range e.Next() {
			out = append(out, s.Name)
		}
		return
	}
	if n := names(); len(n) != 1 || n[0] != "L" {
		t.Fatalf("first: %v", n)
	}
	at := e.CreatedAt
	e.Signers[0].SignedAt = &at
	if n := names(); len(n) != 2 || n[0] != "T1" || n[1] != "T2" {
		t.Fatalf("tenants together: %v", n)
	}
	e.Signers[2].SignedAt = &at
	if n := names(); len(n) != 1 || n[0] != "T1" {
		t.Fatalf("the other tenant: %v", n)
	}
	if e.Complete() {
		t.Fatal("complete too early")
	}
	e.Signers[1].SignedAt, e.Signers[3].SignedAt = &at, &at
	if !e.Complete() || len(e.Next()) != 0 {
		t.Fatal("complete")
	}
}

// Attach keeps an e-mail's attachments within MaxAttachBytes in all: the
// sealed PDF first, then the area's copies in order, leaving out each one
// that no longer fits (its link is in the text).
func TestAttachKeepsTheTotalWithinTheLimit(t *testing.T) {
	mb := func(n int, name string) mail.Attachment {
		return mail.Attachment{Name: name, Data: make([]byte, n<<20)}
	}
	m := mail.Email{Attachments: []mail.Attachment{mb(3, "gas.pdf"), mb(2, "eicr.pdf"), mb(1, "epc.pdf")}}
	signing.Attach(&m, mb(6, "agreement.pdf"))
	var names []string
	total := 0
	for _, a := range m.Attachments {
		names = append(names, a.Name)
		total += len(a.Data)
	}
	if got := strings.Join(names, " "); got != "agreement.pdf gas.pdf epc.pdf" || total > signing.MaxAttachBytes {
		t.Errorf("attached %s (%d bytes)", got, total)
	}
	big := mail.Email{Attachments: []mail.Attachment{mb(1, "epc.pdf")}}
	signing.Attach(&big, mb(11, "agreement.pdf"))
	if len(big.Attachments) != 1 || big.Attachments[0].Name != "epc.pdf" {
		t.Errorf("a sealed PDF over the limit: %v", big.Attachments)
	}
}
