package refcheck

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/affordability"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/money"
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
	var checkID, renterID string
	err := s.db.Conn().QueryRow(ctx, `SELECT check_id, id FROM reference_check_renters WHERE bank_state = ?`, state).Scan(&checkID, &renterID)
	if errors.Is(err, db.NoRows) {
		return "", apperr.New(apperr.NotFound, "not_found", MsgLinkInvalid)
	}
	if err != nil {
		return "", apperr.Wrap(err, "find consent")
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
		if _, err := tx.Exec(ctx, `UPDATE reference_check_renters SET bank_code = ?, report_status = 'processing', report_attempts = 0
			WHERE id = ? AND report_status <> 'processing'`, code, renterID); err != nil {
			return apperr.Wrap(err, "save consent")
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
		res, err := tx.Exec(ctx, `UPDATE reference_check_renters SET report = ?, report_status = 'ready', report_at = ?, report_sent_at = ?,
			status = ?, bank_code = '' WHERE id = ? AND report_status = 'processing'`,
			string(body), now.UnixMilli(), now.UnixMilli(), ProcessComplete, r.ID)
		if err != nil {
			return apperr.Wrap(err, "save report")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
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
		if err := tx.QueryRow(ctx, `UPDATE reference_check_renters SET report_attempts = report_attempts + 1 WHERE id = ?
			RETURNING report_attempts`, r.ID).Scan(&tries); err != nil {
			return apperr.Wrap(err, "count report attempt")
		}
		if tries < reportTries {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE reference_check_renters SET report_status = 'failed', bank_code = '' WHERE id = ?`, r.ID); err != nil {
			return apperr.Wrap(err, "mark report failed")
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
}

// Report returns a finished report of one of the landlord's own checks.
func (s *Service) Report(ctx context.Context, landlordID, checkID, renterID string) (LandlordReport, error) {
	var out LandlordReport
	var body, propertyID string
	var readyAt int64
	err := s.db.Conn().QueryRow(ctx, `SELECT r.name, r.email, r.report, r.report_at, k.property_id, k.rent_pence
		FROM reference_check_renters r JOIN reference_checks k ON k.id = r.check_id
		WHERE r.id = ? AND k.id = ? AND k.landlord_id = ? AND r.report_status = 'ready'`, renterID, checkID, landlordID).
		Scan(&out.Name, &out.Email, &body, &readyAt, &propertyID, &out.RentPence)
	if errors.Is(err, db.NoRows) {
		return LandlordReport{}, apperr.New(apperr.NotFound, "not_found", "Report not found.")
	}
	if err != nil {
		return LandlordReport{}, apperr.Wrap(err, "read report")
	}
	if err := json.Unmarshal([]byte(body), &out.Report); err != nil {
		return LandlordReport{}, apperr.Wrap(err, "decode report")
	}
	out.CheckID, out.RenterID, out.ReadyAt = checkID, renterID, time.UnixMilli(readyAt).UTC()
	out.Property, err = s.place(ctx, propertyID)
	return out, err
}

// SendReport e-mails a finished report to the landlord again (DOWNLOAD),
// at most once a minute.
func (s *Service) SendReport(ctx context.Context, landlordID, checkID, renterID string) error {
	rep, err := s.Report(ctx, landlordID, checkID, renterID)
	if err != nil {
		return err
	}
	landlord, err := s.accounts.Email(ctx, landlordID)
	if err != nil {
		return apperr.Wrap(err, "landlord e-mail")
	}
	return s.db.Tx(ctx, func(tx db.Conn) error {
		now := s.clock.Now()
		res, err := tx.Exec(ctx, `UPDATE reference_check_renters SET report_sent_at = ? WHERE id = ? AND (report_sent_at IS NULL OR report_sent_at <= ?)`,
			now.UnixMilli(), renterID, now.Add(-resendGap).UnixMilli())
		if err != nil {
			return apperr.Wrap(err, "note report sent")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.New(apperr.TooMany, "too_soon", MsgResendWait)
		}
		r, err := linkRenter(ctx, tx, checkID, renterID)
		if err != nil {
			return err
		}
		return s.mailReport(ctx, tx, landlord, r, rep.Report)
	})
}
