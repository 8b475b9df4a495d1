package deposit

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

//go:embed data/deposit.yaml
var depositYAML []byte

// ProtectionRule is how soon a deposit must be protected in one nation, and
// what missing it can cost (data/deposit.yaml).
type ProtectionRule struct {
	Jurisdiction    string `yaml:"jurisdiction"`
	Days            int    `yaml:"days"`
	PenaltyMinTimes int    `yaml:"penaltyMinTimes"`
	PenaltyMaxTimes int    `yaml:"penaltyMaxTimes"`
	Statute         string `yaml:"statute"`
	Source          string `yaml:"source"`
	Law             string `yaml:"law"`
	Confidence      string `yaml:"confidence"`
	EffectiveFrom   string `yaml:"effectiveFrom"`
	EffectiveTo     string `yaml:"effectiveTo"`
}

// Scheme is a government-approved deposit scheme.
type Scheme struct {
	Name string `yaml:"name" json:"name"`
	URL  string `yaml:"url" json:"url"`
}

// Rules are the area's data, checked.
type Rules struct {
	ReviewedOn string           `yaml:"reviewedOn"`
	Protection []ProtectionRule `yaml:"protection"`
	Schemes    []Scheme         `yaml:"schemes"`
	NotHandled string           `yaml:"notHandled"`

	ReturnDays          int            `yaml:"returnDays"`
	ReturnSource        string         `yaml:"returnSource"`
	Reasons             []Reason       `yaml:"reasons"`
	ApportionmentSource string         `yaml:"apportionmentSource"`
	ExpectedLives       []ExpectedLife `yaml:"expectedLives"`
}

// Reason is why a deduction is made.
type Reason struct {
	Key        string `yaml:"key" json:"key"`
	Name       string `yaml:"name" json:"name"`
	Apportion  bool   `yaml:"apportion" json:"apportion"`
	FromWallet bool   `yaml:"fromWallet" json:"fromWallet"`
}

// ExpectedLife is how long an item of a type is expected to last.
type ExpectedLife struct {
	Type   string `yaml:"type" json:"type"`
	Name   string `yaml:"name" json:"name"`
	Months int    `yaml:"months" json:"months"`
}

// LoadRules reads and checks the embedded rules (at start-up).
func LoadRules() (*Rules, error) { return parseRules(depositYAML) }

func parseDayStrict(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

func parseRules(b []byte) (*Rules, error) {
	var r Rules
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("deposit: %w", err)
	}
	if _, ok := parseDayStrict(r.ReviewedOn); !ok {
		return nil, fmt.Errorf("deposit: reviewedOn %q is not a date", r.ReviewedOn)
	}
	if len(r.Protection) == 0 || len(r.Schemes) == 0 || strings.TrimSpace(r.NotHandled) == "" {
		return nil, fmt.Errorf("deposit: protection, schemes and notHandled are needed")
	}
	for _, p := range r.Protection {
		what := "deposit: protection " + p.Jurisdiction
		f, ok := parseDayStrict(p.EffectiveFrom)
		switch {
		case p.Jurisdiction == "":
			return nil, fmt.Errorf("%s: no jurisdiction", what)
		case p.Days <= 0 || p.Days > 365:
			return nil, fmt.Errorf("%s: days %d", what, p.Days)
		case p.PenaltyMinTimes < 1 || p.PenaltyMaxTimes < p.PenaltyMinTimes:
			return nil, fmt.Errorf("%s: penalty %d to %d times", what, p.PenaltyMinTimes, p.PenaltyMaxTimes)
		case p.Statute == "" || !strings.HasPrefix(p.Source, "https://") || p.Law == "":
			return nil, fmt.Errorf("%s: statute, an https source and the law it follows are needed", what)
		case !ok:
			return nil, fmt.Errorf("%s: effectiveFrom %q is not a date", what, p.EffectiveFrom)
		}
		if p.EffectiveTo != "" {
			if t, ok := parseDayStrict(p.EffectiveTo); !ok || !t.After(f) {
				return nil, fmt.Errorf("%s: effectiveTo %q is not a date after effectiveFrom", what, p.EffectiveTo)
			}
		}
	}
	seen := map[string]bool{}
	for _, s := range r.Schemes {
		if s.Name == "" || !strings.HasPrefix(s.URL, "https://") || seen[s.Name] {
			return nil, fmt.Errorf("deposit: scheme %q needs a unique name and an https site", s.Name)
		}
		seen[s.Name] = true
	}
	r.NotHandled = strings.TrimSpace(r.NotHandled)
	if r.ReturnDays <= 0 || r.ReturnDays > 90 || !strings.HasPrefix(r.ReturnSource, "https://") {
		return nil, fmt.Errorf("deposit: returnDays %d needs an https returnSource", r.ReturnDays)
	}
	if len(r.Reasons) == 0 || len(r.ExpectedLives) == 0 || !strings.HasPrefix(r.ApportionmentSource, "https://") {
		return nil, fmt.Errorf("deposit: reasons, expectedLives and an https apportionmentSource are needed")
	}
	keys := map[string]bool{}
	for _, x := range r.Reasons {
		if x.Key == "" || x.Name == "" || keys[x.Key] {
			return nil, fmt.Errorf("deposit: reason %q needs a unique key and a name", x.Key)
		}
		keys[x.Key] = true
	}
	types := map[string]bool{}
	for _, x := range r.ExpectedLives {
		if x.Type == "" || x.Name == "" || types[x.Type] || x.Months <= 0 || x.Months > 600 {
			return nil, fmt.Errorf("deposit: expected life %q needs a unique type, a name and 1 to 600 months", x.Type)
		}
		types[x.Type] = true
	}
	return &r, nil
}

// protectionOn is the rule in force in a nation on a day.
func (r *Rules) protectionOn(jurisdiction string, on time.Time) (ProtectionRule, bool) {
	for _, p := range r.Protection {
		if p.Jurisdiction != jurisdiction {
			continue
		}
		f, _ := parseDayStrict(p.EffectiveFrom)
		if on.Before(f) {
			continue
		}
		if t, ok := parseDayStrict(p.EffectiveTo); ok && !on.Before(t) {
			continue
		}
		return p, true
	}
	return ProtectionRule{}, false
}

func (r *Rules) scheme(name string) (Scheme, bool) {
	for _, s := range r.Schemes {
		if s.Name == name {
			return s, true
		}
	}
	return Scheme{}, false
}

func (r *Rules) reason(key string) (Reason, bool) {
	for _, x := range r.Reasons {
		if x.Key == key {
			return x, true
		}
	}
	return Reason{}, false
}

func (r *Rules) life(itemType string) (ExpectedLife, bool) {
	for _, x := range r.ExpectedLives {
		if x.Type == itemType {
			return x, true
		}
	}
	return ExpectedLife{}, false
}
