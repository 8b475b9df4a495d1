package documents

import (
	"context"
	"encoding/json"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The listing's EPC rating is the recorded EPC's: when an EPC is recorded,
// edited or deleted (so one it had replaced is current again), a job
// queued in the same transaction gives the property the current EPC's
// rating (Properties.AlignEPCRating). It is durable: a crash after the
// certificate's commit leaves the job, run at the next start. The property
// area refuses a listing rated otherwise while the certificate stands.

const epcListingJob = "documents.epc-listing"

type epcListingPayload struct {
	OwnerID    string `json:"ownerId"`
	PropertyID string `json:"propertyId"`
}

// queueEPCListing queues the alignment of the property's listing, in the
// caller's transaction, when the certificate is an EPC.
func (s *Service) queueEPCListing(ctx context.Context, tx db.Conn, c Certificate) error {
	if s.d.Jobs == nil || c.Type != EPC {
		return nil
	}
	return apperr.Wrap(s.d.Jobs.Enqueue(ctx, tx, epcListingJob, epcListingPayload{OwnerID: c.OwnerID, PropertyID: c.PropertyID}, 5), "queue EPC listing")
}

func (s *Service) epcListingJob(ctx context.Context, raw json.RawMessage) error {
	var p epcListingPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	rating, err := s.RecordedEPCRating(ctx, p.OwnerID, p.PropertyID)
	if err != nil || rating == "" {
		return err
	}
	return s.d.Properties.AlignEPCRating(ctx, p.OwnerID, p.PropertyID, rating)
}

// RecordedEPCRating is the rating of the property's current EPC among the
// owner's own certificates, "" when none is current (or it has no rating).
func (s *Service) RecordedEPCRating(ctx context.Context, ownerID, propertyID string) (string, error) {
	certs, err := s.load(ctx, ownerID, propertyID)
	if err != nil {
		return "", err
	}
	current := currentOf(certs)
	for _, c := range certs {
		if c.Type == EPC && c.PropertyID == propertyID && current[c.Key()] {
			return c.EPCRating, nil
		}
	}
	return "", nil
}
