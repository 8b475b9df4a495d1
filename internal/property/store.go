package property

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of the property domain, only its own tables (properties,
// listing_enquiries, the search index).
//
// Store style, the same in every area: an area's SQL lives in its store
// file(s) (store.go, and search_store.go here) as package functions that
// take a db.Conn first after the context — the pool's (s.db.Conn()) or a
// transaction's (db.Tx), so the service decides what runs together. Each
// table has one scan function taking a db.Scanner, used for a single row
// (QueryRow) and for lists (db.All). Stores answer apperr errors: NotFound
// with the area's message for a missing row, Wrap(err, "what it was doing")
// otherwise. Other areas' tables are never read or written: ask their
// services, through a small interface wired in internal/app.

const cols = `id, landlord_id, status, addr_first_line, addr_second_line, town, postcode, country,
	latitude, longitude, nearby_stations, rent_pence, rent_cycle, bedroom_count, bathroom_count, sofas_count,
	furnish_status, move_in_date, short_description, created_at, updated_at, published_at,
	property_type, deposit_pence, council_tax_band, epc_rating, bills_included, pets_considered, epc_exemption, epc_exemption_ref`

func scan(row db.Scanner) (Property, error) {
	var p Property
	var lat, lon sql.NullFloat64
	var stations string
	var rent, published sql.NullInt64
	var moveIn sql.NullString
	var created, updated int64
	var deposit sql.NullInt64
	var bills string
	var pets sql.NullBool
	err := row.Scan(&p.ID, &p.LandlordID, &p.Status, &p.Address.FirstLine, &p.Address.SecondLine, &p.Address.Town,
		&p.Address.Postcode, &p.Address.Country, &lat, &lon, &stations, &rent, &p.RentCycle, &p.BedroomCount,
		&p.BathroomCount, &p.SofasCount, &p.FurnishStatus, &moveIn, &p.ShortDescription, &created, &updated, &published,
		&p.PropertyType, &deposit, &p.CouncilTaxBand, &p.EPCRating, &bills, &pets, &p.EPCExemption, &p.EPCExemptionRef)
	if errors.Is(err, db.NoRows) {
		return Property{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Property{}, apperr.Wrap(err, "scan property")
	}
	if lat.Valid && lon.Valid {
		p.Latitude, p.Longitude = &lat.Float64, &lon.Float64
	}
	// Most rows hold no stations and no bills ("[]"): decoded without
	// encoding/json, to the same empty (not nil) lists.
	if stations == "[]" {
		p.NearbyStations = []NearbyStation{}
	} else if err := json.Unmarshal([]byte(stations), &p.NearbyStations); err != nil {
		return Property{}, apperr.Wrap(err, "decode stations")
	}
	if rent.Valid {
		p.RentPence = &rent.Int64
	}
	if deposit.Valid {
		p.DepositPence = &deposit.Int64
	}
	if pets.Valid {
		p.PetsConsidered = &pets.Bool
	}
	if bills == "[]" {
		p.BillsIncluded = []string{}
	} else if err := json.Unmarshal([]byte(bills), &p.BillsIncluded); err != nil || p.BillsIncluded == nil {
		p.BillsIncluded = []string{}
	}
	if moveIn.Valid {
		p.MoveInDate = &moveIn.String
	}
	if published.Valid {
		t := time.UnixMilli(published.Int64).UTC()
		p.PublishedAt = &t
	}
	p.CreatedAt, p.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return p, nil
}

func insert(ctx context.Context, c db.Conn, p Property) error {
	stations, err := json.Marshal(p.NearbyStations)
	if err != nil {
		return apperr.Wrap(err, "encode stations")
	}
	_, err = c.Exec(ctx, `INSERT INTO properties (id, landlord_id, status, addr_first_line, addr_second_line, town, postcode, country,
		latitude, longitude, nearby_stations, rent_cycle, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.LandlordID, p.Status, p.Address.FirstLine, p.Address.SecondLine, p.Address.Town, p.Address.Postcode, p.Address.Country,
		p.Latitude, p.Longitude, string(stations), p.RentCycle, p.CreatedAt.UnixMilli(), p.UpdatedAt.UnixMilli())
	return apperr.Wrap(err, "insert property")
}

// own reads a live (not Disabled) property of the landlord. Another
// landlord's id, or a deleted property, is simply not found.
func own(ctx context.Context, c db.Conn, landlordID, id string) (Property, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM properties WHERE id = ? AND landlord_id = ? AND status <> 'Disabled'`, id, landlordID))
}

// lockOwn is own inside a transaction that will write the property: the
// row stays locked until it ends, so two changes (a save and an unpublish,
// a save and a recorded certificate's rating) cannot both start from the
// same copy and the later undo the earlier. SQLite's transactions take the
// write lock when they begin (_txlock=immediate); PostgreSQL locks the row.
func lockOwn(ctx context.Context, c db.Conn, d db.Dialect, landlordID, id string) (Property, error) {
	q := `SELECT ` + cols + ` FROM properties WHERE id = ? AND landlord_id = ? AND status <> 'Disabled'`
	if d == db.Postgres {
		q += ` FOR UPDATE`
	}
	return scan(c.QueryRow(ctx, q, id, landlordID))
}

// statusOf reads a property's status and landlord, whatever the status.
func statusOf(ctx context.Context, c db.Conn, id string) (Status, string, error) {
	var status Status
	var landlordID string
	err := c.QueryRow(ctx, `SELECT status, landlord_id FROM properties WHERE id = ?`, id).Scan(&status, &landlordID)
	if errors.Is(err, db.NoRows) {
		return "", "", apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return status, landlordID, apperr.Wrap(err, "read property status")
}

func listOwn(ctx context.Context, c db.Conn, landlordID string) ([]Property, error) {
	return collect(ctx, c, `SELECT `+cols+` FROM properties WHERE landlord_id = ? AND status <> 'Disabled' ORDER BY created_at DESC, id DESC`, landlordID)
}

func countLive(ctx context.Context, c db.Conn, landlordID string) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM properties WHERE landlord_id = ? AND status <> 'Disabled'`, landlordID).Scan(&n)
	return n, apperr.Wrap(err, "count properties")
}

// updateAddress saves the address, its place, and what the move changed of
// the listing's law-bound facts (council tax band, bills, EPC exemption).
func updateAddress(ctx context.Context, c db.Conn, p Property) error {
	stations, err := json.Marshal(p.NearbyStations)
	if err != nil {
		return apperr.Wrap(err, "encode stations")
	}
	bills, err := json.Marshal(p.BillsIncluded)
	if err != nil || p.BillsIncluded == nil {
		bills = []byte("[]")
	}
	_, err = c.Exec(ctx, `UPDATE properties SET addr_first_line = ?, addr_second_line = ?, town = ?, postcode = ?, country = ?,
		latitude = ?, longitude = ?, nearby_stations = ?, council_tax_band = ?, bills_included = ?, epc_exemption = ?,
		epc_exemption_ref = ?, updated_at = ? WHERE id = ? AND landlord_id = ?`,
		p.Address.FirstLine, p.Address.SecondLine, p.Address.Town, p.Address.Postcode, p.Address.Country,
		p.Latitude, p.Longitude, string(stations), p.CouncilTaxBand, string(bills), p.EPCExemption, p.EPCExemptionRef,
		p.UpdatedAt.UnixMilli(), p.ID, p.LandlordID)
	return apperr.Wrap(err, "update address")
}

func updateDetails(ctx context.Context, c db.Conn, p Property) error {
	var monthly any
	if p.RentPence != nil {
		monthly = MonthlyPence(*p.RentPence, p.RentCycle)
	}
	bills, err := json.Marshal(p.BillsIncluded)
	if err != nil || p.BillsIncluded == nil {
		bills = []byte("[]")
	}
	_, err = c.Exec(ctx, `UPDATE properties SET rent_pence = ?, rent_cycle = ?, monthly_rent_pence = ?, bedroom_count = ?,
		bathroom_count = ?, sofas_count = ?, furnish_status = ?, move_in_date = ?, short_description = ?, status = ?,
		published_at = ?, updated_at = ?, property_type = ?, deposit_pence = ?, council_tax_band = ?, epc_rating = ?,
		bills_included = ?, pets_considered = ?, epc_exemption = ?, epc_exemption_ref = ? WHERE id = ? AND landlord_id = ?`,
		p.RentPence, p.RentCycle, monthly, p.BedroomCount, p.BathroomCount, p.SofasCount, p.FurnishStatus, p.MoveInDate,
		p.ShortDescription, p.Status, millis(p.PublishedAt), p.UpdatedAt.UnixMilli(), p.PropertyType, p.DepositPence,
		p.CouncilTaxBand, p.EPCRating, string(bills), p.PetsConsidered, p.EPCExemption, p.EPCExemptionRef, p.ID, p.LandlordID)
	return apperr.Wrap(err, "update details")
}

func setStatus(ctx context.Context, c db.Conn, p Property) error {
	_, err := c.Exec(ctx, `UPDATE properties SET status = ?, published_at = ?, updated_at = ? WHERE id = ? AND landlord_id = ?`,
		p.Status, millis(p.PublishedAt), p.UpdatedAt.UnixMilli(), p.ID, p.LandlordID)
	return apperr.Wrap(err, "set status")
}

func millis(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UnixMilli()
}

// where builds the shared search conditions for Published rows.
func (q query) where() (string, []any) {
	conds := []string{"status = 'Published'"}
	var args []any
	add := func(cond string, v any) {
		conds = append(conds, cond)
		args = append(args, v)
	}
	if q.mineOf != "" {
		add("landlord_id = ?", q.mineOf)
	}
	if q.minBeds != nil {
		add("bedroom_count >= ?", *q.minBeds)
	}
	if q.maxBeds != nil {
		add("bedroom_count <= ?", *q.maxBeds)
	}
	if q.minBaths != nil {
		add("bathroom_count >= ?", *q.minBaths)
	}
	if q.maxBaths != nil {
		add("bathroom_count <= ?", *q.maxBaths)
	}
	if q.minMonthly != nil {
		add("monthly_rent_pence >= ?", *q.minMonthly)
	}
	if q.maxMonthly != nil {
		add("monthly_rent_pence <= ?", *q.maxMonthly)
	}
	return strings.Join(conds, " AND "), args
}

// byIDs loads the listed rows (one page), in no particular order.
func byIDs(ctx context.Context, c db.Conn, ids []string) ([]Property, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	return collect(ctx, c, `SELECT `+cols+` FROM properties WHERE id IN (`+marks+`)`, args...)
}

// collect lists properties with the one scan of the table.
func collect(ctx context.Context, c db.Conn, query string, args ...any) ([]Property, error) {
	out, err := db.All(ctx, c, scan, query, args...)
	return out, apperr.Wrap(err, "list properties")
}

func published(ctx context.Context, c db.Conn, id string) (Property, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+` FROM properties WHERE id = ? AND status = 'Published'`, id))
}

func insertEnquiry(ctx context.Context, c db.Conn, id, propertyID, requesterID, message string, now time.Time) error {
	_, err := c.Exec(ctx, `INSERT INTO listing_enquiries (id, property_id, requester_id, message, created_at) VALUES (?, ?, ?, ?, ?)`,
		id, propertyID, requesterID, message, now.UnixMilli())
	return apperr.Wrap(err, "insert enquiry")
}

func countEnquiriesSince(ctx context.Context, c db.Conn, requesterID string, since time.Time) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM listing_enquiries WHERE requester_id = ? AND created_at >= ?`, requesterID, since.UnixMilli()).Scan(&n)
	return n, apperr.Wrap(err, "count enquiries")
}
