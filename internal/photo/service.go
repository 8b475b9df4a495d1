package photo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/property"
)

// Upload adds a photo to the landlord's own property. The file's kind comes
// from its bytes; it is re-encoded without metadata (GPS included) before
// anything is stored, and the resized copies are left to the job queue so
// the upload is acknowledged quickly.
func (s *Service) Upload(ctx context.Context, o property.Owner, propertyID string, file io.Reader) (property.Photo, error) {
	if _, err := s.properties.Get(ctx, o, propertyID); err != nil {
		return property.Photo{}, err
	}
	// Refuse early, before reading 5 MB, when the property is already full;
	// insertWithinLimit checks again under a lock.
	if n, err := count(ctx, s.db.Conn(), propertyID); err != nil {
		return property.Photo{}, err
	} else if n >= MaxPerProperty {
		return property.Photo{}, apperr.New(apperr.Conflict, "too_many_images", MsgTooMany)
	}
	data, kind, _, _, err := imaging.Check(file, s.limits)
	if err != nil {
		return property.Photo{}, checkError(err)
	}
	clean, err := imaging.Clean(ctx, data, kind)
	if errors.Is(err, imaging.ErrBusy) {
		return property.Photo{}, busyError(err)
	}
	if err != nil {
		return property.Photo{}, apperr.New(apperr.Invalid, "unreadable_image", MsgWrongType)
	}
	// Dimensions as displayed: cleaning applied any EXIF rotation.
	w, h, err := imaging.Dimensions(clean)
	if err != nil {
		return property.Photo{}, apperr.Wrap(err, "read cleaned photo")
	}
	p := photo{Name: imaging.RandomName(kind), PropertyID: propertyID, ContentType: kind.ContentType(), Width: w, Height: h}
	if err := s.files.Put(ctx, p.key(Original), bytes.NewReader(clean), int64(len(clean)), p.ContentType); err != nil {
		return property.Photo{}, apperr.Wrap(err, "store photo")
	}
	if err := insertWithinLimit(ctx, s.db, p, s.clock.Now()); err != nil {
		s.deleteFiles(context.WithoutCancel(ctx), p)
		return property.Photo{}, err
	}
	// Enqueued after the commit so the woken worker finds the row.
	if err := s.jobs.Enqueue(ctx, s.db.Conn(), resizeJob, resizePayload{Name: p.Name}, 5); err != nil {
		s.log.Error("photo resize not queued; the original is shown", "photo", p.Name, "err", err)
	}
	return p.view(), nil
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

// Delete removes a photo of the landlord's own property, row and files.
func (s *Service) Delete(ctx context.Context, o property.Owner, propertyID, name string) error {
	if _, err := s.properties.Get(ctx, o, propertyID); err != nil {
		return err
	}
	if !imaging.ValidName(name) {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	p, err := ofProperty(ctx, s.db.Conn(), propertyID, name)
	if err != nil {
		return err
	}
	if err := remove(ctx, s.db.Conn(), name); err != nil {
		return err
	}
	s.deleteFiles(ctx, p)
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

// PhotosOf implements property.PhotoLister.
func (s *Service) PhotosOf(ctx context.Context, propertyIDs []string) (map[string][]property.Photo, error) {
	ps, err := listOf(ctx, s.db.Conn(), propertyIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]property.Photo, len(propertyIDs))
	for _, p := range ps {
		out[p.PropertyID] = append(out[p.PropertyID], p.view())
	}
	return out, nil
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
func (s *Service) Open(ctx context.Context, viewerID, name string, size Size) (File, error) {
	if !imaging.ValidName(name) || (size != Original && size != Large && size != Thumb) {
		return File{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	p, public, err := visibleTo(ctx, s.db.Conn(), name, viewerID)
	if err != nil {
		return File{}, err
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
		*v.w, *v.h = w, h
	}
	return setSizes(ctx, s.db.Conn(), p)
}
