package inventory

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// Signing and sending a report (spec 3, step 5 and section 4): the creator
// proves their e-mail with a code, pays the report fee (skipped when paid),
// signs; the report's text and photos' hashes are frozen then, the status
// becomes ATS and the landlord and tenants it names are e-mailed a link.
// Each of them proves their e-mail and signs; when every named party has
// signed the report is Completed. Order, codes and evidence are the signing
// package's, as for agreements.

// Kind names reports to the signing package.
const Kind = "inventory"

// The report fee (spec 3 section 9: 1.99, struck-through 8.99, quantity 1).
const (
	Product   payment.Product = "inventory-report"
	OrderType                 = "inventory"
)

var Price = payment.Price{Name: "OmniScan report", Pence: 199, WasPence: 899}

// Messages of signing (spec 3 sections 4 and 8).
const (
	MsgPleaseSign    = "Please sign"
	MsgSent          = "Report sent successfully"
	MsgSigned        = "Report signed"
	MsgCompleted     = "Report signed. Every party has now signed: the report is complete."
	MsgCopySent      = "Report has been sent to email"
	MsgPayFirst      = "Please confirm payment first"
	MsgAlreadyPaid   = "The report fee is already paid."
	MsgNotAwaiting   = "This report is not waiting for signatures."
	MsgCreatorOnly   = "Only the report's creator can do this."
	MsgNothingToSend = "There is no copy to send yet."
)

func ref(id string) signing.Ref { return signing.Ref{Kind: Kind, ID: id} }

// SigningDeps wires signing into the service (internal/app).
type SigningDeps struct {
	Signing  *signing.Service
	Payments payment.Seller
	Mail     signing.Mailer
	BaseURL  string
	// Files and Jobs: a completed report's PDF is the sealed PDF the
	// signing package makes in its seal job; Jobs also runs the former
	// report PDF job's leftovers.
	Files storage.Store
	Jobs  *jobs.Queue
}

// UseSigning wires the signing package, the payment system (registering the
// report fee and this service as its fulfiller) and mail.
func (s *Service) UseSigning(d SigningDeps) {
	s.sign = d
	d.Payments.Register(OrderType, s)
	d.Payments.RegisterProduct(Product, Price)
	d.Signing.Register(Kind, sealer{s})
	if d.Jobs != nil {
		d.Jobs.Handle(pdfJob, s.makePDF)
	}
}

// pdfJob is the former job that kept a completed report's PDF; the sealed
// PDF (the signing package's seal job) replaced it. A job of this kind
// still queued seals the report.
const pdfJob = "inventory.pdf"

type pdfPayload struct {
	ReportID string `json:"reportId"`
}

func (s *Service) makePDF(ctx context.Context, raw json.RawMessage) error {
	var p pdfPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	_, err := s.sign.Signing.SealNow(ctx, ref(p.ReportID))
	if apperr.KindOf(err) == apperr.NotFound {
		return nil
	}
	return err
}

// sealer completes reports for the signing package: it draws the sealed
// PDF (the report with its signatures and audit pages) and names the
// completion e-mails (signing attaches the PDF).
type sealer struct{ s *Service }

func (z sealer) SealedPDF(ctx context.Context, env signing.Envelope) ([]byte, string, error) {
	r, err := byID(ctx, z.s.db.Conn(), env.Ref.ID)
	if err != nil {
		return nil, "", err
	}
	rec := z.s.record(ctx, r, session.Actor{})
	b, err := z.s.RenderPDF(ctx, rec)
	return b, pdfName(rec), err
}

var _ signing.Sealer = sealer{}

// SealedMails are the completion e-mails, made
// before the seal's transaction: they read the report and its property on
// the pool, which inside that transaction could wait for a connection held
// by a download waiting for the write lock (SQLITE_BUSY after 10 s).
func (z sealer) SealedMails(ctx context.Context, env signing.Envelope) ([]mail.Email, error) {
	s := z.s
	r, err := byID(ctx, s.db.Conn(), env.Ref.ID)
	if err != nil {
		return nil, err
	}
	title := s.title(ctx, r)
	subject := "Everyone has signed the " + title
	var out []mail.Email
	for _, sg := range env.Signers {
		out = append(out, mail.Email{To: sg.Email, Subject: subject, Template: "notice",
			Data: map[string]any{"Name": sg.Name, "Heading": subject, "Paragraphs": []string{
				"Every party has signed the " + title + ". The signed PDF, with its audit page, is attached (if it is larger than 10 MB, only this link is sent).",
				"Read it here (sign in to OmniRent first): " + s.link(r.ID),
				"Document reference " + env.PublicRef + ". Anyone holding the PDF can check it is genuine at " + strings.TrimRight(s.sign.BaseURL, "/") + "/verify.",
			}}})
	}
	return out, nil
}

// Sealed runs in the seal's transaction: the report is already Completed
// (the last signature moved it), so nothing is read or written here.
func (z sealer) Sealed(ctx context.Context, tx db.Conn, env signing.Envelope) error {
	return nil
}

func pdfName(rec Record) string {
	return strings.ToLower(strings.ReplaceAll(rec.Type, " ", "-")) + "-" + strings.ToLower(strings.Join(strings.Fields(rec.Property.Line1), "-")) + ".pdf"
}

func (s *Service) link(id string) string {
	return strings.TrimRight(s.sign.BaseURL, "/") + "/NewReport?id=" + id + "&view=preview"
}

// invitees are the signers in order: the creator first (as the landlord
// when the creator is the landlord it names), then the landlord and each
// tenant together.
func invitees(r Report, creator session.Actor) []signing.Invitee {
	d := r.Data
	name := strings.TrimSpace(d.Settings.Inspector.First + " " + d.Settings.Inspector.Last)
	if name == "" {
		name = creator.FullName
	}
	first := signing.Invitee{Stage: 0, Role: signing.Inspector, Name: name, Email: creator.Email}
	landlordIsCreator := d.Landlord.Email != "" && strings.EqualFold(d.Landlord.Email, creator.Email)
	if landlordIsCreator {
		first.Role, first.Name = signing.Landlord, d.Landlord.FullName
	}
	out := []signing.Invitee{first}
	if d.Landlord.Email != "" && !landlordIsCreator {
		out = append(out, signing.Invitee{Stage: 1, Role: signing.Landlord, Name: d.Landlord.FullName, Email: d.Landlord.Email})
	}
	for _, t := range d.Tenants {
		if strings.EqualFold(t.Email, creator.Email) {
			continue
		}
		out = append(out, signing.Invitee{Stage: 1, Role: signing.Tenant, Name: strings.Join(strings.Fields(t.First+" "+t.Middle+" "+t.Last), " "), Email: t.Email})
	}
	return out
}

// SigningState is what the reader of a report may do about signing.
type SigningState struct {
	Report       Report
	Envelope     signing.Envelope
	Signers      []signing.Signer
	Events       []signing.Event
	Me           func(signing.Signer) bool
	CanSign      bool
	Verified     bool
	NeedsPayment bool
	WaitingFor   string
}

// Signing is the report's signing state for its reader.
func (s *Service) Signing(ctx context.Context, a session.Actor, id string) (SigningState, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return SigningState{}, err
	}
	return s.signingState(ctx, r, a)
}

func (s *Service) signingState(ctx context.Context, r Report, a session.Actor) (SigningState, error) {
	st := SigningState{Report: r}
	env, started, err := s.sign.Signing.Started(ctx, ref(r.ID))
	if err != nil {
		return SigningState{}, err
	}
	if started {
		st.Envelope, st.Signers = env, env.Signers
	} else {
		for i, in := range invitees(r, a) {
			st.Signers = append(st.Signers, signing.Signer{Position: i, Stage: in.Stage, Role: in.Role, Name: in.Name, Email: in.Email})
		}
	}
	mine := r.CreatorID == a.UserID
	st.Me = func(sg signing.Signer) bool {
		return strings.EqualFold(sg.Email, a.Email) && (sg.Stage != 0 || mine)
	}
	if st.Events, err = s.sign.Signing.Events(ctx, ref(r.ID)); err != nil {
		return SigningState{}, err
	}
	if st.Verified, err = s.sign.Signing.Verified(ctx, ref(r.ID), a); err != nil {
		return SigningState{}, err
	}
	switch r.Status {
	case Draft:
		st.CanSign = mine
		st.NeedsPayment = mine && r.PaymentStatus == PaymentPending
		if mine {
			// The hash of the text the creator's signature would freeze now.
			if frozen, err := s.freeze(ctx, r); err == nil {
				st.Envelope.DocHash = signing.Hash(frozen)
			}
		}
	case ATS: // never while Disputed
		if sg, ok := signing.SignerFor(env, a); ok && !sg.Signed() {
			st.WaitingFor = signing.WaitingFor(env, sg)
			st.CanSign = st.WaitingFor == ""
		}
	}
	return st, nil
}

// mayStartSigning is nil when the actor may begin the signing steps now:
// the creator of a draft, or a named party whose turn it is on a report
// awaiting signatures.
func (s *Service) mayStartSigning(ctx context.Context, a session.Actor, id string) (Report, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return Report{}, err
	}
	switch r.Status {
	case Draft:
		if r.CreatorID != a.UserID {
			return Report{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
		}
		return r, nil
	case ATS:
		return r, s.sign.Signing.CheckTurn(ctx, ref(r.ID), a)
	}
	return Report{}, apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
}

// title names the report in e-mails and the envelope. It reads the
// property on the pool: call it before a transaction, never inside one.
func (s *Service) title(ctx context.Context, r Report) string {
	return r.Type + " for " + s.record(ctx, r, session.Actor{}).Property.text()
}

// SendCode e-mails the actor a 6-digit signing code.
func (s *Service) SendCode(ctx context.Context, a session.Actor, id string) error {
	r, err := s.mayStartSigning(ctx, a, id)
	if err != nil {
		return err
	}
	return s.sign.Signing.SendCode(ctx, ref(r.ID), a, "the "+s.title(ctx, r))
}

// VerifyCode checks the actor's signing code.
func (s *Service) VerifyCode(ctx context.Context, a session.Actor, id, code string, m signing.Meta) (SigningState, error) {
	r, err := s.mayStartSigning(ctx, a, id)
	if err != nil {
		return SigningState{}, err
	}
	if err := s.sign.Signing.VerifyCode(ctx, ref(r.ID), a, code, m); err != nil {
		return SigningState{}, err
	}
	return s.signingState(ctx, r, a)
}

// Order is the creator's one order for the report fee.
func (s *Service) Order(ctx context.Context, a session.Actor, id string) (payment.Order, error) {
	r, err := s.mayStartSigning(ctx, a, id)
	if err != nil {
		return payment.Order{}, err
	}
	if r.Status != Draft {
		return payment.Order{}, apperr.New(apperr.Forbidden, "creator_only", MsgCreatorOnly)
	}
	if r.PaymentStatus == PaymentPaid {
		return payment.Order{}, apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
	}
	return s.sign.Payments.OrderOnce(ctx, a, OrderType, r.ID, []payment.Item{{Product: Product, Description: s.title(ctx, r), Qty: 1}},
		func(ctx context.Context, conn db.Conn) (string, error) { return orderOf(ctx, conn, r.ID) },
		func(ctx context.Context, conn db.Conn, orderID string) (bool, error) {
			return setOrder(ctx, conn, r.ID, orderID)
		})
}

// Fulfil implements payment.Fulfiller: the report's fee is paid (in the
// payment's transaction, exactly once).
func (s *Service) Fulfil(ctx context.Context, tx db.Conn, o payment.Order) error {
	ok, err := setPaid(ctx, tx, o.SubjectID, o.ID, s.now())
	if err != nil || !ok {
		return err
	}
	return s.sign.Signing.Record(ctx, tx, ref(o.SubjectID), signing.EventPaid, o.ReceiptEmail, fmt.Sprintf("Report fee paid (order %s)", o.ID), "")
}

// SignResult is the answer to a signature.
type SignResult struct {
	Record    Record
	Message   string
	Completed bool
}

// Sign signs the report as the actor: the creator's signature freezes it
// and sends it; the last named party's completes it. The time and location
// stamp is recorded again with each signature.
func (s *Service) Sign(ctx context.Context, a session.Actor, id string, in signing.SignRequest, m signing.Meta) (SignResult, error) {
	sig, err := s.sign.Signing.Check(ctx, in.Signature)
	if err != nil {
		if apperr.CodeOf(err) == "signature_missing" {
			return SignResult{}, apperr.Fields(MsgPleaseSign, map[string]string{"signature": MsgPleaseSign}).WithKind(apperr.Invalid, "signature_missing")
		}
		return SignResult{}, err
	}
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return SignResult{}, err
	}
	var where *Location
	if in.Location != nil {
		where = &Location{Lat: in.Location.Lat, Lng: in.Location.Lng, Accuracy: in.Location.Accuracy}
	}
	// The stamp is added to the stamps as they are in the signature's
	// transaction (addStamp), so two signatures at once each keep theirs.
	st := stampOf("sign", s.now(), a, where)
	switch r.Status {
	case Draft:
		return s.signAsCreator(ctx, a, r, sig, in.DocumentHash, m, st)
	case ATS:
		return s.signAsParty(ctx, a, r, sig, in.DocumentHash, m, st)
	case Disputed: // a comment came first: say so, as lockForSigning does
		return SignResult{}, apperr.New(apperr.Conflict, "disputed", MsgOpenDispute)
	}
	return SignResult{}, apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
}

func (s *Service) signAsCreator(ctx context.Context, a session.Actor, r Report, sig signing.Checked, shown string, m signing.Meta, st Stamp) (SignResult, error) {
	if r.CreatorID != a.UserID {
		return SignResult{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if r.PaymentStatus != PaymentPaid {
		return SignResult{}, apperr.New(apperr.Conflict, "payment_required", MsgPayFirst)
	}
	if ok, err := s.sign.Signing.Verified(ctx, ref(r.ID), a); err != nil {
		return SignResult{}, err
	} else if !ok {
		return SignResult{}, apperr.New(apperr.Forbidden, "code_required", signing.MsgVerifyFirst)
	}
	frozen, err := s.freeze(ctx, r)
	if err != nil {
		return SignResult{}, err
	}
	title := s.title(ctx, r) // read before the transaction, on the pool
	var env signing.Envelope
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		// With the report's row locked (the lock a save, a delete and a
		// photo's upload or delete take): the draft must still be the one
		// frozen above, so what is signed is what the report holds.
		cur, err := s.lockedReport(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		if cur.Status != Draft {
			return apperr.New(apperr.Conflict, "not_draft", MsgNotAwaiting)
		}
		if cur.Revision != r.Revision {
			return apperr.New(apperr.Conflict, "changed", MsgChanged)
		}
		moved, err := moveStatus(ctx, tx, r.ID, Draft, ATS, s.now())
		if err != nil {
			return err
		}
		if !moved {
			return apperr.New(apperr.Conflict, "not_draft", MsgNotAwaiting)
		}
		if r.Stamps, err = addStamp(ctx, tx, r.ID, st); err != nil {
			return err
		}
		if _, err = s.sign.Signing.Start(ctx, tx, ref(r.ID), title, frozen, invitees(r, a)); err != nil {
			return err
		}
		if env, err = s.sign.Signing.Sign(ctx, tx, ref(r.ID), a, sig, m, shown); err != nil {
			return err
		}
		open, err := openDisputes(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		switch {
		case open > 0: // sent again after an edit, with comments still open
			if _, err := tx.Exec(ctx, `UPDATE inventory_reports SET status = ?, disputed_from = ? WHERE id = ?`, Disputed, ATS, r.ID); err != nil {
				return apperr.Wrap(err, "mark disputed")
			}
			r.Status = Disputed
		case env.Complete(): // the creator was the only signer; Sign queued the seal
			if _, err := moveStatus(ctx, tx, r.ID, ATS, Completed, s.now()); err != nil {
				return err
			}
			r.Status = Completed
		default:
			r.Status = ATS
		}
		return s.notify(ctx, tx, r, env, a, title, "sent")
	})
	if err != nil {
		return SignResult{}, err
	}
	return SignResult{Record: s.record(ctx, r, a), Message: MsgSent, Completed: r.Status == Completed}, nil
}

func (s *Service) signAsParty(ctx context.Context, a session.Actor, r Report, sig signing.Checked, shown string, m signing.Meta, st Stamp) (SignResult, error) {
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		if err := s.lockForSigning(ctx, tx, r.ID); err != nil { // no signature past an open comment (disputes.go)
			return err
		}
		// Sign locks the envelope and decides completion: of two last
		// signers at once exactly one sees it complete, and that signature
		// queues the seal (sealer above: the PDF and the e-mails) in this
		// transaction.
		env, err := s.sign.Signing.Sign(ctx, tx, ref(r.ID), a, sig, m, shown)
		if err != nil {
			return err
		}
		// The stamps as they are now, under the lock lockForSigning took:
		// another party signing at the same instant added theirs first or
		// will add it after this one.
		if r.Stamps, err = addStamp(ctx, tx, r.ID, st); err != nil {
			return err
		}
		if !env.Complete() {
			return nil
		}
		moved, err := moveStatus(ctx, tx, r.ID, ATS, Completed, s.now())
		if err != nil {
			return err
		}
		if !moved {
			return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
		}
		r.Status = Completed
		return nil
	})
	if err != nil {
		return SignResult{}, err
	}
	if r.Status == Completed {
		return SignResult{Record: s.record(ctx, r, a), Message: MsgCompleted, Completed: true}, nil
	}
	return SignResult{Record: s.record(ctx, r, a), Message: MsgSigned}, nil
}

// notify e-mails the report's link: on sending, to every party who has not
// signed; on completion, to everyone. title is s.title's, read before the
// transaction tx.
func (s *Service) notify(ctx context.Context, tx db.Conn, r Report, env signing.Envelope, from session.Actor, title, why string) error {
	subject := "Please read and sign the " + title
	if why == "completed" {
		subject = "Everyone has signed the " + title
	}
	var to []string
	for _, sg := range env.Signers {
		if why == "sent" && (sg.Signed() || sg.Stage == 0) {
			continue
		}
		to = append(to, sg.Email)
		lines := []string{fmt.Sprintf("%s has signed the %s and asks you to read and sign it.", env.Signers[0].Name, title),
			"Open it here: " + s.link(r.ID),
			"If you do not have an OmniRent account yet, register with this e-mail address (" + sg.Email + "); the report then appears under Active OmniScan Reports."}
		if why == "completed" {
			lines = []string{"Every party has signed the " + title + ".", "Read it here (sign in to OmniRent first): " + s.link(r.ID)}
		}
		if err := s.sign.Mail.Send(ctx, tx, mail.Email{To: sg.Email, ReplyTo: from.Email, Subject: subject, Template: "notice",
			Data: map[string]any{"Name": sg.Name, "Heading": subject, "Paragraphs": lines}}); err != nil {
			return err
		}
	}
	if why != "sent" || len(to) == 0 {
		return nil
	}
	return s.sign.Signing.Record(ctx, tx, ref(r.ID), signing.EventSent, from.Email, "Sent to "+strings.Join(to, ", "), "")
}

// Resend e-mails the actor a link to an awaiting or completed report
// ('Report has been sent to email').
func (s *Service) Resend(ctx context.Context, a session.Actor, id string) error {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return err
	}
	if r.Status == Draft {
		return apperr.New(apperr.Conflict, "not_sent", MsgNothingToSend)
	}
	if err := s.sign.Signing.Throttle(ctx, ref(r.ID), a.Email); err != nil {
		return err
	}
	// The copy is attached: the sealed PDF of a completed report, else the
	// report as it stands (a link only above signing.MaxAttachBytes).
	b, name, err := s.pdfOf(ctx, r, s.record(ctx, r, a))
	if err != nil {
		return err
	}
	title := s.title(ctx, r)
	m := mail.Email{To: a.Email, Subject: "Your copy of the " + title, Template: "notice",
		Data: map[string]any{"Name": a.FullName, "Heading": "Your copy of the report",
			"Paragraphs": []string{"Your copy of the " + title + " is attached as a PDF (if it is larger than 10 MB, only this link is sent).",
				"Read it here (sign in to OmniRent first): " + s.link(r.ID)}}}
	if len(b) <= signing.MaxAttachBytes {
		m.Attachments = []mail.Attachment{{Name: name, ContentType: "application/pdf", Data: b}}
	}
	return s.db.Tx(ctx, func(tx db.Conn) error {
		if err := s.sign.Mail.Send(ctx, tx, m); err != nil {
			return err
		}
		return s.sign.Signing.Record(ctx, tx, ref(r.ID), signing.EventSent, a.Email, "Copy e-mailed to "+a.Email, "")
	})
}

// freeze is what every signer signs: the report's data and, for each photo
// it shows, the photo's hash, so a signature also binds the photos.
func (s *Service) freeze(ctx context.Context, r Report) ([]byte, error) {
	ev, err := s.photos.Evidences(ctx, photo.KindInventory, r.ID)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, n := range r.Data.photos() {
		used[n] = true
	}
	type photoHash struct {
		Name   string `json:"name"`
		SHA256 string `json:"sha256"`
	}
	hashes := []photoHash{}
	for _, e := range ev {
		if used[e.Name] {
			hashes = append(hashes, photoHash{e.Name, e.SHA256})
		}
	}
	b, err := json.Marshal(map[string]any{"type": r.Type, "propertyId": r.PropertyID, "data": r.Data, "photos": hashes})
	return b, apperr.Wrap(err, "freeze report")
}

// PDF is the report as a PDF for a party to a sent report: drawn from its
// data on each request while it may still change (awaiting signatures,
// disputed); once Completed, the sealed PDF the signing package keeps
// (sealed here if its job has not run yet). Each download is in the audit
// trail.
func (s *Service) PDF(ctx context.Context, a session.Actor, id, ip string) ([]byte, string, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return nil, "", err
	}
	if r.Status == Draft {
		return nil, "", apperr.New(apperr.Conflict, "not_sent", MsgNothingToSend)
	}
	b, name, err := s.pdfOf(ctx, r, s.record(ctx, r, a))
	if err != nil {
		return nil, "", err
	}
	if s.sign.Signing != nil {
		if err := s.sign.Signing.Record(ctx, s.db.Conn(), ref(r.ID), signing.EventDownloaded, a.Email, "Downloaded the PDF", ip); err != nil {
			return nil, "", err
		}
	}
	return b, name, nil
}

// MsgSealing answers a download of a report being sealed at that moment
// when the sealed PDF cannot be had yet (the signing package's words).
const MsgSealing = "The signed document is not ready yet."

// pdfOf is the sealed PDF once the report has one (whatever its status
// says), sealed now if every party has signed and the seal job has not run
// yet; else the report drawn now.
func (s *Service) pdfOf(ctx context.Context, r Report, rec Record) ([]byte, string, error) {
	if s.sign.Signing != nil {
		env, started, err := s.sign.Signing.Started(ctx, ref(r.ID))
		if err != nil {
			return nil, "", err
		}
		if started && (env.PDFKey != "" || sealed(r.Status) || env.Complete()) {
			b, err := s.sealedPDF(ctx, env)
			return b, pdfName(rec), err
		}
	}
	b, err := s.RenderPDF(ctx, rec)
	return b, pdfName(rec), err
}

// sealedPDF is the one sealed PDF of a complete envelope, sealing it now if
// its job has not (SealNow waits for a seal under way and then finds it
// done). A seal that cannot finish now (the database busy with another
// writer for too long) is a 409 to try again, never a 500: the seal job
// finishes it.
func (s *Service) sealedPDF(ctx context.Context, env signing.Envelope) ([]byte, error) {
	if env.PDFKey == "" {
		sealedEnv, err := s.sign.Signing.SealNow(ctx, env.Ref)
		if err != nil {
			if apperr.KindOf(err) != apperr.Internal || ctx.Err() != nil {
				return nil, err
			}
			// Sealed meanwhile by another request?
			if cur, err2 := s.sign.Signing.Envelope(ctx, env.Ref); err2 == nil && cur.PDFKey != "" {
				sealedEnv, err = cur, nil
			} else {
				e := apperr.New(apperr.Conflict, "not_sealed", MsgSealing)
				e.Err = err
				return nil, e
			}
		}
		env = sealedEnv
	}
	if env.PDFKey == "" {
		return nil, apperr.New(apperr.Conflict, "not_sealed", MsgSealing)
	}
	return s.sign.Signing.PDF(ctx, env)
}

// MsgReopenWhen says when a report can be edited again; MsgReopenSigned
// why a report every party has signed cannot be (the page's words).
const (
	MsgReopenWhen   = "Only a report awaiting signatures or disputed can be edited again."
	MsgReopenSigned = "Everyone has signed this report, so it can no longer be edited."
)

// reopenable is nil when a report in status may be taken back to a draft.
func reopenable(status string) error {
	switch {
	case sealed(status):
		return apperr.New(apperr.Conflict, "completed", MsgReopenSigned)
	case status != ATS && status != Disputed:
		return apperr.New(apperr.Conflict, "not_reopenable", MsgReopenWhen)
	}
	return nil
}

// Reopen takes the creator's sent report back to a draft to edit it (the
// spec's 'Edit Report', after a dispute): the signatures given so far are
// retired with the frozen text they were on, and the report is signed and
// sent again; its dispute threads stay.
func (s *Service) Reopen(ctx context.Context, a session.Actor, id string) (Record, error) {
	r, err := s.readable(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	if r.CreatorID != a.UserID {
		return Record{}, apperr.New(apperr.Forbidden, "creator_only", MsgCreatorOnly)
	}
	if err := reopenable(r.Status); err != nil {
		return Record{}, err
	}
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		// Decided with the row locked, the lock the last signature takes:
		// a report signed by everyone meanwhile stays as signed.
		status, _, err := s.lockReport(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		if err := reopenable(status); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE inventory_reports SET status = ?, disputed_from = '', updated_at = ? WHERE id = ? AND status = ?`,
			Draft, s.now().UnixMilli(), r.ID, status)
		if err != nil {
			return apperr.Wrap(err, "reopen report")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return apperr.New(apperr.Conflict, "not_reopenable", MsgReopenWhen)
		}
		return s.sign.Signing.Reopen(ctx, tx, ref(r.ID), a.Email, "The creator is editing the report; it will be signed and sent again")
	})
	if err != nil {
		return Record{}, err
	}
	r.Status = Draft
	return s.record(ctx, r, a), nil
}
