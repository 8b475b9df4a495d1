package repair

import (
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/session"
)

func (h *Handler) evidenceRoutes(mux *httpx.Router) {
	mux.Handle("POST /api/repairs/{id}/photos", httpx.Handle(session.Require(h.addPhoto)))
	mux.Handle("POST /api/repairs/{id}/videos", httpx.Handle(session.Require(h.addVideo)))
	mux.Handle("GET /api/repairs/{id}/videos/{name}", httpx.Handle(session.Require(h.video)))
	mux.Handle("POST /api/repairs/{id}/original", httpx.Handle(session.Require(h.attachOriginal)))
	mux.Handle("GET /api/repairs/{id}/files/{name}", httpx.Handle(session.Require(h.file)))
	mux.Handle("GET /api/repairs/{id}/history.pdf", httpx.Handle(session.Require(h.historyPDF)))
}

// UploadBodyLimit lets the area's uploads through the body size cap, with
// their multipart framing: a repair's photo (5 MB), video (50 MB) or
// original message (10 MB), and through a job link a photo of the work or the invoice; 0
// for every other request.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method != http.MethodPost {
		return 0
	}
	p := r.URL.Path
	repairs, jobs := strings.HasPrefix(p, "/api/repairs/"), strings.HasPrefix(p, "/api/jobs/")
	switch {
	case repairs && strings.HasSuffix(p, "/photos"):
		return imaging.DefaultMaxBytes + 64<<10
	case repairs && strings.HasSuffix(p, "/videos"):
		return MaxVideoBytes + 64<<10
	case repairs && strings.HasSuffix(p, "/original"):
		return MaxOriginalBytes + 64<<10
	case jobs && strings.HasSuffix(p, "/photos"):
		return imaging.DefaultMaxBytes + invoiceBodyAllowance
	case jobs && strings.HasSuffix(p, "/invoice"):
		return MaxInvoiceBytes + invoiceBodyAllowance
	}
	return 0
}

// addPhoto takes one photo in the multipart field "file"; "origin" is
// "camera" when the page took it with the phone's camera.
func (h *Handler) addPhoto(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	origin := r.URL.Query().Get("origin")
	file, err := httpx.UploadedFile(r, "file", MsgNoPhoto, MsgPhotoLarge)
	if err != nil {
		return err
	}
	if origin != photo.FromCamera {
		origin = photo.FromUpload
	}
	p, v, err := h.svc.AddPhoto(r.Context(), a, r.PathValue("id"), origin, file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"photo": p, "repair": v})
}

// videoTransfer is how long a video's upload or download may take: the
// server's 30 s read and 60 s write timeouts suit forms and photos, but 50
// MB from a phone on 4G at 5 Mbit/s takes well over a minute.
const videoTransfer = 5 * time.Minute

// addVideo takes one short video (MP4 or MOV) in the multipart field
// "file".
func (h *Handler) addVideo(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(videoTransfer))
	_ = rc.SetWriteDeadline(time.Now().Add(videoTransfer + time.Minute))
	file, err := httpx.UploadedFile(r, "file", MsgNoVideo, MsgVideoLarge)
	if err != nil {
		return err
	}
	v, rv, err := h.svc.AddVideo(r.Context(), a, r.PathValue("id"), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"video": v, "repair": rv})
}

// video serves a repair's video inline, with Range requests, so that a
// phone's player can play it and seek.
func (h *Handler) video(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	f, body, err := h.svc.Video(r.Context(), a, r.PathValue("id"), r.PathValue("name"))
	if err != nil {
		return err
	}
	defer body.Close()
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(videoTransfer))
	w.Header().Set("Content-Type", f.ContentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": f.FileName}))
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, f.FileName, f.UploadedAt, body)
	return nil
}

func (h *Handler) attachOriginal(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	file, err := httpx.UploadedFile(r, "file", MsgOriginalNone, MsgOriginalLarge)
	if err != nil {
		return err
	}
	v, err := h.svc.AttachOriginal(r.Context(), a, r.PathValue("id"), httpx.UploadedFileName(file), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"repair": v})
}

func (h *Handler) file(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	f, body, err := h.svc.OriginalFile(r.Context(), a, r.PathValue("id"), r.PathValue("name"))
	if err != nil {
		return err
	}
	defer body.Close()
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.FileName}))
	w.Header().Set("Cache-Control", "private, no-store")
	httpx.WriteFile(w, body, f.ContentType, f.Size)
	return nil
}

func (h *Handler) historyPDF(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	b, name, err := h.svc.HistoryPDF(r.Context(), a, r.PathValue("id"))
	if err != nil {
		if apperr.KindOf(err) == apperr.Internal {
			h.svc.d.Log.Error("repair history pdf", "err", err)
			return apperr.New(apperr.Unavailable, "pdf_failed", MsgPDFBusy)
		}
		return err
	}
	return httpx.WriteDownload(w, name, "application/pdf", b)
}
