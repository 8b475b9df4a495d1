package inventory

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the reports' API; the service decides who may read or
// change each report.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/inventory/catalogue", httpx.Handle(session.Require(h.catalogue)))
	mux.Handle("GET /api/inventory/reports", httpx.Handle(session.Require(h.list)))
	mux.Handle("POST /api/inventory/reports", httpx.Handle(session.Require(h.create)))
	mux.Handle("GET /api/inventory/reports/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("PUT /api/inventory/reports/{id}/data", httpx.Handle(session.Require(h.save)))
	mux.Handle("DELETE /api/inventory/reports/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("GET /api/inventory/reports/{id}/photos", httpx.Handle(session.Require(h.photos)))
	mux.Handle("POST /api/inventory/reports/{id}/photos", httpx.Handle(session.Require(h.upload)))
	mux.Handle("DELETE /api/inventory/reports/{id}/photos/{name}", httpx.Handle(session.Require(h.deletePhoto)))
	signing.Mount(mux, "/api/inventory/reports/{id}", signingArea{h.svc})
	mux.Handle("POST /api/inventory/reports/{id}/resend", httpx.Handle(session.Require(h.resend)))
	mux.Handle("POST /api/inventory/reports/{id}/reopen", httpx.Handle(session.Require(h.reopen)))
	mux.Handle("GET /api/inventory/reports/{id}/comparison", httpx.Handle(session.Require(h.comparison)))
	mux.Handle("GET /api/inventory/reports/{id}/pdf", httpx.Handle(session.Require(h.pdf)))
	mux.Handle("GET /api/inventory/reports/{id}/disputes", httpx.Handle(session.Require(h.disputes)))
	mux.Handle("POST /api/inventory/reports/{id}/disputes", httpx.Handle(session.Require(h.addDispute)))
	mux.Handle("PUT /api/inventory/reports/{id}/disputes/{entry}", httpx.Handle(session.Require(h.resolveDispute)))
	mux.Handle("POST /api/inventory/reports/{id}/dispute-photos", httpx.Handle(session.Require(h.uploadDisputePhoto)))
}

// UploadBodyLimit lets a photo (5 MB) or a signature image (2 MB as a data
// URL) through the body size cap.
func UploadBodyLimit(r *http.Request) int64 {
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/api/inventory/reports/") {
		return 0
	}
	switch {
	case strings.HasSuffix(r.URL.Path, "/photos"), strings.HasSuffix(r.URL.Path, "/dispute-photos"):
		return imaging.DefaultMaxBytes + 64<<10
	case strings.HasSuffix(r.URL.Path, "/signing/sign"):
		return signing.MaxImageBytes*4/3 + 64<<10
	}
	return 0
}

type reportJSON struct {
	ID            string    `json:"id"`
	Type          string    `json:"type"`
	Status        string    `json:"status"`
	StatusText    string    `json:"statusText"` // the status in words, for people
	PaymentStatus string    `json:"paymentStatus"`
	PropertyID    string    `json:"propertyId"`
	Property      Property  `json:"property"`
	Data          Data      `json:"data"`
	Revision      int       `json:"revision"`
	ClonedFrom    string    `json:"clonedFrom"`
	Stamps        []Stamp   `json:"stamps"`
	Mine          bool      `json:"mine"`
	Editable      bool      `json:"editable"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

func toJSON(r Record) reportJSON {
	st := r.Stamps
	if st == nil {
		st = []Stamp{}
	}
	return reportJSON{ID: r.ID, Type: r.Type, Status: r.Status, StatusText: StatusText(r.Status), PaymentStatus: r.PaymentStatus, PropertyID: r.PropertyID, Property: r.Property,
		Data: r.Data, Revision: r.Revision, ClonedFrom: r.ClonedFrom, Stamps: st, Mine: r.Mine, Editable: r.Mine && r.Status == Draft,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func (h *Handler) catalogue(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	c := h.svc.Catalogue()
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"inside": c.Inside, "outside": c.Outside, "ageBands": c.AgeBands, "items": c.Items,
		"types": Types, "ratings": Ratings, "meterKinds": MeterKinds, "documentKinds": DocumentKinds, "sources": c.Sources})
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	recs, err := h.svc.List(r.Context(), a, ListView(r.URL.Query().Get("view")), r.URL.Query().Get("type"))
	if err != nil {
		return err
	}
	out := make([]reportJSON, 0, len(recs))
	for _, rec := range recs {
		out = append(out, toJSON(rec))
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"reports": out})
}

func (h *Handler) one(w http.ResponseWriter, status int, rec Record, err error) error {
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, map[string]any{"report": toJSON(rec)})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in NewInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.svc.Create(r.Context(), a, in)
	return h.one(w, http.StatusCreated, rec, err)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.Get(r.Context(), a, r.PathValue("id"))
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) save(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in SaveInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.svc.Save(r.Context(), a, r.PathValue("id"), in)
	if changed, ok := errors.AsType[*ErrChanged](err); ok {
		return httpx.WriteJSON(w, http.StatusConflict, map[string]any{
			"error": map[string]any{"code": "changed", "message": MsgChanged}, "report": toJSON(changed.Current)})
	}
	if err == nil && rec.Dropped > 0 { // saved without photos deleted meanwhile: the page adopts this copy
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"report": toJSON(rec), "message": MsgPhotoLeftOut})
	}
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) photos(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, ev, err := h.svc.Photos(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"photos": list, "evidence": ev})
}

// upload takes one photo in the multipart field "file"; ?origin=camera
// marks a photo taken in the page (the spec's "Captured (via App)").
func (h *Handler) upload(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	file, err := httpx.UploadedFile(r, "file", photo.MsgNoFile, photo.MsgTooLarge)
	if err != nil {
		return err
	}
	v, ev, err := h.svc.UploadPhoto(r.Context(), a, r.PathValue("id"), r.URL.Query().Get("origin"), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"photo": v, "evidence": ev})
}

func (h *Handler) deletePhoto(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.DeletePhoto(r.Context(), a, r.PathValue("id"), r.PathValue("name")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// signingArea gives the signing endpoints (signing.Mount) the reports.
type signingArea struct{ svc *Service }

func (g signingArea) SigningState(ctx context.Context, a session.Actor, id, message string) (signing.StateJSON, error) {
	st, err := g.svc.Signing(ctx, a, id)
	if err != nil {
		return signing.StateJSON{}, err
	}
	out := signing.NewStateJSON(st.Envelope, st.Signers, st.Events, st.Me)
	out.Status, out.PaymentStatus = st.Report.Status, st.Report.PaymentStatus
	out.CanSign, out.Verified, out.NeedsPayment, out.WaitingFor, out.Message = st.CanSign, st.Verified, st.NeedsPayment, st.WaitingFor, message
	// A tenant sees the other parties' names and progress, not their e-mail
	// addresses (issue 27); the report's creator sees everyone's.
	if st.Report.CreatorID != a.UserID {
		out.HideOthers()
	}
	return out, nil
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
	res, err := g.svc.Sign(ctx, a, id, in, m)
	if err != nil {
		return signing.Signed{}, err
	}
	return signing.Signed{Message: res.Message, Completed: res.Completed, Key: "report", Record: toJSON(res.Record)}, nil
}

func (h *Handler) resend(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Resend(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": MsgCopySent})
}

func (h *Handler) comparison(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	c, err := h.svc.Compare(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	lines := c.Lines
	if lines == nil {
		lines = []Line{}
	}
	pics, ev := c.CheckInPics, c.CheckInEv
	if pics == nil {
		pics = []photo.View{}
	}
	if ev == nil {
		ev = []PhotoEvidence{}
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"checkIn": toJSON(c.CheckIn), "checkOut": toJSON(c.CheckOut), "lines": lines,
		"named": c.Named(), "startedFrom": c.StartedFrom, "checkInPhotos": pics, "checkInEvidence": ev})
}

func (h *Handler) disputes(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	list, err := h.svc.Disputes(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	if list == nil {
		list = []Dispute{}
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"disputes": list})
}

func (h *Handler) addDispute(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in DisputeInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	d, err := h.svc.AddDispute(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"dispute": d})
}

func (h *Handler) resolveDispute(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Resolved bool `json:"resolved"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rep, err := h.svc.ResolveDispute(r.Context(), a, r.PathValue("id"), r.PathValue("entry"), in.Resolved)
	if err != nil {
		return err
	}
	return h.one(w, http.StatusOK, h.svc.record(r.Context(), rep, a), nil)
}

func (h *Handler) uploadDisputePhoto(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	file, err := httpx.UploadedFile(r, "file", photo.MsgNoFile, photo.MsgTooLarge)
	if err != nil {
		return err
	}
	v, err := h.svc.UploadDisputePhoto(r.Context(), a, r.PathValue("id"), file)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"photo": v})
}

func (h *Handler) pdf(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	b, name, err := h.svc.PDF(r.Context(), a, r.PathValue("id"), httpx.ClientIP(r.Context()))
	if err != nil {
		return err
	}
	return httpx.WriteDownload(w, name, "application/pdf", b)
}

func (h *Handler) reopen(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.Reopen(r.Context(), a, r.PathValue("id"))
	return h.one(w, http.StatusOK, rec, err)
}
