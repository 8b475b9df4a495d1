package contract

import (
	"context"
	"fmt"
	"strings"

	"github.com/omnirent/omnirent/internal/platform/pdf"
	"github.com/omnirent/omnirent/internal/signing"
)

var brand = pdf.Colour{11, 92, 173}

// RenderPDF draws the sealed agreement from the same document model the
// preview shows: a cover page, the contents, the numbered sections with
// the landlord's edits, then the signing package's signatures page and
// audit page. Every page has "Page X of Y".
func (s *Service) RenderPDF(ctx context.Context, doc Document, env signing.Envelope) ([]byte, error) {
	d, err := pdf.New(pdf.Info{Title: doc.Title + ": " + doc.Cover.PropertyAddress, Author: "OmniRent", Created: env.CreatedAt,
		Footer: "Document reference " + env.PublicRef})
	if err != nil {
		return nil, err
	}
	flags, acks, err := s.sealedFlags(ctx, doc, env)
	if err != nil {
		return nil, err
	}
	drawCover(d, doc)
	drawContents(d, doc)
	for _, sec := range doc.Sections {
		d.Heading(fmt.Sprintf("%d. %s", sec.Number, sec.Title), 13, brand)
		for _, b := range sec.Blocks {
			drawBlock(d, b)
			for _, f := range flags {
				if f.Section == sec.ID && f.Term == blockText(b) {
					drawFlag(d, f)
				}
			}
		}
	}
	if doc.RentBook != nil {
		drawRentBook(d, *doc.RentBook)
	}
	if err := s.sign.Signing.SignaturesPage(ctx, d, env); err != nil {
		return nil, err
	}
	if err := s.sign.Signing.AuditPage(ctx, d, env); err != nil {
		return nil, err
	}
	drawAcknowledgements(d, doc, flags, acks)
	return d.Bytes()
}

// sealedFlags are the flagged terms of the frozen document and the
// landlord's acknowledgements of them (by the hash of the term's text).
func (s *Service) sealedFlags(ctx context.Context, doc Document, env signing.Envelope) ([]TermFlag, map[string]termAck, error) {
	c, err := byID(ctx, s.db.Conn(), env.Ref.ID)
	if err != nil {
		return nil, nil, err
	}
	flags := s.flagsOf(s.libraryOf(c), c, s.place(ctx, c.PropertyID), doc)
	if len(flags) == 0 {
		return nil, nil, nil
	}
	acks, err := termAckList(ctx, s.db.Conn(), c.ID)
	return flags, acks, err
}

// The flag's colour: the amber of the screens' warning, dark enough to read.
var flagInk = pdf.Colour{146, 64, 14}

// drawFlag notes, under a flagged term, why it is flagged: the words the
// tenant's signing screen shows ("Flagged as probably unenforceable:
// <title>." with the why and the statute).
func drawFlag(d *pdf.Doc, f TermFlag) {
	const size = 8.5
	width := pdf.PageW - 2*pdf.Margin - 12
	for _, fd := range f.Findings {
		d.Font(false, size, flagInk)
		for _, l := range d.Wrap("Flagged as probably unenforceable: "+fd.Title+". "+fd.Why+" ("+fd.Statute+")", width) {
			d.Room(size + 3)
			d.At(pdf.Margin+12, d.Y, l)
			d.Y += size + 3
		}
	}
	d.Y += 4
	d.Font(false, 10, pdf.Ink)
}

// drawAcknowledgements adds to the audit trail who acknowledged which
// flagged term, and when: the landlord kept each one knowing it is
// probably unenforceable (Sign and Send requires it).
func drawAcknowledgements(d *pdf.Doc, doc Document, flags []TermFlag, acks map[string]termAck) {
	if len(flags) == 0 {
		return
	}
	d.Heading("Flagged terms acknowledged by the landlord", 12, pdf.Ink)
	d.Font(false, 8.5, pdf.Muted)
	d.Paragraph("Each term below was flagged as probably unenforceable before the agreement was sent; the landlord chose to keep it.", 8.5)
	rows := make([][]string, 0, len(flags))
	for _, f := range flags {
		var titles []string
		for _, fd := range f.Findings {
			titles = append(titles, fd.Title)
		}
		who, when := "not acknowledged", ""
		if a, ok := acks[termHash(f.Term)]; ok {
			who, when = a.ByName, signing.UKTime(a.At)
			if who == "" { // acknowledged before the name was kept: only the landlord can
				who = doc.Cover.Landlord
			}
			if a.ByEmail != "" {
				who += " (" + a.ByEmail + ")"
			}
		}
		rows = append(rows, []string{f.Term, strings.Join(titles, "; "), who, when})
	}
	d.Table([]pdf.Column{{Title: "Term", Width: 190}, {Title: "Flagged as probably unenforceable", Width: 121}, {Title: "Acknowledged by", Width: 110}, {Title: "When", Width: 90}}, rows, 7.5)
}

func drawCover(d *pdf.Doc, doc Document) {
	d.Font(false, 12, pdf.White)
	sub := d.Wrap(doc.Subtitle, pdf.PageW-2*pdf.Margin)
	height := 96 + 17*float64(len(sub))
	d.Fill(brand)
	d.RectFromUpperLeftWithStyle(0, 0, pdf.PageW, height, "F")
	d.Font(true, 24, pdf.White)
	d.At(pdf.Margin, 36, doc.Title)
	d.Font(false, 12, pdf.White)
	for i, l := range sub {
		d.At(pdf.Margin, 72+17*float64(i), l)
	}
	d.Y = height + 30
	d.Font(false, 11, pdf.Ink)
	d.Pair("Property", doc.Cover.PropertyAddress, 120)
	d.Pair("Landlord", doc.Cover.Landlord, 120)
	d.Pair("Tenant(s)", strings.Join(doc.Cover.Tenants, ", "), 120)
	if doc.Cover.Guarantor != "" {
		d.Pair("Guarantor", doc.Cover.Guarantor, 120)
	}
	d.Pair("Start date", doc.Cover.StartDate, 120)
	d.Pair("Rent", doc.Cover.Rent, 120)
	d.Y += 18
	d.Font(false, 9, pdf.Muted)
	if doc.Source != "" {
		d.Paragraph(doc.Source, 9)
	}
	if doc.Disclaimer != "" {
		d.Paragraph(doc.Disclaimer, 9)
	}
}

func drawContents(d *pdf.Doc, doc Document) {
	d.AddPage()
	d.Y = pdf.Margin
	d.Heading("Contents", 16, pdf.Ink)
	d.Font(false, 10.5, pdf.Ink)
	part := ""
	for _, sec := range doc.Sections {
		if sec.Part != part && sec.Part != "" {
			part = sec.Part
			d.Font(true, 9, pdf.Muted)
			d.Line("Part " + part)
			d.Font(false, 10.5, pdf.Ink)
		}
		d.Line(fmt.Sprintf("%d.  %s", sec.Number, sec.Title))
	}
	d.Font(false, 10.5, pdf.Ink)
	d.Line("Signatures")
	d.AddPage()
	d.Y = pdf.Margin
}

// drawRentBook draws the rent record of a weekly tenancy: who the landlord
// is and where, the rent, and a row for each payment to be recorded.
func drawRentBook(d *pdf.Doc, rb RentBook) {
	d.AddPage()
	d.Y = pdf.Margin
	d.Heading("Rent book: rent record", 16, pdf.Ink)
	d.Font(false, 10, pdf.Ink)
	d.Pair("Landlord", rb.Landlord, 120)
	d.Pair("Address for notices", rb.Address, 120)
	d.Pair("Rent", rb.Rent, 120)
	d.Y += 8
	rows := make([][]string, 0, len(rb.Due))
	for _, due := range rb.Due {
		rows = append(rows, []string{due, rb.Rent, "", "", ""})
	}
	width := pdf.PageW - 2*pdf.Margin
	d.Table([]pdf.Column{{Title: "Due on", Width: width * 0.2}, {Title: "Rent due", Width: width * 0.2}, {Title: "Amount paid", Width: width * 0.18},
		{Title: "Date paid", Width: width * 0.18}, {Title: "Received by (signature)", Width: width * 0.24}}, rows, 9)
	d.Y += 10
	d.Font(false, 8, pdf.Muted)
	d.Paragraph("Kept as the Landlord and Tenant Act 1985 requires for a tenancy with a weekly rent ("+rb.Source+"). Continue the record on further pages, or give a written receipt for each payment.", 8)
}

// drawBlock draws a paragraph or list item: bold runs at the start (the
// clause number, a heading) in bold, the rest wrapped as body text.
func drawBlock(d *pdf.Doc, b Block) {
	lead, body := "", ""
	i := 0
	for ; i < len(b.Runs) && b.Runs[i].Bold; i++ {
		lead += b.Runs[i].Text
	}
	for _, r := range b.Runs[i:] {
		body += r.Text
	}
	bold := false
	if strings.TrimSpace(body) == "" { // a bold line: wrap it as it is
		lead, body, bold = "", lead, true
	}
	switch b.Kind {
	case "bullet":
		lead = "•  " + lead
	case "ordered":
		lead = "–  " + lead
	}
	size := 10.0
	width := pdf.PageW - 2*pdf.Margin
	d.Font(true, size, pdf.Ink)
	indent := 0.0
	if lead != "" {
		indent = d.Width(lead + " ")
	}
	d.Font(bold, size, pdf.Ink)
	lines := d.Wrap(body, width-indent)
	if len(lines) == 0 {
		lines = []string{""}
	}
	for i, l := range lines {
		d.Room(size + 4)
		if i == 0 && lead != "" {
			d.Font(true, size, pdf.Ink)
			d.At(pdf.Margin, d.Y, lead)
			d.Font(bold, size, pdf.Ink)
		}
		d.At(pdf.Margin+indent, d.Y, l)
		d.Y += size + 4
	}
	d.Y += 4
}
