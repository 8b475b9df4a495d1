package repair

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/workdays"
	"github.com/omnirent/omnirent/internal/tenancy"
)

// The two data files of the area, embedded and checked at start-up:
// data/categories.yaml (the guided report: categories, questions, what the
// answers mean, the safety advice) and data/deadlines.yaml (the deadline
// catalogue per nation, REPAIRS.md 3.4).

// Priority is how soon a repair needs doing.
type Priority string

const (
	Emergency Priority = "emergency"
	Urgent    Priority = "urgent"
	Routine   Priority = "routine"
)

// Priorities, most pressing first.
var Priorities = []Priority{Emergency, Urgent, Routine}

func (p Priority) valid() bool { return slices.Contains(Priorities, p) }

// rank orders priorities: emergency is the highest.
func (p Priority) rank() int {
	switch p {
	case Emergency:
		return 3
	case Urgent:
		return 2
	case Routine:
		return 1
	}
	return 0
}

// Hazards are the flags a repair can carry (REPAIRS.md 3.2), the HHSRS's
// hazards as the catalogue's rules name them.
var Hazards = []string{"damp_mould", "gas", "carbon_monoxide", "electrical", "water_ingress", "no_heat", "no_hot_water",
	"security", "fire_alarm", "structural"}

// HazardText is each hazard as people read it.
var HazardText = map[string]string{
	"damp_mould": "Damp or mould", "gas": "Gas", "carbon_monoxide": "Carbon monoxide", "electrical": "Electrical",
	"water_ingress": "Water coming in", "no_heat": "No heating", "no_hot_water": "No hot water", "security": "Security",
	"fire_alarm": "Fire safety", "structural": "Structural",
}

// Option is one answer to a question.
type Option struct {
	ID   string `yaml:"id" json:"id"`
	Text string `yaml:"text" json:"text"`
	// Priority the answer suggests ("" for none).
	Priority Priority `yaml:"priority" json:"priority,omitempty"`
	// IfVulnerable is the priority when someone in the home is vulnerable.
	IfVulnerable Priority `yaml:"ifVulnerable" json:"ifVulnerable,omitempty"`
	Hazards      []string `yaml:"hazards" json:"hazards,omitempty"`
	// Safety names the advice shown before anything else.
	Safety string `yaml:"safety" json:"safety,omitempty"`
}

// Question is one question of a category.
type Question struct {
	ID       string   `yaml:"id" json:"id"`
	Text     string   `yaml:"text" json:"text"`
	Optional bool     `yaml:"optional" json:"optional"`
	Options  []Option `yaml:"options" json:"options"`
}

// Category is one branch of the guided report.
type Category struct {
	ID        string     `yaml:"id" json:"id"`
	Name      string     `yaml:"name" json:"name"`
	Priority  Priority   `yaml:"priority" json:"priority"`
	Hazards   []string   `yaml:"hazards" json:"hazards"`
	Questions []Question `yaml:"questions" json:"questions"`
}

// Line is an emergency telephone line of some nations.
type Line struct {
	Jurisdictions []string `yaml:"jurisdictions" json:"-"`
	Name          string   `yaml:"name" json:"name"`
	Number        string   `yaml:"number" json:"number"`
	Note          string   `yaml:"note" json:"note,omitempty"`
	Source        string   `yaml:"source" json:"source"`
	Confidence    string   `yaml:"confidence" json:"confidence"`
}

// Safety is advice shown before anything else when an answer is an
// emergency. {line} in a step is the nation's emergency line.
type Safety struct {
	ID    string   `yaml:"id"`
	Title string   `yaml:"title"`
	Steps []string `yaml:"steps"`
	Lines []Line   `yaml:"lines"`
}

// Advice is safety advice for one nation: the steps with its line filled in.
type Advice struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Steps []string `json:"steps"`
	Line  *Line    `json:"line"`
}

// Tree is the guided report (data/categories.yaml).
type Tree struct {
	Version    string     `yaml:"version"`
	Rooms      []string   `yaml:"rooms"`
	Safety     []Safety   `yaml:"safety"`
	Categories []Category `yaml:"categories"`
}

// Unit is how a rule counts.
type Unit string

const (
	Hours        Unit = "hours"
	CalendarDays Unit = "calendar-days"
	WorkingDays  Unit = "working-days"
)

// Trigger is the moment a rule counts from.
type Trigger string

const (
	TriggerAware            Trigger = "aware"
	TriggerInvestigated     Trigger = "investigated"
	TriggerSafetyWorkNeeded Trigger = "safety-work-needed"
	TriggerAccessNotice     Trigger = "access-notice"
	TriggerEICRRemedial     Trigger = "eicr-remedial"
)

var triggers = []Trigger{TriggerAware, TriggerInvestigated, TriggerSafetyWorkNeeded, TriggerAccessNotice, TriggerEICRRemedial}

// Condition says which repairs a rule applies to.
type Condition struct {
	Hazards    []string   `yaml:"hazards"`
	Priorities []Priority `yaml:"priorities"`
	Categories []string   `yaml:"categories"`
}

// Rule is one clock of the catalogue (data/deadlines.yaml).
type Rule struct {
	ID            string    `yaml:"id"`
	Jurisdictions []string  `yaml:"jurisdictions"`
	Title         string    `yaml:"title"`
	Action        string    `yaml:"action"`
	Trigger       Trigger   `yaml:"trigger"`
	When          Condition `yaml:"when"`
	Amount        int       `yaml:"amount"`
	Unit          Unit      `yaml:"unit"`
	StartsOn      string    `yaml:"startsOn"`
	Effect        string    `yaml:"effect"`
	Kind          string    `yaml:"kind"`
	MetBy         []Status  `yaml:"metBy"`
	Confidence    string    `yaml:"confidence"`
	Source        string    `yaml:"source"`
	URL           string    `yaml:"url"`
	EffectiveFrom string    `yaml:"effectiveFrom"`
	EffectiveTo   string    `yaml:"effectiveTo"`
}

// Rule kinds and effects.
const (
	Legal  = "legal"
	Target = "target"

	By        = "by"
	NotBefore = "not-before"
)

// Catalogue is the deadline catalogue.
type Catalogue struct {
	Version string `yaml:"version"`
	Rules   []Rule `yaml:"rules"`
}

// Data is the area's checked data and the bank-holiday calendars it counts on.
type Data struct {
	Tree      *Tree
	Catalogue *Catalogue
	Calendars *workdays.Calendars
}

//go:embed data/categories.yaml
var categoriesYAML []byte

//go:embed data/deadlines.yaml
var deadlinesYAML []byte

// LoadData reads and checks both files against each other and the
// bank-holiday calendars (at start-up: a bad file stops the server).
func LoadData() (*Data, error) {
	return parseData(categoriesYAML, deadlinesYAML, workdays.Default())
}

func decodeStrict(b []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	return dec.Decode(v)
}

var (
	idRe   = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	ruleRe = regexp.MustCompile(`^[A-Z]{2,4}(-[A-Z0-9]+)+$`)
)

func parseData(cats, deadlines []byte, cal *workdays.Calendars) (*Data, error) {
	var t Tree
	if err := decodeStrict(cats, &t); err != nil {
		return nil, fmt.Errorf("repair categories: %w", err)
	}
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("repair categories: %w", err)
	}
	var c Catalogue
	if err := decodeStrict(deadlines, &c); err != nil {
		return nil, fmt.Errorf("repair deadlines: %w", err)
	}
	if err := c.check(&t, cal); err != nil {
		return nil, fmt.Errorf("repair deadlines: %w", err)
	}
	return &Data{Tree: &t, Catalogue: &c, Calendars: cal}, nil
}

func validHazards(list []string) bool {
	for _, h := range list {
		if !slices.Contains(Hazards, h) {
			return false
		}
	}
	return true
}

func (t *Tree) check() error {
	if _, err := time.Parse(time.DateOnly, t.Version); err != nil {
		return fmt.Errorf("version %q is not a date", t.Version)
	}
	if len(t.Rooms) == 0 {
		return fmt.Errorf("no rooms")
	}
	safety := map[string]bool{}
	for _, s := range t.Safety {
		if !idRe.MatchString(s.ID) || safety[s.ID] || s.Title == "" || len(s.Steps) == 0 {
			return fmt.Errorf("safety advice %q needs a new id, a title and steps", s.ID)
		}
		safety[s.ID] = true
		usesLine := false
		for _, step := range s.Steps {
			usesLine = usesLine || strings.Contains(step, "{line}")
		}
		if usesLine != (len(s.Lines) > 0) {
			return fmt.Errorf("safety advice %s: a step names {line} exactly when there are lines", s.ID)
		}
		if len(s.Lines) > 0 {
			// Every nation gets exactly one line: a tenant anywhere is told whom to call.
			seen := map[string]bool{}
			for _, l := range s.Lines {
				if l.Name == "" || l.Number == "" || l.Source == "" || !slices.Contains([]string{"H", "M", "L"}, l.Confidence) {
					return fmt.Errorf("safety advice %s: a line needs a name, number, source and confidence", s.ID)
				}
				for _, j := range l.Jurisdictions {
					if !tenancy.ValidJurisdiction(j) || seen[j] {
						return fmt.Errorf("safety advice %s: jurisdiction %q unknown or given two lines", s.ID, j)
					}
					seen[j] = true
				}
			}
			for _, j := range tenancy.Jurisdictions() {
				if !seen[j] {
					return fmt.Errorf("safety advice %s: no line for %s", s.ID, j)
				}
			}
		}
	}
	ids := map[string]bool{}
	for _, c := range t.Categories {
		if !idRe.MatchString(c.ID) || ids[c.ID] || c.Name == "" || !c.Priority.valid() || !validHazards(c.Hazards) {
			return fmt.Errorf("category %q needs a new id, a name, a priority and known hazards", c.ID)
		}
		ids[c.ID] = true
		if len(c.Questions) == 0 {
			return fmt.Errorf("category %s has no questions", c.ID)
		}
		qids := map[string]bool{}
		for _, q := range c.Questions {
			if !idRe.MatchString(q.ID) || qids[q.ID] || q.Text == "" || len(q.Options) < 2 {
				return fmt.Errorf("%s: question %q needs a new id, a text and two options or more", c.ID, q.ID)
			}
			qids[q.ID] = true
			oids := map[string]bool{}
			for _, o := range q.Options {
				switch {
				case !idRe.MatchString(o.ID) || oids[o.ID] || o.Text == "":
					return fmt.Errorf("%s/%s: option %q needs a new id and a text", c.ID, q.ID, o.ID)
				case o.Priority != "" && !o.Priority.valid(), o.IfVulnerable != "" && !o.IfVulnerable.valid():
					return fmt.Errorf("%s/%s/%s: unknown priority", c.ID, q.ID, o.ID)
				case !validHazards(o.Hazards):
					return fmt.Errorf("%s/%s/%s: unknown hazard", c.ID, q.ID, o.ID)
				case o.Safety != "" && !safety[o.Safety]:
					return fmt.Errorf("%s/%s/%s: unknown safety advice %q", c.ID, q.ID, o.ID, o.Safety)
				case o.Safety != "" && o.Priority != Emergency:
					return fmt.Errorf("%s/%s/%s: an answer with safety advice is an emergency", c.ID, q.ID, o.ID)
				}
				oids[o.ID] = true
			}
		}
	}
	return nil
}

func (c *Catalogue) check(t *Tree, cal *workdays.Calendars) error {
	if _, err := time.Parse(time.DateOnly, c.Version); err != nil {
		return fmt.Errorf("version %q is not a date", c.Version)
	}
	for _, j := range tenancy.Jurisdictions() {
		if _, err := cal.For(j); err != nil {
			return fmt.Errorf("no bank-holiday calendar for %s", j)
		}
	}
	ids := map[string]bool{}
	for _, r := range c.Rules {
		switch {
		case !ruleRe.MatchString(r.ID) || ids[r.ID]:
			return fmt.Errorf("rule id %q is missing, repeated or badly formed", r.ID)
		case r.Title == "" || r.Action == "" || r.Source == "" || !strings.HasPrefix(r.URL, "https://"):
			return fmt.Errorf("%s needs a title, an action, a source and an https url", r.ID)
		case len(r.Jurisdictions) == 0:
			return fmt.Errorf("%s: no jurisdiction", r.ID)
		case !slices.Contains(triggers, r.Trigger):
			return fmt.Errorf("%s: unknown trigger %q", r.ID, r.Trigger)
		case r.Amount < 1:
			return fmt.Errorf("%s: the amount must be 1 or more", r.ID)
		case r.Unit != Hours && r.Unit != CalendarDays && r.Unit != WorkingDays:
			return fmt.Errorf("%s: unknown unit %q", r.ID, r.Unit)
		case r.Unit == Hours && r.StartsOn != "", r.Unit != Hours && r.StartsOn != "next-day" && r.StartsOn != "same-day":
			return fmt.Errorf("%s: startsOn is next-day or same-day for days, and not given for hours", r.ID)
		case r.Effect != By && r.Effect != NotBefore:
			return fmt.Errorf("%s: unknown effect %q", r.ID, r.Effect)
		case r.Kind != Legal && r.Kind != Target:
			return fmt.Errorf("%s: kind is legal or target", r.ID)
		case r.Effect == By && len(r.MetBy) == 0, r.Effect == NotBefore && len(r.MetBy) > 0:
			return fmt.Errorf("%s: a deadline to act by names the statuses that meet it (and only such a deadline)", r.ID)
		case !slices.Contains([]string{"H", "M", "L"}, r.Confidence):
			return fmt.Errorf("%s: confidence is H, M or L", r.ID)
		case !validHazards(r.When.Hazards):
			return fmt.Errorf("%s: unknown hazard", r.ID)
		}
		for _, j := range r.Jurisdictions {
			if !tenancy.ValidJurisdiction(j) {
				return fmt.Errorf("%s: unknown jurisdiction %q", r.ID, j)
			}
		}
		for _, s := range r.MetBy {
			if !knownStatus(s) {
				return fmt.Errorf("%s: unknown status %q", r.ID, s)
			}
		}
		for _, p := range r.When.Priorities {
			if !p.valid() {
				return fmt.Errorf("%s: unknown priority %q", r.ID, p)
			}
		}
		for _, cat := range r.When.Categories {
			if t.category(cat) == nil {
				return fmt.Errorf("%s: unknown category %q", r.ID, cat)
			}
		}
		from, err := time.Parse(time.DateOnly, r.EffectiveFrom)
		if err != nil {
			return fmt.Errorf("%s: effectiveFrom %q is not a date", r.ID, r.EffectiveFrom)
		}
		if r.EffectiveTo != "" {
			if to, err := time.Parse(time.DateOnly, r.EffectiveTo); err != nil || !to.After(from) {
				return fmt.Errorf("%s: effectiveTo %q is not a date after effectiveFrom", r.ID, r.EffectiveTo)
			}
		}
		ids[r.ID] = true
	}
	// Every repair has a time to be done by, whatever its nation and priority.
	for _, j := range tenancy.Jurisdictions() {
		for _, p := range Priorities {
			found := false
			for _, r := range c.Rules {
				if r.Trigger == TriggerAware && r.Effect == By && slices.Contains(r.Jurisdictions, j) && len(r.When.Hazards) == 0 &&
					len(r.When.Categories) == 0 && (len(r.When.Priorities) == 0 || slices.Contains(r.When.Priorities, p)) &&
					slices.Contains(r.MetBy, WorkDone) && r.EffectiveTo == "" {
					found = true
				}
			}
			if !found {
				return fmt.Errorf("no rule says when a %s repair in %s is to be done by", p, j)
			}
		}
	}
	return nil
}

func (t *Tree) category(id string) *Category {
	for i := range t.Categories {
		if t.Categories[i].ID == id {
			return &t.Categories[i]
		}
	}
	return nil
}

// AdviceFor is a safety advice for a nation, its line filled in.
func (t *Tree) AdviceFor(id, jurisdiction string) (Advice, bool) {
	for _, s := range t.Safety {
		if s.ID != id {
			continue
		}
		a := Advice{ID: s.ID, Title: s.Title, Steps: make([]string, 0, len(s.Steps))}
		for i, l := range s.Lines {
			if slices.Contains(l.Jurisdictions, jurisdiction) {
				a.Line = &s.Lines[i]
			}
		}
		for _, step := range s.Steps {
			if a.Line != nil {
				step = strings.ReplaceAll(step, "{line}", a.Line.Name+" on "+a.Line.Number)
			}
			a.Steps = append(a.Steps, step)
		}
		if a.Line != nil && a.Line.Note != "" {
			a.Steps = append(a.Steps, a.Line.Note)
		}
		return a, true
	}
	return Advice{}, false
}

// Assessment is what a report's answers mean.
type Assessment struct {
	Priority Priority
	Hazards  []string
	Safety   []string // advice ids, in the order of the questions
}

// Messages of the guided report's answers.
const (
	MsgCategory = "Please choose what the problem is about."
	MsgAnswer   = "Please answer this question."
	MsgUnknown  = "Please choose one of the answers offered."
)

// Assess checks the answers to a category's questions (question id ->
// option id) and says the priority they suggest, the hazards and the
// safety advice. fields names each bad answer ("answers.<question>").
func (t *Tree) Assess(categoryID string, answers map[string]string, vulnerable bool) (Assessment, map[string]string) {
	c := t.category(categoryID)
	if c == nil {
		return Assessment{}, map[string]string{"category": MsgCategory}
	}
	fields := map[string]string{}
	for q := range answers {
		if !slices.ContainsFunc(c.Questions, func(x Question) bool { return x.ID == q }) {
			fields["answers."+q] = MsgUnknown
		}
	}
	a := Assessment{Priority: c.Priority, Hazards: slices.Clone(c.Hazards)}
	suggested := Priority("")
	for _, q := range c.Questions {
		id, ok := answers[q.ID]
		if !ok || id == "" {
			if !q.Optional {
				fields["answers."+q.ID] = MsgAnswer
			}
			continue
		}
		i := slices.IndexFunc(q.Options, func(o Option) bool { return o.ID == id })
		if i < 0 {
			fields["answers."+q.ID] = MsgUnknown
			continue
		}
		o := q.Options[i]
		p := o.Priority
		if vulnerable && o.IfVulnerable != "" {
			p = o.IfVulnerable
		}
		if p.rank() > suggested.rank() {
			suggested = p
		}
		for _, h := range o.Hazards {
			if !slices.Contains(a.Hazards, h) {
				a.Hazards = append(a.Hazards, h)
			}
		}
		if o.Safety != "" && !slices.Contains(a.Safety, o.Safety) {
			a.Safety = append(a.Safety, o.Safety)
		}
	}
	if suggested.rank() > a.Priority.rank() {
		a.Priority = suggested
	}
	if vulnerable && a.Priority == Routine {
		a.Priority = Urgent
	}
	if len(fields) > 0 {
		return Assessment{}, fields
	}
	if a.Hazards == nil {
		a.Hazards = []string{}
	}
	return a, nil
}

// Facts are what the catalogue's conditions read of a repair.
type Facts struct {
	Jurisdiction string
	Category     string
	Priority     Priority
	Hazards      []string
}

func (r Rule) appliesTo(f Facts, trigger Trigger, at time.Time) bool {
	if r.Trigger != trigger || !slices.Contains(r.Jurisdictions, f.Jurisdiction) {
		return false
	}
	day := at.In(clock.UK).Format(time.DateOnly)
	if day < r.EffectiveFrom || (r.EffectiveTo != "" && day >= r.EffectiveTo) {
		return false
	}
	w := r.When
	if len(w.Priorities) > 0 && !slices.Contains(w.Priorities, f.Priority) {
		return false
	}
	if len(w.Categories) > 0 && !slices.Contains(w.Categories, f.Category) {
		return false
	}
	if len(w.Hazards) > 0 && !slices.ContainsFunc(w.Hazards, func(h string) bool { return slices.Contains(f.Hazards, h) }) {
		return false
	}
	return true
}

// Rules are the catalogue's rules that apply to a repair for a trigger
// that happened at the moment at, in the catalogue's order.
func (c *Catalogue) Applicable(f Facts, trigger Trigger, at time.Time) []Rule {
	var out []Rule
	for _, r := range c.Rules {
		if r.appliesTo(f, trigger, at) {
			out = append(out, r)
		}
	}
	return out
}

// Rule is one rule by id.
func (c *Catalogue) Rule(id string) (Rule, bool) {
	for _, r := range c.Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// Due is when a rule's period counted from the moment from ends, on the
// bank holidays of the nation.
func (d *Data) Due(r Rule, jurisdiction string, from time.Time) (workdays.Due, error) {
	start := workdays.NextDay
	if r.StartsOn == "same-day" {
		start = workdays.SameDay
	}
	switch r.Unit {
	case Hours:
		return workdays.AddHours(from, r.Amount)
	case CalendarDays:
		return workdays.AddCalendarDays(from, r.Amount, start)
	}
	cal, err := d.Calendars.For(jurisdiction)
	if err != nil {
		return workdays.Due{}, err
	}
	return cal.AddWorkingDays(from, r.Amount, start)
}
