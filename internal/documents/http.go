package documents

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/documents/summary", httpx.Handle(session.Require(h.summary)))
	mux.Handle("GET /api/documents/certificate-types", httpx.Handle(session.Require(h.types)))
	mux.Handle("GET /api/documents/certificates", httpx.Handle(session.Require(h.certificates)))
	mux.Handle("GET /api/documents/compliance", httpx.Handle(session.Require(h.compliance)))
	mux.Handle("GET /api/documents/contracts", httpx.Handle(session.Require(h.contracts)))
	mux.Handle("GET /api/documents/reference-checks", httpx.Handle(session.Require(h.refChecks)))
	mux.Handle("GET /api/documents/inventory-reports", httpx.Handle(session.Require(h.reports)))
	mux.Handle("POST /api/certificates/booking", httpx.Handle(session.Require(h.book)))
	mux.Handle("POST /api/certificates/with-file", httpx.Handle(session.Require(h.createWithFile)))
	mux.Handle("PATCH /api/certificates/{id}", httpx.Handle(session.Require(h.update)))
	mux.Handle("DELETE /api/certificates/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("POST /api/certificates/{id}/files", httpx.Handle(session.Require(h.upload)))
	mux.Handle("GET /api/certificates/{id}/files/{fileId}", httpx.Handle(session.Require(h.file)))
	mux.Handle("DELETE /api/certificates/{id}/files/{fileId}", httpx.Handle(session.Require(h.deleteFile)))
	mux.Handle("GET /api/properties/{id}/compliance", httpx.Handle(session.Require(h.propertyCompliance)))
	mux.Handle("PUT /api/properties/{id}/compliance", httpx.Handle(session.Require(h.setCompliance)))
}

// UploadBodyLimit lets a certificate file's request through the body cap:
// 10 MB and the form's framing.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/certificates/") &&
		(strings.HasSuffix(r.URL.Path, "/files") || r.URL.Path == "/api/certificates/with-file") {
		return MaxFileBytes + 64<<10
	}
	return 0
}

func (h *Handler) summary(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	s, err := h.svc.Summary(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, s)
}

func (h *Handler) types(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := landlord(a); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, h.svc.Catalogue())
}

func (h *Handler) certificates(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	c, err := h.svc.Certificates(r.Context(), a, r.URL.Query().Get("propertyId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) compliance(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	c, err := h.svc.Compliance(r.Context(), a, r.URL.Query().Get("propertyId"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) propertyCompliance(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	c, err := h.svc.Compliance(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) setCompliance(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		HasGas *bool `json:"hasGas"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.HasGas == nil {
		return apperr.Fields("Please say whether the property has gas.", map[string]string{"hasGas": "Please say whether the property has gas."})
	}
	c, err := h.svc.SetGas(r.Context(), a, r.PathValue("id"), *in.HasGas)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) items(w http.ResponseWriter, list []Item, err error) error {
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"items": list})
}

func (h *Handler) contracts(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.ContractItems(r.Context(), a, r.URL.Query().Get("propertyId"))
	return h.items(w, list, err)
}

func (h *Handler) refChecks(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.RefCheckItems(r.Context(), a, r.URL.Query().Get("propertyId"))
	return h.items(w, list, err)
}

func (h *Handler) reports(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.ReportItems(r.Context(), a, r.URL.Query().Get("propertyId"))
	return h.items(w, list, err)
}

// createWithFile records a certificate with its first file in one request
// (multipart: the field "certificate" holding the JSON of CertificateInput,
// then the field "file"): both are saved or neither. It is the only way to
// record one: a certificate is never recorded without its file (issue 43
// retired the JSON-only POST /api/certificates that allowed it); further
// files go to POST /api/certificates/{id}/files.
func (h *Handler) createWithFile(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := landlord(a); err != nil { // before reading an upload
		return err
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return apperr.New(apperr.Invalid, "no_file", MsgNoFile)
	}
	var in *CertificateInput
	for {
		part, err := mr.NextPart()
		if err != nil {
			if apperr.KindOf(err) == apperr.TooLarge {
				return apperr.New(apperr.TooLarge, "file_too_large", MsgFileTooLarge)
			}
			if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
				return apperr.New(apperr.TooLarge, "file_too_large", MsgFileTooLarge)
			}
			return apperr.New(apperr.Invalid, "no_file", MsgNoFile)
		}
		switch part.FormName() {
		case "certificate":
			var c CertificateInput
			if err := json.NewDecoder(io.LimitReader(part, 64<<10)).Decode(&c); err != nil {
				return apperr.New(apperr.Invalid, "invalid", "The certificate's details could not be read.")
			}
			in = &c
		case "file":
			if in == nil {
				return apperr.New(apperr.Invalid, "invalid", "The certificate's details must come before its file.")
			}
			c, err := h.svc.CreateWithFile(r.Context(), a, *in, part.FileName(), part)
			if err != nil {
				return err
			}
			return httpx.WriteJSON(w, http.StatusCreated, c)
		}
		_ = part.Close()
	}
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in CertificateInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.svc.Update(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) book(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in BookingInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Book(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, v)
}

func (h *Handler) upload(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	// Who may add a file is decided before the body is read.
	if _, err := h.svc.owned(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	file, err := httpx.UploadedFile(r, "file", MsgNoFile, MsgFileTooLarge)
	if err != nil {
		if apperr.KindOf(err) == apperr.TooLarge {
			return apperr.New(apperr.TooLarge, "file_too_large", MsgFileTooLarge)
		}
		return err
	}
	f, err := h.svc.AddFile(r.Context(), a, r.PathValue("id"), httpx.UploadedFileName(file), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, f)
}

func (h *Handler) file(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, f, err := h.svc.OpenFile(r.Context(), a, r.PathValue("id"), r.PathValue("fileId"))
	if err != nil {
		return err
	}
	defer rc.Close()
	disposition := "inline"
	if r.URL.Query().Get("download") != "" {
		disposition = "attachment"
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": f.Filename}))
	w.Header().Set("Cache-Control", "private, no-store")
	httpx.WriteFile(w, rc, f.ContentType, f.Size)
	return nil
}

func (h *Handler) deleteFile(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DeleteFile(r.Context(), a, r.PathValue("id"), r.PathValue("fileId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
