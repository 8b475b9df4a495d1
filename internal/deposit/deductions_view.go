package deposit

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/platform/money"
)

// LineView is a deduction as the page shows it, with the arithmetic of its
// apportionment and the answers: a tenant sees their own answer as theirs
// and the others' answers by name.
type LineView struct {
	ID           string   `json:"id"`
	Revision     int      `json:"revision"`
	Item         string   `json:"item"`
	Evidence     Item     `json:"evidence"`
	Reason       string   `json:"reason"`
	ReasonText   string   `json:"reasonText"`
	Note         string   `json:"note"`
	CostPence    int64    `json:"costPence"`
	CostText     string   `json:"costText"`
	ItemType     string   `json:"itemType"`
	AgeMonths    int      `json:"ageMonths"`
	LifeMonths   int      `json:"lifeMonths"`
	ChargePence  int64    `json:"chargePence"`
	ChargeText   string   `json:"chargeText"`
	LandlordText string   `json:"landlordShareText"`
	Arithmetic   string   `json:"arithmetic"`
	QuoteName    string   `json:"quoteName,omitempty"`
	QuoteURL     string   `json:"quoteUrl,omitempty"`
	Answers      []Answer `json:"answers"`
	MyAnswer     *Answer  `json:"myAnswer,omitempty"`
	// MyPhotos are a tenant's own photos of this line, kept from an
	// answer to an earlier revision too (answer_photos.go).
	MyPhotos []AnswerPhotoLink `json:"myPhotos,omitempty"`
	// State: agreed (every tenant agreed this revision), disputed (one
	// disputes it), or waiting.
	State     string `json:"state"`
	StateText string `json:"stateText"`
}

// Share is one tenant's part of the deposit and the deductions.
type Share struct {
	Name         string `json:"name"`
	DepositText  string `json:"depositText"`
	AgreedText   string `json:"agreedText"`
	DisputedText string `json:"disputedText"`
	ReturnPence  int64  `json:"returnPence"`
	ReturnText   string `json:"returnText"`
}

// DeductionsView is a tenancy's deductions.
type DeductionsView struct {
	TenancyID    string     `json:"tenancyId"`
	Role         Role       `json:"role"`
	Address      string     `json:"address"`
	DepositText  string     `json:"depositText"`
	Lines        []LineView `json:"lines"`
	TotalText    string     `json:"totalText"`
	AgreedText   string     `json:"agreedText"`
	DisputedText string     `json:"disputedText"`
	Shares       []Share    `json:"shares"`
	// Returned: when every tenant has answered every line, the day the
	// agreed amounts must be returned by, with the rule's source.
	ReturnByText string         `json:"returnByText,omitempty"`
	ReturnNote   string         `json:"returnNote"`
	CheckOutText string         `json:"checkOutText,omitempty"`
	Items        []Item         `json:"items,omitempty"`
	Reasons      []Reason       `json:"reasons,omitempty"`
	Lives        []ExpectedLife `json:"lives,omitempty"`
	LivesSource  string         `json:"livesSource,omitempty"`
}

func months(n int) string { return plural(n, "month", "months") }

func (s *Service) lineView(t Tenancy, role Role, email string, l Line) LineView {
	v := LineView{ID: l.ID, Revision: l.Revision, Item: l.Item, Evidence: l.Evidence, Reason: l.Reason, Note: l.Note,
		CostPence: l.CostPence, CostText: money.Format(l.CostPence), ItemType: l.ItemType, AgeMonths: l.AgeMonths, LifeMonths: l.LifeMonths,
		ChargePence: l.ChargePence, ChargeText: money.Format(l.ChargePence), LandlordText: money.Format(l.CostPence - l.ChargePence),
		Answers: []Answer{}}
	if r, ok := s.d.Rules.reason(l.Reason); ok {
		v.ReasonText = r.Name
	}
	if l.LifeMonths > 0 {
		left := max(0, l.LifeMonths-l.AgeMonths)
		name := l.ItemType
		if x, ok := s.d.Rules.life(l.ItemType); ok {
			name = strings.ToLower(x.Name)
		}
		v.Arithmetic = fmt.Sprintf("Expected life of %s: %s; its age: %s; life left: %s. "+
			"%s × %d / %d = %s charged; the other %s is fair wear and tear and betterment, the landlord's share.",
			name, months(l.LifeMonths), months(l.AgeMonths), months(left), money.Format(l.CostPence), left, l.LifeMonths,
			money.Format(l.ChargePence), money.Format(l.CostPence-l.ChargePence))
	} else {
		v.Arithmetic = "The whole cost is charged: " + money.Format(l.CostPence) + "."
	}
	if l.Quote != nil {
		v.QuoteName, v.QuoteURL = l.Quote.Name, "/api/deposits/lines/"+url.PathEscape(l.ID)+"/quote"
	}
	agreed, disputed := 0, false
	for _, a := range l.Answers {
		if a.Revision != l.Revision {
			continue // an answer to an earlier version counts no more
		}
		a.Photos = []AnswerPhotoLink{}
		if a.Answer == "dispute" {
			a.Photos = photoLinks(l, a.Email)
		}
		v.Answers = append(v.Answers, a)
		if role == RoleTenant && strings.EqualFold(a.Email, email) {
			x := a
			v.MyAnswer = &x
		}
		switch a.Answer {
		case "agree":
			agreed++
		case "dispute":
			disputed = true
		}
	}
	if role == RoleTenant {
		v.MyPhotos = photoLinks(l, email)
	}
	switch {
	case disputed:
		v.State, v.StateText = "disputed", "Disputed"
	case agreed >= len(t.Tenants) && len(t.Tenants) > 0:
		v.State, v.StateText = "agreed", "Agreed by every tenant"
	default:
		v.State, v.StateText = "waiting", "Waiting for the tenant's answer"
		if len(t.Tenants) > 1 {
			v.State, v.StateText = "waiting", fmt.Sprintf("Agreed by %d of %d tenants", agreed, len(t.Tenants))
		}
	}
	return v
}

// split shares an amount between n tenants in whole pence, the odd pence
// to the first named.
func split(amount int64, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = amount / int64(n)
		if int64(i) < amount%int64(n) {
			out[i]++
		}
	}
	return out
}

func (s *Service) deductionsView(t Tenancy, role Role, email string, lines []Line) DeductionsView {
	v := DeductionsView{TenancyID: t.ID, Role: role, Address: t.Address, DepositText: money.Format(t.DepositPence), Lines: []LineView{},
		Shares: []Share{}}
	var total, agreed, disputed int64
	complete := len(lines) > 0
	var last time.Time
	for _, l := range lines {
		lv := s.lineView(t, role, email, l)
		v.Lines = append(v.Lines, lv)
		total += l.ChargePence
		switch lv.State {
		case "agreed":
			agreed += l.ChargePence
		case "disputed":
			disputed += l.ChargePence
		}
		if len(lv.Answers) < len(t.Tenants) {
			complete = false
		}
		for _, a := range l.Answers {
			if a.Revision == l.Revision && a.At.After(last) {
				last = a.At
			}
		}
	}
	v.TotalText, v.AgreedText, v.DisputedText = money.Format(total), money.Format(agreed), money.Format(disputed)
	n := max(1, len(t.Tenants))
	deposits, agreedParts, disputedParts := split(t.DepositPence, n), split(agreed, n), split(disputed, n)
	for i := 0; i < n; i++ {
		name := "The tenant"
		if i < len(t.Tenants) {
			name = t.Tenants[i].Name
		}
		ret := deposits[i] - agreedParts[i] - disputedParts[i]
		v.Shares = append(v.Shares, Share{Name: name, DepositText: money.Format(deposits[i]), AgreedText: money.Format(agreedParts[i]),
			DisputedText: money.Format(disputedParts[i]), ReturnPence: ret, ReturnText: money.Format(ret)})
	}
	if complete {
		by := last.In(ukTZ()).AddDate(0, 0, s.d.Rules.ReturnDays)
		v.ReturnByText = UKDay(by)
		v.ReturnNote = fmt.Sprintf("Every tenant has answered every deduction: what is not disputed must be returned within %d days, by %s. "+
			"What stays disputed is held by the scheme until its dispute service decides.", s.d.Rules.ReturnDays, UKDay(by))
	} else {
		v.ReturnNote = fmt.Sprintf("Once every tenant has answered every deduction, what is not disputed must be returned within %d days. "+
			"Each tenant gets their share of the deposit less their share of the deductions.", s.d.Rules.ReturnDays)
	}
	if role == RoleLandlord {
		v.Reasons, v.Lives, v.LivesSource = s.d.Rules.Reasons, s.d.Rules.ExpectedLives, s.d.Rules.ApportionmentSource
	}
	return v
}
