package tenancy

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/platform/workdays"
)

// The rules of Scotland, Wales and Northern Ireland the contract builder
// follows (data/nations/*.yaml, from ../shared/law/NATIONS.md): each
// nation's words, the details its law requires, its deposit schemes and
// payments, its deadlines and rent-increase rule, and which passages of the
// text its law prescribes are held word for word. England's rules are its
// clause library's (internal/contract/library) and are not here.

//go:embed data/nations/*.yaml
var nationsFS embed.FS

// Nation is one nation's data file.
type Nation struct {
	Jurisdiction  string            `yaml:"jurisdiction" json:"jurisdiction"`
	Regime        string            `yaml:"regime" json:"regime"`
	Law           string            `yaml:"law" json:"law"`
	Source        string            `yaml:"source" json:"source"`
	EffectiveFrom string            `yaml:"effectiveFrom" json:"effectiveFrom"`
	ReviewedOn    string            `yaml:"reviewedOn" json:"reviewedOn"`
	Confidence    string            `yaml:"confidence" json:"confidence"`
	Vocabulary    map[string]string `yaml:"vocabulary" json:"vocabulary"`
	Required      []Detail          `yaml:"requiredDetails" json:"requiredDetails"`
	Deposit       NationDeposit     `yaml:"deposit" json:"deposit"`
	Holding       HoldingDeposit    `yaml:"holdingDeposit" json:"holdingDeposit"`
	Prohibited    Sourced           `yaml:"prohibitedPayments" json:"prohibitedPayments"`
	Deadlines     []DeadlineRule    `yaml:"deadlines" json:"deadlines"`
	RentIncrease  RentIncreaseRule  `yaml:"rentIncrease" json:"rentIncrease"`
	// RightToRent: whether Right to Rent checks apply (England only).
	RightToRent bool      `yaml:"rightToRent" json:"rightToRent"`
	Generator   Generator `yaml:"generator" json:"generator"`
	Statutory   []Passage `yaml:"statutoryText" json:"statutoryText"`
}

// Detail is one detail the nation's law requires in the agreement.
type Detail struct {
	Key            string `yaml:"key" json:"key"`
	Label          string `yaml:"label" json:"label"`
	Help           string `yaml:"help" json:"help"`
	Pattern        string `yaml:"pattern" json:"-"`
	PendingAllowed bool   `yaml:"pendingAllowed" json:"pendingAllowed"`
	Required       bool   `yaml:"required" json:"required"`
	Statute        string `yaml:"statute" json:"statute"`
	Source         string `yaml:"source" json:"source"`
	Confidence     string `yaml:"confidence" json:"confidence"`
	re             *regexp.Regexp
}

// Sourced is a rule in words with its statute and source.
type Sourced struct {
	Text       string `yaml:"text" json:"text"`
	Statute    string `yaml:"statute" json:"statute"`
	Source     string `yaml:"source" json:"source"`
	Confidence string `yaml:"confidence" json:"confidence"`
}

// NationDeposit is the approved schemes (the cap is data/deposits.yaml's).
type NationDeposit struct {
	Schemes        []string `yaml:"schemes" json:"schemes"`
	CustodialOnly  bool     `yaml:"custodialOnly" json:"custodialOnly"`
	WarnAboveWeeks int      `yaml:"warnAboveWeeks" json:"warnAboveWeeks,omitempty"`
	Statute        string   `yaml:"statute" json:"statute"`
	Source         string   `yaml:"source" json:"source"`
	Confidence     string   `yaml:"confidence" json:"confidence"`
}

// HoldingDeposit says whether a holding deposit may be taken, and its cap.
type HoldingDeposit struct {
	Allowed    bool   `yaml:"allowed" json:"allowed"`
	MaxWeeks   int    `yaml:"maxWeeks" json:"maxWeeks,omitempty"`
	Statute    string `yaml:"statute" json:"statute"`
	Source     string `yaml:"source" json:"source"`
	Confidence string `yaml:"confidence" json:"confidence"`
}

// DeadlineRule is a duty with a period counted from the tenancy's start.
type DeadlineRule struct {
	ID         string `yaml:"id" json:"id"`
	Title      string `yaml:"title" json:"title"`
	From       string `yaml:"from" json:"-"` // start (the start date; the deposit is taken to be received on it)
	Count      int    `yaml:"count" json:"-"`
	Unit       string `yaml:"unit" json:"-"`       // calendarDays or workingDays
	StartsWith string `yaml:"startsWith" json:"-"` // sameDay or nextDay
	Statute    string `yaml:"statute" json:"statute"`
	Source     string `yaml:"source" json:"source"`
	Confidence string `yaml:"confidence" json:"confidence"`
}

// RentIncreaseRule: how soon and how often the rent may go up, and the notice.
type RentIncreaseRule struct {
	FirstNotBeforeMonths int    `yaml:"firstNotBeforeMonths" json:"firstNotBeforeMonths"`
	MinMonthsBetween     int    `yaml:"minMonthsBetween" json:"minMonthsBetween"`
	NoticeMonths         int    `yaml:"noticeMonths" json:"noticeMonths"`
	Statute              string `yaml:"statute" json:"statute"`
	Source               string `yaml:"source" json:"source"`
	Confidence           string `yaml:"confidence" json:"confidence"`
}

// Generator is the government's own free generator for the nation's document.
type Generator struct {
	Name string `yaml:"name" json:"name"`
	URL  string `yaml:"url" json:"url"`
}

// Passage is a part of the text the law prescribes: present only with its
// exact published text.
type Passage struct {
	ID         string `yaml:"id" json:"id"`
	Title      string `yaml:"title" json:"title"`
	Instrument string `yaml:"instrument" json:"instrument"`
	Source     string `yaml:"source" json:"source"`
	Version    string `yaml:"version" json:"version"`
	Status     string `yaml:"status" json:"status"` // present or missing
	Text       string `yaml:"text" json:"-"`
	Note       string `yaml:"note" json:"-"`
}

// PassagePresent and PassageMissing are a passage's statuses.
const (
	PassagePresent = "present"
	PassageMissing = "missing"
)

// vocabularyKeys are the words every nation names.
var vocabularyKeys = []string{"agreement", "document", "tenant", "tenants", "startDate", "landlordNotice"}

var nations = map[Jurisdiction]*Nation{}

func init() {
	ns, err := loadNations(nationsFS)
	if err != nil {
		panic("tenancy: " + err.Error())
	}
	nations = ns
}

func loadNations(fsys embed.FS) (map[Jurisdiction]*Nation, error) {
	entries, err := fsys.ReadDir("data/nations")
	if err != nil {
		return nil, err
	}
	out := map[Jurisdiction]*Nation{}
	for _, e := range entries {
		raw, err := fsys.ReadFile("data/nations/" + e.Name())
		if err != nil {
			return nil, err
		}
		n, err := ParseNation(raw)
		if err != nil {
			return nil, fmt.Errorf("nations: %s: %w", e.Name(), err)
		}
		if out[n.Jurisdiction] != nil {
			return nil, fmt.Errorf("nations: %s twice", n.Jurisdiction)
		}
		out[n.Jurisdiction] = n
	}
	for _, j := range []Jurisdiction{Scotland, Wales, NorthernIreland} {
		if out[j] == nil {
			return nil, fmt.Errorf("nations: %s is missing", j)
		}
	}
	return out, nil
}

var confidences = []string{"H", "M", "L"}

// ParseNation reads and checks one nation's data file.
func ParseNation(raw []byte) (*Nation, error) {
	var n Nation
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(&n); err != nil {
		return nil, err
	}
	src := func(what, s string) error {
		if !strings.HasPrefix(s, "https://") {
			return fmt.Errorf("%s: an https source is needed", what)
		}
		return nil
	}
	conf := func(what, c string) error {
		if !slices.Contains(confidences, c) {
			return fmt.Errorf("%s: confidence %q is not H, M or L", what, c)
		}
		return nil
	}
	switch {
	case !knownJurisdiction(n.Jurisdiction) || n.Jurisdiction == England:
		return nil, fmt.Errorf("jurisdiction %q is not Scotland, Wales or Northern Ireland", n.Jurisdiction)
	case n.Regime == "" || n.Law == "":
		return nil, fmt.Errorf("regime and law are needed")
	}
	for what, d := range map[string]string{"effectiveFrom": n.EffectiveFrom, "reviewedOn": n.ReviewedOn} {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
	if err := src("source", n.Source); err != nil {
		return nil, err
	}
	if err := conf("nation", n.Confidence); err != nil {
		return nil, err
	}
	for _, k := range vocabularyKeys {
		if strings.TrimSpace(n.Vocabulary[k]) == "" {
			return nil, fmt.Errorf("vocabulary: %q is missing", k)
		}
	}
	if len(n.Vocabulary) != len(vocabularyKeys) {
		return nil, fmt.Errorf("vocabulary: only %v are read", vocabularyKeys)
	}
	seen := map[string]bool{}
	for i := range n.Required {
		d := &n.Required[i]
		if d.Key == "" || seen[d.Key] || d.Label == "" || d.Statute == "" {
			return nil, fmt.Errorf("requiredDetails: %q: a new key, a label and a statute are needed", d.Key)
		}
		seen[d.Key] = true
		re, err := regexp.Compile(d.Pattern)
		if err != nil || d.Pattern == "" || !strings.HasPrefix(d.Pattern, "^") || !strings.HasSuffix(d.Pattern, "$") {
			return nil, fmt.Errorf("requiredDetails: %s: the pattern must be a whole-answer regular expression", d.Key)
		}
		d.re = re
		if err := src("requiredDetails "+d.Key, d.Source); err != nil {
			return nil, err
		}
		if err := conf("requiredDetails "+d.Key, d.Confidence); err != nil {
			return nil, err
		}
	}
	if len(n.Deposit.Schemes) == 0 || n.Deposit.Statute == "" {
		return nil, fmt.Errorf("deposit: schemes and a statute are needed")
	}
	for what, s := range map[string]Sourced{
		"deposit":            {Text: "-", Statute: n.Deposit.Statute, Source: n.Deposit.Source, Confidence: n.Deposit.Confidence},
		"holdingDeposit":     {Text: "-", Statute: n.Holding.Statute, Source: n.Holding.Source, Confidence: n.Holding.Confidence},
		"prohibitedPayments": n.Prohibited,
		"rentIncrease":       {Text: "-", Statute: n.RentIncrease.Statute, Source: n.RentIncrease.Source, Confidence: n.RentIncrease.Confidence},
	} {
		if s.Text == "" || s.Statute == "" {
			return nil, fmt.Errorf("%s: text and statute are needed", what)
		}
		if err := src(what, s.Source); err != nil {
			return nil, err
		}
		if err := conf(what, s.Confidence); err != nil {
			return nil, err
		}
	}
	if n.Holding.MaxWeeks < 0 || (!n.Holding.Allowed && n.Holding.MaxWeeks > 0) {
		return nil, fmt.Errorf("holdingDeposit: maxWeeks goes with allowed")
	}
	ri := n.RentIncrease
	if ri.FirstNotBeforeMonths < 0 || ri.MinMonthsBetween < 1 || ri.NoticeMonths < 1 {
		return nil, fmt.Errorf("rentIncrease: months between and notice months are needed")
	}
	ids := map[string]bool{}
	for _, d := range n.Deadlines {
		switch {
		case d.ID == "" || ids[d.ID] || d.Title == "" || d.Statute == "":
			return nil, fmt.Errorf("deadlines: %q: a new id, a title and a statute are needed", d.ID)
		case d.From != "start":
			return nil, fmt.Errorf("deadlines: %s: from must be start", d.ID)
		case d.Count < 1 || (d.Unit != "calendarDays" && d.Unit != "workingDays"):
			return nil, fmt.Errorf("deadlines: %s: a count of calendarDays or workingDays is needed", d.ID)
		case d.StartsWith != "sameDay" && d.StartsWith != "nextDay":
			return nil, fmt.Errorf("deadlines: %s: startsWith is sameDay or nextDay", d.ID)
		}
		ids[d.ID] = true
		if err := src("deadlines "+d.ID, d.Source); err != nil {
			return nil, err
		}
		if err := conf("deadlines "+d.ID, d.Confidence); err != nil {
			return nil, err
		}
	}
	if n.Generator.Name == "" || src("generator", n.Generator.URL) != nil {
		return nil, fmt.Errorf("generator: a name and an https address are needed")
	}
	if len(n.Statutory) == 0 {
		return nil, fmt.Errorf("statutoryText: name the passages the law prescribes")
	}
	pids := map[string]bool{}
	for _, p := range n.Statutory {
		switch {
		case p.ID == "" || pids[p.ID] || p.Title == "" || p.Instrument == "" || p.Version == "":
			return nil, fmt.Errorf("statutoryText: %q: a new id, a title, the instrument and its version are needed", p.ID)
		case p.Status == PassagePresent && strings.TrimSpace(p.Text) == "":
			return nil, fmt.Errorf("statutoryText: %s: a present passage holds its published text", p.ID)
		case p.Status == PassageMissing && p.Text != "":
			return nil, fmt.Errorf("statutoryText: %s: a missing passage holds no text", p.ID)
		case p.Status != PassagePresent && p.Status != PassageMissing:
			return nil, fmt.Errorf("statutoryText: %s: status is present or missing", p.ID)
		}
		pids[p.ID] = true
		if err := src("statutoryText "+p.ID, p.Source); err != nil {
			return nil, err
		}
	}
	return &n, nil
}

// NationOf is the data of Scotland, Wales or Northern Ireland (false for
// England, whose rules are its clause library's).
func NationOf(j Jurisdiction) (*Nation, bool) {
	n, ok := nations[j]
	return n, ok
}

// Word is the nation's word for a thing ("tenant" is "contract-holder" in Wales).
func (n *Nation) Word(key string) string { return n.Vocabulary[key] }

// Missing are the passages of prescribed text not held word for word: while
// any is, the nation's document is not produced.
func (n *Nation) Missing() []Passage {
	var out []Passage
	for _, p := range n.Statutory {
		if p.Status != PassagePresent {
			out = append(out, p)
		}
	}
	return out
}

// CanGenerate reports whether every passage of prescribed text is held.
func (n *Nation) CanGenerate() bool { return len(n.Missing()) == 0 }

// CheckDetail checks one required detail's answer: "" when it is lawful, or
// the message naming the rule's source.
func (d Detail) CheckDetail(v string) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "" && !d.Required:
		return ""
	case v == "":
		return fmt.Sprintf("Please fill in %q: %s requires it.", d.Label, d.Statute)
	case d.PendingAllowed && strings.EqualFold(v, "pending"):
		return ""
	case !d.re.MatchString(v):
		return fmt.Sprintf("%q does not look right. %s", d.Label, d.Help)
	}
	return ""
}

// Deadline is a duty's last day for one tenancy.
type Deadline struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Day        string `json:"day"` // YYYY-MM-DD, the last day the duty may be done
	Statute    string `json:"statute"`
	Source     string `json:"source"`
	Confidence string `json:"confidence"`
}

// DeadlinesFrom are the nation's deadlines for a tenancy starting on start
// (a UK date), counted in the nation's working days (its bank holidays) or
// calendar days.
func (n *Nation) DeadlinesFrom(start time.Time) ([]Deadline, error) {
	cal, err := workdays.Default().For(n.Jurisdiction)
	if err != nil {
		return nil, err
	}
	out := make([]Deadline, 0, len(n.Deadlines))
	for _, r := range n.Deadlines {
		from := workdays.NextDay
		if r.StartsWith == "sameDay" {
			from = workdays.SameDay
		}
		var due workdays.Due
		if r.Unit == "workingDays" {
			due, err = cal.AddWorkingDays(start, r.Count, from)
		} else {
			due, err = workdays.AddCalendarDays(start, r.Count, from)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Deadline{ID: r.ID, Title: r.Title, Day: due.Day, Statute: r.Statute, Source: r.Source, Confidence: r.Confidence})
	}
	return out, nil
}

// FirstRentIncrease is the earliest day a first rent increase may take
// effect for a tenancy starting on start (the start itself where the law
// sets no wait).
func (n *Nation) FirstRentIncrease(start time.Time) time.Time {
	return start.AddDate(0, n.RentIncrease.FirstNotBeforeMonths, 0)
}
