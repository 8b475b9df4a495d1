package payment

import (
	"io"
	"net/http"

	"github.com/omnirent/omnirent/internal/apperr"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the buyer's side of orders; every call is the signed-in
// user's own order or a 404.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/orders", httpx.Handle(session.Require(h.list)))
	mux.Handle("GET /api/orders/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("POST /api/orders/{id}/promo-codes", httpx.Handle(session.Require(h.applyCode)))
	mux.Handle("DELETE /api/orders/{id}/promo-codes/{code}", httpx.Handle(session.Require(h.removeCode)))
	mux.Handle("POST /api/orders/{id}/free", httpx.Handle(session.Require(h.free)))
	mux.Handle("POST /api/orders/{id}/sandbox-payment", httpx.Handle(session.Require(h.paySandbox)))
	mux.Handle("POST /api/orders/{id}/card-payment", httpx.Handle(session.Require(h.startCardPayment)))
	// A paid order's VAT receipt, named by its receipt number, and its PDF.
	mux.Handle("GET /api/receipts/{number}", httpx.Handle(session.Require(h.receipt)))
	mux.Handle("GET /api/receipts/{number}/pdf", httpx.Handle(session.Require(h.receiptPDF)))
	// Stripe calls this one: no session, and no browser headers, so the
	// cross-origin check lets it through; the signature is its authentication.
	mux.Handle("POST /api/payments/stripe/webhook", httpx.Handle(h.stripeWebhook))
}

func (h *Handler) respond(w http.ResponseWriter, o Order, err error) error {
	if apperr.CodeOf(err) == "already_paid" && o.Status == Paid {
		// 409 with the paid order: the receipt of the payment that counted.
		return httpx.WriteJSON(w, http.StatusConflict, map[string]any{
			"error": map[string]string{"code": "already_paid", "message": MsgAlreadyPaid}, "order": o, "provider": h.svc.Provider()})
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o, "provider": h.svc.Provider()})
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	orders, err := h.svc.Orders(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"orders": orders})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	o, err := h.svc.Refresh(r.Context(), a, r.PathValue("id"))
	return h.respond(w, o, err)
}

func (h *Handler) applyCode(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	o, err := h.svc.ApplyCode(r.Context(), a, r.PathValue("id"), in.Code)
	return h.respond(w, o, err)
}

func (h *Handler) removeCode(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	o, err := h.svc.RemoveCode(r.Context(), a, r.PathValue("id"), r.PathValue("code"))
	return h.respond(w, o, err)
}

func (h *Handler) free(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	o, err := h.svc.CompleteFree(r.Context(), a, r.PathValue("id"))
	return h.respond(w, o, err)
}

func (h *Handler) paySandbox(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var c Card
	if err := httpx.DecodeJSON(r, &c); err != nil {
		return err
	}
	o, err := h.svc.PaySandbox(r.Context(), a, r.PathValue("id"), c)
	return h.respond(w, o, err)
}

func (h *Handler) startCardPayment(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	o, p, err := h.svc.StartCardPayment(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o, "provider": h.svc.Provider(),
		"clientSecret": p.ClientSecret, "publishableKey": p.PublishableKey})
}

// stripeWebhook answers 200 to every event it handled or ignores, 400 to a
// bad signature or an old timestamp, and 5xx when recording failed, so
// that Stripe delivers it again.
func (h *Handler) stripeWebhook(w http.ResponseWriter, r *http.Request) error {
	payload, err := io.ReadAll(r.Body) // the raw bytes: the signature covers them exactly
	if err != nil {
		return apperr.New(apperr.Invalid, "bad_body", "Could not read the request body.")
	}
	if err := h.svc.StripeWebhook(r.Context(), payload, r.Header.Get("Stripe-Signature")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
}

func (h *Handler) receipt(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, err := h.svc.Receipt(r.Context(), a, r.PathValue("number"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"receipt": rc})
}

func (h *Handler) receiptPDF(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	name, b, err := h.svc.ReceiptPDF(r.Context(), a, r.PathValue("number"))
	if err != nil {
		return err
	}
	return httpx.WriteDownload(w, name, "application/pdf", b)
}
