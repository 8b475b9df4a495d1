package documents

import (
	_ "embed"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

//go:embed data/certificate-types.yaml
var typesYAML []byte

// Type ids.
const (
	GasSafety  = "gas-safety"
	EICR       = "eicr"
	EPC        = "epc"
	HMOLicence = "hmo-licence"
	Other      = "other"
)

// When a type is required for a property to be let.
const (
	RequiredAlways = "always"
	RequiredGas    = "gas"
	RequiredNever  = "never"
	// TenantCopyDeposit marks the papers a tenant who paid a deposit must be
	// given (the deposit protection certificate, the prescribed information).
	TenantCopyDeposit = "deposit"
)

// CertType is one certificate type as data/certificate-types.yaml gives it.
type CertType struct {
	ID         string `yaml:"id" json:"id"`
	Name       string `yaml:"name" json:"name"`
	ShortName  string `yaml:"shortName" json:"shortName"`
	SpecName   string `yaml:"specName" json:"specName"`
	CertTypeNo int    `yaml:"certType" json:"certType"`
	TermMonths int    `yaml:"termMonths" json:"termMonths"`
	TermFixed  bool   `yaml:"termFixed" json:"termFixed"`
	// EarlyCheckMonths: a check made this many months before the last one
	// ran out keeps its date, so the new one may run term + these months
	// from the check (gas safety since 2018); EarlyCheckSource says where.
	EarlyCheckMonths int      `yaml:"earlyCheckMonths" json:"earlyCheckMonths"`
	EarlyCheckSource string   `yaml:"earlyCheckSource" json:"earlyCheckSource,omitempty"`
	RequiredWhen     string   `yaml:"requiredWhen" json:"requiredWhen"`
	TenantCopy       string   `yaml:"tenantCopy" json:"tenantCopy"`
	Bookable         bool     `yaml:"bookable" json:"bookable"`
	NeedsName        bool     `yaml:"needsName" json:"needsName"`
	Ratings          []string `yaml:"ratings" json:"ratings"`
	MinRating        string   `yaml:"minRating" json:"minRating"`
	Source           string   `yaml:"source" json:"source"`
	Checked          string   `yaml:"checked" json:"checked"`
	Help             string   `yaml:"help" json:"help"`
}

// Required reports whether a published property needs the type.
func (t CertType) Required(hasGas bool) bool {
	return t.RequiredWhen == RequiredAlways || (t.RequiredWhen == RequiredGas && hasGas)
}

// RatingTooLow reports whether an EPC rating is below the type's minimum
// (F or G when E is needed to let).
func (t CertType) RatingTooLow(rating string) bool {
	return t.MinRating != "" && rating != "" && rating > t.MinRating
}

// Types is the loaded catalogue of certificate types, in the file's order.
type Types struct {
	Reviewed string     `yaml:"reviewed"`
	List     []CertType `yaml:"types"`
	byID     map[string]CertType
}

// Get is a type by id.
func (ts *Types) Get(id string) (CertType, bool) {
	t, ok := ts.byID[id]
	return t, ok
}

// LoadTypes reads and checks the embedded certificate types.
func LoadTypes() (*Types, error) { return parseTypes(typesYAML) }

func parseTypes(raw []byte) (*Types, error) {
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	var ts Types
	if err := dec.Decode(&ts); err != nil {
		return nil, fmt.Errorf("certificate types: %w", err)
	}
	if _, err := time.Parse(time.DateOnly, ts.Reviewed); err != nil {
		return nil, fmt.Errorf("certificate types: reviewed must be a date: %w", err)
	}
	ts.byID = map[string]CertType{}
	for _, t := range ts.List {
		if t.ID == "" || t.Name == "" {
			return nil, fmt.Errorf("certificate types: a type needs an id and a name")
		}
		if _, dup := ts.byID[t.ID]; dup {
			return nil, fmt.Errorf("certificate types: %s listed twice", t.ID)
		}
		if t.TermMonths < 0 || t.TermMonths > 240 {
			return nil, fmt.Errorf("certificate types: %s: term of %d months", t.ID, t.TermMonths)
		}
		if t.RequiredWhen != RequiredAlways && t.RequiredWhen != RequiredGas && t.RequiredWhen != RequiredNever {
			return nil, fmt.Errorf("certificate types: %s: requiredWhen %q", t.ID, t.RequiredWhen)
		}
		if t.RequiredWhen != RequiredNever && (t.Source == "" || t.TermMonths == 0) {
			return nil, fmt.Errorf("certificate types: %s is required, so it needs its legal source and term", t.ID)
		}
		if t.TermFixed && (t.Source == "" || t.TermMonths == 0) {
			return nil, fmt.Errorf("certificate types: %s has a term fixed by law, so it needs its legal source and term", t.ID)
		}
		if t.EarlyCheckMonths < 0 || t.EarlyCheckMonths > 0 && (!t.TermFixed || !strings.HasPrefix(t.EarlyCheckSource, "https://")) {
			return nil, fmt.Errorf("certificate types: %s: earlyCheckMonths needs a fixed term and its https source", t.ID)
		}
		if _, err := time.Parse(time.DateOnly, t.Checked); err != nil {
			return nil, fmt.Errorf("certificate types: %s: checked must be a date", t.ID)
		}
		if t.TenantCopy != "" && t.TenantCopy != TenantCopyDeposit {
			return nil, fmt.Errorf("certificate types: %s: tenantCopy %q", t.ID, t.TenantCopy)
		}
		if (t.MinRating == "") != (len(t.Ratings) == 0) {
			return nil, fmt.Errorf("certificate types: %s: ratings and minRating go together", t.ID)
		}
		if t.Ratings == nil {
			t.Ratings = []string{}
		}
		ts.byID[t.ID] = t
	}
	for i := range ts.List {
		ts.List[i] = ts.byID[ts.List[i].ID]
	}
	for _, id := range []string{GasSafety, EICR, EPC, HMOLicence, Other} {
		if _, ok := ts.byID[id]; !ok {
			return nil, fmt.Errorf("certificate types: %s is missing", id)
		}
	}
	if !ts.byID[Other].NeedsName {
		return nil, fmt.Errorf("certificate types: other must need a name")
	}
	return &ts, nil
}

// kindOfReport maps an inventory report's document kind to a type id (and
// the name for other).
// ReportExpiryLimit is, for a certificate of this kind recorded in an
// inventory report and seen on seenOn (so issued that day at the latest),
// the latest expiry the law allows and the message saying so ("" when the
// law fixes no term for the kind): inventory.CertificateTerms.
func (ts *Types) ReportExpiryLimit(kind, seenOn string) (latest, msg string) {
	typ, _ := kindOfReport(kind)
	t, ok := ts.Get(typ)
	if !ok {
		return "", ""
	}
	return t.LatestExpiry(seenOn), t.TermMessage(seenOn)
}

func kindOfReport(kind string) (typeID, name string) {
	switch strings.ToLower(strings.TrimSpace(kind)) {
	case "gas safety certificate", "gas safety check", "cp12":
		return GasSafety, ""
	case "eicr", "electrical installation condition report":
		return EICR, ""
	case "epc", "energy performance certificate":
		return EPC, ""
	case "hmo license", "hmo licence":
		return HMOLicence, ""
	}
	return Other, strings.TrimSpace(kind)
}

// AddMonths is date plus months, the day kept or, past the month's end,
// the month's last day (29 February plus 12 months is 28 February).
func AddMonths(d time.Time, months int) time.Time {
	y, m, day := d.Date()
	first := time.Date(y, m+time.Month(months), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(day, last), 0, 0, 0, 0, time.UTC)
}

// DefaultExpiry is the expiry computed from the issue date and the type's
// term, or "" when the type has no term.
func (t CertType) DefaultExpiry(issuedOn string) string {
	d, err := time.Parse(time.DateOnly, issuedOn)
	if err != nil || t.TermMonths == 0 {
		return ""
	}
	return AddMonths(d, t.TermMonths).Format(time.DateOnly)
}

// LatestExpiry is the latest expiry the law allows a certificate of the
// type issued on issuedOn: the issue date plus the term when the law fixes
// the term (termFixed, with its source in the catalogue), and the months a
// check made early keeps (earlyCheckMonths); "" when there is
// no such limit (the term is not fixed, or the issue date is not a date).
// A certificate may say it expires sooner (an EICR that asks for an earlier
// inspection), never later.
func (t CertType) LatestExpiry(issuedOn string) string {
	d, err := time.Parse(time.DateOnly, issuedOn)
	if !t.TermFixed || err != nil {
		return ""
	}
	return AddMonths(d, t.TermMonths+t.EarlyCheckMonths).Format(time.DateOnly)
}

// EffectiveExpiry is the expiry a certificate of the type really has: the
// recorded one, or the latest the law allows when that is earlier (a
// record kept from before the limit was checked, with an impossible
// expiry, is not shown as valid for longer than the law allows).
func (t CertType) EffectiveExpiry(issuedOn, expiresOn string) string {
	if latest := t.LatestExpiry(issuedOn); latest != "" && expiresOn > latest {
		return latest
	}
	return expiresOn
}

// TermMessage says how long the type lasts and the latest expiry of one
// issued on issuedOn: "A Gas Safety Certificate lasts 12 months: it
// expires by 10 January 2027."
func (t CertType) TermMessage(issuedOn string) string {
	d, err := time.Parse(time.DateOnly, t.LatestExpiry(issuedOn))
	if err != nil {
		return ""
	}
	article := "A"
	if t.Name != "" && strings.ContainsRune("AEIOUaeiou", rune(t.Name[0])) {
		article = "An"
	}
	if t.EarlyCheckMonths > 0 {
		return fmt.Sprintf(MsgExpiryTermEarly, article, t.Name, termWords(t.TermMonths), termWords(t.TermMonths+t.EarlyCheckMonths),
			termWords(t.EarlyCheckMonths), d.Format(LongDate))
	}
	return fmt.Sprintf(MsgExpiryTerm, article, t.Name, termWords(t.TermMonths), d.Format(LongDate))
}

// termWords is a term as people say it: 12 months, 5 years, 18 months.
func termWords(months int) string {
	switch {
	case months == 1:
		return "1 month"
	case months > 12 && months%12 == 0:
		return fmt.Sprintf("%d years", months/12)
	}
	return fmt.Sprintf("%d months", months)
}
