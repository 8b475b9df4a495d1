package inventory

import (
	"context"
	"io"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// Property is a saved property as reports show it.
type Property struct {
	ID       string `json:"id"`
	Line1    string `json:"addrFirstLine"`
	Line2    string `json:"addrSecondLine"`
	Town     string `json:"town"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// Properties is what reports need from the properties area (wired in internal/app).
type Properties interface {
	// Owned is the actor's own property, or NotFound.
	Owned(ctx context.Context, a session.Actor, id string) (Property, error)
	// Places are the addresses of the given properties, whoever owns them.
	Places(ctx context.Context, ids []string) (map[string]Property, error)
}

// Photos is the evidence-photo mechanism (internal/photo).
type Photos interface {
	UploadFrom(ctx context.Context, kindName string, a session.Actor, ownerID, origin string, file io.Reader) (photo.View, photo.Evidence, error)
	Delete(ctx context.Context, kindName string, a session.Actor, ownerID, name string) error
	Of(ctx context.Context, kindName string, ownerIDs []string) (map[string][]photo.View, error)
	Evidences(ctx context.Context, kindName, ownerID string) ([]photo.Evidence, error)
	Bytes(ctx context.Context, kindName, ownerID, name string, size photo.Size) ([]byte, error)
	OwnersOf(ctx context.Context, c db.Conn, names []string) (map[string]photo.Owner, error)
}

type Service struct {
	db     *db.DB
	clock  clock.Clock
	cat    *Catalogue
	props  Properties
	photos Photos
	sign   SigningDeps
	terms  CertificateTerms
}

func NewService(d *db.DB, c clock.Clock, cat *Catalogue, props Properties, photos Photos) *Service {
	return &Service{db: d, clock: c, cat: cat, props: props, photos: photos}
}

// Catalogue is the loaded catalogues.
func (s *Service) Catalogue() *Catalogue { return s.cat }

func (s *Service) now() time.Time { return s.clock.Now().UTC() }

// Record is a report as its reader may see it.
type Record struct {
	Report
	Property Property
	Mine     bool
	// Dropped counts the photos a save left out because they had been deleted.
	Dropped int
}

// Location is where the browser says it is, when the user allowed it.
type Location struct {
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	Accuracy float64 `json:"accuracy"`
}

// NewInput starts a report: a property, a type, optionally a report to clone.
type NewInput struct {
	PropertyID string  `json:"propertyId"`
	Type       string  `json:"type"`
	CloneFrom  *string `json:"cloneFrom"` // present (even empty) when the user chose to clone
	// FromCheckIn starts a check-out report from a signed check-in report:
	// its rooms and items, with empty conditions, so the two line up.
	FromCheckIn string    `json:"fromCheckIn"`
	Location    *Location `json:"location"`
}

func clonable(status string) bool { return status == ATS || status == ADS || status == Completed }

// Create begins a report (spec 3 step 0): a new draft, empty or cloned from
// a signed or completed report of the same type; the begin stamp records
// the server's time and the browser's location when given.
func (s *Service) Create(ctx context.Context, a session.Actor, in NewInput) (Record, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Record{}, err
	}
	if in.PropertyID == "" {
		return Record{}, fieldErr("propertyId", MsgSelectProperty)
	}
	if !slices.Contains(Types, in.Type) {
		return Record{}, fieldErr("type", MsgUnknownType)
	}
	p, err := s.props.Owned(ctx, a, in.PropertyID)
	if err != nil {
		return Record{}, apperr.Fields(MsgSelectProperty, map[string]string{"propertyId": MsgSelectProperty}).WithKind(apperr.NotFound, "property_not_found")
	}
	now := s.now()
	r := Report{ID: uuid.NewString(), CreatorID: a.UserID, PropertyID: p.ID, Type: in.Type, Status: Draft, PaymentStatus: PaymentPending,
		Revision: 1, CreatedAt: now, UpdatedAt: now}
	r.Data.nonNil()
	if in.CloneFrom != nil {
		if *in.CloneFrom == "" {
			return Record{}, fieldErr("cloneFrom", MsgSelectClone)
		}
		src, err := s.readable(ctx, a, *in.CloneFrom)
		if err != nil {
			return Record{}, err
		}
		if src.Type != in.Type || !clonable(src.Status) {
			return Record{}, apperr.New(apperr.Conflict, "not_clonable", MsgCloneType)
		}
		r.Data, r.ClonedFrom = src.Data.withoutPhotos(), src.ID
	} else if in.FromCheckIn != "" {
		src, err := s.readable(ctx, a, in.FromCheckIn)
		if err != nil {
			return Record{}, err
		}
		if src.Type != TypeCheckIn || in.Type != TypeCheckOut || !clonable(src.Status) || src.PropertyID != p.ID {
			return Record{}, apperr.New(apperr.Conflict, "not_check_in", "A check-out report starts from a signed check-in report of the same property.")
		}
		r.Data, r.ClonedFrom = src.Data.layoutOnly(), src.ID
	}
	r.Stamps = []Stamp{stampOf("begin", now, a, in.Location)}
	if err := s.db.Tx(ctx, func(c db.Conn) error { return insert(ctx, c, r) }); err != nil {
		return Record{}, err
	}
	return Record{Report: r, Property: p, Mine: true}, nil
}

// stampOf is a time and location stamp: the server's time, and the
// browser's position when the user allowed it and it is a real one.
func stampOf(event string, now time.Time, a session.Actor, l *Location) Stamp {
	st := Stamp{Event: event, At: now, UserID: a.UserID}
	if l != nil && l.Lat >= -90 && l.Lat <= 90 && l.Lng >= -180 && l.Lng <= 180 {
		st.Lat, st.Lng, st.Accuracy = &l.Lat, &l.Lng, &l.Accuracy
	}
	return st
}

// readable is the report if the actor may read it: its creator always; the
// landlord and tenants it names once it is no longer a draft. Anyone else,
// admins included, is told it does not exist.
func (s *Service) readable(ctx context.Context, a session.Actor, id string) (Report, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Report{}, err
	}
	r, err := byID(ctx, s.db.Conn(), id)
	if err != nil {
		return Report{}, err
	}
	if r.CreatorID == a.UserID {
		return r, nil
	}
	if r.Status != Draft {
		if ok, err := isParty(ctx, s.db.Conn(), r.ID, a.Email); err != nil {
			return Report{}, err
		} else if ok {
			return r, nil
		}
	} else if s.sign.Signing != nil {
		// A report reopened by its creator is a draft again, which only the
		// creator sees; a party it was sent to (following the e-mail's link,
		// or signing as it was reopened) is told why it is gone for now.
		if ok, err := s.sign.Signing.WasInvited(ctx, ref(r.ID), a.Email); err != nil {
			return Report{}, err
		} else if ok {
			return Report{}, apperr.New(apperr.Conflict, "being_edited", MsgBeingEdited)
		}
	}
	return Report{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
}

// photosReadable is the report if the actor may see its photos: a reader
// of it, or a reader of a check-out report started from it, who sees them
// in the comparison (issue 26).
func (s *Service) photosReadable(ctx context.Context, a session.Actor, id string) (Report, error) {
	r, err := s.readable(ctx, a, id)
	if apperr.KindOf(err) != apperr.NotFound {
		return r, err
	}
	if r, err2 := byID(ctx, s.db.Conn(), id); err2 == nil && r.Type == TypeCheckIn && r.Status != Draft {
		if ok, err3 := s.cameFrom(ctx, a, id); err3 != nil {
			return Report{}, err3
		} else if ok {
			return r, nil
		}
	}
	return Report{}, err
}

// editable is the actor's own draft.
func (s *Service) editable(ctx context.Context, a session.Actor, id string) (Report, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return Report{}, err
	}
	if r.CreatorID != a.UserID {
		return Report{}, apperr.New(apperr.Forbidden, "not_yours", MsgNotDraft)
	}
	if r.Status != Draft {
		return Report{}, apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
	}
	return r, nil
}

func (s *Service) record(ctx context.Context, r Report, a session.Actor) Record {
	places, _ := s.props.Places(ctx, []string{r.PropertyID})
	return Record{Report: r, Property: places[r.PropertyID], Mine: r.CreatorID == a.UserID}
}

// Get is one report for its reader.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Record, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	return s.record(ctx, r, a), nil
}

// SaveInput is the whole data as the page holds it, and the revision it was read at.
type SaveInput struct {
	Revision int  `json:"revision"`
	Data     Data `json:"data"`
}

// ErrChanged is the conflict answer of Save: another save came first. The
// answer carries the report as it now is.
type ErrChanged struct{ Current Record }

func (e *ErrChanged) Error() string { return MsgChanged }

// Save stores the data of a draft (autosave). Photos it names must be the
// report's own; a name whose photo has been deleted is left out (Dropped
// says so) rather than refusing every later save. The photos are read with
// the report's row locked, the lock a photo's delete takes too
// (Owners.BeforeDelete), so a photo deleted at the same moment is either
// left out here or refused there.
func (s *Service) Save(ctx context.Context, a session.Actor, id string, in SaveInput) (Record, error) {
	r, err := s.editable(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	if err := in.Data.check(s.cat); err != nil {
		return Record{}, err
	}
	if err := s.checkTerms(in.Data); err != nil {
		return Record{}, err
	}
	r.Data, r.UpdatedAt = in.Data, s.now()
	var saved bool
	var dropped int
	err = s.db.Tx(ctx, func(c db.Conn) error {
		if _, err := s.lockedReport(ctx, c, r.ID); err != nil {
			return err
		}
		if dropped, err = s.ownPhotos(ctx, c, r.ID, &r.Data); err != nil {
			return err
		}
		saved, err = saveData(ctx, c, r, in.Revision)
		return err
	})
	if err != nil {
		return Record{}, err
	}
	if !saved {
		cur, err := byID(ctx, s.db.Conn(), id)
		if err != nil {
			return Record{}, err
		}
		return Record{}, &ErrChanged{Current: s.record(ctx, cur, a)}
	}
	r.Revision = in.Revision + 1
	rec := s.record(ctx, r, a)
	rec.Dropped = dropped
	return rec, nil
}

// Delete removes the creator's draft.
func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return err
	}
	if r.CreatorID != a.UserID {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if r.Status != Draft {
		return apperr.New(apperr.Conflict, "not_draft", MsgDeleteDraftOnly)
	}
	// Decided with the report's row locked, the lock its signature takes:
	// a draft being signed and sent at this instant is either deleted
	// before (the signature then finds no report) or sent (and this is
	// refused), never answered 204 with nothing deleted.
	// A paid fee keeps the draft, a pending order goes with it.
	return s.db.Tx(ctx, func(c db.Conn) error {
		err := payment.WithdrawFor(ctx, c, s.sign.Payments,
			func() (string, error) { return orderOf(ctx, c, r.ID) },
			func() error {
				cur, err := s.lockedReport(ctx, c, r.ID)
				if err == nil && cur.Status != Draft {
					err = apperr.New(apperr.Conflict, "not_draft", MsgDeleteDraftOnly)
				}
				return err
			})
		if err != nil {
			return err
		}
		ok, err := remove(ctx, c, r.ID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, "not_draft", MsgDeleteDraftOnly)
		}
		return nil
	})
}

// ListView names a report list (spec 3: draft, active, completed), or the
// reports that may be cloned.
type ListView string

const (
	ViewDraft     ListView = "draft"
	ViewActive    ListView = "active"
	ViewCompleted ListView = "completed"
	ViewClonable  ListView = "clonable"
)

// List is the actor's reports in a view.
func (s *Service) List(ctx context.Context, a session.Actor, view ListView, reportType string) ([]Record, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	all, err := visibleTo(ctx, s.db.Conn(), a.UserID, a.Email)
	if err != nil {
		return nil, err
	}
	keep := func(r Report) bool {
		switch view {
		case ViewDraft:
			return r.Status == Draft
		case ViewCompleted:
			return r.Status == Completed
		case ViewActive:
			return r.Status != Draft && r.Status != Completed
		case ViewClonable:
			return clonable(r.Status) && (reportType == "" || r.Type == reportType)
		}
		return false
	}
	if view != ViewDraft && view != ViewActive && view != ViewCompleted && view != ViewClonable {
		return nil, apperr.New(apperr.Invalid, "unknown_view", "Unknown report list.")
	}
	var ids []string
	for _, r := range all {
		ids = append(ids, r.PropertyID)
	}
	places, err := s.props.Places(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := []Record{}
	for _, r := range all {
		if keep(r) {
			out = append(out, Record{Report: r, Property: places[r.PropertyID], Mine: r.CreatorID == a.UserID})
		}
	}
	return out, nil
}

// UploadPhoto adds a photo to the creator's draft; origin is photo.FromCamera
// for a photo taken in the page (recorded as an upload when the photo's own
// capture time says otherwise). The evidence answered has its notes.
func (s *Service) UploadPhoto(ctx context.Context, a session.Actor, id, origin string, file io.Reader) (photo.View, PhotoEvidence, error) {
	v, ev, err := s.photos.UploadFrom(ctx, photo.KindInventory, a, id, origin, file)
	if err != nil {
		return photo.View{}, PhotoEvidence{}, err
	}
	r, err := byID(ctx, s.db.Conn(), id)
	if err != nil {
		return photo.View{}, PhotoEvidence{}, err
	}
	return v, withNotes([]photo.Evidence{ev}, r, s.record(ctx, r, a).Property)[0], nil
}

// DeletePhoto deletes a photo of the creator's draft; it is refused (409)
// while the report's data names it (Owners.BeforeDelete).
func (s *Service) DeletePhoto(ctx context.Context, a session.Actor, id, name string) error {
	return s.photos.Delete(ctx, photo.KindInventory, a, id, name)
}

// Photos are the report's photos and their evidence (hash, capture and
// upload times, origin, position, notes on a time or place not relied on),
// for its readers.
func (s *Service) Photos(ctx context.Context, a session.Actor, id string) ([]photo.View, []PhotoEvidence, error) {
	r, err := s.photosReadable(ctx, a, id)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.photos.Of(ctx, photo.KindInventory, []string{r.ID})
	if err != nil {
		return nil, nil, err
	}
	evs, err := s.photos.Evidences(ctx, photo.KindInventory, r.ID)
	if err != nil {
		return nil, nil, err
	}
	ev := withNotes(evs, r, s.record(ctx, r, a).Property)
	if m[r.ID] == nil {
		return []photo.View{}, ev, nil
	}
	return m[r.ID], ev, nil
}

// Owners answers the photo mechanism about reports' photos: the creator of
// a draft may add and remove them; the creator and the named landlord and
// tenants (once sent) may see them; nobody else.
type Owners struct{ S *Service }

func (o Owners) CanEdit(ctx context.Context, a session.Actor, ownerID string) error {
	_, err := o.S.editable(ctx, a, ownerID)
	return err
}

// BeforeInsert implements photo.InsertGuard: in the upload's transaction,
// with the report's row locked (the lock its signature takes), a report no
// longer a draft takes no photo: signed meanwhile, its photos are evidence
// the signatures cover.
func (o Owners) BeforeInsert(ctx context.Context, tx db.Conn, reportID string) error {
	r, err := o.S.lockedReport(ctx, tx, reportID)
	if err != nil {
		return err
	}
	if r.Status != Draft {
		return apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
	}
	return nil
}

func (o Owners) Visibility(ctx context.Context, viewer session.Actor, ownerID string) (bool, bool, error) {
	if !viewer.SignedIn() {
		return false, false, nil
	}
	_, err := o.S.photosReadable(ctx, viewer, ownerID)
	if apperr.KindOf(err) == apperr.NotFound {
		return false, false, nil
	}
	return err == nil, false, err
}
