package inventory

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/session"
)

// Disputes (spec 3 sections 3 and 4, issue 15 part 2): a party to a sent
// report adds comments, with a photo, to a section; the report is Disputed
// while any entry is unresolved, and only an entry's author resolves it.
// Each new entry e-mails the report's creator and landlord.

// Sections a dispute names (the hub's sections).
var Sections = []string{"settings", "overview", "inside", "outside", "meters", "documents", "tenants", "landlord", "checkin", "checkout"}

// Dispute is one entry of a section's thread.
type Dispute struct {
	ID          string    `json:"id"`
	Section     string    `json:"section"`
	AuthorName  string    `json:"authorName"`
	AuthorEmail string    `json:"authorEmail"`
	AuthorRole  string    `json:"authorRole"` // creator, landlord or tenant
	Comment     string    `json:"comment"`
	Photo       string    `json:"photo"`
	Resolved    bool      `json:"resolved"`
	Mine        bool      `json:"mine"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	authorID    string
}

// Messages of disputes.
const (
	MsgDisputeComment = "Please write your comment."
	MsgDisputeSection = "Please choose the section you dispute."
	MsgDisputeDraft   = "A draft report cannot be disputed."
	MsgAuthorOnly     = "Only the author of a comment can mark it resolved."
	MsgDisputeNoPhoto = "This photo was not added to the dispute."
	// MsgDisputeSigned refuses a comment on a report every party has signed:
	// it is sealed evidence and never changes.
	MsgDisputeSigned = "Everyone has signed this report, so it can no longer be disputed."
	// MsgDisputeTwice refuses the same comment sent again while it is open
	// (a double click, two devices).
	MsgDisputeTwice = "You have already sent this comment; it is still open."
	MaxComment      = 2000
)

func scanDispute(row db.Scanner) (Dispute, error) {
	var d Dispute
	var created, updated int64
	if err := row.Scan(&d.ID, &d.Section, &d.authorID, &d.AuthorEmail, &d.AuthorName, &d.AuthorRole, &d.Comment, &d.Photo, &d.Resolved, &created, &updated); err != nil {
		if errors.Is(err, db.NoRows) {
			return Dispute{}, apperr.New(apperr.NotFound, "not_found", "Comment not found.")
		}
		return Dispute{}, err
	}
	d.CreatedAt, d.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return d, nil
}

const disputeCols = `id, section, author_id, author_email, author_name, author_role, comment, photo, resolved, created_at, updated_at`

func disputesOf(ctx context.Context, c db.Conn, reportID string) ([]Dispute, error) {
	list, err := db.All(ctx, c, scanDispute, `SELECT `+disputeCols+` FROM inventory_disputes WHERE report_id = ? ORDER BY created_at, id`, reportID)
	return list, apperr.Wrap(err, "list disputes")
}

// roleOf is the actor's part in a report: creator, landlord or tenant.
func roleOf(r Report, a session.Actor) string {
	switch {
	case r.CreatorID == a.UserID:
		return "creator"
	case strings.EqualFold(r.Data.Landlord.Email, a.Email):
		return "landlord"
	}
	return "tenant"
}

// Disputes are a report's threads, for its parties.
func (s *Service) Disputes(ctx context.Context, a session.Actor, id string) ([]Dispute, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return nil, err
	}
	list, err := disputesOf(ctx, s.db.Conn(), r.ID)
	for i := range list {
		list[i].Mine = list[i].authorID == a.UserID
	}
	return list, err
}

// DisputeInput is a new entry.
type DisputeInput struct {
	Section string `json:"section"`
	Comment string `json:"comment"`
	Photo   string `json:"photo"` // a name from UploadDisputePhoto, or ""
}

// AddDispute adds an entry to a section's thread of a report awaiting
// signatures (or already disputed); the report becomes Disputed and its
// creator and landlord are e-mailed. A report every party has signed is
// sealed evidence: it takes no comment. Whether it may is decided with the
// report's row locked, the lock the last signature takes too, so a comment
// and the last signature at the same instant happen one after the other:
// either the comment is refused (the report is signed) or the signature is
// (a comment is open).
func (s *Service) AddDispute(ctx context.Context, a session.Actor, id string, in DisputeInput) (Dispute, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return Dispute{}, err
	}
	if err := disputable(r.Status); err != nil {
		return Dispute{}, err
	}
	in.Comment = strings.TrimSpace(in.Comment)
	switch {
	case !slices.Contains(Sections, in.Section):
		return Dispute{}, fieldErr("section", MsgDisputeSection)
	case in.Comment == "":
		return Dispute{}, fieldErr("comment", MsgDisputeComment)
	case utf8.RuneCountInString(in.Comment) > MaxComment:
		return Dispute{}, fieldErr("comment", "Please keep your comment under 2000 characters.")
	}
	if in.Photo != "" {
		ev, err := s.photos.Evidences(ctx, photo.KindDispute, r.ID)
		if err != nil {
			return Dispute{}, err
		}
		if !slices.ContainsFunc(ev, func(e photo.Evidence) bool { return e.Name == in.Photo }) {
			return Dispute{}, fieldErr("photo", MsgDisputeNoPhoto)
		}
	}
	now := s.now()
	d := Dispute{ID: uuid.NewString(), Section: in.Section, AuthorName: a.FullName, AuthorEmail: a.Email, AuthorRole: roleOf(r, a),
		Comment: in.Comment, Photo: in.Photo, CreatedAt: now, UpdatedAt: now, authorID: a.UserID, Mine: true}
	// The creator answers in the thread; an answer disputes nothing, so it
	// is born resolved and does not keep the report Disputed.
	d.Resolved = d.AuthorRole == "creator"
	// The e-mails are made before the transaction: what they read (the
	// creator's address, the property) is read on the pool, never while
	// holding the write lock.
	mails := s.disputeMails(ctx, r, a, d)
	err = s.db.Tx(ctx, func(c db.Conn) error {
		// Decided on the locked row: a report reopened to a draft, or
		// signed by everyone, since it was read takes no dispute.
		status, _, err := s.lockReport(ctx, c, r.ID)
		if err != nil {
			return err
		}
		if err := disputable(status); err != nil {
			return err
		}
		if !d.Resolved {
			// The same open comment by the same author is not added twice.
			var n int
			if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_disputes WHERE report_id = ? AND author_id = ? AND section = ?
				AND comment = ? AND photo = ? AND resolved = ?`, r.ID, d.authorID, d.Section, d.Comment, d.Photo, false).Scan(&n); err != nil {
				return apperr.Wrap(err, "find same dispute")
			}
			if n > 0 {
				return apperr.New(apperr.Conflict, "duplicate_dispute", MsgDisputeTwice)
			}
		}
		if _, err := c.Exec(ctx, `INSERT INTO inventory_disputes (report_id, `+disputeCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.ID, d.ID, d.Section, d.authorID, d.AuthorEmail, d.AuthorName, d.AuthorRole, d.Comment, d.Photo, d.Resolved, now.UnixMilli(), now.UnixMilli()); err != nil {
			return apperr.Wrap(err, "add dispute")
		}
		if err := settleDisputes(ctx, c, r.ID, status, now); err != nil {
			return err
		}
		for _, m := range mails {
			if err := s.sign.Mail.Send(ctx, c, m); err != nil {
				return err
			}
		}
		return nil
	})
	return d, err
}

// sealed tells whether a report's every party has signed (Completed, or
// ADS: signed, being sealed): its signed text is evidence and never changes.
func sealed(status string) bool { return status == Completed || status == ADS }

// disputable is nil when a report in status may take a comment: sent and
// not yet signed by everyone.
func disputable(status string) error {
	switch {
	case status == Draft:
		return apperr.New(apperr.Conflict, "draft", MsgDisputeDraft)
	case sealed(status):
		return apperr.New(apperr.Conflict, "completed", MsgDisputeSigned)
	}
	return nil
}

// disputeMails are the e-mails telling the report's creator and landlord
// about a new entry.
func (s *Service) disputeMails(ctx context.Context, r Report, a session.Actor, d Dispute) []mail.Email {
	if s.sign.Mail == nil {
		return nil
	}
	var to []string
	if r.CreatorID != a.UserID {
		if e, ok := s.creatorEmail(ctx, r); ok {
			to = append(to, e)
		}
	}
	if l := r.Data.Landlord.Email; l != "" && !strings.EqualFold(l, a.Email) && !slices.ContainsFunc(to, func(x string) bool { return strings.EqualFold(x, l) }) {
		to = append(to, l)
	}
	title := s.title(ctx, r)
	var out []mail.Email
	for _, addr := range to {
		out = append(out, mail.Email{To: addr, ReplyTo: a.Email, Subject: "A comment disputes the " + title, Template: "notice",
			Data: map[string]any{"Name": "", "Heading": a.FullName + " disputes a section of the report",
				"Paragraphs": []string{"Section: " + d.Section + ".", d.Comment, "Read and answer it here: " + s.link(r.ID)}}})
	}
	return out
}

// creatorEmail is the creator's address, from the envelope's first signer.
func (s *Service) creatorEmail(ctx context.Context, r Report) (string, bool) {
	if s.sign.Signing == nil {
		return "", false
	}
	env, ok, err := s.sign.Signing.Started(ctx, ref(r.ID))
	if err != nil || !ok || len(env.Signers) == 0 {
		return "", false
	}
	return env.Signers[0].Email, true
}

// ResolveDispute marks the author's own entry resolved or not; when every
// entry is resolved the report leaves Disputed for the status it had.
func (s *Service) ResolveDispute(ctx context.Context, a session.Actor, id, entryID string, resolved bool) (Report, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return Report{}, err
	}
	d, err := scanDispute(s.db.Conn().QueryRow(ctx, `SELECT `+disputeCols+` FROM inventory_disputes WHERE id = ? AND report_id = ?`, entryID, r.ID))
	if err != nil {
		return Report{}, err
	}
	if d.authorID != a.UserID {
		return Report{}, apperr.New(apperr.Forbidden, "author_only", MsgAuthorOnly)
	}
	now := s.now()
	err = s.db.Tx(ctx, func(c db.Conn) error {
		status, _, err := s.lockReport(ctx, c, r.ID)
		if err != nil {
			return err
		}
		// A signed report's threads are closed: un-resolving an entry would
		// take it back to Disputed after its seal.
		if sealed(status) {
			return apperr.New(apperr.Conflict, "completed", MsgDisputeSigned)
		}
		if _, err := c.Exec(ctx, `UPDATE inventory_disputes SET resolved = ?, updated_at = ? WHERE id = ?`, resolved, now.UnixMilli(), d.ID); err != nil {
			return apperr.Wrap(err, "resolve dispute")
		}
		return settleDisputes(ctx, c, r.ID, status, now)
	})
	if err != nil {
		return Report{}, err
	}
	return byID(ctx, s.db.Conn(), r.ID)
}

// UploadDisputePhoto adds a photo for a dispute entry: JPEG, PNG or GIF
// (spec 3 section 5), judged by content; a GIF's first frame is kept as a
// PNG, since the photo pipeline keeps PNG and JPEG.
func (s *Service) UploadDisputePhoto(ctx context.Context, a session.Actor, id string, file io.Reader) (photo.View, error) {
	head := make([]byte, 6)
	n, _ := io.ReadFull(file, head)
	head = head[:n]
	file = io.MultiReader(bytes.NewReader(head), file)
	if string(head) == "GIF87a" || string(head) == "GIF89a" {
		data, err := io.ReadAll(io.LimitReader(file, photo.MaxGIFBytes+1))
		if err != nil {
			return photo.View{}, err
		}
		if len(data) > photo.MaxGIFBytes {
			return photo.View{}, apperr.New(apperr.TooLarge, "image_too_large", photo.MsgTooLarge)
		}
		asPNG, err := imaging.GIFToPNG(ctx, data) // within the pixel limit and the decode budget, like every image
		switch {
		case errors.Is(err, imaging.ErrBusy):
			e := apperr.New(apperr.Unavailable, "busy", photo.MsgBusy)
			e.Err, e.RetryAfter = err, imaging.RetryAfter
			return photo.View{}, e
		case errors.Is(err, imaging.ErrTooManyPixels):
			return photo.View{}, apperr.New(apperr.Invalid, "too_many_pixels", photo.MsgTooManyPixels)
		case err != nil:
			return photo.View{}, apperr.New(apperr.Invalid, "not_an_image", photo.MsgWrongType)
		}
		file = bytes.NewReader(asPNG)
	}
	v, _, err := s.photos.UploadFrom(ctx, photo.KindDispute, a, id, photo.FromUpload, file)
	return v, err
}

// DisputeOwners answers the photo mechanism about dispute photos: a party
// to a sent report may add them; its parties may see them.
type DisputeOwners struct{ S *Service }

func (o DisputeOwners) CanEdit(ctx context.Context, a session.Actor, ownerID string) error {
	r, err := o.S.readable(ctx, a, ownerID)
	if err != nil {
		return err
	}
	return disputable(r.Status)
}

// BeforeInsert implements photo.InsertGuard: in the upload's transaction,
// with the report's row locked, a report signed by everyone (or reopened
// to a draft) since CanEdit takes no dispute photo.
func (o DisputeOwners) BeforeInsert(ctx context.Context, tx db.Conn, reportID string) error {
	status, _, err := o.S.lockReport(ctx, tx, reportID)
	if err != nil {
		return err
	}
	return disputable(status)
}

func (o DisputeOwners) Visibility(ctx context.Context, viewer session.Actor, ownerID string) (bool, bool, error) {
	if !viewer.SignedIn() {
		return false, false, nil
	}
	_, err := o.S.readable(ctx, viewer, ownerID) // the report's own readers only, not a later check-out's
	if apperr.KindOf(err) == apperr.NotFound {
		return false, false, nil
	}
	return err == nil, false, err
}

// lockReport reads a report's status, and the status it had before it was
// disputed, with the report's row locked until the transaction ends
// (SELECT ... FOR UPDATE on PostgreSQL; on SQLite a write transaction holds
// the database's write lock from its start). Everything that changes a
// report's dispute entries or signs it takes this lock first, so one of
// them at a time decides the report's status from its entries.
func (s *Service) lockReport(ctx context.Context, tx db.Conn, id string) (status, disputedFrom string, err error) {
	q := `SELECT status, disputed_from FROM inventory_reports WHERE id = ?`
	if s.db.Dialect == db.Postgres {
		q += ` FOR UPDATE`
	}
	err = tx.QueryRow(ctx, q, id).Scan(&status, &disputedFrom)
	if errors.Is(err, db.NoRows) {
		return "", "", apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return status, disputedFrom, apperr.Wrap(err, "lock report")
}

// settleDisputes derives the report's status from its entries, in the
// transaction that changed one, after lockReport gave status: Disputed
// while any entry is open, else the status it had before. A draft (being
// edited after a dispute) keeps its status; signing and sending it again
// decides. A signed report keeps its status whatever its entries say (its
// callers refuse to change them).
func settleDisputes(ctx context.Context, tx db.Conn, id, status string, now time.Time) error {
	if sealed(status) {
		return nil
	}
	open, err := openDisputes(ctx, tx, id)
	if err != nil {
		return err
	}
	switch {
	case open > 0 && status != Disputed && status != Draft:
		_, err = tx.Exec(ctx, `UPDATE inventory_reports SET status = ?, disputed_from = ?, updated_at = ? WHERE id = ?`, Disputed, status, now.UnixMilli(), id)
	case open == 0 && status == Disputed:
		_, err = tx.Exec(ctx, `UPDATE inventory_reports SET status = CASE WHEN disputed_from = '' THEN ? ELSE disputed_from END, disputed_from = '', updated_at = ? WHERE id = ?`,
			ATS, now.UnixMilli(), id)
	}
	return apperr.Wrap(err, "report status after dispute")
}

// MsgOpenDispute refuses a signature while a comment is open.
const MsgOpenDispute = "This report has a comment that is not resolved yet. It can be signed once every comment is resolved."

// lockForSigning is called first in the transaction that records a party's
// signature: with the report's row locked, the report must await
// signatures and, judged from its entries themselves, have no open comment.
func (s *Service) lockForSigning(ctx context.Context, tx db.Conn, id string) error {
	status, _, err := s.lockReport(ctx, tx, id)
	if err != nil {
		return err
	}
	open, err := openDisputes(ctx, tx, id)
	switch {
	case err != nil:
		return err
	case open > 0 || status == Disputed:
		return apperr.New(apperr.Conflict, "disputed", MsgOpenDispute)
	case status != ATS:
		return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
	}
	return nil
}

// openDisputes counts a report's unresolved entries.
func openDisputes(ctx context.Context, c db.Conn, reportID string) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM inventory_disputes WHERE report_id = ? AND resolved = ?`, reportID, false).Scan(&n)
	return n, apperr.Wrap(err, "count disputes")
}
