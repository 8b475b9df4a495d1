package repair

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/signing"
)

// DrawHistory draws a repair's history PDF without sealing it (a fixed
// reference), for the benchmark: each run draws, where HistoryPDF would
// answer the PDF already sealed for the same history.
func DrawHistory(ctx context.Context, s *Service, id string) ([]byte, error) {
	r, err := repairByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return nil, err
	}
	h, err := s.historyOf(ctx, r)
	if err != nil {
		return nil, err
	}
	return s.drawHistory(ctx, h, signing.Seal{PublicRef: "OR-BENC-HMRK", At: time.Now(), VerifyURL: "http://localhost/verify"})
}
