package mail_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

type codeData struct{ Name, Heading, Intro, Code, Expires string }

func newService(t *testing.T, d *db.DB, tr mail.Transport, clk clock.Clock) (*mail.Service, *jobs.Queue) {
	t.Helper()
	q := jobs.New(d, clk, quiet())
	s, err := mail.New(d, q, clk, tr, mail.Brand{BaseURL: "http://localhost:8080", SupportEmail: "support@omnirent.co.uk"}, quiet())
	if err != nil {
		t.Fatal(err)
	}
	return s, q
}

func TestMailIsRenderedInBothFormsAndKeptInOutbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, q := newService(t, d, mail.LocalOutbox{Log: quiet()}, clock.System{})
		err := s.Send(ctx, d.Conn(), mail.Email{To: "ann@example.com", Subject: "Your code", Template: "code",
			Data: codeData{Name: "Ann <b>", Heading: "Verify", Intro: "Use this code", Code: "123456", Expires: "24 hours"}})
		if err != nil {
			t.Fatal(err)
		}
		if ran, err := q.RunOnce(ctx); !ran || err != nil {
			t.Fatalf("delivery job ran=%v err=%v", ran, err)
		}
		msgs, err := s.Outbox(ctx, "ann@example.com", 10)
		if err != nil || len(msgs) != 1 {
			t.Fatalf("outbox %v %v", msgs, err)
		}
		m := msgs[0]
		if m.Status != "kept" || !strings.Contains(m.Text, "123456") || !strings.Contains(m.HTML, "123456") {
			t.Fatalf("unexpected message %+v", m)
		}
		if !strings.Contains(m.HTML, "Ann &lt;b&gt;") {
			t.Fatal("HTML template did not escape user data")
		}
		if !strings.Contains(m.Text, "support@omnirent.co.uk") || !strings.Contains(m.HTML, "OmniRent makes renting simple") {
			t.Fatal("brand footer missing")
		}
	})
}

type failingTransport struct{ fails int }

func (f *failingTransport) Name() string { return "smtp" }
func (f *failingTransport) Deliver(context.Context, mail.Message) error {
	if f.fails > 0 {
		f.fails--
		return errors.New("connection refused")
	}
	return nil
}

func TestFailedDeliveryIsRetriedByTheQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		tr := &failingTransport{fails: 1}
		s, q := newService(t, d, tr, clk)
		if err := s.Send(ctx, d.Conn(), mail.Email{To: "bob@example.com", Subject: "Hi", Template: "code", Data: codeData{Code: "1"}}); err != nil {
			t.Fatal(err)
		}
		_, _ = q.RunOnce(ctx)
		msgs, _ := s.Outbox(ctx, "bob@example.com", 1)
		if msgs[0].Status != "queued" {
			t.Fatalf("status after failure = %s", msgs[0].Status)
		}
		clk.Advance(time.Minute)
		_, _ = q.RunOnce(ctx)
		msgs, _ = s.Outbox(ctx, "bob@example.com", 1)
		if msgs[0].Status != "sent" {
			t.Fatalf("status after retry = %s", msgs[0].Status)
		}
	})
}

// --- a real SMTP exchange with an in-process server ---

type backend struct {
	mu   sync.Mutex
	got  []string
	from string
	to   []string
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

type session struct{ b *backend }

func (s *session) Mail(from string, _ *smtp.MailOptions) error { s.b.from = from; return nil }
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error   { s.b.to = append(s.b.to, to); return nil }
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.b.mu.Lock()
	s.b.got = append(s.b.got, string(b))
	s.b.mu.Unlock()
	return err
}
func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

func TestSMTPTransportDeliversToARealServer(t *testing.T) {
	be := &backend{}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })

	tr, err := mail.NewSMTP("smtp://"+ln.Addr().String(), "OmniRent <no-reply@omnirent.co.uk>")
	if err != nil {
		t.Fatal(err)
	}
	d := dbtest.Open(t, db.SQLite)
	s, q := newService(t, d, tr, clock.System{})
	ctx := context.Background()
	if err := s.Send(ctx, d.Conn(), mail.Email{To: "cat@example.com", ReplyTo: "dog@example.com", Subject: "Your OmniRent code", Template: "code", Data: codeData{Name: "Cat", Code: "654321", Expires: "1 hour"},
		Headers: map[string]string{"List-Unsubscribe": "<https://omnirent.test/stop?token=abc>"}}); err != nil {
		t.Fatal(err)
	}
	// Only the allowed headers, on one line each.
	for name, h := range map[string]map[string]string{"unknown name": {"Bcc": "x@example.com"}, "a second line": {"List-Unsubscribe": "<a>\r\nBcc: x@example.com"}} {
		if err := s.Send(ctx, d.Conn(), mail.Email{To: "cat@example.com", Subject: "x", Template: "code", Data: codeData{}, Headers: h}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if ran, err := q.RunOnce(ctx); !ran || err != nil {
		t.Fatalf("ran=%v err=%v", ran, err)
	}
	be.mu.Lock()
	defer be.mu.Unlock()
	if len(be.got) != 1 {
		t.Fatalf("server received %d messages", len(be.got))
	}
	raw := be.got[0]
	for _, want := range []string{"Subject: Your OmniRent code", "654321", "text/plain", "text/html", "multipart/alternative", "Reply-To: <dog@example.com>", "List-Unsubscribe: <https://omnirent.test/stop?token=abc>"} {
		if !strings.Contains(raw, want) {
			t.Errorf("message lacks %q", want)
		}
	}
	if be.from != "no-reply@omnirent.co.uk" || len(be.to) != 1 || be.to[0] != "cat@example.com" {
		t.Errorf("envelope from=%q to=%v", be.from, be.to)
	}
	msgs, _ := s.Outbox(ctx, "cat@example.com", 1)
	if msgs[0].Status != "sent" {
		t.Errorf("outbox status %s", msgs[0].Status)
	}
}
