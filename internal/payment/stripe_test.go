package payment_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/build"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/promo"
)

const (
	testSecretKey     = "sk_test_omnirent"
	testPublishable   = "pk_test_omnirent"
	testWebhookSecret = "whsec_omnirent_test"
)

// stripeMock starts Stripe's own API mock (github.com/stripe/stripe-mock,
// which checks every request against Stripe's OpenAPI description) on a
// free port and returns its URL. Without the binary the test is skipped,
// except in CI (CI=1), where `make test` installs it and a skip would hide
// that the adapter went untested.
func stripeMock(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		bin = filepath.Join(build.Default.GOPATH, "bin", "stripe-mock")
		if _, err := os.Stat(bin); err != nil {
			msg := "stripe-mock not found on PATH or in $(go env GOPATH)/bin; install it with `make stripe-mock`"
			if os.Getenv("CI") != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	// Ports chosen by the system (both, or it takes 12112 for HTTPS and two
	// test binaries would collide); the HTTP one is read from its output.
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, w := io.Pipe()
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); _ = w.Close() })
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`Listening for HTTP at address: (\S+)`)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(20 * time.Second):
		t.Fatal("stripe-mock did not start")
		return ""
	}
}

// fakeStripe plays Stripe's PaymentIntent API with state, for what
// stripe-mock cannot do (it answers canned objects): keeping an intent,
// answering a repeated idempotency key with the first answer, and letting
// a test make an intent succeed behind our server's back.
type fakeStripe struct {
	*httptest.Server
	mu      sync.Mutex
	intents map[string]*stripe.PaymentIntent
	byKey   map[string]string // idempotency key -> intent id
	creates int
	fail    bool // answer 500 to everything
}

func newFakeStripe(t *testing.T) *fakeStripe {
	f := &fakeStripe{intents: map[string]*stripe.PaymentIntent{}, byKey: map[string]string{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeStripe) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if f.fail || r.Header.Get("Authorization") != "Bearer "+testSecretKey {
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"type":"api_error","message":"down"}}`))
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/payment_intents":
		key := r.Header.Get("Idempotency-Key")
		id, seen := f.byKey[key]
		if !seen || key == "" {
			_ = r.ParseForm()
			amount, _ := strconv.ParseInt(r.PostForm.Get("amount"), 10, 64)
			f.creates++
			id = fmt.Sprintf("pi_fake%d", f.creates)
			f.intents[id] = &stripe.PaymentIntent{ID: id, Object: "payment_intent", Amount: amount, Currency: stripe.Currency(r.PostForm.Get("currency")),
				Status: stripe.PaymentIntentStatusRequiresPaymentMethod, ClientSecret: id + "_secret_x",
				Metadata: map[string]string{"order_id": r.PostForm.Get("metadata[order_id]")}}
			f.byKey[key] = id
		}
		_ = json.NewEncoder(w).Encode(f.intents[id])
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/payment_intents/"):
		pi := f.intents[strings.TrimPrefix(r.URL.Path, "/v1/payment_intents/")]
		if pi == nil {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","code":"resource_missing"}}`))
			return
		}
		_ = json.NewEncoder(w).Encode(pi)
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

// succeed is the buyer paying in the browser: Stripe takes the money.
func (f *fakeStripe) succeed(id string, received int64) *stripe.PaymentIntent {
	f.mu.Lock()
	defer f.mu.Unlock()
	pi := f.intents[id]
	pi.Status, pi.AmountReceived = stripe.PaymentIntentStatusSucceeded, received
	cp := *pi
	return &cp
}

func (f *fakeStripe) keys() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for k := range f.byKey {
		out = append(out, k)
	}
	return out
}

// withStripe runs fn on each database with Stripe configured at apiURL
// (a function, as stripe-mock and the fake are started per test).
func withStripe(t *testing.T, apiURL func(t *testing.T) string, fn func(t *testing.T, s shop)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		url := apiURL(t)
		e := apptest.Start(t, d, func(c *config.Config) {
			c.Stripe = config.Stripe{SecretKey: testSecretKey, PublishableKey: testPublishable, WebhookSecret: testWebhookSecret, APIURL: url}
		})
		fn(t, open(t, e))
	})
}

// event is a Stripe event about a PaymentIntent, as Stripe sends it.
func event(id string, typ stripe.EventType, pi *stripe.PaymentIntent) []byte {
	obj, _ := json.Marshal(pi)
	b, _ := json.Marshal(map[string]any{"id": id, "object": "event", "api_version": stripe.APIVersion, "type": typ,
		"created": time.Now().Unix(), "data": map[string]any{"object": json.RawMessage(obj)}})
	return b
}

// deliver posts a webhook the way Stripe does: no cookies, no browser
// headers (Sec-Fetch-Site, Origin), signed at signedAt with secret.
func deliver(t *testing.T, e *apptest.Env, payload []byte, signedAt time.Time, secret string) int {
	t.Helper()
	sig := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: signedAt})
	req, _ := http.NewRequest(http.MethodPost, e.Server.URL+"/api/payments/stripe/webhook", bytes.NewReader(payload))
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("Stripe-Signature", sig.Header)
	req.Header.Set("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	return res.StatusCode
}

func (s shop) orderStatus(t *testing.T, id string) payment.Order {
	t.Helper()
	u, _ := s.e.App.Auth.UserByEmail(context.Background(), buyerEmail)
	o, err := s.e.App.Payments.Get(context.Background(), u.Actor(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func (s shop) paidOnce(t *testing.T, what string) {
	t.Helper()
	if n := s.fulfils.n.Load(); n != 1 {
		t.Fatalf("%s: fulfilled %d times", what, n)
	}
	s.e.RunJobs()                               // the receipts' jobs
	if n := s.e.MailCount(buyerEmail); n != 2 { // the verification code and one receipt
		t.Fatalf("%s: %d mails", what, n)
	}
}

// Against stripe-mock: the requests our adapter sends are ones Stripe's API
// accepts, and what it answers is read correctly.
func TestStripeCardPaymentAgainstStripeMock(t *testing.T) {
	withStripe(t, stripeMock, func(t *testing.T, s shop) {
		id := s.order(t, 1)
		base := "/api/orders/" + id
		if r := s.buyer.Get(base); r.Body["provider"] != "stripe" {
			t.Fatalf("provider: %s", r.Raw)
		}
		r := s.buyer.Post(base+"/card-payment", nil)
		if r.Status != 200 || r.Body["publishableKey"] != testPublishable || !strings.Contains(r.Body["clientSecret"].(string), "_secret_") {
			t.Fatalf("card-payment: %d %s", r.Status, r.Raw)
		}
		o := s.orderStatus(t, id)
		if o.Status != payment.Pending || o.Provider != "stripe" || !strings.HasPrefix(o.ProviderRef, "pi_") {
			t.Fatalf("order after starting: %+v", o)
		}
		// The page polls the order: the server retrieves the intent (stripe-mock's is unpaid).
		if r := s.buyer.Get(base); r.Status != 200 || status(r) != "pending" {
			t.Fatalf("get: %d %s", r.Status, r.Raw)
		}
		// Again: stripe-mock's retrieved intent is of another amount, so a new one is made.
		if r := s.buyer.Post(base+"/card-payment", nil); r.Status != 200 || r.Body["clientSecret"] == "" {
			t.Fatalf("card-payment again: %d %s", r.Status, r.Raw)
		}
		s.e.Clock.Advance(10 * time.Minute)
		if n, err := s.e.App.Payments.ReconcileOnce(context.Background()); err != nil || n != 0 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		// The sandbox form does not exist with Stripe.
		if r := s.buyer.Post(base+"/sandbox-payment", goodCard); r.Status != http.StatusNotFound {
			t.Fatalf("sandbox-payment with Stripe: %d", r.Status)
		}
		if s.orderStatus(t, id).Status != payment.Pending || s.fulfils.n.Load() != 0 {
			t.Fatal("an unpaid intent paid the order")
		}
	})
}

// The webhook pays an order once whatever Stripe sends, in whatever order,
// however often; it refuses bad signatures and replays of old deliveries.
func TestStripeWebhook(t *testing.T) {
	withStripe(t, func(t *testing.T) string { return newFakeStripe(t).URL }, func(t *testing.T, s shop) {
		e := s.e
		id := s.order(t, 1) // £8.99
		now := time.Now()
		pi := &stripe.PaymentIntent{ID: "pi_hook", Object: "payment_intent", Amount: 899, AmountReceived: 899, Currency: "gbp",
			Status: stripe.PaymentIntentStatusSucceeded, Metadata: map[string]string{"order_id": id}}
		succeeded := event("evt_ok", stripe.EventTypePaymentIntentSucceeded, pi)
		pending := func(what string) {
			t.Helper()
			if o := s.orderStatus(t, id); o.Status != payment.Pending || s.fulfils.n.Load() != 0 {
				t.Fatalf("%s: order %s, fulfilled %d", what, o.Status, s.fulfils.n.Load())
			}
		}

		if code := deliver(t, e, succeeded, now, "whsec_someone_else"); code != http.StatusBadRequest {
			t.Fatalf("bad signature: %d", code)
		}
		tampered := bytes.Replace(succeeded, []byte(`"amount_received":899`), []byte(`"amount_received":900`), 1)
		sig := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: succeeded, Secret: testWebhookSecret})
		req, _ := http.NewRequest(http.MethodPost, e.Server.URL+"/api/payments/stripe/webhook", bytes.NewReader(tampered))
		req.Header.Set("Stripe-Signature", sig.Header)
		if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusBadRequest {
			t.Fatalf("tampered body: %v %v", res, err)
		}
		// Correctly signed but dated an hour ahead: refused like an old one.
		if code := deliver(t, e, succeeded, now.Add(time.Hour), testWebhookSecret); code != http.StatusBadRequest {
			t.Fatalf("delivery from the future: %d", code)
		}
		if o := s.orderStatus(t, id); o.Status != payment.Pending {
			t.Fatal("a delivery dated in the future paid the order")
		}
		// A genuine delivery replayed after the tolerance (300 s).
		if code := deliver(t, e, succeeded, now.Add(-webhook.DefaultTolerance-time.Minute), testWebhookSecret); code != http.StatusBadRequest {
			t.Fatalf("old timestamp: %d", code)
		}
		pending("refused deliveries")

		// Out of order: a failure first, and events that are not a success, are acknowledged and ignored.
		failedPI := *pi
		failedPI.Status, failedPI.AmountReceived = stripe.PaymentIntentStatusRequiresPaymentMethod, 0
		for _, ev := range [][]byte{event("evt_failed_first", stripe.EventTypePaymentIntentPaymentFailed, &failedPI),
			event("evt_created", stripe.EventTypePaymentIntentCreated, &failedPI)} {
			if code := deliver(t, e, ev, now, testWebhookSecret); code != 200 {
				t.Fatalf("ignored event: %d", code)
			}
		}
		// Less than the total: acknowledged (a retry cannot help) but not paid.
		short := *pi
		short.ID, short.Amount, short.AmountReceived = "pi_short", 449, 449
		if code := deliver(t, e, event("evt_short", stripe.EventTypePaymentIntentSucceeded, &short), now, testWebhookSecret); code != 200 {
			t.Fatalf("short payment: %d", code)
		}
		// Not ours: no order id, or an unknown one.
		stranger := *pi
		stranger.Metadata = map[string]string{}
		unknown := *pi
		unknown.Metadata = map[string]string{"order_id": "no-such-order"}
		for _, p := range []*stripe.PaymentIntent{&stranger, &unknown} {
			if code := deliver(t, e, event("evt_"+p.Metadata["order_id"], stripe.EventTypePaymentIntentSucceeded, p), now, testWebhookSecret); code != 200 {
				t.Fatalf("someone else's payment: %d", code)
			}
		}
		pending("ignored and short events")

		// The success, delivered twice at once and then again.
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				if code := deliver(t, e, succeeded, now, testWebhookSecret); code != 200 {
					t.Errorf("success: %d", code)
				}
			})
		}
		wg.Wait()
		if code := deliver(t, e, succeeded, now, testWebhookSecret); code != 200 {
			t.Fatalf("success again: %d", code)
		}
		o := s.orderStatus(t, id)
		if o.Status != payment.Paid || o.Provider != "stripe" || o.ProviderRef != "pi_hook" {
			t.Fatalf("after success: %+v", o)
		}
		// Another event about the same payment, and a failure arriving after the success.
		if code := deliver(t, e, event("evt_ok_2", stripe.EventTypePaymentIntentSucceeded, pi), now, testWebhookSecret); code != 200 {
			t.Fatalf("second event: %d", code)
		}
		if code := deliver(t, e, event("evt_failed_late", stripe.EventTypePaymentIntentPaymentFailed, &failedPI), now, testWebhookSecret); code != 200 {
			t.Fatalf("late failure: %d", code)
		}
		if o := s.orderStatus(t, id); o.Status != payment.Paid {
			t.Fatalf("late failure unpaid the order: %s", o.Status)
		}
		s.paidOnce(t, "webhooks")
	})
}

// A crash between Stripe taking the money and our write (or a webhook that
// never comes) is recovered by retrieving the PaymentIntent, and the
// webhook arriving too does not count the payment twice.
func TestStripeRecoveryByRetrieval(t *testing.T) {
	var fake *fakeStripe
	withStripe(t, func(t *testing.T) string { fake = newFakeStripe(t); return fake.URL }, func(t *testing.T, s shop) {
		ctx := context.Background()
		id := s.order(t, 1)
		base := "/api/orders/" + id
		r := s.buyer.Post(base+"/card-payment", nil)
		if r.Status != 200 || r.Body["clientSecret"] != "pi_fake1_secret_x" {
			t.Fatalf("card-payment: %d %s", r.Status, r.Raw)
		}
		// A retried request reuses the intent (the amount is unchanged).
		if r := s.buyer.Post(base+"/card-payment", nil); r.Body["clientSecret"] != "pi_fake1_secret_x" || fake.creates != 1 {
			t.Fatalf("retried card-payment: %s, %d intents", r.Raw, fake.creates)
		}
		// The buyer pays; the webhook is lost. The page's next look at the order records it.
		pi := fake.succeed("pi_fake1", 899)
		r = s.buyer.Get(base)
		if r.Status != 200 || status(r) != "paid" {
			t.Fatalf("get after paying: %d %s", r.Status, r.Raw)
		}
		// Then the webhook comes after all (a different event id): nothing more happens.
		if code := deliver(t, s.e, event("evt_late", stripe.EventTypePaymentIntentSucceeded, pi), time.Now(), testWebhookSecret); code != 200 {
			t.Fatalf("late webhook: %d", code)
		}
		if r := s.buyer.Post(base+"/card-payment", nil); r.Status != http.StatusConflict {
			t.Fatalf("card-payment when paid: %d", r.Status)
		}
		s.paidOnce(t, "retrieval then webhook")

		// A second order: the webhook and the page's retrieval race.
		id2 := s.order(t, 1)
		s.buyer.Post("/api/orders/"+id2+"/card-payment", nil)
		pi2 := fake.succeed("pi_fake2", 899)
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				if code := deliver(t, s.e, event(fmt.Sprint("evt_race", i), stripe.EventTypePaymentIntentSucceeded, pi2), time.Now(), testWebhookSecret); code != 200 {
					t.Errorf("webhook: %d", code)
				}
			})
			wg.Go(func() {
				if r := s.buyer.Get("/api/orders/" + id2); r.Status != 200 {
					t.Errorf("get: %d", r.Status)
				}
			})
		}
		wg.Wait()
		s.e.RunJobs() // the receipts' jobs
		if o := s.orderStatus(t, id2); o.Status != payment.Paid || s.fulfils.n.Load() != 2 || s.e.MailCount(buyerEmail) != 3 {
			t.Fatalf("race: %s, fulfilled %d, mails %d", o.Status, s.fulfils.n.Load(), s.e.MailCount(buyerEmail))
		}

		// A third order: the buyer paid and closed the page; no webhook. The sweep finds it, but not too early.
		id3 := s.order(t, 1)
		s.buyer.Post("/api/orders/"+id3+"/card-payment", nil)
		fake.succeed("pi_fake3", 899)
		if n, err := s.e.App.Payments.ReconcileOnce(ctx); err != nil || n != 0 {
			t.Fatalf("sweep at once: %d %v", n, err)
		}
		s.e.Clock.Advance(6 * time.Minute)
		if n, err := s.e.App.Payments.ReconcileOnce(ctx); err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		if n, _ := s.e.App.Payments.ReconcileOnce(ctx); n != 0 {
			t.Fatalf("second sweep found %d", n)
		}
		if o := s.orderStatus(t, id3); o.Status != payment.Paid || s.fulfils.n.Load() != 3 {
			t.Fatalf("after sweep: %s, fulfilled %d", o.Status, s.fulfils.n.Load())
		}
	})
}

// The PaymentIntent follows the server's total; Stripe being down is a
// clear error and leaves the order as it was.
func TestStripeIntentFollowsTheBasket(t *testing.T) {
	var fake *fakeStripe
	withStripe(t, func(t *testing.T) string { fake = newFakeStripe(t); return fake.URL }, func(t *testing.T, s shop) {
		id := s.order(t, 2) // £17.98
		base := "/api/orders/" + id
		s.buyer.Post(base+"/card-payment", nil)
		s.buyer.Post(base+"/promo-codes", map[string]any{"code": "HALF"})
		r := s.buyer.Post(base+"/card-payment", nil)
		if r.Status != 200 || r.Body["clientSecret"] != "pi_fake2_secret_x" || fake.intents["pi_fake2"].Amount != 899 || fake.intents["pi_fake1"].Amount != 1798 {
			t.Fatalf("after HALF: %s", r.Raw)
		}
		if o := s.orderStatus(t, id); o.ProviderRef != "pi_fake2" {
			t.Fatalf("ref %q", o.ProviderRef)
		}
		// Removing the code brings back the first total, and the same idempotency key: Stripe gives back the first intent.
		s.buyer.Do("DELETE", base+"/promo-codes/HALF", nil)
		if r := s.buyer.Post(base+"/card-payment", nil); r.Body["clientSecret"] != "pi_fake1_secret_x" || fake.creates != 2 {
			t.Fatalf("code removed: %s, %d intents", r.Raw, fake.creates)
		}
		for _, k := range fake.keys() {
			if !strings.HasPrefix(k, "omnirent-order-"+id+"-") || len(k) > 255 {
				t.Fatalf("idempotency key %q", k)
			}
		}
		// The old intent for £8.99 paid after the total went back to £17.98: not enough.
		pi := fake.succeed("pi_fake2", 899)
		if code := deliver(t, s.e, event("evt_old", stripe.EventTypePaymentIntentSucceeded, pi), time.Now(), testWebhookSecret); code != 200 {
			t.Fatalf("old intent: %d", code)
		}
		if o := s.orderStatus(t, id); o.Status != payment.Pending {
			t.Fatal("paid with less than the total")
		}
		// A free order needs no card; codes can make a total Stripe cannot charge.
		s.buyer.Post(base+"/promo-codes", map[string]any{"code": "FREE"})
		if r := s.buyer.Post(base+"/card-payment", nil); r.Status != http.StatusBadRequest || r.ErrorCode() != "free_order" {
			t.Fatalf("free order: %d %s", r.Status, r.Raw)
		}
		// A code withdrawn after it was applied: no PaymentIntent for the old
		// total; the buyer is told, and the next try is for the new total.
		id3 := s.order(t, 2)
		s.buyer.Post("/api/orders/"+id3+"/promo-codes", map[string]any{"code": "TEN"})
		if _, err := s.e.App.Promos.Update(context.Background(), promoAdmin, codeID(t, s.e, "TEN"), promo.Input{Code: "TEN", Active: false, Discount: 10, StartDate: "2026-01-01", EndDate: "2026-12-31"}); err != nil {
			t.Fatal(err)
		}
		creates := fake.creates
		if r := s.buyer.Post("/api/orders/"+id3+"/card-payment", nil); r.Status != http.StatusConflict || r.ErrorCode() != "promo_code_withdrawn" || fake.creates != creates {
			t.Fatalf("withdrawn code by card: %d %s (%d intents made)", r.Status, r.Raw, fake.creates-creates)
		}
		if r := s.buyer.Post("/api/orders/"+id3+"/card-payment", nil); r.Status != 200 || r.Body["order"].(map[string]any)["totalPence"] != float64(1798) {
			t.Fatalf("after the withdrawn code: %d %s", r.Status, r.Raw)
		}
		// Stripe down: 500 with the provider message; the order is unchanged.
		id2 := s.order(t, 1)
		fake.mu.Lock()
		fake.fail = true
		fake.mu.Unlock()
		if r := s.buyer.Post("/api/orders/"+id2+"/card-payment", nil); r.Status != 500 || r.ErrorMessage() != payment.MsgPaymentBlocked {
			t.Fatalf("stripe down: %d %s", r.Status, r.Raw)
		}
		if r := s.buyer.Get("/api/orders/" + id2); r.Status != 200 || status(r) != "pending" {
			t.Fatalf("get with stripe down: %d %s", r.Status, r.Raw)
		}
		// Someone else's order stays invisible.
		other := s.e.SignedIn("other@example.com", "Secret#123", "Landlord")
		if r := other.Post("/api/orders/"+id2+"/card-payment", nil); r.Status != http.StatusNotFound {
			t.Fatalf("other user: %d", r.Status)
		}
	})
}

// With the sandbox, the Stripe routes do not exist and the page's policy
// allows no other site; with Stripe, Stripe.js's sources are allowed.
func TestProviderRoutesAndContentSecurityPolicy(t *testing.T) {
	d := dbtest.Open(t, db.SQLite)
	sandbox := open(t, apptest.Start(t, d, nil))
	id := sandbox.order(t, 1)
	if r := sandbox.buyer.Post("/api/orders/"+id+"/card-payment", nil); r.Status != http.StatusNotFound {
		t.Fatalf("card-payment with the sandbox: %d", r.Status)
	}
	if code := deliver(t, sandbox.e, event("evt_1", stripe.EventTypePaymentIntentSucceeded, &stripe.PaymentIntent{ID: "pi_1"}), time.Now(), testWebhookSecret); code != http.StatusNotFound {
		t.Fatalf("webhook with the sandbox: %d", code)
	}
	csp := sandbox.buyer.Get("/").Header.Get("Content-Security-Policy")
	if strings.Contains(csp, "stripe") || !strings.Contains(csp, "script-src 'self';") {
		t.Fatalf("sandbox policy: %s", csp)
	}

	e := apptest.Start(t, dbtest.Open(t, db.SQLite), func(c *config.Config) {
		c.Stripe = config.Stripe{SecretKey: testSecretKey, PublishableKey: testPublishable, WebhookSecret: testWebhookSecret, APIURL: "http://127.0.0.1:1"}
	})
	csp = e.NewClient().Get("/").Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self' https://js.stripe.com https://*.js.stripe.com;",
		"frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://m.stripe.network",
		"connect-src 'self' https://api.stripe.com;", "frame-ancestors 'none'", "default-src 'self';"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Stripe policy lacks %q: %s", want, csp)
		}
	}
}
