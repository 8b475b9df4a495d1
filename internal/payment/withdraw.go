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

// WithdrawFor is how an area deletes a draft with a fee, in the caller's
// transaction: the draft's order is withdrawn first (its lock before the
// draft's, as a payment takes them), then lockDraft locks the draft and
// checks it may go, then the order is read again and withdrawn if one was
// made meanwhile (Sign and Send in another tab). seller nil (payments not
// wired) withdraws nothing. Agreements and reports both call it.
func WithdrawFor(ctx context.Context, tx db.Conn, seller Seller, orderOf func() (string, error), lockDraft func() error) error {
	if seller == nil {
		return lockDraft()
	}
	orderID, err := orderOf()
	if err != nil {
		return err
	}
	if err := seller.Withdraw(ctx, tx, orderID); err != nil {
		return err
	}
	if err := lockDraft(); err != nil {
		return err
	}
	if now, err := orderOf(); err != nil {
		return err
	} else if now != orderID {
		return seller.Withdraw(ctx, tx, now)
	}
	return nil
}
