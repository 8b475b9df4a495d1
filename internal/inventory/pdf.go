package inventory

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/jpeg" // photo sizes
	_ "image/png"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/pdf"
	"github.com/omnirent/omnirent/internal/signing"
)

// The report PDF (spec 3 section 9): A4, "Page X of Y" on every page, drawn
// from the same data the preview shows: the front page, the glossary,
// pre-arrival document serving, the schedule of cleanliness and condition,
// utility details, room details with their photos, tenants and landlord,
// keys and alarms, the signatures when the report has been signed, and an
// evidence page of every photo's hash and times and the report's stamps.
// Photos are drawn from their 640-pixel thumbnails, so a report of a
// hundred twelve-megapixel photos stays a few megabytes; a photo that
// cannot be read is drawn as a grey box, never failing the document.

var (
	pdfBrand = pdf.Colour{11, 92, 173}
	pdfGrey  = pdf.Colour{148, 163, 184}
)

// contentW is the width between the margins.
const contentW = pdf.PageW - 2*pdf.Margin

// term is a glossary entry: a word the report uses and what it means.
type term struct{ Word, Meaning string }

// glossaryTerms is the PDF's glossary (spec 3 section 9), group by group.
var glossaryTerms = []struct {
	Title string
	Terms []term
}{
	{"Condition", []term{
		{"Damaged", "Broken, torn, chipped, burnt or otherwise harmed beyond fair wear; needs repair or replacement."},
		{"Marked", "Scuffs, scratches, stains or marks on the surface, but sound and working."},
		{"Dirty", "Needs more than a light clean: grime, grease, residue or soiling."},
		{"Dusty", "A light layer of dust that a wipe or a vacuum removes."},
		{"Fine", "Clean, sound and in good order for its age; no defects noted."},
	}},
	{"Cleanliness", []term{
		{"Very poor", "Heavily soiled throughout; needs a professional clean."},
		{"Poor", "Noticeably dirty in places; needs a thorough clean."},
		{"Fair", "Generally clean, with some areas needing attention."},
		{"Good", "Clean throughout and ready to use."},
		{"New Item", "New and unused, or still in its packaging."},
	}},
	{"Photographs", []term{
		{termCamera, "Taken in the OmniRent app with the device's camera during the inspection, and uploaded straight away. The time shown " +
			"(\"Taken\") is when the camera took it; when the camera recorded no time, or one that is not relied on, the time shown " +
			"(\"Uploaded\") is when it reached OmniRent."},
		{termAdded, "A picture file added from the device, or a photo sent as taken in the app whose camera date does not fit that. " +
			"The time shown (\"Uploaded\") is when it reached OmniRent; the camera's own date, when the file had one, is on the Evidence page."},
		{"Not relied on", "A camera date after the upload, or more than a day before the report was begun, and a camera position far " +
			"from the property, are noted under the photo and on the Evidence page: the photo may not show the property at the inspection."},
	}},
}

// The glossary's words for how a photo came into the report: the only two
// photoTerm gives.
const (
	termCamera = "Captured (via App)"
	termAdded  = "Added"
)

// photoTerm is the glossary's word for how a photo came into the report.
func photoTerm(origin string) string {
	if origin == photo.FromCamera {
		return termCamera
	}
	return termAdded
}

// caption is what the grid prints under a photo: its glossary term, the
// time the glossary says it shows, and the short notes of its doubts.
func caption(e photo.Evidence, doubts []doubt) (term, when string, notes []string) {
	timeDoubted := false
	for _, d := range doubts {
		timeDoubted = timeDoubted || d.Time
		if d.Short != "" {
			notes = append(notes, d.Short)
		}
	}
	term, when = photoTerm(e.Origin), "Uploaded "+ukShort(e.UploadedAt)
	if e.Origin == photo.FromCamera && e.CapturedAt != nil && !timeDoubted {
		when = "Taken " + ukShort(*e.CapturedAt)
	}
	return term, when, notes
}

// ukDate writes a date the British way (spec 3 section 9: dates en-GB).
func ukDate(t time.Time) string { return t.In(clock.UK).Format("02/01/2006") }

// ukDateTime is a date and time in UK time with its zone.
func ukDateTime(t time.Time) string { return t.In(clock.UK).Format("02/01/2006 15:04:05 MST") }

// ukShort is a date and time to the minute, for captions.
func ukShort(t time.Time) string { return t.In(clock.UK).Format("02/01/2006 15:04 MST") }

// isoDate writes a YYYY-MM-DD date of the data the British way.
func isoDate(s string) string {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return s
	}
	return t.Format("02/01/2006")
}

// drawer draws one report: the document, and the report's photos and
// their evidence, each photo read once.
type drawer struct {
	ctx   context.Context
	s     *Service
	d     *pdf.Doc
	r     Record
	ev    map[string]photo.Evidence
	cache map[string][]byte
	// owner is the report a photo belongs to when it is not this one (the
	// check-in report's photos in a check-out report's comparison).
	owner map[string]string
	// signer names who signed first (the inspector) when the settings do not.
	signer *signing.Signer
	// signers are the report's signers in order (the report's maker first),
	// once signing has started: they name who made each stamp.
	signers []signing.Signer
	// number and place are each of this report's photos' number (in the
	// report's order, from 1) and where it belongs: captions and the
	// evidence page name a photo by them, never by its file name.
	number map[string]int
	place  map[string]string
}

// numberPhotos numbers the report's photos in the report's order.
func (w *drawer) numberPhotos() {
	w.number, w.place = map[string]int{}, map[string]string{}
	w.r.Data.eachPhoto(func(name, place string) {
		if _, seen := w.number[name]; !seen {
			w.number[name], w.place[name] = len(w.number)+1, place
		}
	})
}

// RenderPDF draws the report r as a PDF for a reader who may see it.
func (s *Service) RenderPDF(ctx context.Context, r Record) ([]byte, error) {
	addr := r.Property.text()
	d, err := pdf.New(pdf.Info{Title: r.Type + ": " + addr, Author: "OmniRent", Created: r.CreatedAt, Footer: "OmniScan " + strings.TrimSuffix(r.Type, " Report") + " report, " + addr})
	if err != nil {
		return nil, err
	}
	evs, err := s.photos.Evidences(ctx, photo.KindInventory, r.ID)
	if err != nil {
		return nil, err
	}
	w := &drawer{ctx: ctx, s: s, d: d, r: r, ev: map[string]photo.Evidence{}, cache: map[string][]byte{}, owner: map[string]string{}}
	for _, e := range evs {
		w.ev[e.Name] = e
	}
	w.numberPhotos()
	var env signing.Envelope
	var started bool
	if s.sign.Signing != nil {
		if env, started, err = s.sign.Signing.Started(ctx, ref(r.ID)); err != nil {
			return nil, err
		}
		if started {
			w.signer, w.signers = firstSigned(env.Signers), env.Signers
		}
	}
	w.front(addr)
	w.glossary()
	w.documents()
	w.schedule()
	w.utilities()
	w.rooms()
	w.parties()
	w.keys()
	disputes, err := disputesOf(ctx, s.db.Conn(), r.ID)
	if err != nil {
		return nil, err
	}
	w.disputes(disputes)
	if r.Type == TypeCheckOut {
		in, from, ok, err := s.checkInOf(ctx, r.Report)
		if err != nil {
			return nil, err
		}
		if ok {
			inEv, err := s.photos.Evidences(ctx, photo.KindInventory, in.ID)
			if err != nil {
				return nil, err
			}
			for _, e := range inEv {
				w.ev[e.Name], w.owner[e.Name] = e, in.ID
			}
			c := Comparison{CheckIn: Record{Report: in}, StartedFrom: from, CheckInBy: s.madeBy(ctx, in)}
			w.comparison(c.Named(), Compare(in.Data, r.Data))
		}
	}
	w.documentPages()
	if started {
		if err := s.sign.Signing.SignaturesPage(ctx, d, env); err != nil {
			return nil, err
		}
	}
	w.evidence(evidenced(r.Report, env, started, evs))
	if started && env.Complete() { // the sealed report ends with its audit trail
		if err := s.sign.Signing.AuditPage(ctx, d, env); err != nil {
			return nil, err
		}
	}
	return d.Bytes()
}

// evidenced are the photos the Evidence section lists: those the report's
// data names and, once signing has started, those whose name and hash the
// signed text froze (freeze), never a photo that reached the report later
// (an upload racing the signature) and that no signature covers.
func evidenced(r Report, env signing.Envelope, started bool, evs []photo.Evidence) []photo.Evidence {
	keep := map[string]string{} // name: frozen hash ("" when not frozen)
	for _, n := range r.Data.photos() {
		keep[n] = ""
	}
	if started {
		var frozen struct {
			Photos []struct {
				Name   string `json:"name"`
				SHA256 string `json:"sha256"`
			} `json:"photos"`
		}
		if err := json.Unmarshal(env.Document, &frozen); err == nil {
			signed := map[string]string{}
			for _, p := range frozen.Photos {
				if _, named := keep[p.Name]; named {
					signed[p.Name] = p.SHA256
				}
			}
			keep = signed
		}
	}
	out := make([]photo.Evidence, 0, len(evs))
	for _, e := range evs {
		if h, ok := keep[e.Name]; ok && (h == "" || h == e.SHA256) {
			out = append(out, e)
		}
	}
	return out
}

// firstSigned is the first signer who has signed (the report's maker).
func firstSigned(list []signing.Signer) *signing.Signer {
	for i := range list {
		if list[i].SignedAt != nil && list[i].Name != "" {
			return &list[i]
		}
	}
	return nil
}

// section starts a section where the last one ended (issue 26: a one-room
// report ran to ten pages when each began a page), on a new page only when
// its heading and first lines would not fit.
func (w *drawer) section(title string) {
	if w.d.Y > pdf.Margin+1 {
		w.d.Y += 18
	}
	w.d.Room(90)
	w.title(title)
}

func (w *drawer) newPage() {
	w.d.AddPage()
	w.d.Y = pdf.Margin
}

func (w *drawer) title(s string) {
	w.d.Heading(s, 16, pdfBrand)
	w.d.Y += 2
}

func (w *drawer) sub(s string) { w.d.Heading(s, 12, pdf.Ink) }

// muted draws a small grey line.
func (w *drawer) muted(s string) {
	w.d.Font(false, 9, pdf.Muted)
	w.d.Line(s)
	w.d.Font(false, 10, pdf.Ink)
}

func (w *drawer) front(addr string) {
	d, data := w.d, w.r.Data
	d.Font(false, 12, pdf.White)
	lines := d.Wrap(addr, contentW)
	height := 92 + 17*float64(len(lines))
	d.Fill(pdfBrand)
	d.RectFromUpperLeftWithStyle(0, 0, pdf.PageW, height, "F")
	d.Font(true, 24, pdf.White)
	d.At(pdf.Margin, 34, w.r.Type)
	d.Font(false, 12, pdf.White)
	for i, l := range lines {
		d.At(pdf.Margin, 70+17*float64(i), l)
	}
	d.Y = height + 24
	if name := data.Settings.CoverPhoto; name != "" {
		w.image(name, pdf.Margin, d.Y, contentW, 300)
		d.Y += 300 + 20
	}
	inspector, email := w.inspector()
	d.Font(false, 11, pdf.Ink)
	d.Pair("Property", orDash(addr), 130)
	d.Pair("Inspector", inspector, 130)
	if email != "" {
		d.Pair("Inspector e-mail", email, 130)
	}
	d.Pair("Created", ukDate(w.r.CreatedAt), 130)
	d.Pair("Status", StatusText(w.r.Status), 130)
	d.Pair("Students", yesNo(data.Settings.Students), 130)
	d.Pair("Pets", yesNo(data.Settings.Pets), 130)
	if o := data.Overview; o.Rating != "" || o.Description != "" {
		w.sub("Property overview")
		w.condition(o)
	}
}

// inspector names who made the report: the settings' inspector, else the
// first to sign it (the creator signs first), else says it is not named.
func (w *drawer) inspector() (name, email string) {
	in := w.r.Data.Settings.Inspector
	if n := strings.TrimSpace(in.First + " " + in.Last); n != "" {
		return n, in.Email
	}
	if w.signer != nil {
		return w.signer.Name, w.signer.Email
	}
	return "Not named yet (the report is not signed)", ""
}

func (w *drawer) glossary() {
	w.section("Glossary")
	d := w.d
	for _, g := range glossaryTerms {
		w.sub(g.Title)
		for _, t := range g.Terms {
			const key = 190.0
			d.Font(false, 10, pdf.Ink)
			lines := d.Wrap(t.Meaning, contentW-key)
			d.Room(15 * float64(len(lines)))
			d.Font(true, 10, pdf.Ink)
			d.At(pdf.Margin, d.Y, t.Word)
			d.Font(false, 10, pdf.Ink)
			for i, l := range lines {
				d.At(pdf.Margin+key, d.Y+15*float64(i), l)
			}
			d.Y += 15*float64(max(len(lines), 1)) + 2
		}
	}
}

func (w *drawer) documents() {
	w.section("Pre-arrival document serving")
	d := w.d
	d.Paragraph("The certificates and documents served to the tenant before the tenancy, with their expiry dates and the pages as photographed.", 9)
	if len(w.r.Data.Documents) == 0 {
		w.muted("No documents recorded.")
		return
	}
	pages := 0
	for _, doc := range w.r.Data.Documents {
		d.Font(false, 10, pdf.Ink)
		if expiredBefore(doc.Expiry, w.r.CreatedAt) {
			// Not valid when the report was made: said, not passed off as served.
			d.Pair(doc.Kind, fmt.Sprintf("EXPIRED %s, before this report was made: not a valid certificate when served; %s", isoDate(doc.Expiry), plural(len(doc.Files), "page")), 170)
		} else {
			d.Pair(doc.Kind, fmt.Sprintf("Expires %s; %s", isoDate(doc.Expiry), plural(len(doc.Files), "page")), 170)
		}
		pages += len(doc.Files)
	}
	if pages > 0 {
		w.muted("Each page is printed at the end of the report on a page of its own, at a size it can be read at.")
	}
}

// documentPages prints every document page on a page of its own, as large
// as the page allows (issue 26: a certificate printed some 15 x 21 mm could
// not be read), from the large copy; at the end, so the sections before
// them flow.
func (w *drawer) documentPages() {
	d := w.d
	for _, doc := range w.r.Data.Documents {
		for i, f := range doc.Files {
			w.newPage()
			w.sub(fmt.Sprintf("%s, page %d of %d (expires %s)", doc.Kind, i+1, len(doc.Files), isoDate(doc.Expiry)))
			top := d.Y + 4
			w.imageSized(f, photo.Large, pdf.Margin, top, contentW, pdf.PageH-pdf.Margin-24-top)
			d.Y = pdf.PageH - pdf.Margin - 20
		}
	}
}

// plural is "1 page" or "3 pages".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func ratingOr(s string) string {
	if s == "" {
		return "Not rated"
	}
	return s
}

func (w *drawer) schedule() {
	w.section("Schedule of cleanliness and condition")
	d := w.d
	if o := w.r.Data.Overview; o.Rating != "" {
		d.Font(false, 10, pdf.Ink)
		d.Pair("Property overview", ratingOr(o.Rating), 130)
	}
	for _, side := range []struct {
		title string
		rooms []Room
	}{{"Inside", w.r.Data.Inside}, {"Outside", w.r.Data.Outside}} {
		w.sub(side.title)
		if len(side.rooms) == 0 {
			w.muted("No rooms or spaces recorded.")
			continue
		}
		rows := make([][]string, 0, len(side.rooms))
		for _, r := range side.rooms {
			rows = append(rows, []string{r.Tag, ratingOr(r.Overview.Rating), r.Overview.Description})
		}
		d.Table([]pdf.Column{{Title: "Room or space", Width: 150}, {Title: "Condition rating", Width: 95}, {Title: "Description", Width: contentW - 245}}, rows, 9)
	}
}

func (w *drawer) utilities() {
	w.section("Utility details")
	d := w.d
	ms := w.r.Data.Meters
	if len(ms) == 0 {
		w.muted("No meters recorded.")
		return
	}
	rows := make([][]string, 0, len(ms))
	for _, m := range ms {
		rows = append(rows, []string{m.Kind, m.Location, m.Reading, m.Supplier, m.Serial, m.Notes})
	}
	d.Table([]pdf.Column{{Title: "Meter", Width: 70}, {Title: "Location", Width: 95}, {Title: "Reading", Width: 70}, {Title: "Supplier", Width: 80},
		{Title: "Serial number", Width: 80}, {Title: "Notes", Width: contentW - 395}}, rows, 9)
	for _, m := range ms {
		if len(m.Photos) > 0 {
			w.sub(m.Kind + " meter photos")
			w.grid(m.Photos)
		}
	}
}

func (w *drawer) rooms() {
	w.section("Room details")
	for _, side := range []struct {
		title string
		rooms []Room
	}{{"Inside", w.r.Data.Inside}, {"Outside", w.r.Data.Outside}} {
		if len(side.rooms) == 0 {
			continue
		}
		w.d.Heading(side.title, 14, pdfBrand)
		for _, r := range side.rooms {
			w.room(r)
		}
	}
	if len(w.r.Data.Inside)+len(w.r.Data.Outside) == 0 {
		w.muted("No rooms or spaces recorded.")
	}
}

func (w *drawer) room(r Room) {
	d := w.d
	d.Heading(r.Tag, 13, pdf.Ink)
	w.condition(r.Overview)
	for _, it := range r.Items {
		d.Room(min(itemHeight(it), 420)) // an item starts on the page its first photos fit on
		d.Y += 4
		d.Font(true, 11, pdfBrand)
		d.Line(it.Tag)
		if o := it.Overview; o.Rating != "" || o.Description != "" {
			d.Font(false, 10, pdf.Ink)
			if o.Rating != "" {
				d.Pair("Condition", o.Rating, 130)
			}
			if o.Description != "" {
				d.Pair("Condition notes", o.Description, 130)
			}
		}
		ci, _ := w.s.cat.Item(it.Name)
		var descG, disputeG []Group
		if ci != nil {
			descG, disputeG = ci.Description, ci.DisputeAvoidance
		}
		w.choices("Description", it.Description, descG)
		w.choices("Dispute avoidance", it.DisputeAvoidance, disputeG)
		if it.Notes != "" {
			d.Font(false, 10, pdf.Ink)
			d.Pair("Notes", it.Notes, 130)
		}
		w.grid(append(slices.Clone(it.Overview.Photos), it.Photos...))
	}
	d.Y += 6
}

// itemHeight is about how tall an item is up to its first row of photos.
func itemHeight(it RoomItem) float64 {
	h := 30.0
	if it.Overview.Rating != "" {
		h += 15
	}
	if it.Overview.Description != "" {
		h += 15 * float64(1+len(it.Overview.Description)/60)
	}
	for _, part := range []map[string][]string{it.Description, it.DisputeAvoidance} {
		if len(part) > 0 {
			h += 12 + 15*float64(len(part))
		}
	}
	if it.Notes != "" {
		h += 15 * float64(1+len(it.Notes)/60)
	}
	if len(it.Photos)+len(it.Overview.Photos) > 0 {
		h += gridRowH + 4
	}
	return h
}

// choices draws an item's chosen values, group by group in the catalogue's order.
func (w *drawer) choices(label string, chosen map[string][]string, groups []Group) {
	if len(chosen) == 0 {
		return
	}
	var names []string
	for _, g := range groups {
		if len(chosen[g.Name]) > 0 {
			names = append(names, g.Name)
		}
	}
	var rest []string
	for n, v := range chosen {
		if len(v) > 0 && !slices.Contains(names, n) {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	names = append(names, rest...)
	if len(names) == 0 {
		return
	}
	w.d.Font(true, 8, pdf.Muted)
	w.d.Line(strings.ToUpper(label))
	w.d.Font(false, 10, pdf.Ink)
	for _, n := range names {
		w.d.Pair(n, strings.Join(chosen[n], ", "), 130)
	}
}

// condition draws a condition block: its rating, words and photos.
func (w *drawer) condition(c Condition) {
	d := w.d
	d.Font(false, 10, pdf.Ink)
	if c.Rating != "" {
		d.Pair("Condition", c.Rating, 130)
	}
	if c.Description != "" {
		d.Pair("Description", c.Description, 130)
	}
	if c.Rating == "" && c.Description == "" && len(c.Photos) == 0 {
		w.muted("Condition not recorded.")
	}
	w.grid(c.Photos)
}

// The photo grid: three to a row, each 4:3 with a two-line caption, and a
// line more for each note a photo of the row has.
const (
	gridPer, gridGap = 3, 10.0
	gridCapH         = 24.0
	gridNoteH        = 9.5
	gridThumbW       = (contentW - gridGap*(gridPer-1)) / gridPer
	gridRowH         = gridThumbW*3/4 + gridCapH + gridGap
)

// doubts are the doubts about one of the report's photos (its own time
// and place against the report's begin and the property).
func (w *drawer) doubts(e photo.Evidence) []doubt { return doubtsOf(e, w.r.CreatedAt, w.r.Property) }

// grid draws photos three to a row, each captioned with its glossary term,
// the time the glossary says it shows, and any note on its camera's date
// or position.
func (w *drawer) grid(names []string) {
	if len(names) == 0 {
		return
	}
	tw, th := gridThumbW, gridThumbW*3/4
	d := w.d
	d.Y += 4
	type cell struct {
		term, when string
		notes      []string
	}
	for i := 0; i < len(names); i += gridPer {
		row := names[i:min(i+gridPer, len(names))]
		cells := make([]cell, len(row))
		lines := 0
		d.Font(false, 7.5, pdf.Ink)
		for j, n := range row {
			cells[j].term = "Photo"
			if e, ok := w.ev[n]; ok {
				var notes []string
				cells[j].term, cells[j].when, notes = caption(e, w.doubts(e))
				if no, ours := w.number[n]; ours && w.owner[n] == "" {
					cells[j].term = fmt.Sprintf("%d. %s", no, cells[j].term)
				}
				for _, note := range notes {
					cells[j].notes = append(cells[j].notes, d.Wrap(note, tw)...)
				}
			}
			lines = max(lines, len(cells[j].notes))
		}
		rowH := gridRowH + gridNoteH*float64(lines)
		d.Room(rowH)
		for j, n := range row {
			x := pdf.Margin + float64(j)*(tw+gridGap)
			w.image(n, x, d.Y, tw, th)
			d.Font(true, 7.5, pdf.Ink)
			d.At(x, d.Y+th+3, cells[j].term)
			d.Font(false, 7.5, pdf.Muted)
			d.At(x, d.Y+th+13, cells[j].when)
			d.Font(false, 7.5, pdf.Ink)
			for k, l := range cells[j].notes {
				d.At(x, d.Y+th+13+gridNoteH*float64(k+1), l)
			}
		}
		d.Y += rowH
	}
	d.Font(false, 10, pdf.Ink)
}

// image draws a report's photo in the box, or a grey box saying it is
// unavailable when it cannot be read.
func (w *drawer) image(name string, x, y, bw, bh float64) {
	w.imageSized(name, photo.Thumb, x, y, bw, bh)
}

// imageSized is image from the given copy of the photo (the large one for
// a document's page), read from the report it belongs to.
func (w *drawer) imageSized(name string, size photo.Size, x, y, bw, bh float64) {
	key := string(size) + "/" + name
	data, ok := w.cache[key]
	if !ok {
		owner := w.r.ID
		if o, ok := w.owner[name]; ok {
			owner = o
		}
		b, err := w.s.photos.Bytes(w.ctx, photo.KindInventory, owner, name, size)
		if err == nil {
			data = b
		}
		w.cache[key] = data
	}
	if data != nil {
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil && cfg.Width > 0 && cfg.Height > 0 {
			iw := min(bw, bh*float64(cfg.Width)/float64(cfg.Height)) // centred across the box, as large as it fits
			ih := iw * float64(cfg.Height) / float64(cfg.Width)
			if w.d.Image(data, x+(bw-iw)/2, y, iw, min(bh, ih)) == nil {
				return
			}
		}
	}
	w.cache[key] = nil
	d := w.d
	d.Fill(pdf.Colour{226, 232, 240})
	d.RectFromUpperLeftWithStyle(x, y, bw, bh, "F")
	fs := min(9, bh/4)
	d.Font(false, fs, pdf.Muted)
	label := "Photo unavailable"
	d.At(x+max(2, (bw-d.Width(label))/2), y+bh/2-fs/2, label)
	d.Font(false, 10, pdf.Ink)
}

func (w *drawer) parties() {
	w.section("Tenants and landlord")
	d, data := w.d, w.r.Data
	w.sub("Tenants")
	if len(data.Tenants) == 0 {
		w.muted("No tenants recorded.")
	} else {
		// A move-out date is printed only when one was given (a periodic
		// tenancy has none).
		moveOut := slices.ContainsFunc(data.Tenants, func(t Tenant) bool { return t.MoveOut != "" })
		rows := make([][]string, 0, len(data.Tenants))
		for _, t := range data.Tenants {
			row := []string{strings.Join(strings.Fields(t.First+" "+t.Middle+" "+t.Last), " "), t.Email, isoDate(t.MoveIn)}
			if moveOut {
				row = append(row, isoDate(t.MoveOut))
			}
			rows = append(rows, row)
		}
		cols := []pdf.Column{{Title: "Name", Width: 160}, {Title: "E-mail", Width: 191.28}, {Title: "Move in", Width: 80}, {Title: "Move out", Width: 80}}
		if !moveOut {
			cols = []pdf.Column{{Title: "Name", Width: 180}, {Title: "E-mail", Width: 251.28}, {Title: "Move in", Width: 80}}
		}
		d.Table(cols, rows, 9)
	}
	w.sub("Landlord")
	d.Font(false, 10, pdf.Ink)
	if data.Landlord.FullName == "" {
		w.muted("No landlord recorded.")
	} else {
		d.Pair("Name", data.Landlord.FullName, 130)
		d.Pair("E-mail", data.Landlord.Email, 130)
	}
}

func hasKeys(k KeysAlarms) bool {
	has := func(c Condition) bool { return c.Rating != "" || c.Description != "" || len(c.Photos) > 0 }
	return k.Done || has(k.Keys) || has(k.Alarms)
}

// keys draws the keys and alarms of the check-in or check-out, as the
// report's type has them (and any other the data holds).
func (w *drawer) keys() {
	data := w.r.Data
	for _, ka := range []struct {
		title string
		k     KeysAlarms
		show  bool
	}{{"Keys and alarms at check-in", data.CheckIn, w.r.Type == TypeCheckIn || hasKeys(data.CheckIn)},
		{"Keys and alarms at check-out", data.CheckOut, w.r.Type == TypeCheckOut || hasKeys(data.CheckOut)}} {
		if !ka.show {
			continue
		}
		w.section(ka.title)
		w.sub("Keys")
		w.condition(ka.k.Keys)
		w.sub("Alarm systems")
		w.condition(ka.k.Alarms)
	}
}

var stampWords = map[string]string{"begin": "Report begun", "sign": "Signed"}

func (w *drawer) evidence(evs []photo.Evidence) {
	w.section("Evidence")
	d := w.d
	d.Paragraph("Every photo of this report with the SHA-256 hash of the file as stored, the time it was taken (the camera's date, when it recorded one) and the time it reached OmniRent, then the report's time and location stamps. Times are UK time. "+
		"A camera date or position that cannot be right or does not fit the inspection is noted under the photo, and not relied on.", 9)
	w.sub(fmt.Sprintf("Photos (%d)", len(evs)))
	if len(evs) == 0 {
		w.muted("No photos.")
	}
	for _, e := range evs {
		d.Font(false, 8, pdf.Ink)
		var notes []string
		for _, dt := range w.doubts(e) {
			notes = append(notes, d.Wrap("Note: "+dt.Long, contentW)...)
		}
		noteH := 11 * float64(len(notes))
		d.Room(52 + noteH)
		d.Font(true, 8.5, pdf.Ink)
		label := fmt.Sprintf("Photo %d", w.number[e.Name])
		if p := w.place[e.Name]; p != "" {
			label += ", " + p
		}
		if lines := d.Wrap(label, 205); len(lines) > 1 {
			label = strings.TrimRight(lines[0], " ,") + "…"
		}
		d.At(pdf.Margin, d.Y, label)
		d.Font(false, 8.5, pdf.Muted)
		d.At(pdf.Margin+215, d.Y, photoTerm(e.Origin))
		d.Font(false, 8, pdf.Ink)
		d.At(pdf.Margin, d.Y+12, "SHA-256 "+e.SHA256)
		taken := "not recorded"
		if e.CapturedAt != nil {
			taken = ukDateTime(*e.CapturedAt)
		}
		where := ""
		if e.Lat != nil && e.Lng != nil {
			where = fmt.Sprintf("   Camera's position %.5f, %.5f", *e.Lat, *e.Lng)
		}
		d.Font(false, 8, pdf.Muted)
		d.At(pdf.Margin, d.Y+24, "Camera's date "+taken+"   Uploaded "+ukDateTime(e.UploadedAt)+where)
		d.Font(false, 8, pdf.Ink)
		for i, l := range notes {
			d.At(pdf.Margin, d.Y+36+11*float64(i), l)
		}
		d.SetLineWidth(0.4)
		d.SetStrokeColor(203, 213, 225)
		d.GoPdf.Line(pdf.Margin, d.Y+38+noteH, pdf.Margin+contentW, d.Y+38+noteH)
		d.Y += 44 + noteH
	}
	w.sub("Time and location stamps")
	if len(w.r.Stamps) == 0 {
		w.muted("No stamps.")
		return
	}
	rows := make([][]string, 0, len(w.r.Stamps))
	for _, st := range w.r.Stamps {
		loc := "location not shared: the browser gave no position"
		if st.Lat != nil && st.Lng != nil {
			loc = fmt.Sprintf("%.5f, %.5f", *st.Lat, *st.Lng)
			if st.Accuracy != nil && *st.Accuracy > 0 {
				loc += fmt.Sprintf(" (within %.0f m)", *st.Accuracy)
			}
		}
		ev := stampWords[st.Event]
		if ev == "" {
			ev = st.Event
		}
		rows = append(rows, []string{ev + w.stampBy(st), ukDateTime(st.At), loc})
	}
	d.Table([]pdf.Column{{Title: "Event", Width: 190}, {Title: "Time", Width: 130}, {Title: "Location", Width: contentW - 320}}, rows, 9)
}

// stampBy names who made a stamp, as " by Name (role)" from the signers of
// the report (never an account's id): the signer who signed as that
// account, else for the report's maker the first signer. A signature stamp
// of anyone else was given on a version since reopened, and says so; a
// stamp with no signer to name it by (a report not signed yet) says nothing.
func (w *drawer) stampBy(st Stamp) string {
	var by *signing.Signer
	for i, sg := range w.signers {
		if sg.UserID != "" && sg.UserID == st.UserID {
			by = &w.signers[i]
			break
		}
	}
	if by == nil && st.UserID == w.r.CreatorID && len(w.signers) > 0 {
		by = &w.signers[0]
	}
	switch {
	case by != nil && by.Name != "":
		return " by " + by.Name + " (" + strings.ToLower(string(by.Role)) + ")"
	case st.Event == "sign" && len(w.signers) > 0:
		return " (a version since reopened)"
	}
	return ""
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// disputes draws the report's dispute threads with each entry's status.
func (w *drawer) disputes(list []Dispute) {
	if len(list) == 0 {
		return
	}
	w.section("Disputes")
	rows := make([][]string, 0, len(list))
	for _, e := range list {
		status := "Unresolved"
		if e.Resolved {
			status = "Resolved"
		}
		if e.AuthorRole == "creator" {
			status = "Answer"
		}
		rows = append(rows, []string{sectionTitle(e.Section), e.AuthorName + " (" + e.AuthorRole + "), " + ukShort(e.CreatedAt), e.Comment, status})
	}
	w.d.Table([]pdf.Column{{Title: "Section", Width: 80}, {Title: "By", Width: 110}, {Title: "Comment", Width: 251}, {Title: "Status", Width: 70}}, rows, 8.5)
}

// sectionTitle names a report section as the hub does.
func sectionTitle(key string) string {
	return map[string]string{"settings": "Report Settings", "overview": "Property Overview", "inside": "Inside Property", "outside": "Outside Property",
		"meters": "Utilities and Meters", "documents": "Documents and Compliance", "tenants": "Tenant Details", "landlord": "Landlord Details",
		"checkin": "Check-in", "checkout": "Check-out"}[key]
}

// sideText is one report's record of a line, in a few words.
func sideText(s *Side) string {
	if s == nil {
		return "Not recorded"
	}
	var parts []string
	if s.Rating != "" {
		parts = append(parts, "Condition: "+s.Rating)
	}
	if s.Cleanliness != "" {
		parts = append(parts, "Cleanliness: "+s.Cleanliness)
	}
	if len(s.Damage) > 0 {
		parts = append(parts, "Damage: "+strings.Join(s.Damage, ", "))
	}
	if s.Notes != "" {
		parts = append(parts, s.Notes)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, "; ")
}

var changeWords = map[Change]string{Worse: "WORSE", Missing: "Missing", New: "New", Better: "Better", NotInspected: "Not inspected", Same: "Unchanged"}

// comparison draws the check-out report beside the check-in report it is
// compared with, worse first (issue 15, part 4), each side with its words
// and photos (issue 26: the check-in's photos too); lines not yet
// inspected say so, and unchanged ones with nothing to show take a line.
func (w *drawer) comparison(named string, lines []Line) {
	w.section("Check-in against check-out")
	d := w.d
	w.muted(named)
	w.muted("Lines that got worse come first.")
	colW := (contentW - 12) / 2
	const tw, th, gap = 58.0, 43.5, 6.0
	per := int((colW + gap) / (tw + gap))
	for _, l := range lines {
		name := l.Room
		if l.Item != "" {
			name += " > " + l.Item
		}
		if (l.Change == Same || l.Change == NotInspected) && sideQuiet(l.CheckIn) && sideQuiet(l.CheckOut) {
			d.Font(false, 9.5, pdf.Ink)
			d.Room(16)
			d.At(pdf.Margin, d.Y, name)
			d.Font(false, 9.5, pdf.Muted)
			d.At(pdf.Margin+260, d.Y, changeWords[l.Change])
			d.Y += 16
			continue
		}
		d.Font(false, 9, pdf.Ink)
		left, right := d.Wrap(sideText(l.CheckIn), colW), d.Wrap(sideText(l.CheckOut), colW)
		switch {
		case l.CheckOut == nil && l.Change == Missing:
			right = []string{"Not there at check-out"}
		case l.Change == NotInspected:
			right = []string{"Not inspected yet"}
		}
		rows := func(s *Side) int {
			if s == nil || len(s.Photos) == 0 {
				return 0
			}
			return (len(s.Photos) + per - 1) / per
		}
		h := 34 + 12*float64(max(len(left), len(right))) + (th+gap)*float64(max(rows(l.CheckIn), rows(l.CheckOut)))
		d.Room(min(h, 400))
		d.Y += 6
		d.Font(true, 10.5, pdf.Ink)
		d.At(pdf.Margin, d.Y, name)
		d.Font(true, 9, map[bool]pdf.Colour{true: pdf.Colour{185, 28, 28}, false: pdfBrand}[l.Change == Worse])
		d.At(pdf.Margin+contentW-d.Width(changeWords[l.Change]), d.Y, changeWords[l.Change])
		d.Y += 15
		top := d.Y
		for i, col := range []struct {
			title string
			lines []string
			side  *Side
		}{{"At check-in", left, l.CheckIn}, {"At check-out", right, l.CheckOut}} {
			x := pdf.Margin + float64(i)*(colW+12)
			y := top
			d.Font(true, 7.5, pdf.Muted)
			d.At(x, y, strings.ToUpper(col.title))
			y += 11
			d.Font(false, 9, pdf.Ink)
			for _, t := range col.lines {
				d.At(x, y, t)
				y += 12
			}
			if col.side != nil {
				for k, n := range col.side.Photos {
					w.image(n, x+float64(k%per)*(tw+gap), y+float64(k/per)*(th+gap), tw, th)
				}
			}
		}
		d.Y = top + h - 21
		d.SetLineWidth(0.4)
		d.SetStrokeColor(203, 213, 225)
		d.GoPdf.Line(pdf.Margin, d.Y, pdf.Margin+contentW, d.Y)
		d.Y += 4
	}
	d.Font(false, 10, pdf.Ink)
}

// sideQuiet is a side with nothing to show.
func sideQuiet(s *Side) bool { return s == nil || s.empty() }
