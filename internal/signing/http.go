package signing

import (
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the public verification of signed documents; the areas
// mount their own signing steps, since they decide who may sign.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/verify", httpx.Handle(h.verifyHash))
	mux.Handle("POST /api/verify", httpx.Handle(h.verifyFile))
}

// UploadBodyLimit lets a PDF to verify through the body size cap.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && r.URL.Path == "/api/verify" {
		return MaxPDFBytes + 64<<10
	}
	return 0
}

type signerJSON struct {
	Role     Role      `json:"role"`
	Name     string    `json:"name"`
	SignedAt time.Time `json:"signedAt"`
	Method   Method    `json:"method"`
}

type verificationJSON struct {
	Genuine      bool         `json:"genuine"`
	Message      string       `json:"message"`
	DocumentID   string       `json:"documentId,omitempty"`
	Title        string       `json:"title,omitempty"`
	DocumentHash string       `json:"documentHash,omitempty"`
	CompletedAt  *time.Time   `json:"completedAt"`
	Signers      []signerJSON `json:"signers"`
	// Sealed: a document OmniRent sealed without signatures (a repair's
	// history); CompletedAt is when it was sealed.
	Sealed bool `json:"sealed"`
}

func verificationOf(v Verification) verificationJSON {
	out := verificationJSON{Genuine: v.Genuine, Message: v.Message, Signers: []signerJSON{}}
	if !v.Genuine {
		return out
	}
	if d := v.Sealed; d != nil {
		at := d.SealedAt
		out.DocumentID, out.Title, out.DocumentHash, out.CompletedAt, out.Sealed = d.PublicRef, d.Title, d.PDFHash, &at, true
		return out
	}
	e := v.Envelope
	out.DocumentID, out.Title, out.DocumentHash, out.CompletedAt = e.PublicRef, e.Title, e.DocHash, e.CompletedAt
	for _, sg := range e.Signers {
		out.Signers = append(out.Signers, signerJSON{Role: sg.Role, Name: sg.Name, SignedAt: *sg.SignedAt, Method: sg.Method})
	}
	return out
}

func (h *Handler) verifyHash(w http.ResponseWriter, r *http.Request) error {
	v, err := h.svc.VerifyHash(r.Context(), r.URL.Query().Get("documentId"), r.URL.Query().Get("hash"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, verificationOf(v))
}

func (h *Handler) verifyFile(w http.ResponseWriter, r *http.Request) error {
	file, err := httpx.UploadedFile(r, "file", MsgNoPDF, MsgPDFTooLarge)
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(file, MaxPDFBytes+1))
	if err != nil {
		return err
	}
	if len(data) > MaxPDFBytes {
		return apperr.New(apperr.TooLarge, "file_too_large", MsgPDFTooLarge)
	}
	if len(data) == 0 {
		return apperr.New(apperr.Invalid, "no_file", MsgNoPDF)
	}
	v, err := h.svc.VerifyPDF(r.Context(), data)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, verificationOf(v))
}

// SignerJSON is a signer as the signing screens list them.
type SignerJSON struct {
	Position int        `json:"position"`
	Stage    int        `json:"stage"`
	Role     Role       `json:"role"`
	Name     string     `json:"name"`
	Email    string     `json:"email"`
	Signed   bool       `json:"signed"`
	SignedAt *time.Time `json:"signedAt"`
	Method   Method     `json:"method"`
	Me       bool       `json:"me"`
}

// EventJSON is an audit event as the signing screens list it.
type EventJSON struct {
	At     time.Time `json:"at"`
	Kind   string    `json:"kind"`
	Actor  string    `json:"actor"`
	Detail string    `json:"detail"`
}

// StateJSON is a document's signing state for its reader (the SigningState
// schema of api/openapi.yaml), whichever area the document belongs to.
type StateJSON struct {
	Status        string       `json:"status"`
	PaymentStatus string       `json:"paymentStatus"`
	DocumentID    string       `json:"documentId"`
	DocumentHash  string       `json:"documentHash"`
	Signers       []SignerJSON `json:"signers"`
	Events        []EventJSON  `json:"events"`
	CanSign       bool         `json:"canSign"`
	Verified      bool         `json:"verified"`
	NeedsPayment  bool         `json:"needsPayment"`
	WaitingFor    string       `json:"waitingFor"`
	Message       string       `json:"message"`
	// Notice: why the document cannot be signed now, for the reader (an
	// agreement whose start date passed before everyone signed).
	Notice string `json:"notice"`
}

// NewStateJSON fills the lists of a StateJSON; me tells which signer is the reader.
func NewStateJSON(e Envelope, signers []Signer, events []Event, me func(Signer) bool) StateJSON {
	out := StateJSON{DocumentID: e.PublicRef, DocumentHash: e.DocHash, Signers: []SignerJSON{}, Events: []EventJSON{}}
	for _, sg := range signers {
		out.Signers = append(out.Signers, SignerJSON{Position: sg.Position, Stage: sg.Stage, Role: sg.Role, Name: sg.Name, Email: sg.Email,
			Signed: sg.Signed(), SignedAt: sg.SignedAt, Method: sg.Method, Me: me(sg)})
	}
	for _, ev := range events {
		out.Events = append(out.Events, EventJSON{At: ev.At, Kind: ev.Event, Actor: ev.Actor, Detail: ev.Detail})
	}
	return out
}

// HideOthers keeps a party from learning the other parties' private
// details: a joint tenant sees who has signed and when, by name, but not
// another signer's e-mail address, in the signers or in the audit events
// (an event's actor becomes the signer's name). The document's owner
// (the landlord or report creator) is shown everything.
func (s *StateJSON) HideOthers() {
	names := map[string]string{}
	mine := ""
	for i, sg := range s.Signers {
		if sg.Me {
			mine = strings.ToLower(sg.Email)
			continue
		}
		if sg.Email != "" {
			names[strings.ToLower(sg.Email)] = sg.Name
		}
		s.Signers[i].Email = ""
	}
	for i, ev := range s.Events {
		for addr, n := range names {
			if strings.Contains(strings.ToLower(ev.Detail), addr) {
				s.Events[i].Detail = replaceFold(s.Events[i].Detail, addr, n)
			}
		}
		key := strings.ToLower(ev.Actor)
		if key == "" || key == mine {
			continue
		}
		if n, ok := names[key]; ok {
			s.Events[i].Actor = n
		} else if strings.Contains(key, "@") {
			s.Events[i].Actor = "Another party"
		}
	}
}

// replaceFold replaces every occurrence of old (lower case) in s, whatever
// its case, with new.
func replaceFold(s, old, repl string) string {
	var b strings.Builder
	for {
		i := strings.Index(strings.ToLower(s), old)
		if i < 0 || old == "" {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(repl)
		s = s[i+len(old):]
	}
}
