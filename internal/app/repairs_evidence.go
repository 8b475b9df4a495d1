package app

import (
	"context"
	"fmt"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/demo"
	"github.com/omnirent/omnirent/internal/documents"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/repair"
)

// useRepairEvidence connects a repair's evidence (issue 44): its photos
// (internal/photo, kind "repair"), the original messages' files, the sealed
// history PDF (internal/signing's sealed documents) and the alerts of its
// clocks (the job queue, and the landlord's calendar).
func (a *App) useRepairEvidence(ctx context.Context, photos PropertyPhotos, files storage.Store, q *jobs.Queue, demoClock demo.Pinner) error {
	a.Repairs.UseEvidence(repair.EvidenceDeps{Photos: photos.Service, Files: files, Seals: a.Signing,
		Calendar: repairCalendar{a.Calendar}, Jobs: q})
	photos.SetOwners(photo.KindRepair, a.Repairs.PhotoOwners())
	a.Documents.UseRemedials(remedialRepairs{auth: a.Auth, repairs: a.Repairs})
	q.CountAsSweep("repair.alerts")
	if a.Config.SeedDemo {
		if err := demo.SeedRepairs(ctx, a.Auth, a.Properties, a.Repairs, demoClock); err != nil {
			return fmt.Errorf("demo repairs: %w", err)
		}
	}
	if err := a.Repairs.ScheduleAlerts(ctx); err != nil {
		return fmt.Errorf("repair alerts: %w", err)
	}
	return nil
}

// remedialRepairs opens the repair of a certificate recorded as
// unsatisfactory in Documents (documents.Remedials over internal/repair),
// as its landlord.
type remedialRepairs struct {
	auth    *auth.Service
	repairs *repair.Service
}

func (r remedialRepairs) OpenRemedial(ctx context.Context, in documents.Remedial) error {
	u, err := r.auth.UserByID(ctx, in.OwnerID)
	if err != nil {
		return err
	}
	_, err = r.repairs.OpenRemedial(ctx, u.Actor(), repair.Remedial{CertificateID: in.CertificateID, PropertyID: in.PropertyID,
		Type: in.Type, TypeName: in.TypeName, IssuedOn: in.IssuedOn, Notes: in.Notes})
	return err
}

// repairCalendar puts a repair's alert in the landlord's calendar, in the
// alert's transaction (repair.Calendar over internal/calendar).
type repairCalendar struct{ c *calendar.Service }

func (r repairCalendar) AddFor(ctx context.Context, tx db.Conn, ownerID string, ev repair.CalendarEvent) error {
	return r.c.AddFor(ctx, tx, ownerID, calendar.SystemEvent{Category: "Maintenance", Title: ev.Title, Description: ev.Description,
		PropertyID: ev.PropertyID, Address: ev.Address, Date: ev.Date, StartTime: ev.StartTime, EndTime: ev.EndTime})
}
