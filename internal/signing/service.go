package signing

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
)

// Mailer queues e-mails inside a transaction.
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

type Service struct {
	db        *db.DB
	clock     clock.Clock
	secret    []byte
	mail      Mailer
	files     storage.Store
	jobs      *jobs.Queue
	log       *slog.Logger
	verifyURL string
	mu        sync.RWMutex
	sealers   map[string]Sealer
}

// Deps are what signing needs: the server secret keys the codes' HMAC;
// BaseURL makes the verification address printed on sealed PDFs.
type Deps struct {
	DB      *db.DB
	Clock   clock.Clock
	Secret  []byte
	Mail    Mailer
	Files   storage.Store
	BaseURL string
	// Jobs runs the seal of completed documents and the sweep (seal.go).
	Jobs *jobs.Queue
	Log  *slog.Logger
}

func NewService(d Deps) *Service {
	s := &Service{db: d.DB, clock: d.Clock, secret: d.Secret, mail: d.Mail, files: d.Files, jobs: d.Jobs, log: d.Log,
		verifyURL: strings.TrimRight(d.BaseURL, "/") + "/verify", sealers: map[string]Sealer{}}
	if d.Jobs != nil {
		d.Jobs.Handle(sealJob, s.sealJob)
		d.Jobs.Handle(sweepJob, s.sweepJob)
	}
	return s
}

func (s *Service) now() time.Time { return s.clock.Now().UTC() }

// Hash is the SHA-256 of b in hex: what a signature is bound to.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Record adds an event to the document's audit trail, in conn (the area's
// transaction, so the event exists only if the change does).
func (s *Service) Record(ctx context.Context, conn db.Conn, r Ref, event, actor, detail, ip string) error {
	return insertEvent(ctx, conn, r, Event{At: s.now(), Event: event, Actor: actor, Detail: detail, IP: ip})
}

// LastEvent is when the actor last recorded the event on the document.
func (s *Service) LastEvent(ctx context.Context, r Ref, event, actor string) (time.Time, bool, error) {
	return lastEventBy(ctx, s.db.Conn(), r, event, actor)
}

// Throttle allows one e-mail an actor asks for about a document (a re-sent
// invitation, a copy) every ResendGap, judged by their last "sent" event.
func (s *Service) Throttle(ctx context.Context, r Ref, email string) error {
	last, ok, err := s.LastEvent(ctx, r, EventSent, email)
	if err != nil {
		return err
	}
	if ok && s.now().Sub(last) < ResendGap {
		return apperr.New(apperr.TooMany, "too_many_requests", MsgWait10)
	}
	return nil
}

// Events is the document's audit trail, oldest first.
func (s *Service) Events(ctx context.Context, r Ref) ([]Event, error) {
	return eventsOf(ctx, s.db.Conn(), r)
}

// RecordViewed notes that a signer read the document, at most once an hour each.
func (s *Service) RecordViewed(ctx context.Context, r Ref, a session.Actor, ip string) error {
	last, ok, err := lastEventBy(ctx, s.db.Conn(), r, EventViewed, a.Email)
	if err != nil || (ok && s.now().Sub(last) < time.Hour) {
		return err
	}
	return s.Record(ctx, s.db.Conn(), r, EventViewed, a.Email, "Opened the document", ip)
}

// Envelope is the document's envelope, or NotFound before the first signature.
func (s *Service) Envelope(ctx context.Context, r Ref) (Envelope, error) {
	return envelopeByRef(ctx, s.db.Conn(), r)
}

// Started reports whether the document has an envelope.
func (s *Service) Started(ctx context.Context, r Ref) (Envelope, bool, error) {
	e, err := s.Envelope(ctx, r)
	if apperr.KindOf(err) == apperr.NotFound {
		return Envelope{}, false, nil
	}
	return e, err == nil, err
}

// WasInvited reports whether email was asked to sign an earlier version
// of the document, one moved aside when it was reopened to be changed
// (Reopen): its signer may be told the document is being changed rather
// than that there is none.
func (s *Service) WasInvited(ctx context.Context, r Ref, email string) (bool, error) {
	var n int
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM signing_signers g JOIN signing_envelopes e ON e.id = g.envelope_id
		WHERE e.kind = ? AND e.subject_id LIKE ? AND g.email_key = ?`, r.Kind, r.ID+"#%", strings.ToLower(strings.TrimSpace(email))).Scan(&n)
	return n > 0, apperr.Wrap(err, "read earlier signers")
}

// Start freezes the document: its text (document, JSON or any bytes the
// area renders from) and its hash, and the signers in order. It runs in
// the area's transaction, with the first signature.
func (s *Service) Start(ctx context.Context, conn db.Conn, r Ref, title string, document []byte, invitees []Invitee) (Envelope, error) {
	e := Envelope{ID: uuid.NewString(), PublicRef: newPublicRef(), Ref: r, Title: title, Document: document, DocHash: Hash(document), CreatedAt: s.now()}
	for i, in := range invitees {
		e.Signers = append(e.Signers, Signer{Position: i, Stage: in.Stage, Role: in.Role, Name: in.Name, Email: strings.TrimSpace(in.Email)})
	}
	if err := insertEnvelope(ctx, conn, e); err != nil {
		if db.IsUniqueViolation(err) {
			return Envelope{}, apperr.New(apperr.Conflict, "already_started", MsgAlreadySigned)
		}
		return Envelope{}, err
	}
	return e, nil
}

// Reopen retires the document's envelope in conn (the area's transaction)
// when the document is changed after signatures were given: it must be
// frozen and signed again. The old signatures stay on record, and the
// audit trail says why.
func (s *Service) Reopen(ctx context.Context, conn db.Conn, r Ref, actor, why string) error {
	// A code proved on this version proves nothing about the next one.
	if err := endVerifications(ctx, conn, r, s.now()); err != nil {
		return err
	}
	ok, err := retire(ctx, conn, r)
	if err != nil || !ok {
		return err
	}
	return insertEvent(ctx, conn, r, Event{At: s.now(), Event: EventReopened, Actor: actor, Detail: why})
}

// Signature is what a signer gives: a typed name, or an image (drawn on
// the pad or uploaded) as a data URL or raw bytes.
type Signature struct {
	Method Method `json:"method"`
	Typed  string `json:"typed"`
	Image  string `json:"image"` // data URL (data:image/png;base64,...)
}

// Checked is a signature ready to store: the typed name, or the image
// checked by its content and redrawn as a small JPEG.
type Checked struct {
	Method Method
	Typed  string
	Image  []byte
}

// Check validates a signature before anything is changed.
func (s *Service) Check(ctx context.Context, sig Signature) (Checked, error) {
	field := func(msg, code string) error {
		return apperr.Fields(msg, map[string]string{"signature": msg}).WithKind(apperr.Invalid, code)
	}
	switch sig.Method {
	case Typed:
		t := strings.Join(strings.Fields(sig.Typed), " ")
		if t == "" {
			return Checked{}, field(MsgSignTheContract, "signature_missing")
		}
		if utf8.RuneCountInString(t) > MaxTypedLength {
			return Checked{}, field(MsgTooLong, "signature_too_long")
		}
		for _, c := range t {
			if c < ' ' || (c >= 0x7f && c < 0xa0) {
				return Checked{}, field(MsgInvalidSig, "signature_invalid")
			}
		}
		return Checked{Method: Typed, Typed: t}, nil
	case Drawn, Uploaded:
		if strings.TrimSpace(sig.Image) == "" {
			if sig.Method == Uploaded {
				return Checked{}, field(MsgUploadImage, "signature_missing")
			}
			return Checked{}, field(MsgSignTheContract, "signature_missing")
		}
		raw := sig.Image
		if i := strings.Index(raw, ","); strings.HasPrefix(raw, "data:") && i > 0 {
			raw = raw[i+1:]
		}
		data, err := base64.StdEncoding.DecodeString(raw)
		if err != nil {
			return Checked{}, field(MsgUploadImage, "signature_invalid")
		}
		data, kind, _, _, err := imaging.Check(bytes.NewReader(data), imaging.Limits{MaxBytes: MaxImageBytes, MaxPixels: 16_000_000})
		if err != nil {
			if errors.Is(err, imaging.ErrTooLarge) {
				return Checked{}, field("The image is larger than 2 MB.", "signature_too_large")
			}
			return Checked{}, field(MsgUploadImage, "signature_invalid")
		}
		small, _, _, err := imaging.Resize(ctx, data, kind, signatureWidth, signatureHeight)
		if err != nil {
			return Checked{}, field(MsgUploadImage, "signature_invalid")
		}
		return Checked{Method: sig.Method, Image: small}, nil
	}
	return Checked{}, field(MsgInvalidSig, "signature_invalid")
}

// SignerFor is the actor's place among the signers: the unsigned signer
// named with the actor's e-mail (or the signed one, when every one with
// that e-mail has signed).
func SignerFor(e Envelope, a session.Actor) (Signer, bool) {
	var found Signer
	ok := false
	for _, sg := range e.Signers {
		if a.Email != "" && strings.EqualFold(sg.Email, a.Email) {
			if !sg.Signed() {
				return sg, true
			}
			found, ok = sg, true
		}
	}
	return found, ok
}

// CanSign is nil when the actor may sign the envelope now: a signer named
// with their e-mail, not signed yet, every signer of a lower stage signed,
// and the e-mail proved with a code.
func (s *Service) CanSign(ctx context.Context, e Envelope, a session.Actor) (Signer, error) {
	return s.canSign(ctx, s.db.Conn(), e, a)
}

// canSign is CanSign reading in conn: Sign's transaction reads in it, never
// on the pool (on SQLite the transaction holds the one write lock, and a
// read on the pool can wait for a connection that a request waiting for
// that lock holds, until the busy timeout fails both).
func (s *Service) canSign(ctx context.Context, conn db.Conn, e Envelope, a session.Actor) (Signer, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Signer{}, err
	}
	sg, ok := SignerFor(e, a)
	switch {
	case !ok:
		return Signer{}, apperr.New(apperr.Forbidden, "not_a_signer", MsgNotASigner)
	case sg.Signed():
		return Signer{}, apperr.New(apperr.Conflict, "already_signed", MsgAlreadySigned)
	}
	for _, other := range e.Signers {
		if other.Stage < sg.Stage && !other.Signed() {
			return Signer{}, apperr.New(apperr.Conflict, "not_your_turn", WaitingFor(e, sg))
		}
	}
	if ok, err := s.verifiedIn(ctx, conn, e.Ref, a); err != nil {
		return Signer{}, err
	} else if !ok {
		return Signer{}, apperr.New(apperr.Forbidden, "code_required", MsgVerifyFirst)
	}
	return sg, nil
}

// WaitingFor says whose signatures must come before sg's, or "" if none.
func WaitingFor(e Envelope, sg Signer) string {
	var names []string
	for _, other := range e.Signers {
		if other.Stage < sg.Stage && !other.Signed() {
			names = append(names, other.Name+" ("+strings.ToLower(string(other.Role))+")")
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "Waiting for " + strings.Join(names, ", ") + " to sign first."
}

// ErrChanged refuses a signature on another version of the document than
// the one in force: Current is the hash of the version in force.
type ErrChanged struct{ Current string }

func (e *ErrChanged) Error() string { return "conflict: " + MsgDocChanged }

// Sign records the actor's signature on the document's envelope, in conn
// (the area's transaction), with the envelope's row locked so signatures
// given at the same moment are decided one after the other: the rules of
// CanSign, the hash shown (the SHA-256 of the text the signer's page
// showed, which must be the envelope's), the signature's image stored in
// the file storage, and the "signed" event. The signature that completes
// the envelope enqueues its seal (seal.go) in conn, so exactly one
// signature completes it. It answers the envelope as it now is.
func (s *Service) Sign(ctx context.Context, conn db.Conn, r Ref, a session.Actor, sig Checked, m Meta, shown string) (Envelope, error) {
	e, err := s.lockEnvelopeByRef(ctx, conn, r)
	if err != nil {
		return Envelope{}, err
	}
	sg, err := s.canSign(ctx, conn, e, a)
	if err != nil {
		return Envelope{}, err
	}
	if !strings.EqualFold(strings.TrimSpace(shown), e.DocHash) {
		return Envelope{}, &ErrChanged{Current: e.DocHash}
	}
	now := s.now()
	sg.UserID, sg.SignedAt, sg.Method, sg.Typed, sg.IP, sg.UserAgent, sg.DocHash = a.UserID, &now, sig.Method, sig.Typed, m.IP, trimUA(m.UserAgent), e.DocHash
	sg.SignedBy = strings.TrimSpace(a.FullName)
	if sig.Method == Typed {
		sg.SignedBy = strings.TrimSpace(sig.Typed)
	}
	if len(sig.Image) > 0 {
		sg.ImageKey = "signatures/" + e.ID + "/" + strconv.Itoa(sg.Position) + ".jpg"
		if err := s.files.Put(ctx, sg.ImageKey, bytes.NewReader(sig.Image), int64(len(sig.Image)), "image/jpeg"); err != nil {
			return Envelope{}, apperr.Wrap(err, "store signature")
		}
	}
	ok, err := markSigned(ctx, conn, e.ID, sg)
	if err != nil {
		return Envelope{}, err
	}
	if !ok {
		return Envelope{}, apperr.New(apperr.Conflict, "already_signed", MsgAlreadySigned)
	}
	how := map[Method]string{Drawn: "drew their signature", Typed: "typed their name", Uploaded: "uploaded an image of their signature"}[sig.Method]
	who := string(sg.Role) + " " + sg.Name
	if sg.OnBehalf() {
		who = sg.SignedBy + ", signing on behalf of " + strings.ToLower(string(sg.Role)) + " " + sg.Name + ","
	}
	if err := insertEvent(ctx, conn, e.Ref, Event{At: now, Event: EventSigned, Actor: a.Email,
		Detail: who + " " + how + "; document hash " + e.DocHash, IP: m.IP}); err != nil {
		return Envelope{}, err
	}
	e.Signers[sg.Position] = sg
	if e.Complete() {
		if err := s.enqueueSeal(ctx, conn, e.ID); err != nil {
			return Envelope{}, err
		}
	}
	return e, nil
}

func trimUA(ua string) string {
	if len(ua) > 400 {
		return ua[:400]
	}
	return ua
}

// SignatureImage is a signer's stored image (nil for a typed signature).
func (s *Service) SignatureImage(ctx context.Context, sg Signer) ([]byte, error) {
	if sg.ImageKey == "" {
		return nil, nil
	}
	rc, _, err := s.files.Get(ctx, sg.ImageKey)
	if err != nil {
		return nil, apperr.Wrap(err, "read signature")
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// PDF is the sealed PDF's bytes.
func (s *Service) PDF(ctx context.Context, e Envelope) ([]byte, error) {
	if e.PDFKey == "" {
		return nil, apperr.New(apperr.Conflict, "not_sealed", "The signed document is not ready yet.")
	}
	rc, _, err := s.files.Get(ctx, e.PDFKey)
	if err != nil {
		return nil, apperr.Wrap(err, "read sealed pdf")
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// Verification is the verdict on a document someone holds.
type Verification struct {
	Genuine  bool
	Message  string
	Envelope Envelope
	// Sealed is set, instead of Envelope, for a sealed document without
	// signatures (sealed.go).
	Sealed *SealedDoc
}

// VerifyPDF says whether pdf is, byte for byte, a sealed document.
func (s *Service) VerifyPDF(ctx context.Context, pdf []byte) (Verification, error) {
	e, err := envelopeByPDFHash(ctx, s.db.Conn(), Hash(pdf))
	if apperr.KindOf(err) == apperr.NotFound {
		return s.verifySealed(ctx, "", Hash(pdf))
	}
	return verdict(e, err)
}

// VerifyHash says whether the document reference (or the id printed on
// documents sealed before references) and hash (of the text signed, as
// the audit page prints it, or of the sealed PDF) belong together.
func (s *Service) VerifyHash(ctx context.Context, id, hash string) (Verification, error) {
	id, hash = strings.TrimSpace(id), strings.ToLower(strings.TrimSpace(hash))
	if id == "" || hash == "" {
		return Verification{}, apperr.New(apperr.Invalid, "verify_fields", MsgVerifyFields)
	}
	var e Envelope
	var err error
	if _, perr := uuid.Parse(id); perr == nil {
		e, err = envelopeByID(ctx, s.db.Conn(), id) // printed on documents sealed before references
	} else if ref := normalRef(id); ref != "" {
		e, err = envelopeByPublicRef(ctx, s.db.Conn(), ref)
		if apperr.KindOf(err) == apperr.NotFound {
			return s.verifySealed(ctx, ref, hash)
		}
	} else {
		return Verification{Message: MsgNotGenuine}, nil
	}
	if err == nil && e.DocHash != hash && e.PDFHash != hash {
		return Verification{Message: MsgNotGenuine}, nil
	}
	return verdict(e, err)
}

func verdict(e Envelope, err error) (Verification, error) {
	if apperr.KindOf(err) == apperr.NotFound {
		return Verification{Message: MsgNotGenuine}, nil
	}
	if err != nil {
		return Verification{}, err
	}
	if e.CompletedAt == nil {
		return Verification{Message: "This document exists but is not signed by everyone yet."}, nil
	}
	return Verification{Genuine: true, Message: MsgGenuine, Envelope: e}, nil
}
