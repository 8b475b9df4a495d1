package repair

import (
	"io"
	"net/http"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/session"
)

// contractorRoutes mounts the contractors (the landlord's), a repair's
// contractor and visit panel (its landlord and tenants), and the job link's
// calls (public: the token is the proof, and names one job only).
func (h *Handler) contractorRoutes(mux *httpx.Router) {
	mux.Handle("GET /api/contractors", httpx.Handle(session.Require(h.contractors)))
	mux.Handle("POST /api/contractors", httpx.Handle(session.Require(h.addContractor)))
	mux.Handle("PUT /api/contractors/{id}", httpx.Handle(session.Require(h.updateContractor)))
	mux.Handle("DELETE /api/contractors/{id}", httpx.Handle(session.Require(h.deleteContractor)))

	mux.Handle("GET /api/repairs/{id}/visit", httpx.Handle(session.Require(h.visit)))
	mux.Handle("POST /api/repairs/{id}/visit/assign", httpx.Handle(session.Require(h.assign)))
	mux.Handle("POST /api/repairs/{id}/visit/appointment", httpx.Handle(session.Require(h.proposeVisit)))
	mux.Handle("POST /api/repairs/{id}/visit/confirm", httpx.Handle(session.Require(h.confirmVisit)))
	mux.Handle("PUT /api/repairs/{id}/visit/contact", httpx.Handle(session.Require(h.shareContact)))
	mux.Handle("GET /api/repairs/{id}/visit/invoice", httpx.Handle(session.Require(h.invoiceFile)))

	mux.Handle("GET /api/jobs/{token}", httpx.Handle(h.job))
	mux.Handle("POST /api/jobs/{token}/accept", httpx.Handle(h.acceptJob))
	mux.Handle("POST /api/jobs/{token}/decline", httpx.Handle(h.declineJob))
	mux.Handle("POST /api/jobs/{token}/appointment", httpx.Handle(h.proposeJob))
	mux.Handle("POST /api/jobs/{token}/arrive", httpx.Handle(h.arriveJob))
	mux.Handle("POST /api/jobs/{token}/done", httpx.Handle(h.doneJob))
	mux.Handle("POST /api/jobs/{token}/photos", httpx.Handle(h.jobPhoto))
	mux.Handle("GET /api/jobs/{token}/photos/{name}", httpx.Handle(h.jobPhotoFile))
	mux.Handle("POST /api/jobs/{token}/invoice", httpx.Handle(h.jobInvoice))
}

func (h *Handler) contractors(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.Contractors(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

func (h *Handler) addContractor(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ContractorInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.AddContractor(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"contractor": c})
}

func (h *Handler) updateContractor(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ContractorInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.UpdateContractor(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"contractor": c})
}

func (h *Handler) deleteContractor(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DeleteContractor(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) visit(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.Visit(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"visit": v})
}

func (h *Handler) assign(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in AssignInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Assign(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"visit": v})
}

func (h *Handler) proposeVisit(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in AppointmentInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.ProposeVisit(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"visit": v})
}

func (h *Handler) confirmVisit(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ConfirmInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.ConfirmVisit(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"visit": v})
}

func (h *Handler) shareContact(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ContactInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.ShareContact(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"visit": v})
}

func (h *Handler) invoiceFile(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, ctype, name, err := h.svc.JobInvoiceFile(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rc.Close()
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	httpx.WriteFile(w, rc, ctype, -1)
	return nil
}

// The job link's calls: no session; the link's token names the job.

func (h *Handler) jobAnswer(w http.ResponseWriter, v JobView, err error) error {
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"job": v})
}

func (h *Handler) job(w http.ResponseWriter, r *http.Request) error {
	v, err := h.svc.Job(r.Context(), r.PathValue("token"))
	return h.jobAnswer(w, v, err)
}

func (h *Handler) acceptJob(w http.ResponseWriter, r *http.Request) error {
	v, err := h.svc.AcceptJob(r.Context(), r.PathValue("token"))
	return h.jobAnswer(w, v, err)
}

func (h *Handler) declineJob(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.DeclineJob(r.Context(), r.PathValue("token"), in.Reason)
	return h.jobAnswer(w, v, err)
}

func (h *Handler) proposeJob(w http.ResponseWriter, r *http.Request) error {
	var in AppointmentInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.ProposeJob(r.Context(), r.PathValue("token"), in)
	return h.jobAnswer(w, v, err)
}

func (h *Handler) arriveJob(w http.ResponseWriter, r *http.Request) error {
	v, err := h.svc.ArriveJob(r.Context(), r.PathValue("token"))
	return h.jobAnswer(w, v, err)
}

func (h *Handler) doneJob(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Note string `json:"note"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.DoneJob(r.Context(), r.PathValue("token"), in.Note)
	return h.jobAnswer(w, v, err)
}

func (h *Handler) jobPhoto(w http.ResponseWriter, r *http.Request) error {
	file, err := httpx.UploadedFile(r, "file", photo.MsgNoFile, photo.MsgTooLarge)
	if err != nil {
		return err
	}
	v, err := h.svc.JobPhoto(r.Context(), r.PathValue("token"), file)
	return h.jobAnswer(w, v, err)
}

func (h *Handler) jobPhotoFile(w http.ResponseWriter, r *http.Request) error {
	f, err := h.svc.JobPhotoFile(r.Context(), r.PathValue("token"), r.PathValue("name"))
	if err != nil {
		return err
	}
	if f.RedirectURL != "" {
		http.Redirect(w, r, f.RedirectURL, http.StatusFound)
		return nil
	}
	defer f.Body.Close()
	w.Header().Set("Cache-Control", "private, no-cache")
	httpx.WriteFile(w, f.Body, f.ContentType, f.Size)
	return nil
}

// jobInvoice takes the invoice file in the multipart field "file" and its
// amount in pence as the query's amountPence (the file is streamed, so the
// amount comes first, in the address).
func (h *Handler) jobInvoice(w http.ResponseWriter, r *http.Request) error {
	amount := r.URL.Query().Get("amountPence")
	if _, err := ParsePence(amount); err != nil {
		return err
	}
	file, err := httpx.UploadedFile(r, "file", MsgInvoiceNone, MsgInvoiceSize)
	if err != nil {
		return err
	}
	v, err := h.svc.JobInvoice(r.Context(), r.PathValue("token"), amount, io.Reader(file))
	return h.jobAnswer(w, v, err)
}
