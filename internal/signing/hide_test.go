package signing_test

import (
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/signing"
)

// Issue 27: a party sees the others' names and progress, never their
// e-mail addresses, in the signers or the audit events; their own stays.
func TestHideOthers(t *testing.T) {
	st := signing.StateJSON{
		Signers: []signing.SignerJSON{
			{Name: "Lara Lord", Email: "lord@example.com", Role: signing.Landlord, Signed: true},
			{Name: "Tom Tenant", Email: "tom@example.com", Role: signing.Tenant, Me: true},
			{Name: "Tess Tenant", Email: "Tess@Example.com", Role: signing.Tenant, Signed: true},
		},
		Events: []signing.EventJSON{
			{Kind: "sent", Actor: "lord@example.com", Detail: "Sent to tom@example.com, TESS@example.com"},
			{Kind: "signed", Actor: "tess@example.com", Detail: "Tenant Tess Tenant typed their name"},
			{Kind: "viewed", Actor: "tom@example.com"},
			{Kind: "other", Actor: "someone@else.com"},
		},
	}
	st.HideOthers()
	if st.Signers[0].Email != "" || st.Signers[2].Email != "" || st.Signers[1].Email != "tom@example.com" {
		t.Errorf("signers: %+v", st.Signers)
	}
	if !st.Signers[2].Signed || st.Signers[2].Name != "Tess Tenant" {
		t.Errorf("progress lost: %+v", st.Signers[2])
	}
	if st.Events[0].Actor != "Lara Lord" || st.Events[1].Actor != "Tess Tenant" || st.Events[2].Actor != "tom@example.com" || st.Events[3].Actor != "Another party" {
		t.Errorf("actors: %+v", st.Events)
	}
	if strings.Contains(strings.ToLower(st.Events[0].Detail), "tess@") || !strings.Contains(st.Events[0].Detail, "Tess Tenant") {
		t.Errorf("detail: %q", st.Events[0].Detail)
	}
}
