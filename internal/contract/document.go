package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// Document is the agreement as one model: generated on the server from the
// answers, the clause-library version and the landlord's section edits. The
// preview page draws it and the PDF is drawn from it, so both always say
// the same thing.
type Document struct {
	Title          string `json:"title"`
	Subtitle       string `json:"subtitle"`
	LibraryVersion string `json:"libraryVersion"`
	// Edition names the clause library for people: "England, in force
	// from 1 May 2026" (the version is an internal name, never shown).
	Edition    string       `json:"edition"`
	Source     string       `json:"source"`
	Disclaimer string       `json:"disclaimer"`
	Cover      Cover        `json:"cover"`
	Sections   []DocSection `json:"sections"`
	Signatures []Signer     `json:"signatures"`
	// RentBook is the rent record a weekly tenancy needs (Landlord and
	// Tenant Act 1985 sections 4 and 5), drawn as a page of the PDF.
	RentBook *RentBook `json:"rentBook,omitempty"`
}

// RentBook is the rent record page: the first weeks' payments due, with
// room to record each payment.
type RentBook struct {
	Landlord string   `json:"landlord"`
	Address  string   `json:"address"`
	Rent     string   `json:"rent"`
	Due      []string `json:"due"` // the dates of the first payments, written out
	Source   string   `json:"source"`
}

// rentBookWeeks is how many payments the rent record lists.
const rentBookWeeks = 13

// Cover is the first page.
type Cover struct {
	PropertyAddress string   `json:"propertyAddress"`
	Landlord        string   `json:"landlord"`
	Tenants         []string `json:"tenants"`
	Guarantor       string   `json:"guarantor,omitempty"`
	StartDate       string   `json:"startDate"`
	Rent            string   `json:"rent"`
}

// DocSection is a numbered section: its blocks are the generated clauses,
// or the landlord's edit of them.
type DocSection struct {
	ID     string  `json:"id"`
	Number int     `json:"number"`
	Part   string  `json:"part"`
	Title  string  `json:"title"`
	Blocks []Block `json:"blocks"`
	// Edited: the landlord replaced the generated text. Stale: the answers
	// changed the generated text since that edit, so it should be checked.
	Edited bool `json:"edited"`
	Stale  bool `json:"stale"`
}

// Signer is a line of the signature area.
type Signer struct {
	Role string `json:"role"` // Landlord, Tenant or Guarantor
	Name string `json:"name"`
}

// Edit is the landlord's text for a section, with the fingerprint of the
// generated text it was made on.
type Edit struct {
	Text RichText `json:"text"`
	Base string   `json:"base"`
}

// AdditionalSectionID is the section of the landlord's own terms.
const AdditionalSectionID = "additional"

// Build generates the document. It never fails: the answers were checked
// step by step, and missing answers are written as blanks to fill.
func Build(lib *Library, a Answers, p Property, edits map[string]Edit) Document {
	v := viewOf(a, p)
	doc := Document{
		Title: lib.Title, Subtitle: lib.Subtitle, LibraryVersion: lib.Version, Edition: lib.Edition(), Source: lib.Source, Disclaimer: lib.Disclaimer,
		Cover: Cover{PropertyAddress: v.PropertyAddress, Landlord: v.LandlordName, Guarantor: v.GuarantorName, StartDate: v.StartDate,
			Rent: fmt.Sprintf("%s per %s", v.RentAmount, v.RentPeriodNoun)},
	}
	for _, t := range a.Tenants {
		doc.Cover.Tenants = append(doc.Cover.Tenants, t.name())
	}
	number := 0
	add := func(s DocSection) {
		number++
		s.Number = number
		if e, ok := edits[s.ID]; ok && !e.Text.Empty() {
			s.Stale = e.Base != fingerprint(s.Blocks)
			s.Blocks, s.Edited = e.Text.Blocks(), true
		}
		doc.Sections = append(doc.Sections, s)
	}
	for _, sec := range lib.Sections {
		if sec.When != "" && !conditions[sec.When](v) {
			continue
		}
		s := DocSection{ID: sec.ID, Part: sec.Part, Title: sec.Title}
		clause := 0
		for _, c := range sec.Clauses {
			if c.When != "" && !conditions[c.When](v) {
				continue
			}
			var b strings.Builder
			_ = c.tmpl.Execute(&b, v) // checked at start-up on a full sample
			clause++
			s.Blocks = append(s.Blocks, Block{Kind: "p", Runs: []Run{{Text: fmt.Sprintf("%d.%d ", number+1, clause), Bold: true}, {Text: b.String()}}})
		}
		add(s)
	}
	if a.AdditionalTerms.Answer == Yes && !a.AdditionalTerms.Text.Empty() {
		add(DocSection{ID: AdditionalSectionID, Part: "C", Title: "Additional clauses", Blocks: a.AdditionalTerms.Text.Blocks()})
	}
	if contains(lib.Law.RentBook.RentPeriods, a.RentPeriod) {
		rb := &RentBook{Landlord: v.LandlordName, Address: v.ServiceAddress, Rent: v.RentAmount + " per " + v.RentPeriodNoun, Source: lib.Law.RentBook.Source}
		if first, ok := day(a.FirstPaymentDate); ok {
			for i := 0; i < rentBookWeeks; i++ {
				rb.Due = append(rb.Due, first.AddDate(0, 0, 7*i).Format("2 January 2006"))
			}
		}
		doc.RentBook = rb
	}
	doc.Signatures = append(doc.Signatures, Signer{Role: "Landlord", Name: v.LandlordName})
	for _, t := range a.Tenants {
		doc.Signatures = append(doc.Signatures, Signer{Role: "Tenant", Name: t.name()})
	}
	if v.GuarantorName != "" {
		doc.Signatures = append(doc.Signatures, Signer{Role: "Guarantor", Name: v.GuarantorName})
	}
	return doc
}

// Generated is a section's text as the library writes it, ignoring any
// edit: the fingerprint base of a new edit, and what "reset" returns to.
func Generated(lib *Library, a Answers, p Property, sectionID string) ([]Block, bool) {
	doc := Build(lib, a, p, nil)
	for _, s := range doc.Sections {
		if s.ID == sectionID {
			return s.Blocks, true
		}
	}
	return nil, false
}

// fingerprint identifies a generated text.
func fingerprint(blocks []Block) string {
	h := sha256.New()
	for _, b := range blocks {
		for _, r := range b.Runs {
			h.Write([]byte(r.Text))
		}
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Text is the whole document as plain text (tests, search, the PDF's check).
func (d Document) Text() string {
	var b strings.Builder
	b.WriteString(d.Title + "\n" + d.Subtitle + "\n")
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "\n%d. %s\n", s.Number, s.Title)
		for _, bl := range s.Blocks {
			for _, r := range bl.Runs {
				b.WriteString(r.Text)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}
