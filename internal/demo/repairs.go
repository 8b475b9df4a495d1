package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/repair"
	"github.com/omnirent/omnirent/internal/session"
)

// SeedRepairs gives the demo tenant's home (HomeAddress) repairs in
// several states, each made at its own moment in the past (clk is pinned
// to it, so the clocks, the history and the e-mails carry those days): a
// dripping tap fixed and closed a month ago, a radiator being worked on,
// mould on a bedroom wall triaged with its clock running (a photo of it),
// and a cooker hood just reported. It needs the signed agreement
// (SeedTenancy) and adds nothing once the home has a repair.
func SeedRepairs(ctx context.Context, accounts *auth.Service, properties *property.Service, repairs *repair.Service, clk Pinner) error {
	now := clk.Now()
	owner, propertyID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		list, err := repairs.List(ctx, owner, "", "")
		return len(list) > 0, err
	})
	if err != nil || propertyID == "" {
		return err
	}
	u, err := accounts.UserByEmail(ctx, Accounts[1].Email)
	if err != nil {
		return err
	}
	tenant := u.Actor()
	if homes, err := repairs.Form(ctx, tenant); err != nil || len(homes.Homes) == 0 {
		return err // no signed agreement (no sandbox payments): nothing to report under
	}
	defer clk.Unpin()
	at := func(days int, hour, minute int) time.Time {
		d := time.Date(now.Year(), now.Month(), now.Day(), hour, minute, 0, 0, time.UTC)
		return d.AddDate(0, 0, -days)
	}
	report := func(when time.Time, in repair.ReportInput) (string, error) {
		clk.Pin(when)
		in.PropertyID = propertyID
		v, _, err := repairs.Report(ctx, tenant, in)
		return v.ID, err
	}
	step := func(when time.Time, a session.Actor, id string, in repair.ChangeInput) error {
		clk.Pin(when)
		_, err := repairs.Change(ctx, a, id, in)
		if err != nil {
			return fmt.Errorf("demo repair %s: %w", in.Status, err)
		}
		return nil
	}

	// Closed: a dripping tap, fixed and confirmed.
	tap, err := report(at(34, 18, 20), repair.ReportInput{Category: "bathroom-wc", Answers: map[string]string{"what": "basin-taps", "leaking": "yes"},
		Room: "Bathroom", Description: "The cold tap on the basin drips all the time, and the cabinet under it is getting wet.",
		Availability: "Weekdays after 5pm", EntryWhenOut: true, ClientKey: "demo-tap"})
	if err != nil {
		return fmt.Errorf("demo repair: %w", err)
	}
	for _, s := range []struct {
		days, h, m int
		a          session.Actor
		in         repair.ChangeInput
	}{
		{33, 9, 5, owner, repair.ChangeInput{Status: repair.Triaged}},
		{33, 9, 10, owner, repair.ChangeInput{Status: repair.InProgress, Note: "Ace Plumbing is coming this afternoon, as you agreed on the phone."}},
		{31, 17, 40, owner, repair.ChangeInput{Status: repair.WorkDone, Note: "New washer and cartridge fitted; the cabinet base dried and sealed."}},
		{30, 19, 2, tenant, repair.ChangeInput{Status: repair.Verified}},
		{30, 20, 15, owner, repair.ChangeInput{Status: repair.Closed}},
	} {
		if err := step(at(s.days, s.h, s.m), s.a, tap, s.in); err != nil {
			return err
		}
	}

	// In progress: a cold radiator.
	rad, err := report(at(6, 8, 45), repair.ReportInput{Category: "heating-hot-water", Answers: map[string]string{"what": "some-radiators", "boiler": "nothing"},
		Room: "Living room", Description: "The living room radiator stays cold even with the heating on; the others are warm.",
		Availability: "Any time on Saturdays", ClientKey: "demo-radiator"})
	if err != nil {
		return fmt.Errorf("demo repair: %w", err)
	}
	for _, s := range []struct {
		days, h, m int
		in         repair.ChangeInput
	}{
		{6, 10, 0, repair.ChangeInput{Status: repair.Triaged}},
		{4, 9, 30, repair.ChangeInput{Status: repair.InProgress}},
	} {
		if err := step(at(s.days, s.h, s.m), owner, rad, s.in); err != nil {
			return err
		}
	}

	// Triaged, its clock running: mould behind the wardrobe, with a photo.
	mould, err := report(at(3, 19, 30), repair.ReportInput{Category: "damp-mould", Answers: map[string]string{"where": "one-room", "size": "medium", "health": "no"},
		Room: "Bedroom", Description: "Black mould on the outside wall behind the wardrobe, about the size of a pillow, and a musty smell.",
		Availability: "Weekday mornings", ClientKey: "demo-mould"})
	if err != nil {
		return fmt.Errorf("demo repair: %w", err)
	}
	clk.Pin(at(3, 19, 32))
	if _, _, err := repairs.AddPhoto(ctx, tenant, mould, photo.FromUpload, bytes.NewReader(mouldWall(960, 720))); err != nil {
		return fmt.Errorf("demo repair photo: %w", err)
	}
	if err := step(at(2, 9, 15), owner, mould, repair.ChangeInput{Status: repair.Triaged}); err != nil {
		return err
	}

	// Just reported.
	_, err = report(now.Add(-2*time.Hour).Truncate(time.Minute), repair.ReportInput{Category: "kitchen-appliances", Answers: map[string]string{"what": "extractor", "provided": "yes"},
		Room: "Kitchen", Description: "The extractor fan over the cooker stopped working this morning: no light and no fan.", ClientKey: "demo-hood"})
	if err != nil {
		return fmt.Errorf("demo repair: %w", err)
	}
	return nil
}

// mouldWall draws a w x h JPEG of a pale wall with dark patches of mould.
func mouldWall(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	wall := rgb(0xe9e4d8)
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, mix(wall, rgb(0xcfc6b0), float64(y)/float64(h)))
		}
	}
	spots := []struct{ x, y, r int }{{w / 4, h / 3, h / 9}, {w / 3, h / 2, h / 7}, {w / 5, h * 2 / 3, h / 10}, {w / 2, h * 3 / 5, h / 12}, {w * 2 / 5, h / 4, h / 14}}
	for i, s := range spots {
		disc(img, s.x, s.y, s.r, mix(rgb(0x2b2b24), rgb(0x4a4a3a), float64(i)/5))
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}
