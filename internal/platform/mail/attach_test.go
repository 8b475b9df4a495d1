package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"testing"

	"github.com/emersion/go-smtp"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// attachments walks a MIME message and answers its attached files by name.
func attachments(t *testing.T, ctype string, body io.Reader, out map[string][]byte) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(mt, "multipart/") {
		return
	}
	r := multipart.NewReader(body, params["boundary"])
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if name := p.FileName(); name != "" {
			var data io.Reader = p
			if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "base64") {
				data = base64.NewDecoder(base64.StdEncoding, p)
			}
			b, err := io.ReadAll(data)
			if err != nil {
				t.Fatal(err)
			}
			out[name] = b
			continue
		}
		attachments(t, p.Header.Get("Content-Type"), p, out)
	}
}

// A PDF attached to an e-mail is kept in the outbox with it and delivered
// by SMTP as a real attachment, byte for byte.
func TestSMTPDeliversAttachments(t *testing.T) {
	be := &backend{}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.MaxMessageBytes = 32 << 20
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
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, q := newService(t, d, tr, clock.System{})
		ctx := context.Background()
		pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0, 1, 2, 250, 255, '\n'}, 200_000)...) // 1.2 MB, binary
		err := s.Send(ctx, d.Conn(), mail.Email{To: "cat@example.com", Subject: "Your signed tenancy agreement", Template: "notice",
			Data:        map[string]any{"Name": "Cat", "Heading": "Everyone has signed", "Paragraphs": []string{"Attached."}},
			Attachments: []mail.Attachment{{Name: "tenancy-agreement.pdf", ContentType: "application/pdf", Data: pdf}}})
		if err != nil {
			t.Fatal(err)
		}
		kept, _ := s.Outbox(ctx, "cat@example.com", 1)
		if len(kept) != 1 || len(kept[0].Attachments) != 1 || !bytes.Equal(kept[0].Attachments[0].Data, pdf) {
			t.Fatalf("the outbox lost the attachment")
		}
		if ran, err := q.RunOnce(ctx); !ran || err != nil {
			t.Fatalf("ran=%v err=%v", ran, err)
		}
		be.mu.Lock()
		raw := be.got[len(be.got)-1]
		be.mu.Unlock()
		msg, err := netmail.ReadMessage(strings.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		attachments(t, msg.Header.Get("Content-Type"), msg.Body, files)
		if got, ok := files["tenancy-agreement.pdf"]; !ok || !bytes.Equal(got, pdf) {
			t.Fatalf("attachment delivered: %v (%d bytes, want %d)", ok, len(got), len(pdf))
		}
		if !strings.Contains(raw, "application/pdf") {
			t.Errorf("no content type of the attachment")
		}
	})
}
