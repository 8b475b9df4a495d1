package payment

import (
	"context"
	"encoding/json"
)

// DrawReceipt draws a receipt's PDF as the service does.
var DrawReceipt = receiptPDF

// DrawReceiptsWith makes the service draw receipts with f (a slow or a
// counting drawer).
func (s *Service) DrawReceiptsWith(f func(Receipt) ([]byte, error)) { s.drawReceipt = f }

// CrashReceiptJobAt calls f at the receipt job's crash points ("drawn",
// "sent"); a panic there ends the run as a crash would, and the queue
// retries the job.
func (s *Service) CrashReceiptJobAt(f func(point string)) { s.receiptCrash = f }

// RunReceiptJob runs the receipt job of an order as a worker does.
func (s *Service) RunReceiptJob(ctx context.Context, orderID string) error {
	raw, _ := json.Marshal(receiptPayload{OrderID: orderID})
	return s.receiptJob(ctx, raw)
}
