package repair_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/pdf/pdftest"
	"github.com/omnirent/omnirent/internal/platform/video/videotest"
	"github.com/omnirent/omnirent/internal/repair"
	"github.com/omnirent/omnirent/internal/signing"
)

// photoJPEG is a JPEG of w by h pixels (imagingtest's gradient).
func photoJPEG(t testing.TB, w, h int) []byte { return imagingtest.JPEG(t, w, h) }

// mp4 is the start of an MP4 video: a file-type box naming its brand;
// webm the start of a WebM (EBML's magic number).
var (
	mp4  = append([]byte{0, 0, 0, 0x18}, []byte("ftypmp42\x00\x00\x00\x00mp42isom")...)
	webm = []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01}
)

func repairOf(r apptest.Response) map[string]any {
	m, _ := r.Body["repair"].(map[string]any)
	return m
}

// download reads a GET's raw body (the PDF) and its status.
func download(t *testing.T, c *apptest.Client, path string) (int, []byte, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.URL(path), nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b, res.Header
}

// A tenant adds a photo to their report from the phone: it is kept with
// its SHA-256 and the capture time the phone wrote, its location is not
// in the file anyone is served, and it is appended to the history; the joint tenant and the
// landlord see it, another tenant is told it does not exist. A video and
// a file that is not a photo are refused with a plain message, and the
// repair keeps everything it had.
func TestPhotosOfARepair(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		id := report(t, h.tom, leak())["id"].(string)
		base := "/api/repairs/" + id
		taken := imagingtest.WithExif(photoJPEG(t, 400, 300), imagingtest.Exif{Taken: "2026:11:02 08:55:00", Offset: "+00:00", GPS: true, Lat: 53.8, Lng: -1.55})
		r := h.tom.Upload(base+"/photos?origin=camera", "leak.jpg", "image/jpeg", taken)
		if r.Status != http.StatusCreated {
			t.Fatalf("photo: %d %s", r.Status, r.Raw)
		}
		ph := r.Body["photo"].(map[string]any)
		if len(ph["sha256"].(string)) != 64 || ph["by"] != repairOf(r)["reporterName"] || ph["role"] != "tenant" || ph["capturedAt"] != "2026-11-02T08:55:00Z" {
			t.Fatalf("photo view: %v", ph)
		}
		_, served, _ := download(t, h.lord, ph["url"].(string))
		if _, _, ok := imaging.Location(served); ok || len(served) == 0 {
			t.Fatal("the served photo carries its location")
		}
		rp := repairOf(r)
		hist := rp["history"].([]any)
		last := hist[len(hist)-1].(map[string]any)
		if last["kind"] != "photo" || last["data"].(map[string]any)["sha256"] != ph["sha256"] || !rp["historyValid"].(bool) {
			t.Fatalf("history's last line: %v", last)
		}
		for _, c := range []*apptest.Client{h.tess, h.lord} {
			if got := c.Get(base); len(repairOf(got)["photos"].([]any)) != 1 {
				t.Fatalf("the other parties see: %s", got.Raw)
			}
			if st, _, _ := download(t, c, ph["thumbUrl"].(string)); st != http.StatusOK {
				t.Fatalf("party reads the photo: %d", st)
			}
		}
		olive := e.SignedIn("olive@example.com", password, "Tenant")
		if st, _, _ := download(t, olive, ph["thumbUrl"].(string)); st != http.StatusNotFound {
			t.Fatalf("another tenant reads the photo: %d", st)
		}

		before := h.tom.Get(base).Raw
		for _, bad := range []struct {
			name, ct string
			data     []byte
			code     string
			msg      string
		}{
			{"clip.mp4", "image/jpeg", mp4, "video_as_photo", repair.MsgVideoAsPhoto},
			{"clip.webm", "video/webm", webm, "video_webm", repair.MsgVideo},
			{"notes.jpg", "image/jpeg", []byte("this is not a photo at all"), "not_an_image", repair.MsgPhotoType},
		} {
			r := h.tom.Upload(base+"/photos", bad.name, bad.ct, bad.data)
			if r.Status != http.StatusBadRequest || r.ErrorCode() != bad.code || r.ErrorMessage() != bad.msg {
				t.Fatalf("%s: %d %s", bad.name, r.Status, r.Raw)
			}
		}
		if after := h.tom.Get(base).Raw; after != before {
			t.Fatal("a refused file changed the repair")
		}
	})
}

// A report the landlord logged takes the original message: an e-mail
// saved as .eml is kept as received, with its SHA-256, and downloads as
// sent; a file that is neither a PDF, an image nor text is refused; a
// tenant's own report has no original message to attach.
func TestOriginalMessageOfALoggedReport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		id := report(t, h.lord, with(leak(), "propertyId", h.propertyID, "awareAt", "2026-11-01T09:12", "channel", "email",
			"channelNote", "Tom's e-mail about the tap"))["id"].(string)
		eml := []byte("From: tom@example.com\r\nSubject: Dripping tap\r\n\r\nThe cold tap drips.\r\n")
		r := h.lord.Upload("/api/repairs/"+id+"/original", "Dripping tap.eml", "message/rfc822", eml)
		if r.Status != http.StatusCreated {
			t.Fatalf("attach: %d %s", r.Status, r.Raw)
		}
		files := repairOf(r)["files"].([]any)
		if len(files) != 1 {
			t.Fatalf("files: %v", files)
		}
		f := files[0].(map[string]any)
		if f["fileName"] != "Dripping tap.eml" || f["contentType"] != "message/rfc822" || len(f["sha256"].(string)) != 64 {
			t.Fatalf("file: %v", f)
		}
		st, got, hdr := download(t, h.tom, f["url"].(string))
		if st != http.StatusOK || !bytes.Equal(got, eml) || !strings.Contains(hdr.Get("Content-Disposition"), "attachment") {
			t.Fatalf("tenant downloads the original: %d %q", st, got)
		}
		if r := h.lord.Upload("/api/repairs/"+id+"/original", "archive.zip", "application/zip", []byte("PK\x03\x04\x00\x00binary")); r.Status != http.StatusBadRequest ||
			r.ErrorMessage() != repair.MsgOriginalType {
			t.Fatalf("zip: %d %s", r.Status, r.Raw)
		}
		own := report(t, h.tom, leak())["id"].(string)
		if r := h.lord.Upload("/api/repairs/"+own+"/original", "a.txt", "text/plain", []byte("hello")); r.Status != http.StatusConflict ||
			r.ErrorMessage() != repair.MsgOriginalOnly {
			t.Fatalf("tenant's report: %d %s", r.Status, r.Raw)
		}
	})
}

// Who may use the evidence's endpoints: the parties only; everyone else
// is told the repair does not exist; only the landlord attaches the
// original message.
func TestEvidencePermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		olive := e.SignedIn("olive@example.com", password, "Tenant")
		other := e.SignedIn("lenny@example.com", password, "Landlord")
		admin := e.SignedIn("boss@example.com", password, "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		stranger := e.NewClient()
		id := report(t, h.lord, with(leak(), "propertyId", h.propertyID, "awareAt", "2026-11-01T09:12", "channel", "text"))["id"].(string)
		base := "/api/repairs/" + id
		up := h.lord.Upload(base+"/original", "text.txt", "text/plain", []byte("Tap drips, can you send someone? Tom"))
		if up.Status != http.StatusCreated {
			t.Fatalf("attach: %d %s", up.Status, up.Raw)
		}
		fileURL := repairOf(up)["files"].([]any)[0].(map[string]any)["url"].(string)
		vid := h.tom.Upload(base+"/videos", "clip.mov", "video/quicktime", videotest.MOV())
		if vid.Status != http.StatusCreated {
			t.Fatalf("video: %d %s", vid.Status, vid.Raw)
		}
		videoURL := vid.Body["video"].(map[string]any)["url"].(string)
		jpg := photoJPEG(t, 64, 48)
		actors := []struct {
			name string
			c    *apptest.Client
		}{{"tenant of the home", h.tom}, {"joint tenant", h.tess}, {"another tenant", olive}, {"another landlord", other},
			{"stranger", stranger}, {"admin", admin}, {"owner", h.lord}}
		for _, ep := range []struct {
			name   string
			do     func(c *apptest.Client) int
			expect map[string]int
		}{
			{"POST photo", func(c *apptest.Client) int { return c.Upload(base+"/photos", "a.jpg", "image/jpeg", jpg).Status }, map[string]int{
				"tenant of the home": 201, "joint tenant": 201, "another tenant": 404, "another landlord": 404, "stranger": 401, "admin": 404, "owner": 201}},
			{"POST video", func(c *apptest.Client) int {
				return c.Upload(base+"/videos", "a.mov", "video/quicktime", videotest.MOV()).Status
			}, map[string]int{
				"tenant of the home": 201, "joint tenant": 201, "another tenant": 404, "another landlord": 404, "stranger": 401, "admin": 404, "owner": 201}},
			{"GET video", func(c *apptest.Client) int { st, _, _ := download(t, c, videoURL); return st }, map[string]int{
				"tenant of the home": 200, "joint tenant": 200, "another tenant": 404, "another landlord": 404, "stranger": 401, "admin": 404, "owner": 200}},
			{"POST original", func(c *apptest.Client) int {
				return c.Upload(base+"/original", "b.txt", "text/plain", []byte("Another copy")).Status
			}, map[string]int{
				"tenant of the home": 403, "joint tenant": 403, "another tenant": 404, "another landlord": 404, "stranger": 401, "admin": 404, "owner": 201}},
			{"GET file", func(c *apptest.Client) int { st, _, _ := download(t, c, fileURL); return st }, map[string]int{
				"tenant of the home": 200, "joint tenant": 200, "another tenant": 404, "another landlord": 404, "stranger": 401, "admin": 404, "owner": 200}},
			{"GET history.pdf", func(c *apptest.Client) int { st, _, _ := download(t, c, base+"/history.pdf"); return st }, map[string]int{
				"tenant of the home": 200, "joint tenant": 200, "another tenant": 404, "another landlord": 404, "stranger": 401, "admin": 404, "owner": 200}},
		} {
			for _, a := range actors {
				if got, want := ep.do(a.c), ep.expect[a.name]; got != want {
					t.Errorf("%s as %s: %d, want %d", ep.name, a.name, got, want)
				}
			}
		}
	})
}

var repairIDs = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// The history downloads as a PDF for the tenant and the landlord: the
// report, each clock with whether it was met, the notice sent, the
// timeline in UK time and the photo with its SHA-256; no internal id or
// address of the API. It is sealed: /verify answers genuine for the file,
// and for its reference and hash typed; the same history asked again is
// the same PDF; one byte changed, or a new line in the history, and the
// old file no longer matches the new one, while still verifying itself.
func TestHistoryPDFIsSealedAndVerifies(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		h := newHousehold(t, e)
		uk(e, "2026-11-27 16:00")
		signIn(t, h.tom, "tom@example.com")
		signIn(t, h.lord, "lara@example.com")
		id := report(t, h.tom, damp())["id"].(string)
		base := "/api/repairs/" + id
		ph := h.tom.Upload(base+"/photos", "mould.jpg", "image/jpeg", photoJPEG(t, 640, 480))
		if ph.Status != http.StatusCreated {
			t.Fatalf("photo: %d %s", ph.Status, ph.Raw)
		}
		sum := ph.Body["photo"].(map[string]any)["sha256"].(string)
		change(t, h.lord, id, map[string]any{"status": "triaged"})
		if r := h.lord.Post(base+"/notices", map[string]any{"ruleId": "ENG-SIG-INV", "reason": "The damp surveyor is ill.",
			"expectedBy": "2026-12-18", "mitigation": "A dehumidifier was delivered."}); r.Status != http.StatusCreated {
			t.Fatalf("notice: %d %s", r.Status, r.Raw)
		}
		st, pdfBytes, hdr := download(t, h.tom, base+"/history.pdf")
		if st != http.StatusOK || hdr.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdfBytes, []byte("%PDF-")) {
			t.Fatalf("download: %d %s", st, hdr.Get("Content-Type"))
		}
		text := strings.Join(strings.Fields(pdftest.Text(t, pdfBytes)), " ")
		for _, want := range []string{"Repair history", "12 Park Row", "Damp and mould", "Fri 27 Nov 2026, 16:00 (UK time)",
			"Investigate by", "Notices sent to the tenant", "The damp surveyor is ill.", "Fri 18 Dec 2026", "A dehumidifier was delivered.",
			"Timeline", "reported the repair.", "added a photo", sum[:32], "Photo 1", "Checking this document", "/verify", "The chain of this history holds."} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF does not say %q:\n%s", want, text)
			}
		}
		for _, never := range []string{id, "/api/", "repair_events", "status code"} {
			if strings.Contains(text, never) {
				t.Errorf("the PDF shows %q", never)
			}
		}
		if repairIDs.MatchString(text) {
			t.Errorf("the PDF shows an internal id: %s", repairIDs.FindString(text))
		}
		ref := regexp.MustCompile(`OR-[0-9A-Z]{4}-[0-9A-Z]{4}`).FindString(text)
		if ref == "" {
			t.Fatalf("no document reference in the PDF")
		}

		// The landlord's copy of the same history is the same sealed PDF.
		if _, again, _ := download(t, h.lord, base+"/history.pdf"); !bytes.Equal(again, pdfBytes) {
			t.Fatal("the same history gave another PDF")
		}
		v := h.tom.Upload("/api/verify", "history.pdf", "application/pdf", pdfBytes)
		if v.Status != http.StatusOK || v.Body["genuine"] != true || v.Body["sealed"] != true || v.Body["documentId"] != ref ||
			v.Body["message"] != signing.MsgSealedGenuine || len(v.Body["signers"].([]any)) != 0 {
			t.Fatalf("verify the file: %d %s", v.Status, v.Raw)
		}
		hash := v.Body["documentHash"].(string)
		anyone := e.NewClient()
		if v := anyone.Get("/api/verify?documentId=" + url.QueryEscape(strings.ToLower(ref)) + "&hash=" + hash); v.Body["genuine"] != true {
			t.Fatalf("verify by reference: %s", v.Raw)
		}
		if v := anyone.Get("/api/verify?documentId=" + ref + "&hash=" + strings.Repeat("0", 64)); v.Body["genuine"] != false {
			t.Fatalf("a wrong hash verified: %s", v.Raw)
		}
		forged := bytes.Clone(pdfBytes)
		i := bytes.Index(forged, []byte("Repair history"))
		if i < 0 {
			i = len(forged) / 2
		}
		forged[i+1] ^= 0x20
		if v := anyone.Upload("/api/verify", "history.pdf", "application/pdf", forged); v.Status != http.StatusOK || v.Body["genuine"] != false {
			t.Fatalf("a forged PDF verified: %d %s", v.Status, v.Raw)
		}

		// A new line in the history makes a new sealed PDF; the first still verifies.
		if r := h.tom.Post(base+"/messages", map[string]any{"body": "It is spreading to the ceiling."}); r.Status != http.StatusCreated {
			t.Fatalf("message: %d", r.Status)
		}
		_, newer, _ := download(t, h.tom, base+"/history.pdf")
		if bytes.Equal(newer, pdfBytes) || !strings.Contains(pdftest.Text(t, newer), "It is spreading to the ceiling.") {
			t.Fatal("the history's new line is not in a new PDF")
		}
		if v := anyone.Upload("/api/verify", "history.pdf", "application/pdf", pdfBytes); v.Body["genuine"] != true {
			t.Fatalf("the earlier PDF no longer verifies: %s", v.Raw)
		}
	})
}
