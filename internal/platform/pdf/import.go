package pdf

import (
	"bytes"
	"fmt"
	"io"

	"github.com/signintech/gopdf"
)

// Imported documents. A document that gathers others (a deposit's
// evidence pack gathers the sealed agreement and the inventory reports)
// puts each page of a PDF it holds on a page of its own, through gopdf's
// importer (gofpdi), unaltered: the same text, pictures and fonts, only
// scaled down so the gathering document's footer ("Page X of Y") sits
// under it and never over the page's own footer.
//
// Only for PDFs this product drew (gopdf's own output, such as a sealed
// agreement or report): gofpdi is not robust to hostile files (it reads for
// ever past the end of a file without "startxref", and panics on much
// else), so a file someone uploaded must never be imported; draw what it is
// (its name and SHA-256) instead. looksImportable refuses the malformed
// files found so far before gofpdi sees them.

// ImportScale is how much an imported page is scaled down.
const ImportScale = 0.9

// ImportPDF adds each page of data as a new page of d, framed and scaled
// by ImportScale at the top of the page, and answers how many pages it
// added. A PDF the importer cannot read (gofpdi panics on what it does not
// understand) adds no page and answers an error, so the caller can draw
// the document another way.
func (d *Doc) ImportPDF(data []byte) (pages int, err error) {
	// Read it first on a throw-away importer: a PDF that fails at once
	// leaves no page in d.
	if err := looksImportable(data); err != nil {
		return 0, err
	}
	if err := tryImport(data); err != nil {
		return 0, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pdf: import: %v", r)
		}
	}()
	// Every page's template first, then the templates and the objects they
	// use written once (gofpdi writes all of a source's templates at each
	// call: page by page would be quadratic in time and in size), then a
	// page of d for each.
	rs := io.ReadSeeker(bytes.NewReader(data))
	d.sources = append(d.sources, &rs)
	d.imp.SetSourceStream(&rs)
	sizes := d.imp.GetPageSizes()
	start := d.GetNextObjectID()
	d.imp.SetNextObjectID(start)
	tpls := make([]int, len(sizes)+1)
	for p := 1; p <= len(sizes); p++ {
		if _, ok := sizes[p]["/MediaBox"]; !ok {
			return 0, fmt.Errorf("pdf: import: page %d has no size", p)
		}
		tpls[p] = d.imp.ImportPage(p, "/MediaBox")
	}
	d.ImportTemplates(d.imp.PutFormXobjects())
	d.ImportObjects(d.imp.GetImportedObjects(), start)
	for p := 1; p <= len(sizes); p++ {
		box := sizes[p]["/MediaBox"]
		d.AddPage()
		w, h := box["w"], box["h"]
		scale := min(PageW*ImportScale/w, PageH*ImportScale/h)
		x, y := (PageW-w*scale)/2, Margin/2
		d.UseImportedTemplate(tpls[p], x, y, w*scale, h*scale)
		d.SetLineWidth(0.5)
		d.SetStrokeColor(148, 163, 184)
		d.RectFromUpperLeftWithStyle(x, y, w*scale, h*scale, "D")
		d.Y = PageH // whatever flows next starts on a new page
		pages++
	}
	return pages, nil
}

// tryImport reads data's cross-reference table and each page's size with
// an importer of its own (what gofpdi fails on it fails on there).
func tryImport(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pdf: import: %v", r)
		}
	}()
	g := newGoPdf()
	rs := io.ReadSeeker(bytes.NewReader(data))
	sizes := g.GetStreamPageSizes(&rs)
	if len(sizes) == 0 {
		return fmt.Errorf("pdf: import: no pages")
	}
	for p := 1; p <= len(sizes); p++ {
		if _, ok := sizes[p]["/MediaBox"]; !ok {
			return fmt.Errorf("pdf: import: page %d has no size", p)
		}
	}
	return nil
}

func newGoPdf() *gopdf.GoPdf {
	g := &gopdf.GoPdf{}
	g.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	return g
}

// looksImportable checks the frame gofpdi needs: the header, and near the
// end "startxref" with an offset inside the file.
func looksImportable(data []byte) error {
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return fmt.Errorf("pdf: import: not a PDF")
	}
	tail := data[max(0, len(data)-1500):]
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return fmt.Errorf("pdf: import: no startxref")
	}
	var off int
	if _, err := fmt.Sscan(string(tail[i+len("startxref"):]), &off); err != nil || off <= 0 || off >= len(data) {
		return fmt.Errorf("pdf: import: bad startxref")
	}
	return nil
}
