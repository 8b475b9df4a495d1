package photo_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// With an S3 bucket configured, uploads land in the bucket and photos are
// served by short-lived signed URLs (an in-process S3 server stands in).
func TestPhotosInS3(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		backend := s3mem.New() // a bucket per database run: each counts its own objects
		if err := backend.CreateBucket("omnirent-photos"); err != nil {
			t.Fatal(err)
		}
		s3 := httptest.NewServer(gofakes3.New(backend).Server())
		t.Cleanup(s3.Close)
		e := apptest.Start(t, d, func(c *config.Config) {
			c.S3 = config.S3{Endpoint: strings.TrimPrefix(s3.URL, "http://"), Bucket: "omnirent-photos", Region: "us-east-1",
				AccessKey: "test-access", SecretKey: "test-secret", PathStyle: true}
		})
		c, id := landlordWithProperty(t, e, "owner@example.com")
		r := upload(c, id, "a.jpg", "image/jpeg", withGPS(jpegOf(t, 800, 600)))
		if r.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		name := r.Body["image"].(map[string]any)["name"].(string)
		list, err := backend.ListBucket("omnirent-photos", nil, gofakes3.ListBucketPage{})
		if err != nil || len(list.Contents) != 3 {
			t.Fatalf("bucket holds %v (%v), want original, large and thumb", list, err)
		}

		noFollow := &http.Client{Jar: c.HTTP.Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		req, _ := http.NewRequest("GET", e.Server.URL+"/api/photos/thumb/"+name, nil)
		res, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusFound || !strings.HasPrefix(loc, s3.URL+"/omnirent-photos/properties/"+id+"/thumb/") ||
			!strings.Contains(loc, "X-Amz-Signature=") || !strings.Contains(loc, "X-Amz-Expires=600") {
			t.Fatalf("want a signed redirect to the bucket, got %d %q", res.StatusCode, loc)
		}
		got, err := http.Get(loc)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(got.Body)
		got.Body.Close()
		if got.StatusCode != 200 || len(body) < 100 || body[0] != 0xFF || body[1] != 0xD8 {
			t.Fatalf("signed URL gave %d, %d bytes", got.StatusCode, len(body))
		}
		// A visitor may not get even a signed link to an unpublished photo.
		if r := e.NewClient().Get("/api/photos/thumb/" + name); r.Status != http.StatusNotFound {
			t.Fatalf("visitor: %d", r.Status)
		}
	})
}
