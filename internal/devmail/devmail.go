// Package devmail shows the local outbox in development mode: /dev/mailbox
// for people and /api/dev/mailbox for tests. It is never mounted in production.
package devmail

import (
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/text"
)

type Handler struct{ mail *mail.Service }

func New(m *mail.Service) *Handler { return &Handler{mail: m} }

func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/dev/mailbox", httpx.Handle(h.list))
	mux.Handle("GET /dev/mailbox", httpx.Handle(h.page))
	mux.Handle("GET /dev/mailbox/{id}", httpx.Handle(h.html))
	mux.Handle("GET /dev/mailbox/{id}/attachments/{n}", httpx.Handle(h.attachment))
}

type attachmentJSON struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
}

// attachmentsOf lists a message's files with the address that downloads each.
func attachmentsOf(m mail.Message) []attachmentJSON {
	out := make([]attachmentJSON, 0, len(m.Attachments))
	for i, f := range m.Attachments {
		out = append(out, attachmentJSON{Name: f.Name, ContentType: f.ContentType, Size: len(f.Data),
			URL: "/dev/mailbox/" + m.ID + "/attachments/" + strconv.Itoa(i)})
	}
	return out
}

type msgJSON struct {
	ID        string    `json:"id"`
	To        string    `json:"to"`
	ReplyTo   string    `json:"replyTo"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	CreatedAt time.Time `json:"createdAt"`
	Status    string    `json:"status"`
	// Attachments are the files sent with the message (an .ics invitation).
	Attachments []attachmentJSON `json:"attachments"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	msgs, err := h.mail.Outbox(r.Context(), text.NormaliseEmail(r.URL.Query().Get("to")), 100)
	if err != nil {
		return err
	}
	out := make([]msgJSON, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, msgJSON{ID: m.ID, To: m.To, ReplyTo: m.ReplyTo, Subject: m.Subject, Text: m.Text, HTML: m.HTML, CreatedAt: m.Created, Status: m.Status, Attachments: attachmentsOf(m)})
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"messages": out})
}

var page = template.Must(template.New("mailbox").Parse(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Development mailbox - OmniRent</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f8fc;color:#14213d}header{background:#0b5cad;color:#fff;padding:1rem 1.5rem}
main{max-width:900px;margin:0 auto;padding:1rem}article{background:#fff;border-radius:10px;padding:1rem 1.25rem;margin:0 0 1rem;box-shadow:0 1px 3px #0002}
pre{white-space:pre-wrap;font-size:.95rem}small{color:#4a5568}</style></head>
<body><header><h1>Development mailbox</h1><p>Every e-mail the server sent, newest first. Shown only in development mode.</p></header><main>
<form><label>Filter by recipient <input name="to" value="{{.To}}"></label> <button>Filter</button></form>
{{range $m := .Messages}}<article><h2>{{.Subject}}</h2><small>To {{.To}} &middot; {{.Created.Format "02/01/2006 15:04:05"}} UTC &middot; {{.Status}} &middot; <a href="/dev/mailbox/{{.ID}}">HTML version</a>{{range $i, $f := .Attachments}} &middot; <a href="/dev/mailbox/{{$m.ID}}/attachments/{{$i}}" download="{{$f.Name}}">&#128206; {{$f.Name}}</a>{{end}}</small><pre>{{.Text}}</pre></article>
{{else}}<p>No e-mails yet.</p>{{end}}</main></body></html>`))

func (h *Handler) page(w http.ResponseWriter, r *http.Request) error {
	to := text.NormaliseEmail(r.URL.Query().Get("to"))
	msgs, err := h.mail.Outbox(r.Context(), to, 100)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	return page.Execute(w, map[string]any{"To": to, "Messages": msgs})
}

func (h *Handler) message(r *http.Request) (mail.Message, error) {
	return h.mail.Message(r.Context(), r.PathValue("id"))
}

func (h *Handler) html(w http.ResponseWriter, r *http.Request) error {
	m, err := h.message(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, err = strings.NewReader(m.HTML).WriteTo(w)
	return err
}

// attachment downloads one of a message's files.
func (h *Handler) attachment(w http.ResponseWriter, r *http.Request) error {
	m, err := h.message(r)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 || n >= len(m.Attachments) {
		return apperr.New(apperr.NotFound, "not_found", "No such attachment.")
	}
	f := m.Attachments[n]
	return httpx.WriteDownload(w, f.Name, f.ContentType, f.Data)
}
