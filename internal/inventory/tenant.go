package inventory

import (
	"context"

	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// TenantReport is a report sent to the signed-in tenant, as their home
// lists it: what kind, for which home, its state in words, whether they
// have signed, and where to read, sign or dispute it.
type TenantReport struct {
	ID         string   `json:"id"`
	Type       string   `json:"type"`
	Property   Property `json:"property"`
	Status     string   `json:"status"`
	StatusText string   `json:"statusText"`
	Signed     bool     `json:"signed"`
	CanSign    bool     `json:"canSign"`
	Link       string   `json:"link"`
}

// ForParty lists the reports sent to the actor as a party (never their
// own drafts or reports they created), newest first.
func (s *Service) ForParty(ctx context.Context, a session.Actor) ([]TenantReport, error) {
	var out []TenantReport
	for _, view := range []ListView{ViewActive, ViewCompleted} {
		list, err := s.List(ctx, a, view, "")
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			if r.Mine {
				continue
			}
			st, err := s.Signing(ctx, a, r.ID)
			if err != nil {
				return nil, err
			}
			tr := TenantReport{ID: r.ID, Type: r.Type, Property: r.Property, Status: r.Status, StatusText: StatusText(r.Status),
				CanSign: st.CanSign, Link: "/NewReport?id=" + r.ID + "&view=preview"}
			if sg, ok := signing.SignerFor(st.Envelope, a); ok {
				tr.Signed = sg.Signed()
			}
			out = append(out, tr)
		}
	}
	if out == nil {
		out = []TenantReport{}
	}
	return out, nil
}
