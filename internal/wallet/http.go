package wallet

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// UploadBodyLimit lets an invoice (10 MB at most) through the body size cap.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/api/wallet/transactions/") && strings.HasSuffix(r.URL.Path, "/invoice") {
		return MaxInvoiceBytes + 64<<10
	}
	return 0
}

// Routes mounts the wallet's calls (spec 3 section 7, as REST); the
// service admits landlords only.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/wallet/categories", httpx.Handle(session.Require(h.categories)))
	mux.Handle("DELETE /api/wallet/categories/{kind}/{name}", httpx.Handle(session.Require(h.deleteCategory)))
	mux.Handle("GET /api/wallet/transactions", httpx.Handle(session.Require(h.list)))
	mux.Handle("POST /api/wallet/transactions", httpx.Handle(session.Require(h.create)))
	mux.Handle("GET /api/wallet/transactions/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("PUT /api/wallet/transactions/{id}", httpx.Handle(session.Require(h.update)))
	mux.Handle("DELETE /api/wallet/transactions/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("PUT /api/wallet/transactions/{id}/invoice", httpx.Handle(session.Require(h.setInvoice)))
	mux.Handle("GET /api/wallet/transactions/{id}/invoice", httpx.Handle(session.Require(h.invoice)))
	mux.Handle("DELETE /api/wallet/transactions/{id}/invoice", httpx.Handle(session.Require(h.deleteInvoice)))
	mux.Handle("GET /api/wallet/overview", httpx.Handle(session.Require(h.overview)))
	mux.Handle("GET /api/wallet/properties", httpx.Handle(session.Require(h.properties)))
	mux.Handle("PUT /api/wallet/properties/{propertyId}/rent", httpx.Handle(session.Require(h.setRent)))
	mux.Handle("DELETE /api/wallet/properties/{propertyId}/rent", httpx.Handle(session.Require(h.deleteRent)))
	mux.Handle("GET /api/wallet/tax-year", httpx.Handle(session.Require(h.taxYear)))
	mux.Handle("GET /api/wallet/export/transactions.csv", httpx.Handle(session.Require(h.transactionsCSV)))
	mux.Handle("GET /api/wallet/export/tax-year.csv", httpx.Handle(session.Require(h.taxYearCSV)))
	mux.Handle("GET /api/wallet/export/invoices.zip", httpx.Handle(session.Require(h.invoicesZIP)))
}

func (h *Handler) categories(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	c, err := h.svc.Categories(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) deleteCategory(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DeleteCategory(r.Context(), a, Kind(r.PathValue("kind")), r.PathValue("name")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func query(r *http.Request) Query {
	v := r.URL.Query()
	limit, _ := strconv.Atoi(v.Get("limit"))
	return Query{From: v.Get("from"), To: v.Get("to"), Filter: v.Get("filter"), PropertyID: v.Get("propertyId"),
		Category: v.Get("category"), Box: v.Get("box"), Limit: limit}
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	p, err := h.svc.List(r.Context(), a, query(r))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, p)
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	t, err := h.svc.Create(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"transaction": t})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	t, err := h.svc.Get(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"transaction": t})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	t, err := h.svc.Update(r.Context(), a, r.PathValue("id"), in)
	if changed, ok := errors.AsType[*ErrChanged](err); ok {
		return httpx.WriteJSON(w, http.StatusConflict, map[string]any{
			"error": map[string]any{"code": "changed", "message": MsgChanged}, "transaction": changed.Current})
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"transaction": t})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) setInvoice(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := landlord(a); err != nil { // before reading an upload
		return err
	}
	file, err := httpx.UploadedFile(r, "file", MsgInvoiceMissing, MsgInvoiceTooLarge)
	if err != nil {
		return err
	}
	t, err := h.svc.SetInvoice(r.Context(), a, r.PathValue("id"), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"transaction": t})
}

func (h *Handler) invoice(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, inv, err := h.svc.Invoice(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rc.Close()
	disposition := "inline"
	if r.URL.Query().Get("download") != "" {
		disposition = "attachment"
	}
	w.Header().Set("Content-Disposition", disposition+`; filename="`+inv.Name+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	// A stored PDF is shown by the browser's viewer, never run as a page.
	w.Header().Set("Content-Security-Policy", "sandbox")
	httpx.WriteFile(w, io.LimitReader(rc, inv.Size), inv.ContentType, inv.Size)
	return nil
}

func (h *Handler) deleteInvoice(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	t, err := h.svc.DeleteInvoice(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"transaction": t})
}

func (h *Handler) overview(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	o, err := h.svc.Overview(r.Context(), a, r.URL.Query().Get("period"), r.URL.Query().Get("filter"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, o)
}

func (h *Handler) properties(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	p, err := h.svc.Properties(r.Context(), a, r.URL.Query().Get("period"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, p)
}

func (h *Handler) setRent(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ExpectedRent
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.svc.SetExpectedRent(r.Context(), a, r.PathValue("propertyId"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"expectedRent": out})
}

func (h *Handler) deleteRent(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DeleteExpectedRent(r.Context(), a, r.PathValue("propertyId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func year(r *http.Request) (int, error) {
	v := r.URL.Query().Get("year")
	if v == "" {
		return 0, nil
	}
	y, err := strconv.Atoi(v)
	if err != nil {
		return 0, apperr.New(apperr.Invalid, "bad_year", MsgBadYear)
	}
	return y, nil
}

func (h *Handler) taxYear(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	y, err := year(r)
	if err != nil {
		return err
	}
	ty, err := h.svc.TaxYear(r.Context(), a, y, r.URL.Query().Get("propertyId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, ty)
}

func (h *Handler) transactionsCSV(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	b, name, err := h.svc.TransactionsCSV(r.Context(), a, query(r))
	if err != nil {
		return err
	}
	return httpx.WriteDownload(w, name, "text/csv; charset=utf-8", b)
}

func (h *Handler) taxYearCSV(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	y, err := year(r)
	if err != nil {
		return err
	}
	b, name, err := h.svc.TaxYearCSV(r.Context(), a, y, r.URL.Query().Get("propertyId"))
	if err != nil {
		return err
	}
	return httpx.WriteDownload(w, name, "text/csv; charset=utf-8", b)
}

func (h *Handler) invoicesZIP(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	y, err := year(r)
	if err != nil {
		return err
	}
	b, name, err := h.svc.InvoicesZIP(r.Context(), a, y, r.URL.Query().Get("propertyId"))
	if err != nil {
		return err
	}
	return httpx.WriteDownload(w, name, "application/zip", b)
}
