package contract

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

// UploadBodyLimit lets a signature image (at most 2 MB, as a data URL)
// through the body size cap.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/contracts/") && strings.HasSuffix(r.URL.Path, "/signing/sign") {
		return signing.MaxImageBytes*4/3 + 64<<10
	}
	return 0
}

func meta(r *http.Request) signing.Meta {
	return signing.Meta{IP: httpx.ClientIP(r.Context()), UserAgent: r.UserAgent()}
}

type signerJSON struct {
	Position int            `json:"position"`
	Stage    int            `json:"stage"`
	Role     signing.Role   `json:"role"`
	Name     string         `json:"name"`
	Email    string         `json:"email"`
	Signed   bool           `json:"signed"`
	SignedAt *time.Time     `json:"signedAt"`
	Method   signing.Method `json:"method"`
	Me       bool           `json:"me"`
}

type eventJSON struct {
	At     time.Time `json:"at"`
	Kind   string    `json:"kind"`
	Actor  string    `json:"actor"`
	Detail string    `json:"detail"`
}

type signingJSON struct {
	Status        Status        `json:"status"`
	PaymentStatus PaymentStatus `json:"paymentStatus"`
	DocumentID    string        `json:"documentId"`
	DocumentHash  string        `json:"documentHash"`
	Signers       []signerJSON  `json:"signers"`
	Events        []eventJSON   `json:"events"`
	CanSign       bool          `json:"canSign"`
	Verified      bool          `json:"verified"`
	NeedsPayment  bool          `json:"needsPayment"`
	WaitingFor    string        `json:"waitingFor"`
	Message       string        `json:"message"`
}

func signingOf(st SigningState, message string) signingJSON {
	out := signingJSON{Status: st.Contract.Status, PaymentStatus: st.Contract.PaymentStatus, DocumentID: st.Envelope.ID, DocumentHash: st.Envelope.DocHash,
		Signers: []signerJSON{}, Events: []eventJSON{}, CanSign: st.CanSign, Verified: st.Verified, NeedsPayment: st.NeedsPayment,
		WaitingFor: st.WaitingFor, Message: message}
	for _, sg := range st.Signers {
		out.Signers = append(out.Signers, signerJSON{Position: sg.Position, Stage: sg.Stage, Role: sg.Role, Name: sg.Name, Email: sg.Email,
			Signed: sg.Signed(), SignedAt: sg.SignedAt, Method: sg.Method, Me: sg.Me})
	}
	for _, e := range st.Events {
		out.Events = append(out.Events, eventJSON{At: e.At, Kind: e.Event, Actor: e.Actor, Detail: e.Detail})
	}
	return out
}

func (h *Handler) signing(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	st, err := h.svc.Signing(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, signingOf(st, ""))
}

func (h *Handler) sendCode(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.SendCode(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": signing.MsgCheckEmail})
}

func (h *Handler) verifyCode(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	st, err := h.svc.VerifyCode(r.Context(), a, r.PathValue("id"), in.Code, meta(r))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, signingOf(st, signing.MsgCodeVerified))
}

func (h *Handler) order(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	o, err := h.svc.Order(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o})
}

func (h *Handler) sign(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in signing.Signature
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	res, err := h.svc.Sign(r.Context(), a, r.PathValue("id"), in, meta(r))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": res.Message, "completed": res.Completed, "contract": toJSON(res.Record)})
}

func (h *Handler) invite(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Invite(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgInvitesSent})
}

func (h *Handler) resend(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Resend(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgLinkSent})
}

func (h *Handler) pdf(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	b, name, err := h.svc.PDF(r.Context(), a, r.PathValue("id"), httpx.ClientIP(r.Context()))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = w.Write(b)
	return err
}
