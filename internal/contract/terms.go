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
// leaves the new text unacknowledged.

// Messages of flagged terms.
const (
	MsgTermsToAcknowledge = "Remove or acknowledge each flagged term before you sign: %s"
	MsgTermNotFlagged     = "This term is not flagged any more: it may have been edited. Reload the agreement."
)

// TermFlag is a term of the agreement the checker flags.
type TermFlag struct {
	Section      string          `json:"section"`
	SectionTitle string          `json:"sectionTitle"`
	Term         string          `json:"term"`
	Findings     []terms.Finding `json:"findings"`
	Acknowledged bool            `json:"acknowledged"`
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
	if s.terms == nil {
		return nil
	}
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
		for _, f := range s.terms.CheckTerms(texts, on, terms.Agreement) {
			out = append(out, TermFlag{Section: sec.ID, SectionTitle: sec.Title, Term: f.Term, Findings: f.Findings})
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
	for i := range flags {
		flags[i].Acknowledged = acks[termHash(flags[i].Term)]
	}
	return nonNilFlags(flags), nil
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
	if s.terms == nil {
		return []TermFlag{}, nil
	}
	acks, err := termAcks(ctx, s.db.Conn(), c.ID)
	if err != nil {
		return nil, err
	}
	var out []TermFlag
	for _, f := range s.terms.CheckTerms(terms.Split(text), s.termsDay(c), terms.Agreement) {
		out = append(out, TermFlag{Section: AdditionalSectionID, Term: f.Term, Findings: f.Findings, Acknowledged: acks[termHash(f.Term)]})
	}
	return nonNilFlags(out), nil
}

// draftFlags are the flagged terms of a draft as Sign and Send would freeze it.
func (s *Service) draftFlags(ctx context.Context, c Contract) []TermFlag {
	lib := s.libraryOf(c)
	if lib == nil {
		return nil
	}
	p := s.place(ctx, c.PropertyID)
	return s.flagsOf(lib, c, p, Build(lib, c.Answers, p, c.Edits))
}

// AcknowledgeTerm records (or withdraws) the landlord's acknowledgement of
// one flagged term of their draft, for its exact text. It is decided with
// the draft's row locked, so it cannot cross Sign and Send: either the
// acknowledgement is in before the text is frozen, or it is refused.
func (s *Service) AcknowledgeTerm(ctx context.Context, a session.Actor, id, term string, acknowledged bool) ([]TermFlag, error) {
	c, err := s.loadDraft(ctx, a, id)
	if err != nil {
		return nil, err
	}
	flags := s.draftFlags(ctx, c)
	term = strings.TrimSpace(term)
	found := false
	for _, f := range flags {
		found = found || f.Term == term
	}
	if acknowledged && !found {
		return nil, apperr.Fields(MsgTermNotFlagged, map[string]string{"term": MsgTermNotFlagged}).WithKind(apperr.Conflict, "term_not_flagged")
	}
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		if ok, err := lockDraft(ctx, tx, c.ID); err != nil {
			return err
		} else if !ok {
			return apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
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
		return pruneTermAcks(ctx, tx, c.ID, keep)
	})
	if err != nil {
		return nil, err
	}
	acks, err := termAcks(ctx, s.db.Conn(), c.ID)
	if err != nil {
		return nil, err
	}
	for i := range flags {
		flags[i].Acknowledged = acks[termHash(flags[i].Term)]
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

func termHash(term string) string {
	h := sha256.Sum256([]byte(strings.TrimSpace(term)))
	return hex.EncodeToString(h[:])
}
