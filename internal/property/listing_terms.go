package property

import (
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/tenancy"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// A listing's text is read by the term checker the agreements use
// (internal/tenancy/terms): an advert saying "No DSS", "No children" or
// "No pets" is refused publication, with the phrase and why.

// MsgListingText starts the message of a listing refused for its wording.
const MsgListingText = "This listing cannot be published as written."

// UseTerms wires the term checker (internal/app).
func (s *Service) UseTerms(c *terms.Checker) { s.terms = c }

// checkListingText refuses a description the law does not allow in an
// advert for a property in its jurisdiction, naming each phrase and why.
func (s *Service) checkListingText(p Property, now time.Time) error {
	if s.terms == nil {
		return nil
	}
	j, _ := tenancy.JurisdictionOf(p.Address.Postcode)
	found := s.terms.CheckIn(p.ShortDescription, j, now, terms.Listing)
	if len(found) == 0 {
		return nil
	}
	// One line per phrase, with the first sentence of each rule's why.
	parts := []string{MsgListingText}
	byPhrase := map[string][]string{}
	var phrases []string
	for _, f := range found {
		if _, seen := byPhrase[f.Phrase]; !seen {
			phrases = append(phrases, f.Phrase)
		}
		byPhrase[f.Phrase] = append(byPhrase[f.Phrase], terms.Sentences(f.Why)[0])
	}
	for _, ph := range phrases {
		parts = append(parts, fmt.Sprintf("“%s”: %s", ph, strings.Join(byPhrase[ph], " ")))
	}
	parts = append(parts, "Remove or reword it to publish.")
	msg := strings.Join(parts, " ")
	return apperr.Fields(msg, map[string]string{"shortDescription": msg}).WithKind(apperr.Invalid, "listing_text")
}
