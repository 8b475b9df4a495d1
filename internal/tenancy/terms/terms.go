// Package terms checks what a landlord writes (an agreement's additional
// terms, a listing's title and description) against the rules of the law
// that make a term unenforceable or an advert unlawful: a fixed term, a
// section 21 notice, a rent review, a blanket ban on pets, children or
// tenants on benefits, a fee the Tenant Fees Act 2019 prohibits, and so on.
//
// The rules are data (data/rules.yaml): each has what it catches (regular
// expressions over one sentence, with the words that make a sentence
// lawful after all), why (in plain English, shown to landlords and
// tenants), the statute, the source and the dates it is in force. They are
// loaded and checked when the server starts (Load), so a broken rule stops
// the server instead of missing a term. Agreements and listings call the
// same Checker.
package terms

import (
	"bytes"
	_ "embed"
	"fmt"
	"net/url"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/tenancy"
)

//go:embed data/rules.yaml
var rulesYAML []byte

// Use is where a text is written: an agreement's terms or a listing.
type Use string

const (
	Agreement Use = "agreement"
	Listing   Use = "listing"
)

// Rule is one thing the law does not allow a landlord to write.
type Rule struct {
	ID            string `yaml:"id"`
	Title         string `yaml:"title"`
	Why           string `yaml:"why"`
	Statute       string `yaml:"statute"`
	Source        string `yaml:"source"`
	EffectiveFrom string `yaml:"effectiveFrom"`
	EffectiveTo   string `yaml:"effectiveTo"`
	Uses          []Use  `yaml:"uses"`
	// Jurisdictions are where the rule is law (England, Wales, Scotland,
	// Northern Ireland).
	Jurisdictions []string `yaml:"jurisdictions"`
	Patterns      []string `yaml:"patterns"`
	// CasedPatterns are read on the sentence as written, its capitals
	// kept: an abbreviation that is a word of another language when written
	// in lower case ("AST", and the Welsh "ast").
	CasedPatterns []string `yaml:"casedPatterns"`
	// Requires: every one must also match the sentence (the context a
	// pattern needs, e.g. that it is the tenant who gives notice).
	Requires []string `yaml:"requires"`
	// Unless: any one of them makes the sentence lawful after all (a
	// negation, a permitted exception).
	Unless []string `yaml:"unless"`
	// Examples must be caught; Lawful must not: checked at start-up.
	Examples []string `yaml:"examples"`
	Lawful   []string `yaml:"lawful"`
	// MustChange (required, true or false): the law prohibits what the
	// rule catches outright, whatever the facts, so a term it flags cannot
	// be acknowledged and kept: the agreement is not signed until the term
	// is reworded or removed. False: the term needs judgement (the same
	// words may be lawful), and the landlord may acknowledge and keep it.
	MustChange *bool `yaml:"mustChange"`

	from, to                          time.Time
	patterns, cased, requires, unless []pattern
}

// pattern is a compiled pattern and the words a text must hold for it to
// match: need lists sets of words, and a text that lacks every word of one
// set cannot match, so the regular expression is not run (136 patterns over
// every sentence of an agreement cost 80 ms a document; issue 29).
type pattern struct {
	re   *regexp.Regexp
	need [][]string
}

func (p pattern) MatchString(s string) bool { return p.mayMatch(s) && p.re.MatchString(s) }

// mayMatch: s holds a word of each set the pattern needs.
func (p pattern) mayMatch(s string) bool {
	for _, set := range p.need {
		found := false
		for _, w := range set {
			if strings.Contains(s, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// required is what any text a pattern matches must hold: sets of words, one
// of each set at least. It reads the pattern's structure: a literal needs
// itself; a sequence needs what each part needs; a choice needs one word
// of each branch's (each branch must need something); anything that may
// match nothing (x?, x*, {0,n}) or a class of characters needs nothing.
func required(re *syntax.Regexp) [][]string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return [][]string{{string(re.Rune)}}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		var out [][]string
		for _, sub := range re.Sub {
			out = append(out, required(sub)...)
		}
		return out
	case syntax.OpAlternate:
		var set []string
		for _, sub := range re.Sub {
			need := required(sub)
			if len(need) == 0 {
				return nil
			}
			// The branch's set whose shortest word is longest: the rarest.
			best := need[0]
			for _, n := range need[1:] {
				if shortest(n) > shortest(best) {
					best = n
				}
			}
			set = append(set, best...)
		}
		return [][]string{set}
	}
	return nil
}

func shortest(words []string) int {
	n := len(words[0])
	for _, w := range words[1:] {
		n = min(n, len(w))
	}
	return n
}

type file struct {
	Source     string `yaml:"source"`
	ReviewedOn string `yaml:"reviewedOn"`
	Rules      []Rule `yaml:"rules"`
}

// Finding is one rule a term breaks, as the reader is told.
type Finding struct {
	Rule    string `json:"rule"`
	Title   string `json:"title"`
	Why     string `json:"why"`
	Statute string `json:"statute"`
	Source  string `json:"source"`
	// Phrase is the words that raised it, as the landlord wrote them.
	Phrase string `json:"phrase"`
	// MustChange: the law prohibits it outright; the term must be
	// reworded or removed, it cannot be acknowledged and kept.
	MustChange bool `json:"mustChange"`
}

// Flag is one term (a paragraph) with the rules it breaks.
type Flag struct {
	Term     string    `json:"term"`
	Findings []Finding `json:"findings"`
}

// Checker holds the loaded rules.
type Checker struct {
	rules      []*Rule
	ReviewedOn string

	mu   sync.Mutex
	memo map[string]*verdicts // by sentence (normalised, with its capitals)
}

// Load reads and checks the embedded rules.
func Load() (*Checker, error) { return Parse(rulesYAML) }

// MustLoad is Load for tests and places that cannot go on without the rules.
func MustLoad() *Checker {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// Parse reads and checks a rules file.
func Parse(raw []byte) (*Checker, error) {
	var f file
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("term rules: %w", err)
	}
	if len(f.Rules) == 0 {
		return nil, fmt.Errorf("term rules: no rule")
	}
	c := &Checker{ReviewedOn: f.ReviewedOn}
	seen := map[string]bool{}
	for i := range f.Rules {
		r := &f.Rules[i]
		if err := r.compile(); err != nil {
			return nil, fmt.Errorf("term rule %d (%s): %w", i, r.ID, err)
		}
		if seen[r.ID] {
			return nil, fmt.Errorf("term rule %s: repeated id", r.ID)
		}
		seen[r.ID] = true
		c.rules = append(c.rules, r)
	}
	// Every rule's examples are caught, and its lawful sentences are not
	// caught by any rule: a rule that stops working stops the server.
	for _, r := range c.rules {
		for _, ex := range r.Examples {
			if !r.matches(ex) {
				return nil, fmt.Errorf("term rule %s: does not catch its example %q", r.ID, ex)
			}
		}
		for _, ok := range r.Lawful {
			for _, other := range c.rules {
				if other.matches(ok) {
					return nil, fmt.Errorf("term rule %s: lawful example %q is caught by %s", r.ID, ok, other.ID)
				}
			}
		}
	}
	return c, nil
}

func (r *Rule) compile() error {
	var err error
	if r.ID == "" || r.Title == "" || strings.TrimSpace(r.Why) == "" || r.Statute == "" {
		return fmt.Errorf("id, title, why and statute are required")
	}
	if u, err := url.Parse(r.Source); err != nil || u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("source must be an https address")
	}
	if r.from, err = time.Parse(time.DateOnly, r.EffectiveFrom); err != nil {
		return fmt.Errorf("effectiveFrom: %w", err)
	}
	if r.EffectiveTo != "" {
		if r.to, err = time.Parse(time.DateOnly, r.EffectiveTo); err != nil {
			return fmt.Errorf("effectiveTo: %w", err)
		}
		if r.to.Before(r.from) {
			return fmt.Errorf("effectiveTo is before effectiveFrom")
		}
	}
	if len(r.Uses) == 0 {
		return fmt.Errorf("uses is empty")
	}
	for _, u := range r.Uses {
		if u != Agreement && u != Listing {
			return fmt.Errorf("unknown use %q", u)
		}
	}
	if r.MustChange == nil {
		return fmt.Errorf("mustChange is required: true when the law prohibits the term outright (it cannot be acknowledged), false when it needs judgement")
	}
	if len(r.Jurisdictions) == 0 {
		return fmt.Errorf("jurisdictions is empty")
	}
	for _, j := range r.Jurisdictions {
		if !tenancy.ValidJurisdiction(j) {
			return fmt.Errorf("unknown jurisdiction %q", j)
		}
	}
	if len(r.Patterns)+len(r.CasedPatterns) == 0 || len(r.Examples) == 0 {
		return fmt.Errorf("a rule needs patterns and examples")
	}
	compileCase := func(list []string, cased bool) ([]pattern, error) {
		var out []pattern
		for _, p := range list {
			letters := escapes.ReplaceAllString(p, "")
			if !cased && letters != strings.ToLower(letters) {
				return nil, fmt.Errorf("pattern %q: write patterns in lower case (the text is read in lower case)", p)
			}
			if cased && letters == strings.ToLower(letters) {
				return nil, fmt.Errorf("cased pattern %q: has no capital letter (write it in patterns)", p)
			}
			re, err := regexp.Compile(p)
			if err != nil {
				return nil, err
			}
			tree, err := syntax.Parse(p, syntax.Perl)
			if err != nil {
				return nil, err
			}
			out = append(out, pattern{re: re, need: required(tree)})
		}
		return out, nil
	}
	compile := func(list []string) ([]pattern, error) { return compileCase(list, false) }
	if r.patterns, err = compile(r.Patterns); err != nil {
		return err
	}
	if r.cased, err = compileCase(r.CasedPatterns, true); err != nil {
		return err
	}
	if r.requires, err = compile(r.Requires); err != nil {
		return err
	}
	r.unless, err = compile(r.Unless)
	return err
}

// mustChange is MustChange, once loaded.
func (r *Rule) mustChange() bool { return r.MustChange != nil && *r.MustChange }

func (r *Rule) inForce(on time.Time) bool {
	d := time.Date(on.Year(), on.Month(), on.Day(), 0, 0, 0, 0, time.UTC)
	return !d.Before(r.from) && (r.to.IsZero() || !d.After(r.to))
}

func (r *Rule) usedFor(u Use) bool {
	for _, x := range r.Uses {
		if x == u {
			return true
		}
	}
	return false
}

func (r *Rule) lawIn(j string) bool {
	for _, x := range r.Jurisdictions {
		if x == j {
			return true
		}
	}
	return false
}

// matches reports whether any sentence of the text breaks the rule.
func (r *Rule) matches(text string) bool {
	_, ok := r.match(sentencesOf(text))
	return ok
}

// sentence is a sentence as typed and in the form the patterns read:
// normalised and lower case (the patterns are written in lower case, so
// they run without case folding, several times faster: issue 29), and
// normalised with its capitals (the cased patterns).
type sentence struct{ raw, norm, cased string }

// sentencesOf cuts a text into sentences and normalises each once, for
// every rule to read.
func sentencesOf(text string) []sentence {
	var out []sentence
	for _, s := range Sentences(text) {
		n := normalise(s)
		out = append(out, sentence{raw: s, norm: strings.ToLower(n), cased: n})
	}
	return out
}

// match finds the first sentence that breaks the rule.
func (r *Rule) match(ss []sentence) (string, bool) {
	for _, s := range ss {
		if r.breaks(s) {
			return strings.TrimSpace(s.raw), true
		}
	}
	return "", false
}

// breaks reports whether one sentence breaks the rule.
func (r *Rule) breaks(s sentence) bool {
	hit := false
	for _, re := range r.patterns {
		if re.MatchString(s.norm) {
			hit = true
			break
		}
	}
	for _, re := range r.cased {
		if !hit && re.MatchString(s.cased) {
			hit = true
		}
	}
	if !hit {
		return false
	}
	for _, re := range r.requires {
		if !re.MatchString(s.norm) {
			return false
		}
	}
	for _, re := range r.unless {
		if re.MatchString(s.norm) {
			return false
		}
	}
	return true
}

// memoSentences is how many sentences a Checker remembers its verdicts on
// before it forgets them all and starts again; a sentence longer than
// memoLongest is never remembered (at most about 16 MB in all).
var memoSentences = 8192 // a variable for the test that fills it

const memoLongest = 2000

// verdicts is what a Checker knows of one sentence: for each of its rules,
// whether it was asked (known) and whether the sentence breaks it (hit).
type verdicts struct{ known, hit []uint64 }

// breaks is r.breaks(s) for the checker's i-th rule, remembered. The same
// terms are checked again and again (the draft's preview at each save,
// each party's signing page, the seal, each download of the PDF: a fifth
// of drawing a sealed agreement, issue 29); a sentence's verdict depends on
// the sentence alone, as the rules never change once loaded (the day, the
// use and the jurisdiction only choose which rules are asked).
func (c *Checker) breaks(i int, s sentence) bool {
	if len(s.cased) > memoLongest {
		return c.rules[i].breaks(s)
	}
	word, bit := i/64, uint64(1)<<(i%64)
	c.mu.Lock()
	v, ok := c.memo[s.cased]
	if ok && v.known[word]&bit != 0 {
		hit := v.hit[word]&bit != 0
		c.mu.Unlock()
		return hit
	}
	c.mu.Unlock()
	hit := c.rules[i].breaks(s)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.memo == nil || len(c.memo) >= memoSentences {
		c.memo = map[string]*verdicts{}
	}
	v, ok = c.memo[s.cased]
	if !ok {
		n := (len(c.rules) + 63) / 64
		v = &verdicts{known: make([]uint64, n), hit: make([]uint64, n)}
		c.memo[s.cased] = v
	}
	v.known[word] |= bit
	if hit {
		v.hit[word] |= bit
	}
	return hit
}

// Rules are the rules in force in England on a day for a use.
func (c *Checker) Rules(on time.Time, u Use) []Rule {
	var out []Rule
	for _, r := range c.rules {
		if r.inForce(on) && r.usedFor(u) && r.lawIn(tenancy.England) {
			out = append(out, *r)
		}
	}
	return out
}

// Check is what a text breaks in England: every rule in force on the day
// for the use, each once.
func (c *Checker) Check(text string, on time.Time, u Use) []Finding {
	return c.CheckIn(text, tenancy.England, on, u)
}

// CheckIn is Check under the law of a jurisdiction.
func (c *Checker) CheckIn(text, jurisdiction string, on time.Time, u Use) []Finding {
	var out []Finding
	var ss []sentence // cut and normalised once, for the first rule in force
	for i, r := range c.rules {
		if !r.inForce(on) || !r.usedFor(u) || !r.lawIn(jurisdiction) {
			continue
		}
		if ss == nil {
			ss = sentencesOf(text)
		}
		for _, sen := range ss {
			if c.breaks(i, sen) {
				out = append(out, Finding{Rule: r.ID, Title: r.Title, Why: strings.TrimSpace(r.Why), Statute: r.Statute, Source: r.Source,
					Phrase: strings.TrimSpace(sen.raw), MustChange: r.mustChange()})
				break
			}
		}
	}
	return out
}

// CheckTerms checks each term (a paragraph) on its own and answers the
// flagged ones, in order.
func (c *Checker) CheckTerms(terms []string, on time.Time, u Use) []Flag {
	var out []Flag
	for _, t := range terms {
		if strings.TrimSpace(t) == "" {
			continue
		}
		if f := c.Check(t, on, u); len(f) > 0 {
			out = append(out, Flag{Term: t, Findings: f})
		}
	}
	return out
}

// Split cuts typed text into terms: one a line (a paragraph or list item).
func Split(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t != "" {
			out = append(out, t)
		}
	}
	return out
}

var (
	spaces = regexp.MustCompile(`\s+`)
	// A sentence ends at . ! ? or ; followed by white space, except in
	// "e.g. ", "i.e. " and "no. 5".
	sentenceEnd = regexp.MustCompile(`[.!?;]+(\s+|$)`)
)

// Sentences cuts a term into sentences, so that a rule's words and the
// words that excuse them are read in the same sentence.
func Sentences(text string) []string {
	var out []string
	start := 0
	for _, m := range sentenceEnd.FindAllStringIndex(text, -1) {
		piece := text[start:m[0]]
		low := strings.ToLower(piece)
		if strings.HasSuffix(low, "e.g") || strings.HasSuffix(low, "i.e") || strings.HasSuffix(low, " no") || strings.HasSuffix(low, "etc") {
			continue
		}
		if strings.TrimSpace(text[m[0]:m[1]]) == "." && initials(piece, text[m[1]:]) {
			continue
		}
		if s := strings.TrimSpace(text[start:m[1]]); s != "" {
			out = append(out, s)
		}
		start = m[1]
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

var (
	initialAtEnd  = regexp.MustCompile(`(?:^|[\s(/])\p{Lu}$`)
	initialBefore = regexp.MustCompile(`(?:^|[\s(/])\p{Lu}\.\s*\p{Lu}$`)
	initialNext   = regexp.MustCompile(`^\p{Lu}(?:\.|\s|$)`)
	lowerNext     = regexp.MustCompile(`^\p{Ll}`)
)

// initials: the full stop after piece, a capital written alone, is one of
// an abbreviation's ("No D. S. S.", "No H. B. tenants") rather than a
// sentence's: another capital alone comes next, or came before and the
// sentence goes on in lower case ("No H. B. Pets welcome." is two).
func initials(piece, rest string) bool {
	return initialAtEnd.MatchString(piece) && (initialNext.MatchString(rest) || initialBefore.MatchString(piece) && lowerNext.MatchString(rest))
}

// spacedCapitals are an abbreviation's capitals written apart: "D. S. S.",
// "D S S", "H. B.".
var spacedCapitals = regexp.MustCompile(`\b\p{Lu}(?:(?:\.\s*|\s+)\p{Lu}\b)+\.?`)

// escapes are a pattern's escapes (\S, \d ...), left out of its lower-case check.
var escapes = regexp.MustCompile(`\\.`)

var typography = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u201c", `"`, "\u201d", `"`, "\u2013", "-", "\u2014", "-", "\u00a0", " ")

// normalise puts a sentence in the form the patterns are written for:
// straight quotes and single spaces, with its end mark removed.
func normalise(s string) string {
	s = typography.Replace(s)
	s = spaces.ReplaceAllString(strings.TrimSpace(s), " ")
	// An abbreviation's capitals written apart are read together: "No D. S.
	// S." as "No D.S.S.", "no D S S" as "no DSS".
	s = spacedCapitals.ReplaceAllStringFunc(s, func(m string) string { return strings.Join(strings.Fields(m), "") })
	return strings.TrimRight(s, ".!?; ")
}
