package openbanking

import (
	"sort"
	"time"
)

// Persona is one sandbox account holder.
type Persona struct {
	ID          string
	Name        string
	Description string
	Holder      string // fixed holder name; "" means the renter's own name
	entries     []entry
}

// entry is a statement line that repeats: on each of days in every month
// (or only in months), for pence; or, with byMonth, a different amount per
// month (0 = none that month). Month 0 is the oldest of the 12.
type entry struct {
	desc    string
	days    []int
	pence   int64
	months  []int
	byMonth []int64
}

// Window is the 12 whole calendar months before the month of now: the
// period every sandbox statement covers and the engine analyses.
func Window(now time.Time) (from, to time.Time) {
	now = now.UTC()
	to = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	return to.AddDate(0, -12, 0), to
}

func (p Persona) statement(now time.Time) []Transaction {
	from, _ := Window(now)
	var out []Transaction
	for m := range 12 {
		month := from.AddDate(0, m, 0)
		for _, e := range p.entries {
			if e.months != nil && !contains(e.months, m) {
				continue
			}
			amount := e.pence
			if e.byMonth != nil {
				amount = e.byMonth[m]
			}
			if amount == 0 {
				continue
			}
			for _, d := range e.days {
				out = append(out, Transaction{Date: month.AddDate(0, 0, d-1), AmountPence: amount, Description: e.desc})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func personaByID(id string) (Persona, bool) {
	for _, p := range Personas {
		if p.ID == id {
			return p, true
		}
	}
	return Persona{}, false
}

// Everyday outgoings shared by most personas: rent, council tax, energy,
// phone, a streaming service, three supermarket shops and ten bus or tube
// fares a month: £1,415.69 a month in all.
var everyday = []entry{
	{desc: "STANDING ORDER HARBOUR LETTINGS RENT", days: []int{1}, pence: -95000},
	{desc: "LB NEWHAM COUNCIL TAX DD", days: []int{5}, pence: -14500},
	{desc: "OCTOPUS ENERGY DD", days: []int{12}, pence: -9800},
	{desc: "VODAFONE LTD DD", days: []int{18}, pence: -2200},
	{desc: "NETFLIX.COM", days: []int{8}, pence: -1099},
	{desc: "TESCO STORES 3187", days: []int{6, 14, 22}, pence: -5390},
	{desc: "TFL TRAVEL CHARGE", days: []int{2, 4, 7, 9, 11, 16, 19, 23, 25, 27}, pence: -280},
}

func with(base []entry, more ...entry) []entry { return append(append([]entry{}, base...), more...) }

// Personas are the sandbox bank's account holders, in the order the consent
// page lists them.
var Personas = []Persona{
	{ID: "salaried", Name: "Salaried employee",
		Description: "One employer pays £2,650.00 on the 25th of every month.",
		entries:     with(everyday, entry{desc: "ACME LOGISTICS LTD SALARY", days: []int{25}, pence: 265000})},
	{ID: "two-jobs", Name: "Two jobs",
		Description: "A café pays £1,420.00 a month and a cinema £360.00 twice a month.",
		entries: with(everyday,
			entry{desc: "GREENLEAF CAFE LTD PAYROLL", days: []int{28}, pence: 142000},
			entry{desc: "CITY CINEMAS PAYROLL", days: []int{1, 15}, pence: 36000})},
	{ID: "self-employed", Name: "Self-employed",
		Description: "Irregular invoice payments from clients: £22,400.00 over the year, nothing in three months.",
		entries: with(everyday, entry{desc: "TRADE INVOICE PAYMENT", days: []int{20},
			byMonth: []int64{320000, 0, 185000, 240000, 0, 410000, 150000, 90000, 275000, 0, 360000, 210000}})},
	{ID: "benefits", Name: "Income mostly from benefits",
		Description: "Universal Credit £1,050.00 and Child Benefit £102.40 a month, with a part-time wage of £620.00.",
		entries: with(everyday,
			entry{desc: "DWP UC", days: []int{10}, pence: 105000},
			entry{desc: "HMRC CHILD BENEFIT", days: []int{20}, pence: 10240},
			entry{desc: "SUNRISE CARE HOME LTD PAYROLL", days: []int{27}, pence: 62000})},
	{ID: "student", Name: "Student (a guarantor in mind)",
		Description: "Three student-loan payments of £3,200.00, a bar job of £400.00 a month and £200.00 a month from a parent.",
		entries: []entry{
			{desc: "STUDENT LOANS COMPANY", days: []int{15}, pence: 320000, months: []int{0, 3, 8}},
			{desc: "CAMPUS BAR LTD PAYROLL", days: []int{26}, pence: 40000},
			{desc: "TRANSFER FROM J PARENT", days: []int{2}, pence: 20000},
			{desc: "UNIVERSITY HALLS RENT", days: []int{1}, pence: -62000},
			{desc: "TESCO STORES 3187", days: []int{6, 14, 22}, pence: -3500},
			{desc: "SPOTIFY", days: []int{9}, pence: -599},
		}},
	{ID: "gambling", Name: "Frequent gambling",
		Description: "A salary of £2,300.00 a month and £220.00 a month on betting sites, eight bets a month.",
		entries: with(everyday,
			entry{desc: "NORTHWIND SYSTEMS PLC SALARY", days: []int{25}, pence: 230000},
			entry{desc: "BET365", days: []int{3, 10, 17, 24}, pence: -2500},
			entry{desc: "PADDY POWER", days: []int{6, 13, 20, 27}, pence: -3000},
			entry{desc: "BET365 WINNINGS", days: []int{19}, pence: 5000, months: []int{2, 5, 8, 11}})},
	{ID: "name-mismatch", Name: "Account in someone else's name",
		Description: "A salaried account that belongs to Jordan Example, not to the renter.",
		Holder:      "Jordan Example",
		entries:     with(everyday, entry{desc: "ACME LOGISTICS LTD SALARY", days: []int{25}, pence: 265000})},
}
