// Package photo is evidence photos for any area: upload (checked by
// content, cleaned of metadata, a limit per owning record), the background
// job that makes the display and thumbnail sizes, deletion, and serving the
// files to those allowed to see them.
//
// A photo belongs to a record of another area, named by its kind and id
// ("property" and the property's id). The owning area decides who may add,
// remove and see its photos through an Owners registered for its kind in
// internal/app; this package never reads the owners' tables. Each photo
// keeps, for evidence, the SHA-256 of the stored cleaned file, the capture
// time the original's EXIF gave (before cleaning removed it), the upload
// time and its origin ("upload", or "camera" when the page took it with the
// device's camera and the photo's own time does not say otherwise).
//
// Stored objects live under {kind's folder}/{ownerID}/ (properties/{id}/
// for property photos): the cleaned original as {name}, and
// large/{stem}.jpg and thumb/{stem}.jpg once resized. Pages never see
// storage keys; they use /api/photos/{size}/{name}.
package photo

import (
	"context"
	"log/slog"
	"path"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
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
	// MaxGIFBytes bounds a GIF turned into a PNG before the pipeline (dispute photos).
	MaxGIFBytes = 5 * 1024 * 1024
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

// Owners is what this package asks the area that owns one kind of record.
// Errors are the owning area's own (its "not found" for a record that is not
// the actor's), passed through unchanged.
type Owners interface {
	// CanEdit answers nil when the actor may add and remove the record's photos.
	CanEdit(ctx context.Context, a session.Actor, ownerID string) error
	// Visibility tells whether the viewer (the zero Actor for a visitor) may
	// see the record's photos, and whether everyone may (caches may then keep them).
	Visibility(ctx context.Context, viewer session.Actor, ownerID string) (visible, public bool, err error)
}

// DeleteGuard is an optional part of an Owners. Delete calls BeforeDelete
// inside the transaction that deletes the photo's row, before reading it:
// the owning area locks its record there and refuses (with its own error)
// while the record still names the photo, so a save naming the photo and
// the delete happen one after the other and never leave a record naming a
// deleted photo.
type DeleteGuard interface {
	BeforeDelete(ctx context.Context, tx db.Conn, ownerID, name string) error
}

// InsertGuard is an optional part of an Owners. Upload calls BeforeInsert
// inside the transaction that inserts the photo's row, first: the owning
// area locks its record there and refuses (with its own error) when the
// actor may no longer add photos to it. CanEdit is asked when the upload
// begins, before the image is read and cleaned, which takes a while: a
// record that changed meanwhile (an inventory report signed, its photos
// frozen as evidence) must not take the photo.
type InsertGuard interface {
	BeforeInsert(ctx context.Context, tx db.Conn, ownerID string) error
}

// KindProperty is the kind of a property's photos (owner id: the property's).
const KindProperty = "property"

// kind is the rules of one kind of owning record.
type kind struct {
	dir        string // storage folder
	max        int    // photos per record
	msgTooMany string
}

// kinds lists the kinds this package serves; an area whose records get
// photos adds its line here and registers its Owners (Service.SetOwners).
var kinds = map[string]kind{
	KindProperty:  {dir: "properties", max: MaxPerProperty, msgTooMany: MsgTooMany},
	KindInventory: {dir: "inventory", max: MaxPerReport, msgTooMany: MsgTooManyInReport},
	KindDispute:   {dir: "inventory-disputes", max: MaxPerReport, msgTooMany: MsgTooManyInReport},
	KindRepair:    {dir: "repairs", max: MaxPerRepair, msgTooMany: MsgTooManyInRepair},
	KindRepairJob: {dir: "repair-jobs", max: MaxPerRepairJob, msgTooMany: MsgTooManyInRepairJob},
}

// KindRepairJob is the kind of the photos a contractor adds to a repair's
// job through its link (owner id: the job's; internal/repair).
const KindRepairJob = "repair-job"

// MaxPerRepairJob bounds a repair job's photos.
const (
	MaxPerRepairJob       = 20
	MsgTooManyInRepairJob = "This job already has 20 photos."
)

// KindDispute is the kind of the photos parties add to a report's disputes
// (owner id: the report's).
const KindDispute = "inventory-dispute"

// KindInventory is the kind of an inventory report's photos (owner id: the report's).
const KindInventory = "inventory"

// MaxPerReport bounds an inventory report's photos.
const (
	MaxPerReport       = 2000
	MsgTooManyInReport = "This report already has 2000 photos."
)

// Origins of a photo.
const (
	FromUpload = "upload" // a file chosen on the device
	FromCamera = "camera" // taken in the app with the device's camera (inventory reports)
)

// A photo the page says it took with the app's camera is sent as soon as it
// is taken, so its own capture time (EXIF), when it has one, is close to
// the upload time. Further from it, the page's word is not taken: the
// photo is recorded as a file added from the device (FromUpload, with
// Evidence.CameraNotConfirmed). A photo with no capture time (the browser
// or phone dropped it) keeps the page's word.
const (
	// CameraClockSkew is how far ahead of the server a phone's clock may
	// run: a capture time later than the upload by more is impossible.
	CameraClockSkew = 10 * time.Minute
	// CameraUploadDelay is how long a photo taken in the app may wait to
	// be uploaded: the page's upload queue, a slow connection, a retry.
	CameraUploadDelay = 30 * time.Minute
)

// CameraTimeFits tells whether a capture time fits a photo taken in the app
// and uploaded at uploaded (CameraClockSkew, CameraUploadDelay).
func CameraTimeFits(captured, uploaded time.Time) bool {
	return !captured.After(uploaded.Add(CameraClockSkew)) && !captured.Before(uploaded.Add(-CameraUploadDelay))
}

type Service struct {
	db     *db.DB
	clock  clock.Clock
	files  storage.Store
	jobs   *jobs.Queue
	owners map[string]Owners
	log    *slog.Logger
	limits imaging.Limits
}

func NewService(d *db.DB, c clock.Clock, files storage.Store, q *jobs.Queue, log *slog.Logger) *Service {
	s := &Service{db: d, clock: c, files: files, jobs: q, owners: map[string]Owners{}, log: log}
	q.Handle(resizeJob, s.resize)
	q.Handle(sweepJob, s.sweep)
	return s
}

// SetOwners connects the area that owns a kind of record (at wiring time).
func (s *Service) SetOwners(kindName string, o Owners) {
	if _, ok := kinds[kindName]; !ok {
		panic("photo: unknown owner kind " + kindName)
	}
	s.owners[kindName] = o
}

// photo is a stored row: its evidence and the sizes pages need.
type photo struct {
	Evidence
	ContentType             string
	Width, Height           int
	LargeWidth, LargeHeight int
	ThumbWidth, ThumbHeight int
}

func (p photo) resized() bool { return p.LargeWidth > 0 && p.ThumbWidth > 0 }

// key is where a variant of the photo is stored.
func (p photo) key(size Size) string {
	dir := kinds[p.OwnerKind].dir + "/" + p.OwnerID + "/"
	stem := strings.TrimSuffix(p.Name, path.Ext(p.Name))
	switch size {
	case Large:
		return dir + "large/" + stem + ".jpg"
	case Thumb:
		return dir + "thumb/" + stem + ".jpg"
	}
	return dir + p.Name
}

// View is a photo as pages show it: a large display size and a thumbnail,
// with dimensions so the page can reserve their space. Until the resize job
// has run both sizes point at the cleaned original, so a fresh upload shows
// at once.
type View struct {
	Name        string `json:"name"`
	URL         string `json:"url"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	ThumbURL    string `json:"thumbUrl"`
	ThumbWidth  int    `json:"thumbWidth"`
	ThumbHeight int    `json:"thumbHeight"`
}

func (p photo) view() View {
	v := View{Name: p.Name,
		URL: url(Original, p.Name), Width: p.Width, Height: p.Height,
		ThumbURL: url(Original, p.Name), ThumbWidth: p.Width, ThumbHeight: p.Height}
	if p.resized() {
		v.URL, v.Width, v.Height = url(Large, p.Name), p.LargeWidth, p.LargeHeight
		v.ThumbURL, v.ThumbWidth, v.ThumbHeight = url(Thumb, p.Name), p.ThumbWidth, p.ThumbHeight
	}
	return v
}

// Evidence is what a photo proves, for reports that cite it (inventory
// reports): whose it is, the SHA-256 (hex) of the stored cleaned original
// ("" for photos uploaded before hashes were kept), when it was taken if
// the file said, when it was uploaded and how it came.
type Evidence struct {
	Name       string     `json:"name"`
	OwnerKind  string     `json:"ownerKind"`
	OwnerID    string     `json:"ownerId"`
	SHA256     string     `json:"sha256"`
	CapturedAt *time.Time `json:"capturedAt"`
	UploadedAt time.Time  `json:"uploadedAt"`
	Origin     string     `json:"origin"`
	// CameraNotConfirmed is set on a photo the page sent as taken with the
	// app's camera whose own capture time was too far from its upload time
	// (CameraTimeFits): it is recorded as FromUpload, and reports say why.
	CameraNotConfirmed bool   `json:"cameraNotConfirmed"`
	UploaderID         string `json:"-"`
	// Lat and Lng are where the original's EXIF said it was taken; kept as
	// evidence, stripped from every served copy.
	Lat *float64 `json:"lat"`
	Lng *float64 `json:"lng"`
}

func url(size Size, name string) string { return "/api/photos/" + string(size) + "/" + name }
