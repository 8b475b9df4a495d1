package refcheck

import (
	"context"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// RenterCheck is a reference check asked of the signed-in renter, as their
// home lists it: for which home, its state in words, and their own page
// (the link the invitation e-mail carried) while there is something to do.
type RenterCheck struct {
	CheckID    string       `json:"-"`
	RenterID   string       `json:"-"`
	PropertyID string       `json:"-"`
	Address    Place        `json:"property"`
	Status     RenterStatus `json:"status"`
	StatusText string       `json:"statusText"`
	AskedAt    time.Time    `json:"askedAt"`
	Link       string       `json:"link"`
}

// ForRenter lists the paid reference checks whose renter has the actor's
// e-mail address, newest first. Nobody sees another renter's checks.
func (s *Service) ForRenter(ctx context.Context, a session.Actor) ([]RenterCheck, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	list, err := db.All(ctx, s.db.Conn(), func(row db.Scanner) (RenterCheck, error) {
		var r RenterCheck
		var created int64
		err := row.Scan(&r.CheckID, &r.RenterID, &r.Status, &r.PropertyID, &created)
		r.AskedAt = time.UnixMilli(created).UTC()
		return r, err
	}, `SELECT k.id, r.id, r.status, k.property_id, k.created_at
		FROM reference_checks k
		JOIN reference_check_renters r ON r.check_id = k.id
		WHERE k.status = ? AND LOWER(r.email) = ?
		ORDER BY k.created_at DESC, k.id`, PaymentComplete, strings.ToLower(strings.TrimSpace(a.Email)))
	if err != nil {
		return nil, apperr.Wrap(err, "list renter checks")
	}
	ids := make([]string, 0, len(list))
	for _, r := range list {
		ids = append(ids, r.PropertyID)
	}
	places, err := s.properties.Addresses(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range list {
		r := &list[i]
		r.Address = places[r.PropertyID]
		switch r.Status {
		case ProcessComplete:
			r.StatusText = "Completed: your landlord has the report."
		default:
			r.StatusText = "Waiting for you: fill in the form and verify your income."
			r.Link = "/initiateRefCheck/" + r.RenterID + "/" + r.CheckID
		}
	}
	return list, nil
}
