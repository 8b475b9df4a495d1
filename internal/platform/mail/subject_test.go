package mail_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// A subject is one line, whatever a typed title it names holds (issue 43):
// line breaks become spaces and text-direction overrides go, before the
// message is kept, so no area's title can split or disguise a subject.
func TestSubjectIsKeptOnOneLine(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, _ := newService(t, d, mail.LocalOutbox{Log: quiet()}, clock.System{})
		err := s.Send(ctx, d.Conn(), mail.Email{To: "ann@example.com", Subject: "Invitation: Boiler\r\nBcc: x@example.com\u202e\n", Template: "code",
			Data: codeData{Name: "Ann", Heading: "Verify", Intro: "Use this code", Code: "123456", Expires: "24 hours"}})
		if err != nil {
			t.Fatal(err)
		}
		msgs, err := s.Outbox(ctx, "ann@example.com", 10)
		if err != nil || len(msgs) != 1 {
			t.Fatalf("outbox %v %v", msgs, err)
		}
		if got, want := msgs[0].Subject, "Invitation: Boiler Bcc: x@example.com"; got != want {
			t.Fatalf("subject %q, want %q", got, want)
		}
	})
}
