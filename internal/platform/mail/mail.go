// Package mail sends every e-mail of the product through one path: render the
// branded HTML and plain-text templates, keep the message in the outbox table,
// and deliver it from the job queue (so a failing SMTP server means retries,
// not a lost code). Delivery goes to SMTP in production, or stays in the local
// outbox (readable at /dev/mailbox in development).
package mail

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"log/slog"
	"slices"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/metrics"
	"github.com/omnirent/omnirent/internal/platform/text"
)

//go:embed templates
var templateFS embed.FS

// Message is one rendered e-mail.
type Message struct {
	ID      string
	To      string
	ReplyTo string
	Subject string
	Text    string
	HTML    string
	Status  string
	Created time.Time
	// Attachments are files sent with the message (a calendar invitation's
	// .ics), kept in the outbox with it.
	Attachments []Attachment
	// Headers are extra headers (only the names in AllowedHeaders).
	Headers map[string]string
}

// AllowedHeaders are the extra headers an e-mail may carry.
var AllowedHeaders = []string{"List-Unsubscribe"}

// Attachment is one file attached to an e-mail.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
}

// Transport delivers a rendered message.
type Transport interface {
	Deliver(ctx context.Context, m Message) error
	// Name is recorded in logs and decides the outbox status after delivery.
	Name() string
}

// Brand is what every template can show.
type Brand struct {
	BaseURL      string
	SupportEmail string
}

const jobKind = "mail.send"

type Service struct {
	db        *db.DB
	queue     *jobs.Queue
	clock     clock.Clock
	transport Transport
	brand     Brand
	log       *slog.Logger
	html      *htmltemplate.Template
	text      *texttemplate.Template
}

func New(d *db.DB, q *jobs.Queue, c clock.Clock, t Transport, brand Brand, log *slog.Logger) (*Service, error) {
	html, err := htmltemplate.ParseFS(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	text, err := texttemplate.ParseFS(templateFS, "templates/*.txt")
	if err != nil {
		return nil, err
	}
	s := &Service{db: d, queue: q, clock: c, transport: t, brand: brand, log: log, html: html, text: text}
	q.Handle(jobKind, s.deliverJob)
	return s, nil
}

// Email names a template and its data. Template files are
// templates/<Template>.html and templates/<Template>.txt; both get
// {{.Brand}} and {{.Data}}.
type Email struct {
	To       string
	ReplyTo  string // optional: where the recipient's reply goes (e.g. the enquirer)
	Subject  string
	Template string
	Data     any
	// Attachments go with the message (optional).
	Attachments []Attachment
	// Headers are extra headers (optional; names from AllowedHeaders, one
	// line each).
	Headers map[string]string
}

// Queued, when set (tests only), is called after each e-mail is stored in
// the outbox. The kill tests pace a helper process's sweep with it, so the
// kill lands mid-sweep on a loaded machine too.
var Queued func()

// Send renders e and queues it for delivery inside conn (which may be the
// caller's transaction, so the mail goes out only if the change commits).
func (s *Service) Send(ctx context.Context, conn db.Conn, e Email) error {
	// A subject is one line whatever a typed title it names holds (issue 43:
	// an event's title with line breaks reached its invitation's subject).
	e.Subject = text.SingleLine(e.Subject)
	view := map[string]any{"Brand": s.brand, "Data": e.Data, "Subject": e.Subject}
	var hb, tb bytes.Buffer
	if err := s.html.ExecuteTemplate(&hb, e.Template+".html", view); err != nil {
		return apperr.Wrap(err, "render html mail")
	}
	if err := s.text.ExecuteTemplate(&tb, e.Template+".txt", view); err != nil {
		return apperr.Wrap(err, "render text mail")
	}
	id := uuid.NewString()
	now := s.clock.Now().UnixMilli()
	files := e.Attachments
	if files == nil {
		files = []Attachment{}
	}
	attached, err := json.Marshal(files)
	if err != nil {
		return apperr.Wrap(err, "encode attachments")
	}
	headers := map[string]string{}
	for k, v := range e.Headers {
		if !slices.Contains(AllowedHeaders, k) || strings.ContainsAny(v, "\r\n") {
			return apperr.Wrap(fmt.Errorf("header %q not allowed", k), "mail headers")
		}
		headers[k] = v
	}
	extra, _ := json.Marshal(headers)
	if _, err := conn.Exec(ctx, `INSERT INTO mail_outbox (id, to_addr, reply_to, subject, text_body, html_body, status, created_at, attachments, headers) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
		id, e.To, e.ReplyTo, e.Subject, tb.String(), hb.String(), now, string(attached), string(extra)); err != nil {
		return apperr.Wrap(err, "store mail")
	}
	if Queued != nil {
		Queued()
	}
	return apperr.Wrap(s.queue.Enqueue(ctx, conn, jobKind, map[string]string{"id": id}, 8), "queue mail")
}

func (s *Service) deliverJob(ctx context.Context, payload json.RawMessage) error {
	var p struct{ ID string }
	if err := json.Unmarshal(payload, &p); err != nil {
		return err
	}
	conn := s.db.Conn()
	m, err := scanMessage(conn.QueryRow(ctx, `SELECT `+messageColumns+` FROM mail_outbox WHERE id = ?`, p.ID))
	if errors.Is(err, db.NoRows) {
		return nil // removed meanwhile: nothing to send
	}
	if err != nil {
		return err
	}
	if m.Status != "queued" {
		return nil // already delivered by an earlier attempt
	}
	if err := s.transport.Deliver(ctx, m); err != nil {
		metrics.Mails.WithLabelValues(s.transport.Name(), "failed").Inc()
		_, _ = conn.Exec(ctx, `UPDATE mail_outbox SET error = ? WHERE id = ?`, err.Error(), m.ID)
		return fmt.Errorf("deliver mail %s via %s: %w", m.ID, s.transport.Name(), err)
	}
	metrics.Mails.WithLabelValues(s.transport.Name(), "sent").Inc()
	s.log.InfoContext(ctx, "mail delivered", "via", s.transport.Name(), "mail_id", m.ID)
	status := "sent"
	if s.transport.Name() == "outbox" {
		status = "kept"
	}
	_, err = conn.Exec(ctx, `UPDATE mail_outbox SET status = ?, sent_at = ?, error = '' WHERE id = ?`, status, s.clock.Now().UnixMilli(), m.ID)
	return err
}

// Outbox lists recent messages, newest first, optionally for one address.
// Only the development mailbox page uses it.
func (s *Service) Outbox(ctx context.Context, to string, limit int) ([]Message, error) {
	q := `SELECT ` + messageColumns + ` FROM mail_outbox`
	args := []any{}
	if to != "" {
		q += ` WHERE to_addr = ?`
		args = append(args, to)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, limit)
	out, err := db.All(ctx, s.db.Conn(), scanMessage, q, args...)
	return out, apperr.Wrap(err, "list outbox")
}

const messageColumns = `id, to_addr, reply_to, subject, text_body, html_body, status, created_at, attachments, headers`

func scanMessage(row db.Scanner) (Message, error) {
	var m Message
	var created int64
	var attached, headers string
	if err := row.Scan(&m.ID, &m.To, &m.ReplyTo, &m.Subject, &m.Text, &m.HTML, &m.Status, &created, &attached, &headers); err != nil {
		return m, err
	}
	if headers != "" && headers != "{}" {
		if err := json.Unmarshal([]byte(headers), &m.Headers); err != nil {
			return m, fmt.Errorf("mail %s headers: %w", m.ID, err)
		}
	}
	m.Created = time.UnixMilli(created).UTC()
	if attached != "" {
		if err := json.Unmarshal([]byte(attached), &m.Attachments); err != nil {
			return m, fmt.Errorf("mail %s attachments: %w", m.ID, err)
		}
	}
	return m, nil
}

// Message is one message of the outbox, with its attachments (the
// development mailbox serves them).
func (s *Service) Message(ctx context.Context, id string) (Message, error) {
	m, err := scanMessage(s.db.Conn().QueryRow(ctx, `SELECT `+messageColumns+` FROM mail_outbox WHERE id = ?`, id))
	if errors.Is(err, db.NoRows) {
		return Message{}, apperr.New(apperr.NotFound, "not_found", "No such e-mail.")
	}
	return m, apperr.Wrap(err, "read mail")
}
