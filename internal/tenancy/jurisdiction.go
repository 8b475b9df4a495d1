package tenancy

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Jurisdiction is one of the UK's four legal systems for renting.
type Jurisdiction = string

const (
	England  Jurisdiction = "England"
	Wales    Jurisdiction = "Wales"
	Scotland Jurisdiction = "Scotland"

	NorthernIreland Jurisdiction = "Northern Ireland"
)

//go:embed data/jurisdictions.yaml
var jurisdictionsYAML []byte

type jurisdictionData struct {
	Jurisdictions []string            `yaml:"jurisdictions"`
	Areas         map[string][]string `yaml:"areas"`
	Districts     map[string][]string `yaml:"districts"`
	CrossBorder   []struct {
		Countries []string `yaml:"countries"`
		Districts []string `yaml:"districts"`
	} `yaml:"crossBorder"`
}

var (
	jurisdictions   []string
	areaCountry     = map[string]string{}
	districtCountry = map[string]string{}
	crossBorder     = map[string][]string{} // district: the countries it lies in
)

func init() {
	if err := loadJurisdictions(jurisdictionsYAML); err != nil {
		panic("tenancy: " + err.Error())
	}
	caps, err := loadDepositCaps(depositsYAML)
	if err != nil {
		panic("tenancy: " + err.Error())
	}
	depositCaps = caps
}

func loadJurisdictions(raw []byte) error {
	var d jurisdictionData
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		return fmt.Errorf("jurisdictions: %w", err)
	}
	known := map[string]bool{}
	for _, j := range d.Jurisdictions {
		known[j] = true
	}
	if !known[England] {
		return fmt.Errorf("jurisdictions: England is missing")
	}
	for country, areas := range d.Areas {
		if !known[country] {
			return fmt.Errorf("jurisdictions: unknown country %q", country)
		}
		for _, a := range areas {
			if _, dup := areaCountry[a]; dup || !areaRe.MatchString(a) {
				return fmt.Errorf("jurisdictions: bad or repeated area %q", a)
			}
			areaCountry[a] = country
		}
	}
	for country, districts := range d.Districts {
		if !known[country] {
			return fmt.Errorf("jurisdictions: unknown country %q", country)
		}
		for _, o := range districts {
			if !outwardRe.MatchString(o) {
				return fmt.Errorf("jurisdictions: bad district %q", o)
			}
			districtCountry[o] = country
		}
	}
	for _, cb := range d.CrossBorder {
		if len(cb.Countries) < 2 {
			return fmt.Errorf("jurisdictions: a cross-border group needs two countries")
		}
		for _, c := range cb.Countries {
			if !known[c] {
				return fmt.Errorf("jurisdictions: unknown country %q", c)
			}
		}
		for _, o := range cb.Districts {
			if !outwardRe.MatchString(o) || crossBorder[o] != nil {
				return fmt.Errorf("jurisdictions: bad or repeated cross-border district %q", o)
			}
			crossBorder[o] = cb.Countries
		}
	}
	jurisdictions = d.Jurisdictions
	return nil
}

var (
	areaRe    = regexp.MustCompile(`^[A-Z]{1,2}$`)
	outwardRe = regexp.MustCompile(`^([A-Z]{1,2})[0-9][0-9A-Z]?$`)
)

// Jurisdictions lists the four, England first.
func Jurisdictions() []string { return append([]string(nil), jurisdictions...) }

// ValidJurisdiction reports whether j is one of the four.
func ValidJurisdiction(j string) bool {
	for _, k := range jurisdictions {
		if k == j {
			return true
		}
	}
	return false
}

// JurisdictionOf guesses the jurisdiction from a postcode: ask is true when
// the postcode's district straddles a border (or the postcode is unreadable),
// and the landlord must say.
func JurisdictionOf(postcode string) (j Jurisdiction, ask bool) {
	p := strings.ToUpper(strings.Join(strings.Fields(postcode), ""))
	if len(p) < 5 {
		return England, true
	}
	outward := p[:len(p)-3]
	m := outwardRe.FindStringSubmatch(outward)
	if m == nil {
		return England, true
	}
	country, ok := areaCountry[m[1]]
	if !ok { // not a postcode area of the four (the Crown Dependencies)
		return England, true
	}
	if c, ok := districtCountry[outward]; ok {
		country = c
	}
	return country, crossBorder[outward] != nil
}

// JurisdictionChoices are the jurisdictions a landlord may choose for a
// property with this postcode: the one its postcode is in, or, for a
// district that straddles a border, the countries it lies in (all four
// when the postcode cannot be read).
func JurisdictionChoices(postcode string) []Jurisdiction {
	j, ask := JurisdictionOf(postcode)
	if !ask {
		return []Jurisdiction{j}
	}
	if cs := crossBorder[outwardOf(postcode)]; cs != nil {
		return append([]string(nil), cs...)
	}
	return Jurisdictions()
}

// District is a postcode's outward code ("EH1" of "EH1 2NG"), "" when the
// postcode cannot be read.
func District(postcode string) string { return outwardOf(postcode) }

func outwardOf(postcode string) string {
	p := strings.ToUpper(strings.Join(strings.Fields(postcode), ""))
	if len(p) < 5 {
		return ""
	}
	m := outwardRe.FindStringSubmatch(p[:len(p)-3])
	if m == nil || areaCountry[m[1]] == "" {
		return ""
	}
	return p[:len(p)-3]
}

// InEnglandOrWales reports whether an address with this postcode can be in
// England or Wales: its district is in one of them, or straddles a border
// with one of them. An unreadable postcode is not.
func InEnglandOrWales(postcode string) bool {
	if outwardOf(postcode) == "" {
		return false
	}
	for _, j := range JurisdictionChoices(postcode) {
		if j == England || j == Wales {
			return true
		}
	}
	return false
}
