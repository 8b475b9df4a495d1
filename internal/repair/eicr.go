package repair

import (
	"context"
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// A certificate recorded as unsatisfactory in Documents opens a repair
// (issue 44): an EICR with the remedial work's 28-day clock (the
// catalogue's eicr-remedial rules, England and Northern Ireland; elsewhere
// the repair's own clocks), a gas safety record with the gas repair's
// clocks. internal/documents records the outcome and asks, through an
// interface internal/app wires to OpenRemedial, once per certificate (a
// durable job; the repair's request key makes a second call the first's
// repair).

// Remedial is a certificate found unsatisfactory.
type Remedial struct {
	CertificateID string
	PropertyID    string
	Type          string // "eicr" or "gas-safety" (internal/documents)
	TypeName      string // "Electrical Installation Condition Report"
	IssuedOn      string // YYYY-MM-DD: the inspection, when the landlord was made aware
	Notes         string
}

// remedialCategory is the repair category of each certificate type.
// EventRemedial: the repair was opened from a certificate, with its clock.
const EventRemedial = "remedial"

var remedialCategory = map[string]string{"eicr": "electrics", "gas-safety": "gas"}

// OpenRemedial opens the repair of an unsatisfactory certificate for its
// landlord, counted from the inspection's day (09:00 UK, or now if that is
// later). It answers the repair, the same one when asked again.
func (s *Service) OpenRemedial(ctx context.Context, a session.Actor, in Remedial) (View, error) {
	category, ok := remedialCategory[in.Type]
	if !ok {
		return View{}, fmt.Errorf("repair: no remedial repair for certificates of type %q", in.Type)
	}
	now := s.now()
	aware := now
	if day, err := time.ParseInLocation(time.DateOnly, in.IssuedOn, clock.UK); err == nil {
		if t := day.Add(9 * time.Hour); t.Before(now) {
			aware = t
		}
	}
	desc := "The " + in.TypeName + " of " + issuedText(in.IssuedOn) + " was recorded as unsatisfactory in Documents: the work it lists must be done."
	if in.Notes != "" {
		desc += " Notes: " + in.Notes
	}
	if runes(desc) > MaxDescription {
		desc = string([]rune(desc)[:MaxDescription])
	}
	v, created, err := s.Report(ctx, a, ReportInput{PropertyID: in.PropertyID, Category: category, Answers: map[string]string{},
		Room: "Whole home", Description: desc, AwareAt: aware.In(clock.UK).Format("2006-01-02T15:04"), Channel: "inspection",
		ChannelNote: "Opened from the " + in.TypeName + " recorded in Documents.", ClientKey: "certificate:" + in.CertificateID})
	if err != nil || !created || in.Type != "eicr" {
		return v, err
	}
	// The remedial work's clock, counted from the inspection.
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		r, err := s.lockedFor(ctx, tx, v.ID)
		if err != nil {
			return err
		}
		counted, warning := s.countDeadlines(r, TriggerEICRRemedial, r.AwareAt)
		all, err := deadlinesOf(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		for _, d := range counted {
			if err := insertDeadline(ctx, tx, d); err != nil {
				return err
			}
			all = append(all, d)
		}
		body := "The EICR lists remedial work: " + fmt.Sprint(labels(counted)) + "."
		if len(counted) == 0 {
			body = "The EICR lists remedial work. No legal deadline for it is in the catalogue for " + r.Jurisdiction + ": it must be done within a reasonable time, or sooner if the report says so."
		}
		if warning != "" {
			body += " " + warning
		}
		if err := s.append(ctx, tx, &r, Event{ActorRole: RoleSystem, Kind: EventRemedial, Body: body,
			Data: map[string]any{"deadlines": labels(counted), "certificate": in.TypeName}}); err != nil {
			return err
		}
		r.NextDueAt = nextDue(all)
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return View{}, err
	}
	return s.Get(ctx, a, v.ID)
}

func issuedText(day string) string {
	if t, err := time.Parse(time.DateOnly, day); err == nil {
		return t.Format("Mon 2 Jan 2006")
	}
	return day
}
