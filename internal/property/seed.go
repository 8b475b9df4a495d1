package property

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// SeedListings inserts n realistic Published listings spread over the UK's
// postcode districts for one landlord, in batches, for load tests
// (`omnirent seed listings`). Rows go straight to the store: going through
// the service would re-place every property, which is what we want to avoid
// measuring here.
func (s *Service) SeedListings(ctx context.Context, landlordID string, n int, seed uint64, progress func(done int)) error {
	g := geo.Default()
	districts := g.Districts()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	streets := []string{"High Street", "Station Road", "Church Lane", "Victoria Road", "Park Avenue", "Mill Lane", "Queen Street", "London Road"}
	now := s.clock.Now().UTC()
	const batch = 1000
	for start := 0; start < n; start += batch {
		err := s.db.Tx(ctx, func(c db.Conn) error {
			for i := start; i < min(start+batch, n); i++ {
				district := districts[rng.IntN(len(districts))]
				pt, _ := g.District(district)
				// Spread listings around the district centroid (about a mile).
				pt.Lat += (rng.Float64() - 0.5) * 0.03
				pt.Lon += (rng.Float64() - 0.5) * 0.045
				lat, lon := pt.Lat, pt.Lon
				cycle := Monthly
				rent := int64(500+rng.IntN(3500)) * 100
				if rng.IntN(5) == 0 {
					cycle, rent = Weekly, int64(120+rng.IntN(800))*100
				}
				moveIn := now.AddDate(0, 0, rng.IntN(120)).Format(time.DateOnly)
				published := now.Add(-time.Duration(rng.IntN(90*24*3600)) * time.Second)
				p := Property{
					ID: uuid.NewString(), LandlordID: landlordID, Status: Published,
					Address: Address{FirstLine: fmt.Sprintf("%d %s", 1+rng.IntN(200), streets[rng.IntN(len(streets))]),
						Town: district, Postcode: fmt.Sprintf("%s %d%c%c", district, rng.IntN(10), 'A'+rune(rng.IntN(26)), 'A'+rune(rng.IntN(26))), Country: "United Kingdom"},
					Latitude: &lat, Longitude: &lon, NearbyStations: []NearbyStation{},
					RentPence: &rent, RentCycle: cycle, BedroomCount: rng.IntN(6), BathroomCount: 1 + rng.IntN(3), SofasCount: rng.IntN(3),
					FurnishStatus: []string{"Furnished", "Unfurnished"}[rng.IntN(2)], MoveInDate: &moveIn,
					ShortDescription: "A well-kept home close to shops and transport.", CreatedAt: published, UpdatedAt: published, PublishedAt: &published,
				}
				if err := s.store.insert(ctx, c, p); err != nil {
					return err
				}
				if err := s.store.updateDetails(ctx, c, p); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if progress != nil {
			progress(min(start+batch, n))
		}
	}
	return nil
}
