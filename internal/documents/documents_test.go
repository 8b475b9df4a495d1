package documents_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/documents"
	"github.com/omnirent/omnirent/internal/documents/documentstest"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

const password = "Secret#123"

var details = map[string]any{
	"propertyType": "Flat", "depositPence": 185000, "councilTaxBand": "C", "epcRating": "C", "billsIncluded": []string{}, "petsConsidered": true,
	"rentPence": 185000, "rentCycle": "Monthly", "bedroomCount": 2, "bathroomCount": 1, "sofasCount": 1,
	"furnishStatus": "Furnished", "moveInDate": "2026-12-01", "shortDescription": "Bright flat.", "publish": true,
}

// landlord signs up a landlord with one property, published when asked.
func landlord(t testing.TB, e *apptest.Env, email string, publish bool) (*apptest.Client, string) {
	t.Helper()
	c := e.SignedIn(email, password, "Landlord")
	r := c.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": "12 Acacia Road", "town": "London", "postcode": "SW8 3NX", "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create property: %d %s", r.Status, r.Raw)
	}
	id := r.Body["property"].(map[string]any)["id"].(string)
	if publish {
		if r := c.Upload("/api/properties/"+id+"/images", "p.jpg", "image/jpeg", imagingtest.JPEG(t, 60, 40)); r.Status >= 300 {
			t.Fatalf("photo: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("PUT", "/api/properties/"+id+"/details", details); r.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", r.Status, r.Raw)
		}
	}
	return c, id
}

// day is today (the fake clock's UK date) plus n days, as YYYY-MM-DD.
func day(e *apptest.Env, n int) string {
	return e.Clock.Now().AddDate(0, 0, n).Format(time.DateOnly)
}

var pdf = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// certificate records one with a PDF as its file.
func certificate(t testing.TB, c *apptest.Client, body map[string]any) map[string]any {
	t.Helper()
	return documentstest.MustCreate(t, c, body, "cert.pdf")
}

// post records a certificate with a PDF as its file, answering whatever
// the server does (the details' checks are the same as without it).
func post(t testing.TB, c *apptest.Client, body map[string]any) apptest.Response {
	t.Helper()
	return documentstest.Create(t, c, body, "cert.pdf", "application/pdf", pdf)
}

func counts(t testing.TB, c *apptest.Client) map[string]any {
	t.Helper()
	r := c.Get("/api/documents/summary")
	if r.Status != http.StatusOK {
		t.Fatalf("summary: %d %s", r.Status, r.Raw)
	}
	return r.Body["counts"].(map[string]any)
}

func certCount(t testing.TB, c *apptest.Client) int {
	t.Helper()
	return int(counts(t, c)["certificates"].(float64))
}

func TestExpiryIsTheIssueDatePlusTheTypesTerm(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "terms@example.com", false)
		for _, tc := range []struct {
			typ, issued, want, rating string
		}{
			{"gas-safety", "2026-03-15", "2027-03-15", ""},
			{"eicr", "2026-03-15", "2031-03-15", ""},
			{"epc", "2026-03-15", "2036-03-15", "C"},
			{"hmo-licence", "2026-03-15", "2031-03-15", ""},
			{"gas-safety", "2024-02-29", "2025-02-28", ""}, // no 29 February next year: the month's last day
		} {
			r := post(t, c, map[string]any{"propertyId": pid, "type": tc.typ, "issuedOn": tc.issued, "epcRating": tc.rating})
			if r.Status != http.StatusCreated || r.Body["expiresOn"] != tc.want {
				t.Fatalf("%s issued %s: %d %s, want expiry %s", tc.typ, tc.issued, r.Status, r.Raw, tc.want)
			}
		}
		// Other has no term: the expiry must be given; an edited expiry is kept.
		r := post(t, c, map[string]any{"propertyId": pid, "type": "other", "name": "Fire risk assessment", "issuedOn": "2026-03-15"})
		if r.Status != http.StatusBadRequest || r.FieldError("expiresOn") != documents.MsgExpiresOn {
			t.Fatalf("other without expiry: %d %s", r.Status, r.Raw)
		}
		r = post(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": "2026-03-15", "expiresOn": "2027-03-01"})
		if r.Status != http.StatusCreated || r.Body["expiresOn"] != "2027-03-01" {
			t.Fatalf("edited expiry: %d %s", r.Status, r.Raw)
		}
		id := r.Body["id"].(string)
		// A new issue date recomputes the expiry.
		if r := c.Do("PATCH", "/api/certificates/"+id, map[string]any{"issuedOn": "2026-04-01"}); r.Status != 200 || r.Body["expiresOn"] != "2027-04-01" {
			t.Fatalf("patch issue date: %d %s", r.Status, r.Raw)
		}
		for _, tc := range []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"type": "epc", "issuedOn": "2026-03-15"}, "epcRating", documents.MsgRating},
			{map[string]any{"type": "eicr", "issuedOn": "2026-03-15", "epcRating": "C"}, "epcRating", documents.MsgNoRating},
			{map[string]any{"type": "eicr", "issuedOn": day(e, 1)}, "issuedOn", documents.MsgIssuedFuture},
			{map[string]any{"type": "eicr", "issuedOn": "15/03/2026"}, "issuedOn", documents.MsgIssuedOn},
			{map[string]any{"type": "eicr", "issuedOn": "0000-01-01"}, "issuedOn", dates.MsgRange}, // issue 26: showed "Expired 106751 days ago"
			{map[string]any{"type": "eicr", "issuedOn": "2026-03-15", "expiresOn": "9999-03-01"}, "expiresOn", dates.MsgRange},
			{map[string]any{"type": "eicr", "issuedOn": "2026-03-15", "expiresOn": "2026-03-01"}, "expiresOn", documents.MsgExpiryOrder},
			{map[string]any{"type": "other", "issuedOn": "2026-03-15", "expiresOn": "2027-03-01"}, "name", documents.MsgName},
			{map[string]any{"type": "boiler", "issuedOn": "2026-03-15"}, "type", documents.MsgType},
		} {
			tc.body["propertyId"] = pid
			r := post(t, c, tc.body)
			if r.Status != http.StatusBadRequest || r.FieldError(tc.field) != tc.msg {
				t.Fatalf("%v: %d %s", tc.body, r.Status, r.Raw)
			}
		}
	})
}

func TestExpiryColoursAndWords(t *testing.T) {
	today := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		date, status, text string
		days               int
	}{
		{"2026-10-30", "red", "Expired 3 days ago", -3},
		{"2026-11-01", "red", "Expired 1 day ago", -1},
		{"2026-11-02", "red", "Expires today", 0},
		{"2026-11-03", "red", "1 day left", 1},
		{"2026-11-22", "red", "20 days left", 20},
		{"2026-12-02", "red", "30 days left", 30},
		{"2026-12-03", "amber", "31 days left", 31},
		{"2027-01-31", "amber", "90 days left", 90},
		{"2027-02-01", "green", "91 days left", 91},
	} {
		got := documents.ExpiryOf(today, tc.date)
		if got.Status != tc.status || got.Text != tc.text || got.DaysLeft != tc.days {
			t.Errorf("%s: %+v, want %s %q %d", tc.date, got, tc.status, tc.text, tc.days)
		}
	}
}

func TestCertificateCountsWarningsAndReplacement(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "counts@example.com", true)
		_, unpublished := landlord(t, e, "other-counts@example.com", false)
		_ = unpublished
		// Published with nothing: gas safety, EICR and EPC are missing.
		if n := certCount(t, c); n != 3 {
			t.Fatalf("missing on a published property: %d, want 3", n)
		}
		w := c.Get("/api/documents/compliance?propertyId=" + pid)
		if len(w.Body["warnings"].([]any)) != 3 {
			t.Fatalf("warnings: %s", w.Raw)
		}
		// No gas: no gas safety certificate needed.
		if r := c.Do("PUT", "/api/properties/"+pid+"/compliance", map[string]any{"hasGas": false}); r.Status != 200 || r.Body["hasGas"] != false || len(r.Body["warnings"].([]any)) != 2 {
			t.Fatalf("no gas: %d %s", r.Status, r.Raw)
		}
		if n := certCount(t, c); n != 2 {
			t.Fatalf("without gas: %d, want 2", n)
		}
		c.Do("PUT", "/api/properties/"+pid+"/compliance", map[string]any{"hasGas": true})
		certificate(t, c, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"})
		certificate(t, c, map[string]any{"propertyId": pid, "type": "epc", "issuedOn": "2026-01-10", "epcRating": "C"})
		// A gas safety certificate expiring in 20 days: red, counted, and a
		// valid one for now (not a missing-certificate warning).
		gas := certificate(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -345), "expiresOn": day(e, 20)})
		if gas["status"] != "red" || gas["expiryText"] != "20 days left" || gas["daysLeft"].(float64) != 20 {
			t.Fatalf("gas: %v", gas)
		}
		if n := certCount(t, c); n != 1 {
			t.Fatalf("expiring in 20 days: %d, want 1", n)
		}
		if w := c.Get("/api/documents/compliance?propertyId=" + pid); len(w.Body["warnings"].([]any)) != 0 {
			t.Fatalf("warnings with all three: %s", w.Raw)
		}
		// A certificate whose only file is deleted does not count as held.
		r := post(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -10), "replaces": gas["id"]})
		if r.Status != http.StatusCreated {
			t.Fatalf("replace: %d %s", r.Status, r.Raw)
		}
		newID := r.Body["id"].(string)
		if n := certCount(t, c); n != 0 {
			t.Fatalf("after replacing: %d, want 0", n)
		}
		onlyFile := r.Body["files"].([]any)[0].(map[string]any)["id"].(string)
		if d := c.Do("DELETE", "/api/certificates/"+newID+"/files/"+onlyFile, nil); d.Status != http.StatusNoContent {
			t.Fatalf("delete its file: %d %s", d.Status, d.Raw)
		}
		if n := certCount(t, c); n != 1 {
			t.Fatalf("replacement without a file: %d, want 1", n)
		}
		if u := c.Upload("/api/certificates/"+newID+"/files", "new.pdf", "application/pdf", pdf); u.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", u.Status, u.Raw)
		}
		if n := certCount(t, c); n != 0 {
			t.Fatalf("with its file again: %d, want 0", n)
		}
		page := c.Get("/api/documents/certificates?propertyId=" + pid)
		groups := page.Body["groups"].([]any)
		g := groups[0].(map[string]any)
		if g["type"] != "gas-safety" || len(g["current"].([]any)) != 1 || len(g["history"].([]any)) != 1 {
			t.Fatalf("gas group: %v", g)
		}
		if cur := g["current"].([]any)[0].(map[string]any); cur["id"] != newID || cur["status"] != "green" {
			t.Fatalf("current: %v", cur)
		}
		if old := g["history"].([]any)[0].(map[string]any); old["replacedBy"] != newID || old["actionNeeded"] != false {
			t.Fatalf("history: %v", old)
		}
		// The replaced one cannot be replaced again.
		if r := post(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -1), "replaces": gas["id"]}); r.FieldError("replaces") != documents.MsgReplaces {
			t.Fatalf("replace twice: %d %s", r.Status, r.Raw)
		}
		// An EPC rated F needs action and warns.
		epcs := groups[2].(map[string]any)["current"].([]any)
		epcID := epcs[0].(map[string]any)["id"].(string)
		if r := c.Do("PATCH", "/api/certificates/"+epcID, map[string]any{"epcRating": "F"}); r.Status != 200 || r.Body["actionNeeded"] != true {
			t.Fatalf("EPC F: %d %s", r.Status, r.Raw)
		}
		if n := certCount(t, c); n != 1 {
			t.Fatalf("EPC F: %d, want 1", n)
		}
		w = c.Get("/api/documents/compliance?propertyId=" + pid)
		if ws := w.Body["warnings"].([]any); len(ws) != 1 || !strings.Contains(ws[0].(map[string]any)["message"].(string), "rated E or better") {
			t.Fatalf("EPC warning: %s", w.Raw)
		}
		// Deleting the replacement makes the old one current again.
		if r := c.Do("DELETE", "/api/certificates/"+newID, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		g = c.Get("/api/documents/certificates?propertyId=" + pid).Body["groups"].([]any)[0].(map[string]any)
		if cur := g["current"].([]any); len(cur) != 1 || cur[0].(map[string]any)["id"] != gas["id"] {
			t.Fatalf("after delete: %v", g)
		}
		// Unpublishing: missing certificates no longer count, warnings stop.
		if r := c.Post("/api/properties/"+pid+"/unpublish", nil); r.Status != 200 {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		if w := c.Get("/api/documents/compliance?propertyId=" + pid); w.Body["published"] != false || len(w.Body["warnings"].([]any)) != 0 {
			t.Fatalf("unpublished warnings: %s", w.Raw)
		}
	})
}

func TestFilesAreCheckedByContent(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "files@example.com", false)
		r := post(t, c, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"})
		id := r.Body["id"].(string)
		base := "/api/certificates/" + id + "/files"
		for _, tc := range []struct {
			name, ct string
			data     []byte
			want     string
		}{
			{"cp12.pdf", "application/pdf", pdf, "application/pdf"},
			{"photo.jpg", "image/jpeg", imagingtest.JPEG(t, 40, 30), "image/jpeg"},
			{"scan.png", "image/png", imagingtest.PNG(t, 40, 30), "image/png"},
			{"scan.pdf", "application/octet-stream", imagingtest.PNG(t, 20, 20), "image/png"}, // named PDF, really a PNG
		} {
			u := c.Upload(base, tc.name, tc.ct, tc.data)
			if u.Status != http.StatusCreated || u.Body["contentType"] != tc.want {
				t.Fatalf("%s: %d %s", tc.name, u.Status, u.Raw)
			}
		}
		// A text file renamed .pdf, and an HTML page named .png, are refused.
		for _, bad := range []struct {
			name string
			data []byte
		}{{"cert.pdf", []byte("Just some text pretending to be a PDF.")}, {"cert.png", []byte("<html><script>alert(1)</script></html>")}} {
			if u := c.Upload(base, bad.name, "application/pdf", bad.data); u.Status != http.StatusBadRequest || u.ErrorCode() != "bad_file_type" || u.ErrorMessage() != documents.MsgFileType {
				t.Fatalf("%s: %d %s", bad.name, u.Status, u.Raw)
			}
		}
		// More than 10 MB is refused.
		big := append(append([]byte{}, pdf...), bytes.Repeat([]byte("0"), documents.MaxFileBytes)...)
		if u := c.Upload(base, "big.pdf", "application/pdf", big); u.Status != http.StatusRequestEntityTooLarge || u.ErrorCode() != "file_too_large" {
			t.Fatalf("over 10 MB: %d %s", u.Status, u.Raw)
		}
		page := c.Get("/api/documents/certificates?propertyId=" + pid)
		cur := page.Body["groups"].([]any)[1].(map[string]any)["current"].([]any)[0].(map[string]any)
		files := cur["files"].([]any)
		if len(files) != 5 { // the first, recorded with the certificate, and four
			t.Fatalf("files: %v", files)
		}
		byName := map[string]map[string]any{}
		for _, x := range files {
			if n := x.(map[string]any)["filename"].(string); n != "cert.pdf" {
				byName[n] = x.(map[string]any)
			}
		}
		f := byName["cp12.pdf"]
		if f == nil || byName["photo.jpg"] == nil || byName["scan.png"] == nil {
			t.Fatalf("file names kept: %v", files)
		}
		res, err := c.HTTP.Get(c.URL(f["downloadUrl"].(string)))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !bytes.Equal(body, pdf) || res.Header.Get("Content-Type") != "application/pdf" ||
			!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download: %d %v", res.StatusCode, res.Header)
		}
		// The PNG named .pdf is shown with its real extension.
		if byName["scan.png"]["contentType"] != "image/png" || len(byName) != 3 {
			t.Fatalf("renamed file: %v", byName)
		}
		// Another landlord sees nothing.
		other := e.SignedIn("other-files@example.com", password, "Landlord")
		if r := other.Get(f["url"].(string)); r.Status != http.StatusNotFound {
			t.Fatalf("other landlord reads the file: %d", r.Status)
		}
		if r := c.Do("DELETE", f["url"].(string), nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete file: %d %s", r.Status, r.Raw)
		}
		if r := c.Get(f["url"].(string)); r.Status != http.StatusNotFound {
			t.Fatalf("deleted file: %d", r.Status)
		}
	})
}

// mails lists the subjects of the e-mails to addr, newest first.
func mails(t testing.TB, e *apptest.Env, addr string) []string {
	t.Helper()
	msgs, err := e.App.Mail.Outbox(context.Background(), addr, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		if strings.Contains(m.Subject, "expire") {
			out = append(out, m.Subject)
		}
	}
	return out
}

func TestRemindersGoOnceEachAndNotAfterReplacement(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const email = "remind@example.com"
		c, pid := landlord(t, e, email, true)
		gas := certificate(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -345), "expiresOn": day(e, 20)})
		e.RunJobs() // the sweep queued with the certificate
		got := mails(t, e, email)
		if len(got) != 1 || got[0] != "Gas Safety Certificate for 12 Acacia Road expires in 20 days" {
			t.Fatalf("first reminder: %v", got)
		}
		// Sweeping again, and two workers at once, send nothing more.
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() { defer wg.Done(); errs[i] = e.App.Documents.Sweep(context.Background()) }()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if got := mails(t, e, email); len(got) != 1 {
			t.Fatalf("after more sweeps: %v", got)
		}
		// 13 days later the 7-day stage is due: exactly one more.
		e.Clock.Advance(13 * 24 * time.Hour)
		for range 2 {
			if err := e.App.Documents.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if got := mails(t, e, email); len(got) != 2 || got[0] != "Gas Safety Certificate for 12 Acacia Road expires in 7 days" {
			t.Fatalf("7-day reminder: %v", got)
		}
		// Replaced: no reminder on the day for the old one, none for the new.
		certificate(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, 0), "replaces": gas["id"]})
		e.Clock.Advance(7 * 24 * time.Hour)
		e.RunJobs()
		if err := e.App.Documents.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := mails(t, e, email); len(got) != 2 {
			t.Fatalf("after replacement: %v", got)
		}
		// The calendar's view of the new one: its three stages, none sent.
		ex, err := e.App.Documents.Expiries(context.Background(), userID(t, e, email), e.Clock.Now(), e.Clock.Now().AddDate(2, 0, 0))
		if err != nil || len(ex) != 1 || len(ex[0].Reminders) != 3 || ex[0].Reminders[0].Status != "" || ex[0].Type != "gas-safety" {
			t.Fatalf("expiries: %+v %v", ex, err)
		}
	})
}

func TestOnlyTheLatestDueStageIsSent(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const email = "latest@example.com"
		c, pid := landlord(t, e, email, false)
		// Recorded 5 days before it expires: the 30-day stage has passed
		// unsent; only the 7-day one goes.
		certificate(t, c, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2021-11-07", "expiresOn": day(e, 5)})
		// An expired one gets its on-the-day reminder (once).
		certificate(t, c, map[string]any{"propertyId": pid, "type": "other", "name": "Fire risk assessment", "issuedOn": "2025-10-01", "expiresOn": day(e, -3)})
		e.RunJobs()
		got := mails(t, e, email)
		want := map[string]bool{
			"Electrical Installation Condition Report for 12 Acacia Road expires in 5 days": true,
			"Fire risk assessment for 12 Acacia Road expired 3 days ago":                    true,
		}
		if len(got) != 2 || !want[got[0]] || !want[got[1]] {
			t.Fatalf("reminders: %v", got)
		}
		ex, err := e.App.Documents.Expiries(context.Background(), userID(t, e, email), e.Clock.Now().AddDate(0, 0, -10), e.Clock.Now().AddDate(0, 0, 10))
		if err != nil || len(ex) != 2 {
			t.Fatalf("expiries: %+v %v", ex, err)
		}
		eicr := ex[1]
		if eicr.Type != "eicr" || eicr.Reminders[0].Status != "skipped" || eicr.Reminders[1].Status != "sent" || eicr.Reminders[2].Status != "" {
			t.Fatalf("stages: %+v", eicr.Reminders)
		}
		// 09:00 UK time on the day, 7 days before.
		if at := eicr.Reminders[1].At; at.Hour() != 9 {
			t.Fatalf("stage time: %v", at)
		}
		// Before 09:00 on the day the day's reminder is not due yet.
		e.Clock.Advance(5*24*time.Hour - time.Minute)
		e.RunJobs()
		if err := e.App.Documents.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := mails(t, e, email); len(got) != 2 {
			t.Fatalf("before 09:00: %v", got)
		}
		e.Clock.Advance(time.Minute)
		if err := e.App.Documents.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := mails(t, e, email); len(got) != 3 || got[0] != "Electrical Installation Condition Report for 12 Acacia Road expires today" {
			t.Fatalf("on the day: %v", got)
		}
	})
}

func userID(t testing.TB, e *apptest.Env, email string) string {
	t.Helper()
	u, err := e.App.Auth.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func TestThePeriodicSweepKeepsItselfQueued(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for range 3 {
			e.RunJobs()
			pending, err := e.App.Jobs.Pending(context.Background(), "documents.reminders")
			if err != nil || !pending {
				t.Fatalf("no sweep queued: %v", err)
			}
			e.Clock.Advance(documents.SweepEvery)
		}
	})
}

func TestWhoMaySeeAndChangeDocuments(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner, pid := landlord(t, e, "owner@example.com", true)
		cert := certificate(t, owner, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"})
		id := cert["id"].(string)
		fileURL := cert["openUrl"].(string)
		page := owner.Get("/api/documents/certificates?propertyId=" + pid)
		fileURL = page.Body["groups"].([]any)[1].(map[string]any)["current"].([]any)[0].(map[string]any)["files"].([]any)[0].(map[string]any)["url"].(string)
		other := e.SignedIn("other@example.com", password, "Landlord")
		tenant := e.SignedIn("tenant@example.com", password, "Tenant")
		visitor := e.NewClient()
		admin := e.SignedIn("admin@example.com", password, "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "admin@example.com"); err != nil {
			t.Fatal(err)
		}
		type call struct {
			method, path string
			body         any
		}
		calls := []call{
			{"GET", "/api/documents/certificates?propertyId=" + pid, nil},
			{"GET", "/api/documents/compliance?propertyId=" + pid, nil},
			{"GET", "/api/documents/contracts?propertyId=" + pid, nil},
			{"GET", "/api/documents/reference-checks?propertyId=" + pid, nil},
			{"GET", "/api/documents/inventory-reports?propertyId=" + pid, nil},
			{"GET", "/api/properties/" + pid + "/compliance", nil},
			{"PUT", "/api/properties/" + pid + "/compliance", map[string]any{"hasGas": true}},
			{"PATCH", "/api/certificates/" + id, map[string]any{"notes": "changed"}},
			{"GET", fileURL, nil},
		}
		for _, who := range []struct {
			name string
			c    *apptest.Client
			want int
		}{
			{"other landlord", other, http.StatusNotFound},
			{"admin", admin, http.StatusNotFound},
			{"tenant", tenant, http.StatusForbidden},
			{"visitor", visitor, http.StatusUnauthorized},
		} {
			for _, k := range calls {
				if r := who.c.Do(k.method, k.path, k.body); r.Status != who.want {
					t.Errorf("%s %s %s: %d, want %d", who.name, k.method, k.path, r.Status, who.want)
				}
			}
			if r := post(t, who.c, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2026-01-10"}); r.Status != who.want {
				t.Errorf("%s create with a file: %d, want %d", who.name, r.Status, who.want)
			}
			if r := who.c.Upload("/api/certificates/"+id+"/files", "x.pdf", "application/pdf", pdf); r.Status != who.want {
				t.Errorf("%s upload: %d, want %d", who.name, r.Status, who.want)
			}
			if r := who.c.Do("DELETE", "/api/certificates/"+id, nil); r.Status != who.want {
				t.Errorf("%s delete: %d, want %d", who.name, r.Status, who.want)
			}
		}
		// The summary is each landlord's own: the others see their own zeroes.
		for _, c := range []*apptest.Client{other, admin} {
			if n := certCount(t, c); n != 0 {
				t.Errorf("another landlord's count: %d", n)
			}
		}
		if r := tenant.Get("/api/documents/summary"); r.Status != http.StatusForbidden || r.ErrorCode() != "landlords_only" {
			t.Errorf("tenant summary: %d %s", r.Status, r.Raw)
		}
		if r := visitor.Get("/api/documents/summary"); r.Status != http.StatusUnauthorized {
			t.Errorf("visitor summary: %d", r.Status)
		}
		// The owner still has everything, unchanged.
		for _, k := range calls {
			if r := owner.Do(k.method, k.path, k.body); r.Status >= 300 {
				t.Errorf("owner %s %s: %d %s", k.method, k.path, r.Status, r.Raw)
			}
		}
		if r := owner.Get("/api/certificates/" + id + "/files/nope"); r.Status != http.StatusNotFound {
			t.Errorf("unknown file: %d", r.Status)
		}
	})
}

func TestBookingAVendor(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		t.Run("not configured", func(t *testing.T) {
			e := apptest.Start(t, d, nil)
			c, pid := landlord(t, e, "nobook@example.com", false)
			if r := c.Get("/api/documents/summary"); r.Body["vendorBooking"] != false {
				t.Fatalf("summary: %s", r.Raw)
			}
			for _, ty := range c.Get("/api/documents/certificate-types").Body["types"].([]any) {
				if ty.(map[string]any)["bookable"] != false {
					t.Fatalf("bookable without an address: %v", ty)
				}
			}
			r := c.Post("/api/certificates/booking", map[string]any{"propertyId": pid, "type": "gas-safety", "preferredDates": "Any weekday", "contact": "07700 900123"})
			if r.Status != http.StatusNotFound || r.ErrorCode() != "vendor_booking_off" {
				t.Fatalf("booking off: %d %s", r.Status, r.Raw)
			}
		})
	})
}

func TestBookingAVendorWhenConfigured(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apptest.Start(t, d, func(c *config.Config) { c.VendorBookingEmail = "bookings@vendor.example" })
		c, pid := landlord(t, e, "book@example.com", false)
		if r := c.Get("/api/documents/summary"); r.Body["vendorBooking"] != true {
			t.Fatalf("summary: %s", r.Raw)
		}
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"type": "other", "preferredDates": "x", "contact": "y"}, "type"},
			{map[string]any{"type": "eicr", "preferredDates": " ", "contact": "y"}, "preferredDates"},
			{map[string]any{"type": "eicr", "preferredDates": "x", "contact": ""}, "contact"},
		} {
			tc.body["propertyId"] = pid
			if r := c.Post("/api/certificates/booking", tc.body); r.Status != http.StatusBadRequest || r.FieldError(tc.field) == "" {
				t.Fatalf("%v: %d %s", tc.body, r.Status, r.Raw)
			}
		}
		r := c.Post("/api/certificates/booking", map[string]any{"propertyId": pid, "type": "gas-safety", "preferredDates": "Any weekday morning", "contact": "07700 900123"})
		if r.Status != http.StatusCreated || r.Body["requestedAt"] == nil {
			t.Fatalf("book: %d %s", r.Status, r.Raw)
		}
		e.RunJobs()
		vendor, err := e.App.Mail.Outbox(context.Background(), "bookings@vendor.example", 10)
		if err != nil || len(vendor) != 1 || !strings.Contains(vendor[0].Text, "12 Acacia Road") || !strings.Contains(vendor[0].Text, "07700 900123") ||
			vendor[0].ReplyTo != "book@example.com" {
			t.Fatalf("vendor mail: %+v %v", vendor, err)
		}
		own, _ := e.App.Mail.Outbox(context.Background(), "book@example.com", 10)
		copies := 0
		for _, m := range own {
			if strings.HasPrefix(m.Subject, "Your booking request") && strings.Contains(m.Text, "Any weekday morning") {
				copies++
			}
		}
		if copies != 1 {
			t.Fatalf("landlord's copy: %d of %d", copies, len(own))
		}
		g := c.Get("/api/documents/certificates?propertyId=" + pid).Body["groups"].([]any)[0].(map[string]any)
		if b, ok := g["booking"].(map[string]any); !ok || b["preferredDates"] != "Any weekday morning" {
			t.Fatalf("recorded request: %v", g)
		}
		// Someone else's property: 404, nothing sent.
		other, otherPid := landlord(t, e, "book2@example.com", false)
		_ = other
		if r := c.Post("/api/certificates/booking", map[string]any{"propertyId": otherPid, "type": "eicr", "preferredDates": "x", "contact": "y"}); r.Status != http.StatusNotFound {
			t.Fatalf("other's property: %d", r.Status)
		}
	})
}

// The calendar's "Mark done" on a certificate expiry reaches the documents
// area through the app's wiring: its reminders stop; taking the mark back
// lets the next one go.
func TestMarkDoneInTheCalendarStopsTheReminders(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const email = "done@example.com"
		c, pid := landlord(t, e, email, false)
		// Issued five years before it expires (the EICR's term fixed by law).
		certificate(t, c, map[string]any{"propertyId": pid, "type": "eicr", "issuedOn": "2021-12-12", "expiresOn": day(e, 40)})
		e.RunJobs()
		ex, err := e.App.Documents.Expiries(context.Background(), userID(t, e, email), e.Clock.Now(), e.Clock.Now().AddDate(0, 2, 0))
		if err != nil || len(ex) != 1 {
			t.Fatalf("expiries: %+v %v", ex, err)
		}
		key := "cert:" + ex[0].Key
		if r := c.Do(http.MethodPut, "/api/calendar/generated/"+url.PathEscape(key)+"/done", map[string]any{"done": true}); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
			t.Fatalf("mark done: %d %s", r.Status, r.Raw)
		}
		// Another landlord cannot mark it.
		other, _ := landlord(t, e, "other-done@example.com", false)
		if r := other.Do(http.MethodPut, "/api/calendar/generated/"+url.PathEscape(key)+"/done", map[string]any{"done": true}); r.Status != http.StatusNotFound {
			t.Fatalf("other landlord: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(11 * 24 * time.Hour) // the 30-day stage is due
		if err := e.App.Documents.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := mails(t, e, email); len(got) != 0 {
			t.Fatalf("marked done, yet: %v", got)
		}
		if r := c.Do(http.MethodPut, "/api/calendar/generated/"+url.PathEscape(key)+"/done", map[string]any{"done": false}); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
			t.Fatalf("mark not done: %d %s", r.Status, r.Raw)
		}
		if err := e.App.Documents.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := mails(t, e, email); len(got) != 1 || got[0] != "Electrical Installation Condition Report for 12 Acacia Road expires in 29 days" {
			t.Fatalf("after taking the mark back: %v", got)
		}
	})
}
