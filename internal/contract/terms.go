package contract

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// The landlord's own terms, read by the term checker (internal/tenancy/terms):
// each paragraph of the additional clauses, and each paragraph the landlord
// rewrote in another section, is a term. A flagged term is shown beside the
// term as it is typed, on the preview and to the tenant; Sign and Send
// refuses the agreement until the landlord removes or acknowledges each one.
// An acknowledgement is kept for the term's exact text: editing the term
// leaves the new text unacknowledged. A term the law prohibits outright (a
// finding whose rule is "must change" in rules.yaml: a fixed term, a
// no-fault ending, rent in advance beyond a month, a prohibited fee, a ban on
// children or on tenants on benefits, rental bidding; or a deposit over its
// cap: deposit_terms.go) cannot be acknowledged: Sign and Send refuses the
// agreement until it is reworded or removed, however it was acknowledged
// before.

// Messages of flagged terms.
const (
	MsgTermsToAcknowledge = "Remove or acknowledge each flagged term before you sign: %s"
	MsgTermNotFlagged     = "This term is not flagged any more: it may have been edited. Reload the agreement."
	MsgTermsToChange      = "Reword or remove each term the law does not allow before you sign: %s"
	// MsgTermMustChange follows the findings' why when a must-change term
	// is acknowledged.
	MsgTermMustChange = "Reword or remove this term: the law does not allow it, so it cannot be acknowledged and kept."
)

// TermFlag is a term of the agreement the checker flags.
type TermFlag struct {
	Section      string          `json:"section"`
	SectionTitle string          `json:"sectionTitle"`
	Term         string          `json:"term"`
	Findings     []terms.Finding `json:"findings"`
	Acknowledged bool            `json:"acknowledged"`
	// MustChange: a finding says the law prohibits the term outright (or
	// it asks for more than the law allows); it cannot be acknowledged,
	// only reworded or removed.
	MustChange bool `json:"mustChange"`
}

// UseTerms wires the term checker (internal/app).
func (s *Service) UseTerms(c *terms.Checker) { s.terms = c }

// termsDay is the day whose law the terms are read under: the tenancy's
// start, or today while it has none.
func (s *Service) termsDay(c Contract) time.Time {
	if d, ok := day(c.Answers.StartDate); ok {
		return d
	}
	return s.now()
}

func blockText(b Block) string {
	var sb strings.Builder
	for _, r := range b.Runs {
		sb.WriteString(r.Text)
	}
	return strings.TrimSpace(sb.String())
}

// flagsOf are the flagged terms of a generated (or frozen) document, without
// their acknowledgements.
func (s *Service) flagsOf(lib *Library, c Contract, p Property, doc Document) []TermFlag {
	on := s.termsDay(c)
	var out []TermFlag
	for _, sec := range doc.Sections {
		var texts []string
		switch {
		case sec.ID == AdditionalSectionID:
			for _, b := range sec.Blocks {
				texts = append(texts, blockText(b))
			}
		case sec.Edited:
			// Only the paragraphs the landlord wrote: the library's own
			// wording is reviewed with the library.
			generated := map[string]bool{}
			if lib != nil {
				gen, _ := Generated(lib, c.Answers, p, sec.ID)
				for _, b := range gen {
					generated[blockText(b)] = true
				}
			}
			for _, b := range sec.Blocks {
				if t := blockText(b); !generated[t] {
					texts = append(texts, t)
				}
			}
		}
		for _, f := range s.checkTerms(lib, c.Answers, texts, on) {
			f.Section, f.SectionTitle = sec.ID, sec.Title
			out = append(out, f)
		}
	}
	return out
}

// checkTerms are the flagged terms among texts, in order: what the term
// checker finds in each, and the deposits each names read against the
// library's law and the answers (depositFindings).
func (s *Service) checkTerms(lib *Library, a Answers, texts []string, on time.Time) []TermFlag {
	var out []TermFlag
	for _, t := range texts {
		if strings.TrimSpace(t) == "" {
			continue
		}
		var found []terms.Finding
		if s.terms != nil {
			found = s.terms.Check(t, on, terms.Agreement)
		}
		found = append(found, depositFindings(lib, a, t)...)
		if len(found) > 0 {
			out = append(out, TermFlag{Term: t, Findings: found, MustChange: mustChange(found)})
		}
	}
	return out
}

// TermFlags are the flagged terms of an agreement's document as its reader
// sees it (Document), each with whether the landlord acknowledged it.
func (s *Service) TermFlags(ctx context.Context, rec Record, doc Document) ([]TermFlag, error) {
	flags := s.flagsOf(s.libraryOf(rec.Contract), rec.Contract, rec.Property, doc)
	acks, err := termAcks(ctx, s.db.Conn(), rec.ID)
	if err != nil {
		return nil, err
	}
	withAcks(flags, acks)
	return nonNilFlags(flags), nil
}

// withAcks marks the flags the landlord acknowledged; a term that must be
// changed is never acknowledged (an acknowledgement made before the rent
// changed, say, does not count).
func withAcks(flags []TermFlag, acks map[string]bool) {
	for i := range flags {
		flags[i].Acknowledged = acks[termHash(flags[i].Term)] && !flags[i].MustChange
	}
}

func nonNilFlags(f []TermFlag) []TermFlag {
	if f == nil {
		return []TermFlag{}
	}
	return f
}

// CheckTerms checks terms as the landlord types them, under the law of the
// draft's start date; each flagged term says whether it is acknowledged.
func (s *Service) CheckTerms(ctx context.Context, a session.Actor, id, text string) ([]TermFlag, error) {
	c, err := s.loadDraft(ctx, a, id)
	if err != nil {
		return nil, err
	}
	acks, err := termAcks(ctx, s.db.Conn(), c.ID)
	if err != nil {
		return nil, err
	}
	out := s.checkTerms(s.libraryOf(c), c.Answers, terms.Split(text), s.termsDay(c))
	for i := range out {
		out[i].Section = AdditionalSectionID
	}
	withAcks(out, acks)
	return nonNilFlags(out), nil
}

// draftFlags are the flagged terms of a draft as Sign and Send would freeze it.
func (s *Service) draftFlags(ctx context.Context, c Contract) []TermFlag {
	return s.lockedDraftFlags(c, s.place(ctx, c.PropertyID))
}

// lockedDraftFlags is draftFlags of a draft whose property p was looked up
// before: it reads nothing, so it may run in a transaction.
func (s *Service) lockedDraftFlags(c Contract, p Property) []TermFlag {
	lib := s.libraryOf(c)
	if lib == nil {
		return nil
	}
	return s.flagsOf(lib, c, p, Build(lib, c.Answers, p, c.Edits))
}

// AcknowledgeTerm records (or withdraws) the landlord's acknowledgement of
// one flagged term of their draft, for its exact text. It is decided with
// the draft's row locked, on the text as it is then, so it cannot cross Sign
// and Send (either the acknowledgement is in before the text is frozen, or
// it is refused) nor an edit (SaveStep, SaveEdit: a term the edit removed
// is no longer flagged, and a term it added keeps its acknowledgement).
// Like changeDraft, nothing in the transaction reads through the pool.
func (s *Service) AcknowledgeTerm(ctx context.Context, a session.Actor, id, term string, acknowledged bool) ([]TermFlag, error) {
	c, err := s.loadDraft(ctx, a, id) // who may change it, and an early answer
	if err != nil {
		return nil, err
	}
	p := s.place(ctx, c.PropertyID) // a draft's property never changes
	term = strings.TrimSpace(term)
	if s.beforeAckLock != nil {
		s.beforeAckLock()
	}
	var flags []TermFlag
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		c, err := s.lockDraftOf(ctx, tx, a, id)
		if err != nil {
			return err
		}
		flags = s.lockedDraftFlags(c, p)
		var flag *TermFlag
		for i := range flags {
			if flags[i].Term == term {
				flag = &flags[i]
			}
		}
		if acknowledged && flag == nil {
			return apperr.Fields(MsgTermNotFlagged, map[string]string{"term": MsgTermNotFlagged}).WithKind(apperr.Conflict, "term_not_flagged")
		}
		if acknowledged && flag.MustChange {
			// Its findings' own words say why, and that it must be changed.
			msg := mustChangeWhy(*flag)
			return apperr.Fields(msg, map[string]string{"term": msg}).WithKind(apperr.Conflict, "term_must_change")
		}
		if acknowledged {
			if err := addTermAck(ctx, tx, c.ID, termHash(term), term, s.now().UnixMilli(), a.FullName, a.Email); err != nil {
				return err
			}
		} else if err := removeTermAck(ctx, tx, c.ID, termHash(term)); err != nil {
			return err
		}
		// Acknowledgements of texts no longer in the agreement go.
		keep := make([]string, 0, len(flags))
		for _, f := range flags {
			keep = append(keep, termHash(f.Term))
		}
		if err := pruneTermAcks(ctx, tx, c.ID, keep); err != nil {
			return err
		}
		acks, err := termAcks(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		withAcks(flags, acks)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return nonNilFlags(flags), nil
}

// requireAcknowledged refuses to go on while a flagged term of the document
// has no acknowledgement. Sign and Send calls it inside its transaction,
// after the draft's row is locked by the move out of Draft.
func (s *Service) requireAcknowledged(ctx context.Context, conn db.Conn, id string, flags []TermFlag) error {
	if len(flags) == 0 {
		return nil
	}
	// A term the law does not allow, acknowledged or not (before the rent
	// changed, say, or before its rule became must-change), must be changed.
	var change []string
	for _, f := range flags {
		if f.MustChange {
			change = append(change, fmt.Sprintf("%q", f.Term))
		}
	}
	if len(change) > 0 {
		msg := fmt.Sprintf(MsgTermsToChange, strings.Join(change, ", "))
		return apperr.Fields(msg, map[string]string{"terms": msg}).WithKind(apperr.Conflict, "terms_must_change")
	}
	acks, err := termAcks(ctx, conn, id)
	if err != nil {
		return err
	}
	var open []string
	for _, f := range flags {
		if !acks[termHash(f.Term)] {
			open = append(open, fmt.Sprintf("%q", f.Term))
		}
	}
	if len(open) == 0 {
		return nil
	}
	msg := fmt.Sprintf(MsgTermsToAcknowledge, strings.Join(open, ", "))
	return apperr.Fields(msg, map[string]string{"terms": msg}).WithKind(apperr.Conflict, "terms_not_acknowledged")
}

// checkTermsAcknowledged is requireAcknowledged for a draft, before signing
// starts (the code and the fee), so the landlord learns it first.
func (s *Service) checkTermsAcknowledged(ctx context.Context, c Contract) error {
	return s.requireAcknowledged(ctx, s.db.Conn(), c.ID, s.draftFlags(ctx, c))
}

// mustChangeWhy is why a term must be changed: its findings that say so,
// and that it cannot be kept (a deposit finding's own words say it).
func mustChangeWhy(f TermFlag) string {
	var why []string
	for _, x := range f.Findings {
		if x.MustChange {
			why = append(why, x.Why)
		}
	}
	msg := strings.Join(why, " ")
	if !strings.Contains(msg, "cannot be acknowledged") {
		msg = strings.TrimSpace(msg + " " + MsgTermMustChange)
	}
	return msg
}

func termHash(term string) string {
	h := sha256.Sum256([]byte(strings.TrimSpace(term)))
	return hex.EncodeToString(h[:])
}
