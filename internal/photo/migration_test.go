package photo_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Step 00014 moves property photos into the shared photos table as kind
// "property", keeping every column, with no hash or capture time known.
func TestMigrationCarriesPropertyPhotos(t *testing.T) {
	dbtest.Migrated(t, 13, []string{
		dbtest.Landlord,
		`INSERT INTO properties (id, landlord_id, status, addr_first_line, town, postcode, country, created_at, updated_at)
			VALUES ('p1', 'u1', 'Published', '1 High St', 'London', 'SW11 5RW', 'United Kingdom', 1, 1)`,
		`INSERT INTO property_photos (name, property_id, content_type, width, height, large_width, large_height, thumb_width, thumb_height, created_at)
			VALUES ('aaaaaaaaaaaaaaaa.jpg', 'p1', 'image/jpeg', 2400, 1800, 1600, 1200, 640, 480, 1700000000000)`,
		`INSERT INTO property_photos (name, property_id, content_type, width, height, created_at)
			VALUES ('bbbbbbbbbbbbbbbb.png', 'p1', 'image/png', 40, 30, 1700000000001)`,
	}, func(t *testing.T, d *db.DB) {
		ctx, c := context.Background(), d.Conn()
		type row struct {
			name, kind, owner, contentType, hash, origin string
			w, h, lw, lh, tw, th                         int
			captured                                     *int64
			uploaded                                     int64
		}
		got, err := db.All(ctx, c, func(s db.Scanner) (row, error) {
			var r row
			err := s.Scan(&r.name, &r.kind, &r.owner, &r.contentType, &r.w, &r.h, &r.lw, &r.lh, &r.tw, &r.th, &r.hash, &r.captured, &r.uploaded, &r.origin)
			return r, err
		}, `SELECT name, owner_kind, owner_id, content_type, width, height, large_width, large_height, thumb_width, thumb_height,
			sha256, captured_at, uploaded_at, origin FROM photos ORDER BY name`)
		if err != nil {
			t.Fatal(err)
		}
		want := []row{
			{"aaaaaaaaaaaaaaaa.jpg", "property", "p1", "image/jpeg", "", "upload", 2400, 1800, 1600, 1200, 640, 480, nil, 1700000000000},
			{"bbbbbbbbbbbbbbbb.png", "property", "p1", "image/png", "", "upload", 40, 30, 0, 0, 0, 0, nil, 1700000000001},
		}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("photos after the step:\n got %+v\nwant %+v", got, want)
		}
		var owners int
		if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM photo_owners WHERE owner_kind = 'property' AND owner_id = 'p1'`).Scan(&owners); err != nil || owners != 1 {
			t.Fatalf("photo owners: %d %v", owners, err)
		}
		if _, err := c.Exec(ctx, `SELECT 1 FROM property_photos`); err == nil {
			t.Fatal("property_photos is still there")
		}
	})
}
