package refcheck

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the landlord's side; every check is the signed-in
// landlord's own or a 404.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("POST /api/reference-checks", httpx.Handle(session.Require(h.purchase)))
	mux.Handle("GET /api/reference-checks/deposit-warning", httpx.Handle(session.Require(h.depositWarning)))
	mux.Handle("GET /api/reference-checks/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("DELETE /api/reference-checks/{id}/renters/{renterId}", httpx.Handle(session.Require(h.removeRenter)))
	mux.Handle("POST /api/reference-checks/{id}/renters/{renterId}/resend", httpx.Handle(session.Require(h.resend)))
	mux.Handle("GET /api/reference-reports", httpx.Handle(session.Require(h.reports)))
	mux.Handle("GET /api/reference-checks/{id}/renters/{renterId}/report", httpx.Handle(session.Require(h.report)))
	mux.Handle("GET /api/reference-checks/{id}/renters/{renterId}/report.pdf", httpx.Handle(session.Require(h.reportPDF)))
	mux.Handle("POST /api/reference-checks/{id}/renters/{renterId}/report/send", httpx.Handle(session.Require(h.sendReport)))

	// The renter's side: no sign-in; the link's two random ids are the key.
	mux.Handle("GET /api/renter-checks/{id}/renters/{renterId}", httpx.Handle(h.renterPage))
	mux.Handle("POST /api/renter-checks/{id}/renters/{renterId}/declaration", httpx.Handle(h.declare))
	mux.Handle("POST /api/renter-checks/{id}/renters/{renterId}/bank", httpx.Handle(h.connectBank))
	mux.Handle("GET "+openbanking.CallbackPath, httpx.Handle(h.bankCallback))
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	rep, err := h.svc.Report(r.Context(), me, r.PathValue("id"), r.PathValue("renterId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, rep)
}

func (h *Handler) reportPDF(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	rep, err := h.svc.Report(r.Context(), me, r.PathValue("id"), r.PathValue("renterId"))
	if err != nil {
		return err
	}
	pdf, err := ReportPDF(rep)
	if err != nil {
		return apperr.Wrap(err, "render report pdf")
	}
	return httpx.WriteDownload(w, "reference-report-"+slug(rep.Name)+".pdf", "application/pdf", pdf)
}

func (h *Handler) sendReport(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	if err := h.svc.SendReport(r.Context(), me, r.PathValue("id"), r.PathValue("renterId")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgResent})
}

func (h *Handler) renterPage(w http.ResponseWriter, r *http.Request) error {
	v, err := h.svc.RenterPage(r.Context(), r.PathValue("id"), r.PathValue("renterId"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "private, no-store")
	return httpx.WriteJSON(w, http.StatusOK, v)
}

func (h *Handler) declare(w http.ResponseWriter, r *http.Request) error {
	var in DeclarationInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	next, err := h.svc.Declare(r.Context(), r.PathValue("id"), r.PathValue("renterId"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "success", "url": next})
}

func (h *Handler) connectBank(w http.ResponseWriter, r *http.Request) error {
	next, err := h.svc.ConnectBank(r.Context(), r.PathValue("id"), r.PathValue("renterId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "success", "url": next})
}

// bankCallback is where the bank sends the browser back.
func (h *Handler) bankCallback(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	next, err := h.svc.BankCallback(r.Context(), q.Get("state"), q.Get("code"), q.Get("error"))
	if err != nil {
		return err
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
	return nil
}

// slug makes a name safe for a file name.
func slug(s string) string {
	out := make([]rune, 0, len(s))
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			out = append(out, c)
		case len(out) > 0 && out[len(out)-1] != '-':
			out = append(out, '-')
		}
	}
	return strings.Trim(string(out), "-")
}

func (h *Handler) purchase(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	var in PurchaseInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, o, err := h.svc.Purchase(r.Context(), me, in)
	if err != nil {
		return err
	}
	warning, err := h.svc.DepositWarning(r.Context(), c.LandlordID, c.PropertyID, c.RentPence, c.DepositPence)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"referenceCheck": c, "order": o, "depositWarning": warning})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	c, err := h.svc.Get(r.Context(), me, r.PathValue("id"))
	if err != nil {
		return err
	}
	warning, err := h.svc.DepositWarning(r.Context(), c.LandlordID, c.PropertyID, c.RentPence, c.DepositPence)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"referenceCheck": c, "depositWarning": warning})
}

// depositWarning answers the reference form as the landlord types: the
// legal-cap warning for a monthly rent and a deposit in pence (whole
// pounds), or "" within the cap, by the law where the chosen property is
// (propertyId, optional). The rule is the server's alone.
func (h *Handler) depositWarning(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	q := r.URL.Query()
	rent, err1 := strconv.ParseInt(q.Get("rentPence"), 10, 64)
	deposit, err2 := strconv.ParseInt(q.Get("depositPence"), 10, 64)
	if err1 != nil || err2 != nil || !tenancy.RentOK(rent) || !tenancy.DepositOK(deposit) {
		return apperr.New(apperr.Invalid, "invalid", MsgNumbersOnly)
	}
	warning, err := h.svc.DepositWarning(r.Context(), me.UserID, q.Get("propertyId"), rent, deposit)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"depositWarning": warning})
}

func (h *Handler) removeRenter(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	o, err := h.svc.RemoveRenter(r.Context(), me, r.PathValue("id"), r.PathValue("renterId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"order": o})
}

func (h *Handler) resend(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	if err := h.svc.Resend(r.Context(), me, r.PathValue("id"), r.PathValue("renterId")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgResent})
}

func (h *Handler) reports(w http.ResponseWriter, r *http.Request, me session.Actor) error {
	var completed bool
	switch r.URL.Query().Get("status") {
	case "active", "":
	case "completed":
		completed = true
	default:
		return apperr.New(apperr.Invalid, "invalid", "status must be active or completed")
	}
	list, err := h.svc.Reports(r.Context(), me, completed)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"reports": list})
}
