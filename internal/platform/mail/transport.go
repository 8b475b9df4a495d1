package mail

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// LocalOutbox keeps mail in the outbox table only and logs it, for
// development and the embedded default. Nothing leaves the machine.
type LocalOutbox struct{ Log *slog.Logger }

func (LocalOutbox) Name() string { return "outbox" }

func (o LocalOutbox) Deliver(ctx context.Context, m Message) error {
	o.Log.InfoContext(ctx, "mail kept in local outbox", "to", m.To, "subject", m.Subject)
	return nil
}

// SMTP delivers through an SMTP server given as
// smtp://user:pass@host:587 (STARTTLS when offered; ?tls=required insists)
// or smtps://user:pass@host:465 (TLS from the first byte).
type SMTP struct {
	host, user, pass, from string
	port                   int
	ssl                    bool
	policy                 gomail.TLSPolicy
}

func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	s := &SMTP{host: u.Hostname(), from: from, ssl: u.Scheme == "smtps", policy: gomail.TLSOpportunistic}
	if u.Query().Get("tls") == "required" {
		s.policy = gomail.TLSMandatory
	}
	s.port = 587
	if s.ssl {
		s.port = 465
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("smtp port: %w", err)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	return s, nil
}

func (*SMTP) Name() string { return "smtp" }

func (s *SMTP) Deliver(ctx context.Context, m Message) error {
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(20 * time.Second)}
	if s.ssl {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(s.policy))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return err
	}
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("from address: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("to address: %w", err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return fmt.Errorf("reply-to address: %w", err)
		}
	}
	msg.Subject(m.Subject)
	for k, v := range m.Headers {
		msg.SetGenHeader(gomail.Header(k), v)
	}
	msg.SetMessageID()
	msg.SetDate()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	for _, f := range m.Attachments {
		if err := msg.AttachReader(f.Name, bytes.NewReader(f.Data), gomail.WithFileContentType(gomail.ContentType(f.ContentType))); err != nil {
			return fmt.Errorf("attach %s: %w", f.Name, err)
		}
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// Check connects to the server, negotiates TLS as Deliver would and signs
// in when the URL has a user, without sending anything: `omnirent config
// check` uses it to find an unreachable server or wrong credentials before
// start.
func (s *SMTP) Check(ctx context.Context) error {
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(10 * time.Second)}
	if s.ssl {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(s.policy))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return err
	}
	if err := c.DialWithContext(ctx); err != nil {
		return err
	}
	return c.Close()
}
