package devmail_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// The development mailbox lists a message's attachments and serves each
// one, byte for byte, with its type and name.
func TestMailboxServesAttachments(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0, 200, 10}, 50_000)...)
		if err := e.App.Mail.Send(context.Background(), e.App.DB.Conn(), mail.Email{To: "ann@example.com", Subject: "Your signed tenancy agreement",
			Template: "notice", Data: map[string]any{"Name": "Ann", "Heading": "Everyone has signed", "Paragraphs": []string{"Attached."}},
			Attachments: []mail.Attachment{{Name: "tenancy-agreement-12-lavender-hill.pdf", ContentType: "application/pdf", Data: pdf}}}); err != nil {
			t.Fatal(err)
		}
		e.RunJobs()
		msgs := e.NewClient().Get("/api/dev/mailbox?to=ann@example.com").Body["messages"].([]any)
		files := msgs[0].(map[string]any)["attachments"].([]any)
		if len(files) != 1 {
			t.Fatalf("attachments listed: %v", files)
		}
		f := files[0].(map[string]any)
		if f["name"] != "tenancy-agreement-12-lavender-hill.pdf" || f["contentType"] != "application/pdf" || f["size"] != float64(len(pdf)) {
			t.Errorf("listed as %v", f)
		}
		status, body, h := get(t, e, f["url"].(string))
		if status != http.StatusOK || body != string(pdf) || h.Get("Content-Type") != "application/pdf" || !strings.Contains(h.Get("Content-Disposition"), "tenancy-agreement-12-lavender-hill.pdf") {
			t.Fatalf("download: %d %q %v", status, h.Get("Content-Type"), h.Get("Content-Disposition"))
		}
		if status, page, _ := get(t, e, "/dev/mailbox?to=ann@example.com"); status != 200 || !strings.Contains(page, f["url"].(string)) {
			t.Errorf("the page does not link the attachment")
		}
		if status, _, _ := get(t, e, "/dev/mailbox/"+msgs[0].(map[string]any)["id"].(string)+"/attachments/1"); status != http.StatusNotFound {
			t.Errorf("a missing attachment: %d", status)
		}
	})
}
