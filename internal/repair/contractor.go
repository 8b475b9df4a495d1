package repair

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/session"
)

// A landlord's contractors (issue 44, REPAIRS.md 3.5 D11): name, trade,
// phone, e-mail, the registration number the trade needs (data/
// contractors.yaml says which, with its source), and when their insurance
// expires (an expired one is shown as a warning). Only the landlord who
// keeps a contractor sees them.

// Registration is a trade's register and whether the law requires it.
type Registration struct {
	Scheme        string `yaml:"scheme" json:"scheme"`
	Label         string `yaml:"label" json:"label"`
	Pattern       string `yaml:"pattern" json:"-"`
	Required      bool   `yaml:"required" json:"required"`
	Source        string `yaml:"source" json:"source"`
	URL           string `yaml:"url" json:"url"`
	EffectiveFrom string `yaml:"effectiveFrom" json:"effectiveFrom"`
	re            *regexp.Regexp
}

// Trade is a kind of contractor.
type Trade struct {
	ID           string        `yaml:"id" json:"id"`
	Name         string        `yaml:"name" json:"name"`
	Registration *Registration `yaml:"registration" json:"registration"`
}

// ContractorRules are data/contractors.yaml.
type ContractorRules struct {
	Version    string     `yaml:"version"`
	LinkDays   int        `yaml:"linkDays"`
	LinkSource string     `yaml:"linkSource"`
	VisitHours VisitHours `yaml:"visitHours"`
	Trades     []Trade    `yaml:"trades"`
}

// VisitHours are the reasonable hours of a visit (UK wall-clock HH:MM).
type VisitHours struct {
	From   string `yaml:"from"`
	To     string `yaml:"to"`
	Source string `yaml:"source"`
}

//go:embed data/contractors.yaml
var contractorsYAML []byte

// LoadContractorRules reads and checks data/contractors.yaml (at start-up).
func LoadContractorRules() (*ContractorRules, error) { return parseContractorRules(contractorsYAML) }

func parseContractorRules(b []byte) (*ContractorRules, error) {
	var r ContractorRules
	if err := decodeStrict(b, &r); err != nil {
		return nil, fmt.Errorf("repair contractors: %w", err)
	}
	if _, err := time.Parse(time.DateOnly, r.Version); err != nil {
		return nil, fmt.Errorf("repair contractors: version %q is not a date", r.Version)
	}
	if r.LinkDays < 1 || r.LinkDays > 90 || r.LinkSource == "" {
		return nil, errors.New("repair contractors: linkDays (1 to 90) and its linkSource are needed")
	}
	if h := r.VisitHours; !hhmm.MatchString(h.From) || !hhmm.MatchString(h.To) || h.From >= h.To || h.Source == "" {
		return nil, errors.New("repair contractors: visitHours needs from and to (HH:MM, from first) and a source")
	}
	seen := map[string]bool{}
	for i := range r.Trades {
		t := &r.Trades[i]
		if !idRe.MatchString(t.ID) || seen[t.ID] || t.Name == "" {
			return nil, fmt.Errorf("repair contractors: trade %q needs a new id and a name", t.ID)
		}
		seen[t.ID] = true
		if g := t.Registration; g != nil {
			if g.Scheme == "" || g.Label == "" || g.Source == "" || !strings.HasPrefix(g.URL, "https://") {
				return nil, fmt.Errorf("repair contractors: %s's registration needs a scheme, a label, a source and an https url", t.ID)
			}
			if _, err := time.Parse(time.DateOnly, g.EffectiveFrom); err != nil {
				return nil, fmt.Errorf("repair contractors: %s's effectiveFrom %q is not a date", t.ID, g.EffectiveFrom)
			}
			re, err := regexp.Compile(g.Pattern)
			if err != nil || g.Pattern == "" {
				return nil, fmt.Errorf("repair contractors: %s's pattern: %v", t.ID, err)
			}
			g.re = re
		}
	}
	if !seen["gas"] || r.trade("gas").Registration == nil || !r.trade("gas").Registration.Required {
		return nil, errors.New("repair contractors: the gas trade must require its Gas Safe registration")
	}
	return &r, nil
}

func (r *ContractorRules) trade(id string) *Trade {
	for i := range r.Trades {
		if r.Trades[i].ID == id {
			return &r.Trades[i]
		}
	}
	return nil
}

// Limits and messages of the contractors' form.
const (
	MaxContractorName = 120
	MaxPhone          = 30

	MsgContractorNotFound  = "Contractor not found."
	MsgContractorName      = "Please enter the contractor's name (120 characters at most)."
	MsgTrade               = "Please choose the contractor's trade."
	MsgPhone               = "Please enter a UK phone number, such as 07700 900123."
	MsgEmail               = "Please enter the contractor's e-mail address: the job links go there."
	MsgInsurance           = "Please enter the date their insurance expires, or leave it empty."
	MsgRegistrationFormat  = "Please check the %s: it does not look like one."
	MsgRegistrationNeeded  = "A %s needs their %s: the law requires it for this work."
	MsgContractorInUse     = "This contractor has been sent jobs on your repairs, so they stay on your list as a record."
	MsgContractorsLandlord = "Only landlords keep contractors."
)

// Contractor is one of a landlord's contractors.
type Contractor struct {
	ID               string
	LandlordID       string
	Name             string
	Trade            string
	Phone            string
	Email            string
	Registration     string
	InsuranceExpires string // YYYY-MM-DD or ""
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// ContractorInput is the contractor form.
type ContractorInput struct {
	Name             string `json:"name"`
	Trade            string `json:"trade"`
	Phone            string `json:"phone"`
	Email            string `json:"email"`
	Registration     string `json:"registration"`
	InsuranceExpires string `json:"insuranceExpires"`
}

// ContractorView is a contractor on the landlord's list.
type ContractorView struct {
	ID                string    `json:"id"`
	Name              string    `json:"name"`
	Trade             string    `json:"trade"`
	TradeName         string    `json:"tradeName"`
	Phone             string    `json:"phone"`
	Email             string    `json:"email"`
	Registration      string    `json:"registration"`
	RegistrationLabel string    `json:"registrationLabel"`
	InsuranceExpires  string    `json:"insuranceExpires"`
	InsuranceText     string    `json:"insuranceText"`
	InsuranceExpired  bool      `json:"insuranceExpired"`
	Warnings          []string  `json:"warnings"`
	UpdatedAt         time.Time `json:"updatedAt"`
}

// ContractorList is the landlord's contractors and the trades to choose from.
type ContractorList struct {
	Contractors []ContractorView `json:"contractors"`
	Trades      []Trade          `json:"trades"`
}

var hhmm = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

var ukPhone = regexp.MustCompile(`^(\+44|0)[0-9]{9,10}$`)

// cleanPhone keeps a phone number's digits (and a leading +).
func cleanPhone(s string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		if (r >= '0' && r <= '9') || (r == '+' && i == 0) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func ukDay(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format("Mon 2 Jan 2006")
}

func (s *Service) contractorView(c Contractor) ContractorView {
	v := ContractorView{ID: c.ID, Name: c.Name, Trade: c.Trade, Phone: c.Phone, Email: c.Email, Registration: c.Registration,
		InsuranceExpires: c.InsuranceExpires, Warnings: []string{}, UpdatedAt: c.UpdatedAt}
	if t := s.x.rules.trade(c.Trade); t != nil {
		v.TradeName = t.Name
		if t.Registration != nil {
			v.RegistrationLabel = t.Registration.Label
			if c.Registration == "" && t.Registration.Required {
				v.Warnings = append(v.Warnings, fmt.Sprintf("No %s is recorded.", t.Registration.Label))
			}
		}
	}
	today := s.now().In(clock.UK).Format(time.DateOnly)
	switch {
	case c.InsuranceExpires == "":
		v.InsuranceText = "Not recorded"
	case c.InsuranceExpires < today:
		v.InsuranceExpired = true
		v.InsuranceText = "Expired on " + ukDay(c.InsuranceExpires)
		v.Warnings = append(v.Warnings, "Their insurance expired on "+ukDay(c.InsuranceExpires)+". Ask for a current certificate before sending them a job.")
	default:
		v.InsuranceText = "Until " + ukDay(c.InsuranceExpires)
	}
	return v
}

// checkContractor cleans and checks the form.
func (s *Service) checkContractor(in ContractorInput) (Contractor, error) {
	fields := map[string]string{}
	c := Contractor{Name: strings.Join(strings.Fields(in.Name), " "), Trade: strings.TrimSpace(in.Trade), Phone: cleanPhone(in.Phone),
		Email: strings.ToLower(strings.TrimSpace(in.Email)), Registration: strings.TrimSpace(in.Registration),
		InsuranceExpires: strings.TrimSpace(in.InsuranceExpires)}
	if c.Name == "" || runes(c.Name) > MaxContractorName {
		fields["name"] = MsgContractorName
	}
	t := s.x.rules.trade(c.Trade)
	if t == nil {
		fields["trade"] = MsgTrade
	}
	if !ukPhone.MatchString(c.Phone) {
		fields["phone"] = MsgPhone
	}
	if a, err := mail.ParseAddress(c.Email); err != nil || a.Address != c.Email || len(c.Email) > 254 {
		fields["email"] = MsgEmail
	}
	if c.InsuranceExpires != "" && !dates.InRange(c.InsuranceExpires) {
		fields["insuranceExpires"] = MsgInsurance
	}
	if t != nil {
		g := t.Registration
		switch {
		case g == nil:
			c.Registration = "" // the trade has no register: nothing to keep
		case c.Registration == "" && g.Required:
			fields["registration"] = fmt.Sprintf(MsgRegistrationNeeded, strings.ToLower(t.Name), g.Label)
		case c.Registration != "" && !g.re.MatchString(c.Registration):
			fields["registration"] = fmt.Sprintf(MsgRegistrationFormat, g.Label)
		}
	}
	if len(fields) > 0 {
		return Contractor{}, apperr.Fields(firstMessage(fields), fields)
	}
	return c, nil
}

// Contractors are the landlord's contractors, by name, and the trades.
func (s *Service) Contractors(ctx context.Context, a session.Actor) (ContractorList, error) {
	if err := a.RequireLandlord(MsgContractorsLandlord); err != nil {
		return ContractorList{}, err
	}
	list, err := contractorsOf(ctx, s.d.DB.Conn(), a.UserID)
	if err != nil {
		return ContractorList{}, err
	}
	out := ContractorList{Contractors: make([]ContractorView, 0, len(list)), Trades: s.x.rules.Trades}
	for _, c := range list {
		out.Contractors = append(out.Contractors, s.contractorView(c))
	}
	return out, nil
}

// AddContractor keeps a new contractor.
func (s *Service) AddContractor(ctx context.Context, a session.Actor, in ContractorInput) (ContractorView, error) {
	if err := a.RequireLandlord(MsgContractorsLandlord); err != nil {
		return ContractorView{}, err
	}
	c, err := s.checkContractor(in)
	if err != nil {
		return ContractorView{}, err
	}
	now := s.now()
	c.ID, c.LandlordID, c.CreatedAt, c.UpdatedAt = uuid.NewString(), a.UserID, now, now
	if err := insertContractor(ctx, s.d.DB.Conn(), c); err != nil {
		return ContractorView{}, err
	}
	return s.contractorView(c), nil
}

// UpdateContractor changes one of the landlord's contractors (jobs already
// sent keep the details they were sent with).
func (s *Service) UpdateContractor(ctx context.Context, a session.Actor, id string, in ContractorInput) (ContractorView, error) {
	if err := a.RequireLandlord(MsgContractorsLandlord); err != nil {
		return ContractorView{}, err
	}
	cur, err := contractorByID(ctx, s.d.DB.Conn(), a.UserID, id)
	if err != nil {
		return ContractorView{}, err
	}
	c, err := s.checkContractor(in)
	if err != nil {
		return ContractorView{}, err
	}
	c.ID, c.LandlordID, c.CreatedAt, c.UpdatedAt = cur.ID, cur.LandlordID, cur.CreatedAt, s.now()
	if err := updateContractor(ctx, s.d.DB.Conn(), c); err != nil {
		return ContractorView{}, err
	}
	return s.contractorView(c), nil
}

// DeleteContractor removes a contractor never sent a job.
func (s *Service) DeleteContractor(ctx context.Context, a session.Actor, id string) error {
	if err := a.RequireLandlord(MsgContractorsLandlord); err != nil {
		return err
	}
	if _, err := contractorByID(ctx, s.d.DB.Conn(), a.UserID, id); err != nil {
		return err
	}
	n, err := jobsOfContractor(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return err
	}
	if n > 0 {
		return apperr.New(apperr.Conflict, "contractor_in_use", MsgContractorInUse)
	}
	return deleteContractor(ctx, s.d.DB.Conn(), a.UserID, id)
}
