package documents

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// A certificate's outcome (issue 44): an EICR is satisfactory or
// unsatisfactory (an unsatisfactory one lists remedial work, due within 28
// days), a gas safety record passes or finds an appliance unsafe. It is
// kept in certificate_outcomes, beside the certificate. An unsatisfactory
// outcome, recorded or changed to, asks the repairs area (Remedials, wired
// by internal/app) to open a repair with its clock: through a durable job
// queued in the transaction that saves it, once per certificate (the
// repairs area answers a second call with the first's repair).

// Outcomes.
const (
	Satisfactory   = "satisfactory"
	Unsatisfactory = "unsatisfactory"
)

// outcomeTypes are the certificate types that have an outcome.
var outcomeTypes = []string{"eicr", "gas-safety"}

// MsgOutcome is said for an outcome not in the list, or given for a type
// without one.
const MsgOutcome = "Please say whether the report was satisfactory or unsatisfactory."

// Remedial is an unsatisfactory certificate, as the repairs area is told.
type Remedial struct {
	CertificateID, OwnerID, PropertyID, Type, TypeName, IssuedOn, Notes string
}

// Remedials opens the repair of an unsatisfactory certificate.
type Remedials interface {
	OpenRemedial(ctx context.Context, r Remedial) error
}

// UseRemedials connects the repairs area (internal/app).
func (s *Service) UseRemedials(r Remedials) {
	s.remedials = r
	if s.d.Jobs != nil {
		s.d.Jobs.Handle(remedialJob, s.remedialJob)
	}
}

const remedialJob = "documents.remedial"

type remedialPayload struct {
	CertificateID string `json:"certificateId"`
	OwnerID       string `json:"ownerId"`
}

// checkOutcome cleans c's outcome and says what is wrong with it ("" when nothing).
func checkOutcome(c *Certificate) string {
	c.Outcome = strings.TrimSpace(c.Outcome)
	switch {
	case c.Outcome == "":
		return ""
	case !slices.Contains(outcomeTypes, c.Type), c.Outcome != Satisfactory && c.Outcome != Unsatisfactory:
		return MsgOutcome
	}
	return ""
}

// saveOutcome records c's outcome in tx, and when it became unsatisfactory
// (was is the outcome before), queues the remedial repair.
func (s *Service) saveOutcome(ctx context.Context, tx db.Conn, c Certificate, was string) error {
	if c.Outcome == was {
		return nil
	}
	if _, err := tx.Exec(ctx, `DELETE FROM certificate_outcomes WHERE certificate_id = ?`, c.ID); err != nil {
		return apperr.Wrap(err, "save certificate outcome")
	}
	if c.Outcome != "" {
		if _, err := tx.Exec(ctx, `INSERT INTO certificate_outcomes (certificate_id, outcome, recorded_at) VALUES (?, ?, ?)`,
			c.ID, c.Outcome, s.now().UnixMilli()); err != nil {
			return apperr.Wrap(err, "save certificate outcome")
		}
	}
	if c.Outcome != Unsatisfactory || s.remedials == nil || s.d.Jobs == nil {
		return nil
	}
	return apperr.Wrap(s.d.Jobs.Enqueue(ctx, tx, remedialJob, remedialPayload{CertificateID: c.ID, OwnerID: c.OwnerID}, 10), "queue remedial repair")
}

func (s *Service) remedialJob(ctx context.Context, raw json.RawMessage) error {
	var p remedialPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	c, err := ownCert(ctx, s.d.DB.Conn(), p.OwnerID, p.CertificateID)
	if apperr.KindOf(err) == apperr.NotFound {
		return nil // deleted since
	}
	if err != nil {
		return err
	}
	outcomes, err := outcomesOf(ctx, s.d.DB.Conn(), p.OwnerID)
	if err != nil || outcomes[c.ID] != Unsatisfactory {
		return err // changed back since
	}
	t, _ := s.types.Get(c.Type)
	return s.remedials.OpenRemedial(ctx, Remedial{CertificateID: c.ID, OwnerID: c.OwnerID, PropertyID: c.PropertyID, Type: c.Type,
		TypeName: t.Name, IssuedOn: c.IssuedOn, Notes: c.Notes})
}

// outcomesOf are the outcomes of an owner's certificates, by certificate id.
func outcomesOf(ctx context.Context, c db.Conn, ownerID string) (map[string]string, error) {
	rows, err := c.Query(ctx, `SELECT o.certificate_id, o.outcome FROM certificate_outcomes o JOIN certificates c ON c.id = o.certificate_id
		WHERE c.owner_id = ?`, ownerID)
	if err != nil {
		return nil, apperr.Wrap(err, "read certificate outcomes")
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id, o string
		if err := rows.Scan(&id, &o); err != nil {
			return nil, apperr.Wrap(err, "read certificate outcomes")
		}
		out[id] = o
	}
	return out, apperr.Wrap(rows.Err(), "read certificate outcomes")
}

// outcomeOf is one certificate's outcome ("" when none is recorded).
func outcomeOf(ctx context.Context, c db.Conn, id string) (string, error) {
	var o string
	err := c.QueryRow(ctx, `SELECT outcome FROM certificate_outcomes WHERE certificate_id = ?`, id).Scan(&o)
	if errors.Is(err, db.NoRows) {
		return "", nil
	}
	return o, apperr.Wrap(err, "read certificate outcome")
}
