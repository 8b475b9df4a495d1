package property

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// Contacting the owner of a listing (spec 1 section 2.7): the owner gets an
// e-mail whose Reply-To is the sender, so the conversation continues in
// their own mailboxes and the owner's address is never shown to the sender.

const (
	MsgContactSent     = "Your message was sent successfully"
	MsgMessageEmpty    = "Please write a message."
	MsgMessageTooLong  = "Please keep your message under 2,000 characters."
	MsgContactLimit    = "You have sent several messages recently. Please try again in an hour."
	MsgOwnListing      = "This is your own listing."
	MsgListingNotFound = "Listing not found."
	maxMessageLen      = 2000
	contactsPerHour    = 5
)

// Person is a user as the property domain needs to know them.
type Person struct{ ID, Email, FullName string }

// People finds users (the accounts domain provides it).
type People interface {
	Person(ctx context.Context, id string) (Person, error)
}

// Mailer is the part of the mail module this domain uses.
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

// SetContact wires in what contacting an owner needs.
func (s *Service) SetContact(people People, m Mailer) { s.people, s.mail = people, m }

// Listing returns one Published property, with its photos, for anyone.
func (s *Service) Listing(ctx context.Context, id string) (Property, error) {
	p, err := published(ctx, s.db.Conn(), id)
	if apperr.IsNotFound(err) {
		return Property{}, apperr.New(apperr.NotFound, "not_found", MsgListingNotFound)
	}
	if err != nil {
		return Property{}, err
	}
	return p, s.withPhotos(ctx, []*Property{&p})
}

// ContactOwner sends the sender's message to the listing's owner.
func (s *Service) ContactOwner(ctx context.Context, from Person, listingID, message string) error {
	message = strings.TrimSpace(message)
	switch {
	case message == "":
		return apperr.Fields(MsgMessageEmpty, map[string]string{"message": MsgMessageEmpty})
	case utf8.RuneCountInString(message) > maxMessageLen:
		return apperr.Fields(MsgMessageTooLong, map[string]string{"message": MsgMessageTooLong})
	}
	p, err := s.Listing(ctx, listingID)
	if err != nil {
		return err
	}
	if p.LandlordID == from.ID {
		return apperr.New(apperr.Invalid, "own_listing", MsgOwnListing)
	}
	owner, err := s.people.Person(ctx, p.LandlordID)
	if err != nil {
		return err
	}
	now := s.clock.Now().UTC()
	return s.db.Tx(ctx, func(c db.Conn) error {
		n, err := countEnquiriesSince(ctx, c, from.ID, now.Add(-time.Hour))
		if err != nil {
			return err
		}
		if n >= contactsPerHour {
			return apperr.New(apperr.TooMany, "too_many_requests", MsgContactLimit)
		}
		if err := insertEnquiry(ctx, c, uuid.NewString(), p.ID, from.ID, message, now); err != nil {
			return err
		}
		where := strings.TrimSpace(p.Address.Town + " " + geo.Outcode(p.Address.Postcode))
		return s.mail.Send(ctx, c, mail.Email{
			To: owner.Email, ReplyTo: from.Email, Subject: "New message about your listing in " + where, Template: "notice",
			Data: map[string]any{
				"Name":    owner.FullName,
				"Heading": "Someone is interested in your listing",
				"Paragraphs": []string{
					fmt.Sprintf("%s (%s) sent a message about your listing at %s, %s:", from.FullName, from.Email, p.Address.FirstLine, where),
					message,
					"Reply to this e-mail to answer them directly.",
				},
			},
		})
	})
}
