package blog

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
)

// Blog images are checked like property photos (content decides the type,
// 5 MB, pixel limit), cleaned of metadata and given a preview size at once:
// admins upload rarely, so no job is needed.
const (
	previewW, previewH = 640, 480
	MsgWrongType       = "Only PNG and JPEG images are allowed."
	MsgNoFile          = "Please choose an image to upload."
	MsgTooLarge        = "Image size should not be more than 5MB."
	MsgTooManyPixels   = "This image has too many pixels. Please upload an image of at most 25 megapixels."
	MsgBusy            = "Too many images are being processed right now. Please try again in a few seconds."
)

func key(name string) string { return "blog/" + name }
func previewKey(name string) string {
	return "blog/preview/" + strings.TrimSuffix(name, path.Ext(name)) + ".jpg"
}

func withURLs(im Image) *Image {
	im.URL = "/api/blog/images/original/" + im.Name
	im.PreviewURL = "/api/blog/images/preview/" + im.Name
	return &im
}

// UploadImage stores an admin's image and answers it with its URLs.
func (s *Service) UploadImage(ctx context.Context, a session.Actor, file io.Reader) (Image, error) {
	if err := a.RequireAdmin(); err != nil {
		return Image{}, err
	}
	data, kind, _, _, err := imaging.Check(file, imaging.Limits{})
	switch {
	case errors.Is(err, imaging.ErrTooLarge):
		return Image{}, apperr.New(apperr.TooLarge, "image_too_large", MsgTooLarge)
	case errors.Is(err, imaging.ErrTooManyPixels):
		return Image{}, apperr.New(apperr.Invalid, "too_many_pixels", MsgTooManyPixels)
	case errors.Is(err, imaging.ErrNotImage):
		return Image{}, apperr.New(apperr.Invalid, "not_an_image", MsgWrongType)
	case err != nil:
		return Image{}, apperr.Wrap(err, "read upload")
	}
	clean, err := imaging.Clean(ctx, data, kind)
	if errors.Is(err, imaging.ErrBusy) {
		return Image{}, busyError(err)
	}
	if err != nil {
		return Image{}, apperr.New(apperr.Invalid, "unreadable_image", MsgWrongType)
	}
	return s.storeImage(ctx, clean, kind)
}

// busyError: too many images are being decoded at once (503, Retry-After).
func busyError(err error) error {
	e := apperr.New(apperr.Unavailable, "busy", MsgBusy)
	e.Err, e.RetryAfter = err, imaging.RetryAfter
	return e
}

// storeImage keeps a cleaned image and its preview.
func (s *Service) storeImage(ctx context.Context, clean []byte, kind imaging.Kind) (Image, error) {
	w, h, err := imaging.Dimensions(clean)
	if err != nil {
		return Image{}, apperr.Wrap(err, "read image")
	}
	preview, _, _, err := imaging.Resize(ctx, clean, kind, previewW, previewH)
	if errors.Is(err, imaging.ErrBusy) {
		return Image{}, busyError(err)
	}
	if err != nil {
		return Image{}, apperr.Wrap(err, "preview image")
	}
	im := Image{Name: imaging.RandomName(kind), Width: w, Height: h}
	if err := s.files.Put(ctx, key(im.Name), bytes.NewReader(clean), int64(len(clean)), kind.ContentType()); err != nil {
		return Image{}, apperr.Wrap(err, "store image")
	}
	if err := s.files.Put(ctx, previewKey(im.Name), bytes.NewReader(preview), int64(len(preview)), "image/jpeg"); err != nil {
		return Image{}, apperr.Wrap(err, "store preview")
	}
	if err := insertImage(ctx, s.db.Conn(), im, kind.ContentType(), s.clock.Now()); err != nil {
		return Image{}, err
	}
	return *withURLs(im), nil
}

// OpenImage opens a blog image. Visitors see only the images of published
// posts (main, author or in the text); an image uploaded but not yet in a
// published post (a draft's, or one never used) is the admin's alone, and
// everyone else gets the same 404 as for a name that does not exist.
func (s *Service) OpenImage(ctx context.Context, a session.Actor, size, name string) (storage.Served, error) {
	admin := a.IsAdmin()
	notFound := apperr.New(apperr.NotFound, "not_found", "Image not found.")
	if !imaging.ValidName(name) || (size != "original" && size != "preview") {
		return storage.Served{}, notFound
	}
	visible := imageExists
	if !admin {
		visible = imagePublished
	}
	if ok, err := visible(ctx, s.db.Conn(), name); err != nil || !ok {
		return storage.Served{}, notFound
	}
	k := key(name)
	if size == "preview" {
		k = previewKey(name)
	}
	served, err := storage.Serve(ctx, s.files, k, signedTTL)
	if storage.IsNotExist(err) {
		return storage.Served{}, notFound
	}
	return served, apperr.Wrap(err, "open image")
}
