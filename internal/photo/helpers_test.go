package photo_test

import (
	"encoding/binary"
	"hash/crc32"
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

var address = map[string]any{"address": map[string]any{
	"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom",
}}

var details = map[string]any{
	"propertyType": "Flat", "depositPence": 185000, "councilTaxBand": "C", "epcRating": "C", "billsIncluded": []string{}, "petsConsidered": true,
	"rentPence": 185000, "rentCycle": "Monthly", "bedroomCount": 2, "bathroomCount": 1, "sofasCount": 1,
	"furnishStatus": "Furnished", "moveInDate": "2026-12-01", "shortDescription": "Bright flat.", "publish": true,
}

// landlordWithProperty signs up a landlord and adds one (Active) property.
func landlordWithProperty(t testing.TB, e *apptest.Env, email string) (*apptest.Client, string) {
	t.Helper()
	c := e.SignedIn(email, "Secret#123", "Landlord")
	r := c.Post("/api/properties", address)
	if r.Status != http.StatusCreated {
		t.Fatalf("create property: %d %s", r.Status, r.Raw)
	}
	return c, r.Body["property"].(map[string]any)["id"].(string)
}

// jpegOf and pngOf are real test images (internal/platform/imaging/imagingtest).
var jpegOf, pngOf = imagingtest.JPEG, imagingtest.PNG

// gpsLatitude is the GPSLatitude rational block 48/1 51/1 2956/100: if it
// survives an upload, the photo still says where it was taken.
var gpsLatitude = []byte{0, 0, 0, 48, 0, 0, 0, 1, 0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0x0B, 0x8C, 0, 0, 0, 100}

// withGPS splices an EXIF segment holding a GPS latitude into a JPEG.
func withGPS(jpg []byte) []byte {
	be := binary.BigEndian
	var t []byte
	t = append(t, 'M', 'M', 0, 42, 0, 0, 0, 8)
	t = be.AppendUint16(t, 1)
	t = be.AppendUint16(t, 0x8825) // GPS IFD pointer
	t = be.AppendUint16(t, 4)
	t = be.AppendUint32(t, 1)
	t = be.AppendUint32(t, 26)
	t = be.AppendUint32(t, 0)
	t = be.AppendUint16(t, 1) // GPS IFD at 26: one entry, rationals at 44
	t = be.AppendUint16(t, 0x0002)
	t = be.AppendUint16(t, 5)
	t = be.AppendUint32(t, 3)
	t = be.AppendUint32(t, 44)
	t = be.AppendUint32(t, 0)
	t = append(t, gpsLatitude...)
	return imagingtest.SpliceExif(jpg, t)
}

// bombPNG is a tiny PNG whose header claims w x h pixels.
func bombPNG(w, h uint32) []byte {
	b := []byte{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}
	ihdr := []byte("IHDR")
	ihdr = binary.BigEndian.AppendUint32(ihdr, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0)
	b = binary.BigEndian.AppendUint32(b, 13)
	b = append(b, ihdr...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(ihdr))
}

func images(r apptest.Response, key string) []map[string]any {
	obj, _ := r.Body[key].(map[string]any)
	list, _ := obj["images"].([]any)
	out := make([]map[string]any, len(list))
	for i, v := range list {
		out[i], _ = v.(map[string]any)
	}
	return out
}

// fetch gets a photo URL as raw bytes.
func fetch(t *testing.T, c *apptest.Client, url string) (int, http.Header, []byte) {
	t.Helper()
	r := c.Get(url)
	return r.Status, r.Header, []byte(r.Raw)
}
