package contract

import (
	"context"
	"fmt"
	"io"
	"net/url"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// Certificate is one certificate a let property needs (gas safety where
// there is gas, EICR, EPC), as the documents area keeps it, read through
// Certificates (wired in internal/app).
type Certificate struct {
	Name         string
	Missing      bool
	CertID       string
	ExpiresOn    string // YYYY-MM-DD
	Rating       string
	RatingTooLow bool
	MinRating    string
	Files        []CertificateFile
	// Deposit marks the deposit's papers (protection certificate,
	// prescribed information): given to tenants of an agreement that takes
	// a deposit, listed only once the landlord has added them.
	Deposit bool
}

// CertificateFile is a copy of a certificate the tenant can download.
type CertificateFile struct{ ID, Filename string }

// Certificates is what agreements need from the documents area: the
// property's current certificates for letting, and a copy's content.
type Certificates interface {
	ForLetting(ctx context.Context, ownerID, propertyID string) ([]Certificate, error)
	Open(ctx context.Context, ownerID, propertyID, certID, fileID string) (io.ReadCloser, string, string, error)
}

// UseCertificates wires the documents area's certificates.
func (s *Service) UseCertificates(c Certificates) { s.certs = c }

// DepositCertificates answer the deposit protection certificate the
// landlord added where the deposit's protection is recorded (issue 45,
// internal/deposit through internal/app): its file's name, "" for none.
type DepositCertificates interface {
	DepositCertificate(ctx context.Context, contractID string) (filename string, err error)
}

// UseDepositCertificates wires the deposit area's certificates.
func (s *Service) UseDepositCertificates(d DepositCertificates) { s.depositCerts = d }

// CertificateWarnings are what Sign and Send warns the landlord of: a
// certificate the property needs that is missing, expires before the
// tenancy starts, has a rating too low to let, or has no copy to give the
// tenant.
func (s *Service) certificateWarnings(ctx context.Context, c Contract) ([]string, error) {
	if s.certs == nil {
		return nil, nil
	}
	list, err := s.certs.ForLetting(ctx, c.LandlordID, c.PropertyID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, ct := range list {
		if ct.Deposit {
			continue
		}
		switch {
		case ct.Missing:
			out = append(out, fmt.Sprintf("There is no %s for this property. A let property must have a valid one: add it under Documents.", ct.Name))
		case ct.ExpiresOn != "" && c.Answers.StartDate != "" && ct.ExpiresOn < c.Answers.StartDate:
			out = append(out, fmt.Sprintf("The %s expires on %s, before the tenancy starts on %s.", ct.Name, longDate(ct.ExpiresOn), longDate(c.Answers.StartDate)))
		case ct.RatingTooLow:
			out = append(out, fmt.Sprintf("The EPC rating is %s: a property must be rated %s or better to be let.", ct.Rating, ct.MinRating))
		case len(ct.Files) == 0:
			out = append(out, fmt.Sprintf("You have no copy of the %s on OmniRent to give the tenant with the agreement.", ct.Name))
		}
	}
	return out, nil
}

// CertificateCopy is a copy of a certificate as the agreement's page lists it.
type CertificateCopy struct {
	Name      string `json:"name"`
	ExpiresOn string `json:"expiresOn"`
	Filename  string `json:"filename"`
	URL       string `json:"url"`
}

// certificateCopies are the copies the tenant receives with the agreement:
// the property's current certificates, once the agreement is sent.
func (s *Service) certificateCopies(ctx context.Context, c Contract) ([]CertificateCopy, error) {
	if s.certs == nil || c.Status == Draft {
		return nil, nil
	}
	list, err := s.certs.ForLetting(ctx, c.LandlordID, c.PropertyID)
	if err != nil {
		return nil, err
	}
	var out []CertificateCopy
	for _, ct := range list {
		if ct.Deposit && c.Answers.Deposit.Kind != DepositStandard {
			continue
		}
		for _, f := range ct.Files {
			out = append(out, CertificateCopy{Name: ct.Name, ExpiresOn: ct.ExpiresOn, Filename: f.Filename,
				URL: "/api/contracts/" + url.PathEscape(c.ID) + "/certificates/" + url.PathEscape(ct.CertID) + "/files/" + url.PathEscape(f.ID)})
		}
	}
	return out, nil
}

// CertificateFile opens a copy of a certificate for a party to a sent agreement.
func (s *Service) CertificateFile(ctx context.Context, a session.Actor, id, certID, fileID string) (io.ReadCloser, string, string, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return nil, "", "", err
	}
	if s.certs == nil || (c.Status == Draft && c.LandlordID != a.UserID) {
		return nil, "", "", apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return s.certs.Open(ctx, c.LandlordID, c.PropertyID, certID, fileID)
}

// certificateAttachments are the copies of the property's current
// certificates as e-mail attachments (what the tenant receives with the
// signed agreement), and the names of the certificates they are copies of.
// signing.Attach leaves out what does not fit the e-mail; every copy stays
// on the agreement's page.
func (s *Service) certificateAttachments(ctx context.Context, c Contract) ([]mail.Attachment, []string, error) {
	if s.certs == nil {
		return nil, nil, nil
	}
	list, err := s.certs.ForLetting(ctx, c.LandlordID, c.PropertyID)
	if err != nil {
		return nil, nil, err
	}
	var out []mail.Attachment
	var names []string
	for _, ct := range list {
		if ct.Missing || ct.CertID == "" || len(ct.Files) == 0 {
			continue
		}
		names = append(names, ct.Name)
		for _, f := range ct.Files {
			rc, filename, contentType, err := s.certs.Open(ctx, c.LandlordID, c.PropertyID, ct.CertID, f.ID)
			if err != nil {
				return nil, nil, err
			}
			b, err := io.ReadAll(io.LimitReader(rc, signing.MaxAttachBytes+1))
			rc.Close()
			if err != nil {
				return nil, nil, apperr.Wrap(err, "read certificate copy")
			}
			if len(b) > signing.MaxAttachBytes {
				continue // too large to send: its link is on the agreement's page
			}
			out = append(out, mail.Attachment{Name: filename, ContentType: contentType, Data: b})
		}
	}
	return out, names, nil
}
