package calendar

import (
	"context"
	"time"
)

// DatedItem is a day another area sets for someone (a rent increase's
// first day, the day a tenancy ends by notice), shown in their calendar
// as an all-day date they can mark done. The area keeps the record; the
// calendar only shows it.
type DatedItem struct {
	Key         string // unique across the area's items
	Day         string // YYYY-MM-DD
	Category    string // one of Categories
	Title       string
	Description string
	PropertyID  string
	Address     string
	Link        string
	Source      string
}

// Dated lists the days an area sets for a user (as landlord or tenant).
type Dated interface {
	Dates(ctx context.Context, userID string) ([]DatedItem, error)
}

// datedKey is an item's occurrence key ("dated:" and the area's key).
func datedKey(d DatedItem) string { return "dated:" + d.Key }

// datedItems are every area's days for the user.
func (s *Service) datedItems(ctx context.Context, userID string) ([]DatedItem, error) {
	var out []DatedItem
	for _, src := range s.d.Dated {
		list, err := src.Dates(ctx, userID)
		if err != nil {
			return nil, err
		}
		out = append(out, list...)
	}
	return out, nil
}

// datedOccurrence shows an item as an all-day event.
func datedOccurrence(d DatedItem, done bool) (Occurrence, bool) {
	day, err := time.ParseInLocation(dateFmt, d.Day, london)
	if err != nil {
		return Occurrence{}, false
	}
	return Occurrence{Key: datedKey(d), Occurrence: d.Day, Date: d.Day, Start: day.UTC(), End: day.AddDate(0, 0, 1).UTC(), AllDay: true,
		Category: d.Category, Title: d.Title, Description: d.Description, Location: Location{PropertyID: d.PropertyID, Address: d.Address},
		Attendees: []Attendee{}, Frequency: OneOff, Alert: NoAlert, Generated: true, Done: done, Link: d.Link, Source: d.Source}, true
}
