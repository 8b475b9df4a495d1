package terms

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
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
