package terms

import (
	"bufio"
	"fmt"
	"os"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/racetest"
	"github.com/omnirent/omnirent/internal/tenancy"
)

var day = time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)

type phrasing struct {
	rule, text string
	line       int
}

func readCorpus(t *testing.T) []phrasing {
	t.Helper()
	f, err := os.Open("testdata/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []phrasing
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rule, text, ok := strings.Cut(line, "|")
		if !ok {
			t.Fatalf("corpus line %d: no '|'", n)
		}
		out = append(out, phrasing{strings.TrimSpace(rule), strings.TrimSpace(text), n})
	}
	return out
}

// The corpus of landlords' phrasings (testdata/corpus.txt): the checker
// catches at least 90% of the unlawful ones with the right rule, and flags
// at most 5% of the lawful ones. The rates are logged.
func TestCorpusCatchRateAndFalseAlarms(t *testing.T) {
	c := MustLoad()
	corpus := readCorpus(t)
	var unlawful, caught, lawful, alarms int
	for _, p := range corpus {
		found := c.Check(p.text, day, Agreement)
		var ids []string
		for _, f := range found {
			ids = append(ids, f.Rule)
		}
		if p.rule == "ok" {
			lawful++
			if len(found) > 0 {
				alarms++
				t.Logf("false alarm (line %d): %q flagged %v", p.line, p.text, ids)
			}
			continue
		}
		if _, ok := c.byID(p.rule); !ok {
			t.Fatalf("corpus line %d: unknown rule %q", p.line, p.rule)
		}
		unlawful++
		if slices.Contains(ids, p.rule) {
			caught++
		} else {
			t.Logf("missed (line %d): %q [%s], found %v", p.line, p.text, p.rule, ids)
		}
	}
	if unlawful < 40 || lawful < 40 {
		t.Fatalf("the corpus needs at least 40 unlawful and 40 lawful phrasings (has %d and %d)", unlawful, lawful)
	}
	catch := float64(caught) / float64(unlawful)
	alarm := float64(alarms) / float64(lawful)
	t.Logf("corpus: %d phrasings; caught %d of %d unlawful (%.1f%%); false alarms %d of %d lawful (%.1f%%)",
		len(corpus), caught, unlawful, 100*catch, alarms, lawful, 100*alarm)
	if catch < 0.90 {
		t.Errorf("catch rate %.1f%% is below 90%%", 100*catch)
	}
	if alarm > 0.05 {
		t.Errorf("false alarms %.1f%% are above 5%%", 100*alarm)
	}
}

func (c *Checker) byID(id string) (*Rule, bool) {
	for _, r := range c.rules {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// Patterns are read against lower-case text, so a pattern with a capital
// letter (which could never match) is refused at start-up; escapes such as
// \S are not letters of the text.
func TestPatternsMustBeLowerCase(t *testing.T) {
	rule := func(pattern string) []byte {
		return []byte(`rules:
  - id: test-rule
    title: A test rule
    why: Because.
    statute: Test Act 2026
    source: https://example.org/act
    effectiveFrom: "2026-01-01"
    uses: [agreement]
    jurisdictions: [England]
    mustChange: false
    patterns: ['` + pattern + `']
    examples: ['No smoking at all']
`)
	}
	if _, err := Parse(rule(`\bno smoking\b`)); err != nil {
		t.Fatalf("a lower-case pattern: %v", err)
	}
	if _, err := Parse(rule(`\bno\S* smoking\b`)); err != nil {
		t.Fatalf("a pattern with an upper-case escape: %v", err)
	}
	if _, err := Parse(rule(`\bNo smoking\b`)); err == nil || !strings.Contains(err.Error(), "lower case") {
		t.Fatalf("a pattern with a capital: %v", err)
	}
	// A cased pattern is read with the text's capitals, so it needs one.
	cased := func(pattern string) []byte {
		return []byte(strings.Replace(string(rule(`\bno smoking\b`)), "    patterns: ['\\bno smoking\\b']\n", "    casedPatterns: ['"+pattern+"']\n", 1))
	}
	c, err := Parse(cased(`\bNo smoking\b`))
	if err != nil {
		t.Fatalf("a cased pattern: %v", err)
	}
	if len(c.Check("No smoking at all", time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), Agreement)) != 1 ||
		len(c.Check("no smoking at all", time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), Agreement)) != 0 {
		t.Errorf("a cased pattern read without the capitals")
	}
	if _, err := Parse(cased(`\bno smoking\b`)); err == nil || !strings.Contains(err.Error(), "no capital") {
		t.Fatalf("a cased pattern without a capital: %v", err)
	}
}

// The words a pattern needs (its prefilter) never turn a match into a
// miss: over every phrasing of the corpus, every rule's examples and lawful
// texts, and each of those cut at every word (so that parts of a match
// are tried too), each pattern answers as its regular expression alone.
func TestRequiredWordsNeverHideAMatch(t *testing.T) {
	racetest.LogicOnly(t)
	c := MustLoad()
	var texts []string
	for _, p := range readCorpus(t) {
		texts = append(texts, p.text)
	}
	for _, r := range c.rules {
		texts = append(texts, r.Examples...)
		texts = append(texts, r.Lawful...)
	}
	var all, allCased []string
	for _, text := range texts {
		for _, s := range sentencesOf(text) {
			for _, x := range []struct {
				text string
				to   *[]string
			}{{s.norm, &all}, {s.cased, &allCased}} {
				words := strings.Fields(x.text)
				for i := range words {
					*x.to = append(*x.to, strings.Join(words[i:], " "), strings.Join(words[:i+1], " "))
				}
			}
		}
	}
	checked, skipped := 0, 0
	for _, r := range c.rules {
		for n, list := range [][]pattern{r.patterns, r.requires, r.unless, r.cased} {
			texts := all
			if n == 3 {
				texts = allCased
			}
			for _, p := range list {
				for _, s := range texts {
					want := p.re.MatchString(s)
					if got := p.MatchString(s); got != want {
						t.Fatalf("%s: pattern %s on %q: %v with its words %v, %v alone", r.ID, p.re, s, got, p.need, want)
					}
					checked++
					if !p.mayMatch(s) {
						skipped++ // the words alone said no
					}
				}
			}
		}
	}
	t.Logf("%d pattern runs, %d answered by the needed words alone", checked, skipped)
	// The structure is read as meant.
	tree, _ := syntax.Parse(`\brent(al)?\b.{0,50}\b(review|increase|go(es)? up)\b`, syntax.Perl)
	if got := fmt.Sprint(required(tree)); got != "[[rent] [review increase  up]]" { // "go(es)? up" needs " up"
		t.Errorf("required: %s", got)
	}
	tree, _ = syntax.Parse(`\b(no|not)?\s*pets?\b`, syntax.Perl)
	if got := fmt.Sprint(required(tree)); got != "[[pet]]" {
		t.Errorf("required: %s", got)
	}
}

// The verdicts a Checker remembers are the ones it would work out afresh:
// every phrasing of the corpus, in every jurisdiction and for both uses,
// checked from two goroutines at once (under -race in make test-go), twice
// over, with a memory smaller than the corpus, so forgotten again and
// again, gives what the rules give read directly.
func TestRememberedVerdictsAreTheRules(t *testing.T) {
	defer func(n int) { memoSentences = n }(memoSentences)
	memoSentences = 300
	c := MustLoad()
	corpus := readCorpus(t)
	// And sentences too long to be remembered, each ending in a phrasing.
	for _, p := range corpus[:20] {
		corpus = append(corpus, phrasing{p.rule, strings.Repeat("the tenant will keep the garden tidy and ", 60) + p.text, -p.line})
	}
	fresh := func(text, j string, u Use) []string {
		var out []string
		ss := sentencesOf(text)
		for _, r := range c.rules {
			if r.inForce(day) && r.usedFor(u) && r.lawIn(j) {
				if phrase, ok := r.match(ss); ok {
					out = append(out, r.ID+": "+phrase)
				}
			}
		}
		return out
	}
	checked := func(text, j string, u Use) []string {
		var out []string
		for _, f := range c.CheckIn(text, j, day, u) {
			out = append(out, f.Rule+": "+f.Phrase)
		}
		return out
	}
	var want [][]string
	for _, j := range tenancy.Jurisdictions() {
		for _, u := range []Use{Agreement, Listing} {
			for _, p := range corpus {
				want = append(want, fresh(p.text, j, u))
			}
		}
	}
	const goroutines = 2
	errs := make(chan string, goroutines)
	for g := 0; g < goroutines; g++ {
		go func() {
			bad := ""
			for round := 0; round < 2 && bad == ""; round++ {
				i := 0
				for _, j := range tenancy.Jurisdictions() {
					for _, u := range []Use{Agreement, Listing} {
						for _, p := range corpus {
							if got := checked(p.text, j, u); !slices.Equal(got, want[i]) && bad == "" {
								bad = fmt.Sprintf("%s, %s, line %d: %v, the rules give %v", j, u, p.line, got, want[i])
							}
							i++
						}
					}
				}
			}
			errs <- bad
		}()
	}
	for g := 0; g < goroutines; g++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
