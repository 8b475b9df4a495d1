package blog

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/omnirent/omnirent/internal/platform/text"
)

// Markdown is rendered with GitHub's dialect; raw HTML in the source is not
// passed through (goldmark's default), and the result is sanitised again
// with bluemonday's user-content policy, so a post can never carry script,
// event handlers or javascript: links even if an admin account is misused.
var (
	md        = goldmark.New(goldmark.WithExtensions(extension.GFM))
	sanitiser = func() *bluemonday.Policy {
		p := bluemonday.UGCPolicy()
		p.RequireNoFollowOnLinks(true)
		p.AddTargetBlankToFullyQualifiedLinks(true)
		return p
	}()
)

// Render turns Markdown into safe HTML.
func Render(source string) (string, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(source), &buf); err != nil {
		return "", err
	}
	return sanitiser.Sanitize(buf.String()), nil
}

var (
	headingEndRE = regexp.MustCompile(`(?i)</h[1-6]>`)
	blockEndRE   = regexp.MustCompile(`(?i)</(p|li|blockquote|tr|td|th|pre)>|<br\s*/?>`)
	tagRE        = regexp.MustCompile(`<[^>]*>`)
)

// excerpt is the post's opening as plain text, for lists and descriptions:
// blocks end with a space, a heading with a dash so it does not run into
// the text after it, and inline tags vanish ("<b>30</b>." stays "30.").
func excerpt(html string) string {
	plain := strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'", "&quot;", `"`, "&#34;", `"`).
		Replace(tagRE.ReplaceAllString(blockEndRE.ReplaceAllString(headingEndRE.ReplaceAllString(html, " – "), " "), ""))
	return text.Truncate(text.Squash(plain), excerptLen)
}

// Slugify makes a URL slug from a title: lower-case ASCII letters and
// digits joined by single hyphens; accents are dropped ("Café" -> "cafe").
func Slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if a, ok := ascii[r]; ok {
			r = a
		}
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r == '\'' || r == '’':
			// "Renters' Rights" -> "renters-rights", not "renters--rights"
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	s := strings.Trim(b.String(), "-")
	if len(s) > maxSlug {
		s = strings.Trim(s[:maxSlug], "-")
	}
	return s
}

var ascii = map[rune]rune{'à': 'a', 'á': 'a', 'â': 'a', 'ä': 'a', 'ã': 'a', 'å': 'a', 'ç': 'c', 'è': 'e', 'é': 'e', 'ê': 'e', 'ë': 'e',
	'ì': 'i', 'í': 'i', 'î': 'i', 'ï': 'i', 'ñ': 'n', 'ò': 'o', 'ó': 'o', 'ô': 'o', 'ö': 'o', 'õ': 'o', 'ø': 'o', 'ù': 'u', 'ú': 'u',
	'û': 'u', 'ü': 'u', 'ý': 'y', 'ÿ': 'y', 'ß': 's', 'æ': 'a', 'œ': 'o', 'ł': 'l'}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func validSlug(s string) bool { return len(s) <= maxSlug && slugRE.MatchString(s) }
