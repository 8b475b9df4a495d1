package property_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/property"
)

func TestOneListingIsPublicOnlyWhilePublished(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		owner := e.SignedIn("own@example.com", "Secret#123", "Landlord")
		id := publishListing(t, owner, listing{postcode: "SW11 1AA", rentPounds: 1850, beds: 2, baths: 1, publish: true})
		visitor := e.NewClient()
		r := visitor.Get("/api/listings/" + id)
		l, _ := r.Body["listing"].(map[string]any)
		if r.Status != http.StatusOK || l["rentPence"].(float64) != 185000 || l["postcodeDistrict"] != "SW11" || l["mine"] != false {
			t.Fatalf("visitor view: %d %s", r.Status, r.Raw)
		}
		if _, leaked := l["addrFirstLine"]; leaked {
			t.Fatal("street address is public")
		}
		if r := owner.Get("/api/listings/" + id); r.Body["listing"].(map[string]any)["mine"] != true {
			t.Fatalf("owner view: %s", r.Raw)
		}
		owner.Post("/api/properties/"+id+"/unpublish", nil)
		if r := visitor.Get("/api/listings/" + id); r.Status != http.StatusNotFound || r.ErrorMessage() != property.MsgListingNotFound {
			t.Fatalf("unpublished listing: %d %s", r.Status, r.Raw)
		}
		if r := visitor.Get("/api/listings/no-such-id"); r.Status != http.StatusNotFound {
			t.Fatalf("unknown listing: %d", r.Status)
		}
	})
}

func TestContactTheOwner(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		t.Parallel()
		owner := e.SignedIn("own@example.com", "Secret#123", "Landlord")
		id := publishListing(t, owner, listing{postcode: "SW11 1AA", rentPounds: 1850, beds: 2, baths: 1, publish: true})
		path := "/api/listings/" + id + "/contact"
		tenant := e.SignedIn("ten@example.com", "Secret#123", "Tenant")

		if r := e.NewClient().Post(path, map[string]any{"message": "Hello"}); r.Status != http.StatusUnauthorized {
			t.Fatalf("visitor: %d", r.Status)
		}
		for msg, want := range map[string]string{"   ": property.MsgMessageEmpty, strings.Repeat("a", 2001): property.MsgMessageTooLong} {
			if r := tenant.Post(path, map[string]any{"message": msg}); r.Status != http.StatusBadRequest || r.ErrorMessage() != want {
				t.Errorf("message of %d chars: %d %s", len(msg), r.Status, r.Raw)
			}
		}
		if r := tenant.Post("/api/listings/no-such-id/contact", map[string]any{"message": "Hi"}); r.Status != http.StatusNotFound {
			t.Fatalf("unknown listing: %d", r.Status)
		}
		if r := owner.Post(path, map[string]any{"message": "Hi me"}); r.Status != http.StatusBadRequest || r.ErrorMessage() != property.MsgOwnListing {
			t.Fatalf("own listing: %d %s", r.Status, r.Raw)
		}

		e.Clock.Advance(time.Minute) // after the owner's sign-up e-mail
		r := tenant.Post(path, map[string]any{"message": "Is the flat still available for December?"})
		if r.Status != http.StatusOK || r.Body["message"] != property.MsgContactSent {
			t.Fatalf("send: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		msgs, err := e.App.Mail.Outbox(context.Background(), "own@example.com", 1)
		if err != nil || len(msgs) != 1 {
			t.Fatalf("owner outbox: %v %v", msgs, err)
		}
		m := msgs[0]
		if m.ReplyTo != "ten@example.com" || !strings.Contains(m.Text, "Is the flat still available for December?") || !strings.Contains(m.Text, "ten@example.com") {
			t.Fatalf("owner e-mail: reply-to %q, text %q", m.ReplyTo, m.Text)
		}

		// At most 5 an hour per sender.
		for i := range 4 {
			if r := tenant.Post(path, map[string]any{"message": "Follow-up"}); r.Status != http.StatusOK {
				t.Fatalf("message %d: %d", i+2, r.Status)
			}
		}
		if r := tenant.Post(path, map[string]any{"message": "One more"}); r.Status != http.StatusTooManyRequests || r.ErrorMessage() != property.MsgContactLimit {
			t.Fatalf("sixth message: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(time.Hour + time.Second)
		if r := tenant.Post(path, map[string]any{"message": "An hour later"}); r.Status != http.StatusOK {
			t.Fatalf("after an hour: %d %s", r.Status, r.Raw)
		}
	})
}
