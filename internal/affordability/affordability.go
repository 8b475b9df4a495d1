// Package affordability turns a renter's bank statements and
// self-declaration into an explainable report: verified income by source,
// declared against verified income, the rent share against the UK rule of
// thumb (annual income at least 30 times the monthly rent), regular
// outgoings, gambling, the account holder's name and the renter's answers,
// with an overall rating and every reason behind it in plain words.
//
// Benefits count as income like any other income: refusing tenants because
// they receive benefits is unlawful (the Renters' Rights Act 2025). Pets and
// smoking are reported as answered and never change the rating. Whether the
// renter has children or other dependents is not asked at all: refusing a
// tenant because they have children is unlawful.
package affordability

import (
	"time"

	"github.com/omnirent/omnirent/internal/openbanking"
)

type Rating string

const (
	Pass  Rating = "Pass"
	Refer Rating = "Refer"
	Fail  Rating = "Fail"
)

// Effect is what a reason did to the rating.
type Effect string

const (
	Positive Effect = "positive"
	Referred Effect = "refer"
	Failed   Effect = "fail"
	Info     Effect = "info"
)

// Rules are the thresholds; DefaultRules are the UK's usual ones.
type Rules struct {
	PassMultiple     float64 // annual verified income / monthly rent share to pass
	ReferMultiple    float64 // at least this (and below PassMultiple) refers
	IncomeShortfall  float64 // verified more than this fraction below declared refers
	GamblingShare    float64 // gambling spend at least this share of income refers
	GamblingPerMonth float64 // or at least this many gambling payments a month
	SpendingShare    float64 // regular outgoings at least this share of income refers
}

var DefaultRules = Rules{PassMultiple: 30, ReferMultiple: 25, IncomeShortfall: 0.10, GamblingShare: 0.05, GamblingPerMonth: 4, SpendingShare: 0.85}

// Declaration is the renter's self-declaration as submitted.
type Declaration struct {
	NoPets               bool   `json:"noPets"`
	NoSmoking            bool   `json:"noSmoking"`
	RightToRentDocuments bool   `json:"rightToRentDocuments"`
	PreviousManagerEmail string `json:"previousManagerEmail"`
}

type Input struct {
	Now                  time.Time
	RenterName           string
	DateOfBirth          time.Time
	DeclaredMonthlyPence int64
	RentSharePence       int64 // the monthly rent divided among the renters
	Accounts             []openbanking.Account
	Declaration          Declaration
}

// Source is one verified income source.
type Source struct {
	Name         string   `json:"name"`
	Category     Category `json:"category"`
	MonthlyPence int64    `json:"monthlyPence"`
	Payments     int      `json:"payments"`
}

// Month is one month of the income-versus-outgoings graph.
type Month struct {
	Month          string `json:"month"` // YYYY-MM
	IncomePence    int64  `json:"incomePence"`
	OutgoingsPence int64  `json:"outgoingsPence"`
}

type Reason struct {
	Effect Effect `json:"effect"`
	Text   string `json:"text"`
}

type Gambling struct {
	Payments      int     `json:"payments"`
	TotalPence    int64   `json:"totalPence"`
	ShareOfIncome float64 `json:"shareOfIncome"` // 0.035 = 3.5 %
}

// Report holds only figures: no individual transaction survives in it.
type Report struct {
	Rating                Rating      `json:"rating"`
	Reasons               []Reason    `json:"reasons"`
	PeriodFrom            string      `json:"periodFrom"` // YYYY-MM-DD
	PeriodTo              string      `json:"periodTo"`   // exclusive
	MonthsAnalysed        int         `json:"monthsAnalysed"`
	DeclaredMonthlyPence  int64       `json:"declaredMonthlyPence"`
	VerifiedMonthlyPence  int64       `json:"verifiedMonthlyPence"`
	IncomeShortfall       bool        `json:"incomeShortfall"`
	Sources               []Source    `json:"sources"`
	RentSharePence        int64       `json:"rentSharePence"`
	AffordabilityRatio    float64     `json:"affordabilityRatio"` // annual income / monthly rent share
	RegularOutgoingsPence int64       `json:"regularOutgoingsPence"`
	SpendingRatio         float64     `json:"spendingRatio"` // regular outgoings / income
	Gambling              Gambling    `json:"gambling"`
	AccountHolders        []string    `json:"accountHolders"`
	NameMatches           bool        `json:"nameMatches"`
	Age                   int         `json:"age"`
	Declaration           Declaration `json:"declaration"`
	Months                []Month     `json:"months"`
}
