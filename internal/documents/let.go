package documents

import (
	"context"
	"io"

	"github.com/omnirent/omnirent/internal/apperr"
)

// letProperties are the properties with an agreement sent for signing or
// signed: let, whether or not they are published.
func letProperties(contracts []Contract) map[string]bool {
	out := map[string]bool{}
	for _, c := range contracts {
		if c.Status != "Draft" {
			out[c.PropertyID] = true
		}
	}
	return out
}

// LetCertificate is one certificate a let property needs (gas safety
// where there is gas, EICR, EPC), with the current one if any: what the
// agreement's Sign and Send checks and what the tenant receives copies of.
type LetCertificate struct {
	Type, Name   string
	Missing      bool
	CertID       string // "" when missing or read from an inventory report
	ExpiresOn    string // YYYY-MM-DD
	Rating       string
	RatingTooLow bool
	MinRating    string
	Files        []File // the landlord's uploaded copies (not a report's photos)
	// Deposit marks the deposit's papers (tenantCopy: deposit), listed only
	// when the landlord has added them: the agreement's tenants get a copy
	// when it takes a deposit; Sign and Send does not ask for them.
	Deposit bool
}

// LetCertificates lists the certificates an owner's property needs to be
// let, each with its current certificate. A system reader: the caller
// has checked who asks (the agreement's landlord or its tenants).
func (s *Service) LetCertificates(ctx context.Context, ownerID, propertyID string) ([]LetCertificate, error) {
	gas, err := hasGas(ctx, s.d.DB.Conn(), propertyID)
	if err != nil {
		return nil, err
	}
	certs, err := s.load(ctx, ownerID, propertyID)
	if err != nil {
		return nil, err
	}
	current := currentOf(certs)
	var out []LetCertificate
	for _, t := range s.types.List {
		deposit := t.TenantCopy == TenantCopyDeposit
		if !t.Required(gas) && !deposit {
			continue
		}
		lc := LetCertificate{Type: t.ID, Name: t.Name, Missing: true, MinRating: t.MinRating, Deposit: deposit}
		for _, c := range certs {
			if c.Type != t.ID || c.PropertyID != propertyID || !current[c.Key()] {
				continue
			}
			lc.Missing, lc.ExpiresOn, lc.Rating, lc.RatingTooLow = false, c.ExpiresOn, c.EPCRating, t.RatingTooLow(c.EPCRating)
			if c.Source == nil {
				lc.CertID, lc.Files = c.ID, c.Files
			}
			break
		}
		if deposit && lc.Missing {
			continue
		}
		out = append(out, lc)
	}
	return out, nil
}

// OpenLetFile opens a file of a property's current let certificate, for
// the agreement's tenants (the caller has checked they are). Any other
// file is not found.
func (s *Service) OpenLetFile(ctx context.Context, ownerID, propertyID, certID, fileID string) (io.ReadCloser, File, error) {
	list, err := s.LetCertificates(ctx, ownerID, propertyID)
	if err != nil {
		return nil, File{}, err
	}
	for _, lc := range list {
		if lc.CertID == "" || lc.CertID != certID {
			continue
		}
		for _, f := range lc.Files {
			if f.ID == fileID {
				rc, _, err := s.d.Files.Get(ctx, f.StorageKey)
				if err != nil {
					return nil, File{}, apperr.Wrap(err, "open certificate file")
				}
				return rc, f, nil
			}
		}
	}
	return nil, File{}, apperr.New(apperr.NotFound, "not_found", MsgFileNotFound)
}
