package refcheck

import (
	"context"
	"encoding/json"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/session"
)

const (
	reportJob = "refcheck.report"
	// reportTries is how often the job tries before the landlord is told and
	// the renter asked to connect again.
	reportTries = 3
)

// BankCallback takes the browser back from the bank: a code starts the
// report job; a refusal sends the renter back to try again. It answers
// where the browser goes next.
func (s *Service) BankCallback(ctx context.Context, state, code, bankErr string) (string, error) {
	if state == "" {
		return "", apperr.New(apperr.NotFound, "not_found", MsgLinkInvalid)
	}
	checkID, renterID, err := renterOfConsent(ctx, s.db.Conn(), state)
	if err != nil {
		return "", err
	}
	page := "/initiateRefCheck/" + renterID + "/" + checkID
	r, err := linkRenter(ctx, s.db.Conn(), checkID, renterID)
	if err != nil {
		return "", err
	}
	if r.step() != StepBank {
		return page, nil // a repeated callback changes nothing
	}
	if bankErr != "" || code == "" {
		return page + "?bank=cancelled", nil
	}
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		if err := startReport(ctx, tx, renterID, code); err != nil {
			return err
		}
		return s.jobs.Enqueue(ctx, tx, reportJob, reportPayload{RenterID: renterID, CheckID: checkID}, reportTries+2)
	})
	return page, err
}

type reportPayload struct {
	RenterID string `json:"renterId"`
	CheckID  string `json:"checkId"`
}

// buildReport is the job: fetch the statements with the consent code, work
// the report out, keep only its figures, and tell the landlord. The
// statements live only in this function's memory.
func (s *Service) buildReport(ctx context.Context, raw json.RawMessage) error {
	var p reportPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	r, err := linkRenter(ctx, s.db.Conn(), p.CheckID, p.RenterID)
	if apperr.IsNotFound(err) {
		return nil // withdrawn meanwhile
	}
	if err != nil {
		return err
	}
	if r.ReportStatus != "processing" {
		return nil
	}
	now := s.clock.Now()
	report, err := s.analyse(ctx, r, now)
	if err != nil {
		return s.reportFailed(ctx, r, err)
	}
	body, _ := json.Marshal(report)
	landlord, err := s.accounts.Email(ctx, r.LandlordID)
	if err != nil {
		return apperr.Wrap(err, "landlord e-mail")
	}
	return s.db.Tx(ctx, func(tx db.Conn) error {
		if saved, err := saveReport(ctx, tx, r.ID, string(body), now); err != nil || !saved {
			return err
		}
		return s.mailReport(ctx, tx, landlord, r, report)
	})
}

func (s *Service) analyse(ctx context.Context, r renterRecord, now time.Time) (affordability.Report, error) {
	accounts, err := s.bank.Accounts(ctx, r.BankCode, now)
	if err != nil {
		return affordability.Report{}, err
	}
	var answers affordability.Declaration
	_ = json.Unmarshal([]byte(r.Declaration), &answers)
	dob, _ := time.Parse(time.DateOnly, r.DOB)
	share := r.RentPence / int64(max(r.Renters, 1))
	return affordability.Analyse(affordability.Input{Now: now, RenterName: r.Name, DateOfBirth: dob,
		DeclaredMonthlyPence: r.DeclaredPence, RentSharePence: share, Accounts: accounts, Declaration: answers}, s.rules), nil
}

// reportFailed counts a failed attempt. The job queue retries; after
// reportTries the landlord is told and the renter's link offers the bank
// step again.
func (s *Service) reportFailed(ctx context.Context, r renterRecord, cause error) error {
	landlord, err := s.accounts.Email(ctx, r.LandlordID)
	if err != nil {
		return apperr.Wrap(err, "landlord e-mail")
	}
	var tries int
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		var err error
		if tries, err = countReportAttempt(ctx, tx, r.ID); err != nil || tries < reportTries {
			return err
		}
		if err := markReportFailed(ctx, tx, r.ID); err != nil {
			return err
		}
		return s.mail.Send(ctx, tx, mail.Email{To: landlord, Subject: "A reference check could not be completed yet", Template: "notice",
			Data: map[string]any{"Name": "there", "Heading": "We could not build " + r.Name + "'s report",
				"Paragraphs": []string{
					"We could not read " + r.Name + "'s bank data after several tries. We have asked them to connect their bank again through their link; you do not need to do anything.",
					"You can resend their invitation from Active Reports: " + s.baseURL + "/dashboard?view=active",
				}}})
	})
	if err != nil {
		return err
	}
	if tries < reportTries {
		return cause // let the queue retry
	}
	return nil
}

// ReportURL is the landlord's page for a renter's report.
func (s *Service) ReportURL(checkID, renterID string) string {
	return s.baseURL + "/reports/" + checkID + "/" + renterID
}

// mailReport tells the landlord (at the address given) that the report is ready.
func (s *Service) mailReport(ctx context.Context, tx db.Conn, landlord string, r renterRecord, rep affordability.Report) error {
	return s.mail.Send(ctx, tx, mail.Email{To: landlord, Subject: "Reference report for " + r.Name + ": " + string(rep.Rating), Template: "notice",
		Data: map[string]any{"Name": "there", "Heading": r.Name + "'s reference report is ready",
			"Paragraphs": []string{
				"Overall rating: " + string(rep.Rating) + ". Verified monthly income " + money.Format(rep.VerifiedMonthlyPence) +
					" against a monthly rent share of " + money.Format(rep.RentSharePence) + ".",
				"Read the full report, with every reason for the rating, and download it as a PDF (sign in first): " + s.ReportURL(r.CheckID, r.ID),
				"The report shows figures only; the renter's bank statements are never shared or kept.",
			}}})
}

// LandlordReport is a renter's report as the landlord sees it.
type LandlordReport struct {
	CheckID   string               `json:"referenceCheckId"`
	RenterID  string               `json:"renterId"`
	Name      string               `json:"name"`
	Email     string               `json:"email"`
	Property  Place                `json:"property"`
	RentPence int64                `json:"rentPence"`
	ReadyAt   time.Time            `json:"readyAt"`
	Report    affordability.Report `json:"report"`
	// RightToRentNotNeededIn names the nation a property outside England is
	// in, where no Right to Rent check is needed (ScopeFor); "" otherwise.
	RightToRentNotNeededIn string `json:"rightToRentNotNeededIn,omitempty"`
}

// Report returns a finished report of one of the landlord's own checks.
func (s *Service) Report(ctx context.Context, a session.Actor, checkID, renterID string) (LandlordReport, error) {
	out, propertyID, err := readyReport(ctx, s.db.Conn(), a.UserID, checkID, renterID)
	if err != nil {
		return LandlordReport{}, err
	}
	out.Property, err = s.place(ctx, propertyID)
	out.RightToRentNotNeededIn = notNeededIn(out.Property.Postcode)
	return out, err
}

// SendReport e-mails a finished report to the landlord again (DOWNLOAD),
// at most once a minute.
func (s *Service) SendReport(ctx context.Context, a session.Actor, checkID, renterID string) error {
	rep, err := s.Report(ctx, a, checkID, renterID)
	if err != nil {
		return err
	}
	landlord, err := s.accounts.Email(ctx, a.UserID)
	if err != nil {
		return apperr.Wrap(err, "landlord e-mail")
	}
	return s.db.Tx(ctx, func(tx db.Conn) error {
		now := s.clock.Now()
		if sent, err := noteReportSent(ctx, tx, renterID, now, now.Add(-resendGap)); err != nil {
			return err
		} else if !sent {
			return apperr.New(apperr.TooMany, "too_soon", MsgResendWait)
		}
		r, err := linkRenter(ctx, tx, checkID, renterID)
		if err != nil {
			return err
		}
		return s.mailReport(ctx, tx, landlord, r, rep.Report)
	})
}
