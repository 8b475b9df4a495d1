package deposit

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"strings"

	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/platform/pdf"
	"github.com/omnirent/omnirent/internal/signing"
)

// The evidence pack's pages (pack.go says what it holds and why).

var packBrand = pdf.Colour{15, 76, 129}

const (
	packKeyW = 150.0
	// Photos the pack draws itself (a disputed line's check-in and
	// check-out photos, side by side; the tenants' dispute photos; quotes
	// sent as pictures) are downscaled to at most this many pixels (about
	// 190 dpi in their boxes) and re-encoded as JPEG: with the reports'
	// own photos at print size, 200 photos stay well under MaxPackBytes.
	packPhotoMaxW, packPhotoMaxH = 480, 360
	// A quote sent as a picture is drawn across the page, a little larger.
	quoteMaxW, quoteMaxH = 1000, 1300
	// importBudget is what imported documents (the agreement, the reports,
	// the quotes' PDFs) may take in all, leaving the rest of MaxPackBytes
	// to the pages the pack draws.
	importBudget = MaxPackBytes - 4<<20
	photoBoxW    = 245.0
	photoBoxH    = 184.0
	photoGap     = 21.0
)

// section is one entry of the index: a title and the page it starts on.
type section struct {
	title string
	page  int
	sub   bool
}

type packDrawer struct {
	ctx      context.Context
	s        *Service
	d        *pdf.Doc
	st       packState
	seal     signing.Seal
	index    []section
	budget   int
	photos   map[string][]byte // downscaled, by URL
	quoteSec map[string]string // line ID -> "Quotes and invoices, page N"
}

// start begins a section on a new page and lists it in the index.
func (w *packDrawer) start(title string, sub bool) {
	w.d.AddPage()
	w.d.Y = pdf.Margin
	w.index = append(w.index, section{title: title, page: w.d.GetNumberOfPages(), sub: sub})
}

// heading is a section's heading on its page.
func (w *packDrawer) heading(title string) {
	w.d.Heading(title, 16, packBrand)
	w.d.Font(false, 10, pdf.Ink)
}

func (w *packDrawer) note(s string) {
	w.d.Font(false, 9, pdf.Muted)
	for _, l := range w.d.Wrap(s, pdf.PageW-2*pdf.Margin) {
		w.d.Room(13)
		w.d.At(pdf.Margin, w.d.Y, l)
		w.d.Y += 13
	}
	w.d.Y += 3
	w.d.Font(false, 10, pdf.Ink)
}

func (s *Service) drawPack(ctx context.Context, st packState, seal signing.Seal) ([]byte, error) {
	t := st.t
	d, err := pdf.New(pdf.Info{Title: packTitle(t), Author: "OmniRent", Created: seal.At,
		Footer: "Deposit evidence pack · " + seal.PublicRef + " · sealed " + ukMoment(seal.At)})
	if err != nil {
		return nil, err
	}
	w := &packDrawer{ctx: ctx, s: s, d: d, st: st, seal: seal, budget: importBudget, photos: map[string][]byte{}, quoteSec: map[string]string{}}

	// Page 1: what this is, the parties, and the index (drawn at the end,
	// when every section's page is known).
	d.Heading("Deposit evidence pack", 22, packBrand)
	d.Font(false, 10, pdf.Ink)
	d.Pair("Home", t.Address, packKeyW)
	d.Pair("Tenants", tenantNames(t), packKeyW)
	d.Pair("Deposit", money.Format(t.DepositPence), packKeyW)
	if st.p.Scheme != "" {
		d.Pair("Protected by", st.p.Scheme+", reference "+st.p.Reference, packKeyW)
	}
	d.Pair("Disputed", fmt.Sprintf("%s of deductions, in %s", disputedTotal(st), plural(len(st.disputed), "deduction", "deductions")), packKeyW)
	d.Pair("Document reference", seal.PublicRef, packKeyW)
	d.Pair("Sealed", ukMoment(seal.At), packKeyW)
	d.Y += 4
	d.Paragraph("This pack gathers the evidence OmniRent holds on the deductions the tenants dispute, for the deposit scheme's free dispute service "+
		"(the adjudicator decides on evidence). OmniRent drew it from its records and sealed it: upload this PDF at "+seal.VerifyURL+
		" to check that it is genuine and unaltered.", 10)
	indexY := d.Y

	w.summary()
	w.agreement()
	w.reports()
	w.comparison()
	w.disputedLines()
	w.quotes()
	w.rentStatement()
	w.messages()
	w.checking()

	// The index, on page 1.
	if err := d.SetPage(1); err != nil {
		return nil, err
	}
	d.Y = indexY
	d.Heading("Contents", 14, packBrand)
	for _, sec := range w.index {
		if d.Y > pdf.PageH-pdf.Margin-30 {
			break // more sections than a page holds: the rest are in order after
		}
		x, size := pdf.Margin, 10.0
		if sec.sub {
			x, size = pdf.Margin+16, 9
		}
		d.Font(!sec.sub, size, pdf.Ink)
		title := sec.title
		for d.Width(title) > pdf.PageW-2*pdf.Margin-80 && len([]rune(title)) > 10 {
			title = string([]rune(title)[:len([]rune(title))-2])
		}
		if title != sec.title {
			title += "…"
		}
		d.At(x, d.Y, title)
		label := fmt.Sprintf("page %d", sec.page)
		d.At(pdf.PageW-pdf.Margin-d.Width(label), d.Y, label)
		d.Y += size * 1.6
	}
	b, err := d.Bytes()
	if err == nil && len(b) > MaxPackBytes {
		// Designed not to happen (the imports' budget); said so if it does.
		s.d.Log.Warn("deposit pack: larger than designed", "bytes", len(b), "limit", MaxPackBytes)
	}
	return b, err
}

func tenantNames(t Tenancy) string {
	var names []string
	for _, p := range t.Tenants {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

func disputedTotal(st packState) string {
	var total int64
	for _, i := range st.disputed {
		total += st.lines[i].ChargePence
	}
	return money.Format(total)
}

// summary: every deduction with its state, and each tenant's share.
func (w *packDrawer) summary() {
	w.start("Summary of the deductions", false)
	w.heading("Summary of the deductions")
	v := w.s.deductionsView(w.st.t, RoleLandlord, "", w.st.lines)
	rows := [][]string{}
	for _, l := range v.Lines {
		rows = append(rows, []string{l.Item, l.ReasonText, l.CostText, l.ChargeText, l.StateText})
	}
	w.d.Table([]pdf.Column{{Title: "Item", Width: 150}, {Title: "Reason", Width: 100}, {Title: "Cost", Width: 70, Right: true},
		{Title: "Charged", Width: 70, Right: true}, {Title: "Answer", Width: 121}}, rows, 9)
	w.d.Font(false, 10, pdf.Ink)
	w.d.Pair("Deposit", v.DepositText, packKeyW)
	w.d.Pair("Deductions", v.TotalText, packKeyW)
	w.d.Pair("Agreed", v.AgreedText, packKeyW)
	w.d.Pair("Disputed", v.DisputedText, packKeyW)
	if len(v.Shares) > 1 {
		w.d.Heading("Each tenant's share", 12, packBrand)
		rows = [][]string{}
		for _, sh := range v.Shares {
			rows = append(rows, []string{sh.Name, sh.DepositText, sh.AgreedText, sh.DisputedText, sh.ReturnText})
		}
		w.d.Table([]pdf.Column{{Title: "Tenant", Width: 151}, {Title: "Deposit", Width: 90, Right: true}, {Title: "Agreed", Width: 90, Right: true},
			{Title: "Disputed", Width: 90, Right: true}, {Title: "To return now", Width: 90, Right: true}}, rows, 9)
	}
	w.note(v.ReturnNote)
	if w.s.d.Rules.ApportionmentSource != "" {
		w.note("Apportionment by an item's age and expected life, so that fair wear and tear and betterment are not charged: " + w.s.d.Rules.ApportionmentSource)
	}
}

// document imports a sealed document's pages, or describes it when they
// cannot be had, read, or fit the pack's size.
func (w *packDrawer) document(title string, doc PackDocument, docErr error) {
	w.start(title, false)
	w.heading(title)
	if docErr == nil && doc.Reference != "" {
		w.d.Pair("Reference", doc.Reference, packKeyW)
	}
	if doc.Signed != "" {
		w.d.Pair("Signed by everyone", doc.Signed, packKeyW)
	}
	if doc.SHA256 != "" {
		w.d.Font(false, 10, pdf.Ink)
		w.d.Pair("SHA-256 of its PDF", doc.SHA256, packKeyW)
	}
	why := ""
	switch {
	case docErr != nil || (len(doc.PDF) == 0 && doc.Reference == ""):
		w.d.Paragraph("OmniRent holds no signed copy of this document for this tenancy.", 10)
		return
	case len(doc.PDF) == 0:
		why = "Its PDF could not be read just now."
	case len(doc.PDF) > w.budget:
		why = fmt.Sprintf("Its PDF (%.1f MB) would make this pack larger than the %d MB it is kept under for the scheme's upload.",
			float64(len(doc.PDF))/(1<<20), MaxPackBytes>>20)
	}
	if why == "" {
		w.note("The document's own pages follow, as it was sealed (scaled to fit under this pack's footer). " +
			"Its reference and SHA-256 above check it on " + w.seal.VerifyURL + ".")
		if n, err := w.d.ImportPDF(doc.PDF); err == nil {
			w.budget -= len(doc.PDF)
			_ = n
			return
		}
		why = "Its pages could not be copied into this pack."
	}
	w.d.Paragraph(why+" The sealed original can be downloaded from OmniRent by the landlord and each tenant, and checked on "+
		w.seal.VerifyURL+" with the reference and SHA-256 above.", 10)
	for _, kv := range doc.Summary {
		w.d.Pair(kv[0], kv[1], packKeyW)
	}
}

func (w *packDrawer) agreement() {
	doc, err := w.s.pack.Sources.Agreement(w.ctx, w.st.t)
	if err != nil {
		w.s.d.Log.Warn("deposit pack: agreement", "err", err)
	}
	w.document("The tenancy agreement (sealed)", doc, err)
}

func (w *packDrawer) reports() {
	in, out, err := w.s.pack.Sources.Reports(w.ctx, w.st.t, w.st.checkOutID)
	if err != nil {
		w.s.d.Log.Warn("deposit pack: reports", "err", err)
	}
	w.document("The check-in inventory report", in, err)
	w.document("The check-out inventory report", out, err)
}

// comparison: each item of the check-out compared with the check-in, as
// the deductions were proposed from it.
func (w *packDrawer) comparison() {
	w.start("The check-out comparison", false)
	w.heading("The check-out comparison")
	co, ok := CheckOut{}, false
	if w.s.d.CheckOuts != nil {
		var err error
		if co, ok, err = w.s.d.CheckOuts.SignedCheckOut(w.ctx, w.st.t.LandlordID, w.st.t.PropertyID); err != nil {
			w.s.d.Log.Warn("deposit pack: comparison", "err", err)
		}
	}
	items := co.Items
	if !ok || co.ID != w.st.checkOutID {
		// The check-out has since been replaced: the items as each line recorded them.
		items = nil
		for _, l := range w.st.lines {
			items = append(items, l.Evidence)
		}
		w.note("Each deduction's item as it was when the deduction was proposed.")
	} else {
		w.note("Check-out report signed " + co.SignedText + ", compared item by item with the check-in report.")
	}
	rows := [][]string{}
	for _, it := range items {
		name := it.Room
		if it.Item != "" {
			name += ": " + it.Item
		}
		rows = append(rows, []string{name, changeText(it.Change), it.CheckIn, it.CheckOut,
			fmt.Sprintf("%d / %d", len(it.InPhotos), len(it.OutPhotos))})
	}
	w.d.Table([]pdf.Column{{Title: "Item", Width: 110}, {Title: "Change", Width: 75}, {Title: "At check-in", Width: 130},
		{Title: "At check-out", Width: 130}, {Title: "Photos in / out", Width: 66, Right: true}}, rows, 8)
}

// photo is a photo's bytes downscaled for the pack, read once.
func (w *packDrawer) photo(p Photo) (PackPhoto, bool) {
	pp, err := w.s.pack.Sources.Photo(w.ctx, w.st.t, p)
	if err != nil || len(pp.Data) == 0 {
		return pp, false
	}
	if b, ok := w.photos[p.URL]; ok {
		pp.Data = b
		return pp, true
	}
	pp.Data = downscale(w.ctx, pp.Data, packPhotoMaxW, packPhotoMaxH)
	w.photos[p.URL] = pp.Data
	return pp, true
}

// downscale is a JPEG no larger than maxW x maxH (data itself when it is
// already within them, or is no picture the resizer reads).
func downscale(ctx context.Context, data []byte, maxW, maxH int) []byte {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (cfg.Width <= maxW && cfg.Height <= maxH) {
		return data
	}
	kind, err := imaging.Sniff(data)
	if err != nil {
		return data
	}
	out, _, _, err := imaging.Resize(imaging.WithoutWaitLimit(ctx), data, kind, maxW, maxH)
	if err != nil {
		return data
	}
	return out
}

// drawPhoto draws a photo of a report in its box with its caption below.
func (w *packDrawer) drawPhoto(p Photo, x, y float64, label string) {
	pp, ok := w.photo(p)
	w.drawPicture(pp, ok, x, y, label)
}

// drawPicture draws a photo (ok: it could be read) in its box with its caption below.
func (w *packDrawer) drawPicture(pp PackPhoto, ok bool, x, y float64, label string) {
	if !ok || w.d.Image(pp.Data, x, y, photoBoxW, photoBoxH) != nil {
		w.d.Fill(pdf.Colour{226, 232, 240})
		w.d.RectFromUpperLeftWithStyle(x, y, photoBoxW, photoBoxH, "F")
		w.d.Font(false, 9, pdf.Muted)
		w.d.At(x+80, y+photoBoxH/2-4, "Photo unavailable")
	}
	w.d.Font(true, 8, pdf.Ink)
	w.d.At(x, y+photoBoxH+4, label)
	w.d.Font(false, 7.5, pdf.Muted)
	when := "Uploaded " + ukMoment(pp.UploadedAt)
	if pp.TakenAt != nil {
		when = "Taken " + ukMoment(*pp.TakenAt)
	}
	if ok {
		w.d.At(x, y+photoBoxH+14, when)
		if len(pp.SHA256) >= 32 {
			w.d.At(x, y+photoBoxH+24, "SHA-256 "+pp.SHA256[:32])
			w.d.At(x, y+photoBoxH+33, "        "+pp.SHA256[32:])
		}
	}
}

// sideBySide draws check-in photos on the left and check-out photos on the right, a pair a row.
func (w *packDrawer) sideBySide(in, out []Photo) {
	n := max(len(in), len(out))
	for i := 0; i < n; i++ {
		w.d.Room(photoBoxH + 46)
		y := w.d.Y
		if i < len(in) {
			w.drawPhoto(in[i], pdf.Margin, y, fmt.Sprintf("At check-in, photo %d of %d", i+1, len(in)))
		}
		if i < len(out) {
			w.drawPhoto(out[i], pdf.Margin+photoBoxW+photoGap, y, fmt.Sprintf("At check-out, photo %d of %d", i+1, len(out)))
		}
		w.d.Y = y + photoBoxH + 46
	}
}

// disputedLines: each disputed line with its evidence.
func (w *packDrawer) disputedLines() {
	for n, i := range w.st.disputed {
		l, v := w.st.lines[i], w.st.views[i]
		title := fmt.Sprintf("Disputed deduction %d: %s", n+1, lineName(l, v))
		w.start(title, n > 0)
		if n == 0 {
			// The first disputed line also opens the group in the index.
			w.index[len(w.index)-1] = section{title: "The disputed deductions", page: w.d.GetNumberOfPages()}
			w.index = append(w.index, section{title: title, page: w.d.GetNumberOfPages(), sub: true})
		}
		w.heading(title)
		w.d.Pair("Item", l.Item, packKeyW)
		w.d.Pair("Change", changeText(l.Evidence.Change), packKeyW)
		w.d.Pair("At check-in", l.Evidence.CheckIn, packKeyW)
		w.d.Pair("At check-out", l.Evidence.CheckOut, packKeyW)
		w.d.Pair("Reason", v.ReasonText, packKeyW)
		if l.Note != "" {
			w.d.Pair("Landlord's description", l.Note, packKeyW)
		}
		w.d.Pair("Cost", v.CostText, packKeyW)
		w.d.Pair("Apportionment", v.Arithmetic, packKeyW)
		w.d.Font(true, 10, pdf.Ink)
		w.d.Pair("Charged to the tenants", v.ChargeText, packKeyW)
		if l.Quote != nil {
			w.d.Pair("Quote or invoice", l.Quote.Name+" (in “Quotes and invoices” below)", packKeyW)
		} else {
			w.d.Pair("Quote or invoice", "None was added", packKeyW)
		}
		w.d.Pair("Proposed", ukMoment(l.CreatedAt), packKeyW)
		if l.Revision > 1 {
			w.d.Pair("Last changed", fmt.Sprintf("%s (version %d)", ukMoment(l.UpdatedAt), l.Revision), packKeyW)
		}

		photos, err := w.s.AnswerPhotos(w.ctx, l.ID) // the tenants' dispute photos, with their bytes
		if err != nil {
			w.s.d.Log.Warn("deposit pack: dispute photos", "err", err)
		}
		w.d.Heading("The tenants' answers", 12, packBrand)
		w.d.Font(false, 10, pdf.Ink)
		answered := map[string]bool{}
		for _, a := range l.Answers {
			if a.Revision != l.Revision {
				continue
			}
			answered[strings.ToLower(a.Email)] = true
			w.d.Room(40)
			w.d.Font(true, 10, pdf.Ink)
			w.d.Line(a.Name + ": " + answerWord(a.Answer) + " · " + ukMoment(a.At))
			if a.Comment != "" {
				w.d.Paragraph("“"+a.Comment+"”", 10)
			}
			if ps := photosOf(photos, a.Email); len(ps) > 0 {
				w.d.Font(false, 9, pdf.Muted)
				w.d.Line(fmt.Sprintf("%s sent %s with this dispute:", a.Name, plural(len(ps), "photo", "photos")))
				for j := 0; j < len(ps); j += 2 {
					w.d.Room(photoBoxH + 46)
					y := w.d.Y
					for k := j; k < min(j+2, len(ps)); k++ {
						p := ps[k]
						data := p.Thumb
						if len(data) == 0 {
							data = p.Data
						}
						pic, ok := reencode(w.ctx, data, packPhotoMaxW, packPhotoMaxH)
						w.drawPicture(PackPhoto{Data: pic, SHA256: p.SHA256, TakenAt: p.TakenAt, UploadedAt: p.UploadedAt}, ok,
							pdf.Margin+float64(k-j)*(photoBoxW+photoGap), y, fmt.Sprintf("%s's photo %d of %d", a.Name, k+1, len(ps)))
					}
					w.d.Y = y + photoBoxH + 46
				}
			}
		}
		for _, p := range w.st.t.Tenants {
			if !answered[strings.ToLower(p.Email)] {
				w.d.Font(false, 10, pdf.Muted)
				w.d.Line(p.Name + ": has not answered this version")
			}
		}

		if len(l.Evidence.InPhotos)+len(l.Evidence.OutPhotos) > 0 {
			w.d.Room(photoBoxH + 46 + 60) // the heading and its note stay with the first row
			w.d.Heading("Photos: check-in and check-out side by side", 12, packBrand)
			w.note("From the signed inventory reports, as stored (location data removed). The SHA-256 identifies the stored file; the time is the one the camera recorded, or the upload's when it recorded none.")
			w.sideBySide(l.Evidence.InPhotos, l.Evidence.OutPhotos)
		} else {
			w.note("Neither report has a photo of this item.")
		}
	}
}

// quotes: each disputed line's quote or invoice. A picture is decoded and
// re-encoded (imaging.Resize, within the decode budget) and drawn; a PDF
// someone uploaded is never imported (gofpdi is not safe on hostile files,
// platform/pdf/import.go): it is named with its SHA-256, and the landlord
// and each tenant can open it on the deduction's page to send it to the
// scheme beside this pack.
func (w *packDrawer) quotes() {
	w.start("Quotes and invoices", false)
	w.heading("Quotes and invoices")
	any := false
	for _, i := range w.st.disputed {
		l := w.st.lines[i]
		if l.Quote == nil {
			continue
		}
		any = true
		w.d.Room(120)
		w.d.Heading(lineName(l, w.st.views[i]), 12, packBrand)
		w.d.Font(false, 10, pdf.Ink)
		w.d.Pair("File", l.Quote.Name, packKeyW)
		w.d.Pair("Added", ukMoment(l.Quote.UploadedAt), packKeyW)
		w.d.Pair("SHA-256", l.Quote.SHA256, packKeyW)
		if strings.HasPrefix(l.Quote.ContentType, "image/") {
			if data, err := w.s.quoteBytes(w.ctx, l.Quote); err == nil {
				if pic, ok := reencode(w.ctx, data, quoteMaxW, quoteMaxH); ok {
					h := 420.0
					w.d.Room(h + 10)
					if w.d.Image(pic, pdf.Margin, w.d.Y, pdf.PageW-2*pdf.Margin, h) == nil {
						w.d.Y += h + 10
						continue
					}
				}
			}
			w.d.Paragraph("This picture could not be read just now; it is on the deduction's page on OmniRent, where the landlord and each tenant can open it.", 10)
			continue
		}
		w.d.Paragraph("A PDF the landlord added. It is not copied into this pack: the landlord and each tenant can open it on the deduction's page on OmniRent "+
			"and send it to the scheme beside this pack; its SHA-256 above shows it is the same file.", 10)
	}
	if !any {
		w.d.Paragraph("No quote or invoice was added to a disputed deduction.", 10)
	}
}

// photosOf are the dispute photos of one tenant.
func photosOf(all []AnswerPhoto, email string) []AnswerPhoto {
	var out []AnswerPhoto
	for _, p := range all {
		if strings.EqualFold(p.Email, email) {
			out = append(out, p)
		}
	}
	return out
}

// reencode decodes an uploaded picture and encodes it again as a JPEG no
// larger than maxW x maxH (never drawn as uploaded).
func reencode(ctx context.Context, data []byte, maxW, maxH int) ([]byte, bool) {
	kind, err := imaging.Sniff(data)
	if err != nil {
		return nil, false
	}
	out, _, _, err := imaging.Resize(imaging.WithoutWaitLimit(ctx), data, kind, maxW, maxH)
	return out, err == nil
}

// rentStatement: the wallet's rent statement, or plainly none.
func (w *packDrawer) rentStatement() {
	w.start("Rent statement", false)
	w.heading("Rent statement")
	rs := w.st.rent
	if rs == nil {
		w.d.Paragraph("No rent statement: OmniRent's wallet holds no rent statement for this tenancy, and no deduction here is for rent arrears.", 10)
		return
	}
	rows := [][]string{}
	var balance int64
	for _, r := range rs.Rows {
		balance += r.DuePence - r.PaidPence
		rows = append(rows, []string{UKDay(r.Day.In(ukTZ())), r.What, moneyOrNothing(r.DuePence), moneyOrNothing(r.PaidPence), money.Format(balance)})
	}
	if len(rows) == 0 {
		w.d.Paragraph("The rent statement has no entries.", 10)
	} else {
		w.d.Table([]pdf.Column{{Title: "Day", Width: 90}, {Title: "What", Width: 201}, {Title: "Due", Width: 70, Right: true},
			{Title: "Paid", Width: 70, Right: true}, {Title: "Balance", Width: 80, Right: true}}, rows, 9)
	}
	w.d.Font(true, 10, pdf.Ink)
	w.d.Pair("Rent arrears", money.Format(rs.ArrearsPence), packKeyW)
}

// messages: the exchanges on the deductions in time order.
func (w *packDrawer) messages() {
	w.start("Messages exchanged", false)
	w.heading("Messages exchanged")
	w.note("The landlord's deductions and each tenant's answers on OmniRent, in the order they were made. An answer stands for the version of the deduction it was given to.")
	for _, m := range w.s.messages(w.st) {
		w.d.Room(36)
		w.d.Font(true, 9.5, pdf.Ink)
		w.d.Line(ukMoment(m.at) + " · " + m.who)
		w.d.Paragraph(m.text, 9.5)
	}
}

func (w *packDrawer) checking() {
	w.start("Checking this pack", false)
	w.heading("Checking this pack")
	w.d.Paragraph("OmniRent sealed this pack on "+ukMoment(w.seal.At)+" under the reference "+w.seal.PublicRef+
		". To check that it is genuine and unaltered, upload this PDF at "+w.seal.VerifyURL+
		", or type the reference and the PDF's SHA-256 there. The documents it gathers keep their own references, "+
		"each checkable the same way.", 10)
	w.d.Paragraph("A new pack is sealed whenever a deduction, an answer or a quote changes; each pack shows the deductions as they stood when it was sealed.", 10)
}
