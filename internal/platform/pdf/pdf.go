// Package pdf makes the A4 documents the product generates (reference
// reports now; tenancy agreements and inventory reports next) on gopdf,
// with fonts that cover the scripts UK renters' names are written in
// (fonts.go), right-to-left text and joined Arabic letters (shape.go),
// word wrap, page breaks, simple tables and a "Page X of Y" footer. A
// character no font has is drawn as a visible marker (U+FFFD) and listed
// by Missing, never dropped in silence.
package pdf

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // Image reads JPEG sizes
	_ "image/png"  // and PNG sizes
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/phpdave11/gofpdi"
	"github.com/signintech/gopdf"
	"golang.org/x/image/font/sfnt"
)

// A4 in points, and the margin every page keeps.
const (
	PageW, PageH = 595.28, 841.89
	Margin       = 42.0
	footerSize   = 8.0
)

// Colour is red, green and blue.
type Colour [3]uint8

// Ink and Muted are the body text colours.
var (
	Ink   = Colour{20, 33, 61}
	Muted = Colour{74, 85, 104}
	White = Colour{255, 255, 255}
)

// Doc is one document being written. Y is where the next line goes; the
// flowing helpers (Line, Heading, Pair, Paragraph, Table) advance it and
// start a new page when the next thing would not fit.
type Doc struct {
	*gopdf.GoPdf
	Y       float64
	faces   []*face
	bold    bool
	size    float64
	colour  Colour
	missing map[rune]bool
	footer  string
	// widths: the advance of each character in each font this document
	// has measured, in gopdf's units (thousandths of the font size).
	widths map[widthKey]int
	// fonts: the families added to this document; a font is embedded at
	// its first use, so a document embeds only the fonts it draws with.
	fonts    map[string]bool
	uncached bool
	// imp imports pages of other PDFs (import.go); sources keeps each
	// imported file's reader alive, since gofpdi knows a source by its
	// reader's address.
	imp     *gofpdi.Importer
	sources []*io.ReadSeeker
}

type widthKey struct {
	font int // face index * 2, + 1 for its bold
	r    rune
}

// Info is what the PDF's properties say.
type Info struct {
	Title, Author string
	Created       time.Time
	// Footer is printed at the bottom left of every page, beside "Page X of Y".
	Footer string
}

// New starts an A4 document with its first page.
func New(info Info) (*Doc, error) { return newDoc(info, false) }

// newDoc starts a document; uncached parses the fonts for it and measures
// every string through gopdf, as documents were drawn before the caches
// (the tests check both ways draw the same bytes).
func newDoc(info Info, uncached bool) (*Doc, error) {
	list, err := loadFaces()
	if err != nil {
		return nil, err
	}
	d := &Doc{GoPdf: &gopdf.GoPdf{}, Y: Margin, faces: list, size: 10, colour: Ink, missing: map[rune]bool{}, footer: info.Footer,
		uncached: uncached, widths: map[widthKey]int{}, fonts: map[string]bool{}, imp: gofpdi.NewImporter()}
	d.StartWithImporter(gopdf.Config{PageSize: *gopdf.PageSizeA4}, d.imp)
	d.SetInfo(gopdf.PdfInfo{Title: info.Title, Author: info.Author, Creator: "OmniRent", CreationDate: info.Created})
	d.AddPage()
	d.Font(false, 10, Ink)
	return d, nil
}

// Font sets the weight, size and colour of the text drawn next.
func (d *Doc) Font(bold bool, size float64, c Colour) {
	d.bold, d.size, d.colour = bold, size, c
	d.SetTextColor(c[0], c[1], c[2])
}

// Fill sets the colour shapes are filled with.
func (d *Doc) Fill(c Colour) { d.SetFillColor(c[0], c[1], c[2]) }

// run is a stretch of text drawn with one face.
type run struct {
	face int // index in d.faces; -1: the marker
	text string
}

// runs splits s (logical order) into what is drawn, in visual order, and by face.
func (d *Doc) runs(s string) []run {
	var out []run
	var text []rune
	face := 0
	d.eachDrawn(s, func(r rune, i int) {
		if len(text) > 0 && i != face {
			out = append(out, run{face: face, text: string(text)})
			text = text[:0]
		}
		face = i
		text = append(text, r)
	})
	if len(text) > 0 {
		out = append(out, run{face: face, text: string(text)})
	}
	return out
}

// eachDrawn calls fn with each character of s as it is drawn (visual order;
// a character no font has becomes the marker) and the face that draws it.
func (d *Doc) eachDrawn(s string, fn func(r rune, face int)) {
	one := func(r rune) {
		i := faceFor(d.faces, r)
		if i < 0 && r != ' ' {
			d.missing[r] = true
			r, i = Marker, 0
		} else if i < 0 {
			i = 0
		}
		fn(r, i)
	}
	if !hasRTL(s) { // visual order is the order written
		for _, r := range s {
			one(r)
		}
		return
	}
	for _, r := range visual(s) {
		one(r)
	}
}

func hasRTL(s string) bool {
	for _, r := range s {
		if r >= 0x0590 && rtl(r) {
			return true
		}
	}
	return false
}

func (d *Doc) use(face int) {
	f := d.faces[face]
	name, data := f.name, f.regular
	if d.bold && f.bold != nil {
		name, data = name+"-bold", f.bold
	}
	d.setFont(name, data, d.size)
}

// setFont makes family the current font, adding it to the document first
// when this is its first use.
func (d *Doc) setFont(family string, data []byte, size float64) {
	if !d.fonts[family] {
		d.fonts[family] = true
		var err error
		if d.uncached {
			err = d.AddTTFFontData(family, data)
		} else {
			// Parsed once per process (fonts.go); each document gets its
			// own subset of the glyphs it uses.
			err = d.AddTTFFontFromFontContainer(family, parsedFonts)
		}
		if err != nil { // the fonts are embedded and parsed at the first document
			panic(fmt.Sprintf("pdf: font %s: %v", family, err))
		}
	}
	_ = d.SetFont(family, "", size)
}

// Width is how wide s is drawn in the current font.
func (d *Doc) Width(s string) float64 {
	if d.uncached {
		w := 0.0
		for _, r := range d.runs(s) {
			d.use(r.face)
			if tw, err := d.MeasureTextWidth(r.text); err == nil {
				w += tw
			}
		}
		return w
	}
	var m measure
	d.eachDrawn(s, func(r rune, face int) { m.add(d, r, face) })
	return m.width(d)
}

// measure adds up a line's width as gopdf does: whole units of each
// character's advance for each run of one face, then each run converted to
// points (so the sums, and the lines wrapped by them, are the same).
type measure struct {
	done  float64 // the runs before the current one, in points
	face  int
	units int // the current run, in thousandths of the font size
	any   bool
}

func (m *measure) add(d *Doc, r rune, face int) {
	if m.any && face != m.face {
		m.done += float64(m.units) * (d.size / 1000.0)
		m.units = 0
	}
	m.face, m.any = face, true
	m.units += d.advance(face, r)
}

func (m measure) width(d *Doc) float64 {
	if !m.any {
		return 0
	}
	return m.done + float64(m.units)*(d.size/1000.0)
}

// advance is r's width in the face (in the current weight), in thousandths
// of the font size. The first time in a document it is measured by gopdf,
// which also adds the character to the document's subset of the font, as
// measuring did before.
func (d *Doc) advance(face int, r rune) int {
	k := widthKey{font: face * 2, r: r}
	if d.bold && d.faces[face].bold != nil {
		k.font++
	}
	if w, ok := d.widths[k]; ok {
		return w
	}
	d.use(face)
	w := 0
	if tw, err := d.MeasureTextWidth(string(r)); err == nil {
		w = int(math.Round(tw * 1000 / d.size))
	}
	d.widths[k] = w
	return w
}

// At draws s with its top-left corner at x, y. Runs in other fonts are
// moved so every run sits on the first font's baseline.
func (d *Doc) At(x, y float64, s string) {
	for _, r := range d.runs(s) {
		d.use(r.face)
		d.SetXY(x, y+(d.faces[0].ascent-d.faces[r.face].ascent)*d.size)
		_ = d.Cell(nil, r.text)
		if d.uncached {
			if tw, err := d.MeasureTextWidth(r.text); err == nil {
				x += tw
			}
			continue
		}
		units := 0
		for _, c := range r.text {
			units += d.advance(r.face, c)
		}
		x += float64(units) * (d.size / 1000.0)
	}
}

// Room starts a new page when h more points would not fit on this one.
func (d *Doc) Room(h float64) {
	if d.Y+h > PageH-Margin-footerSize-6 {
		d.AddPage()
		d.Y = Margin
	}
}

// Line draws s at the left margin and moves down a line.
func (d *Doc) Line(s string) {
	step := d.size * 1.5
	d.Room(step)
	d.At(Margin, d.Y, s)
	d.Y += step
}

// Heading draws a bold heading in c with space above it, and keeps at
// least a few lines of room after it on the same page.
func (d *Doc) Heading(s string, size float64, c Colour) {
	d.Room(size*1.5 + 30)
	d.Y += 8
	d.Font(true, size, c)
	d.At(Margin, d.Y, s)
	d.Y += size * 1.5
}

// Pair draws a label (muted) and its value on one line, the value at
// keyWidth from the margin; a long value wraps under itself.
func (d *Doc) Pair(label, value string, keyWidth float64) {
	size := d.size
	lines := d.wrapAt(value, PageW-2*Margin-keyWidth, size, false)
	d.Room(size * 1.5 * float64(max(len(lines), 1)))
	d.Font(false, size, Muted)
	d.At(Margin, d.Y, label)
	d.Font(false, size, Ink)
	for i, l := range lines {
		d.At(Margin+keyWidth, d.Y+float64(i)*size*1.5, l)
	}
	d.Y += size * 1.5 * float64(max(len(lines), 1))
}

// Paragraph draws s wrapped to the page width in the given size.
func (d *Doc) Paragraph(s string, size float64) {
	d.Font(false, size, Ink)
	for _, l := range d.Wrap(s, PageW-2*Margin) {
		d.Room(size + 4)
		d.At(Margin, d.Y, l)
		d.Y += size + 4
	}
	d.Y += 3
}

func (d *Doc) wrapAt(s string, width, size float64, bold bool) []string {
	keepB, keepS := d.bold, d.size
	d.bold, d.size = bold, size
	defer func() { d.bold, d.size = keepB, keepS }()
	return d.Wrap(s, width)
}

// Wrap breaks s into lines no wider than width in the current font, between
// words (a single word wider than the line is broken between characters).
func (d *Doc) Wrap(s string, width float64) []string {
	if d.uncached || hasRTL(s) {
		return d.wrapMeasuringEachTry(s, width)
	}
	// Left to right, a line's width is the width of the line so far plus
	// the next word's characters: measured once each.
	var lines []string
	line := ""
	var lm measure
	for _, w := range strings.Fields(s) {
		for d.Width(w) > width && len([]rune(w)) > 1 { // a word longer than the line
			if line != "" {
				lines = append(lines, line)
				line, lm = "", measure{}
			}
			rs := []rune(w)
			n := len(rs) - 1
			for n > 1 && d.Width(string(rs[:n])) > width {
				n--
			}
			lines = append(lines, string(rs[:n]))
			w = string(rs[n:])
		}
		try, tm := w, lm
		if line != "" {
			try = line + " " + w
			d.eachDrawn(" "+w, func(r rune, face int) { tm.add(d, r, face) })
		} else {
			d.eachDrawn(w, func(r rune, face int) { tm.add(d, r, face) })
		}
		if line != "" && tm.width(d) > width {
			lines = append(lines, line)
			line, lm = w, measure{}
			d.eachDrawn(w, func(r rune, face int) { lm.add(d, r, face) })
			continue
		}
		line, lm = try, tm
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// wrapMeasuringEachTry is Wrap measuring the whole line at each word (right
// to left text is reordered as a whole line).
func (d *Doc) wrapMeasuringEachTry(s string, width float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		for d.Width(w) > width && len([]rune(w)) > 1 { // a word longer than the line
			if line != "" {
				lines = append(lines, line)
				line = ""
			}
			rs := []rune(w)
			n := len(rs) - 1
			for n > 1 && d.Width(string(rs[:n])) > width {
				n--
			}
			lines = append(lines, string(rs[:n]))
			w = string(rs[n:])
		}
		try := w
		if line != "" {
			try = line + " " + w
		}
		if line != "" && d.Width(try) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// Column is one column of a Table: its heading and width in points, and
// whether its cells (amounts of money, say) line up on the right.
type Column struct {
	Title string
	Width float64
	Right bool
}

// Table draws a header row and rows of cells, wrapping each cell in its
// column; the header is drawn again at the top of every new page.
func (d *Doc) Table(cols []Column, rows [][]string, size float64) {
	const pad = 4.0
	lineH := size * 1.35
	header := func() {
		d.Font(true, size, Ink)
		h := 0.0
		cells := make([][]string, len(cols))
		for i, c := range cols {
			cells[i] = d.Wrap(c.Title, c.Width-2*pad)
			h = max(h, float64(len(cells[i]))*lineH+2*pad)
		}
		d.Room(h + lineH + 2*pad)
		d.SetFillColor(226, 232, 240)
		d.RectFromUpperLeftWithStyle(Margin, d.Y, tableWidth(cols), h, "F")
		d.cells(cols, cells, pad, lineH)
		d.Y += h
	}
	header()
	for _, row := range rows {
		d.Font(false, size, Ink)
		cells := make([][]string, len(cols))
		h := 0.0
		for i, c := range cols {
			text := ""
			if i < len(row) {
				text = row[i]
			}
			cells[i] = d.Wrap(text, c.Width-2*pad)
			h = max(h, float64(max(len(cells[i]), 1))*lineH+2*pad)
		}
		if d.Y+h > PageH-Margin-footerSize-6 {
			d.AddPage()
			d.Y = Margin
			header()
			d.Font(false, size, Ink)
		}
		d.cells(cols, cells, pad, lineH)
		d.SetLineWidth(0.4)
		d.SetStrokeColor(203, 213, 225)
		d.GoPdf.Line(Margin, d.Y+h, Margin+tableWidth(cols), d.Y+h)
		d.Y += h
	}
	d.Y += 6
}

func (d *Doc) cells(cols []Column, cells [][]string, pad, lineH float64) {
	x := Margin
	for i, c := range cols {
		for j, l := range cells[i] {
			at := x + pad
			if c.Right {
				at = x + c.Width - pad - d.Width(l)
			}
			d.At(at, d.Y+pad+float64(j)*lineH, l)
		}
		x += c.Width
	}
}

func tableWidth(cols []Column) float64 {
	w := 0.0
	for _, c := range cols {
		w += c.Width
	}
	return w
}

// Missing lists the characters no font could draw (each was drawn as the
// marker), in code point order.
func (d *Doc) Missing() []rune {
	out := make([]rune, 0, len(d.missing))
	for r := range d.missing {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Bytes puts "Page X of Y" (and the footer text) on every page and gives
// the finished PDF.
func (d *Doc) Bytes() ([]byte, error) {
	n := d.GetNumberOfPages()
	for p := 1; p <= n; p++ {
		if err := d.SetPage(p); err != nil {
			return nil, err
		}
		d.Font(false, footerSize, Muted)
		y := PageH - Margin + 6
		if d.footer != "" {
			d.At(Margin, y, d.footer)
		}
		label := fmt.Sprintf("Page %d of %d", p, n)
		d.At(PageW-Margin-d.Width(label), y, label)
	}
	var buf bytes.Buffer
	if err := d.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// SignatureText draws a typed signature with its top-left corner at x, y in
// the signature font, or in the body fonts when that font lacks one of its
// characters.
func (d *Doc) SignatureText(x, y, size float64, s string) {
	f := signatureFace()
	var buf sfnt.Buffer
	for _, r := range s {
		if g, err := f.glyphs.GlyphIndex(&buf, r); r != ' ' && (err != nil || g == 0) {
			bold, old := d.bold, d.size
			d.Font(false, size*0.7, d.colour)
			d.At(x, y+size*0.2, s)
			d.Font(bold, old, d.colour)
			return
		}
	}
	d.setFont(signatureFont, f.regular, size)
	d.SetXY(x, y)
	_ = d.Cell(nil, s)
}

// Image draws a PNG or JPEG inside the box x, y, w, h, keeping its
// proportions, and answers an error if the data is not an image.
func (d *Doc) Image(data []byte, x, y, w, h float64) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("pdf: image: %w", err)
	}
	iw, ih := float64(cfg.Width), float64(cfg.Height)
	scale := min(w/iw, h/ih)
	holder, err := gopdf.ImageHolderByBytes(data)
	if err != nil {
		return fmt.Errorf("pdf: image: %w", err)
	}
	return d.ImageByHolder(holder, x, y+(h-ih*scale)/2, &gopdf.Rect{W: iw * scale, H: ih * scale})
}
