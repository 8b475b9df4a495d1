package contract

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// RichText is structured rich text as the preview's editor (Quill 2) sends
// it: a list of inserts with attributes. The server keeps only what the
// editor's toolbar offers (bold, italic, underline, sizes 16/18/22 px,
// alignment, ordered and bullet lists): no links, no images, no other
// embeds, no HTML. The text is always treated as text, never as markup.
type RichText struct {
	Ops []Op `json:"ops"`
}

// Op is one insert.
type Op struct {
	Insert     string `json:"insert"`
	Attributes *Attrs `json:"attributes,omitempty"`
}

// Attrs are the attributes kept.
type Attrs struct {
	Bold      bool   `json:"bold,omitempty"`
	Italic    bool   `json:"italic,omitempty"`
	Underline bool   `json:"underline,omitempty"`
	Size      string `json:"size,omitempty"`
	Align     string `json:"align,omitempty"`
	List      string `json:"list,omitempty"`
}

// MaxRichTextChars bounds one section's text.
const MaxRichTextChars = 20000

var (
	sizes  = map[string]bool{"16px": true, "18px": true, "22px": true}
	aligns = map[string]bool{"center": true, "right": true, "justify": true}
	lists  = map[string]bool{"ordered": true, "bullet": true}
)

// UnmarshalJSON reads an op, turning any embed (an image, a formula) into
// nothing: only text inserts survive.
func (o *Op) UnmarshalJSON(b []byte) error {
	var raw struct {
		Insert     json.RawMessage `json:"insert"`
		Attributes map[string]any  `json:"attributes"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*o = Op{}
	var s string
	if json.Unmarshal(raw.Insert, &s) != nil {
		return nil
	}
	o.Insert = s
	if len(raw.Attributes) > 0 {
		a := &Attrs{}
		a.Bold, _ = raw.Attributes["bold"].(bool)
		a.Italic, _ = raw.Attributes["italic"].(bool)
		a.Underline, _ = raw.Attributes["underline"].(bool)
		if v, _ := raw.Attributes["size"].(string); sizes[v] {
			a.Size = v
		}
		if v, _ := raw.Attributes["align"].(string); aligns[v] {
			a.Align = v
		}
		if v, _ := raw.Attributes["list"].(string); lists[v] {
			a.List = v
		}
		if *a != (Attrs{}) {
			o.Attributes = a
		}
	}
	return nil
}

// Clean drops empty inserts and control characters, merges nothing else,
// caps the length, and makes sure the text ends with a line break (as the
// editor's documents do). It is applied to everything the browser sends.
func (r RichText) Clean() RichText {
	out := RichText{Ops: make([]Op, 0, len(r.Ops))}
	total := 0
	for _, op := range r.Ops {
		s := strings.Map(func(c rune) rune {
			if c == '\n' || c == '\t' || c >= 0x20 && c != 0x7f && !(c >= 0x80 && c < 0xa0) {
				return c
			}
			return -1
		}, strings.ToValidUTF8(op.Insert, ""))
		if s == "" {
			continue
		}
		if n := utf8.RuneCountInString(s); total+n > MaxRichTextChars {
			s = string([]rune(s)[:MaxRichTextChars-total])
			total = MaxRichTextChars
		} else {
			total += n
		}
		op.Insert = s
		if op.Attributes != nil && !strings.Contains(s, "\n") {
			// Line formats belong to line breaks only.
			a := *op.Attributes
			a.Align, a.List = "", ""
			op.Attributes = nilIfEmpty(a)
		}
		out.Ops = append(out.Ops, op)
		if total >= MaxRichTextChars {
			break
		}
	}
	if len(out.Ops) == 0 || !strings.HasSuffix(out.Ops[len(out.Ops)-1].Insert, "\n") {
		out.Ops = append(out.Ops, Op{Insert: "\n"})
	}
	return out
}

func nilIfEmpty(a Attrs) *Attrs {
	if a == (Attrs{}) {
		return nil
	}
	return &a
}

// Plain is the text without formatting.
func (r RichText) Plain() string {
	var b strings.Builder
	for _, op := range r.Ops {
		b.WriteString(op.Insert)
	}
	return b.String()
}

// Empty reports whether the text holds nothing but white space.
func (r RichText) Empty() bool { return strings.TrimSpace(r.Plain()) == "" }

// Run is a piece of a paragraph with one formatting.
type Run struct {
	Text      string `json:"text"`
	Bold      bool   `json:"bold,omitempty"`
	Italic    bool   `json:"italic,omitempty"`
	Underline bool   `json:"underline,omitempty"`
	Size      string `json:"size,omitempty"`
}

// Block is a paragraph or a list item: what the page and the PDF draw.
type Block struct {
	// Kind is "p", "ordered" or "bullet".
	Kind  string `json:"kind"`
	Align string `json:"align,omitempty"`
	Runs  []Run  `json:"runs"`
}

// Blocks splits the text into paragraphs, each line break closing one and
// carrying its line format.
func (r RichText) Blocks() []Block {
	var out []Block
	var runs []Run
	for _, op := range r.Ops {
		a := Attrs{}
		if op.Attributes != nil {
			a = *op.Attributes
		}
		parts := strings.Split(op.Insert, "\n")
		for i, part := range parts {
			if part != "" {
				runs = append(runs, Run{Text: part, Bold: a.Bold, Italic: a.Italic, Underline: a.Underline, Size: a.Size})
			}
			if i < len(parts)-1 { // a line break ends the paragraph
				kind := "p"
				if a.List != "" {
					kind = a.List
				}
				out = append(out, Block{Kind: kind, Align: a.Align, Runs: runs})
				runs = nil
			}
		}
	}
	if len(runs) > 0 {
		out = append(out, Block{Kind: "p", Runs: runs})
	}
	return out
}

// FromBlocks is the editor's form of generated paragraphs, so the editor
// opens on exactly the text the page shows.
func FromBlocks(blocks []Block) RichText {
	var r RichText
	for _, b := range blocks {
		for _, run := range b.Runs {
			r.Ops = append(r.Ops, Op{Insert: run.Text, Attributes: nilIfEmpty(Attrs{Bold: run.Bold, Italic: run.Italic, Underline: run.Underline, Size: run.Size})})
		}
		line := Attrs{Align: b.Align}
		if b.Kind == "ordered" || b.Kind == "bullet" {
			line.List = b.Kind
		}
		r.Ops = append(r.Ops, Op{Insert: "\n", Attributes: nilIfEmpty(line)})
	}
	return r
}
