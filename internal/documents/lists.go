package documents

import (
	"context"
	"net/url"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/session"
)

// Item is one agreement, reference check or report in a property's
// documents list.
type Item struct {
	ID           string    `json:"id"`
	Title        string    `json:"title"`
	Status       string    `json:"status"`
	StatusLabel  string    `json:"statusLabel"`
	Group        string    `json:"group"`
	Date         string    `json:"date"` // YYYY-MM-DD (UK) it was begun
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
	ActionNeeded bool      `json:"actionNeeded"`
	Active       bool      `json:"active"`
	OpenURL      string    `json:"openUrl"`
	CanDelete    bool      `json:"canDelete"`
	DeleteURL    string    `json:"deleteUrl"`
}

func ukDate(t time.Time) string { return t.In(clock.UK).Format(time.DateOnly) }

// contractGroup sorts an agreement's status into the lists' groups.
func contractGroup(status string) string {
	switch status {
	case "Draft":
		return "draft"
	case "ATS", "ADS":
		return "awaiting"
	}
	return "completed"
}

var statusLabels = map[string]string{
	"Draft": "Draft", "ATS": "Awaiting signatures", "ADS": "Signed, being sealed", "COMPLETED": "Completed",
	"Completed": "Completed", "Disputed": "Disputed",
}

func label(status string) string {
	if l, ok := statusLabels[status]; ok {
		return l
	}
	return status
}

// ContractItems lists a property's agreements: drafts, awaiting signatures
// and completed, each opening in the builder.
func (s *Service) ContractItems(ctx context.Context, a session.Actor, propertyID string) ([]Item, error) {
	p, err := s.property(ctx, a, propertyID)
	if err != nil {
		return nil, err
	}
	list, err := s.d.Contracts.OfLandlord(ctx, a.UserID, p.ID)
	if err != nil {
		return nil, err
	}
	out := []Item{}
	for _, c := range list {
		g := contractGroup(c.Status)
		it := Item{ID: c.ID, Title: c.Title, Status: c.Status, StatusLabel: label(c.Status), Group: g, Date: ukDate(c.CreatedAt),
			CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, ActionNeeded: g == "awaiting", Active: g != "completed",
			OpenURL: "/contract-builder?view=" + g + "&id=" + url.QueryEscape(c.ID)}
		if g == "draft" {
			it.CanDelete, it.DeleteURL = true, "/api/contracts/"+url.PathEscape(c.ID)
		}
		out = append(out, it)
	}
	return out, nil
}

// RefCheckItems lists a property's reference checks, one per renter:
// active and completed, a completed one opening its report.
func (s *Service) RefCheckItems(ctx context.Context, a session.Actor, propertyID string) ([]Item, error) {
	p, err := s.property(ctx, a, propertyID)
	if err != nil {
		return nil, err
	}
	list, err := s.d.RefChecks.OfLandlord(ctx, a.UserID, p.ID)
	if err != nil {
		return nil, err
	}
	out := []Item{}
	for _, c := range list {
		it := Item{ID: c.CheckID + ":" + c.RenterID, Title: c.Name, Status: c.Status, StatusLabel: c.Status, Group: "active",
			Date: ukDate(c.InitiatedAt), CreatedAt: c.InitiatedAt, UpdatedAt: c.InitiatedAt, ActionNeeded: !c.Completed, Active: !c.Completed}
		if c.Completed {
			it.Group = "completed"
			it.OpenURL = "/reports/" + url.PathEscape(c.CheckID) + "/" + url.PathEscape(c.RenterID)
		}
		out = append(out, it)
	}
	return out, nil
}

// ReportItems lists a property's inventory reports by status, each opening
// in the editor (a draft) or the preview.
func (s *Service) ReportItems(ctx context.Context, a session.Actor, propertyID string) ([]Item, error) {
	p, err := s.property(ctx, a, propertyID)
	if err != nil {
		return nil, err
	}
	list, err := s.d.Reports.OfCreator(ctx, a.UserID, p.ID)
	if err != nil {
		return nil, err
	}
	out := []Item{}
	for _, r := range list {
		g := "active"
		switch r.Status {
		case "Draft":
			g = "draft"
		case "ATS", "ADS":
			g = "awaiting"
		case "Disputed":
			g = "disputed"
		case "Completed":
			g = "completed"
		}
		it := Item{ID: r.ID, Title: r.Type + " — " + p.FirstLine, Status: r.Status, StatusLabel: label(r.Status), Group: g,
			Date: ukDate(r.CreatedAt), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, ActionNeeded: g == "disputed", Active: g != "completed",
			OpenURL: "/NewReport?id=" + url.QueryEscape(r.ID) + "&view=preview"}
		if g == "draft" {
			it.OpenURL = "/NewReport?id=" + url.QueryEscape(r.ID)
			it.CanDelete, it.DeleteURL = true, "/api/inventory/reports/"+url.PathEscape(r.ID)
		}
		out = append(out, it)
	}
	return out, nil
}
