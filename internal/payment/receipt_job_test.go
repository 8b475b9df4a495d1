package payment_test

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// receiptMails are the receipt e-mails in the outbox to the buyer, by
// subject: "Your OmniRent receipt OR-...: £...".
func receiptMails(t *testing.T, e *apptest.Env) map[string]int {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), buyerEmail, 1000)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, m := range msgs {
		if strings.HasPrefix(m.Subject, "Your OmniRent receipt ") {
			out[m.Subject]++
			if len(m.Attachments) != 1 || m.Attachments[0].ContentType != "application/pdf" {
				t.Errorf("%s: %d attachments", m.Subject, len(m.Attachments))
			}
		}
	}
	return out
}

func receiptSubject(number string) string { return "Your OmniRent receipt " + number + ": £8.99" }

// countingDrawer draws receipts as the service does and counts the drawings.
func countingDrawer(e *apptest.Env) *atomic.Int32 {
	var n atomic.Int32
	e.App.Payments.DrawReceiptsWith(func(r payment.Receipt) ([]byte, error) {
		n.Add(1)
		return payment.DrawReceipt(r)
	})
	return &n
}

// pay pays a one-check order by the sandbox card and answers its receipt number.
func (s shop) pay(t *testing.T, id string) string {
	t.Helper()
	r := s.buyer.Post("/api/orders/"+id+"/sandbox-payment", goodCard)
	no, _ := r.Body["order"].(map[string]any)["receiptNumber"].(string)
	if r.Status != http.StatusOK || !receiptNumberRe.MatchString(no) {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	return no
}

// The payment's transaction, which holds the receipt counter's row, draws
// nothing: the payment answers with its receipt number and no PDF has been
// drawn. The receipt and its PDF are there at once (drawn when asked for);
// the receipt e-mail, with the PDF attached, is sent by the job enqueued
// with the payment, once however often the queue is run.
func TestReceiptDrawnAfterThePaymentCommits(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		draws := countingDrawer(e)
		number := s.pay(t, s.order(t, 1))
		if n := draws.Load(); n != 0 {
			t.Fatalf("the payment drew the receipt %d times", n)
		}
		if got := receiptMails(t, e); len(got) != 0 {
			t.Fatalf("a receipt e-mail before its job ran: %v", got)
		}
		// Before the job: the receipt page and its PDF.
		if r := s.buyer.Get("/api/receipts/" + number); r.Status != http.StatusOK {
			t.Fatalf("receipt before the job: %d %s", r.Status, r.Raw)
		}
		r := s.buyer.Get("/api/receipts/" + number + "/pdf")
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" ||
			!strings.Contains(pdftest.Text(t, []byte(r.Raw)), number) || draws.Load() != 1 {
			t.Fatalf("PDF before the job: %d, drawn %d times", r.Status, draws.Load())
		}
		e.RunJobs()
		e.RunJobs()
		if got := receiptMails(t, e); len(got) != 1 || got[receiptSubject(number)] != 1 {
			t.Fatalf("receipt e-mails: %v", got)
		}
		if n := draws.Load(); n != 2 { // the download, then the e-mail's
			t.Fatalf("drawn %d times", n)
		}
	})
}

// While a receipt is being drawn (the drawer held until the payments are
// done), payments of other orders, eight at once, complete with their own
// receipt numbers: neither the payment nor the job holds the receipt
// counter's row (or SQLite's write lock) while drawing. Then every receipt
// is e-mailed once.
//
// Before the fix (the PDF drawn in the payment's transaction) the first
// payment waited on the held drawer with the counter's row locked and the
// others queued behind it: every round timed out.
func TestPaymentsDoNotWaitForAReceiptBeingDrawn(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		racetest.Rounds(t, 3, func(t *testing.T, round int) {
			entered, release := make(chan struct{}), make(chan struct{})
			var once sync.Once
			e.App.Payments.DrawReceiptsWith(func(r payment.Receipt) ([]byte, error) {
				held := false
				once.Do(func() { held = true })
				if held {
					close(entered)
					<-release
				}
				return payment.DrawReceipt(r)
			})
			released := sync.OnceFunc(func() { close(release) })
			defer released()
			defer e.App.Payments.DrawReceiptsWith(payment.DrawReceipt)

			first := s.order(t, 1)
			const n = 8
			ids := make([]string, n)
			for i := range ids {
				ids[i] = s.order(t, 1)
			}
			// The first payment, then its receipt job, held in the drawing.
			paid := make(chan apptest.Response, 1)
			go func() { paid <- s.buyer.Post("/api/orders/"+first+"/sandbox-payment", goodCard) }()
			var firstNo string
			select {
			case r := <-paid:
				firstNo, _ = r.Body["order"].(map[string]any)["receiptNumber"].(string)
				if r.Status != http.StatusOK || firstNo == "" {
					t.Fatalf("first payment: %d %s", r.Status, r.Raw)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the first payment waited for its receipt to be drawn")
			}
			jobDone := make(chan error, 1)
			go func() { // a worker: every due job, the held one among them
				for {
					ran, err := e.App.Jobs.RunOnce(context.Background())
					if err != nil || !ran {
						jobDone <- err
						return
					}
				}
			}()
			select {
			case <-entered:
			case err := <-jobDone:
				t.Fatalf("the receipt job ended without drawing: %v", err)
			case <-time.After(30 * time.Second):
				t.Fatal("the receipt job did not start drawing")
			}

			// Eight payments while the drawing is held.
			done := make(chan []apptest.Response, 1)
			go func() {
				done <- racetest.Together(n, func(i int) apptest.Response {
					return s.buyer.Post("/api/orders/"+ids[i]+"/sandbox-payment", goodCard)
				})
			}()
			var results []apptest.Response
			select {
			case results = <-done:
			case <-time.After(30 * time.Second):
				released()
				<-done
				t.Fatal("payments waited for a receipt being drawn")
			}
			numbers := map[string]bool{firstNo: true}
			for _, r := range results {
				no, _ := r.Body["order"].(map[string]any)["receiptNumber"].(string)
				if r.Status != http.StatusOK || no == "" || numbers[no] {
					t.Fatalf("payment while drawing: %d %q %s", r.Status, no, r.Raw)
				}
				numbers[no] = true
			}
			released()
			if err := <-jobDone; err != nil {
				t.Fatal(err)
			}
			e.RunJobs()
			got := receiptMails(t, e)
			for no := range numbers {
				if got[receiptSubject(no)] != 1 {
					t.Errorf("%s: %d e-mails", no, got[receiptSubject(no)])
				}
			}
			if len(got) != round*(n+1) {
				t.Errorf("%d receipts e-mailed after %d rounds of %d", len(got), round, n+1)
			}
		})
	})
}

// The receipt job run by several workers at once (a lease run out while the
// first was still drawing): one e-mail. Marking the order's receipt sent
// and queueing the e-mail are one transaction, and the mark is taken only
// while it is empty.
func TestReceiptJobRunTogetherSendsOneEmail(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		s := open(t, e)
		racetest.Rounds(t, 10, func(t *testing.T, round int) {
			id := s.order(t, 1)
			number := s.pay(t, id)
			errs := racetest.Together(6, func(int) error { return e.App.Payments.RunReceiptJob(context.Background(), id) })
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			e.RunJobs() // the job the payment enqueued finds it sent
			if got := receiptMails(t, e); got[receiptSubject(number)] != 1 || len(got) != round {
				t.Fatalf("receipt e-mails: %v", got)
			}
		})
	})
}

// A crash in the receipt job, before the e-mail is queued or just after it
// was committed: the queue runs the job again after its back-off, and the
// buyer has one receipt e-mail either way; the job ends done.
func TestReceiptJobAfterACrash(t *testing.T) {
	for _, point := range []string{"drawn", "sent"} {
		t.Run(point, func(t *testing.T) {
			apptest.Each(t, func(t *testing.T, e *apptest.Env) {
				s := open(t, e)
				var crashes atomic.Int32
				e.App.Payments.CrashReceiptJobAt(func(p string) {
					if p == point && crashes.Add(1) == 1 {
						panic("crash at " + p)
					}
				})
				number := s.pay(t, s.order(t, 1))
				e.RunJobs()
				want := 0
				if point == "sent" {
					want = 1 // committed before the crash
				}
				if got := receiptMails(t, e); got[receiptSubject(number)] != want || crashes.Load() != 1 {
					t.Fatalf("after the crash: %v (%d crashes)", got, crashes.Load())
				}
				e.Clock.Advance(time.Minute) // past the retry's back-off
				e.RunJobs()
				if got := receiptMails(t, e); got[receiptSubject(number)] != 1 || len(got) != 1 {
					t.Fatalf("after the retry: %v", got)
				}
				var done, attempts int
				if err := e.App.DB.Conn().QueryRow(context.Background(),
					`SELECT COUNT(done_at), MAX(attempts) FROM jobs WHERE kind = 'payment.receipt'`).Scan(&done, &attempts); err != nil || done != 1 || attempts != 2 {
					t.Fatalf("the job: done %d, attempts %d, %v", done, attempts, err)
				}
			})
		})
	}
}

// Step 00046 marks the receipts of orders paid before it as sent (they were
// e-mailed with the payment), and no pending order's.
func TestMigrationMarksEarlierReceiptsSent(t *testing.T) {
	dbtest.Migrated(t, 45, []string{
		`INSERT INTO users (id, email, full_name, user_type, password_hash, created_at, updated_at)
			VALUES ('u1', 'lord@example.com', 'Lord', 'Landlord', 'x', 1, 1)`,
		`INSERT INTO orders (id, user_id, order_type, status, lines, total_pence, receipt_email, paid_at, created_at, updated_at, receipt_no)
			VALUES ('paid', 'u1', 'reference-check', 'paid', '[]', 899, 'lord@example.com', 2000, 1, 1, 1)`,
		`INSERT INTO orders (id, user_id, order_type, status, lines, total_pence, receipt_email, paid_at, created_at, updated_at)
			VALUES ('pending', 'u1', 'reference-check', 'pending', '[]', 899, 'lord@example.com', NULL, 1, 1)`,
	}, func(t *testing.T, d *db.DB) {
		for id, want := range map[string]sql.NullInt64{"paid": {Int64: 2000, Valid: true}, "pending": {}} {
			var got sql.NullInt64
			if err := d.Conn().QueryRow(context.Background(), `SELECT receipt_sent_at FROM orders WHERE id = ?`, id).Scan(&got); err != nil || got != want {
				t.Errorf("%s: %v %v, want %v", id, got, err, want)
			}
		}
	})
}
