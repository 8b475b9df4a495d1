package deposit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// The evidence pack (issue 45, "The deposit back", last bullet): what the
// landlord or a tenant uploads to the deposit scheme's free dispute
// service when deductions stay disputed. One PDF: an index, then the
// sealed agreement, the check-in and check-out inventory reports with
// their photos (the sealed PDFs' own pages, imported unaltered), the
// check-out comparison, each disputed deduction with its evidence side by
// side, the quotes and invoices, the rent statement, and the messages
// exchanged in time order. It is sealed by signing.SealDocument, so
// /verify says whether a PDF someone holds is the one OmniRent made; the
// same state asked twice is the same sealed file (its version is a digest
// of what it shows), a changed line, answer or quote makes a new one.
//
// It is offered only while at least one deduction is disputed: with
// nothing disputed there is nothing for the scheme to decide.
//
// Size: the pack is designed to stay under MaxPackBytes (20 MB), the bound
// the schemes' evidence uploads are planned for here, with a tenancy of 200
// photos across check-in and check-out (BenchmarkEvidencePack200Photos,
// docs/perf.md): photos the pack draws itself are downscaled to
// packPhotoMaxW x packPhotoMaxH JPEGs; the reports' sealed PDFs already
// carry their photos at print size (640 px thumbnails); a document that
// would take the pack over the bound is described (reference, SHA-256,
// where to check it) instead of imported.

// PackKind is the kind of a deposit's evidence pack among internal/signing's
// sealed documents.
const PackKind = "deposit-pack"

// MaxPackBytes is the size the pack is designed to stay under.
const MaxPackBytes = 20 << 20

// MsgNothingDisputed refuses the pack while no deduction is disputed.
const MsgNothingDisputed = "The evidence pack is for the deposit scheme's free dispute service, so it is made only when at least one deduction is disputed. No deduction is disputed now."

// PackDocument is a sealed document the pack gathers (the agreement, an
// inventory report).
type PackDocument struct {
	Title     string // "Tenancy agreement", "Check-in inventory report"
	Reference string // its public reference, checkable on /verify
	SHA256    string // of its sealed PDF
	Signed    string // the day it was completed, "Thu 3 Dec 2026"; "" if unknown
	PDF       []byte // its sealed PDF; nil when it cannot be had
	// Summary is what it says in brief (label, value), drawn when its
	// pages cannot be imported.
	Summary [][2]string
}

// PackPhoto is a photo as the pack draws it.
type PackPhoto struct {
	Data       []byte // JPEG or PNG, print size
	SHA256     string // of the stored file
	TakenAt    *time.Time
	UploadedAt time.Time
}

// PackSources give the pack the documents other areas keep (internal/app,
// over internal/contract, internal/inventory, internal/signing and
// internal/photo). The tenancy is one the reader is a party to.
type PackSources interface {
	Agreement(ctx context.Context, t Tenancy) (PackDocument, error)
	// Reports are the signed check-in and check-out reports the deductions
	// were proposed from.
	Reports(ctx context.Context, t Tenancy, checkOutID string) (checkIn, checkOut PackDocument, err error)
	// Photo is one photo of a line's evidence (or of a tenant's dispute).
	Photo(ctx context.Context, t Tenancy, p Photo) (PackPhoto, error)
}

// RentStatement is the wallet's rent statement of a tenancy.
type RentStatement struct {
	Rows         []RentRow
	ArrearsPence int64 // rent due and unpaid at the statement's end
}

// RentRow is one line of the rent statement.
type RentRow struct {
	Day       time.Time
	What      string
	DuePence  int64
	PaidPence int64
}

// Sealer records a sealed document without signatures (internal/signing).
type Sealer interface {
	SealDocument(ctx context.Context, kind, subjectID, version, title string, draw func(signing.Seal) ([]byte, error)) (signing.SealedDoc, []byte, error)
}

// PackDeps are what the pack needs, given at wiring time.
type PackDeps struct {
	Sources PackSources
	Seals   Sealer
}

// UsePack connects the pack's sources and the seal (internal/app).
func (s *Service) UsePack(d PackDeps) { s.pack = d }

// UseRentStatements replaces where rent arrears and the pack read the
// wallet's rent statement (tests).
func (s *Service) UseRentStatements(r RentStatements) { s.r.Statements = r }

// packState is everything the pack shows, read once.
type packState struct {
	t          Tenancy
	p          Protection
	lines      []Line
	views      []LineView
	disputed   []int // indexes of the disputed lines
	checkOutID string
	rent       *RentStatement
}

func packTitle(t Tenancy) string { return "Deposit evidence pack: " + t.Address }

// EvidencePack is the tenancy's sealed evidence pack for its landlord or
// one of its tenants, with its download name.
func (s *Service) EvidencePack(ctx context.Context, a session.Actor, id string) ([]byte, string, error) {
	t, role, err := s.tenancyFor(ctx, a, id)
	if err != nil {
		return nil, "", err
	}
	if t.DepositPence <= 0 {
		return nil, "", apperr.New(apperr.Conflict, "no_deposit", MsgNoDeposit)
	}
	if s.pack.Sources == nil || s.pack.Seals == nil {
		return nil, "", apperr.Wrap(fmt.Errorf("deposit: the evidence pack is not wired"), "evidence pack")
	}
	st := packState{t: t}
	if st.p, _, err = protectionOf(ctx, s.d.DB.Conn(), t.ID); err != nil {
		return nil, "", err
	}
	if st.lines, err = linesOf(ctx, s.d.DB.Conn(), t.ID); err != nil {
		return nil, "", err
	}
	for i, l := range st.lines {
		v := s.lineView(t, role, a.Email, l)
		st.views = append(st.views, v)
		if v.State == "disputed" {
			st.disputed = append(st.disputed, i)
		}
		if st.checkOutID == "" {
			st.checkOutID = l.CheckOutID
		}
	}
	if len(st.disputed) == 0 {
		return nil, "", apperr.New(apperr.Conflict, "nothing_disputed", MsgNothingDisputed)
	}
	if st.rent, err = s.packRent(ctx, t); err != nil {
		return nil, "", err
	}
	_, b, err := s.pack.Seals.SealDocument(ctx, PackKind, t.ID, st.version(), packTitle(t), func(seal signing.Seal) ([]byte, error) {
		return s.drawPack(ctx, st, seal)
	})
	if err != nil {
		return nil, "", err
	}
	return b, "deposit-evidence-pack-" + s.d.Clock.Now().In(clock.UK).Format("2006-01-02") + ".pdf", nil
}

// version is what the pack shows, in one word: the tenancy's parties and
// deposit, the protection, every line with its quote and answers (and
// their photos), the check-out, the rent statement.
func (st packState) version() string {
	x := sha256.New()
	fmt.Fprintf(x, "t:%s:%s:%d:%s\n", st.t.ID, st.t.Address, st.t.DepositPence, st.checkOutID)
	for _, p := range st.t.Tenants {
		fmt.Fprintf(x, "p:%s:%s\n", p.Name, p.Email)
	}
	fmt.Fprintf(x, "s:%s:%s:%s:%s\n", st.p.Scheme, st.p.Reference, st.p.ProtectedOn, st.p.InfoServedOn)
	for _, l := range st.lines {
		fmt.Fprintf(x, "l:%s:%d:%s:%s:%d:%d:%s:%d:%d\n", l.ID, l.Revision, l.Reason, l.Note, l.CostPence, l.ChargePence, l.ItemType, l.AgeMonths, l.LifeMonths)
		if l.Quote != nil {
			fmt.Fprintf(x, "q:%s\n", l.Quote.SHA256)
		}
		for _, a := range l.Answers {
			fmt.Fprintf(x, "a:%s:%d:%s:%q:%d\n", a.Email, a.Revision, a.Answer, a.Comment, a.At.UnixMilli())
		}
		for _, p := range l.Photos { // the tenants' dispute photos (answer_photos.go)
			fmt.Fprintf(x, "ap:%s:%s:%d\n", p.Email, p.SHA256, p.Revision)
		}
	}
	if st.rent != nil {
		for _, r := range st.rent.Rows {
			fmt.Fprintf(x, "r:%s:%q:%d:%d\n", r.Day.Format(time.DateOnly), r.What, r.DuePence, r.PaidPence)
		}
		fmt.Fprintf(x, "ra:%d\n", st.rent.ArrearsPence)
	}
	return hex.EncodeToString(x.Sum(nil))
}

// quoteBytes reads a line's quote or invoice.
func (s *Service) quoteBytes(ctx context.Context, f *File) ([]byte, error) {
	rc, _, err := s.d.Files.Get(ctx, f.Key)
	if err != nil {
		return nil, apperr.Wrap(err, "read quote")
	}
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, MaxFileBytes+1))
}

// ukMoment is a moment as the pack prints it: "Thu 17 Dec 2026, 14:03 (UK time)".
func ukMoment(t time.Time) string {
	return t.In(clock.UK).Format("Mon 2 Jan 2006, 15:04") + " (UK time)"
}

// changeText is a comparison's change in words.
func changeText(c string) string {
	switch c {
	case "worse":
		return "Worse at check-out"
	case "same":
		return "The same"
	case "better":
		return "Better at check-out"
	case "missing":
		return "Missing at check-out"
	case "new":
		return "New at check-out"
	case "notInspected":
		return "Not inspected at check-out"
	}
	return "Not compared"
}

// answerWord is a tenant's answer in words.
func answerWord(a string) string {
	if a == "dispute" {
		return "Disputes"
	}
	return "Agrees"
}

// messages are the exchanges on the deductions in time order: each line
// as the landlord proposed (and last changed) it, each tenant's answer.
type message struct {
	at   time.Time
	who  string
	text string
}

func (s *Service) messages(st packState) []message {
	var out []message
	for i, l := range st.lines {
		v := st.views[i]
		name := lineName(l, v)
		out = append(out, message{l.CreatedAt, "Landlord", fmt.Sprintf("Proposed a deduction for %s: %s charged.", name, v.ChargeText)})
		if l.Revision > 1 {
			out = append(out, message{l.UpdatedAt, "Landlord", fmt.Sprintf("Changed the deduction for %s (version %d): %s charged.", name, l.Revision, v.ChargeText)})
		}
		if l.Note != "" {
			out[len(out)-1].text += " “" + l.Note + "”"
		}
		for _, a := range l.Answers {
			text := answerWord(a.Answer) + " with the deduction for " + name
			if a.Revision != l.Revision {
				text += " (an earlier version, since changed)"
			}
			text += "."
			if a.Comment != "" {
				text += " “" + a.Comment + "”"
			}
			if n := len(photosOf(l.Photos, a.Email)); n > 0 && a.Answer == "dispute" {
				text += " With " + plural(n, "photo", "photos") + "."
			}
			out = append(out, message{a.At, a.Name + " (tenant)", text})
		}
	}
	slices.SortStableFunc(out, func(a, b message) int { return a.at.Compare(b.at) })
	return out
}

// lineName names a line by its item and reason: "Kitchen: Oven (cleaning)".
func lineName(l Line, v LineView) string {
	if v.ReasonText == "" {
		return l.Item
	}
	return l.Item + " (" + strings.ToLower(v.ReasonText) + ")"
}

// moneyOrNothing is an amount, or "" for none.
func moneyOrNothing(p int64) string {
	if p == 0 {
		return ""
	}
	return money.Format(p)
}

// packRent is the wallet's rent statement of the home up to the check-out
// (the one rent arrears are read from), each rent due with what was paid
// of it; nil when the wallet has none.
func (s *Service) packRent(ctx context.Context, t Tenancy) (*RentStatement, error) {
	if s.r.Statements == nil {
		return nil, nil
	}
	until := ""
	if co, err := s.checkOut(ctx, t); err == nil {
		until = co.SignedOn
	}
	stmt, err := s.r.Statements.RentStatement(ctx, t.LandlordID, t.PropertyID, until)
	if err != nil || len(stmt.Lines) == 0 {
		return nil, err
	}
	out := &RentStatement{ArrearsPence: stmt.OwedPence}
	for _, l := range stmt.Lines {
		day, err := time.Parse(time.DateOnly, l.DueDate)
		if err != nil {
			return nil, apperr.Wrap(err, "rent statement day")
		}
		out.Rows = append(out.Rows, RentRow{Day: day, What: "Rent due", DuePence: l.AmountPence, PaidPence: l.PaidPence})
	}
	return out, nil
}
