// Package photo owns the photos of properties: upload (checked by content,
// cleaned of metadata, at most 10 per property), the background job that
// makes the display and thumbnail sizes, deletion, and serving the files to
// those allowed to see them.
//
// Stored objects live under properties/{propertyID}/: the cleaned original
// as {name}, and large/{stem}.jpg and thumb/{stem}.jpg once resized. Pages
// never see storage keys; they use /api/photos/{size}/{name}.
package photo

import (
	"context"
	"log/slog"
	"path"
	"strings"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/property"
)

// The spec's words (spec 1 section 5) and the limits they state.
const (
	MaxPerProperty   = 10
	MsgTooMany       = "You can only upload 10 images."
	MsgTooLarge      = "Image size should not be more than 5MB."
	MsgWrongType     = "Only PNG and JPEG images are allowed."
	MsgTooManyPixels = "This image has too many pixels. Please upload a photo of at most 25 megapixels."
	MsgBusy          = "Too many images are being processed right now. Please try again in a few seconds."
	MsgNoFile        = "Please choose an image to upload."
	MsgNotFound      = "Image not found."
)

// Display sizes made by the resize job. Cards show the thumbnail at up to
// about 320 CSS pixels wide, so 640 covers two-times screens.
const (
	LargeMaxW, LargeMaxH = 1600, 1200
	ThumbMaxW, ThumbMaxH = 640, 480
)

// Size names a stored variant in URLs.
type Size string

const (
	Original Size = "original"
	Large    Size = "large"
	Thumb    Size = "thumb"
)

const resizeJob = "photo.resize"

// Properties is what this package needs of the property domain: the
// signed-in landlord's own live property, or not found.
type Properties interface {
	Get(ctx context.Context, o property.Owner, id string) (property.Property, error)
}

type Service struct {
	db         *db.DB
	clock      clock.Clock
	files      storage.Store
	jobs       *jobs.Queue
	properties Properties
	log        *slog.Logger
	limits     imaging.Limits
}

func NewService(d *db.DB, c clock.Clock, files storage.Store, q *jobs.Queue, props Properties, log *slog.Logger) *Service {
	s := &Service{db: d, clock: c, files: files, jobs: q, properties: props, log: log}
	q.Handle(resizeJob, s.resize)
	return s
}

// photo is a stored row.
type photo struct {
	Name, PropertyID, ContentType string
	Width, Height                 int
	LargeWidth, LargeHeight       int
	ThumbWidth, ThumbHeight       int
}

func (p photo) resized() bool { return p.LargeWidth > 0 && p.ThumbWidth > 0 }

// key is where a variant of the photo is stored.
func (p photo) key(size Size) string {
	dir := "properties/" + p.PropertyID + "/"
	stem := strings.TrimSuffix(p.Name, path.Ext(p.Name))
	switch size {
	case Large:
		return dir + "large/" + stem + ".jpg"
	case Thumb:
		return dir + "thumb/" + stem + ".jpg"
	}
	return dir + p.Name
}

// view is the photo as pages use it. Until the resize job has run both
// sizes point at the cleaned original, so a fresh upload shows at once.
func (p photo) view() property.Photo {
	v := property.Photo{Name: p.Name,
		URL: url(Original, p.Name), Width: p.Width, Height: p.Height,
		ThumbURL: url(Original, p.Name), ThumbWidth: p.Width, ThumbHeight: p.Height}
	if p.resized() {
		v.URL, v.Width, v.Height = url(Large, p.Name), p.LargeWidth, p.LargeHeight
		v.ThumbURL, v.ThumbWidth, v.ThumbHeight = url(Thumb, p.Name), p.ThumbWidth, p.ThumbHeight
	}
	return v
}

func url(size Size, name string) string { return "/api/photos/" + string(size) + "/" + name }
