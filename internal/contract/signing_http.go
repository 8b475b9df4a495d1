package contract

import (
	"context"
	"net/http"
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

// signingArea gives the signing endpoints (signing.Mount) the agreements.
type signingArea struct{ svc *Service }

func (g signingArea) SigningState(ctx context.Context, a session.Actor, id, message string) (signing.StateJSON, error) {
	st, err := g.svc.Signing(ctx, a, id)
	if err != nil {
		return signing.StateJSON{}, err
	}
	return signingOf(st, message), nil
}

func (g signingArea) SendCode(ctx context.Context, a session.Actor, id string) error {
	return g.svc.SendCode(ctx, a, id)
}

func (g signingArea) VerifyCode(ctx context.Context, a session.Actor, id, code string, m signing.Meta) error {
	_, err := g.svc.VerifyCode(ctx, a, id, code, m)
	return err
}

func (g signingArea) FeeOrder(ctx context.Context, a session.Actor, id string) (any, error) {
	return g.svc.Order(ctx, a, id)
}

func (g signingArea) SignAs(ctx context.Context, a session.Actor, id string, in signing.SignRequest, m signing.Meta) (signing.Signed, error) {
	res, err := g.svc.Sign(ctx, a, id, in.Signature, in.DocumentHash, m)
	if err != nil {
		return signing.Signed{}, err
	}
	return signing.Signed{Message: res.Message, Completed: res.Completed, Key: "contract", Record: toJSON(res.Record)}, nil
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
	out.Notice = st.Notice
	if !st.Owner {
		out.HideOthers()
	}
	return out
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
	return httpx.WriteDownload(w, name, "application/pdf", b)
}
