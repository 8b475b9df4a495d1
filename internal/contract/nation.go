package contract

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/tenancy"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// Agreements for Scotland, Wales and Northern Ireland (issue 46). Each
// nation's rules are data (internal/tenancy/data/nations): its words, the
// details its law requires, its deposit cap and schemes, its deadlines, and
// which passages of the text its law prescribes are held word for word. A
// draft for a property there is made and its answers are checked on the
// server against that nation's rules; its document is produced only when
// every prescribed passage is held, and otherwise the builder names the
// missing parts and links the government's own generator. England's
// builder is not touched: its answers never carry a nation part.

// NationAnswers are the answers of a Scottish, Welsh or Northern Ireland
// agreement, beside the landlord, the address for service and the tenants
// (Answers' own). Money is integer pence.
type NationAnswers struct {
	// Details are the nation's required details by key (registration
	// numbers, rates), as the landlord wrote them.
	Details    map[string]string `json:"details"`
	StartDate  string            `json:"startDate"`
	RentPence  int64             `json:"rentPence"`
	RentPeriod string            `json:"rentPeriod"` // weekly or monthly
	// DepositPence is the whole security deposit (0: none).
	DepositPence int64  `json:"depositPence"`
	Scheme       string `json:"scheme"`
	// HoldingPence is a holding deposit taken before the agreement (0: none).
	HoldingPence int64 `json:"holdingPence"`
	// FirstIncrease is the day the landlord plans the first rent increase
	// ("" for none planned).
	FirstIncrease   string `json:"firstIncrease"`
	AdditionalTerms string `json:"additionalTerms"`
}

// normalise trims the nation answers.
func (na *NationAnswers) normalise() {
	details := map[string]string{}
	for k, v := range na.Details {
		if v = strings.TrimSpace(v); v != "" {
			details[k] = v
		}
	}
	na.Details = details
	na.StartDate, na.Scheme, na.FirstIncrease = strings.TrimSpace(na.StartDate), strings.TrimSpace(na.Scheme), strings.TrimSpace(na.FirstIncrease)
	na.AdditionalTerms = strings.TrimSpace(na.AdditionalTerms)
}

// nationOf is the nation data of a draft's jurisdiction (nil for England).
func nationOf(a Answers) *tenancy.Nation {
	n, ok := tenancy.NationOf(a.Jurisdiction)
	if !ok {
		return nil
	}
	return n
}

// Messages of the nations' builder.
const (
	// MsgNationNoDocument: %s the nation's document, %s the nation, %s the
	// missing parts, %s the generator's name, %s its address.
	MsgNationNoDocument = "OmniRent cannot make the %s for this property in %s yet: the exact published text of %s is not held, " +
		"and the law does not allow a paraphrase of it. Your answers are kept. Until then, use the government's own generator: %s (%s)."
	MsgNationNotNation   = "This agreement follows the law of England: answer it step by step."
	MsgNationStart       = "Please enter the %s as a date."
	MsgNationRent        = "Please give the rent, in pounds, and whether it is paid weekly or monthly."
	MsgNationScheme      = "Choose one of the deposit schemes approved in %s: %s (%s)."
	MsgNationHolding     = "A holding deposit cannot be taken in %s: %s."
	MsgNationHoldingAt   = "A holding deposit can be at most %d week's rent (%s) in %s: %s."
	MsgNationIncrease    = "In %s the rent cannot go up before %s, %d months after the %s: %s."
	MsgNationBadDate     = "Please enter the first rent increase as a date, or leave it empty."
	MsgNationTerm        = "%s Source: %s. Please reword or remove: \"%s\""
	MsgNationDepositWarn = "The law of %s sets no cap on a security deposit, but this one is more than %d weeks' rent (%s), the cap in England: " +
		"a deposit this large may put off a contract-holder, and the law may change. It is allowed."
	MsgNationTenants = "Please add at least one %s with a first and last name."
	MsgNationFixed   = "This property's postcode (%s) is in %s, so the law of %s applies to it: this answer cannot be changed."
)

// nationMissing is the refusal of a nation's document while a prescribed
// passage is not held: the missing parts and the government's generator.
func nationMissing(n *tenancy.Nation) *apperr.Error {
	var parts []string
	for _, p := range n.Missing() {
		parts = append(parts, p.Title+" ("+p.Instrument+")")
	}
	msg := fmt.Sprintf(MsgNationNoDocument, n.Word("document"), n.Jurisdiction, andList(parts), n.Generator.Name, n.Generator.URL)
	return apperr.Fields(msg, map[string]string{"jurisdiction": msg}).WithKind(apperr.Invalid, "nation_text_missing")
}

// checkNation checks a nation draft's answers with that nation's rules:
// every problem, by field, each naming its rule's source.
func (s *Service) checkNation(n *tenancy.Nation, a Answers) error {
	na := a.Nation
	if na == nil {
		na = &NationAnswers{}
	}
	fields := map[string]string{}
	if a.Landlord.Company == "" && (strings.TrimSpace(a.Landlord.First) == "" || strings.TrimSpace(a.Landlord.Last) == "") {
		fields["landlord"] = MsgLandlordName
	}
	sa := a.ServiceAddress
	if strings.TrimSpace(sa.Line1) == "" || strings.TrimSpace(sa.Town) == "" || strings.TrimSpace(sa.Postcode) == "" {
		fields["serviceAddress"] = MsgAddress
	}
	named := 0
	for _, t := range a.Tenants {
		if strings.TrimSpace(t.First) != "" && strings.TrimSpace(t.Last) != "" {
			named++
		}
	}
	if named == 0 || named != len(a.Tenants) {
		fields["tenants"] = fmt.Sprintf(MsgNationTenants, n.Word("tenant"))
	}
	for _, d := range n.Required {
		if msg := d.CheckDetail(na.Details[d.Key]); msg != "" {
			fields["nation.details."+d.Key] = msg
		}
	}
	start, okStart := day(na.StartDate)
	if !okStart {
		fields["nation.startDate"] = fmt.Sprintf(MsgNationStart, n.Word("startDate"))
	}
	weekly := na.RentPeriod == "weekly"
	if na.RentPence <= 0 || (!weekly && na.RentPeriod != "monthly") {
		fields["nation.rentPence"] = MsgNationRent
	}
	if na.DepositPence > 0 {
		if capPence, msg, ok := tenancy.DepositLimit(n.Jurisdiction, na.RentPence, weekly); ok && na.DepositPence > capPence {
			fields["nation.depositPence"] = msg
		}
		if !slices.Contains(n.Deposit.Schemes, na.Scheme) {
			fields["nation.scheme"] = fmt.Sprintf(MsgNationScheme, n.Jurisdiction, andList(n.Deposit.Schemes), n.Deposit.Statute)
		}
	} else if na.DepositPence < 0 {
		fields["nation.depositPence"] = MsgFillCorrectly
	}
	if na.HoldingPence > 0 {
		switch h := n.Holding; {
		case !h.Allowed:
			fields["nation.holdingPence"] = fmt.Sprintf(MsgNationHolding, n.Jurisdiction, h.Statute)
		case h.MaxWeeks > 0 && na.RentPence > 0:
			yearly := na.RentPence * 12
			if weekly {
				yearly = na.RentPence * 52
			}
			if capPence := yearly * int64(h.MaxWeeks) / 52; na.HoldingPence > capPence {
				fields["nation.holdingPence"] = fmt.Sprintf(MsgNationHoldingAt, h.MaxWeeks, money.Format(capPence), n.Jurisdiction, h.Statute)
			}
		}
	}
	if strings.TrimSpace(na.FirstIncrease) != "" {
		inc, ok := day(na.FirstIncrease)
		switch {
		case !ok:
			fields["nation.firstIncrease"] = MsgNationBadDate
		case okStart && inc.Before(n.FirstRentIncrease(start)) && n.RentIncrease.FirstNotBeforeMonths > 0:
			fields["nation.firstIncrease"] = fmt.Sprintf(MsgNationIncrease, n.Jurisdiction, ukDay(n.FirstRentIncrease(start)),
				n.RentIncrease.FirstNotBeforeMonths, n.Word("startDate"), n.RentIncrease.Statute)
		case okStart && !inc.After(start):
			fields["nation.firstIncrease"] = MsgNationBadDate
		}
	}
	if t := strings.TrimSpace(na.AdditionalTerms); t != "" && s.terms != nil {
		on := s.now()
		if okStart {
			on = start
		}
		var msgs []string
		for _, f := range nationFindings(s.terms.CheckIn(t, n.Jurisdiction, on, terms.Agreement), n.Jurisdiction) {
			if f.MustChange {
				msgs = append(msgs, fmt.Sprintf(MsgNationTerm, strings.TrimSpace(f.Why), f.Statute, f.Phrase))
			}
		}
		if len(msgs) > 0 {
			fields["nation.additionalTerms"] = strings.Join(msgs, " ")
		}
	}
	if len(fields) == 0 {
		return nil
	}
	// The message is the first problem in the form's order.
	for _, k := range nationFieldOrder(n) {
		if m, ok := fields[k]; ok {
			return apperr.Fields(m, fields).WithKind(apperr.Invalid, "nation_rules")
		}
	}
	return apperr.Fields(MsgFillCorrectly, fields).WithKind(apperr.Invalid, "nation_rules")
}

// nationRulePrefix names the term checker's rules of one nation
// (internal/tenancy/terms/data/rules.yaml): where a nation's rule and a
// general one catch the same words, the nation's is reported, with its law.
var nationRulePrefix = map[string]string{tenancy.Scotland: "scotland-", tenancy.Wales: "wales-", tenancy.NorthernIreland: "ni-"}

func nationFindings(fs []terms.Finding, j string) []terms.Finding {
	own := map[string]bool{}
	for _, f := range fs {
		if strings.HasPrefix(f.Rule, nationRulePrefix[j]) {
			own[f.Phrase] = true
		}
	}
	var out []terms.Finding
	for _, f := range fs {
		if own[f.Phrase] && !strings.HasPrefix(f.Rule, nationRulePrefix[j]) {
			continue
		}
		out = append(out, f)
	}
	return out
}

func nationFieldOrder(n *tenancy.Nation) []string {
	out := []string{"landlord", "serviceAddress"}
	for _, d := range n.Required {
		out = append(out, "nation.details."+d.Key)
	}
	return append(out, "tenants", "nation.startDate", "nation.rentPence", "nation.depositPence", "nation.scheme",
		"nation.holdingPence", "nation.firstIncrease", "nation.additionalTerms")
}

// SaveNation stores a nation draft's answers and checks them with the
// nation's rules. The answers are kept even when a rule refuses them, so
// nothing the landlord wrote is lost; the refusal names each rule's source.
func (s *Service) SaveNation(ctx context.Context, a session.Actor, id string, in Answers) (Record, error) {
	c, p, err := s.changeDraft(ctx, a, id, func(c *Contract, p Property) (bool, error) {
		n := nationOf(c.Answers)
		if n == nil {
			return false, apperr.New(apperr.Conflict, "not_nation", MsgNationNotNation)
		}
		// The jurisdiction is the draft's (its postcode's, or the
		// landlord's answer for a border district), not the form's.
		in.Jurisdiction = c.Answers.Jurisdiction
		in.normalise()
		if in.Nation == nil {
			in.Nation = &NationAnswers{}
		}
		in.Nation.normalise()
		c.Answers = in
		return true, s.checkNation(n, in)
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(c, p, a), nil
}

// ukDay writes a day as the pages do: "Thu 17 Dec 2026".
func ukDay(t time.Time) string { return t.Format("Mon 2 Jan 2006") }

// nationView is what the builder's page shows of a nation draft: the
// nation's words and rules with their sources, the deadlines of its
// tenancy, and whether its document can be made.
type nationView struct {
	*tenancy.Nation
	DepositCap string `json:"depositCap"`
	// DepositWarning: a deposit above the nation's advisory limit where
	// its law sets no cap (Wales: five weeks' rent, low confidence), a
	// warning only; "" otherwise.
	DepositWarning string            `json:"depositWarning"`
	CanGenerate    bool              `json:"canGenerate"`
	Missing        []tenancy.Passage `json:"missing"`
	Refusal        string            `json:"refusal"`
	Deadlines      []nationDeadline  `json:"deadlines"`
	FirstRaise     string            `json:"firstRentIncrease"`
}

// nationDeadline is a deadline written for people.
type nationDeadline struct {
	tenancy.Deadline
	When string `json:"when"` // "Thu 17 Dec 2026"
}

// nationViewOf is nil for England, whose agreement answers carry no nation part.
func nationViewOf(r Record) *nationView {
	n := nationOf(r.Answers)
	if n == nil {
		return nil
	}
	v := &nationView{Nation: n, CanGenerate: n.CanGenerate(), Missing: n.Missing(), Deadlines: NationDeadlines(r.Answers)}
	if !v.CanGenerate {
		v.Refusal = nationMissing(n).Message
	}
	na := r.Answers.Nation
	if na == nil {
		na = &NationAnswers{}
	}
	if capPence, _, ok := tenancy.DepositLimit(n.Jurisdiction, na.RentPence, na.RentPeriod == "weekly"); ok {
		v.DepositCap = money.Format(capPence)
	}
	if start, ok := day(na.StartDate); ok {
		v.FirstRaise = ukDay(n.FirstRentIncrease(start))
	}
	if w := int64(n.Deposit.WarnAboveWeeks); w > 0 && na.RentPence > 0 && v.DepositCap == "" {
		yearly := na.RentPence * 12
		if na.RentPeriod == "weekly" {
			yearly = na.RentPence * 52
		}
		if limit := yearly * w / 52; na.DepositPence > limit {
			v.DepositWarning = fmt.Sprintf(MsgNationDepositWarn, n.Jurisdiction, w, money.Format(limit))
		}
	}
	return v
}

// NationDeadlines are the deadlines of a nation agreement's tenancy,
// counted from its start date in the nation's working or calendar days
// (none for England, or before a start date is given).
func NationDeadlines(a Answers) []nationDeadline {
	out := []nationDeadline{}
	n := nationOf(a)
	if n == nil || a.Nation == nil {
		return out
	}
	start, ok := day(a.Nation.StartDate)
	if !ok {
		return out
	}
	ds, err := n.DeadlinesFrom(start)
	if err != nil {
		return out
	}
	for _, d := range ds {
		t, _ := time.Parse(time.DateOnly, d.Day)
		out = append(out, nationDeadline{Deadline: d, When: ukDay(t)})
	}
	return out
}

func (h *Handler) saveNation(w http.ResponseWriter, r *http.Request, a session.Actor) error {
	var in Answers
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rec, err := h.svc.SaveNation(r.Context(), a, r.PathValue("id"), in)
	return h.one(w, http.StatusOK, rec, err)
}
