package property

import (
	"context"
	"fmt"
	"slices"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// EPCEvidence reads the Energy Performance Certificate a landlord has
// recorded for a property (the documents area, connected at wiring time).
type EPCEvidence interface {
	// RecordedEPCRating is the rating of the property's current recorded
	// EPC, "" when none is recorded.
	RecordedEPCRating(ctx context.Context, ownerID, propertyID string) (string, error)
}

// SetEPCEvidence connects the recorded certificates (tests and tools may
// leave it unset: no rating is then compared).
func (s *Service) SetEPCEvidence(e EPCEvidence) { s.epc = e }

// MsgEPCNotAsRecorded refuses a listing's EPC rating that is not the
// rating of the EPC recorded for the home: a listing must not mislead.
const MsgEPCNotAsRecorded = "The EPC recorded for this home is rated %s: the listing must show the same rating."

// recordedEPC is the rating of the property's current recorded EPC ("" when
// none, or without evidence connected). It is read before the transaction
// that saves the listing: reads on the pool inside it can wait on SQLite.
func (s *Service) recordedEPC(ctx context.Context, ownerID, id string) (string, error) {
	if s.epc == nil {
		return "", nil
	}
	return s.epc.RecordedEPCRating(ctx, ownerID, id)
}

// epcError is the field error for a listing rated otherwise than its
// recorded EPC, or "".
func epcError(rating, recorded string) string {
	if recorded == "" || rating == "" || rating == recorded {
		return ""
	}
	return fmt.Sprintf(MsgEPCNotAsRecorded, recorded)
}

// AlignEPCRating gives the property the rating of the EPC just recorded
// for it (documents' durable job, queued with the certificate's change), so
// its listing never shows another rating. A home that the new rating puts
// below the minimum where it is, with no registered exemption, cannot be let
// there: its published listing is taken down, and publishing it again asks
// for the exemption. Nothing changes when the rating is already the
// recorded one, or the property is gone.
func (s *Service) AlignEPCRating(ctx context.Context, ownerID, id, rating string) error {
	if !slices.Contains(EPCRatings, rating) {
		return nil
	}
	return s.db.Tx(ctx, func(c db.Conn) error {
		p, err := lockOwn(ctx, c, s.db.Dialect, ownerID, id)
		if apperr.IsNotFound(err) {
			return nil
		}
		if err != nil || p.EPCRating == rating {
			return err
		}
		p.EPCRating = rating
		if !EPC.BelowMinimum(rating) {
			p.EPCExemption, p.EPCExemptionRef = "", ""
		}
		if p.Status == Published && len(listedLawWhereErrors(p)) > 0 {
			p.Status = Active
		}
		p.UpdatedAt = s.clock.Now().UTC()
		return updateDetails(ctx, c, p)
	})
}
