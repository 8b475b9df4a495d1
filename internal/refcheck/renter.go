package refcheck

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/apperr"
)

// The renter's side (spec 2, "Tenant reference-check form", section 5
// "Self-declaration"). The renter has no account: the link's two random ids
// are the key, and they work only while the check is paid and not yet
// complete (the renter can still read their own report afterwards).

const (
	MsgMobileIncome = "Please enter mobile number and estimated income."
	MsgTerms        = "You must agree with the terms and conditions to continue."
	MsgDOB          = "Please enter your date of birth."
	MsgDOBInvalid   = "Please enter a real date of birth; you must be 18 or over."
	MsgNumbers      = "Mobile number and income must be numbers without spaces."
	MsgLinkInvalid  = "This reference check link is not valid."
)

// Step is where the renter is.
type Step string

const (
	StepForm       Step = "form"       // fill in the self-declaration
	StepBank       Step = "bank"       // connect a bank account
	StepProcessing Step = "processing" // the report is being built
	StepComplete   Step = "complete"   // the report went to the property manager
)

// RenterView is what the renter's page needs.
type RenterView struct {
	Name   string                `json:"name"`
	Email  string                `json:"email"`
	Step   Step                  `json:"step"`
	Failed bool                  `json:"failed"` // the last report attempt failed: connect again
	Report *affordability.Report `json:"report"` // their own report, once complete
}

// renterRecord is a renter with the renter-side columns.
type renterRecord struct {
	Renter
	CheckID, CheckStatus, LandlordID, PropertyID string
	RentPence                                    int64
	Renters                                      int
	DOB                                          string
	DeclaredPence                                int64
	Declaration                                  string
	Declared                                     bool
	BankState, BankCode, ReportStatus, Report    string
}

func (r renterRecord) step() Step {
	switch {
	case r.Status == ProcessComplete:
		return StepComplete
	case r.ReportStatus == "processing":
		return StepProcessing
	case r.Declared:
		return StepBank
	}
	return StepForm
}

// RenterPage is the renter's view of their link.
func (s *Service) RenterPage(ctx context.Context, checkID, renterID string) (RenterView, error) {
	r, err := linkRenter(ctx, s.db.Conn(), checkID, renterID)
	if err != nil {
		return RenterView{}, err
	}
	v := RenterView{Name: r.Name, Email: r.Email, Step: r.step(), Failed: r.ReportStatus == "failed"}
	if v.Step == StepComplete && r.Report != "" {
		var rep affordability.Report
		if err := json.Unmarshal([]byte(r.Report), &rep); err == nil {
			v.Report = &rep
		}
	}
	return v, nil
}

// DeclarationInput is the self-declaration as the form sends it.
type DeclarationInput struct {
	Mobile            string `json:"mobile"`
	DOB               string `json:"dob"` // DD/MM/YYYY
	EstIncome         string `json:"estIncome"`
	PrevLandlordEmail string `json:"prevLandlordEmail"`
	NoPets            bool   `json:"pet"`
	NoSmoking         bool   `json:"smoking"`
	RightToRentDoc    bool   `json:"rightToRentDoc"`
	AgreeTnC          bool   `json:"agreeTnC"`
}

// validate applies the spec's rules; it returns the date of birth and the
// declared income in pence.
func (in *DeclarationInput) validate(now time.Time) (time.Time, int64, error) {
	in.Mobile, in.EstIncome = strings.TrimSpace(in.Mobile), strings.TrimSpace(in.EstIncome)
	if in.Mobile == "" || in.EstIncome == "" {
		return time.Time{}, 0, apperr.New(apperr.Invalid, "invalid", MsgMobileIncome)
	}
	if !in.AgreeTnC {
		return time.Time{}, 0, apperr.New(apperr.Invalid, "invalid", MsgTerms)
	}
	parts := strings.Split(in.DOB, "/")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
		return time.Time{}, 0, apperr.New(apperr.Invalid, "invalid", MsgDOB)
	}
	if !digits(in.Mobile, 7, 15) || !digits(in.EstIncome, 1, 7) {
		return time.Time{}, 0, apperr.New(apperr.Invalid, "invalid", MsgNumbers)
	}
	dob, err := time.Parse("02/01/2006", pad(parts[0])+"/"+pad(parts[1])+"/"+parts[2])
	if err != nil || dob.Year() < 1900 || dob.After(now.AddDate(-18, 0, 0)) {
		return time.Time{}, 0, apperr.New(apperr.Invalid, "invalid", MsgDOBInvalid)
	}
	var income int64
	for _, c := range in.EstIncome {
		income = income*10 + int64(c-'0')
	}
	if len(in.PrevLandlordEmail) > 254 {
		in.PrevLandlordEmail = in.PrevLandlordEmail[:254]
	}
	return dob, income * 100, nil
}

func digits(s string, minLen, maxLen int) bool {
	return len(s) >= minLen && len(s) <= maxLen && strings.Trim(s, "0123456789") == ""
}

func pad(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// Declare stores the self-declaration and answers where the browser goes
// next: the bank's consent page. A second submission changes nothing and
// answers the same.
func (s *Service) Declare(ctx context.Context, checkID, renterID string, in DeclarationInput) (string, error) {
	r, err := linkRenter(ctx, s.db.Conn(), checkID, renterID)
	if err != nil {
		return "", err
	}
	if r.step() != StepForm {
		return s.consentURL(ctx, r)
	}
	now := s.clock.Now()
	dob, income, err := in.validate(now)
	if err != nil {
		return "", err
	}
	answers, _ := json.Marshal(affordability.Declaration{NoPets: in.NoPets, NoSmoking: in.NoSmoking,
		RightToRentDocuments: in.RightToRentDoc, PreviousManagerEmail: strings.TrimSpace(in.PrevLandlordEmail)})
	r.BankState = randomToken()
	if err := saveDeclaration(ctx, s.db.Conn(), r.ID, in.Mobile, dob, income, string(answers), r.BankState, now); err != nil {
		return "", err
	}
	// Re-read: a duplicate submission racing this one may have won.
	if r, err = linkRenter(ctx, s.db.Conn(), checkID, renterID); err != nil {
		return "", err
	}
	return s.consentURL(ctx, r)
}

// ConnectBank answers the bank's consent URL again (after a failure, or
// when the renter comes back later).
func (s *Service) ConnectBank(ctx context.Context, checkID, renterID string) (string, error) {
	r, err := linkRenter(ctx, s.db.Conn(), checkID, renterID)
	if err != nil {
		return "", err
	}
	if r.step() != StepBank {
		return "", apperr.New(apperr.Conflict, "wrong_step", "This step is already done.")
	}
	return s.consentURL(ctx, r)
}

func (s *Service) consentURL(ctx context.Context, r renterRecord) (string, error) {
	if r.step() != StepBank {
		return s.baseURL + "/initiateRefCheck/" + r.ID + "/" + r.CheckID, nil
	}
	u, err := s.bank.ConsentURL(ctx, r.BankState, r.Name)
	return u, apperr.Wrap(err, "bank consent url")
}

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
