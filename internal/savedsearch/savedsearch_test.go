package savedsearch_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/savedsearch"
)

const password = "Secret#123"

// publish adds a published listing near postcode, with its photo, and
// returns its id.
func publish(t *testing.T, c *apptest.Client, postcode string, rentPence int64, cycle string) string {
	t.Helper()
	r := c.Post("/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": "1 Test Street", "addrSecondLine": "", "town": "London", "postcode": postcode, "country": "United Kingdom"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := r.Body["property"].(map[string]any)["id"].(string)
	if r := c.Upload("/api/properties/"+id+"/images", "p.jpg", "image/jpeg", imagingtest.JPEG(t, 60, 40)); r.Status >= 300 {
		t.Fatalf("photo: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("PUT", "/api/properties/"+id+"/details", map[string]any{
		"propertyType": "Flat", "depositPence": rentPence, "councilTaxBand": "C", "epcRating": "C", "billsIncluded": []string{}, "petsConsidered": true,
		"rentPence": rentPence, "rentCycle": cycle, "bedroomCount": 2, "bathroomCount": 1, "sofasCount": 1,
		"furnishStatus": "Furnished", "moveInDate": "2026-12-01", "shortDescription": "Bright flat.", "publish": true,
	}); r.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", r.Status, r.Raw)
	}
	return id
}

func outbox(t *testing.T, e *apptest.Env, to string) []mail.Message {
	t.Helper()
	e.RunJobs()
	msgs, err := e.App.Mail.Outbox(context.Background(), to, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, m := range msgs {
		if strings.Contains(m.Subject, "new listing") {
			out = append(out, m)
		}
	}
	return out
}

func save(t *testing.T, c *apptest.Client, name, query string) map[string]any {
	t.Helper()
	r := c.Post("/api/saved-searches", map[string]any{"name": name, "query": query})
	if r.Status != http.StatusCreated || r.Body["message"] != savedsearch.MsgSaved {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	return r.Body["savedSearch"].(map[string]any)
}

// The daily e-mail: sent once however many sweeps run that day, listing
// only what was published since the last e-mail (never what was there
// when the search was saved), nothing when nothing is new; prices in
// words with a weekly rent's monthly figure; an unsubscribe link that works
// signed out, after which nothing more is sent.
func TestDailyEmailSendsOnceWithOnlyNewListings(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		landlord := e.SignedIn("lan@example.com", password, "Landlord")
		renter := e.SignedIn("ren@example.com", password, "Tenant")
		old := publish(t, landlord, "SW11 1AA", 185_000, "Monthly")
		ss := save(t, renter, "", "searchArea=SW11&minimumBeds=2&sort=nearest&cursor=abc")
		if ss["name"] != "SW11, 2+ beds" || ss["query"] != "minimumBeds=2&searchArea=SW11" || ss["emails"] != true {
			t.Fatalf("saved: %v", ss)
		}
		// Nothing new yet: no e-mail.
		e.App.SavedSearches.Sweep(context.Background())
		if got := outbox(t, e, "ren@example.com"); len(got) != 0 {
			t.Fatalf("e-mail with nothing new: %q", got[0].Subject)
		}
		e.Clock.Advance(time.Minute)
		weekly := publish(t, landlord, "SW11 2AA", 20_000, "Weekly")
		e.Clock.Advance(time.Minute)
		// Two sweeps the same day (the job and the development hook): one e-mail.
		for range 2 {
			if err := e.App.SavedSearches.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if r := e.NewClient().Post("/api/dev/saved-searches/sweep", nil); r.Status != http.StatusAccepted {
			t.Fatalf("dev hook: %d %s", r.Status, r.Raw)
		}
		got := outbox(t, e, "ren@example.com")
		if len(got) != 1 {
			t.Fatalf("%d e-mails after three sweeps, want 1", len(got))
		}
		m := got[0]
		if !strings.Contains(m.Text, "/DetailPage/"+weekly) || strings.Contains(m.Text, old) {
			t.Errorf("the e-mail must list only the new listing:\n%s", m.Text)
		}
		if !strings.Contains(m.Text, "£200 pcw (£866.67 pcm)") || !strings.Contains(m.Text, "2 bedroom home to rent in London") {
			t.Errorf("listing words:\n%s", m.Text)
		}
		// No internal id in the words (only inside links).
		words := regexp.MustCompile(`https?://\S+`).ReplaceAllString(m.Text, "")
		if regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-`).MatchString(words) || strings.Contains(words, ss["id"].(string)) {
			t.Errorf("an internal id in the e-mail:\n%s", m.Text)
		}
		// The next day, a listing published since: only it.
		e.Clock.Advance(24 * time.Hour)
		third := publish(t, landlord, "SW11 3AA", 190_000, "Monthly")
		e.Clock.Advance(time.Minute)
		e.App.SavedSearches.Sweep(context.Background())
		got = outbox(t, e, "ren@example.com")
		if len(got) != 2 || !strings.Contains(got[0].Text, third) || strings.Contains(got[0].Text, weekly) || !strings.Contains(got[0].Text, "£1,900 pcm") {
			t.Fatalf("second day: %d e-mails, newest:\n%s", len(got), got[0].Text)
		}
		// Unsubscribe, signed out, from the first e-mail's link.
		link := regexp.MustCompile(`/saved-searches/unsubscribe\?token=(\S+)`).FindStringSubmatch(m.Text)
		if link == nil {
			t.Fatalf("no unsubscribe link:\n%s", m.Text)
		}
		token, _ := url.QueryUnescape(link[1])
		// The List-Unsubscribe header names the same page.
		if h := m.Headers["List-Unsubscribe"]; !strings.HasPrefix(h, "<http") || !strings.Contains(h, "/saved-searches/unsubscribe?token="+link[1]+">") {
			t.Errorf("List-Unsubscribe: %q", h)
		}
		visitor := e.NewClient()
		if r := visitor.Get("/api/saved-searches/unsubscribe?token=" + url.QueryEscape(token)); r.Status != http.StatusOK || r.Body["name"] != "SW11, 2+ beds" {
			t.Fatalf("unsubscribe page: %d %s", r.Status, r.Raw)
		}
		if r := visitor.Post("/api/saved-searches/unsubscribe", map[string]any{"token": token}); r.Status != http.StatusOK || r.Body["message"] != savedsearch.MsgUnsubscribed {
			t.Fatalf("unsubscribe: %d %s", r.Status, r.Raw)
		}
		if r := visitor.Post("/api/saved-searches/unsubscribe", map[string]any{"token": token + "x"}); r.Status != http.StatusNotFound {
			t.Fatalf("a wrong token: %d %s", r.Status, r.Raw)
		}
		e.Clock.Advance(24 * time.Hour)
		publish(t, landlord, "SW11 4AA", 190_000, "Monthly")
		e.App.SavedSearches.Sweep(context.Background())
		if got := outbox(t, e, "ren@example.com"); len(got) != 2 {
			t.Fatalf("e-mail after unsubscribing: %d", len(got))
		}
		// The token is stored only as its hash.
		var n int
		if err := e.App.DB.Conn().QueryRow(context.Background(), `SELECT COUNT(*) FROM saved_search_sends WHERE unsubscribe_hash = ?`, token).Scan(&n); err != nil || n != 0 {
			t.Fatalf("token stored in clear: %d %v", n, err)
		}
	})
}

// Who may see, change and delete a saved search: its owner; another user
// and an admin get not found (saved searches are private); a visitor 401.
func TestSavedSearchPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		owner := e.SignedIn("own@example.com", password, "Tenant")
		other := e.SignedIn("oth@example.com", password, "Landlord")
		admin := e.SignedIn("boss@example.com", password, "Landlord")
		if err := e.App.Auth.PromoteToAdmin(context.Background(), "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		stranger := e.NewClient()
		id := save(t, owner, "Near work", "searchArea=SW11")["id"].(string)
		type call struct {
			method, path string
			body         any
		}
		calls := []call{
			{"PUT", "/api/saved-searches/" + id + "/emails", map[string]any{"on": false}},
			{"DELETE", "/api/saved-searches/" + id, nil},
		}
		for _, tc := range []struct {
			name   string
			c      *apptest.Client
			status int
		}{{"another user", other, http.StatusNotFound}, {"admin", admin, http.StatusNotFound}, {"stranger", stranger, http.StatusUnauthorized}} {
			for _, k := range calls {
				if r := tc.c.Do(k.method, k.path, k.body); r.Status != tc.status {
					t.Errorf("%s %s %s: %d, want %d", tc.name, k.method, k.path, r.Status, tc.status)
				}
			}
			r := tc.c.Get("/api/saved-searches")
			if tc.status == http.StatusUnauthorized {
				if r.Status != http.StatusUnauthorized {
					t.Errorf("%s lists: %d", tc.name, r.Status)
				}
			} else if list, _ := r.Body["savedSearches"].([]any); r.Status != http.StatusOK || len(list) != 0 {
				t.Errorf("%s sees others' saved searches: %s", tc.name, r.Raw)
			}
		}
		// The owner: listed, e-mails off and on, deleted.
		if list, _ := owner.Get("/api/saved-searches").Body["savedSearches"].([]any); len(list) != 1 || list[0].(map[string]any)["name"] != "Near work" {
			t.Fatalf("owner's list: %v", list)
		}
		if r := owner.Do("PUT", "/api/saved-searches/"+id+"/emails", map[string]any{"on": false}); r.Status != http.StatusOK || r.Body["savedSearch"].(map[string]any)["emails"] != false {
			t.Fatalf("owner turns e-mails off: %d %s", r.Status, r.Raw)
		}
		if r := owner.Do("DELETE", "/api/saved-searches/"+id, nil); r.Status != http.StatusOK {
			t.Fatalf("owner deletes: %d %s", r.Status, r.Raw)
		}
		if list, _ := owner.Get("/api/saved-searches").Body["savedSearches"].([]any); len(list) != 0 {
			t.Fatalf("deleted still listed: %v", list)
		}
		// What cannot be saved.
		if r := owner.Post("/api/saved-searches", map[string]any{"query": ""}); r.Status != http.StatusBadRequest || r.ErrorMessage() != savedsearch.MsgNothingToSave {
			t.Errorf("empty search: %d %s", r.Status, r.Raw)
		}
		if r := owner.Post("/api/saved-searches", map[string]any{"query": "searchArea=Nowhereville-on-Nothing"}); r.Status != http.StatusBadRequest {
			t.Errorf("unknown place: %d %s", r.Status, r.Raw)
		}
	})
}

func TestDescribeNamesTheFilters(t *testing.T) {
	for q, want := range map[string]string{
		"searchArea=Clapham&radius=1&minimumBeds=2&maximumBeds=3&minimumRent=1000&maximumRent=2000": "Clapham, within 1 mile, 2 to 3 beds, £1,000 to £2,000 pcm",
		"maximumRent=400&rentCycle=Weekly&minimumBathrooms=2":                                       "Anywhere, up to £400 pcw, 2+ bathrooms",
		"searchArea=SW11&rentCycle=Weekly":                                                          "SW11",
		"minimumBeds=studio":                                                                        "Anywhere, studio or larger",
		"minimumBeds=studio&maximumBeds=studio":                                                     "Anywhere, studio",
	} {
		v, _ := url.ParseQuery(q)
		if got := savedsearch.Describe(v); got != want {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
}
