package repair

import (
	"bufio"
	"context"
	"errors"
	"io"
	"slices"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/platform/video"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// Evidence on a repair (issue 44): photos of the fault from the tenant's
// or the landlord's phone, through the photo evidence mechanism
// (internal/photo, kind "repair": checked by content, location data
// stripped from what is stored and served, capture time and SHA-256
// kept), each one a line of the repair's history; the original message of
// a report the landlord logged (files.go); the history as a sealed PDF
// (history_pdf.go); the alerts of clocks near or past their deadline
// (alerts.go).
//
// Videos (videos.go): short MP4 or MOV videos from the phone's camera,
// cleaned at the container level by internal/platform/video (the boxes
// where a phone stores its location and model removed, the picture kept as
// recorded, no transcoder needed), kept as the repair's files with their
// capture time and SHA-256. A WebM (some browsers' recordings) is still
// refused, with MsgVideo: its metadata is not cleaned here.

// Photos is the photo mechanism as this area uses it (internal/photo).
type Photos interface {
	UploadFrom(ctx context.Context, kindName string, a session.Actor, ownerID, origin string, file io.Reader) (photo.View, photo.Evidence, error)
	Evidences(ctx context.Context, kindName, ownerID string) ([]photo.Evidence, error)
	Of(ctx context.Context, kindName string, ownerIDs []string) (map[string][]photo.View, error)
	Bytes(ctx context.Context, kindName, ownerID, name string, size photo.Size) ([]byte, error)
}

// Sealer records a sealed document without signatures (internal/signing).
type Sealer interface {
	SealDocument(ctx context.Context, kind, subjectID, version, title string, draw func(signing.Seal) ([]byte, error)) (signing.SealedDoc, []byte, error)
}

// Calendar adds an event to a landlord's calendar in the caller's
// transaction (internal/calendar, wired by internal/app).
type Calendar interface {
	AddFor(ctx context.Context, tx db.Conn, ownerID string, ev CalendarEvent) error
}

// CalendarEvent is a repair's alert in the landlord's calendar.
type CalendarEvent struct {
	Date        string // YYYY-MM-DD, UK
	StartTime   string // HH:MM, UK
	EndTime     string
	Title       string
	Description string
	PropertyID  string
	Address     string
}

// EvidenceDeps are the parts the evidence needs, given at wiring time.
type EvidenceDeps struct {
	Photos   Photos
	Files    storage.Store
	Seals    Sealer
	Calendar Calendar
	Jobs     *jobs.Queue
}

type evidence struct{ EvidenceDeps }

// UseEvidence connects photos, files, the seal, the calendar and the job
// queue (internal/app); it also registers the alert sweep's job.
func (s *Service) UseEvidence(d EvidenceDeps) {
	s.ev = evidence{d}
	if d.Jobs != nil {
		d.Jobs.Handle(alertJob, s.alertJob)
	}
}

// KindRepair is the photo owner kind of a repair's photos (owner id: the
// repair's id); internal/photo's kinds table lists it.
const KindRepair = photo.KindRepair

// The evidence's messages.
const (
	MsgPhotoType  = "Please choose a photo (JPEG or PNG). Photos taken with the phone's camera are JPEG."
	MsgPhotoLarge = "This photo is larger than 5 MB. Please take it again at a smaller size, or choose another."
	MsgNoPhoto    = "Please choose a photo to add."
	MsgPDFBusy    = "The history could not be made just now. Please try again in a minute."
)

// PhotoView is a repair's photo for its pages.
type PhotoView struct {
	photo.View
	SHA256     string     `json:"sha256"`
	CapturedAt *time.Time `json:"capturedAt"`
	UploadedAt time.Time  `json:"uploadedAt"`
	Origin     string     `json:"origin"`
	By         string     `json:"by"`   // the name of who added it
	Role       Role       `json:"role"` // tenant or landlord
}

// repairOwners answers internal/photo for the kind "repair": the parties
// of a repair may add photos to it and see them; everyone else is told it
// does not exist.
type repairOwners struct{ s *Service }

// PhotoOwners is what internal/app registers for KindRepair.
func (s *Service) PhotoOwners() photo.Owners { return repairOwners{s} }

func (o repairOwners) CanEdit(ctx context.Context, a session.Actor, ownerID string) error {
	r, err := repairByID(ctx, o.s.d.DB.Conn(), ownerID)
	if err != nil {
		return err
	}
	_, err = o.s.viewerOf(ctx, a, r)
	return err
}

func (o repairOwners) Visibility(ctx context.Context, viewer session.Actor, ownerID string) (bool, bool, error) {
	if viewer.UserID == "" {
		return false, false, nil
	}
	r, err := repairByID(ctx, o.s.d.DB.Conn(), ownerID)
	if apperr.IsNotFound(err) {
		return false, false, nil
	}
	if err != nil {
		return false, false, err
	}
	_, err = o.s.viewerOf(ctx, viewer, r)
	if apperr.IsNotFound(err) {
		return false, false, nil
	}
	return err == nil, false, err
}

// AddPhoto adds a photo to a repair for one of its parties (the tenant on
// their report or in a message, the landlord), and appends it to the
// history with its SHA-256 and capture time. A video or a file that is
// not a photo is refused with a plain message; the repair is unchanged.
func (s *Service) AddPhoto(ctx context.Context, a session.Actor, id, origin string, file io.Reader) (PhotoView, View, error) {
	if err := a.RequireSignedIn(); err != nil {
		return PhotoView{}, View{}, err
	}
	if s.ev.Photos == nil {
		return PhotoView{}, View{}, apperr.Wrap(errNoEvidence, "repair photos")
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return PhotoView{}, View{}, err
	}
	role, err := s.viewerOf(ctx, a, r)
	if err != nil {
		return PhotoView{}, View{}, err
	}
	br := bufio.NewReaderSize(file, 64)
	head, _ := br.Peek(16)
	switch {
	case len(head) == 0:
		return PhotoView{}, View{}, apperr.New(apperr.Invalid, "no_file", MsgNoPhoto)
	case errors.Is(video.Sniff(head), video.ErrWebM):
		return PhotoView{}, View{}, apperr.New(apperr.Invalid, "video_webm", MsgVideo)
	case video.Sniff(head) == nil:
		return PhotoView{}, View{}, apperr.New(apperr.Invalid, "video_as_photo", MsgVideoAsPhoto)
	}
	pv, ev, err := s.ev.Photos.UploadFrom(ctx, KindRepair, a, id, origin, br)
	if err != nil {
		return PhotoView{}, View{}, photoError(err)
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		data := map[string]any{"photo": ev.Name, "sha256": ev.SHA256, "origin": ev.Origin, "uploadedAt": ev.UploadedAt.Format(time.RFC3339)}
		if ev.CapturedAt != nil {
			data["capturedAt"] = ev.CapturedAt.Format(time.RFC3339)
		}
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: EventPhoto, Data: data}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return PhotoView{}, View{}, err
	}
	v, err := s.view(ctx, r, role)
	if err != nil {
		return PhotoView{}, View{}, err
	}
	out := PhotoView{View: pv, SHA256: ev.SHA256, CapturedAt: ev.CapturedAt, UploadedAt: ev.UploadedAt, Origin: ev.Origin, By: a.FullName, Role: role}
	return out, v, nil
}

// photoError says the photo mechanism's refusals in this area's words.
func photoError(err error) error {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return err
	}
	switch e.Code {
	case "not_an_image", "unreadable_image":
		return apperr.New(apperr.Invalid, e.Code, MsgPhotoType)
	case "image_too_large":
		return apperr.New(apperr.TooLarge, e.Code, MsgPhotoLarge)
	}
	return err
}

var errNoEvidence = errors.New("repair: evidence not connected")

// EventPhoto is a photo added to the repair; EventOriginal the original
// message of a logged report; EventAlert an alert sent to the landlord.
const (
	EventPhoto    = "photo"
	EventOriginal = "original"
	EventAlert    = "alert"
)

// photosOf are a repair's photos with who added each, from the history.
func (s *Service) photosOf(ctx context.Context, r Repair, events []Event) ([]PhotoView, error) {
	if s.ev.Photos == nil {
		return []PhotoView{}, nil
	}
	views, err := s.ev.Photos.Of(ctx, KindRepair, []string{r.ID})
	if err != nil {
		return nil, err
	}
	evs, err := s.ev.Photos.Evidences(ctx, KindRepair, r.ID)
	if err != nil {
		return nil, err
	}
	by := map[string]Event{}
	for _, e := range events {
		if n, ok := e.Data["photo"].(string); ok && (e.Kind == EventPhoto || e.Kind == EventOriginal) {
			by[n] = e
		}
	}
	out := make([]PhotoView, 0, len(evs))
	for _, ev := range evs {
		i := slices.IndexFunc(views[r.ID], func(v photo.View) bool { return v.Name == ev.Name })
		if i < 0 {
			continue
		}
		e := by[ev.Name]
		out = append(out, PhotoView{View: views[r.ID][i], SHA256: ev.SHA256, CapturedAt: ev.CapturedAt, UploadedAt: ev.UploadedAt,
			Origin: ev.Origin, By: e.ActorName, Role: e.ActorRole})
	}
	return out, nil
}

// evidenceOf fills the view's photos and files.
func (s *Service) evidenceOf(ctx context.Context, r Repair, events []Event, v *View) error {
	photos, err := s.photosOf(ctx, r, events)
	if err != nil {
		return err
	}
	files, err := filesOf(ctx, s.d.DB.Conn(), r.ID)
	if err != nil {
		return err
	}
	v.Videos, v.Files = videosOf(r.ID, files, events)
	v.Photos = photos
	return nil
}

// evidenceText is a line of the history for a photo, an original message
// or an alert.
func (s *Service) evidenceText(e Event, who string) string {
	switch e.Kind {
	case EventPhoto:
		if at, ok := e.Data["capturedAt"].(string); ok {
			if t, err := time.Parse(time.RFC3339, at); err == nil {
				return who + " added a photo taken " + ukMoment(t) + "."
			}
		}
		return who + " added a photo."
	case EventVideo:
		return videoText(e, who)
	case EventOriginal:
		name, _ := e.Data["fileName"].(string)
		return who + " attached the original message of the report (" + name + ")."
	case EventRemedial:
		return e.Body
	case EventAlert:
		deadline, _ := e.Data["deadline"].(string)
		if e.Data["stage"] == StageOverdue {
			return "OmniRent told the landlord a deadline had passed: " + deadline + "."
		}
		return "OmniRent reminded the landlord a deadline is near: " + deadline + "."
	}
	return e.Kind
}
