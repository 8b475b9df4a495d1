package contract

import (
	"net/http"
	"strconv"
	"strings"

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

func signingOf(st SigningState, message string) signing.StateJSON {
	mine := map[int]bool{}
	for _, sg := range st.Signers {
		mine[sg.Position] = sg.Me
	}
	signers := make([]signing.Signer, 0, len(st.Signers))
	for _, sg := range st.Signers {
		signers = append(signers, sg.Signer)
	}
	out := signing.NewStateJSON(st.Envelope, signers, st.Events, func(sg signing.Signer) bool { return mine[sg.Position] })
	out.Status, out.PaymentStatus = string(st.Contract.Status), string(st.Contract.PaymentStatus)
	out.CanSign, out.Verified, out.NeedsPayment, out.WaitingFor, out.Message = st.CanSign, st.Verified, st.NeedsPayment, st.WaitingFor, message
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
