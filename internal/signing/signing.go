// Package signing is the one signing capability of the platform, for every
// document people sign (tenancy agreements now, inventory and condition
// reports next). An area names its document by a Ref (kind and id) and
// decides who may sign it; this package keeps the rest:
//
//   - the e-mailed 6-digit codes a signer proves their address with
//     (codes.go): only an HMAC is stored, one send per 10 seconds, a small
//     number of tries, a short life;
//   - the envelope: the frozen text everyone signs and its SHA-256, made
//     when the first signer signs (Start), and the ordered signers: a
//     signer signs only after every signer of a lower stage, only as the
//     account whose e-mail the signer was named with, and only once;
//   - each signature's evidence: who, when (server time), IP address,
//     browser, method (drawn, typed, uploaded image checked by content)
//     and the hash of the text signed;
//   - the audit trail of events, which is only ever added to (a database
//     trigger refuses changes);
//   - the signatures page and audit page of the sealed PDF (pages.go), and
//     the public verification of a sealed PDF (Verify).
package signing

import (
	"strings"
	"time"
	"unicode"
)

// Ref names a signable document: the area's kind and the document's id.
type Ref struct {
	Kind string
	ID   string
}

// Role of a signer.
type Role string

const (
	Landlord  Role = "Landlord"
	Tenant    Role = "Tenant"
	Guarantor Role = "Guarantor"
	Inspector Role = "Inspector"
)

// Method is how a signature was given.
type Method string

const (
	Drawn    Method = "draw"
	Typed    Method = "type"
	Uploaded Method = "upload"
)

// Invitee is a signer as the area names them when the envelope starts.
// Stage orders the signers: every signer of a lower stage signs first.
type Invitee struct {
	Stage int
	Role  Role
	Name  string
	Email string
}

// Signer is one signer of an envelope, with the evidence of their signature.
type Signer struct {
	Position  int
	Stage     int
	Role      Role
	Name      string
	Email     string
	UserID    string
	SignedAt  *time.Time
	Method    Method
	Typed     string
	ImageKey  string
	IP        string
	UserAgent string
	DocHash   string
	// SignedBy is the name of the person who signed: the typed name, or
	// the account's name for a drawn or uploaded signature.
	SignedBy string
}

// Signed reports whether the signer has signed.
func (s Signer) Signed() bool { return s.SignedAt != nil }

// OnBehalf reports whether the person who signed is not the party named
// (a typed "Lara Landlord" for the landlord "Lena Lord"): the signature
// was given on the party's behalf, and is recorded and printed so.
func (s Signer) OnBehalf() bool {
	return s.SignedBy != "" && !sameName(s.SignedBy, s.Name)
}

// sameName compares names without case, punctuation or spacing.
func sameName(a, b string) bool {
	norm := func(s string) string {
		var out []rune
		for _, r := range strings.ToLower(s) {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				out = append(out, r)
			}
		}
		return string(out)
	}
	return norm(a) == norm(b)
}

// Envelope is a document being signed: its frozen text, that text's hash
// and its signers in order.
type Envelope struct {
	ID          string // internal: never shown (documents sealed before PublicRef printed it)
	PublicRef   string // the document's reference, printed on its PDF and e-mails (ref.go)
	Ref         Ref
	Title       string
	Document    []byte
	DocHash     string
	CreatedAt   time.Time
	CompletedAt *time.Time
	PDFKey      string
	PDFHash     string
	Signers     []Signer
}

// Complete reports whether every signer has signed.
func (e Envelope) Complete() bool {
	for _, s := range e.Signers {
		if !s.Signed() {
			return false
		}
	}
	return len(e.Signers) > 0
}

// Next are the signers who may sign now: the unsigned signers of the
// lowest stage that has any.
func (e Envelope) Next() []Signer {
	stage := -1
	var out []Signer
	for _, s := range e.Signers {
		if s.Signed() {
			continue
		}
		if stage == -1 || s.Stage < stage {
			stage, out = s.Stage, nil
		}
		if s.Stage == stage {
			out = append(out, s)
		}
	}
	return out
}

// Event is one entry of the audit trail.
type Event struct {
	At     time.Time
	Event  string
	Actor  string
	Detail string
	IP     string
}

// The events of the audit trail.
const (
	EventCreated      = "created"
	EventSent         = "sent"
	EventViewed       = "viewed"
	EventCodeVerified = "code_verified"
	EventPaid         = "paid"
	EventSigned       = "signed"
	EventCompleted    = "completed"
	EventDownloaded   = "downloaded"
	EventReopened     = "reopened" // changed after signatures: to be signed again
)

// Meta is where a request came from, recorded with a signature.
type Meta struct {
	IP        string
	UserAgent string
}

// Limits of codes and signatures (spec 2 sections 5 and 9).
const (
	ResendGap       = 10 * time.Second
	CodeLife        = 15 * time.Minute
	CodeTries       = 5
	CodesPerDay     = 20
	VerifiedFor     = time.Hour
	MaxTypedLength  = 45
	MaxImageBytes   = 2 << 20
	MaxPDFBytes     = 20 << 20
	signatureWidth  = 900
	signatureHeight = 300
)

// User-facing texts: the spec's words where it has them (spec 2 sections 5 and 8).
const (
	MsgCodeFormat      = "Please enter the 6 digit code sent to your email"
	MsgWait10          = "Please wait 10 seconds before sending again"
	MsgCheckEmail      = "Please Check your email"
	MsgCodeWrong       = "That code is not correct. Please check the code in your email."
	MsgCodeExpired     = "This code has expired. Please send a new code."
	MsgCodeTries       = "Too many wrong codes. Please send a new code."
	MsgCodesPerDay     = "Too many codes have been sent today. Please try again tomorrow."
	MsgCodeVerified    = "Your email is verified."
	MsgSignTheContract = "Please sign the contract"
	MsgTooLong         = "No more than 45 characters"
	MsgInvalidSig      = "Please provide a valid signature"
	MsgUploadImage     = "Please upload an image"
	MsgNotASigner      = "You are not asked to sign this document."
	MsgAlreadySigned   = "You have already signed this document."
	MsgNotStarted      = "This document is not ready to be signed yet."
	MsgVerifyFirst     = "Please enter the 6 digit code sent to your email"
	MsgGenuine         = "This is a genuine, unaltered document signed on OmniRent."
	MsgNotGenuine      = "We have no signed document matching this. It may have been altered, or it was not signed on OmniRent."
	MsgNoPDF           = "Please choose the PDF to check."
	MsgPDFTooLarge     = "The file is larger than 20 MB."
	MsgVerifyFields    = "Please enter the document id and the hash from the audit page."
	MsgDocChanged      = "This document changed since you opened it. Please read the new version before you sign."
)

// ukTime writes t in UK time, e.g. "24 Nov 2026 14:05:09 GMT".
// UKTime writes a moment as the audit page does, in UK time: "2 Nov 2026 09:00:00 GMT".
func UKTime(t time.Time) string { return ukTime(t) }

func ukTime(t time.Time) string {
	return t.In(london).Format("2 Jan 2006 15:04:05 MST")
}

var london = func() *time.Location {
	if l, err := time.LoadLocation("Europe/London"); err == nil {
		return l
	}
	return time.UTC
}()
