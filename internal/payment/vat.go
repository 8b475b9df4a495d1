package payment

import (
	_ "embed"
	"fmt"
	"math/bits"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// Every price the platform sells at includes VAT at the UK standard rate;
// a receipt shows how much of each line is VAT. The rate is the one in
// force on the date of supply, from data/vat-rates.yaml (its source and
// dates are in the file), loaded and checked at start-up.

//go:embed data/vat-rates.yaml
var vatRatesYAML []byte

// VATRate is a rate of VAT in basis points (hundredths of a percent:
// 2000 is 20%), from a day on.
type VATRate struct {
	From        time.Time // the first day (UK) it applies
	BasisPoints int64
}

// Label is the rate as a receipt shows it: "20%", "17.5%".
func (r VATRate) Label() string {
	whole, frac := r.BasisPoints/100, r.BasisPoints%100
	if frac == 0 {
		return fmt.Sprintf("%d%%", whole)
	}
	return strings.TrimRight(fmt.Sprintf("%d.%02d", whole, frac), "0") + "%"
}

var vatRates []VATRate

func init() {
	rates, err := loadVATRates(vatRatesYAML)
	if err != nil {
		panic("payment: " + err.Error())
	}
	vatRates = rates
}

var percentRe = regexp.MustCompile(`^(\d{1,2})(?:\.(\d{1,2}))?$`)

// loadVATRates reads and checks the rates file: known fields only, a
// source, at least one rate, dates in order, each rate under 100%.
func loadVATRates(raw []byte) ([]VATRate, error) {
	var f struct {
		Reviewed string `yaml:"reviewed"`
		Source   string `yaml:"source"`
		Standard []struct {
			From    string `yaml:"from"`
			Percent string `yaml:"percent"`
		} `yaml:"standard"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("vat rates: %w", err)
	}
	if !strings.HasPrefix(f.Source, "https://") {
		return nil, fmt.Errorf("vat rates: the source must be an https address, not %q", f.Source)
	}
	if _, err := time.Parse(time.DateOnly, f.Reviewed); err != nil {
		return nil, fmt.Errorf("vat rates: reviewed %q is not a date", f.Reviewed)
	}
	if len(f.Standard) == 0 {
		return nil, fmt.Errorf("vat rates: no standard rate")
	}
	out := make([]VATRate, 0, len(f.Standard))
	for _, s := range f.Standard {
		from, err := time.ParseInLocation(time.DateOnly, s.From, clock.UK)
		if err != nil {
			return nil, fmt.Errorf("vat rates: from %q is not a date", s.From)
		}
		m := percentRe.FindStringSubmatch(s.Percent)
		if m == nil {
			return nil, fmt.Errorf("vat rates: percent %q is not a rate under 100", s.Percent)
		}
		whole, _ := strconv.ParseInt(m[1], 10, 64)
		frac := int64(0)
		if m[2] != "" {
			frac, _ = strconv.ParseInt((m[2] + "0")[:2], 10, 64)
		}
		if n := len(out); n > 0 && !from.After(out[n-1].From) {
			return nil, fmt.Errorf("vat rates: %s is not after %s", s.From, out[n-1].From.Format(time.DateOnly))
		}
		out = append(out, VATRate{From: from, BasisPoints: whole*100 + frac})
	}
	return out, nil
}

// RateOn is the standard rate in force on the day of t (UK time); a time
// before the first rate gets the first.
func RateOn(t time.Time) VATRate {
	day := t.In(clock.UK)
	r := vatRates[0]
	for _, x := range vatRates[1:] {
		if !day.Before(x.From) {
			r = x
		}
	}
	return r
}

// VATIn is the VAT inside an amount that includes it at rate (basis
// points): gross × rate ÷ (10000 + rate), rounded to the nearest penny,
// half a penny up. HMRC allows rounding each line's VAT to the nearest
// penny ("VAT guide", VAT Notice 700, section 17.5). The product is taken
// in 128 bits so that no amount overflows.
func VATIn(grossPence, basisPoints int64) int64 {
	if grossPence <= 0 || basisPoints <= 0 {
		return 0
	}
	den := uint64(10000 + basisPoints)
	hi, lo := bits.Mul64(uint64(grossPence), uint64(basisPoints)*2)
	lo, carry := bits.Add64(lo, den, 0)
	q, _ := bits.Div64(hi+carry, lo, 2*den) // gross*rate*2 < 2*den*gross, so the quotient fits
	return int64(q)
}

// share splits total between amounts in proportion to them, in whole
// pence that add up to total exactly: each gets the floor of its share
// and the pence left over go one each to the largest remainders (the
// earlier line first on a tie). It is how promo codes, which apply to the
// order's total, are shared between its lines on the receipt.
func share(total int64, amounts []int64) []int64 {
	out := make([]int64, len(amounts))
	var sum int64
	for _, a := range amounts {
		sum += a
	}
	if sum <= 0 || total <= 0 {
		return out
	}
	rem := make([]uint64, len(amounts))
	var given int64
	for i, a := range amounts {
		hi, lo := bits.Mul64(uint64(a), uint64(total))
		q, r := bits.Div64(hi, lo, uint64(sum)) // a <= sum, so the quotient fits
		out[i], rem[i] = int64(q), r
		given += int64(q)
	}
	for left := total - given; left > 0; left-- {
		best := -1
		for i := range amounts {
			if rem[i] > 0 && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		out[best]++
		rem[best] = 0
	}
	return out
}
