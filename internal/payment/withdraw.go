package payment

import (
	"context"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// MsgFeePaid refuses to delete a draft whose fee is paid.
const MsgFeePaid = "This draft's fee has been paid, so it is kept: sign and send it when you are ready."

// Withdraw takes back the pending order of a record being deleted (a draft
// agreement's fee, a draft report's), in the caller's transaction, with
// the order locked first (the lock a payment takes, and before the
// record's, as a payment's fulfilment takes them: no deadlock). A paid
// order is not withdrawn: 409 fee_paid, and the caller keeps its record. A
// pending one is removed, so a payment arriving after the deletion finds
// no order and charges nothing. An outside probe paid the fee of a draft
// deleted a moment before (or at the same instant), and got a receipt for
// an agreement that no longer existed. "" (no order yet) is nothing to do.
func (s *Service) Withdraw(ctx context.Context, tx db.Conn, orderID string) error {
	if orderID == "" {
		return nil
	}
	o, err := lockOrder(ctx, tx, orderID)
	if apperr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if o.Status == Paid {
		return apperr.New(apperr.Conflict, "fee_paid", MsgFeePaid)
	}
	return removeOrder(ctx, tx, o)
}
