package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// Signing an agreement (spec 2, "Preview and signing" and section 4): the
// landlord proves their e-mail with a code, pays the contract fee, signs;
// the text is frozen then and sent to the tenants, who each prove their
// e-mail and sign; the guarantor signs last. The last signature seals the
// PDF. The rules of order, codes and evidence are the signing package's;
// what is an agreement's are here.

// Kind names agreements to the signing package.
const Kind = "contract"

// The contract fee (spec 2 section 9: 1.99, struck-through 8.99).
const (
	Product   payment.Product = "tenancy-contract"
	OrderType                 = "contract"
)

var Price = payment.Price{Name: "Tenancy contract", Pence: 199, WasPence: 899}

// Messages of signing (spec 2 sections 4 and 8).
const (
	MsgPayFirst         = "Please confirm payment first"
	MsgSignedAndSent    = "Contract signed and sent to Tenant(s)"
	MsgSigned           = "Contract signed"
	MsgSignedAll        = "Contract signed. Every party has now signed: the signed contract will be sent to all stakeholders by e-mail."
	MsgLinkSent         = "Download link sent to your email"
	MsgInvitesSent      = "The invitation has been sent again to everyone who has not signed yet."
	MsgFinishFirst      = "Please finish the agreement before signing it."
	MsgNotAwaiting      = "This agreement is not waiting for signatures."
	MsgAlreadyPaid      = "The contract fee is already paid."
	MsgNotCompleted     = "The signed agreement is not ready yet."
	MsgLandlordOnly     = "Only the landlord can do this."
	MsgNoEmailedParties = "Every tenant needs an e-mail address to sign."
	MsgWithdrawn        = "The agreement is withdrawn and back in your drafts: change what you need, then sign and send it again. The fee is not charged again."
	MsgSignedByAll      = "Everyone has signed this agreement: it cannot be withdrawn."
	// MsgWithdrawnDetail is the audit trail's line for a withdrawn agreement.
	MsgWithdrawnDetail = "The landlord withdrew the agreement to change it; it will be signed and sent again"
)

func ref(id string) signing.Ref { return signing.Ref{Kind: Kind, ID: id} }

// SigningDeps wires signing into the service (internal/app).
type SigningDeps struct {
	Signing  *signing.Service
	Payments payment.Seller
	Mail     signing.Mailer
	BaseURL  string
}

// UseSigning wires the signing package, the payment system (registering
// the contract fee and this service as its fulfiller) and mail.
func (s *Service) UseSigning(d SigningDeps) {
	s.sign = d
	d.Payments.Register(OrderType, s)
	d.Payments.RegisterProduct(Product, Price)
	d.Signing.Register(Kind, sealer{s})
}

// invitees are the signers of the agreement in order: the landlord (as the
// account that signs), each tenant, then the guarantor.
func invitees(c Contract, landlordEmail string) []signing.Invitee {
	v := viewOf(c.Answers, Property{})
	out := []signing.Invitee{{Stage: 0, Role: signing.Landlord, Name: v.LandlordName, Email: landlordEmail}}
	for _, t := range c.Answers.Tenants {
		out = append(out, signing.Invitee{Stage: 1, Role: signing.Tenant, Name: t.name(), Email: t.Email})
	}
	if g := c.Answers.Guarantor; g.Answer == Yes && g.Email != "" {
		out = append(out, signing.Invitee{Stage: 2, Role: signing.Guarantor, Name: g.name(), Email: g.Email})
	}
	return out
}

// SignerView is a signer as the signing screen lists them.
type SignerView struct {
	signing.Signer
	Me bool
}

// SigningState is what the reader of an agreement may do about signing.
type SigningState struct {
	Contract     Contract
	Envelope     signing.Envelope
	Signers      []SignerView
	Events       []signing.Event
	CanSign      bool
	Verified     bool
	NeedsPayment bool
	WaitingFor   string
	// Owner: the reader is the agreement's landlord, who sees every
	// party's details; a tenant sees the others' names and progress only.
	Owner bool
	// Notice: why the agreement cannot be signed now, for the reader (its
	// start date passed before everyone signed).
	Notice string
}

// Signing is the agreement's signing state for its reader.
func (s *Service) Signing(ctx context.Context, a session.Actor, id string) (SigningState, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return SigningState{}, err
	}
	return s.signingState(ctx, c, a)
}

func (s *Service) signingState(ctx context.Context, c Contract, a session.Actor) (SigningState, error) {
	st := SigningState{Contract: c}
	env, started, err := s.sign.Signing.Started(ctx, ref(c.ID))
	if err != nil {
		return SigningState{}, err
	}
	if started {
		st.Envelope = env
	} else {
		for i, in := range invitees(c, a.Email) {
			st.Envelope.Signers = append(st.Envelope.Signers, signing.Signer{Position: i, Stage: in.Stage, Role: in.Role, Name: in.Name, Email: in.Email})
		}
	}
	mine := c.LandlordID == a.UserID
	st.Owner = mine
	for _, sg := range st.Envelope.Signers {
		me := strings.EqualFold(sg.Email, a.Email) && (sg.Role != signing.Landlord || mine)
		st.Signers = append(st.Signers, SignerView{Signer: sg, Me: me})
	}
	if st.Events, err = s.sign.Signing.Events(ctx, ref(c.ID)); err != nil {
		return SigningState{}, err
	}
	if st.Verified, err = s.sign.Signing.Verified(ctx, ref(c.ID), a); err != nil {
		return SigningState{}, err
	}
	switch c.Status {
	case Draft:
		st.CanSign = mine && c.Step == StepFinished
		st.NeedsPayment = st.CanSign && c.PaymentStatus == PaymentPending
		if st.CanSign {
			// The hash of the text the landlord's signature would freeze now.
			if frozen, err := s.freeze(ctx, c); err == nil {
				st.Envelope.DocHash = signing.Hash(frozen)
			}
		}
	case ATS:
		if sg, ok := signing.SignerFor(env, a); ok && !sg.Signed() {
			st.WaitingFor = signing.WaitingFor(env, sg)
			st.CanSign = st.WaitingFor == ""
		}
		if st.Notice = s.startPassedNotice(c, a); st.Notice != "" {
			st.CanSign = false
		}
	}
	return st, nil
}

// mayStartSigning is nil when the actor may begin the signing steps now
// (ask for a code, verify it): the landlord of a finished draft, or a signer
// whose turn it is on an agreement awaiting signatures.
func (s *Service) mayStartSigning(ctx context.Context, a session.Actor, id string) (Contract, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return Contract{}, err
	}
	switch c.Status {
	case Draft:
		if c.LandlordID != a.UserID {
			return Contract{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
		}
		if c.Step != StepFinished {
			return Contract{}, apperr.New(apperr.Conflict, "not_finished", MsgFinishFirst)
		}
		// The same refusal Sign would give, before a code is sent for a
		// signature that could not be given (the property's postcode was
		// changed to another jurisdiction after the draft was finished).
		p := s.bindingAdvert(ctx, c, s.place(ctx, c.PropertyID))
		if err := s.lawful(c.Answers, p); err != nil {
			return Contract{}, err
		}
		// And the refusals of the signature itself, before the fee is
		// taken: a rent above the advert, a start date now past.
		if err := rentAboveAdvert(c.Answers, p, s.libraryOf(c)); err != nil {
			return Contract{}, err
		}
		if err := s.startTooEarly(c.Answers, s.libraryOf(c)); err != nil {
			return Contract{}, err
		}
		return c, s.checkTermsAcknowledged(ctx, c)
	case ATS:
		if err := s.sign.Signing.CheckTurn(ctx, ref(c.ID), a); err != nil {
			return Contract{}, err
		}
		return c, s.sentStartPassed(c)
	}
	return Contract{}, apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
}

func title(c Contract, p Property) string {
	return "Tenancy agreement for " + p.text()
}

// SendCode e-mails the actor a 6-digit signing code.
func (s *Service) SendCode(ctx context.Context, a session.Actor, id string) error {
	c, err := s.mayStartSigning(ctx, a, id)
	if err != nil {
		return err
	}
	return s.sign.Signing.SendCode(ctx, ref(c.ID), a, "the tenancy agreement for "+s.place(ctx, c.PropertyID).text())
}

// VerifyCode checks the actor's signing code.
func (s *Service) VerifyCode(ctx context.Context, a session.Actor, id, code string, m signing.Meta) (SigningState, error) {
	c, err := s.mayStartSigning(ctx, a, id)
	if err != nil {
		return SigningState{}, err
	}
	if err := s.sign.Signing.VerifyCode(ctx, ref(c.ID), a, code, m); err != nil {
		return SigningState{}, err
	}
	return s.signingState(ctx, c, a)
}

// Order is the landlord's one order for the contract fee: made the first
// time, the same order after; refused once the fee is paid.
func (s *Service) Order(ctx context.Context, a session.Actor, id string) (payment.Order, error) {
	c, err := s.mayStartSigning(ctx, a, id)
	if err != nil {
		return payment.Order{}, err
	}
	if c.Status != Draft {
		return payment.Order{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	if c.PaymentStatus == PaymentCompleted {
		return payment.Order{}, apperr.New(apperr.Conflict, "already_paid", MsgAlreadyPaid)
	}
	return s.sign.Payments.OrderOnce(ctx, a, OrderType, c.ID,
		[]payment.Item{{Product: Product, Description: "Tenancy contract: " + s.place(ctx, c.PropertyID).text(), Qty: 1}},
		func(ctx context.Context, conn db.Conn) (string, error) { return orderOf(ctx, conn, c.ID) },
		func(ctx context.Context, conn db.Conn, orderID string) (bool, error) {
			return setOrder(ctx, conn, c.ID, orderID)
		})
}

// Fulfil implements payment.Fulfiller: the fee of the order's agreement is
// paid (in the payment's transaction, exactly once).
func (s *Service) Fulfil(ctx context.Context, tx db.Conn, o payment.Order) error {
	ok, err := setPaid(ctx, tx, o.SubjectID, o.ID, s.now().UnixMilli())
	if err != nil || !ok {
		return err
	}
	detail := "Contract fee paid"
	if o.TotalPence == 0 {
		detail = "Contract fee waived by promo code"
	}
	return s.sign.Signing.Record(ctx, tx, ref(o.SubjectID), signing.EventPaid, o.ReceiptEmail, detail, "")
}

// SignResult is the answer to a signature.
type SignResult struct {
	Record    Record
	Message   string
	Completed bool
}

// Sign signs the agreement as the actor: the landlord's signature freezes
// the text and sends it to the tenants; the last signature completes it.
// shown is the SHA-256 of the text the signer's page showed: a signature
// on another version than the one in force is refused (signing.ErrChanged).
func (s *Service) Sign(ctx context.Context, a session.Actor, id string, sig signing.Signature, shown string, m signing.Meta) (SignResult, error) {
	checked, err := s.sign.Signing.Check(ctx, sig)
	if err != nil {
		return SignResult{}, err
	}
	c, err := s.load(ctx, a, id)
	if err != nil {
		return SignResult{}, err
	}
	switch c.Status {
	case Draft:
		return s.signAsLandlord(ctx, a, c, checked, shown, m)
	case ATS:
		if err := s.sentStartPassed(c); err != nil {
			return SignResult{}, err
		}
		return s.signAsParty(ctx, a, c, checked, shown, m)
	}
	return SignResult{}, apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
}

// freeze is the text every signer signs: the agreement as built now.
func (s *Service) freeze(ctx context.Context, c Contract) ([]byte, error) {
	lib := s.libraryOf(c)
	if lib == nil {
		return nil, apperr.New(apperr.Conflict, "no_library", MsgFinishFirst)
	}
	frozen, err := json.Marshal(Build(lib, c.Answers, s.place(ctx, c.PropertyID), c.Edits))
	return frozen, apperr.Wrap(err, "freeze contract")
}

func (s *Service) signAsLandlord(ctx context.Context, a session.Actor, c Contract, sig signing.Checked, shown string, m signing.Meta) (SignResult, error) {
	// The checks on the draft as read, for an early answer; the same checks
	// are made again below on the draft locked in the transaction, which is
	// what is frozen.
	if err := s.readyToFreeze(c, a); err != nil {
		return SignResult{}, err
	}
	if ok, err := s.sign.Signing.Verified(ctx, ref(c.ID), a); err != nil {
		return SignResult{}, err
	} else if !ok {
		return SignResult{}, apperr.New(apperr.Forbidden, "code_required", signing.MsgVerifyFirst)
	}
	if err := tenantsEmailed(c); err != nil {
		return SignResult{}, err
	}
	p := s.bindingAdvert(ctx, c, s.place(ctx, c.PropertyID)) // a draft's property never changes
	if err := s.lawful(c.Answers, p); err != nil {
		return SignResult{}, err
	}
	if err := rentAboveAdvert(c.Answers, p, s.libraryOf(c)); err != nil {
		return SignResult{}, err
	}
	now := s.now()
	sent := now.UnixMilli()
	var env signing.Envelope
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		// The draft is frozen as it is under its row lock, so an edit
		// that arrives together with the signature either commits first
		// (then the text frozen is the edited one, and a signature on the
		// version the landlord's page showed is refused by Sign as changed)
		// or finds the agreement signed (changeDraft: 409 not_draft). The
		// signers are the answers' tenants of that same version.
		locked, err := lockedByID(ctx, tx, s.db.Dialect, c.ID)
		if err != nil {
			return err
		}
		if locked.Status != Draft {
			return apperr.New(apperr.Conflict, "not_draft", MsgNotAwaiting)
		}
		c = locked
		if err := s.readyToFreeze(c, a); err != nil {
			return err
		}
		if err := tenantsEmailed(c); err != nil {
			return err
		}
		if err := s.lawful(c.Answers, p); err != nil {
			return err
		}
		lib := s.libraryOf(c)
		if lib == nil {
			return apperr.New(apperr.Conflict, "no_library", MsgFinishFirst)
		}
		doc := Build(lib, c.Answers, p, c.Edits)
		flags := s.flagsOf(lib, c, p, doc)
		frozen, err := json.Marshal(doc)
		if err != nil {
			return apperr.Wrap(err, "freeze contract")
		}
		moved, err := moveStatus(ctx, tx, c.ID, Draft, ATS, &sent, sent)
		if err != nil {
			return err
		}
		if !moved {
			return apperr.New(apperr.Conflict, "not_draft", MsgNotAwaiting)
		}
		if err := s.requireAcknowledged(ctx, tx, c.ID, flags); err != nil {
			return err
		}
		if _, err = s.sign.Signing.Start(ctx, tx, ref(c.ID), title(c, p), frozen, invitees(c, a.Email)); err != nil {
			return err
		}
		if env, err = s.sign.Signing.Sign(ctx, tx, ref(c.ID), a, sig, m, shown); err != nil {
			return err
		}
		return s.invite(ctx, tx, c, p, env, a, false)
	})
	if err != nil {
		return SignResult{}, err
	}
	c.Status, c.SentAt = ATS, &now
	return SignResult{Record: s.record(c, p, a), Message: MsgSignedAndSent}, nil
}

// readyToFreeze refuses a draft the landlord may not sign yet: not theirs,
// not finished, not paid.
func (s *Service) readyToFreeze(c Contract, a session.Actor) error {
	if c.LandlordID != a.UserID {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if c.Step != StepFinished {
		return apperr.New(apperr.Conflict, "not_finished", MsgFinishFirst)
	}
	if c.PaymentStatus != PaymentCompleted {
		return apperr.New(apperr.Conflict, "payment_required", MsgPayFirst)
	}
	// A draft finished before its start date may be signed only while the
	// law still allows that start.
	return s.startTooEarly(c.Answers, s.libraryOf(c))
}

// tenantsEmailed refuses a draft with a tenant who has no e-mail address.
func tenantsEmailed(c Contract) error {
	for _, t := range c.Answers.Tenants {
		if strings.TrimSpace(t.Email) == "" {
			return apperr.New(apperr.Conflict, "tenant_email", MsgNoEmailedParties)
		}
	}
	return nil
}

// invite e-mails the link to every signer who has not signed, and records it.
func (s *Service) invite(ctx context.Context, tx db.Conn, c Contract, p Property, env signing.Envelope, from session.Actor, again bool) error {
	link := s.link(c.ID, "awaiting")
	var names []string
	for _, sg := range env.Signers {
		if sg.Signed() || sg.Role == signing.Landlord {
			continue
		}
		names = append(names, sg.Email)
		if err := s.sign.Mail.Send(ctx, tx, mail.Email{To: sg.Email, ReplyTo: from.Email, Subject: "Please sign your tenancy agreement for " + p.text(), Template: "notice",
			Data: map[string]any{"Name": sg.Name, "Heading": "Your tenancy agreement is ready to sign",
				"Paragraphs": []string{
					fmt.Sprintf("%s has signed the tenancy agreement for %s and asks you to sign it as %s.", env.Signers[0].Name, p.text(), strings.ToLower(string(sg.Role))),
					"Open it here: " + link,
					"If you do not have an OmniRent account yet, register as a tenant with this e-mail address (" + sg.Email + "); the agreement then appears under Contracts Awaiting Tenant Signature.",
				}}}); err != nil {
			return err
		}
	}
	detail := "Sent to " + strings.Join(names, ", ")
	if again {
		detail = "Invitation sent again to " + strings.Join(names, ", ")
	}
	return s.sign.Signing.Record(ctx, tx, ref(c.ID), signing.EventSent, from.Email, detail, "")
}

// Withdraw takes the landlord's agreement awaiting signatures back to a
// draft, to change it (a start date that passed before the tenants signed,
// a mistake seen after sending): the signatures given so far are retired
// with the text they were on (signing.Reopen), every code verification
// ends, and the tenants invited are told by e-mail that it was withdrawn.
// The fee stays paid. An agreement everyone has signed is final.
func (s *Service) Withdraw(ctx context.Context, a session.Actor, id string) (Record, error) {
	c, err := s.loadAsLandlord(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	p := s.place(ctx, c.PropertyID)
	// The signers to tell, read before the transaction (reads on the pool
	// inside it can wait on SQLite); the envelope of an agreement awaiting
	// signatures keeps its signers until it is retired below.
	env, err := s.sign.Signing.Envelope(ctx, ref(c.ID))
	if err != nil && c.Status == ATS {
		return Record{}, err
	}
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		// Decided with the row locked, the lock a signature takes first
		// (signAsParty): an agreement signed by everyone meanwhile stays so.
		locked, err := lockedByID(ctx, tx, s.db.Dialect, c.ID)
		if err != nil {
			return err
		}
		switch locked.Status {
		case ATS:
		case ADS, Completed:
			return apperr.New(apperr.Conflict, "signed_by_all", MsgSignedByAll)
		default:
			return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
		}
		moved, err := moveStatus(ctx, tx, c.ID, ATS, Draft, nil, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !moved {
			return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
		}
		if err := s.sign.Signing.Reopen(ctx, tx, ref(c.ID), a.Email, MsgWithdrawnDetail); err != nil {
			return err
		}
		for _, sg := range env.Signers {
			if sg.Role == signing.Landlord {
				continue
			}
			if err := s.sign.Mail.Send(ctx, tx, mail.Email{To: sg.Email, ReplyTo: a.Email, Subject: "Your tenancy agreement for " + p.text() + " was withdrawn", Template: "notice",
				Data: map[string]any{"Name": sg.Name, "Heading": "The tenancy agreement was withdrawn",
					"Paragraphs": []string{
						fmt.Sprintf("%s has withdrawn the tenancy agreement for %s to change it. Any signature given on it no longer counts.", env.Signers[0].Name, p.text()),
						"When the new version is ready you will receive it to read and sign.",
					}}}); err != nil {
				return err
			}
		}
		c = locked
		return nil
	})
	if err != nil {
		return Record{}, err
	}
	c.Status = Draft
	return s.record(c, p, a), nil
}

func (s *Service) link(id, view string) string {
	return strings.TrimRight(s.sign.BaseURL, "/") + "/contract-builder?view=" + view + "&id=" + id
}

func (s *Service) signAsParty(ctx context.Context, a session.Actor, c Contract, sig signing.Checked, shown string, m signing.Meta) (SignResult, error) {
	var env signing.Envelope
	err := s.db.Tx(ctx, func(tx db.Conn) error {
		// The agreement's row is locked first, as Withdraw locks it: a
		// signature and a withdrawal that meet are decided one after the
		// other (the signature finds a draft, or the withdrawal finds it
		// signed by everyone), never half of each.
		locked, err := lockedByID(ctx, tx, s.db.Dialect, c.ID)
		if err != nil {
			return err
		}
		if locked.Status != ATS {
			return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
		}
		// Sign locks the envelope and decides completion: of two last
		// signers at once exactly one sees it complete, and that signature
		// queues the seal (sealer below) in this transaction.
		if env, err = s.sign.Signing.Sign(ctx, tx, ref(c.ID), a, sig, m, shown); err != nil {
			return err
		}
		if env.Complete() {
			moved, err := moveStatus(ctx, tx, c.ID, ATS, ADS, nil, s.now().UnixMilli())
			if err != nil {
				return err
			}
			if !moved {
				return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
			}
		}
		return nil
	})
	if err != nil {
		return SignResult{}, err
	}
	p := s.place(ctx, c.PropertyID)
	if !env.Complete() {
		return SignResult{Record: s.record(c, p, a), Message: MsgSigned}, nil
	}
	c.Status = ADS
	return SignResult{Record: s.record(c, p, a), Message: MsgSignedAll, Completed: true}, nil
}

// sealer completes agreements for the signing package: it draws the sealed
// PDF and names the completion e-mails (signing attaches the PDF) before
// the transaction that records the seal, and in it completes the
// agreement.
type sealer struct{ s *Service }

func (z sealer) SealedPDF(ctx context.Context, env signing.Envelope) ([]byte, string, error) {
	var doc Document
	if err := json.Unmarshal(env.Document, &doc); err != nil {
		return nil, "", apperr.Wrap(err, "read frozen contract")
	}
	b, err := z.s.RenderPDF(ctx, doc, env)
	if err != nil {
		return nil, "", err
	}
	c, err := byID(ctx, z.s.db.Conn(), env.Ref.ID)
	if err != nil {
		return nil, "", err
	}
	return b, pdfName(z.s.place(ctx, c.PropertyID)), nil
}

func (z sealer) Sealed(ctx context.Context, tx db.Conn, env signing.Envelope) error {
	_, err := moveStatus(ctx, tx, env.Ref.ID, ADS, Completed, nil, z.s.now().UnixMilli())
	return err
}

// SealedMails are the completion e-mails of each party, prepared before
// the seal's transaction: the property's address and the certificates'
// copies are read from other areas.
func (z sealer) SealedMails(ctx context.Context, env signing.Envelope) ([]mail.Email, error) {
	s := z.s
	c, err := byID(ctx, s.db.Conn(), env.Ref.ID)
	if err != nil {
		return nil, err
	}
	p := s.place(ctx, c.PropertyID)
	certs, names, err := s.certificateAttachments(ctx, c)
	if err != nil {
		return nil, err
	}
	var out []mail.Email
	for _, sg := range env.Signers {
		copies := "Copies of the property's current gas safety record, electrical installation condition report and energy performance certificate are on the agreement's page, with the signed PDF."
		m := mail.Email{To: sg.Email, Subject: "Your signed tenancy agreement for " + p.text(), Template: "notice"}
		if sg.Role == signing.Tenant && len(certs) > 0 {
			// The tenant's copies of the certificates (LAW.md: given before
			// they move in), attached after the signed PDF while the
			// e-mail stays within signing.MaxAttachBytes.
			m.Attachments = certs
			copies = "Your copies of the property's current " + andList(names) + " are attached to this e-mail (any that would make it larger than 10 MB is only on the agreement's page). All of them are on the agreement's page too, with the signed PDF."
		}
		m.Data = map[string]any{"Name": sg.Name, "Heading": "Everyone has signed",
			"Paragraphs": []string{
				"Every party has signed the tenancy agreement for " + p.text() + ". The signed PDF, with its audit page, is attached (if it is larger than 10 MB, only this link is sent). Download it here too (sign in to OmniRent first): " + s.link(c.ID, "completed"),
				"Document reference " + env.PublicRef + ". Anyone holding the PDF can check it is genuine at " + strings.TrimRight(s.sign.BaseURL, "/") + "/verify.",
				copies,
			}}
		out = append(out, m)
	}
	return out, nil
}

func pdfName(p Property) string {
	return "tenancy-agreement-" + strings.ToLower(strings.Join(strings.Fields(p.Line1), "-")) + ".pdf"
}

// PDF is the sealed agreement for a party to it.
func (s *Service) PDF(ctx context.Context, a session.Actor, id, ip string) ([]byte, string, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return nil, "", err
	}
	if c.Status != ADS && c.Status != Completed {
		return nil, "", apperr.New(apperr.Conflict, "not_completed", MsgNotCompleted)
	}
	env, err := s.sign.Signing.Envelope(ctx, ref(c.ID))
	if err != nil {
		return nil, "", err
	}
	p := s.place(ctx, c.PropertyID)
	if env.PDFKey == "" { // the seal job has not run yet
		if env, err = s.sign.Signing.SealNow(ctx, ref(c.ID)); err != nil {
			return nil, "", err
		}
	}
	b, err := s.sign.Signing.PDF(ctx, env)
	if err != nil {
		return nil, "", err
	}
	if err := s.sign.Signing.Record(ctx, s.db.Conn(), ref(c.ID), signing.EventDownloaded, a.Email, "Downloaded the signed PDF", ip); err != nil {
		return nil, "", err
	}
	return b, pdfName(p), nil
}

// Resend e-mails the actor the download link of a completed agreement.
func (s *Service) Resend(ctx context.Context, a session.Actor, id string) error {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return err
	}
	if c.Status != Completed {
		return apperr.New(apperr.Conflict, "not_completed", MsgNotCompleted)
	}
	if err := s.sign.Signing.Throttle(ctx, ref(c.ID), a.Email); err != nil {
		return err
	}
	p := s.place(ctx, c.PropertyID)
	env, err := s.sign.Signing.Envelope(ctx, ref(c.ID))
	if err != nil {
		return err
	}
	m := mail.Email{To: a.Email, Subject: "Download your signed tenancy agreement for " + p.text(), Template: "notice",
		Data: map[string]any{"Name": a.FullName, "Heading": "Your signed tenancy agreement",
			"Paragraphs": []string{"The signed PDF of the tenancy agreement for " + p.text() + " is attached (if it is larger than 10 MB, only this link is sent). Download it here too (sign in to OmniRent first): " + s.link(c.ID, "completed")}}}
	if f, ok, err := s.sign.Signing.Attachment(ctx, env, pdfName(p)); err != nil {
		return err
	} else if ok {
		m.Attachments = []mail.Attachment{f}
	}
	return s.db.Tx(ctx, func(tx db.Conn) error {
		if err := s.sign.Mail.Send(ctx, tx, m); err != nil {
			return err
		}
		return s.sign.Signing.Record(ctx, tx, ref(c.ID), signing.EventSent, a.Email, "Download link e-mailed to "+a.Email, "")
	})
}

// Invite e-mails the link again to the signers who have not signed (the landlord's re-send).
func (s *Service) Invite(ctx context.Context, a session.Actor, id string) error {
	c, err := s.loadAsLandlord(ctx, a, id)
	if err != nil {
		return err
	}
	if c.Status != ATS {
		return apperr.New(apperr.Conflict, "not_awaiting", MsgNotAwaiting)
	}
	if err := s.sign.Signing.Throttle(ctx, ref(c.ID), a.Email); err != nil {
		return err
	}
	env, err := s.sign.Signing.Envelope(ctx, ref(c.ID))
	if err != nil {
		return err
	}
	p := s.place(ctx, c.PropertyID)
	return s.db.Tx(ctx, func(tx db.Conn) error { return s.invite(ctx, tx, c, p, env, a, true) })
}
