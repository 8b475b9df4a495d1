package demo

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/documents"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/session"
)

// SeedCertificates gives the demo landlord's home (let) and listing
// (published) each a valid gas safety certificate, EICR and EPC, each with
// a one-page PDF and expiring more than 90 days ahead, so the documents
// menu starts with no certificate needing action; the draft property has
// none.
func SeedCertificates(ctx context.Context, accounts *auth.Service, properties *property.Service, docs *documents.Service, now time.Time) error {
	owner, homeID, err := landlordsProperty(ctx, accounts, properties, func(owner session.Actor) (bool, error) {
		return hasCertificates(ctx, properties, docs, owner)
	})
	if err != nil || homeID == "" {
		return err
	}
	props, err := properties.List(ctx, owner)
	if err != nil {
		return err
	}
	today := now.In(clock.UK)
	type cert struct {
		typ, title, rating string
		issued             time.Time
	}
	for _, p := range []struct {
		id    string
		certs []cert
	}{
		{homeID, []cert{
			{documents.GasSafety, "Landlord Gas Safety Record (CP12)", "", today.AddDate(0, -2, 0)},
			{documents.EICR, "Electrical Installation Condition Report", "", today.AddDate(-1, 0, 0)},
			{documents.EPC, "Energy Performance Certificate - rating C", "C", today.AddDate(-2, 0, 0)},
		}},
		{propertyAt(props, ListingAddress), []cert{
			{documents.GasSafety, "Landlord Gas Safety Record (CP12)", "", today.AddDate(0, -3, 0)},
			{documents.EICR, "Electrical Installation Condition Report", "", today.AddDate(-2, 0, 0)},
			{documents.EPC, "Energy Performance Certificate - rating D", "D", today.AddDate(-4, 0, 0)}, // the listing's rating
		}},
	} {
		if p.id == "" {
			continue
		}
		for _, c := range p.certs {
			issued, rating := c.issued.Format(time.DateOnly), c.rating
			v, err := docs.Create(ctx, owner, documents.CertificateInput{PropertyID: p.id, Type: c.typ, IssuedOn: &issued, EPCRating: &rating,
				Notes: ptr("Demo certificate.")})
			if err != nil {
				return fmt.Errorf("%s: %w", c.typ, err)
			}
			if _, err := docs.AddFile(ctx, owner, v.ID, c.typ+".pdf", bytes.NewReader(onePagePDF(c.title+" - demo, not a real certificate"))); err != nil {
				return fmt.Errorf("%s file: %w", c.typ, err)
			}
		}
	}
	return nil
}

func ptr(s string) *string { return &s }

func hasCertificates(ctx context.Context, properties *property.Service, docs *documents.Service, owner session.Actor) (bool, error) {
	props, err := properties.List(ctx, owner)
	if err != nil {
		return false, err
	}
	for _, p := range props {
		c, err := docs.Certificates(ctx, owner, p.ID)
		if err != nil {
			return false, err
		}
		for _, g := range c.Groups {
			if len(g.Current)+len(g.History) > 0 {
				return true, nil
			}
		}
	}
	return false, nil
}

// onePagePDF is a minimal valid one-page PDF showing title.
func onePagePDF(title string) []byte {
	content := fmt.Sprintf("BT /F1 18 Tf 60 760 Td (%s) Tj ET", title)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
