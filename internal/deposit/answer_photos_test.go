package deposit_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/deposit"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// phoneJPEG is a photo as a phone takes it: a JPEG whose EXIF says when
// (Fri 30 Oct 2026, 14:05 UK time) and where it was taken.
func phoneJPEG(t testing.TB) []byte {
	return imagingtest.WithExif(imagingtest.JPEG(t, 800, 600), imagingtest.Exif{Taken: "2026:10:30 14:05:00", GPS: true, Lat: 51.5072, Lng: -0.1276})
}

func photosURL(lineID string) string { return "/api/deposits/lines/" + lineID + "/answer/photos" }

func addPhoto(c *apptest.Client, lineID string, data []byte) apptest.Response {
	return c.Upload(photosURL(lineID), "IMG_0412.jpg", "image/jpeg", data)
}

// mustAddPhoto adds a photo and answers its id.
func mustAddPhoto(t *testing.T, c *apptest.Client, lineID string, data []byte) string {
	t.Helper()
	r := addPhoto(c, lineID, data)
	if r.Status != http.StatusCreated {
		t.Fatalf("add photo: %d %s", r.Status, r.Raw)
	}
	mine := r.Body["line"].(map[string]any)["myAnswer"].(map[string]any)["photos"].([]any)
	return mine[len(mine)-1].(map[string]any)["id"].(string)
}

// storedFiles counts the files of a tenancy's dispute photos.
func storedFiles(t *testing.T, e *apptest.Env, tenancyID string) int {
	t.Helper()
	list, err := e.App.Files.List(context.Background(), "deposits/"+tenancyID+"/answers/")
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

// lineOf is the line as c sees it in the tenancy's deductions.
func lineOf(t *testing.T, c *apptest.Client, tenancyID, lineID string) map[string]any {
	t.Helper()
	for _, l := range deductions(t, c, tenancyID)["lines"].([]any) {
		if m := l.(map[string]any); m["id"] == lineID {
			return m
		}
	}
	t.Fatalf("line %s not found", lineID)
	return nil
}

func answerOf(t *testing.T, line map[string]any, name string) map[string]any {
	t.Helper()
	for _, a := range line["answers"].([]any) {
		if m := a.(map[string]any); m["name"] == name {
			return m
		}
	}
	t.Fatalf("no answer of %s in %v", name, line["answers"])
	return nil
}

// A tenant disputes the carpet with a phone photo and a PNG: the landlord
// sees both beside the comment, with the day the photo was taken; the file
// served is the photo without its EXIF (no position, no capture time) and
// its thumbnail is a small JPEG. A text file named .jpg is refused with
// the message saying what is accepted, nothing stored; a photo over 10 MB
// is refused; the seventh photo is refused. The evidence pack gets the
// photos' bytes with the capture time.
func TestDisputePhotos(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		id := addLine(t, h, carpet)["id"].(string)
		if r := answer(h.Tom, id, 1, "dispute", "The stain was there when we moved in."); r.Status != http.StatusOK {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		src := phoneJPEG(t)
		if _, _, ok := imaging.Location(src); !ok {
			t.Fatal("the test photo has no position")
		}
		first := mustAddPhoto(t, h.Tom, id, src)

		// A text file named .jpg: refused, beside what was stored before.
		r := h.Tom.Upload(photosURL(id), "stain.jpg", "image/jpeg", []byte("this is not a photo, only text"))
		if r.Status != http.StatusBadRequest || r.ErrorCode() != "not_an_image" || r.ErrorMessage() != deposit.MsgPhotoType ||
			!strings.Contains(r.ErrorMessage(), "JPEG or PNG of at most 10 MB") {
			t.Fatalf("text as .jpg: %d %s", r.Status, r.Raw)
		}
		// Over 10 MB: refused (in the limit of the body, and above it).
		big := append(imagingtest.JPEG(t, 64, 48), make([]byte, deposit.MaxPhotoBytes)...)
		if r := addPhoto(h.Tom, id, big); r.Status != http.StatusRequestEntityTooLarge || r.ErrorMessage() != deposit.MsgPhotoLarge {
			t.Fatalf("over 10 MB: %d %s", r.Status, r.Raw)
		}
		if r := addPhoto(h.Tom, id, big[:deposit.MaxPhotoBytes+1]); r.Status != http.StatusRequestEntityTooLarge || r.ErrorCode() != "image_too_large" {
			t.Fatalf("10 MB and a byte: %d %s", r.Status, r.Raw)
		}
		if r := h.Tom.Upload(photosURL(id), "plan.png", "image/png", pngFile()); r.Status != http.StatusCreated {
			t.Fatalf("png: %d %s", r.Status, r.Raw)
		}
		if n := storedFiles(t, e, h.TenancyID); n != 4 {
			t.Fatalf("%d files stored, want 2 photos and their thumbnails", n)
		}

		// The landlord sees Tom's photos beside his comment.
		l := lineOf(t, h.Lord, h.TenancyID, id)
		tom := answerOf(t, l, "Tom Tenant")
		photos := tom["photos"].([]any)
		if tom["comment"] != "The stain was there when we moved in." || len(photos) != 2 {
			t.Fatalf("Tom's answer as the landlord sees it: %v", tom)
		}
		p := photos[0].(map[string]any)
		if p["id"] != first || p["dateText"] != "Taken Fri 30 Oct 2026" || photos[1].(map[string]any)["dateText"] != "Added Mon 2 Nov 2026" ||
			p["thumbUrl"] != p["url"].(string)+"/thumb" || l["myPhotos"] != nil {
			t.Fatalf("photo: %v", l)
		}
		full := h.Lord.Get(p["url"].(string))
		if full.Status != http.StatusOK || full.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("full size: %d %s", full.Status, full.Header)
		}
		if _, _, ok := imaging.Location([]byte(full.Raw)); ok {
			t.Fatal("the photo served still says where it was taken")
		}
		if _, ok := imaging.CaptureTime([]byte(full.Raw)); ok || bytes.Contains([]byte(full.Raw), []byte("Exif\x00")) {
			t.Fatal("the photo served still carries its EXIF")
		}
		if cfg, err := jpeg.DecodeConfig(strings.NewReader(full.Raw)); err != nil || cfg.Width != 800 || cfg.Height != 600 {
			t.Fatalf("full size: %v %v", cfg, err)
		}
		thumb := h.Tess.Get(p["thumbUrl"].(string))
		cfg, _, err := image.DecodeConfig(strings.NewReader(thumb.Raw))
		if thumb.Status != http.StatusOK || err != nil || cfg.Width != 640 || cfg.Height != 480 || thumb.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("thumbnail: %d %v %v", thumb.Status, cfg, err)
		}

		// At most six.
		for i := 0; i < 4; i++ {
			mustAddPhoto(t, h.Tom, id, imagingtest.JPEG(t, 64, 48))
		}
		r = addPhoto(h.Tom, id, imagingtest.JPEG(t, 64, 48))
		if r.Status != http.StatusConflict || r.ErrorCode() != "too_many_photos" || !strings.Contains(r.ErrorMessage(), "at most 6 photos") {
			t.Fatalf("seventh photo: %d %s", r.Status, r.Raw)
		}
		if n := storedFiles(t, e, h.TenancyID); n != 12 {
			t.Fatalf("%d files stored, want 6 photos and their thumbnails", n)
		}

		// The evidence pack's photos: bytes, names, the capture time.
		got, err := e.App.Deposits.AnswerPhotos(context.Background(), id)
		if err != nil || len(got) != 6 {
			t.Fatalf("AnswerPhotos: %d %v", len(got), err)
		}
		if g := got[0]; g.TenantName != "Tom Tenant" || g.Name != "IMG_0412.jpg" || g.ContentType != "image/jpeg" || string(g.Data) != full.Raw ||
			len(g.Thumb) == 0 || g.TakenAt == nil || g.TakenAt.UTC().Format("2006-01-02 15:04") != "2026-10-30 14:05" || g.Revision != 1 {
			t.Fatalf("first photo: %+v", g.TakenAt)
		}
		if got[1].Name != "plan.png" || got[1].ContentType != "image/png" || got[1].TakenAt != nil {
			t.Fatalf("second photo: %s %s", got[1].Name, got[1].ContentType)
		}
	})
}

// Only the tenant who disputes adds photos, to their own dispute; only
// they remove them (a joint tenant is told the photo does not exist). A
// change of the line asks the tenant to answer again: a photo sent to the
// old answer is refused with the line as it now is, the photos stay with
// the tenant (shown to them, not counted on the line), and come back
// beside their new dispute. Agreeing removes them; removing the line too.
func TestDisputePhotosAreTheTenantsOwn(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		id := addLine(t, h, carpet)["id"].(string)
		// Before disputing: refused, for Tom and for Tess.
		if r := addPhoto(h.Tom, id, imagingtest.JPEG(t, 64, 48)); r.Status != http.StatusConflict || r.ErrorCode() != "not_disputed" {
			t.Fatalf("before the dispute: %d %s", r.Status, r.Raw)
		}
		if r := answer(h.Tom, id, 1, "dispute", "Wear and tear."); r.Status != http.StatusOK {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		if r := answer(h.Tess, id, 1, "agree", ""); r.Status != http.StatusOK {
			t.Fatalf("agree: %d %s", r.Status, r.Raw)
		}
		if r := addPhoto(h.Tess, id, imagingtest.JPEG(t, 64, 48)); r.Status != http.StatusConflict || r.ErrorMessage() != deposit.MsgDisputeFirst {
			t.Fatalf("Tess agreed: %d %s", r.Status, r.Raw)
		}
		if r := addPhoto(h.Lord, id, imagingtest.JPEG(t, 64, 48)); r.Status != http.StatusForbidden || r.ErrorCode() != "tenant_only" {
			t.Fatalf("the landlord: %d %s", r.Status, r.Raw)
		}
		a, b := mustAddPhoto(t, h.Tom, id, phoneJPEG(t)), mustAddPhoto(t, h.Tom, id, imagingtest.JPEG(t, 64, 48))
		del := func(c *apptest.Client, photo string) apptest.Response {
			return c.Do(http.MethodDelete, photosURL(id)+"/"+photo, nil)
		}
		if r := del(h.Tess, a); r.Status != http.StatusNotFound || r.ErrorCode() != "photo_not_found" {
			t.Fatalf("Tess removes Tom's photo: %d %s", r.Status, r.Raw)
		}
		if r := del(h.Lord, a); r.Status != http.StatusForbidden {
			t.Fatalf("the landlord removes Tom's photo: %d %s", r.Status, r.Raw)
		}
		r := del(h.Tom, a)
		if r.Status != http.StatusOK || len(r.Body["line"].(map[string]any)["myAnswer"].(map[string]any)["photos"].([]any)) != 1 {
			t.Fatalf("Tom removes his photo: %d %s", r.Status, r.Raw)
		}
		if h.Lord.Get(photosURL(id)+"/"+a).Status != http.StatusNotFound || storedFiles(t, e, h.TenancyID) != 2 {
			t.Fatal("the removed photo is still there")
		}
		if n := len(answerOf(t, lineOf(t, h.Tess, h.TenancyID, id), "Tess Tenant")["photos"].([]any)); n != 0 {
			t.Fatalf("Tess's agreement has %d photos", n)
		}

		// The landlord changes the line: Tom's photo stays his, not counted until he answers again.
		edit := map[string]any{"revision": 1, "reason": "damage", "costPence": 24000, "itemType": "carpet", "ageMonths": 60}
		if r := h.Lord.Do(http.MethodPut, "/api/deposits/lines/"+id, edit); r.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		r = addPhoto(h.Tom, id, imagingtest.JPEG(t, 64, 48))
		if r.Status != http.StatusConflict || r.ErrorCode() != "changed" || r.Body["line"].(map[string]any)["revision"].(float64) != 2 {
			t.Fatalf("photo to the old answer: %d %s", r.Status, r.Raw)
		}
		l := lineOf(t, h.Tom, h.TenancyID, id)
		if mine := l["myPhotos"].([]any); len(mine) != 1 || mine[0].(map[string]any)["id"] != b || len(l["answers"].([]any)) != 0 {
			t.Fatalf("Tom's line after the change: %v", l)
		}
		if r := answer(h.Tom, id, 2, "dispute", "Still wear and tear."); r.Status != http.StatusOK ||
			len(r.Body["line"].(map[string]any)["myAnswer"].(map[string]any)["photos"].([]any)) != 1 {
			t.Fatalf("dispute again: %d %s", r.Status, r.Raw)
		}
		if ps := answerOf(t, lineOf(t, h.Lord, h.TenancyID, id), "Tom Tenant")["photos"].([]any); len(ps) != 1 {
			t.Fatalf("the landlord sees %d photos", len(ps))
		}
		// Agreeing removes them.
		if r := answer(h.Tom, id, 2, "agree", ""); r.Status != http.StatusOK || r.Body["line"].(map[string]any)["myPhotos"] != nil {
			t.Fatalf("agree: %d %s", r.Status, r.Raw)
		}
		if storedFiles(t, e, h.TenancyID) != 0 || h.Tess.Get(photosURL(id)+"/"+b).Status != http.StatusNotFound {
			t.Fatal("an agreement kept its photos")
		}
		// Removing the line removes its photos.
		if r := answer(h.Tom, id, 2, "dispute", "On second thoughts, no."); r.Status != http.StatusOK {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		mustAddPhoto(t, h.Tom, id, imagingtest.JPEG(t, 64, 48))
		if r := h.Lord.Do(http.MethodDelete, "/api/deposits/lines/"+id, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete line: %d %s", r.Status, r.Raw)
		}
		if n := storedFiles(t, e, h.TenancyID); n != 0 {
			t.Fatalf("%d files left after the line was removed", n)
		}
		var rows int
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT COUNT(*) FROM deposit_answer_photos`).Scan(&rows); err != nil || rows != 0 {
			t.Fatalf("%d rows left after the line was removed (%v)", rows, err)
		}
	})
}

// Who may do what with the dispute photos: the owner, another landlord,
// each joint tenant (Tom disputes; Tess has not), another tenant, a
// stranger and admins (a landlord account and a tenant account, neither a
// party). The parties open the photos; only the tenant who disputes adds
// them, and removes their own.
func TestDisputePhotoPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		id := addLine(t, h, carpet)["id"].(string)
		if r := answer(h.Tom, id, 1, "dispute", "Wear and tear."); r.Status != http.StatusOK {
			t.Fatalf("dispute: %d %s", r.Status, r.Raw)
		}
		small := imagingtest.JPEG(t, 64, 48)
		kept := mustAddPhoto(t, h.Tom, id, small)

		actors := e.Cast(t, h)
		apptest.CheckPermissions(t, actors, []apptest.Endpoint{
			{Name: "POST photo", Do: func(c *apptest.Client) apptest.Response {
				r := addPhoto(c, id, small)
				if r.Status == http.StatusCreated { // make room for the next
					mine := r.Body["line"].(map[string]any)["myAnswer"].(map[string]any)["photos"].([]any)
					h.Tom.Do(http.MethodDelete, photosURL(id)+"/"+mine[len(mine)-1].(map[string]any)["id"].(string), nil)
				}
				return r
			}, Expect: apptest.Outsiders(map[string]string{"owner": "403 tenant_only", "tenant": "201", "joint tenant": "409 not_disputed"})},
			{Name: "GET photo", Do: func(c *apptest.Client) apptest.Response { return c.Get(photosURL(id) + "/" + kept) },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
			{Name: "GET thumbnail", Do: func(c *apptest.Client) apptest.Response { return c.Get(photosURL(id) + "/" + kept + "/thumb") },
				Expect: apptest.Outsiders(map[string]string{"owner": "200", "tenant": "200", "joint tenant": "200"})},
			{Name: "DELETE photo", Do: func(c *apptest.Client) apptest.Response {
				p := mustAddPhoto(t, h.Tom, id, small)
				r := c.Do(http.MethodDelete, photosURL(id)+"/"+p, nil)
				h.Tom.Do(http.MethodDelete, photosURL(id)+"/"+p, nil)
				return r
			}, Expect: apptest.Outsiders(map[string]string{"owner": "403 tenant_only", "tenant": "200", "joint tenant": "404 photo_not_found"})},
		}, nil)
		// Only the parties see the photos in the deductions.
		if ps := answerOf(t, lineOf(t, h.Tess, h.TenancyID, id), "Tom Tenant")["photos"].([]any); len(ps) != 1 {
			t.Fatalf("Tess sees %d of Tom's photos", len(ps))
		}
	})
}

// Photos sent at once: never more than six kept, whatever the order; a
// photo sent as the tenant agrees either came first (and went with the
// agreement) or is refused: an agreement never keeps photos, and no file
// is left without its row.
func TestDisputePhotosRace(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := ended(t, e)
		id := addLine(t, h, carpet)["id"].(string)
		small := imagingtest.JPEG(t, 64, 48)
		racetest.Rounds(t, 6, func(t *testing.T, round int) {
			if r := answer(h.Tom, id, 1, "dispute", "Wear and tear."); r.Status != http.StatusOK {
				t.Fatalf("dispute: %d %s", r.Status, r.Raw)
			}
			res := racetest.Together(9, func(int) apptest.Response { return addPhoto(h.Tom, id, small) })
			added := racetest.Count(res, func(r apptest.Response) bool { return r.Status == http.StatusCreated })
			full := racetest.Count(res, func(r apptest.Response) bool { return r.ErrorCode() == "too_many_photos" })
			if added != 6 || full != 3 {
				t.Fatalf("%d added, %d refused", added, full)
			}
			if n := len(lineOf(t, h.Tom, h.TenancyID, id)["myPhotos"].([]any)); n != 6 || storedFiles(t, e, h.TenancyID) != 12 {
				t.Fatalf("%d photos kept, %d files", n, storedFiles(t, e, h.TenancyID))
			}
			// Make room for three, then agree while three more arrive.
			mine := lineOf(t, h.Tom, h.TenancyID, id)["myPhotos"].([]any)
			for _, p := range mine[:3] {
				h.Tom.Do(http.MethodDelete, photosURL(id)+"/"+p.(map[string]any)["id"].(string), nil)
			}
			res = racetest.Together(4, func(i int) apptest.Response {
				if i == 0 {
					return answer(h.Tom, id, 1, "agree", "")
				}
				return addPhoto(h.Tom, id, small)
			})
			if res[0].Status != http.StatusOK {
				t.Fatalf("agree: %d %s", res[0].Status, res[0].Raw)
			}
			for _, r := range res[1:] {
				if r.Status != http.StatusCreated && r.ErrorCode() != "not_disputed" {
					t.Fatalf("photo: %d %s", r.Status, r.Raw)
				}
			}
			if l := lineOf(t, h.Tom, h.TenancyID, id); l["myPhotos"] != nil || storedFiles(t, e, h.TenancyID) != 0 {
				t.Fatalf("after agreeing: %v, %d files", l["myPhotos"], storedFiles(t, e, h.TenancyID))
			}
		})
	})
}
