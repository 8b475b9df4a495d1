package affordability

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/platform/money"
)

// group is the statement lines of one payer or payee.
type group struct {
	name     string
	category Category
	total    int64
	payments int
	months   map[int]int64 // month index -> amount
}

// Analyse builds the report. It reads the 12 whole months before in.Now
// (openbanking.Window); lines outside are ignored.
func Analyse(in Input, rules Rules) Report {
	from, to := openbanking.Window(in.Now)
	r := Report{PeriodFrom: from.Format(time.DateOnly), PeriodTo: to.Format(time.DateOnly),
		DeclaredMonthlyPence: in.DeclaredMonthlyPence, RentSharePence: in.RentSharePence, Declaration: in.Declaration,
		Sources: []Source{}, Months: make([]Month, 12)}
	for m := range r.Months {
		r.Months[m].Month = from.AddDate(0, m, 0).Format("2006-01")
	}

	credits, debits := map[string]*group{}, map[string]*group{}
	first := 12
	for _, a := range in.Accounts {
		r.AccountHolders = append(r.AccountHolders, a.HolderName)
		for _, t := range a.Transactions {
			if t.Date.Before(from) || !t.Date.Before(to) || t.AmountPence == 0 {
				continue
			}
			m := monthIndex(from, t.Date)
			first = min(first, m)
			ws := words(t.Description)
			if hasAny(ws, gamblingWords) {
				if t.AmountPence < 0 {
					r.Gambling.Payments++
					r.Gambling.TotalPence -= t.AmountPence
					r.Months[m].OutgoingsPence -= t.AmountPence
				}
				continue // winnings are not income
			}
			if t.AmountPence < 0 {
				r.Months[m].OutgoingsPence -= t.AmountPence
			}
			if hasAny(ws, transferWords) {
				continue
			}
			into := credits
			if t.AmountPence < 0 {
				into = debits
			}
			add(into, key(ws), categoryOf(ws), m, abs(t.AmountPence))
		}
	}
	// A shorter history is averaged over the months it covers.
	r.MonthsAnalysed = 12 - first
	if first == 12 {
		r.MonthsAnalysed = 0
	}
	months := int64(max(r.MonthsAnalysed, 1))

	var incomeTotal int64
	for _, g := range sorted(credits) {
		if !isIncome(g) {
			continue
		}
		r.Sources = append(r.Sources, Source{Name: title(g.name), Category: g.category, MonthlyPence: g.total / months, Payments: g.payments})
		r.VerifiedMonthlyPence += g.total / months
		incomeTotal += g.total
		for m, v := range g.months {
			r.Months[m].IncomePence += v
		}
	}
	for _, g := range sorted(debits) {
		if len(g.months) >= 3 {
			r.RegularOutgoingsPence += g.total / months
		}
	}
	if r.VerifiedMonthlyPence > 0 {
		r.SpendingRatio = round(float64(r.RegularOutgoingsPence)/float64(r.VerifiedMonthlyPence), 3)
	}
	if incomeTotal > 0 {
		r.Gambling.ShareOfIncome = round(float64(r.Gambling.TotalPence)/float64(incomeTotal), 3)
	}
	if in.RentSharePence > 0 {
		r.AffordabilityRatio = round(float64(r.VerifiedMonthlyPence*12)/float64(in.RentSharePence), 1)
	}
	r.IncomeShortfall = in.DeclaredMonthlyPence > 0 &&
		float64(r.VerifiedMonthlyPence) < float64(in.DeclaredMonthlyPence)*(1-rules.IncomeShortfall)
	r.NameMatches = false
	for _, h := range r.AccountHolders {
		if sameName(h, in.RenterName) {
			r.NameMatches = true
		}
	}
	r.Age = age(in.DateOfBirth, in.Now)
	r.Rating, r.Reasons = rate(r, rules)
	return r
}

func add(into map[string]*group, k string, c Category, m int, amount int64) {
	g := into[k]
	if g == nil {
		g = &group{name: k, category: c, months: map[int]int64{}}
		into[k] = g
	}
	g.total += amount
	g.payments++
	g.months[m] += amount
}

// isIncome: money that arrives in at least three different months is a
// regular source; benefits and pensions count however often they come.
func isIncome(g *group) bool {
	return len(g.months) >= 3 || g.category == Benefits || g.category == Pension
}

func sorted(gs map[string]*group) []*group {
	out := make([]*group, 0, len(gs))
	for _, g := range gs {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].total != out[j].total {
			return out[i].total > out[j].total
		}
		return out[i].name < out[j].name
	})
	return out
}

func monthIndex(from, t time.Time) int {
	return (t.Year()-from.Year())*12 + int(t.Month()) - int(from.Month())
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func round(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}

// title turns "ACME LOGISTICS LTD SALARY" into "Acme Logistics Ltd Salary".
func title(s string) string {
	ws := strings.Fields(strings.ToLower(s))
	for i, w := range ws {
		switch w {
		case "dwp", "uc", "hmrc", "ltd", "plc", "dd", "tfl":
			ws[i] = strings.ToUpper(w)
			if w == "ltd" {
				ws[i] = "Ltd"
			}
		default:
			ws[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(ws, " ")
}

// sameName compares names loosely: titles dropped, case and punctuation
// ignored; the surnames must match and the first names match or one is the
// other's initial ("A Renter" is Ann Renter).
func sameName(holder, renter string) bool {
	h, r := nameParts(holder), nameParts(renter)
	if len(h) == 0 || len(r) == 0 || h[len(h)-1] != r[len(r)-1] {
		return false
	}
	if len(h) == 1 || len(r) == 1 {
		return true
	}
	a, b := h[0], r[0]
	return a == b || (len(a) == 1 && strings.HasPrefix(b, a)) || (len(b) == 1 && strings.HasPrefix(a, b))
}

func nameParts(n string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(strings.Map(func(r rune) rune {
		if r == '.' || r == ',' {
			return ' '
		}
		return r
	}, n))) {
		switch w {
		case "mr", "mrs", "ms", "miss", "mx", "dr":
			continue
		}
		out = append(out, w)
	}
	return out
}

func age(dob, now time.Time) int {
	if dob.IsZero() {
		return 0
	}
	y := now.Year() - dob.Year()
	if now.Month() < dob.Month() || (now.Month() == dob.Month() && now.Day() < dob.Day()) {
		y--
	}
	return y
}

var pounds = money.Format

func percent(x float64) string { return fmt.Sprintf("%.1f%%", x*100) }
