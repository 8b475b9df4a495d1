package signing

import (
	"context"
	"errors"
	"net/http"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

// CheckTurn is nil when the actor may begin signing a started envelope now
// (ask for a code, verify it): one of its signers, not signed yet, with
// every signer of a lower stage signed.
func (s *Service) CheckTurn(ctx context.Context, r Ref, a session.Actor) error {
	env, err := s.Envelope(ctx, r)
	if err != nil {
		return err
	}
	sg, ok := SignerFor(env, a)
	switch {
	case !ok:
		return apperr.New(apperr.Forbidden, "not_a_signer", MsgNotASigner)
	case sg.Signed():
		return apperr.New(apperr.Conflict, "already_signed", MsgAlreadySigned)
	}
	if w := WaitingFor(env, sg); w != "" {
		return apperr.New(apperr.Conflict, "not_your_turn", w)
	}
	return nil
}

// Location is where the browser says the signer is, when they allowed it.
type Location struct {
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	Accuracy float64 `json:"accuracy"`
}

// SignRequest is the body of a sign request: the signature, the SHA-256 of
// the document's text as the signer's page showed it (the signing state's
// documentHash; a signature binds that version only) and, where the area
// keeps it, the signer's location.
type SignRequest struct {
	Signature
	DocumentHash string    `json:"documentHash"`
	Location     *Location `json:"location"`
}

// Signed is the answer to a signature: the area's message, whether every
// signer has now signed, and the record as the area shows it under Key.
type Signed struct {
	Message   string
	Completed bool
	Key       string
	Record    any
}

// Area is what an area gives the signing endpoints for its documents; it
// decides who may do what, this package keeps the order and the evidence.
type Area interface {
	SigningState(ctx context.Context, a session.Actor, id, message string) (StateJSON, error)
	SendCode(ctx context.Context, a session.Actor, id string) error
	VerifyCode(ctx context.Context, a session.Actor, id, code string, m Meta) error
	// FeeOrder is the actor's one order for the document's fee.
	FeeOrder(ctx context.Context, a session.Actor, id string) (any, error)
	SignAs(ctx context.Context, a session.Actor, id string, in SignRequest, m Meta) (Signed, error)
}

// MetaOf is where a request came from.
func MetaOf(r *http.Request) Meta {
	return Meta{IP: httpx.ClientIP(r.Context()), UserAgent: r.UserAgent()}
}

// Mount adds an area's signing endpoints under base (e.g.
// "/api/contracts/{id}"): GET signing, POST signing/code, signing/verify,
// signing/order and signing/sign.
func Mount(mux *httpx.Router, base string, area Area) {
	mux.Handle("GET "+base+"/signing", httpx.Handle(session.Require(func(w http.ResponseWriter, r *http.Request, a session.Actor) error {
		st, err := area.SigningState(r.Context(), a, r.PathValue("id"), "")
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, st)
	})))
	mux.Handle("POST "+base+"/signing/code", httpx.Handle(session.Require(func(w http.ResponseWriter, r *http.Request, a session.Actor) error {
		if err := area.SendCode(r.Context(), a, r.PathValue("id")); err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgCheckEmail})
	})))
	mux.Handle("POST "+base+"/signing/verify", httpx.Handle(session.Require(func(w http.ResponseWriter, r *http.Request, a session.Actor) error {
		var in struct {
			Code string `json:"code"`
		}
		if err := httpx.DecodeJSON(r, &in); err != nil {
			return err
		}
		if err := area.VerifyCode(r.Context(), a, r.PathValue("id"), in.Code, MetaOf(r)); err != nil {
			return err
		}
		st, err := area.SigningState(r.Context(), a, r.PathValue("id"), MsgCodeVerified)
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, st)
	})))
	mux.Handle("POST "+base+"/signing/order", httpx.Handle(session.Require(func(w http.ResponseWriter, r *http.Request, a session.Actor) error {
		o, err := area.FeeOrder(r.Context(), a, r.PathValue("id"))
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o})
	})))
	mux.Handle("POST "+base+"/signing/sign", httpx.Handle(session.Require(func(w http.ResponseWriter, r *http.Request, a session.Actor) error {
		var in SignRequest
		if err := httpx.DecodeJSON(r, &in); err != nil {
			return err
		}
		res, err := area.SignAs(r.Context(), a, r.PathValue("id"), in, MetaOf(r))
		if changed, ok := errors.AsType[*ErrChanged](err); ok {
			// The version in force, for the page to show before a new try.
			st, serr := area.SigningState(r.Context(), a, r.PathValue("id"), "")
			if serr != nil {
				return serr
			}
			st.DocumentHash = changed.Current
			return httpx.WriteJSON(w, http.StatusConflict, map[string]any{
				"error": map[string]any{"code": "document_changed", "message": MsgDocChanged}, "signing": st})
		}
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": res.Message, "completed": res.Completed, res.Key: res.Record})
	})))
}
