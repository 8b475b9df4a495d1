package signing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
)

// Completion. The signature that makes an envelope complete is decided in
// the transaction that records it, with the envelope's row locked (Sign),
// so of two last signers exactly one completes it. That transaction also
// enqueues the seal job: a durable job (platform/jobs) that draws the
// sealed PDF, stores it, records its hash and sends every party the
// completion e-mail with the PDF attached. It is retried until done and
// may run twice: the seal is recorded, with its e-mails, in one
// transaction that first locks the envelope and finds it unsealed, so
// there is one sealed PDF (always at the same key) and one e-mail per
// party whatever happens. A sweep (at start-up and every SweepEvery) finds
// any complete envelope without its sealed PDF and enqueues it again.

// Sealer is what an area gives for the completion of its documents.
type Sealer interface {
	// SealedPDF draws the complete envelope's document as the PDF to seal
	// (with SignaturesPage and AuditPage); FileName is its download name.
	SealedPDF(ctx context.Context, e Envelope) (pdf []byte, fileName string, err error)
	// SealedMails answers, before the seal's transaction begins, the
	// completion e-mail of each party, to which the sealed PDF is attached,
	// first. Attachments the area gives (copies sent with the document)
	// follow while the e-mail's attachments stay within MaxAttachBytes (see
	// Attach); each e-mail's text gives the link to everything it may
	// carry. They are sent (queued) in the seal's transaction. Made before
	// it because they read other areas (addresses, copies of certificates):
	// inside the transaction those reads would go to the pool, and on
	// SQLite a read on the pool while holding the write lock can wait for a
	// connection that a request waiting for the lock holds, until the busy
	// timeout fails both.
	SealedMails(ctx context.Context, e Envelope) ([]mail.Email, error)
	// Sealed runs in the transaction that records the seal: the area marks
	// its document complete, reading and writing only in tx.
	Sealed(ctx context.Context, tx db.Conn, e Envelope) error
}

// MaxAttachBytes is the most an e-mail of this package carries as
// attachments, in all: the sealed PDF first, then the area's copies in
// their order; what does not fit is left to its link (every e-mail carries
// the link). 10 MB keeps the message, once base64-encoded (about 13.5 MB),
// under the 20-25 MB most mail providers accept.
const MaxAttachBytes = 10 << 20

// Attach puts first on m the files in first, then its own attachments,
// keeping each one that still fits in MaxAttachBytes and leaving out any
// that does not (its link is in the text).
func Attach(m *mail.Email, first ...mail.Attachment) {
	all := append(append([]mail.Attachment(nil), first...), m.Attachments...)
	m.Attachments = nil
	total := 0
	for _, a := range all {
		if total+len(a.Data) > MaxAttachBytes {
			continue
		}
		total += len(a.Data)
		m.Attachments = append(m.Attachments, a)
	}
}

// SweepEvery is how often the sweep looks for complete, unsealed envelopes.
const SweepEvery = 10 * time.Minute

const (
	sealJob  = "signing.seal"
	sweepJob = "signing.sweep"
	// sealTries: with the queue's back-off (capped near an hour) about two
	// days of retries; the sweep enqueues the envelope again after that.
	sealTries = 50
)

type sealPayload struct {
	EnvelopeID string `json:"envelopeId"`
}

// Register names the area that completes the documents of kind.
func (s *Service) Register(kind string, a Sealer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sealers[kind] = a
}

func (s *Service) sealer(kind string) (Sealer, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	a, ok := s.sealers[kind]
	if !ok {
		return nil, fmt.Errorf("signing: no area completes documents of kind %q", kind)
	}
	return a, nil
}

// enqueueSeal asks for the seal of a complete envelope, in conn.
func (s *Service) enqueueSeal(ctx context.Context, conn db.Conn, envelopeID string) error {
	if s.jobs == nil {
		return nil
	}
	return apperr.Wrap(s.jobs.Enqueue(ctx, conn, sealJob, sealPayload{EnvelopeID: envelopeID}, sealTries), "queue seal")
}

func (s *Service) sealJob(ctx context.Context, raw json.RawMessage) error {
	var p sealPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	_, err := s.sealByID(ctx, p.EnvelopeID)
	return err
}

// SealNow seals the document's envelope now if it is complete and not yet
// sealed (a download that cannot wait for the job), and answers it.
func (s *Service) SealNow(ctx context.Context, r Ref) (Envelope, error) {
	e, err := s.Envelope(ctx, r)
	if err != nil || e.PDFKey != "" || !e.Complete() {
		return e, err
	}
	return s.sealByID(ctx, e.ID)
}

// CrashPoint, when set, is called at the named points of sealing: "drawn"
// (the PDF is drawn, nothing stored), "stored" (the file is stored, its
// record not committed) and "sealed" (committed with its e-mails). Only
// the kill -9 tests set it, to stop the process there.
var CrashPoint func(point string)

func crashPoint(point string) {
	if CrashPoint != nil {
		CrashPoint(point)
	}
}

// sealByID draws, stores and records the sealed PDF of a complete envelope
// and queues the completion e-mails; sealing a sealed envelope does nothing.
func (s *Service) sealByID(ctx context.Context, id string) (Envelope, error) {
	e, err := envelopeByID(ctx, s.db.Conn(), id)
	if apperr.KindOf(err) == apperr.NotFound {
		return Envelope{}, nil // nothing to seal
	}
	if err != nil || e.PDFKey != "" || !e.Complete() {
		return e, err
	}
	area, err := s.sealer(e.Ref.Kind)
	if err != nil {
		return Envelope{}, err
	}
	pdf, name, err := area.SealedPDF(ctx, e)
	if err != nil {
		return Envelope{}, err
	}
	emails, err := area.SealedMails(ctx, e)
	if err != nil {
		return Envelope{}, err
	}
	crashPoint("drawn")
	key := "signed/" + e.Ref.Kind + "/" + e.ID + ".pdf"
	hash := Hash(pdf)
	now := s.now()
	err = s.db.Tx(ctx, func(c db.Conn) error {
		cur, err := s.lockEnvelopeByID(ctx, c, id)
		if err != nil {
			return err
		}
		if cur.PDFKey != "" {
			e = cur
			return errSealed
		}
		// Stored while the envelope is locked: a second run of this job
		// waits above and then finds it sealed, so the file under key is
		// always the one whose hash is recorded. A crash before the commit
		// leaves the file, which the retry replaces.
		if err := s.files.Put(ctx, key, bytes.NewReader(pdf), int64(len(pdf)), "application/pdf"); err != nil {
			return apperr.Wrap(err, "store sealed pdf")
		}
		crashPoint("stored")
		if err := setSealed(ctx, c, id, now, key, hash); err != nil {
			return err
		}
		if err := insertEvent(ctx, c, cur.Ref, Event{At: now, Event: EventCompleted, Actor: "OmniRent",
			Detail: "Every party signed; sealed PDF " + hash}); err != nil {
			return err
		}
		cur.CompletedAt, cur.PDFKey, cur.PDFHash = &now, key, hash
		e = cur
		if err := area.Sealed(ctx, c, cur); err != nil {
			return err
		}
		for _, m := range emails {
			Attach(&m, mail.Attachment{Name: name, ContentType: "application/pdf", Data: pdf})
			if err := s.mail.Send(ctx, c, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err == errSealed {
		return e, nil
	}
	if err != nil {
		return Envelope{}, err
	}
	crashPoint("sealed")
	return e, nil
}

var errSealed = apperr.New(apperr.Conflict, "sealed", "already sealed")

// Attachment is the sealed PDF of the document as an e-mail attachment
// named name, when it is sealed and no larger than MaxAttachBytes.
func (s *Service) Attachment(ctx context.Context, e Envelope, name string) (mail.Attachment, bool, error) {
	if e.PDFKey == "" {
		return mail.Attachment{}, false, nil
	}
	b, err := s.PDF(ctx, e)
	if err != nil || len(b) > MaxAttachBytes {
		return mail.Attachment{}, false, err
	}
	return mail.Attachment{Name: name, ContentType: "application/pdf", Data: b}, true, nil
}

// Sweep enqueues the seal of every complete envelope without its sealed
// PDF that has no seal job waiting (a crash, a job that failed for good).
// It answers how many it enqueued.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	ids, err := unsealedComplete(ctx, s.db.Conn(), sealJob)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := s.enqueueSeal(ctx, s.db.Conn(), id); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

type sweepPayload struct {
	Repeat bool `json:"repeat"`
}

// Schedule sweeps now (at start-up) and keeps a repeating sweep job in
// the queue.
func (s *Service) Schedule(ctx context.Context) error {
	if s.jobs == nil {
		return nil
	}
	if _, err := s.Sweep(ctx); err != nil {
		return err
	}
	pending, err := s.jobs.Pending(ctx, sweepJob)
	if err != nil || pending {
		return err
	}
	return s.jobs.EnqueueAt(ctx, s.db.Conn(), sweepJob, sweepPayload{Repeat: true}, s.now().Add(SweepEvery), 3)
}

func (s *Service) sweepJob(ctx context.Context, raw json.RawMessage) error {
	var p sweepPayload
	_ = json.Unmarshal(raw, &p)
	_, err := s.Sweep(ctx)
	if !p.Repeat {
		return err
	}
	if err != nil && s.log != nil {
		s.log.Warn("signing: sweep of unsealed documents failed; the next one retries", "err", err)
	}
	return s.jobs.EnqueueAt(ctx, s.db.Conn(), sweepJob, sweepPayload{Repeat: true}, s.now().Add(SweepEvery), 3)
}
