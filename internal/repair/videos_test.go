package repair_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/video"
	"github.com/omnirent/omnirent/internal/platform/video/videotest"
	"github.com/omnirent/omnirent/internal/repair"
)

// A tenant adds a short video from an iPhone: what is stored and served
// has no location and no phone's details left, its SHA-256 is of those
// bytes, its capture time is the phone's; it plays inline with Range
// requests, is a line of the history and of the history PDF. A WebM, a
// photo, a video over a minute or cut short are refused in plain words and
// the repair keeps what it had.
func TestVideosOfARepair(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		id := report(t, h.tom, leak())["id"].(string)
		base := "/api/repairs/" + id
		r := h.tom.Upload(base+"/videos", "IMG_0042.MOV", "video/quicktime", videotest.MOV())
		if r.Status != http.StatusCreated {
			t.Fatalf("video: %d %s", r.Status, r.Raw)
		}
		v := r.Body["video"].(map[string]any)
		if v["contentType"] != "video/quicktime" || v["capturedAt"] != "2026-12-01T10:15:30Z" || v["seconds"] != 12.5 || v["role"] != "tenant" ||
			v["by"] != repairOf(r)["reporterName"] {
			t.Fatalf("video view: %v", v)
		}
		rp := repairOf(r)
		if len(rp["videos"].([]any)) != 1 || len(rp["files"].([]any)) != 0 || len(rp["photos"].([]any)) != 0 {
			t.Fatalf("the repair's evidence: videos %v files %v", rp["videos"], rp["files"])
		}
		hist := rp["history"].([]any)
		last := hist[len(hist)-1].(map[string]any)
		if last["kind"] != "video" || last["data"].(map[string]any)["sha256"] != v["sha256"] || !rp["historyValid"].(bool) ||
			!strings.Contains(last["text"].(string), "added a video (13 seconds) taken Tue 1 Dec 2026, 10:15") {
			t.Fatalf("history's last line: %v", last)
		}

		st, served, hdr := download(t, h.lord, v["url"].(string))
		sum := sha256.Sum256(served)
		if st != http.StatusOK || hex.EncodeToString(sum[:]) != v["sha256"] || hdr.Get("Content-Type") != "video/quicktime" ||
			!strings.HasPrefix(hdr.Get("Content-Disposition"), "inline") || hdr.Get("Accept-Ranges") != "bytes" {
			t.Fatalf("served: %d %v", st, hdr)
		}
		for _, leak := range []string{videotest.Location, "ISO6709", "\xa9xyz", "Apple"} {
			if bytes.Contains(served, []byte(leak)) {
				t.Errorf("the served video still holds %q", leak)
			}
		}
		if _, info, err := video.Clean(served); err != nil || info.Size != int64(len(served)) {
			t.Fatalf("the served video is not a valid video: %v", err)
		}
		req, _ := http.NewRequest(http.MethodGet, h.tess.URL(v["url"].(string)), nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Range", "bytes=8-19")
		res, err := h.tess.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		part, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusPartialContent || !bytes.Equal(part, served[8:20]) {
			t.Fatalf("range: %d %q", res.StatusCode, part)
		}

		_, pdfBytes, _ := download(t, h.tom, base+"/history.pdf")
		text := strings.Join(strings.Fields(pdftest.Text(t, pdfBytes)), " ")
		for _, want := range []string{"Videos", "Video 1 · 13 seconds", "Taken Tue 1 Dec 2026, 10:15", v["sha256"].(string)} {
			if !strings.Contains(text, want) {
				t.Errorf("the history PDF lacks %q", want)
			}
		}
		if strings.Contains(text, "/api/") {
			t.Error("the history PDF shows an address of the API")
		}

		before := h.tom.Get(base).Raw
		long := videotest.File(videotest.Options{Brand: "mp42", Scale: 1000, Duration: 61_000})
		for _, bad := range []struct {
			name   string
			data   []byte
			status int
			code   string
			msg    string
		}{
			{"clip.webm", webm, http.StatusBadRequest, "video_webm", repair.MsgVideo},
			{"leak.jpg", photoJPEG(t, 64, 48), http.StatusBadRequest, "not_a_video", repair.MsgVideoType},
			{"long.mp4", long, http.StatusBadRequest, "video_too_long", repair.MsgVideoLong},
			{"cut.mov", videotest.MOV()[:200], http.StatusBadRequest, "video_damaged", repair.MsgVideoDamaged},
			{"big.mp4", append(videotest.MOV(), make([]byte, video.MaxBytes)...), http.StatusRequestEntityTooLarge, "video_too_large", repair.MsgVideoLarge},
		} {
			r := h.tom.Upload(base+"/videos", bad.name, "video/mp4", bad.data)
			if r.Status != bad.status || r.ErrorCode() != bad.code || r.ErrorMessage() != bad.msg {
				t.Errorf("%s: %d %s", bad.name, r.Status, r.Raw)
			}
		}
		if after := h.tom.Get(base).Raw; after != before {
			t.Fatal("a refused video changed the repair")
		}
	})
}
