package pdf

import (
	"bytes"
	"embed"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"

	"github.com/signintech/gopdf"
	"github.com/signintech/gopdf/fontmaker/core"
	"golang.org/x/image/font/sfnt"
)

// The fonts (fonts/SOURCES.md): Noto for Latin, Greek, Cyrillic, Arabic,
// Hebrew and three Indic scripts, Symbola for emoji, all embedded; Droid
// Sans Fallback for Chinese and Japanese, read from the machine because it
// is 4 MB. Each character is drawn with the first face that has it.
//
//go:embed fonts/*.ttf
var embedded embed.FS

// face is one font of the fallback list, in a regular and (where the
// family has one) a bold weight.
type face struct {
	name          string // gopdf family name
	regular, bold []byte // bold nil: the regular is used for bold too
	glyphs        *sfnt.Font
	ascent        float64 // per point of size: gopdf puts text this far below the top it is given
}

// FontDirEnv names the folder searched for the fonts not embedded
// (DroidSansFallbackFull.ttf); without it the Debian path is tried.
const FontDirEnv = "OMNIRENT_PDF_FONT_DIR"

const cjkFile = "DroidSansFallbackFull.ttf"

var (
	facesOnce sync.Once
	faces     []*face
	facesErr  error
	// parsedFonts holds every font parsed by gopdf once per process, under
	// its gopdf family name; each document takes its fonts from it (gopdf
	// copies the parsed tables, read only, and gives each document its own
	// glyph subset), so documents drawn at once share it safely.
	parsedFonts = &gopdf.FontContainer{}
)

func mustEmbedded(name string) []byte {
	b, err := embedded.ReadFile("fonts/" + name)
	if err != nil {
		panic(err) // embedded at build time: cannot be missing
	}
	return b
}

// loadFaces parses the fallback list once per process.
func loadFaces() ([]*face, error) {
	facesOnce.Do(func() {
		list := []*face{
			{name: "noto", regular: mustEmbedded("NotoSans-Regular.ttf"), bold: mustEmbedded("NotoSans-Bold.ttf")},
			{name: "arabic", regular: mustEmbedded("NotoSansArabic-Regular.ttf"), bold: mustEmbedded("NotoSansArabic-Bold.ttf")},
			{name: "hebrew", regular: mustEmbedded("NotoSansHebrew-Regular.ttf"), bold: mustEmbedded("NotoSansHebrew-Bold.ttf")},
			{name: "devanagari", regular: mustEmbedded("NotoSansDevanagari-Regular.ttf")},
			{name: "bengali", regular: mustEmbedded("NotoSansBengali-Regular.ttf")},
			{name: "gurmukhi", regular: mustEmbedded("NotoSansGurmukhi-Regular.ttf")},
			{name: "emoji", regular: mustEmbedded("Symbola-Emoji.ttf")},
		}
		if b, err := readCJK(); err == nil {
			list = append(list, &face{name: "cjk", regular: b})
		} else {
			slog.Warn("pdf: no Chinese/Japanese font; those characters are drawn as a marker", "err", err,
				"fix", "install Debian's fonts-droid-fallback or set "+FontDirEnv)
		}
		for _, f := range list {
			g, err := sfnt.Parse(f.regular)
			if err != nil {
				facesErr = fmt.Errorf("pdf: font %s: %w", f.name, err)
				return
			}
			f.glyphs = g
			// gopdf places text by the OS/2 typographic ascender: read it with gopdf's own parser.
			var p core.TTFParser
			if err := p.ParseByReader(bytes.NewReader(f.regular)); err != nil {
				facesErr = fmt.Errorf("pdf: font %s metrics: %w", f.name, err)
				return
			}
			f.ascent = float64(p.TypoAscender()) / float64(p.UnitsPerEm())
			if err := parsedFonts.AddTTFFontData(f.name, f.regular); err != nil {
				facesErr = fmt.Errorf("pdf: font %s: %w", f.name, err)
				return
			}
			if f.bold != nil {
				if err := parsedFonts.AddTTFFontData(f.name+"-bold", f.bold); err != nil {
					facesErr = fmt.Errorf("pdf: font %s bold: %w", f.name, err)
					return
				}
			}
		}
		if err := parsedFonts.AddTTFFontData(signatureFont, signatureFace().regular); err != nil {
			facesErr = fmt.Errorf("pdf: signature font: %w", err)
			return
		}
		faces = list
	})
	return faces, facesErr
}

func readCJK() ([]byte, error) {
	if dir := os.Getenv(FontDirEnv); dir != "" {
		return os.ReadFile(filepath.Join(dir, cjkFile))
	}
	return os.ReadFile("/usr/share/fonts/truetype/droid/" + cjkFile)
}

// Marker is drawn, in the first font, for a character no font has.
const Marker = '\uFFFD'

var (
	coverMu sync.RWMutex
	covers  = map[rune]int{}
)

// faceFor is the index of the first face that has a glyph for r, or -1.
func faceFor(list []*face, r rune) int {
	coverMu.RLock()
	i, ok := covers[r]
	coverMu.RUnlock()
	if ok {
		return i
	}
	i = -1
	var buf sfnt.Buffer
	for j, f := range list {
		if g, err := f.glyphs.GlyphIndex(&buf, r); err == nil && g != 0 {
			i = j
			break
		}
	}
	coverMu.Lock()
	covers[r] = i
	coverMu.Unlock()
	return i
}

// signatureFont is the gopdf name of the typed-signature font.
const signatureFont = "signature"

var (
	sigOnce sync.Once
	sigFace *face
)

// signatureFace is Great Vibes (fonts/SOURCES.md), parsed once.
func signatureFace() *face {
	sigOnce.Do(func() {
		b := mustEmbedded("GreatVibes-Regular.ttf")
		g, err := sfnt.Parse(b)
		if err != nil {
			panic(err) // embedded at build time and checked by the tests
		}
		sigFace = &face{name: signatureFont, regular: b, glyphs: g}
	})
	return sigFace
}
