package contract

import (
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/tenancy"
)

type Handler struct{ svc *Service }

func NewHandler(s *Service) *Handler { return &Handler{svc: s} }

// Routes mounts the contract builder's API; the service decides who may
// read or change each agreement.
func (h *Handler) Routes(mux *httpx.Router) {
	mux.Handle("GET /api/contracts/catalogue", httpx.Handle(session.Require(h.catalogue)))
	mux.Handle("GET /api/contracts", httpx.Handle(session.Require(h.list)))
	mux.Handle("POST /api/contracts", httpx.Handle(session.Require(h.create)))
	mux.Handle("GET /api/contracts/{id}", httpx.Handle(session.Require(h.get)))
	mux.Handle("DELETE /api/contracts/{id}", httpx.Handle(session.Require(h.delete)))
	mux.Handle("PUT /api/contracts/{id}/steps", httpx.Handle(session.Require(h.saveStep)))
	mux.Handle("PUT /api/contracts/{id}/nation", httpx.Handle(session.Require(h.saveNation)))
	mux.Handle("POST /api/contracts/{id}/back", httpx.Handle(session.Require(h.back)))
	mux.Handle("POST /api/contracts/{id}/skip", httpx.Handle(session.Require(h.skip)))
	mux.Handle("POST /api/contracts/{id}/duplicate", httpx.Handle(session.Require(h.duplicate)))
	mux.Handle("GET /api/contracts/{id}/document", httpx.Handle(session.Require(h.document)))
	mux.Handle("PUT /api/contracts/{id}/sections/{section}", httpx.Handle(session.Require(h.saveEdit)))
	mux.Handle("POST /api/contracts/{id}/term-check", httpx.Handle(session.Require(h.checkTerms)))
	mux.Handle("PUT /api/contracts/{id}/term-acknowledgements", httpx.Handle(session.Require(h.acknowledgeTerm)))
	signing.Mount(mux, "/api/contracts/{id}", signingArea{h.svc})
	mux.Handle("POST /api/contracts/{id}/signing/invite", httpx.Handle(session.Require(h.invite)))
	mux.Handle("POST /api/contracts/{id}/resend", httpx.Handle(session.Require(h.resend)))
	mux.Handle("POST /api/contracts/{id}/withdraw", httpx.Handle(session.Require(h.withdraw)))
	mux.Handle("GET /api/contracts/{id}/pdf", httpx.Handle(session.Require(h.pdf)))
	mux.Handle("GET /api/contracts/{id}/certificates/{cert}/files/{file}", httpx.Handle(session.Require(h.certificateFile)))
	mux.Handle("PUT /api/contracts/{id}/deposit-received", httpx.Handle(session.Require(h.depositReceived)))
}

// contractJSON is an agreement as the API shows it.
type contractJSON struct {
	ID                  string        `json:"id"`
	Status              Status        `json:"status"`
	PaymentStatus       PaymentStatus `json:"paymentStatus"`
	PropertyID          string        `json:"propertyId"`
	Property            Property      `json:"property"`
	ContractType        string        `json:"contractType"`
	Jurisdiction        string        `json:"jurisdiction"`
	AskJurisdiction     bool          `json:"askJurisdiction"`
	JurisdictionChoices []string      `json:"jurisdictionChoices"`
	LibraryVersion      string        `json:"libraryVersion"`
	Answers             Answers       `json:"answers"`
	Step                Step          `json:"step"`
	History             []Step        `json:"history"`
	Steps               []Step        `json:"steps"`
	Duplicate           bool          `json:"duplicate"`
	Mine                bool          `json:"mine"`
	Editable            bool          `json:"editable"`
	CreatedAt           time.Time     `json:"createdAt"`
	UpdatedAt           time.Time     `json:"updatedAt"`
	SentAt              *time.Time    `json:"sentAt"`
	// DepositReceivedOn is the day the deposit was received, "" until recorded (shown to the landlord only).
	DepositReceivedOn string `json:"depositReceivedOn"`
	// StartDatePassed: sent for signing, and its start date passed before
	// everyone signed, so nobody can sign it (the lists mark it); Notice
	// says so in the words of its page, for the reader.
	StartDatePassed bool   `json:"startDatePassed"`
	Notice          string `json:"notice"`
	// Nation: the rules of Scotland, Wales or Northern Ireland for a draft
	// there (absent for England).
	Nation *nationView `json:"nation,omitempty"`
}

func toJSON(r Record) contractJSON {
	contractType := map[string]string{"whole": "Standard whole property", "room": "Room only within building"}[r.Answers.ContractType]
	if n := nationOf(r.Answers); n != nil { // the nation's own name: "Standard occupation contract"
		contractType = strings.ToUpper(n.Word("agreement")[:1]) + n.Word("agreement")[1:]
	}
	return contractJSON{ID: r.ID, Status: r.Status, PaymentStatus: r.PaymentStatus, PropertyID: r.PropertyID, Property: r.Property,
		ContractType: contractType, Jurisdiction: r.Jurisdiction, AskJurisdiction: r.AskJurisdiction, JurisdictionChoices: nonNil(r.JurisdictionChoices), LibraryVersion: r.LibraryVersion,
		Answers: answersFor(r), Step: r.Step, History: r.History, Steps: r.Steps, Duplicate: r.DuplicatedFrom != "", Mine: r.Mine,
		Editable: r.Mine && r.Status == Draft, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, SentAt: r.SentAt,
		DepositReceivedOn: mineOnly(r.Mine, r.DepositReceived), StartDatePassed: r.Notice != "", Notice: r.Notice, Nation: nationViewOf(r)}
}

// answersFor are the answers as the reader may see them: the landlord all
// of them; a tenant without the parties' e-mail addresses (a joint tenant
// sees the others' names, not their contact details).
func answersFor(r Record) Answers {
	a := r.Answers
	if r.Mine {
		return a
	}
	tenants := make([]Person, len(a.Tenants))
	for i, t := range a.Tenants {
		t.Email = ""
		tenants[i] = t
	}
	a.Tenants = tenants
	a.Guarantor.Email = ""
	return a
}

func mineOnly(mine bool, s string) string {
	if mine {
		return s
	}
	return ""
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (h *Handler) catalogue(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	body := map[string]any{
		"jurisdictions":  tenancy.Jurisdictions(),
		"depositSchemes": DepositSchemes,
		"utilities":      UtilityChoices,
		"parkingTypes":   ParkingTypes,
		"maxTenants":     MaxTenants,
	}
	if lib, ok := h.svc.Libraries().Current(DocumentType, tenancy.England, h.svc.now()); ok {
		// Only the schemes the law approves are offered.
		body["depositSchemes"] = lib.Law.DepositScheme.Schemes
		body["england"] = map[string]any{
			"version": lib.Version, "effectiveFrom": lib.EffectiveFrom, "title": lib.Title, "rules": lib.Rules,
			"statutoryRightsWarning": lib.StatutoryRightsWarning, "disclaimer": lib.Disclaimer, "law": lib.Law,
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, body)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	recs, err := h.svc.List(r.Context(), a, ListView(r.URL.Query().Get("view")))
	if err != nil {
		return err
	}
	out := make([]contractJSON, 0, len(recs))
	for _, rec := range recs {
		out = append(out, toJSON(rec))
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"contracts": out})
}

func (h *Handler) one(w http.ResponseWriter, status int, rec Record, err error) error {
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, status, map[string]any{"contract": toJSON(rec)})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		PropertyID string `json:"propertyId"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.svc.Create(r.Context(), a, in.PropertyID)
	return h.one(w, http.StatusCreated, rec, err)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.Get(r.Context(), a, r.PathValue("id"))
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) saveStep(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in StepInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.svc.SaveStep(r.Context(), a, r.PathValue("id"), in)
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) back(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.Back(r.Context(), a, r.PathValue("id"))
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) skip(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.SkipForm(r.Context(), a, r.PathValue("id"))
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) duplicate(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.Duplicate(r.Context(), a, r.PathValue("id"))
	return h.one(w, http.StatusCreated, rec, err)
}

func (h *Handler) withdraw(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rec, err := h.svc.Withdraw(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"contract": toJSON(rec), "message": MsgWithdrawn})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	if err := h.svc.Delete(r.Context(), a, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) document(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	doc, rec, err := h.svc.Document(r.Context(), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	flags, err := h.svc.TermFlags(r.Context(), rec, doc)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"document": doc, "contract": toJSON(rec), "termFlags": flags,
		"certificateWarnings": nonNil(rec.CertificateWarnings), "certificates": nonNilCopies(rec.Certificates)})
}

func nonNilCopies(s []CertificateCopy) []CertificateCopy {
	if s == nil {
		return []CertificateCopy{}
	}
	return s
}

func (h *Handler) certificateFile(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	rc, name, ctype, err := h.svc.CertificateFile(r.Context(), a, r.PathValue("id"), r.PathValue("cert"), r.PathValue("file"))
	if err != nil {
		return err
	}
	defer rc.Close()
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, err = io.Copy(w, rc)
	return err
}

func (h *Handler) depositReceived(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		DepositReceivedOn string `json:"depositReceivedOn"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.svc.SetDepositReceived(r.Context(), a, r.PathValue("id"), in.DepositReceivedOn)
	return h.one(w, http.StatusOK, rec, err)
}

func (h *Handler) saveEdit(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Text RichText `json:"text"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	doc, err := h.svc.SaveEdit(r.Context(), a, r.PathValue("id"), r.PathValue("section"), in.Text)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"document": doc})
}

// checkTerms checks the additional terms as the landlord types them.
func (h *Handler) checkTerms(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Text string `json:"text"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	flags, err := h.svc.CheckTerms(r.Context(), a, r.PathValue("id"), in.Text)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"termFlags": flags})
}

// acknowledgeTerm records the landlord's acknowledgement of one flagged term.
func (h *Handler) acknowledgeTerm(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in struct {
		Term         string `json:"term"`
		Acknowledged bool   `json:"acknowledged"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	flags, err := h.svc.AcknowledgeTerm(r.Context(), a, r.PathValue("id"), in.Term, in.Acknowledged)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"termFlags": flags})
}
