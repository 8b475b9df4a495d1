package photo

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
)

// Upload adds a photo to a record the actor may edit. The file's kind comes
// from its bytes; its capture time is read, then it is re-encoded without
// metadata (GPS included) before anything is stored, and the resized copies
// are left to the job queue so the upload is acknowledged quickly.
func (s *Service) Upload(ctx context.Context, kindName string, a session.Actor, ownerID string, file io.Reader) (View, error) {
	v, _, err := s.UploadFrom(ctx, kindName, a, ownerID, FromUpload, file)
	return v, err
}

// UploadFrom is Upload with the photo's origin (FromCamera for a photo taken
// in the page), answering the evidence recorded as well. A FromCamera photo
// whose own capture time does not fit (CameraTimeFits) is recorded as
// FromUpload with CameraNotConfirmed.
func (s *Service) UploadFrom(ctx context.Context, kindName string, a session.Actor, ownerID, origin string, file io.Reader) (View, Evidence, error) {
	if origin != FromCamera {
		origin = FromUpload
	}
	v, p, err := s.upload(ctx, kindName, a, ownerID, origin, file)
	return v, p.Evidence, err
}

func (s *Service) upload(ctx context.Context, kindName string, a session.Actor, ownerID, origin string, file io.Reader) (View, photo, error) {
	k, err := s.canEdit(ctx, kindName, a, ownerID)
	if err != nil {
		return View{}, photo{}, err
	}
	// Refuse early, before reading 5 MB, when the record is already full;
	// insertWithinLimit checks again under a lock.
	if n, err := count(ctx, s.db.Conn(), kindName, ownerID); err != nil {
		return View{}, photo{}, err
	} else if n >= k.max {
		return View{}, photo{}, apperr.New(apperr.Conflict, "too_many_images", k.msgTooMany)
	}
	data, kind, _, _, err := imaging.Check(file, s.limits)
	if err != nil {
		return View{}, photo{}, checkError(err)
	}
	p := photo{Evidence: Evidence{OwnerKind: kindName, OwnerID: ownerID, Origin: origin, UploaderID: a.UserID}, ContentType: kind.ContentType()}
	if at, ok := imaging.CaptureTime(data); ok {
		p.CapturedAt = &at
	}
	if lat, lng, ok := imaging.Location(data); ok {
		p.Lat, p.Lng = &lat, &lng
	}
	clean, err := imaging.Clean(ctx, data, kind)
	if errors.Is(err, imaging.ErrBusy) {
		return View{}, photo{}, busyError(err)
	}
	if err != nil {
		return View{}, photo{}, apperr.New(apperr.Invalid, "unreadable_image", MsgWrongType)
	}
	// Dimensions as displayed: cleaning applied any EXIF rotation.
	if p.Width, p.Height, err = imaging.Dimensions(clean); err != nil {
		return View{}, photo{}, apperr.Wrap(err, "read cleaned photo")
	}
	sum := sha256.Sum256(clean)
	p.Name, p.SHA256, p.UploadedAt = imaging.RandomName(kind), hex.EncodeToString(sum[:]), s.clock.Now().UTC()
	// The page's word that its camera took the photo is not taken against
	// the photo's own capture time.
	if p.Origin == FromCamera && p.CapturedAt != nil && !CameraTimeFits(*p.CapturedAt, p.UploadedAt) {
		p.Origin, p.CameraNotConfirmed = FromUpload, true
	}
	// The file first, then the row that names it: a crash in between leaves
	// only a file no row names, which the sweep removes (never a row naming
	// a missing file). The resize job is recorded with the row, so a crash
	// after the commit still makes the display sizes.
	if err := s.files.Put(ctx, p.key(Original), bytes.NewReader(clean), int64(len(clean)), p.ContentType); err != nil {
		return View{}, photo{}, apperr.Wrap(err, "store photo")
	}
	crashPoint("upload:file-written")
	// The owner is asked again in the inserting transaction (InsertGuard),
	// with its record locked: it may have changed since canEdit.
	var guard func(tx db.Conn) error
	if g, ok := s.owners[kindName].(InsertGuard); ok {
		guard = func(tx db.Conn) error { return g.BeforeInsert(ctx, tx, ownerID) }
	}
	err = insertWithinLimit(ctx, s.db, p, guard, func(tx db.Conn) error {
		return s.jobs.Enqueue(ctx, tx, resizeJob, resizePayload{Name: p.Name}, 5)
	})
	if err != nil {
		s.deleteFiles(context.WithoutCancel(ctx), p)
		return View{}, photo{}, err
	}
	crashPoint("upload:row-committed")
	return p.view(), p, nil
}

// canEdit asks the owning area whether the actor may change the record's photos.
func (s *Service) canEdit(ctx context.Context, kindName string, a session.Actor, ownerID string) (kind, error) {
	k, ok := kinds[kindName]
	o := s.owners[kindName]
	if !ok || o == nil {
		return kind{}, apperr.Wrap(errors.New("no owners registered for photo kind "+kindName), "photo owner")
	}
	if err := a.RequireSignedIn(); err != nil {
		return kind{}, err
	}
	return k, o.CanEdit(ctx, a, ownerID)
}

// checkError turns an imaging refusal into the spec's message.
func checkError(err error) error {
	switch {
	case errors.Is(err, imaging.ErrTooLarge):
		return apperr.New(apperr.TooLarge, "image_too_large", MsgTooLarge)
	case errors.Is(err, imaging.ErrTooManyPixels):
		return apperr.New(apperr.Invalid, "too_many_pixels", MsgTooManyPixels)
	case errors.Is(err, imaging.ErrNotImage):
		return apperr.New(apperr.Invalid, "not_an_image", MsgWrongType)
	}
	return apperr.Wrap(err, "read upload")
}

// busyError answers an upload refused because too many images are being
// decoded at once: 503 with Retry-After.
func busyError(err error) error {
	e := apperr.New(apperr.Unavailable, "busy", MsgBusy)
	e.Err, e.RetryAfter = err, imaging.RetryAfter
	return e
}

// Delete removes a photo of a record the actor may edit, row and files.
// The row goes in one transaction with the owning area's DeleteGuard (when
// it has one), so a record that names the photo and the delete cannot both
// win; the files go after the commit (a file left by a crash in between is
// an orphan the sweep removes, never a row naming a missing file).
func (s *Service) Delete(ctx context.Context, kindName string, a session.Actor, ownerID, name string) error {
	if _, err := s.canEdit(ctx, kindName, a, ownerID); err != nil {
		return err
	}
	if !imaging.ValidName(name) {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	var p photo
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		if g, ok := s.owners[kindName].(DeleteGuard); ok {
			if err := g.BeforeDelete(ctx, tx, ownerID, name); err != nil {
				return err
			}
		}
		var err error
		if p, err = ofOwner(ctx, tx, kindName, ownerID, name); err != nil {
			return err
		}
		return remove(ctx, tx, name)
	})
	if err != nil {
		return err
	}
	crashPoint("delete:row-deleted")
	s.deleteFiles(context.WithoutCancel(ctx), p)
	return nil
}

// deleteFiles removes every stored variant; a failure only leaves an
// unreachable file behind, so it is logged rather than shown.
func (s *Service) deleteFiles(ctx context.Context, p photo) {
	for _, size := range []Size{Original, Large, Thumb} {
		if err := s.files.Delete(ctx, p.key(size)); err != nil {
			s.log.Warn("photo file not deleted", "key", p.key(size), "err", err)
		}
	}
}

// Of gives the photos of records of one kind, keyed by owner id, in
// upload order, with one query for all of them.
func (s *Service) Of(ctx context.Context, kindName string, ownerIDs []string) (map[string][]View, error) {
	ps, err := listOf(ctx, s.db.Conn(), kindName, ownerIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]View, len(ownerIDs))
	for _, p := range ps {
		out[p.OwnerID] = append(out[p.OwnerID], p.view())
	}
	return out, nil
}

// Evidence gives what a photo proves (hash, capture and upload times,
// origin, owner). The caller has already checked that the reader may see it.
func (s *Service) Evidence(ctx context.Context, name string) (Evidence, error) {
	if !imaging.ValidName(name) {
		return Evidence{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	p, err := byName(ctx, s.db.Conn(), name)
	return p.Evidence, err
}

// File is an opened photo variant for serving.
type File struct {
	storage.Served
	Public bool // the listing is published: caches may keep it
}

// signedURLTTL is how long a signed S3 link stays valid.
const signedURLTTL = 10 * time.Minute

// Open gives a variant of a photo the viewer may see. A size not made yet
// falls back to the cleaned original.
func (s *Service) Open(ctx context.Context, viewer session.Actor, name string, size Size) (File, error) {
	if !imaging.ValidName(name) || (size != Original && size != Large && size != Thumb) {
		return File{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	p, err := byName(ctx, s.db.Conn(), name)
	if err != nil {
		return File{}, err
	}
	o := s.owners[p.OwnerKind]
	if o == nil {
		return File{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	visible, public, err := o.Visibility(ctx, viewer, p.OwnerID)
	if err != nil {
		return File{}, apperr.Wrap(err, "photo visibility")
	}
	if !visible {
		return File{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if !p.resized() {
		size = Original
	}
	served, err := storage.Serve(ctx, s.files, p.key(size), signedURLTTL)
	if storage.IsNotExist(err) {
		return File{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return File{}, apperr.Wrap(err, "open photo")
	}
	return File{Served: served, Public: public}, nil
}

type resizePayload struct {
	Name string `json:"name"`
}

// resize is the job that makes the large and thumbnail copies.
func (s *Service) resize(ctx context.Context, raw json.RawMessage) error {
	var in resizePayload
	if err := json.Unmarshal(raw, &in); err != nil {
		return err
	}
	p, err := byName(ctx, s.db.Conn(), in.Name)
	if apperr.KindOf(err) == apperr.NotFound {
		return nil // deleted before the job ran
	}
	if err != nil {
		return err
	}
	body, _, err := s.files.Get(ctx, p.key(Original))
	if storage.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	data, err := io.ReadAll(body)
	body.Close()
	if err != nil {
		return err
	}
	kind, err := imaging.Sniff(data)
	if err != nil {
		return err
	}
	for _, v := range []struct {
		size       Size
		maxW, maxH int
		w, h       *int
	}{{Large, LargeMaxW, LargeMaxH, &p.LargeWidth, &p.LargeHeight}, {Thumb, ThumbMaxW, ThumbMaxH, &p.ThumbWidth, &p.ThumbHeight}} {
		// The job queues for decode budget rather than failing.
		out, w, h, err := imaging.Resize(imaging.WithoutWaitLimit(ctx), data, kind, v.maxW, v.maxH)
		if err != nil {
			return err
		}
		if err := s.files.Put(ctx, p.key(v.size), bytes.NewReader(out), int64(len(out)), "image/jpeg"); err != nil {
			return err
		}
		crashPoint("resize:" + string(v.size) + "-written")
		*v.w, *v.h = w, h
	}
	return setSizes(ctx, s.db.Conn(), p)
}

// Evidences are the evidence records of a record's photos, in upload order.
// The caller has already checked that the reader may see them.
func (s *Service) Evidences(ctx context.Context, kindName, ownerID string) ([]Evidence, error) {
	ps, err := listOf(ctx, s.db.Conn(), kindName, []string{ownerID})
	if err != nil {
		return nil, err
	}
	out := make([]Evidence, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.Evidence)
	}
	return out, nil
}

// Bytes reads a variant of a record's photo for a document the server makes
// (a PDF); a size not made yet falls back to the cleaned original. The
// caller has already checked that the reader may see the record.
func (s *Service) Bytes(ctx context.Context, kindName, ownerID, name string, size Size) ([]byte, error) {
	p, err := ofOwner(ctx, s.db.Conn(), kindName, ownerID, name)
	if err != nil {
		return nil, err
	}
	key := p.key(size)
	if !p.resized() {
		key = p.key(Original)
	}
	rc, _, err := s.files.Get(ctx, key)
	if err != nil {
		return nil, apperr.Wrap(err, "read photo")
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// Owner names whose record a photo belongs to.
type Owner struct{ Kind, ID string }

// OwnersOf tells, for each of names that is a stored photo, the record it
// belongs to; a name missing from the answer is no photo (never uploaded,
// or deleted). It reads on c, so an owning area checks the names its
// record holds inside its own transaction, after locking the record.
func (s *Service) OwnersOf(ctx context.Context, c db.Conn, names []string) (map[string]Owner, error) {
	return ownersOf(ctx, c, names)
}
