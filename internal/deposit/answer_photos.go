package deposit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/session"
)

// A tenant's photos of their dispute (issue 45: "dispute with a comment
// and photos"). A tenant who disputes a line may add photos to their
// dispute: each a JPEG or PNG judged by content (internal/platform/imaging,
// as repair photos are), at most MaxPhotoBytes, cleaned of its metadata
// (EXIF with the phone's position) before it is stored, with a thumbnail;
// the capture time the EXIF gave is kept as evidence. At most
// MaxAnswerPhotos photos a tenant a line. The photos are that tenant's
// alone: only they add or remove them; the landlord and every tenant of
// the agreement see them beside their comment.
//
// When the landlord changes the line (a new revision), the tenant's answer
// no longer counts and the tenant is asked to answer again; their photos
// stay with their dispute of the line (each remembers the revision it was
// added to and when), shown to them in the form, and counted again when
// they dispute the new revision. A tenant who agrees with the line removes
// their photos of it: an agreement carries no evidence against the
// deduction. Removing the line removes its photos.

// The photos' limits.
const (
	MaxAnswerPhotos = 6
	MaxPhotoBytes   = 10 << 20
	// thumbW, thumbH bound a thumbnail (the lines show them at 96 CSS
	// pixels; the size is the photo mechanism's, for two-times screens).
	thumbW, thumbH = 640, 480
)

// The photos' messages.
const (
	MsgPhotoType    = "Please choose a photo: a JPEG or PNG of at most 10 MB. Photos taken with the phone's camera are JPEG."
	MsgPhotoLarge   = "This photo is larger than 10 MB. Please take it again at a smaller size, or choose another."
	MsgPhotoPixels  = "This photo has too many pixels (at most 25 megapixels). Please take it again at a smaller size, or choose another."
	MsgNoPhoto      = "Please choose a photo to add: a JPEG or PNG of at most 10 MB."
	MsgPhotoCount   = "You can add at most 6 photos to your answer. Remove one to add another."
	MsgPhotoBusy    = "Too many photos are being processed right now. Please try again in a few seconds."
	MsgDisputeFirst = "Photos go with a dispute: please send your dispute of this deduction first, then add your photos."
	MsgPhotoMissing = "Photo not found."
)

// AnswerPhoto is a photo of a tenant's dispute. Data and Thumb are filled
// by AnswerPhotos only.
type AnswerPhoto struct {
	ID          string
	LineID      string
	Email       string // the tenant's, lower case
	TenantName  string // filled by AnswerPhotos
	Revision    int    // the line's revision it was added to
	Name        string // the file's name as the tenant's device gave it
	ContentType string // image/jpeg or image/png
	Size        int64
	SHA256      string // of the stored (cleaned) file
	Width       int
	Height      int
	TakenAt     *time.Time // when the photo's EXIF says it was taken (before cleaning), nil when it does not say
	UploadedAt  time.Time
	Data        []byte // the stored photo (AnswerPhotos)
	Thumb       []byte // its JPEG thumbnail (AnswerPhotos)
	key         string
	thumbKey    string
}

// AnswerPhotoLink is a photo as the page shows it.
type AnswerPhotoLink struct {
	ID       string `json:"id"`
	URL      string `json:"url"`
	ThumbURL string `json:"thumbUrl"`
	DateText string `json:"dateText"` // "Taken Mon 2 Nov 2026", or "Added ..." when the photo does not say
}

func (p AnswerPhoto) link() AnswerPhotoLink {
	u := "/api/deposits/lines/" + url.PathEscape(p.LineID) + "/answer/photos/" + url.PathEscape(p.ID)
	date := "Added " + UKDay(p.UploadedAt.In(ukTZ()))
	if p.TakenAt != nil {
		date = "Taken " + UKDay(p.TakenAt.In(ukTZ()))
	}
	return AnswerPhotoLink{ID: p.ID, URL: u, ThumbURL: u + "/thumb", DateText: date}
}

// photoLinks are the photos of one tenant on a line, oldest first.
func photoLinks(l Line, email string) []AnswerPhotoLink {
	out := []AnswerPhotoLink{}
	for _, p := range l.Photos {
		if strings.EqualFold(p.Email, email) {
			out = append(out, p.link())
		}
	}
	return out
}

// imageError says an imaging refusal in the area's words.
func imageError(err error) error {
	switch {
	case errors.Is(err, imaging.ErrTooLarge):
		return apperr.New(apperr.TooLarge, "image_too_large", MsgPhotoLarge)
	case errors.Is(err, imaging.ErrTooManyPixels):
		return apperr.New(apperr.Invalid, "too_many_pixels", MsgPhotoPixels)
	case errors.Is(err, imaging.ErrBusy):
		e := apperr.New(apperr.Unavailable, "busy", MsgPhotoBusy)
		e.Err, e.RetryAfter = err, imaging.RetryAfter
		return e
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	var mbe *apperr.Error
	if errors.As(err, &mbe) {
		return err // the upload's own refusals (no file, too large a body)
	}
	return apperr.New(apperr.Invalid, "not_an_image", MsgPhotoType)
}

// disputeOf is the tenant's dispute of the line's current revision: a
// StaleError when their answer is to an earlier revision, 409 when they
// have not disputed it.
func (s *Service) disputeOf(t Tenancy, l Line, email string) error {
	i := slices.IndexFunc(l.Answers, func(a Answer) bool { return strings.EqualFold(a.Email, email) })
	switch {
	case i >= 0 && l.Answers[i].Revision != l.Revision:
		return &StaleError{Line: s.lineView(t, RoleTenant, email, l), Message: MsgChanged}
	case i < 0 || l.Answers[i].Answer != "dispute":
		return apperr.New(apperr.Conflict, "not_disputed", MsgDisputeFirst)
	}
	n := 0
	for _, p := range l.Photos {
		if strings.EqualFold(p.Email, email) {
			n++
		}
	}
	if n >= MaxAnswerPhotos {
		return apperr.New(apperr.Conflict, "too_many_photos", MsgPhotoCount)
	}
	return nil
}

// lineOfTenancy is a line with its answers and photos.
func lineOfTenancy(ctx context.Context, c db.Conn, tenancyID, lineID string) (Line, error) {
	lines, err := linesOf(ctx, c, tenancyID)
	if err != nil {
		return Line{}, err
	}
	i := slices.IndexFunc(lines, func(x Line) bool { return x.ID == lineID })
	if i < 0 {
		return Line{}, apperr.New(apperr.NotFound, "not_found", MsgLineMissing)
	}
	return lines[i], nil
}

// CanAddAnswerPhoto answers nil when the actor may add a photo to their
// dispute of the line now (asked before the upload is read).
func (s *Service) CanAddAnswerPhoto(ctx context.Context, a session.Actor, lineID string) error {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return err
	}
	if role != RoleTenant {
		return apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	}
	cur, err := lineOfTenancy(ctx, s.d.DB.Conn(), t.ID, l.ID)
	if err != nil {
		return err
	}
	return s.disputeOf(t, cur, a.Email)
}

// photoName is the name to keep of an uploaded photo: the device's, with
// the extension of what the photo is.
func photoName(filename string, kind imaging.Kind) string {
	n := strings.TrimSpace(path.Base(strings.ReplaceAll(filename, `\`, "/")))
	n = strings.TrimSuffix(n, path.Ext(n))
	if n == "" || n == "." || n == "/" {
		n = "photo"
	}
	n = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, n)
	if utf8.RuneCountInString(n) > 80 {
		n = string([]rune(n)[:80])
	}
	return n + kind.Ext()
}

// AddAnswerPhoto adds a photo to the tenant's own dispute of the line's
// current revision: checked by content, cleaned of its metadata, with a
// thumbnail, stored before the row; decided with the tenancy's row locked
// (the limit, the dispute and the revision), the files removed again when
// refused.
func (s *Service) AddAnswerPhoto(ctx context.Context, a session.Actor, lineID, filename string, r io.Reader) (LineView, error) {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return LineView{}, err
	}
	if role != RoleTenant {
		return LineView{}, apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	}
	data, kind, _, _, err := imaging.Check(r, imaging.Limits{MaxBytes: MaxPhotoBytes})
	if err != nil {
		return LineView{}, imageError(err)
	}
	var taken *time.Time
	if at, ok := imaging.CaptureTime(data); ok {
		taken = &at
	}
	clean, err := imaging.Clean(ctx, data, kind)
	if err != nil {
		return LineView{}, imageError(err)
	}
	data = nil
	thumb, _, _, err := imaging.Resize(ctx, clean, kind, thumbW, thumbH)
	if err != nil {
		return LineView{}, imageError(err)
	}
	w, h, err := imaging.Dimensions(clean)
	if err != nil {
		return LineView{}, imageError(err)
	}
	now := s.now()
	id := imaging.RandomName(kind)
	dir := "deposits/" + t.ID + "/answers/" + l.ID + "/"
	p := AnswerPhoto{ID: id, LineID: l.ID, Email: strings.ToLower(a.Email), Name: photoName(filename, kind), ContentType: kind.ContentType(),
		Size: int64(len(clean)), SHA256: sha256Hex(clean), Width: w, Height: h, TakenAt: taken, UploadedAt: now,
		key: dir + id, thumbKey: dir + "thumb-" + strings.TrimSuffix(id, path.Ext(id)) + ".jpg"}
	if err := s.d.Files.Put(ctx, p.key, bytes.NewReader(clean), p.Size, p.ContentType); err != nil {
		return LineView{}, apperr.Wrap(err, "store answer photo")
	}
	if err := s.d.Files.Put(ctx, p.thumbKey, bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg"); err != nil {
		s.deleteAnswerPhotoFiles(ctx, []AnswerPhoto{{key: p.key}})
		return LineView{}, apperr.Wrap(err, "store answer photo thumbnail")
	}
	var out Line
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		cur, err := lineOfTenancy(ctx, tx, t.ID, l.ID)
		if err != nil {
			return err
		}
		if err := s.disputeOf(t, cur, a.Email); err != nil {
			return err
		}
		p.Revision = cur.Revision
		if n := len(cur.Photos); n > 0 && !cur.Photos[n-1].UploadedAt.Before(p.UploadedAt) {
			p.UploadedAt = cur.Photos[n-1].UploadedAt.Add(time.Millisecond) // the photos keep the order they were added in
		}
		cur.Photos = append(cur.Photos, p)
		out = cur
		return insertAnswerPhoto(ctx, tx, p)
	})
	if err != nil {
		s.deleteAnswerPhotoFiles(ctx, []AnswerPhoto{p})
		return LineView{}, err
	}
	return s.lineView(t, RoleTenant, a.Email, out), nil
}

// RemoveAnswerPhoto removes one of the tenant's own photos of a line.
// Anyone else's photo, a joint tenant's included, is not found.
func (s *Service) RemoveAnswerPhoto(ctx context.Context, a session.Actor, lineID, photoID string) (LineView, error) {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return LineView{}, err
	}
	if role != RoleTenant {
		return LineView{}, apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	}
	var gone AnswerPhoto
	var out Line
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, s.now()); err != nil {
			return err
		}
		cur, err := lineOfTenancy(ctx, tx, t.ID, l.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(cur.Photos, func(p AnswerPhoto) bool { return p.ID == photoID && strings.EqualFold(p.Email, a.Email) })
		if i < 0 {
			return apperr.New(apperr.NotFound, "photo_not_found", MsgPhotoMissing)
		}
		gone = cur.Photos[i]
		cur.Photos = slices.Delete(cur.Photos, i, i+1)
		out = cur
		return deleteAnswerPhoto(ctx, tx, gone.ID)
	})
	if err != nil {
		return LineView{}, err
	}
	s.deleteAnswerPhotoFiles(ctx, []AnswerPhoto{gone})
	return s.lineView(t, RoleTenant, a.Email, out), nil
}

// OpenAnswerPhoto opens a photo of a line's dispute, or its thumbnail, for
// the landlord or a tenant of the agreement.
func (s *Service) OpenAnswerPhoto(ctx context.Context, a session.Actor, lineID, photoID string, thumb bool) (io.ReadCloser, AnswerPhoto, error) {
	l, _, _, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return nil, AnswerPhoto{}, err
	}
	p, err := answerPhotoByID(ctx, s.d.DB.Conn(), l.ID, photoID)
	if err != nil {
		return nil, AnswerPhoto{}, err
	}
	key := p.key
	if thumb {
		key = p.thumbKey
	}
	rc, obj, err := s.d.Files.Get(ctx, key)
	if err != nil {
		return nil, AnswerPhoto{}, apperr.Wrap(err, "open answer photo")
	}
	if thumb {
		p.ContentType, p.Size = "image/jpeg", obj.Size
	}
	return rc, p, nil
}

// AnswerPhotos are the photos of the disputes that count on a line (each
// tenant whose answer to the line's current revision is a dispute), with
// their bytes and thumbnails, by tenant in the agreement's order then
// oldest first: the evidence pack draws them. It checks no actor: the
// caller has.
func (s *Service) AnswerPhotos(ctx context.Context, lineID string) ([]AnswerPhoto, error) {
	c := s.d.DB.Conn()
	l, err := lineByID(ctx, c, lineID)
	if err != nil {
		return nil, err
	}
	if l, err = lineOfTenancy(ctx, c, l.TenancyID, l.ID); err != nil {
		return nil, err
	}
	out := []AnswerPhoto{}
	for _, ans := range l.Answers {
		if ans.Revision != l.Revision || ans.Answer != "dispute" {
			continue
		}
		for _, p := range l.Photos {
			if !strings.EqualFold(p.Email, ans.Email) {
				continue
			}
			p.TenantName = ans.Name
			if p.Data, err = s.readFile(ctx, p.key); err != nil {
				return nil, err
			}
			if p.Thumb, err = s.readFile(ctx, p.thumbKey); err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

func (s *Service) readFile(ctx context.Context, key string) ([]byte, error) {
	rc, _, err := s.d.Files.Get(ctx, key)
	if err != nil {
		return nil, apperr.Wrap(err, "read answer photo")
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	return b, apperr.Wrap(err, "read answer photo")
}

// deleteAnswerPhotoFiles removes photos' files after their rows are gone
// (a failure is logged: the row no longer names the file).
func (s *Service) deleteAnswerPhotoFiles(ctx context.Context, photos []AnswerPhoto) {
	for _, p := range photos {
		for _, k := range []string{p.key, p.thumbKey} {
			if k == "" {
				continue
			}
			if err := s.d.Files.Delete(ctx, k); err != nil {
				s.d.Log.Warn("deposit: answer photo file not deleted", "err", err)
			}
		}
	}
}
