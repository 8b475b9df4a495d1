package deposit

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

// Deductions after a signed check-out (issue 45): the landlord proposes
// lines from the check-out comparison, each apportioned by the item's age
// and expected life (data); each tenant answers each line for themselves,
// for the revision they saw. What every tenant agreed gives the amounts to
// return to each, and the day to return them by.

// Photo is a photo of a report, as its page shows it.
type Photo struct {
	URL      string `json:"url"`
	ThumbURL string `json:"thumbUrl"`
}

// Item is one line of the check-out comparison.
type Item struct {
	Key       string  `json:"key"`
	Room      string  `json:"room"`
	Item      string  `json:"item"`
	Change    string  `json:"change"` // worse, same, better, missing, new, notInspected
	CheckIn   string  `json:"checkIn"`
	CheckOut  string  `json:"checkOut"`
	InPhotos  []Photo `json:"inPhotos"`
	OutPhotos []Photo `json:"outPhotos"`
}

// CheckOut is the landlord's newest signed check-out report of the
// tenancy's property, compared with its check-in.
type CheckOut struct {
	ID         string
	SignedText string // "Thu 17 Dec 2026"
	Items      []Item
}

// CheckOuts finds the signed check-out of a property (internal/app, over
// internal/inventory).
type CheckOuts interface {
	SignedCheckOut(ctx context.Context, landlordID, propertyID string) (CheckOut, bool, error)
}

// UseCheckOuts gives the area the signed check-outs.
func (s *Service) UseCheckOuts(c CheckOuts) { s.d.CheckOuts = c }

// Line is one proposed deduction.
type Line struct {
	ID          string
	TenancyID   string
	CheckOutID  string
	ItemKey     string
	Item        string
	Evidence    Item // the item's conditions and photos when proposed
	Reason      string
	Note        string
	CostPence   int64
	ItemType    string
	AgeMonths   int
	LifeMonths  int
	ChargePence int64 // what the tenants are asked to pay
	Quote       *File
	Revision    int
	Answers     []Answer
	Photos      []AnswerPhoto // the tenants' photos of their disputes (answer_photos.go)
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Answer is one tenant's answer to a line.
type Answer struct {
	LineID   string    `json:"-"`
	Email    string    `json:"-"`
	Name     string    `json:"name"`
	Revision int       `json:"revision"`
	Answer   string    `json:"answer"` // agree or dispute
	Comment  string    `json:"comment"`
	At       time.Time `json:"-"`
	// Photos are the tenant's photos of their dispute (the view's; none
	// for an agreement).
	Photos []AnswerPhotoLink `json:"photos"`
}

const (
	MsgLineMissing = "Deduction not found."
	MsgNoCheckOut  = "Deductions are proposed from a signed check-out report: sign the check-out report of this property first."
	MsgItem        = "Please choose an item of the check-out report."
	MsgReason      = "Please choose a reason."
	MsgFromWallet  = "Rent arrears are taken from the wallet's rent statement, never typed: OmniRent cannot read them here yet."
	MsgCost        = "Please enter the cost in pounds and pence: more than £0 and at most £100,000."
	MsgItemType    = "Please choose what kind of item it is, so its age can be weighed against how long it is expected to last."
	MsgAge         = "Please enter the item's age in whole months (0 for new, at most 600)."
	MsgOverDeposit = "These deductions come to %s, more than the deposit of %s: the deductions can never be more than the deposit. Lower a cost or remove a deduction."
	MsgNote        = "Please keep the description to 500 characters."
	MsgAnswer      = "Please say whether you agree or dispute this deduction."
	MsgComment     = "Please say why you dispute this deduction (at most 1,000 characters)."
	MsgChanged     = "Your landlord changed this deduction since you read it: please read it again and answer."
	MsgLandlordChg = "This deduction was changed or answered since you opened it: please check it again."
	MsgTenantOnly  = "Only a tenant named on the agreement can answer."
	MsgRevision    = "Please send the revision of the deduction you read."
)

// chargeOf is the tenants' share of a cost: the whole cost, or for a
// reason apportioned, the cost x the months of life left / the expected
// life, rounded down (in the tenants' favour), never below nothing.
func chargeOf(cost int64, apportion bool, age, life int) int64 {
	if !apportion || life <= 0 {
		return cost
	}
	left := int64(max(0, life-age))
	return cost * left / int64(life)
}

// LineInput is the landlord's deduction. CostPence is integer pence; the
// form sends pounds and pence as pence.
type LineInput struct {
	ItemKey   string `json:"itemKey"`
	Reason    string `json:"reason"`
	Note      string `json:"note"`
	CostPence any    `json:"costPence"`
	ItemType  string `json:"itemType"`
	AgeMonths any    `json:"ageMonths"`
	Revision  int    `json:"revision"`
}

// wholeNumber reads a JSON number that must be a whole number in range.
func wholeNumber(v any, min, max int64) (int64, bool) {
	f, ok := v.(float64)
	if !ok || f != float64(int64(f)) || int64(f) < min || int64(f) > max {
		return 0, false
	}
	return int64(f), true
}

// checkLine checks the answers and computes the charge.
func (s *Service) checkLine(in LineInput, l *Line, co CheckOut, isNew bool) error {
	fields := map[string]string{}
	if isNew {
		i := slices.IndexFunc(co.Items, func(x Item) bool { return x.Key == in.ItemKey })
		if i < 0 {
			fields["itemKey"] = MsgItem
		} else {
			it := co.Items[i]
			l.ItemKey, l.Evidence, l.CheckOutID = it.Key, it, co.ID
			l.Item = it.Room
			if it.Item != "" {
				l.Item = it.Room + ": " + it.Item
			}
		}
	}
	r, ok := s.d.Rules.reason(strings.TrimSpace(in.Reason))
	switch {
	case !ok:
		fields["reason"] = MsgReason
	case r.FromWallet:
		fields["reason"] = MsgFromWallet
	}
	l.Reason, l.Note = r.Key, strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(l.Note) > 500 {
		fields["note"] = MsgNote
	}
	cost, ok := wholeNumber(in.CostPence, 1, 10_000_000)
	if !ok {
		fields["costPence"] = MsgCost
	}
	l.CostPence, l.ItemType, l.AgeMonths, l.LifeMonths = cost, "", 0, 0
	if r.Apportion {
		life, ok := s.d.Rules.life(in.ItemType)
		if !ok {
			fields["itemType"] = MsgItemType
		}
		age, aok := wholeNumber(in.AgeMonths, 0, 600)
		if !aok {
			fields["ageMonths"] = MsgAge
		}
		l.ItemType, l.AgeMonths, l.LifeMonths = life.Type, int(age), life.Months
	}
	if len(fields) > 0 {
		return apperr.Fields(MsgFix, fields)
	}
	l.ChargePence = chargeOf(l.CostPence, r.Apportion, l.AgeMonths, l.LifeMonths)
	return nil
}

// overDeposit refuses lines whose charges come to more than the deposit.
func overDeposit(t Tenancy, lines []Line) error {
	var total int64
	for _, l := range lines {
		total += l.ChargePence
	}
	if total > t.DepositPence {
		msg := fmt.Sprintf(MsgOverDeposit, money.Format(total), money.Format(t.DepositPence))
		return apperr.Fields(msg, map[string]string{"costPence": msg})
	}
	return nil
}

func (s *Service) checkOut(ctx context.Context, t Tenancy) (CheckOut, error) {
	if s.d.CheckOuts == nil {
		return CheckOut{}, apperr.New(apperr.Conflict, "no_check_out", MsgNoCheckOut)
	}
	co, ok, err := s.d.CheckOuts.SignedCheckOut(ctx, t.LandlordID, t.PropertyID)
	if err != nil {
		return CheckOut{}, err
	}
	if !ok {
		return CheckOut{}, apperr.New(apperr.Conflict, "no_check_out", MsgNoCheckOut)
	}
	return co, nil
}

// AddLine proposes a deduction.
func (s *Service) AddLine(ctx context.Context, a session.Actor, id string, in LineInput) (LineView, error) {
	t, err := s.landlordTenancy(ctx, a, id)
	if err != nil {
		return LineView{}, err
	}
	co, err := s.checkOut(ctx, t)
	if err != nil {
		return LineView{}, err
	}
	now := s.now()
	l := Line{ID: uuid.NewString(), TenancyID: t.ID, Revision: 1, CreatedAt: now, UpdatedAt: now}
	if err := s.checkLine(in, &l, co, true); err != nil {
		return LineView{}, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		lines, err := linesOf(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		if err := overDeposit(t, append(lines, l)); err != nil {
			return err
		}
		if n := len(lines); n > 0 && !lines[n-1].CreatedAt.Before(l.CreatedAt) {
			l.CreatedAt = lines[n-1].CreatedAt.Add(time.Millisecond) // the lines keep the order they were proposed in
		}
		return insertLine(ctx, tx, l)
	})
	if err != nil {
		return LineView{}, err
	}
	return s.lineView(t, RoleLandlord, "", l), nil
}

// StaleError answers an answer or an edit made to an old revision: 409
// with the line as it now is.
type StaleError struct {
	Line    LineView
	Message string
}

func (e *StaleError) Error() string { return e.Message }

// lineFor is one line of a tenancy the actor is a party to.
func (s *Service) lineFor(ctx context.Context, a session.Actor, lineID string) (Line, Tenancy, Role, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Line{}, Tenancy{}, "", err
	}
	l, err := lineByID(ctx, s.d.DB.Conn(), lineID)
	if err != nil {
		return Line{}, Tenancy{}, "", err
	}
	t, role, err := s.tenancyFor(ctx, a, l.TenancyID)
	if apperr.IsNotFound(err) {
		return Line{}, Tenancy{}, "", apperr.New(apperr.NotFound, "not_found", MsgLineMissing)
	}
	return l, t, role, err
}

// EditLine changes a deduction the tenants may be answering: decided by
// revision with the tenancy's row locked; every edit raises it, so an
// answer to the old one is refused.
func (s *Service) EditLine(ctx context.Context, a session.Actor, lineID string, in LineInput) (LineView, error) {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return LineView{}, err
	}
	if role != RoleLandlord {
		return LineView{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	if in.Revision <= 0 {
		return LineView{}, apperr.Fields(MsgRevision, map[string]string{"revision": MsgRevision})
	}
	var out Line
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		now := s.now()
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		lines, err := linesOf(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(lines, func(x Line) bool { return x.ID == l.ID })
		if i < 0 {
			return apperr.New(apperr.NotFound, "not_found", MsgLineMissing)
		}
		cur := lines[i]
		if cur.Revision != in.Revision {
			return &StaleError{Line: s.lineView(t, RoleLandlord, "", cur), Message: MsgLandlordChg}
		}
		next := cur
		if err := s.checkLine(in, &next, CheckOut{}, false); err != nil {
			return err
		}
		next.Revision, next.UpdatedAt = cur.Revision+1, now
		lines[i] = next
		if err := overDeposit(t, lines); err != nil {
			return err
		}
		out = next
		return updateLine(ctx, tx, next)
	})
	if err != nil {
		return LineView{}, err
	}
	return s.lineView(t, RoleLandlord, "", out), nil
}

// DeleteLine removes a deduction.
func (s *Service) DeleteLine(ctx context.Context, a session.Actor, lineID string) error {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return err
	}
	if role != RoleLandlord {
		return apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	var quote *File
	var photos []AnswerPhoto
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, s.now()); err != nil {
			return err
		}
		cur, err := lineByID(ctx, tx, l.ID)
		if err != nil {
			return err
		}
		quote = cur.Quote
		if photos, err = answerPhotosOfLine(ctx, tx, l.ID); err != nil {
			return err
		}
		return deleteLine(ctx, tx, l.ID)
	})
	if err == nil && quote != nil {
		_ = s.d.Files.Delete(ctx, quote.Key)
	}
	if err == nil {
		s.deleteAnswerPhotoFiles(ctx, photos)
	}
	return err
}

// AnswerInput is a tenant's answer to the revision they read.
type AnswerInput struct {
	Revision int    `json:"revision"`
	Answer   string `json:"answer"`
	Comment  string `json:"comment"`
}

// AnswerLine records the tenant's own answer; an answer to an old
// revision is refused with the line as it now is.
func (s *Service) AnswerLine(ctx context.Context, a session.Actor, lineID string, in AnswerInput) (LineView, error) {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return LineView{}, err
	}
	if role != RoleTenant {
		return LineView{}, apperr.New(apperr.Forbidden, "tenant_only", MsgTenantOnly)
	}
	in.Comment = strings.TrimSpace(in.Comment)
	switch {
	case in.Revision <= 0:
		return LineView{}, apperr.Fields(MsgRevision, map[string]string{"revision": MsgRevision})
	case in.Answer != "agree" && in.Answer != "dispute":
		return LineView{}, apperr.Fields(MsgAnswer, map[string]string{"answer": MsgAnswer})
	case in.Answer == "dispute" && (in.Comment == "" || utf8.RuneCountInString(in.Comment) > 1000):
		return LineView{}, apperr.Fields(MsgComment, map[string]string{"comment": MsgComment})
	}
	if in.Answer == "agree" {
		in.Comment = ""
	}
	name := a.FullName
	for _, p := range t.Tenants {
		if strings.EqualFold(p.Email, a.Email) && p.Name != "" {
			name = p.Name
		}
	}
	var out Line
	var dropped []AnswerPhoto
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		now := s.now()
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		lines, err := linesOf(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(lines, func(x Line) bool { return x.ID == l.ID })
		if i < 0 {
			return apperr.New(apperr.NotFound, "not_found", MsgLineMissing)
		}
		cur := lines[i]
		if cur.Revision != in.Revision {
			return &StaleError{Line: s.lineView(t, RoleTenant, a.Email, cur), Message: MsgChanged}
		}
		if in.Answer == "agree" { // an agreement carries no photos against the line (answer_photos.go)
			if dropped, err = dropAnswerPhotos(ctx, tx, cur.ID, strings.ToLower(a.Email)); err != nil {
				return err
			}
			cur.Photos = slices.DeleteFunc(cur.Photos, func(p AnswerPhoto) bool { return strings.EqualFold(p.Email, a.Email) })
		}
		ans := Answer{LineID: cur.ID, Email: strings.ToLower(a.Email), Name: name, Revision: cur.Revision, Answer: in.Answer, Comment: in.Comment, At: now}
		cur.Answers = slices.DeleteFunc(cur.Answers, func(x Answer) bool { return strings.EqualFold(x.Email, a.Email) })
		cur.Answers = append(cur.Answers, ans)
		out = cur
		return upsertAnswer(ctx, tx, ans)
	})
	if err != nil {
		return LineView{}, err
	}
	s.deleteAnswerPhotoFiles(ctx, dropped)
	return s.lineView(t, RoleTenant, a.Email, out), nil
}

// AddQuote stores a line's quote or invoice (PDF, JPEG or PNG by content).
// It does not change what the tenants answer, so the revision stays.
func (s *Service) AddQuote(ctx context.Context, a session.Actor, lineID, filename string, r io.Reader) (LineView, error) {
	l, t, role, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return LineView{}, err
	}
	if role != RoleLandlord {
		return LineView{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	name, contentType, sum, data, err := s.d.Uploads.CheckUpload(ctx, filename, r)
	if err != nil {
		return LineView{}, err
	}
	now := s.now()
	f := File{Key: "deposits/" + t.ID + "/quote-" + uuid.NewString() + path.Ext(name), Name: name, ContentType: contentType,
		Size: int64(len(data)), SHA256: sum, UploadedAt: now}
	if err := s.d.Files.Put(ctx, f.Key, bytes.NewReader(data), f.Size, f.ContentType); err != nil {
		return LineView{}, apperr.Wrap(err, "store quote")
	}
	var old *File
	var out Line
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if _, err := lockTenancy(ctx, tx, s.d.DB.Dialect, t.ID, t.LandlordID, now); err != nil {
			return err
		}
		cur, err := lineByID(ctx, tx, l.ID)
		if err != nil {
			return err
		}
		old, cur.Quote, cur.UpdatedAt = cur.Quote, &f, now
		out = cur
		return updateLine(ctx, tx, cur)
	})
	if err != nil {
		_ = s.d.Files.Delete(ctx, f.Key)
		return LineView{}, err
	}
	if old != nil {
		_ = s.d.Files.Delete(ctx, old.Key)
	}
	return s.lineView(t, RoleLandlord, "", out), nil
}

// OpenQuote opens a line's quote for the landlord or a tenant.
func (s *Service) OpenQuote(ctx context.Context, a session.Actor, lineID string) (io.ReadCloser, File, error) {
	l, _, _, err := s.lineFor(ctx, a, lineID)
	if err != nil {
		return nil, File{}, err
	}
	if l.Quote == nil {
		return nil, File{}, apperr.New(apperr.NotFound, "no_quote", "No quote or invoice has been added to this deduction.")
	}
	rc, _, err := s.d.Files.Get(ctx, l.Quote.Key)
	if err != nil {
		return nil, File{}, apperr.Wrap(err, "open quote")
	}
	return rc, *l.Quote, nil
}

// Deductions is a tenancy's deductions as the actor may see them.
func (s *Service) Deductions(ctx context.Context, a session.Actor, id string) (DeductionsView, error) {
	t, role, err := s.tenancyFor(ctx, a, id)
	if err != nil {
		return DeductionsView{}, err
	}
	if t.DepositPence <= 0 {
		return DeductionsView{}, apperr.New(apperr.Conflict, "no_deposit", MsgNoDeposit)
	}
	lines, err := linesOf(ctx, s.d.DB.Conn(), t.ID)
	if err != nil {
		return DeductionsView{}, err
	}
	v := s.deductionsView(t, role, a.Email, lines)
	if role == RoleLandlord && s.d.CheckOuts != nil {
		co, ok, err := s.d.CheckOuts.SignedCheckOut(ctx, t.LandlordID, t.PropertyID)
		if err != nil {
			return DeductionsView{}, err
		}
		if ok {
			v.CheckOutText, v.Items = "Check-out report signed "+co.SignedText, co.Items
		}
	}
	return v, nil
}
