package signing

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/pdf"
)

// signedAt is how the PDF writes a signing time: UK time with its zone.
func stamp(e Event) string { return ukTime(e.At) }

// SignaturesPage draws the signatures of a sealed document on a new page:
// each signer's role, name, signature (the image, or the typed name in the
// signature font) and the time they signed.
func (s *Service) SignaturesPage(ctx context.Context, d *pdf.Doc, e Envelope) error {
	d.AddPage()
	d.Y = pdf.Margin
	d.Heading("Signatures", 16, pdf.Ink)
	d.Font(false, 9, pdf.Muted)
	d.Paragraph("Signed electronically on OmniRent. Each party proved their e-mail address with a one-time code before signing; the audit page records the evidence.", 9)
	for _, sg := range e.Signers {
		d.Room(118)
		top := d.Y + 6
		d.Font(true, 11, pdf.Ink)
		d.At(pdf.Margin, top, fmt.Sprintf("%s: %s", sg.Role, sg.Name))
		d.Font(false, 9, pdf.Muted)
		d.At(pdf.Margin, top+16, sg.Email)
		box := top + 30
		d.SetStrokeColor(200, 205, 215)
		d.SetLineWidth(0.6)
		d.GoPdf.Line(pdf.Margin, box+62, pdf.Margin+260, box+62)
		switch {
		case !sg.Signed():
			d.Font(false, 9, pdf.Muted)
			d.At(pdf.Margin, box+30, "Not signed")
		case sg.Method == Typed:
			d.Font(false, 10, pdf.Ink)
			d.SignatureText(pdf.Margin+4, box+14, 30, sg.Typed)
		default:
			img, err := s.SignatureImage(ctx, sg)
			if err != nil {
				return err
			}
			if err := d.Image(img, pdf.Margin, box, 240, 60); err != nil {
				return err
			}
		}
		d.Font(false, 9, pdf.Ink)
		if sg.Signed() {
			d.At(pdf.Margin+280, box+20, "Signed "+ukTime(*sg.SignedAt))
			d.Font(false, 8, pdf.Muted)
			d.At(pdf.Margin+280, box+34, "Method: "+methodWords[sg.Method])
			if sg.OnBehalf() {
				d.Font(false, 9, pdf.Ink)
				d.At(pdf.Margin+280, box+50, "Signed by "+sg.SignedBy)
				d.At(pdf.Margin+280, box+63, "on behalf of the "+strings.ToLower(string(sg.Role))+", "+sg.Name)
			}
		}
		d.Y = box + 78
	}
	return nil
}

var methodWords = map[Method]string{Drawn: "drawn signature", Typed: "typed name", Uploaded: "uploaded image"}

// AuditPage draws the last page of a sealed document: the document id, the
// hash of what was signed, each signer's evidence and the event trail.
func (s *Service) AuditPage(ctx context.Context, d *pdf.Doc, e Envelope) error {
	events, err := s.Events(ctx, e.Ref)
	if err != nil {
		return err
	}
	d.AddPage()
	d.Y = pdf.Margin
	d.Heading("Audit trail", 16, pdf.Ink)
	d.Font(false, 9, pdf.Ink)
	d.Pair("Document", e.Title, 110)
	d.Pair("Document reference", e.PublicRef, 110)
	d.Pair("SHA-256 of the text signed", "", 110)
	d.Font(false, 8, pdf.Ink)
	d.Line(e.DocHash)
	d.Font(false, 9, pdf.Muted)
	d.Paragraph("Anyone holding this PDF can check it is genuine and unaltered at "+s.verifyURL+" (upload the file, or type the document reference and the hash above).", 8.5)
	d.Heading("Signers", 12, pdf.Ink)
	rows := make([][]string, 0, len(e.Signers))
	for _, sg := range e.Signers {
		when, how := "not signed", ""
		if sg.Signed() {
			when, how = ukTime(*sg.SignedAt), methodWords[sg.Method]
		}
		who := string(sg.Role) + ": " + sg.Name
		if sg.OnBehalf() {
			who += " (signed on their behalf by " + sg.SignedBy + ")"
		}
		rows = append(rows, []string{who, sg.Email, when, sg.IP, joinSome("; ", how, sg.UserAgent)})
	}
	d.Table([]pdf.Column{{Title: "Signer", Width: 95}, {Title: "E-mail", Width: 110}, {Title: "Signed", Width: 95}, {Title: "IP address", Width: 70}, {Title: "Method and browser", Width: 141}}, rows, 7.5)
	d.Heading("Events", 12, pdf.Ink)
	erows := make([][]string, 0, len(events))
	for _, ev := range events {
		erows = append(erows, []string{stamp(ev), eventWords[ev.Event], ev.Actor, ev.Detail})
	}
	if last := lastSignature(e); e.Complete() {
		// The PDF is made at this moment: its own sealing is its last event.
		erows = append(erows, []string{ukTime(last), eventWords[EventCompleted], "OmniRent", "Every party has signed; sealed as this PDF"})
	}
	d.Table([]pdf.Column{{Title: "Time", Width: 95}, {Title: "Event", Width: 70}, {Title: "By", Width: 110}, {Title: "Detail", Width: 236}}, erows, 7.5)
	return nil
}

var eventWords = map[string]string{EventCreated: "Created", EventSent: "Sent", EventViewed: "Viewed", EventCodeVerified: "Code verified",
	EventPaid: "Paid", EventSigned: "Signed", EventCompleted: "Completed", EventDownloaded: "Downloaded", EventReopened: "Reopened"}

// lastSignature is when the last signer signed.
func lastSignature(e Envelope) time.Time {
	var last time.Time
	for _, sg := range e.Signers {
		if sg.SignedAt != nil && sg.SignedAt.After(last) {
			last = *sg.SignedAt
		}
	}
	return last
}

// joinSome joins the parts that are not empty.
func joinSome(sep string, parts ...string) string {
	return strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), sep)
}
