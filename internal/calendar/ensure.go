package calendar

import (
	"context"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/session"
)

// EnsureEvent puts an event another area made in the owner's calendar
// once: the area gives the event's id (derived from its own record), and
// an event of that id already there is answered as it is. A job that makes
// calendar events (a repair's confirmed visit) may so run again safely.
func (s *Service) EnsureEvent(ctx context.Context, owner session.Actor, id string, in Input) (Event, error) {
	if err := owner.RequireSignedIn(); err != nil {
		return Event{}, err
	}
	if e, err := eventByID(ctx, s.d.DB.Conn(), owner.UserID, id); err == nil {
		return e, nil
	} else if !apperr.IsNotFound(err) {
		return Event{}, err
	}
	e, err := s.create(ctx, owner, id, in)
	if err != nil {
		// Made at the same moment by another run: answer that one.
		if got, gerr := eventByID(ctx, s.d.DB.Conn(), owner.UserID, id); gerr == nil {
			return got, nil
		}
	}
	return e, err
}
