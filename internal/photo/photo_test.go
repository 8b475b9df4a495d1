package photo_test

import (
	"bytes"
	"context"
	"image"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/photo"
)

var randomName = regexp.MustCompile(`^[a-z0-9]{16}\.(jpg|png)$`)

func upload(c *apptest.Client, propertyID, filename, contentType string, data []byte) apptest.Response {
	return c.Upload("/api/properties/"+propertyID+"/images", filename, contentType, data)
}

func TestUploadCleansStoresAndResizes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		r := upload(c, id, "IMG_0001.JPG", "image/jpeg", withGPS(jpegOf(t, 2400, 1800)))
		if r.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		img := r.Body["image"].(map[string]any)
		name := img["name"].(string)
		if !randomName.MatchString(name) || !strings.HasSuffix(name, ".jpg") {
			t.Fatalf("stored name %q is not 16 random characters + .jpg", name)
		}
		// Until the job runs, both sizes are the cleaned original.
		if img["url"] != "/api/photos/original/"+name || img["width"] != 2400.0 || img["height"] != 1800.0 {
			t.Fatalf("fresh upload view: %v", img)
		}
		status, h, body := fetch(t, c, img["url"].(string))
		if status != 200 || h.Get("Content-Type") != "image/jpeg" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("original: %d %v", status, h)
		}
		if bytes.Contains(body, gpsLatitude) || bytes.Contains(body, []byte("Exif")) {
			t.Fatal("the stored photo still carries its EXIF/GPS data")
		}

		e.RunJobs()
		ims := images(c.Get("/api/properties/"+id), "property")
		if len(ims) != 1 {
			t.Fatalf("property images: %v", ims)
		}
		got := ims[0]
		if got["url"] != "/api/photos/large/"+name || got["thumbUrl"] != "/api/photos/thumb/"+name {
			t.Fatalf("after resizing: %v", got)
		}
		if got["width"] != 1600.0 || got["height"] != 1200.0 || got["thumbWidth"] != 640.0 || got["thumbHeight"] != 480.0 {
			t.Fatalf("sizes: %v", got)
		}
		status, h, body = fetch(t, c, got["thumbUrl"].(string))
		if status != 200 || h.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("thumb: %d %v", status, h)
		}
		cfg, _, err := image.DecodeConfig(bytes.NewReader(body))
		if err != nil || cfg.Width != 640 || cfg.Height != 480 {
			t.Fatalf("thumb decodes as %v (%v)", cfg, err)
		}
	})
}

func TestKindComesFromTheContent(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		// A PNG renamed .jpg and declared as JPEG is stored as the PNG it is.
		r := upload(c, id, "holiday.jpg", "image/jpeg", pngOf(t, 300, 200))
		if r.Status != http.StatusCreated || !strings.HasSuffix(r.Body["image"].(map[string]any)["name"].(string), ".png") {
			t.Fatalf("png named .jpg: %d %s", r.Status, r.Raw)
		}
		gif := append([]byte("GIF89a"), make([]byte, 100)...)
		for _, bad := range []struct {
			name string
			data []byte
		}{
			{"notes.jpg", []byte("just some text, renamed to look like a photo")},
			{"anim.jpg", gif},
			{"doc.png", []byte("%PDF-1.7\n%binary")},
		} {
			r := upload(c, id, bad.name, "image/jpeg", bad.data)
			if r.Status != http.StatusBadRequest || r.ErrorMessage() != photo.MsgWrongType {
				t.Errorf("%s: %d %s", bad.name, r.Status, r.Raw)
			}
		}
	})
}

func TestSizeAndPixelLimits(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		// Just over 5 MB (inside the request cap): refused by the image check.
		over := append(jpegOf(t, 10, 10), make([]byte, 5*1024*1024)...)
		if r := upload(c, id, "big.jpg", "image/jpeg", over); r.Status != http.StatusRequestEntityTooLarge || r.ErrorMessage() != photo.MsgTooLarge {
			t.Errorf("over 5 MB: %d %s", r.Status, r.Raw)
		}
		// Far over: the request itself is cut off at the upload cap.
		huge := append(jpegOf(t, 10, 10), make([]byte, 9*1024*1024)...)
		if r := upload(c, id, "huge.jpg", "image/jpeg", huge); r.Status != http.StatusRequestEntityTooLarge || r.ErrorMessage() != photo.MsgTooLarge {
			t.Errorf("9 MB: %d %s", r.Status, r.Raw)
		}
		// A 57-byte PNG claiming 50,000 x 50,000 pixels is never decoded.
		if r := upload(c, id, "bomb.png", "image/png", bombPNG(50000, 50000)); r.Status != http.StatusBadRequest || r.ErrorMessage() != photo.MsgTooManyPixels {
			t.Errorf("bomb: %d %s", r.Status, r.Raw)
		}
		if r := c.Get("/api/properties/" + id); len(images(r, "property")) != 0 {
			t.Errorf("a refused upload was kept: %s", r.Raw)
		}
	})
}

func TestAtMostTenEvenAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		small := jpegOf(t, 40, 30)
		var wg sync.WaitGroup
		statuses := make([]int, 13)
		for i := range statuses {
			wg.Go(func() { statuses[i] = upload(c, id, "p.jpg", "image/jpeg", small).Status })
		}
		wg.Wait()
		created := 0
		for _, s := range statuses {
			if s == http.StatusCreated {
				created++
			} else if s != http.StatusConflict {
				t.Errorf("unexpected status %d", s)
			}
		}
		if created != photo.MaxPerProperty {
			t.Fatalf("%d uploads at once kept %d photos, want %d", len(statuses), created, photo.MaxPerProperty)
		}
		r := upload(c, id, "p.jpg", "image/jpeg", small)
		if r.Status != http.StatusConflict || r.ErrorMessage() != photo.MsgTooMany {
			t.Fatalf("eleventh: %d %s", r.Status, r.Raw)
		}
		// Deleting one makes room again.
		name := images(c.Get("/api/properties/"+id), "property")[0]["name"].(string)
		if r := c.Do("DELETE", "/api/properties/"+id+"/images/"+name, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if r := upload(c, id, "p.jpg", "image/jpeg", small); r.Status != http.StatusCreated {
			t.Fatalf("after delete: %d %s", r.Status, r.Raw)
		}
	})
}

func TestOnlyTheOwnerChangesPhotos(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, id := landlordWithProperty(t, e, "owner@example.com")
		other, otherID := landlordWithProperty(t, e, "other@example.com")
		name := upload(owner, id, "a.jpg", "image/jpeg", jpegOf(t, 50, 50)).Body["image"].(map[string]any)["name"].(string)
		if r := upload(other, id, "x.jpg", "image/jpeg", jpegOf(t, 50, 50)); r.Status != http.StatusNotFound {
			t.Errorf("upload to another's property: %d", r.Status)
		}
		for _, path := range []string{"/api/properties/" + id + "/images/" + name, "/api/properties/" + otherID + "/images/" + name} {
			if r := other.Do("DELETE", path, nil); r.Status != http.StatusNotFound {
				t.Errorf("other landlord DELETE %s: %d", path, r.Status)
			}
		}
		if r := e.NewClient().Upload("/api/properties/"+id+"/images", "a.jpg", "image/jpeg", jpegOf(t, 50, 50)); r.Status != http.StatusUnauthorized {
			t.Errorf("visitor upload: %d", r.Status)
		}
		if n := len(images(owner.Get("/api/properties/"+id), "property")); n != 1 {
			t.Fatalf("owner's photos changed: %d", n)
		}
	})
}

func TestWhoSeesThePhotos(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, id := landlordWithProperty(t, e, "owner@example.com")
		other, _ := landlordWithProperty(t, e, "other@example.com")
		visitor := e.NewClient()
		url := upload(owner, id, "a.jpg", "image/jpeg", jpegOf(t, 50, 50)).Body["image"].(map[string]any)["url"].(string)

		if s, h, _ := fetch(t, owner, url); s != 200 || h.Get("Cache-Control") != "private, no-cache" {
			t.Fatalf("owner of unpublished: %d %v", s, h)
		}
		for _, c := range []*apptest.Client{visitor, other} {
			if s, _, _ := fetch(t, c, url); s != 404 {
				t.Fatalf("unpublished photo reachable by others: %d", s)
			}
		}
		if r := owner.Do("PUT", "/api/properties/"+id+"/details", details); r.Status != 200 {
			t.Fatalf("publish: %d %s", r.Status, r.Raw)
		}
		if s, h, _ := fetch(t, visitor, url); s != 200 || !strings.HasPrefix(h.Get("Cache-Control"), "public") {
			t.Fatalf("visitor, published: %d %v", s, h)
		}
		l := visitor.Get("/api/listings/" + id)
		if ims := images(l, "listing"); len(ims) != 1 || ims[0]["url"] != url {
			t.Fatalf("listing images: %s", l.Raw)
		}
		// Search results carry them too (the cards show the first).
		found := visitor.Get("/api/listings?searchArea=SW11")
		results, _ := found.Body["listings"].([]any)
		if len(results) != 1 || len(results[0].(map[string]any)["images"].([]any)) != 1 {
			t.Fatalf("search results' images: %s", found.Raw)
		}
		if r := owner.Do("DELETE", "/api/properties/"+id, nil); r.Status != 200 {
			t.Fatalf("delete property: %d", r.Status)
		}
		for _, c := range []*apptest.Client{visitor, owner} {
			if s, _, _ := fetch(t, c, url); s != 404 {
				t.Fatalf("photo of a deleted property still served: %d", s)
			}
		}
		for _, bad := range []string{"/api/photos/original/../../secret.key", "/api/photos/huge/" + url[len("/api/photos/original/"):], "/api/photos/original/short.jpg"} {
			if s, _, _ := fetch(t, owner, bad); s != 404 {
				t.Errorf("%s: %d", bad, s)
			}
		}
	})
}

func TestDeleteRemovesTheFiles(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, id := landlordWithProperty(t, e, "owner@example.com")
		name := upload(c, id, "a.png", "image/png", pngOf(t, 800, 600)).Body["image"].(map[string]any)["name"].(string)
		e.RunJobs()
		ctx := context.Background()
		if objs, _ := e.App.Files.List(ctx, "properties/"+id+"/"); len(objs) != 3 {
			t.Fatalf("stored before delete: %v", objs)
		}
		if r := c.Do("DELETE", "/api/properties/"+id+"/images/"+name, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if objs, _ := e.App.Files.List(ctx, "properties/"+id+"/"); len(objs) != 0 {
			t.Fatalf("files left after delete: %v", objs)
		}
		if s, _, _ := fetch(t, c, "/api/photos/original/"+name); s != 404 {
			t.Fatalf("deleted photo served: %d", s)
		}
		if r := c.Do("DELETE", "/api/properties/"+id+"/images/"+name, nil); r.Status != http.StatusNotFound {
			t.Fatalf("second delete: %d", r.Status)
		}
	})
}
