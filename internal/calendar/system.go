package calendar

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// Events another area puts in an account's calendar (a repair's deadline
// alert, issue 44), in that area's transaction: the area decides once, with
// its own row locked or claimed, that the event is due, and the event is
// added with what else it does then (an e-mail) or not at all. The event
// is the account's own from then on: they may edit or delete it like any
// other. It sends no invitation and has no alert of its own (the area's
// e-mail is the alert).

// SystemEvent is an event an area adds.
type SystemEvent struct {
	Category    string // one of Categories
	Title       string
	Description string
	PropertyID  string
	Address     string
	Date        string // YYYY-MM-DD, UK
	StartTime   string // HH:MM, UK
	EndTime     string // HH:MM, UK
}

// AddFor adds a one-off event to ownerID's calendar in tx.
func (s *Service) AddFor(ctx context.Context, tx db.Conn, ownerID string, in SystemEvent) error {
	now := s.now().UTC()
	e := Event{ID: uuid.NewString(), OwnerID: ownerID, Category: in.Category, Title: text.SingleLine(in.Title), Description: in.Description,
		Location: Location{PropertyID: in.PropertyID, Address: in.Address}, Attendees: []Attendee{}, Date: in.Date,
		StartTime: in.StartTime, EndTime: in.EndTime, TimeZone: TimeZone, Frequency: OneOff, Alert: NoAlert,
		Exceptions: []Exception{}, AlertsFrom: now, CreatedAt: now, UpdatedAt: now}
	if _, err := time.Parse(time.DateOnly, e.Date); err != nil {
		return err
	}
	return insertEvent(ctx, tx, e)
}
