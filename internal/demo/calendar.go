package demo

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
)

// SeedCalendar gives the demo landlord a few events at the demo home,
// made through the service as a user would: a weekly viewing for two
// months, a vendor visit and a maintenance visit. Seeding twice adds nothing.
func SeedCalendar(ctx context.Context, accounts *auth.Service, properties *property.Service, cal *calendar.Service, now time.Time) error {
	local := now.In(clock.UK)
	day := func(d int) string { return local.AddDate(0, 0, d).Format(time.DateOnly) }
	owner, propertyID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		list, err := cal.Occurrences(ctx, owner, day(-399), day(0), "", "")
		if err != nil {
			return false, err
		}
		later, err := cal.Occurrences(ctx, owner, day(1), day(400), "", "")
		for _, o := range append(list, later...) {
			if !o.Generated {
				return true, err
			}
		}
		return false, err
	})
	if err != nil || propertyID == "" {
		return err
	}
	// The next Thursday (or in a week when today is one).
	thursday := (int(time.Thursday) - int(local.Weekday()) + 7) % 7
	if thursday == 0 {
		thursday = 7
	}
	where := calendar.Location{PropertyID: propertyID}
	for _, in := range []calendar.Input{
		{Category: "Viewings", Title: "Weekly viewings", Description: "Open viewing for prospective tenants. Meet at the front door.",
			Location: where, Date: day(thursday), StartTime: "17:30", EndTime: "18:30", Frequency: calendar.Weekly,
			LimitDate: day(thursday + 56), Alert: "1 hour",
			Attendees: []calendar.Attendee{{FirstName: "Tom", LastName: "Tenant", Email: Accounts[1].Email}}},
		{Category: "Vendors", Title: "Carpet fitter measures the bedroom", Description: "Quote for replacing the bedroom carpet.",
			Location: where, Date: day(3), StartTime: "10:00", EndTime: "11:00", Frequency: calendar.OneOff, Alert: "1 day"},
		{Category: "Maintenance", Title: "Boiler service", Description: "Annual boiler service by the heating engineer.",
			Location: where, Date: day(10), StartTime: "09:00", EndTime: "11:00", Frequency: calendar.Yearly, Alert: "2 hours"},
	} {
		if _, err := cal.Create(ctx, owner, in); err != nil {
			return err
		}
	}
	return nil
}
