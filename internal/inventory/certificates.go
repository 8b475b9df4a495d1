package inventory

import (
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// CertificateTerms is the law on how long a certificate lasts, from the
// documents area's catalogue (connected at wiring time): a certificate
// recorded in a report counts as a certificate there too (its expiry
// drives the landlord's compliance and reminders).
type CertificateTerms interface {
	// ReportExpiryLimit is, for a certificate of this kind seen on seenOn
	// (YYYY-MM-DD: it was issued that day at the latest), the latest expiry
	// the law allows and the message saying so; "" when the law fixes no
	// term for the kind.
	ReportExpiryLimit(kind, seenOn string) (latest, msg string)
}

// UseCertificateTerms connects the certificate catalogue (tests and tools
// may leave it unset: no term is then checked).
func (s *Service) UseCertificateTerms(t CertificateTerms) { s.terms = t }

// checkTerms refuses a certificate whose expiry is later than the law
// allows one issued today (an outside probe recorded an EPC expiring in
// 14 years, which the report printed, and which would count as the
// property's EPC until then).
func (s *Service) checkTerms(d Data) error {
	if s.terms == nil {
		return nil
	}
	today := s.clock.Now().In(clock.UK).Format(time.DateOnly)
	for _, doc := range d.Documents {
		if latest, msg := s.terms.ReportExpiryLimit(doc.Kind, today); latest != "" && doc.Expiry > latest {
			return fieldErr("documentsAndCompliance", msg)
		}
	}
	return nil
}

// expiredBefore says whether a certificate's expiry (YYYY-MM-DD) had passed
// on the UK day of t: served then, it was not valid.
func expiredBefore(expiry string, t time.Time) bool {
	return expiry != "" && expiry < t.In(clock.UK).Format(time.DateOnly)
}
