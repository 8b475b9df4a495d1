package property

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// SeedListings inserts n realistic Published listings spread over the UK's
// postcode districts for one landlord, for load tests (`omnirent seed
// listings`). Rows go straight to the table: going through the service would
// re-place every property, which is what we want to avoid measuring here.
// They are written whole, seedRowsPerInsert to a multi-row INSERT and
// seedRowsPerTx to a transaction: a million rows on PostgreSQL in about a
// minute instead of two round trips a row.
func (s *Service) SeedListings(ctx context.Context, landlordID string, n int, seed uint64, progress func(done int)) error {
	g := geo.Default()
	districts := g.Districts()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	streets := []string{"High Street", "Station Road", "Church Lane", "Victoria Road", "Park Avenue", "Mill Lane", "Queen Street", "London Road"}
	now := s.clock.Now().UTC()
	for start := 0; start < n; start += seedRowsPerTx {
		end := min(start+seedRowsPerTx, n)
		err := s.db.Tx(ctx, func(c db.Conn) error {
			for from := start; from < end; from += seedRowsPerInsert {
				var args []any
				rows := min(from+seedRowsPerInsert, end) - from
				for range rows {
					district := districts[rng.IntN(len(districts))]
					pt, _ := g.District(district)
					// Spread listings around the district centroid (about a mile).
					pt.Lat += (rng.Float64() - 0.5) * 0.03
					pt.Lon += (rng.Float64() - 0.5) * 0.045
					cycle := Monthly
					rent := int64(500+rng.IntN(3500)) * 100
					if rng.IntN(5) == 0 {
						cycle, rent = Weekly, int64(120+rng.IntN(800))*100
					}
					moveIn := now.AddDate(0, 0, rng.IntN(120)).Format(time.DateOnly)
					published := now.Add(-time.Duration(rng.IntN(90*24*3600)) * time.Second).UnixMilli()
					first := fmt.Sprintf("%d %s", 1+rng.IntN(200), streets[rng.IntN(len(streets))])
					postcode := fmt.Sprintf("%s %d%c%c", district, rng.IntN(10), 'A'+rune(rng.IntN(26)), 'A'+rune(rng.IntN(26)))
					beds, baths, sofas := rng.IntN(6), 1+rng.IntN(3), rng.IntN(3)
					furnish := []string{"Furnished", "Unfurnished"}[rng.IntN(2)]
					kind := []string{"Flat", "House", "Maisonette", "Bungalow"}[rng.IntN(4)]
					if beds == 0 {
						kind = Studio
					}
					deposit := MonthlyPence(rent, cycle) / 100 * 100 // a month's rent, in whole pounds: within the cap
					band, epc := CouncilTaxBands[rng.IntN(8)], EPCRatings[rng.IntN(5)]
					args = append(args, uuid.NewString(), landlordID, Published, first, "", district, postcode, "United Kingdom",
						pt.Lat, pt.Lon, "[]", rent, cycle, MonthlyPence(rent, cycle), beds, baths, sofas, furnish, moveIn,
						"A well-kept home close to shops and transport.", published, published, published,
						kind, deposit, band, epc, "[]", true)
				}
				marks := strings.Repeat(",("+strings.TrimSuffix(strings.Repeat("?,", seedColumns), ",")+")", rows)[1:]
				if _, err := c.Exec(ctx, seedInsert+marks, args...); err != nil {
					return apperr.Wrap(err, "seed listings")
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if progress != nil {
			progress(end)
		}
	}
	return nil
}

const (
	seedRowsPerInsert = 500 // 29 parameters a row: under SQLite's 32,766 and PostgreSQL's 65,535
	seedRowsPerTx     = 10_000
	seedColumns       = 29
	seedInsert        = `INSERT INTO properties (id, landlord_id, status, addr_first_line, addr_second_line, town, postcode, country,
	latitude, longitude, nearby_stations, rent_pence, rent_cycle, monthly_rent_pence, bedroom_count, bathroom_count, sofas_count,
	furnish_status, move_in_date, short_description, created_at, updated_at, published_at,
	property_type, deposit_pence, council_tax_band, epc_rating, bills_included, pets_considered) VALUES `
)
