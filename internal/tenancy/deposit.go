package tenancy

import (
	_ "embed"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/platform/money"
)

// The caps on a security deposit, by jurisdiction (data/deposits.yaml).

//go:embed data/deposits.yaml
var depositsYAML []byte

// depositCap is one jurisdiction's cap, as data/deposits.yaml gives it.
type depositCap struct {
	Jurisdiction         string `yaml:"jurisdiction"`
	Weeks                int    `yaml:"weeks"`
	HigherWeeks          int    `yaml:"higherWeeks"`
	HigherFromYearlyRent int64  `yaml:"higherFromYearlyRentPence"`
	Months               int    `yaml:"months"`
	DaysWhenNotMonthly   int64  `yaml:"daysWhenNotMonthly"`
	Law                  string `yaml:"law"`
	Statute              string `yaml:"statute"`
	Source               string `yaml:"source"`
	EffectiveFrom        string `yaml:"effectiveFrom"`
}

// depositCaps is loaded after the jurisdictions it names (jurisdiction.go's
// init).
var depositCaps map[Jurisdiction]depositCap

func loadDepositCaps(raw []byte) (map[Jurisdiction]depositCap, error) {
	var d struct {
		ReviewedOn string       `yaml:"reviewedOn"`
		Caps       []depositCap `yaml:"caps"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("deposits: %w", err)
	}
	if _, err := time.Parse(time.DateOnly, d.ReviewedOn); err != nil {
		return nil, fmt.Errorf("deposits: reviewedOn: %w", err)
	}
	out := map[Jurisdiction]depositCap{}
	for _, c := range d.Caps {
		switch {
		case !knownJurisdiction(c.Jurisdiction):
			return nil, fmt.Errorf("deposits: unknown jurisdiction %q", c.Jurisdiction)
		case out[c.Jurisdiction].Jurisdiction != "":
			return nil, fmt.Errorf("deposits: %s twice", c.Jurisdiction)
		case (c.Weeks > 0) == (c.Months > 0):
			return nil, fmt.Errorf("deposits: %s: give weeks or months, not both", c.Jurisdiction)
		case (c.HigherWeeks > 0) != (c.HigherFromYearlyRent > 0) || (c.HigherWeeks > 0 && (c.Weeks == 0 || c.HigherWeeks <= c.Weeks)):
			return nil, fmt.Errorf("deposits: %s: higherWeeks needs weeks, more of them, and higherFromYearlyRentPence", c.Jurisdiction)
		case c.DaysWhenNotMonthly < 0 || c.DaysWhenNotMonthly > 31 || (c.DaysWhenNotMonthly > 0 && c.Months == 0):
			return nil, fmt.Errorf("deposits: %s: daysWhenNotMonthly goes with months, at most 31", c.Jurisdiction)
		case c.Law == "" || c.Statute == "" || !strings.HasPrefix(c.Source, "https://"):
			return nil, fmt.Errorf("deposits: %s: law, statute and an https source are needed", c.Jurisdiction)
		}
		if _, err := time.Parse(time.DateOnly, c.EffectiveFrom); err != nil {
			return nil, fmt.Errorf("deposits: %s: effectiveFrom: %w", c.Jurisdiction, err)
		}
		out[c.Jurisdiction] = c
	}
	if out[England].Weeks == 0 {
		return nil, fmt.Errorf("deposits: England's cap, in weeks, is missing")
	}
	return out, nil
}

func knownJurisdiction(j string) bool {
	for _, k := range jurisdictions {
		if k == j {
			return true
		}
	}
	return false
}

// DepositLimit is the most a landlord may take as a security deposit for a
// home in j let at rentPence a month (or a week, when weekly), with the
// message refusing more ("The deposit can be at most 5 weeks' rent
// (£1,153.84) under the Tenant Fees Act 2019."). ok is false where the law
// sets no cap (Wales) or there is no rent to measure it by.
func DepositLimit(j Jurisdiction, rentPence int64, weekly bool) (capPence int64, msg string, ok bool) {
	c, found := depositCaps[j]
	if !found || rentPence <= 0 {
		return 0, "", false
	}
	var amount string
	switch {
	case c.Weeks > 0:
		yearly := rentPence * 12
		if weekly {
			yearly = rentPence * 52
		}
		weeks := c.Weeks
		if c.HigherWeeks > 0 && yearly >= c.HigherFromYearlyRent {
			weeks = c.HigherWeeks
		}
		capPence, amount = yearly*int64(weeks)/52, plural(weeks, "week")
	case !weekly:
		capPence, amount = rentPence*int64(c.Months), plural(c.Months, "month")
	case c.DaysWhenNotMonthly > 0:
		capPence, amount = rentPence*c.DaysWhenNotMonthly*int64(c.Months)/7, plural(c.Months, "month")
	default:
		capPence, amount = rentPence*52*int64(c.Months)/12, plural(c.Months, "month")
	}
	return capPence, fmt.Sprintf("The deposit can be at most %s rent (%s) under %s.", amount, money.Format(capPence), c.Law), true
}

// plural is "5 weeks'" or "1 month's".
func plural(n int, unit string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s's", unit)
	}
	return fmt.Sprintf("%d %ss'", n, unit)
}

// DepositCapPence is the Tenant Fees Act 2019 cap on a security deposit in
// England: five weeks' rent, or six when the annual rent is £50,000 or more
// (../shared/LAW.md). rent is monthly.
func DepositCapPence(monthlyRentPence int64) (capPence int64, weeks int) {
	return DepositCapAnnual(monthlyRentPence * 12)
}

// DepositCapAnnual is England's cap measured from the annual rent (for a
// weekly rent, 52 weeks of it).
func DepositCapAnnual(annual int64) (capPence int64, weeks int) {
	c := depositCaps[England]
	weeks = c.Weeks
	if c.HigherWeeks > 0 && annual >= c.HigherFromYearlyRent {
		weeks = c.HigherWeeks
	}
	return annual * int64(weeks) / 52, weeks
}

// DepositWarning is the warning for a deposit over the cap, or "" when it
// is within it (or there is no rent to measure it by).
func DepositWarning(monthlyRentPence, depositPence int64) string {
	return DepositWarningAnnual(monthlyRentPence*12, depositPence)
}

// DepositWarningIn is DepositWarning for a home in j (a monthly rent): the
// cap of its law, or "" where the law sets none.
func DepositWarningIn(j Jurisdiction, monthlyRentPence, depositPence int64) string {
	if j == England {
		return DepositWarning(monthlyRentPence, depositPence)
	}
	capPence, _, ok := DepositLimit(j, monthlyRentPence, false)
	if !ok || depositPence <= capPence {
		return ""
	}
	c := depositCaps[j]
	return fmt.Sprintf("This deposit is more than the legal cap of %s (%s rent) under %s. In %s a landlord may not take more.",
		money.Format(capPence), plural(c.Months, "month"), c.Law, j)
}

// DepositWarningAnnual is DepositWarning measured from the annual rent.
func DepositWarningAnnual(annualRentPence, depositPence int64) string {
	capPence, weeks := DepositCapAnnual(annualRentPence)
	if annualRentPence <= 0 || depositPence <= capPence {
		return ""
	}
	return fmt.Sprintf("This deposit is more than the legal cap of %s (%d weeks' rent) under the Tenant Fees Act 2019. "+
		"In England a landlord may not take more.", money.Format(capPence), weeks)
}
