package deposit

import (
	"bytes"
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

// MaxFileBytes bounds a certificate or a quote (as documents' certificate files).
const MaxFileBytes = 10 << 20

const (
	msgNoFile   = "Please choose a file: a PDF, JPEG or PNG."
	msgTooLarge = "The file is too large: at most 10 MB."
)

// Routes mounts the deposit API; every route is for a signed-in landlord
// or tenant of the agreement (anyone else is told it does not exist).
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/deposits", httpx.Handle(session.Require(h.overview)))
	mux.Handle("GET /api/deposits/tenancies/{id}", httpx.Handle(session.Require(h.one)))
	mux.Handle("PUT /api/deposits/tenancies/{id}/protection", httpx.Handle(session.Require(h.protect)))
	mux.Handle("POST /api/deposits/tenancies/{id}/certificate", httpx.Handle(session.Require(h.certificate)))
	mux.Handle("GET /api/deposits/tenancies/{id}/certificate", httpx.Handle(session.Require(h.openCertificate)))
	mux.Handle("GET /api/deposits/tenancies/{id}/deductions", httpx.Handle(session.Require(h.deductions)))
	mux.Handle("POST /api/deposits/tenancies/{id}/deductions", httpx.Handle(session.Require(h.addLine)))
	mux.Handle("PUT /api/deposits/lines/{id}", httpx.Handle(session.Require(h.editLine)))
	mux.Handle("DELETE /api/deposits/lines/{id}", httpx.Handle(session.Require(h.deleteLine)))
	mux.Handle("POST /api/deposits/lines/{id}/answer", httpx.Handle(session.Require(h.answer)))
	mux.Handle("POST /api/deposits/lines/{id}/quote", httpx.Handle(session.Require(h.addQuote)))
	mux.Handle("GET /api/deposits/lines/{id}/quote", httpx.Handle(session.Require(h.openQuote)))
	mux.Handle("GET /api/deposits/tenancies/{id}/evidence-pack", httpx.Handle(session.Require(h.evidencePack)))
	h.answerPhotoRoutes(mux)
	mux.Handle("POST /api/deposits/tenancies/{id}/return", httpx.Handle(session.Require(h.recordReturn)))
}

func (h *Handler) recordReturn(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ReturnInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.RecordReturn(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, v)
}

// stale answers an edit or an answer to an old revision: 409 with the line as it now is.
func stale(w http.ResponseWriter, err error) (bool, error) {
	var se *StaleError
	if errors.As(err, &se) {
		return true, httpx.WriteJSON(w, http.StatusConflict, map[string]any{
			"error": map[string]any{"code": "changed", "message": se.Message}, "line": se.Line})
	}
	return false, err
}

func (h *Handler) deductions(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.Deductions(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, v)
}

func (h *Handler) addLine(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in LineInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.AddLine(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"line": v})
}

func (h *Handler) editLine(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in LineInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.EditLine(r.Context(), a, r.PathValue("id"), in)
	if done, err := stale(w, err); done || err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"line": v})
}

func (h *Handler) deleteLine(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DeleteLine(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) answer(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in AnswerInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.AnswerLine(r.Context(), a, r.PathValue("id"), in)
	if done, err := stale(w, err); done || err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"line": v})
}

func (h *Handler) addQuote(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	// Who may add a file is decided before the body is read.
	if _, _, role, err := h.svc.lineFor(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	} else if role != RoleLandlord {
		return apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	file, err := uploaded(r, msgNoFile, "file_too_large", msgTooLarge)
	if err != nil {
		return err
	}
	v, err := h.svc.AddQuote(r.Context(), a, r.PathValue("id"), httpx.UploadedFileName(file), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"line": v})
}

func (h *Handler) openQuote(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, f, err := h.svc.OpenQuote(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rc.Close()
	serveStored(w, rc, "inline", f.Name, f.ContentType, f.Size)
	return nil
}

// UploadBodyLimit lets a certificate (10 MB) and the form's framing through the body cap.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/deposits/") &&
		(strings.HasSuffix(r.URL.Path, "/certificate") || strings.HasSuffix(r.URL.Path, "/quote")) {
		return MaxFileBytes + 64<<10
	}
	if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/deposits/lines/") && strings.HasSuffix(r.URL.Path, "/answer/photos") {
		return MaxPhotoBytes + 64<<10 // a tenant's photo of their dispute
	}
	return 0
}

func (h *Handler) overview(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.Overview(r.Context(), a)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"tenancies": list})
}

func (h *Handler) one(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	v, err := h.svc.One(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"tenancy": v})
}

func (h *Handler) protect(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in ProtectionInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.svc.Protect(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"tenancy": v})
}

func (h *Handler) certificate(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	// Who may add a file is decided before the body is read.
	if _, err := h.svc.landlordTenancy(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	file, err := uploaded(r, msgNoFile, "file_too_large", msgTooLarge)
	if err != nil {
		return err
	}
	v, err := h.svc.AddCertificate(r.Context(), a, r.PathValue("id"), httpx.UploadedFileName(file), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"tenancy": v})
}

func (h *Handler) openCertificate(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, f, err := h.svc.OpenCertificate(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rc.Close()
	disposition := "inline"
	if r.URL.Query().Get("download") != "" {
		disposition = "attachment"
	}
	serveStored(w, rc, disposition, f.Name, f.ContentType, f.Size)
	return nil
}

// evidencePack downloads the sealed evidence pack (pack.go).
func (h *Handler) evidencePack(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	b, name, err := h.svc.EvidencePack(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	w.Header().Set("Cache-Control", "private, no-store")
	httpx.WriteFile(w, bytes.NewReader(b), "application/pdf", int64(len(b)))
	return nil
}

// uploaded is the request's file in the multipart field "file", a file
// over the limit refused with the area's code and message.
func uploaded(r *http.Request, noFile, tooLargeCode, tooLarge string) (io.Reader, error) {
	file, err := httpx.UploadedFile(r, "file", noFile, tooLarge)
	if apperr.KindOf(err) == apperr.TooLarge {
		return nil, apperr.New(apperr.TooLarge, tooLargeCode, tooLarge)
	}
	return file, err
}

// serveStored streams a stored file (a certificate, a quote, a dispute
// photo) to a party, private and never cached, under its own name.
func serveStored(w http.ResponseWriter, body io.Reader, disposition, name, contentType string, size int64) {
	w.Header().Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": name}))
	w.Header().Set("Cache-Control", "private, no-store")
	httpx.WriteFile(w, body, contentType, size)
}
