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
// services, through a small interface wired in internal/app. (A search
// page's statement carries its photos as a column the photo mechanism lends
// through that interface, PhotoLister.ViewsColumn: the SQL is the photo
// mechanism's, which this package never spells.)

const cols = `id, landlord_id, status, addr_first_line, addr_second_line, town, postcode, country,
	latitude, longitude, nearby_stations, rent_pence, rent_cycle, bedroom_count, bathroom_count, sofas_count,
	furnish_status, move_in_date, short_description, created_at, updated_at, published_at,
	property_type, deposit_pence, council_tax_band, epc_rating, bills_included, pets_considered, epc_exemption, epc_exemption_ref`

func scan(row db.Scanner) (Property, error) { return newRowScan().scan(row) }

// rowScan is what a row of the table is scanned into. A list keeps one for
// all its rows (collectN), so its 30 destinations are set up once, not for
// every row (issue 29: they were a quarter of a search page's allocations).
type rowScan struct {
	p                Property
	lat, lon         sql.NullFloat64
	stations, bills  string
	rent, published  sql.NullInt64
	deposit          sql.NullInt64
	moveIn           sql.NullString
	created, updated int64
	pets             sql.NullBool
	photos           sql.NullString // a search page's photos column (newPageScan)
	dest             []any
}

func newRowScan() *rowScan {
	r := &rowScan{}
	p := &r.p
	r.dest = []any{&p.ID, &p.LandlordID, &p.Status, &p.Address.FirstLine, &p.Address.SecondLine, &p.Address.Town,
		&p.Address.Postcode, &p.Address.Country, &r.lat, &r.lon, &r.stations, &r.rent, &p.RentCycle, &p.BedroomCount,
		&p.BathroomCount, &p.SofasCount, &p.FurnishStatus, &r.moveIn, &p.ShortDescription, &r.created, &r.updated, &r.published,
		&p.PropertyType, &r.deposit, &p.CouncilTaxBand, &p.EPCRating, &r.bills, &r.pets, &p.EPCExemption, &p.EPCExemptionRef}
	return r
}

// newPageScan is newRowScan for a search page's statement (Service.pageSelect),
// whose last column is the row's photos.
func newPageScan() *rowScan {
	r := newRowScan()
	r.dest = append(r.dest, &r.photos)
	return r
}

// scanResult reads one row of a search page with its photos' column, kept
// as the statement gave it (decoded when the card is encoded, cards.go).
func (r *rowScan) scanResult(row db.Scanner) (Result, error) {
	p, err := r.scan(row)
	return Result{Property: p, photos: r.photos.String}, err
}

// scan reads one row. What it returns shares nothing with r, which the
// next row overwrites.
func (r *rowScan) scan(row db.Scanner) (Property, error) {
	r.p = Property{}
	err := row.Scan(r.dest...)
	if errors.Is(err, db.NoRows) {
		return Property{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Property{}, apperr.Wrap(err, "scan property")
	}
	p := r.p
	if r.lat.Valid && r.lon.Valid {
		lat, lon := r.lat.Float64, r.lon.Float64
		p.Latitude, p.Longitude = &lat, &lon
	}
	// Most rows hold no stations and no bills ("[]"): decoded without
	// encoding/json, to the same empty (not nil) lists.
	// (Decoded into their own variables: the address of a field of p would
	// move the whole of p to the heap.)
	stations := []NearbyStation{}
	if r.stations != "[]" {
		if err := json.Unmarshal([]byte(r.stations), &stations); err != nil {
			return Property{}, apperr.Wrap(err, "decode stations")
		}
	}
	p.NearbyStations = stations
	if r.rent.Valid {
		rent := r.rent.Int64
		p.RentPence = &rent
	}
	if r.deposit.Valid {
		deposit := r.deposit.Int64
		p.DepositPence = &deposit
	}
	if r.pets.Valid {
		pets := r.pets.Bool
		p.PetsConsidered = &pets
	}
	var bills []string
	if r.bills != "[]" {
		if err := json.Unmarshal([]byte(r.bills), &bills); err != nil {
			bills = nil
		}
	}
	if bills == nil {
		bills = []string{}
	}
	p.BillsIncluded = bills
	if r.moveIn.Valid {
		moveIn := r.moveIn.String
		p.MoveInDate = &moveIn
	}
	if r.published.Valid {
		t := time.UnixMilli(r.published.Int64).UTC()
		p.PublishedAt = &t
	}
	p.CreatedAt, p.UpdatedAt = time.UnixMilli(r.created).UTC(), time.UnixMilli(r.updated).UTC()
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
	return collectN(ctx, c, len(ids), `SELECT `+cols+` FROM properties WHERE id IN (`+marks+`)`, args...)
}

// collect lists properties with the one scan of the table.
func collect(ctx context.Context, c db.Conn, query string, args ...any) ([]Property, error) {
	return collectN(ctx, c, 0, query, args...)
}

// collectN is collect for at most n rows (a page): room for them is made
// once.
func collectN(ctx context.Context, c db.Conn, n int, query string, args ...any) ([]Property, error) {
	out, err := db.AllInto(ctx, c, make([]Property, 0, n), newRowScan().scan, query, args...)
	return out, apperr.Wrap(err, "list properties")
}

// pageByIDs loads the listed rows of a search page with their photos, in
// no particular order. sel is Service.pageSelect.
func pageByIDs(ctx context.Context, c db.Conn, sel string, ids []string) ([]Result, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	return pageRows(ctx, c, len(ids), sel+` WHERE id IN (`+marks+`)`, args...)
}

// pageRows reads at most n rows of a search page (room for them made once),
// each with its photos' column.
func pageRows(ctx context.Context, c db.Conn, n int, query string, args ...any) ([]Result, error) {
	out, err := db.AllInto(ctx, c, make([]Result, 0, n), newPageScan().scanResult, query, args...)
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
