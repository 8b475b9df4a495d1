package repair

import (
	"context"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of contractors, jobs and the tenant's shared phone number
// (migration 00047). Times are Unix milliseconds.

const contractorCols = `id, landlord_id, name, trade, phone, email, registration, insurance_expires, created_at, updated_at`

func scanContractor(row db.Scanner) (Contractor, error) {
	var c Contractor
	var created, updated int64
	err := row.Scan(&c.ID, &c.LandlordID, &c.Name, &c.Trade, &c.Phone, &c.Email, &c.Registration, &c.InsuranceExpires, &created, &updated)
	if errors.Is(err, db.NoRows) {
		return Contractor{}, apperr.New(apperr.NotFound, "not_found", MsgContractorNotFound)
	}
	if err != nil {
		return Contractor{}, apperr.Wrap(err, "scan contractor")
	}
	c.CreatedAt, c.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return c, nil
}

func insertContractor(ctx context.Context, c db.Conn, k Contractor) error {
	_, err := c.Exec(ctx, `INSERT INTO repair_contractors (`+contractorCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		k.ID, k.LandlordID, k.Name, k.Trade, k.Phone, k.Email, k.Registration, k.InsuranceExpires, k.CreatedAt.UnixMilli(), k.UpdatedAt.UnixMilli())
	return apperr.Wrap(err, "insert contractor")
}

func updateContractor(ctx context.Context, c db.Conn, k Contractor) error {
	_, err := c.Exec(ctx, `UPDATE repair_contractors SET name = ?, trade = ?, phone = ?, email = ?, registration = ?, insurance_expires = ?,
		updated_at = ? WHERE id = ? AND landlord_id = ?`, k.Name, k.Trade, k.Phone, k.Email, k.Registration, k.InsuranceExpires,
		k.UpdatedAt.UnixMilli(), k.ID, k.LandlordID)
	return apperr.Wrap(err, "update contractor")
}

func deleteContractor(ctx context.Context, c db.Conn, landlordID, id string) error {
	_, err := c.Exec(ctx, `DELETE FROM repair_contractors WHERE id = ? AND landlord_id = ?`, id, landlordID)
	return apperr.Wrap(err, "delete contractor")
}

// contractorByID is one of the landlord's contractors; anyone else's is not found.
func contractorByID(ctx context.Context, c db.Conn, landlordID, id string) (Contractor, error) {
	return scanContractor(c.QueryRow(ctx, `SELECT `+contractorCols+` FROM repair_contractors WHERE id = ? AND landlord_id = ?`, id, landlordID))
}

func contractorsOf(ctx context.Context, c db.Conn, landlordID string) ([]Contractor, error) {
	list, err := db.All(ctx, c, scanContractor, `SELECT `+contractorCols+` FROM repair_contractors WHERE landlord_id = ? ORDER BY name, id`, landlordID)
	return list, apperr.Wrap(err, "list contractors")
}

func jobsOfContractor(ctx context.Context, c db.Conn, contractorID string) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM repair_jobs WHERE contractor_id = ?`, contractorID).Scan(&n)
	return n, apperr.Wrap(err, "count contractor jobs")
}

const jobCols = `id, repair_id, seq, contractor_id, contractor_name, contractor_trade, contractor_phone, contractor_email, registration, note,
	token_hash, state, expires_at, appt_start, appt_end, appt_by, appt_confirmed_at, appt_confirmed_by, appt_round, short_notice,
	arrived_at, done_at, done_note, invoice_key, invoice_type, invoice_size, invoice_pence, invoice_at, wallet_id, created_at, updated_at`

var errJobGone = apperr.New(apperr.NotFound, "job_not_found", MsgJobGone)

func scanJob(row db.Scanner) (Job, error) {
	var j Job
	var expires, created, updated int64
	var start, end, confirmed, arrived, done, invoiced *int64
	err := row.Scan(&j.ID, &j.RepairID, &j.Seq, &j.ContractorID, &j.ContractorName, &j.ContractorTrade, &j.ContractorPhone, &j.ContractorEmail,
		&j.Registration, &j.Note, &j.TokenHash, &j.State, &expires, &start, &end, &j.ApptBy, &confirmed, &j.ApptConfirmedBy, &j.ApptRound,
		&j.ShortNotice, &arrived, &done, &j.DoneNote, &j.InvoiceKey, &j.InvoiceType, &j.InvoiceSize, &j.InvoicePence, &invoiced, &j.WalletID,
		&created, &updated)
	if errors.Is(err, db.NoRows) {
		return Job{}, errJobGone
	}
	if err != nil {
		return Job{}, apperr.Wrap(err, "scan repair job")
	}
	j.ExpiresAt, j.CreatedAt, j.UpdatedAt = time.UnixMilli(expires).UTC(), time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	j.ApptStart, j.ApptEnd, j.ApptConfirmedAt = fromMillis(start), fromMillis(end), fromMillis(confirmed)
	j.ArrivedAt, j.DoneAt, j.InvoiceAt = fromMillis(arrived), fromMillis(done), fromMillis(invoiced)
	return j, nil
}

func jobValues(j Job) []any {
	return []any{j.ID, j.RepairID, j.Seq, j.ContractorID, j.ContractorName, j.ContractorTrade, j.ContractorPhone, j.ContractorEmail, j.Registration,
		j.Note, j.TokenHash, j.State, j.ExpiresAt.UnixMilli(), millis(j.ApptStart), millis(j.ApptEnd), j.ApptBy, millis(j.ApptConfirmedAt),
		j.ApptConfirmedBy, j.ApptRound, j.ShortNotice, millis(j.ArrivedAt), millis(j.DoneAt), j.DoneNote, j.InvoiceKey, j.InvoiceType,
		j.InvoiceSize, j.InvoicePence, millis(j.InvoiceAt), j.WalletID, j.CreatedAt.UnixMilli(), j.UpdatedAt.UnixMilli()}
}

// insertJob adds a job numbered after the repair's others (the caller
// holds the repair's row locked).
func insertJob(ctx context.Context, c db.Conn, j *Job) error {
	if err := c.QueryRow(ctx, `SELECT COALESCE(MAX(seq), 0) + 1 FROM repair_jobs WHERE repair_id = ?`, j.RepairID).Scan(&j.Seq); err != nil {
		return apperr.Wrap(err, "number repair job")
	}
	_, err := c.Exec(ctx, `INSERT INTO repair_jobs (`+jobCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, jobValues(*j)...)
	return apperr.Wrap(err, "insert repair job")
}

// updateJob writes what may change of a job (not who it was sent to).
func updateJob(ctx context.Context, c db.Conn, j Job) error {
	_, err := c.Exec(ctx, `UPDATE repair_jobs SET state = ?, expires_at = ?, appt_start = ?, appt_end = ?, appt_by = ?, appt_confirmed_at = ?,
		appt_confirmed_by = ?, appt_round = ?, short_notice = ?, arrived_at = ?, done_at = ?, done_note = ?, invoice_key = ?, invoice_type = ?,
		invoice_size = ?, invoice_pence = ?, invoice_at = ?, wallet_id = ?, updated_at = ? WHERE id = ?`,
		j.State, j.ExpiresAt.UnixMilli(), millis(j.ApptStart), millis(j.ApptEnd), j.ApptBy, millis(j.ApptConfirmedAt), j.ApptConfirmedBy,
		j.ApptRound, j.ShortNotice, millis(j.ArrivedAt), millis(j.DoneAt), j.DoneNote, j.InvoiceKey, j.InvoiceType, j.InvoiceSize,
		j.InvoicePence, millis(j.InvoiceAt), j.WalletID, j.UpdatedAt.UnixMilli(), j.ID)
	return apperr.Wrap(err, "update repair job")
}

func jobByID(ctx context.Context, c db.Conn, id string) (Job, error) {
	return scanJob(c.QueryRow(ctx, `SELECT `+jobCols+` FROM repair_jobs WHERE id = ?`, id))
}

func jobByTokenHash(ctx context.Context, c db.Conn, hash string) (Job, error) {
	return scanJob(c.QueryRow(ctx, `SELECT `+jobCols+` FROM repair_jobs WHERE token_hash = ?`, hash))
}

// latestJob is the repair's newest job (errJobGone when none).
func latestJob(ctx context.Context, c db.Conn, repairID string) (Job, error) {
	return scanJob(c.QueryRow(ctx, `SELECT `+jobCols+` FROM repair_jobs WHERE repair_id = ? ORDER BY seq DESC LIMIT 1`, repairID))
}

// jobsOfRepair are all the repair's jobs, oldest first.
func jobsOfRepair(ctx context.Context, c db.Conn, repairID string) ([]Job, error) {
	list, err := db.All(ctx, c, scanJob, `SELECT `+jobCols+` FROM repair_jobs WHERE repair_id = ? ORDER BY seq`, repairID)
	return list, apperr.Wrap(err, "list repair jobs")
}

// Contact is the tenant's phone number, shared for the contractor.
type Contact struct {
	RepairID string
	UserID   string
	Name     string
	Phone    string
	AgreedAt time.Time
}

func contactOf(ctx context.Context, c db.Conn, repairID string) (*Contact, error) {
	var k Contact
	var at int64
	err := c.QueryRow(ctx, `SELECT repair_id, user_id, name, phone, agreed_at FROM repair_contacts WHERE repair_id = ?`, repairID).
		Scan(&k.RepairID, &k.UserID, &k.Name, &k.Phone, &at)
	if errors.Is(err, db.NoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "read repair contact")
	}
	k.AgreedAt = time.UnixMilli(at).UTC()
	return &k, nil
}

func saveContact(ctx context.Context, c db.Conn, k Contact) error {
	if _, err := c.Exec(ctx, `DELETE FROM repair_contacts WHERE repair_id = ?`, k.RepairID); err != nil {
		return apperr.Wrap(err, "replace repair contact")
	}
	_, err := c.Exec(ctx, `INSERT INTO repair_contacts (repair_id, user_id, name, phone, agreed_at) VALUES (?, ?, ?, ?, ?)`,
		k.RepairID, k.UserID, k.Name, k.Phone, k.AgreedAt.UnixMilli())
	return apperr.Wrap(err, "save repair contact")
}

func deleteContact(ctx context.Context, c db.Conn, repairID string) error {
	_, err := c.Exec(ctx, `DELETE FROM repair_contacts WHERE repair_id = ?`, repairID)
	return apperr.Wrap(err, "delete repair contact")
}
