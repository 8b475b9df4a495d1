package notices

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

//go:embed data/notices.yaml
var noticesYAML []byte

// IncreaseRule is how a landlord may raise the rent in one nation
// (data/notices.yaml).
type IncreaseRule struct {
	Jurisdiction    string `yaml:"jurisdiction"`
	NoticeMonths    int    `yaml:"noticeMonths"`
	WeeksAfterStart int    `yaml:"weeksAfterStart"`
	WeeksBetween    int    `yaml:"weeksBetween"`
	PeriodStart     bool   `yaml:"periodStart"`
	Form            string `yaml:"form"`
	FormURL         string `yaml:"formUrl"`
	Challenge       string `yaml:"challenge"`
	ChallengeURL    string `yaml:"challengeUrl"`
	Statute         string `yaml:"statute"`
	Source          string `yaml:"source"`
	Confidence      string `yaml:"confidence"`
	EffectiveFrom   string `yaml:"effectiveFrom"`
	EffectiveTo     string `yaml:"effectiveTo"`
}

// QuitRule is how a tenant ends a periodic tenancy in one nation.
type QuitRule struct {
	Jurisdiction    string `yaml:"jurisdiction"`
	Months          int    `yaml:"months"`
	EndsAtPeriodEnd bool   `yaml:"endsAtPeriodEnd"`
	Statute         string `yaml:"statute"`
	Source          string `yaml:"source"`
	Confidence      string `yaml:"confidence"`
	EffectiveFrom   string `yaml:"effectiveFrom"`
	EffectiveTo     string `yaml:"effectiveTo"`
}

// Possession is what the product says to a landlord about ending a tenancy.
type Possession struct {
	Jurisdiction string `yaml:"jurisdiction"`
	Text         string `yaml:"text"`
	URL          string `yaml:"url"`
	Source       string `yaml:"source"`
}

// ServiceMethod is a way of serving a notice, and the days added before it
// counts as served.
type ServiceMethod struct {
	Method     string `yaml:"method"`
	Name       string `yaml:"name"`
	DeemedDays int    `yaml:"deemedDays"`
}

// NotHandled says what applies in a nation the product does not yet serve.
type NotHandled struct {
	Jurisdiction string `yaml:"jurisdiction"`
	Text         string `yaml:"text"`
	URL          string `yaml:"url"`
}

// Rules are the area's data, checked.
type Rules struct {
	ReviewedOn     string          `yaml:"reviewedOn"`
	RentIncreases  []IncreaseRule  `yaml:"rentIncreases"`
	TenantNotices  []QuitRule      `yaml:"tenantNotices"`
	Possession     []Possession    `yaml:"possession"`
	Service        []ServiceMethod `yaml:"service"`
	NotHandledList []NotHandled    `yaml:"notHandled"`
}

// LoadRules reads and checks the embedded rules (at start-up).
func LoadRules() (*Rules, error) { return parseRules(noticesYAML) }

var nations = map[string]bool{"England": true, "Wales": true, "Scotland": true, "Northern Ireland": true}

func day(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// span checks an entry's effective dates.
func span(what, from, to string) error {
	f, ok := day(from)
	if !ok {
		return fmt.Errorf("%s: effectiveFrom %q is not a date", what, from)
	}
	if to != "" {
		t, ok := day(to)
		if !ok || !t.After(f) {
			return fmt.Errorf("%s: effectiveTo %q is not a date after effectiveFrom", what, to)
		}
	}
	return nil
}

func https(u string) bool { return strings.HasPrefix(u, "https://") }

func parseRules(b []byte) (*Rules, error) {
	var r Rules
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("notices: %w", err)
	}
	if _, ok := day(r.ReviewedOn); !ok {
		return nil, fmt.Errorf("notices: reviewedOn %q is not a date", r.ReviewedOn)
	}
	for _, x := range r.RentIncreases {
		what := "notices: rent increase " + x.Jurisdiction
		switch {
		case !nations[x.Jurisdiction]:
			return nil, fmt.Errorf("%s: unknown jurisdiction", what)
		case x.NoticeMonths < 1 || x.WeeksAfterStart < 0 || x.WeeksBetween < 0:
			return nil, fmt.Errorf("%s: noticeMonths must be at least 1, the weeks not negative", what)
		case x.Form == "" || !https(x.FormURL) || x.Challenge == "" || !https(x.ChallengeURL):
			return nil, fmt.Errorf("%s: the form, the challenge and their https links are needed", what)
		case x.Statute == "" || !https(x.Source) || x.Confidence == "":
			return nil, fmt.Errorf("%s: statute, https source and confidence are needed", what)
		}
		if err := span(what, x.EffectiveFrom, x.EffectiveTo); err != nil {
			return nil, err
		}
	}
	for _, x := range r.TenantNotices {
		what := "notices: tenant's notice " + x.Jurisdiction
		switch {
		case !nations[x.Jurisdiction]:
			return nil, fmt.Errorf("%s: unknown jurisdiction", what)
		case x.Months < 1:
			return nil, fmt.Errorf("%s: months must be at least 1", what)
		case x.Statute == "" || !https(x.Source) || x.Confidence == "":
			return nil, fmt.Errorf("%s: statute, https source and confidence are needed", what)
		}
		if err := span(what, x.EffectiveFrom, x.EffectiveTo); err != nil {
			return nil, err
		}
	}
	for _, x := range r.Possession {
		if !nations[x.Jurisdiction] || x.Text == "" || !https(x.URL) || x.Source == "" {
			return nil, fmt.Errorf("notices: possession %q: jurisdiction, text, https url and source are needed", x.Jurisdiction)
		}
	}
	seen := map[string]bool{}
	for _, m := range r.Service {
		if m.Method == "" || m.Name == "" || m.DeemedDays < 0 || seen[m.Method] {
			return nil, fmt.Errorf("notices: service method %q: a method once, a name and days not negative", m.Method)
		}
		seen[m.Method] = true
	}
	for _, x := range r.NotHandledList {
		if !nations[x.Jurisdiction] || x.Text == "" || !https(x.URL) {
			return nil, fmt.Errorf("notices: notHandled %q: jurisdiction, text and https url are needed", x.Jurisdiction)
		}
	}
	if r.increaseRule("England", time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)) == nil ||
		r.quitRule("England", time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)) == nil {
		return nil, fmt.Errorf("notices: England's rules from 1 May 2026 are missing")
	}
	return &r, nil
}

func inForce(from, to string, on time.Time) bool {
	d := on.Format(time.DateOnly)
	return d >= from && (to == "" || d < to)
}

// increaseRule is the rule for a nation on a day, nil where none is held.
func (r *Rules) increaseRule(j string, on time.Time) *IncreaseRule {
	for i := range r.RentIncreases {
		x := &r.RentIncreases[i]
		if x.Jurisdiction == j && inForce(x.EffectiveFrom, x.EffectiveTo, on) {
			return x
		}
	}
	return nil
}

// quitRule is the tenant's-notice rule for a nation on a day.
func (r *Rules) quitRule(j string, on time.Time) *QuitRule {
	for i := range r.TenantNotices {
		x := &r.TenantNotices[i]
		if x.Jurisdiction == j && inForce(x.EffectiveFrom, x.EffectiveTo, on) {
			return x
		}
	}
	return nil
}

func (r *Rules) possession(j string) *Possession {
	for i := range r.Possession {
		if r.Possession[i].Jurisdiction == j {
			return &r.Possession[i]
		}
	}
	return nil
}

func (r *Rules) method(m string) *ServiceMethod {
	for i := range r.Service {
		if r.Service[i].Method == m {
			return &r.Service[i]
		}
	}
	return nil
}

// notHandled is what the product says for a nation it does not serve yet.
func (r *Rules) notHandled(j string) NotHandled {
	for _, x := range r.NotHandledList {
		if x.Jurisdiction == j {
			return x
		}
	}
	return NotHandled{Jurisdiction: j, Text: "OmniRent prepares these notices for homes in England only."}
}
