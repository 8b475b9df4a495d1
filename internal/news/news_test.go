package news_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const rss = `<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Letting Weekly</title>
<item><title>Rent rises slow in London &amp; the South East</title><link>https://news.example/rent-rises</link>
<description><![CDATA[<p>Average <b>rents</b> rose 2% this year, the slowest pace since 2021. ` + long + `</p><script>alert(1)</script>]]></description>
<author>desk@news.example (Jo Reporter)</author><pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate>
<media:thumbnail url="https://img.news.example/rent.jpg"/></item>
<item><title>Insecure picture story</title><link>https://news.example/insecure</link><description>Body</description>
<pubDate>Thu, 19 Nov 2026 08:00:00 GMT</pubDate><enclosure url="http://img.news.example/plain.jpg" type="image/jpeg"/></item>
<item><title>Old story</title><link>https://news.example/old</link><description>Long ago</description><pubDate>Mon, 01 Jun 2026 08:00:00 GMT</pubDate></item>
<item><title>No link</title><description>skipped</description></item>
</channel></rss>`

const long = "Landlords in the capital reported more applicants per listing than a year ago, while new supply remained tight and letting agents said tenants were staying longer in the same home."

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Global Housing Digest</title>
<entry><title>Cities look to build-to-rent</title><link href="https://world.example/btr"/><updated>2026-11-21T10:00:00Z</updated>
<author><name>Sam Writer</name></author><summary>Institutional landlords are growing in many countries.</summary></entry>
<entry><title>Rent rises slow in London (syndicated)</title><link href="https://news.example/rent-rises"/><updated>2026-11-21T09:00:00Z</updated>
<summary>The same story, also in this feed.</summary></entry>
</feed>`

func feeds(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var broken atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/uk.rss":
			_, _ = w.Write([]byte(rss))
		case "/world.atom":
			_, _ = w.Write([]byte(atom))
		default:
			broken.Add(1)
			http.Error(w, "down", http.StatusBadGateway)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &broken
}

func start(t *testing.T, d *db.DB, uk, world string) *apptest.Env {
	return apptest.Start(t, d, func(c *config.Config) {
		c.News.UKFeeds, c.News.WorldFeeds = strings.Split(uk, ","), strings.Split(world, ",")
		c.News.Refresh, c.News.Retention = 30*time.Minute, 30*24*time.Hour
	})
}

func headlines(t *testing.T, e *apptest.Env, view string) []map[string]any {
	t.Helper()
	r := e.NewClient().Get("/api/news?view=" + view)
	if r.Status != 200 {
		t.Fatalf("news %s: %d %s", view, r.Status, r.Raw)
	}
	var out []map[string]any
	for _, a := range r.Body["articles"].([]any) {
		out = append(out, a.(map[string]any))
	}
	return out
}

func TestFeedsAreCollected(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv, broken := feeds(t)
		e := start(t, d, srv.URL+"/uk.rss,"+srv.URL+"/down.rss", srv.URL+"/world.atom")
		e.Clock.Set(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
		e.RunJobs()
		if broken.Load() != 1 {
			t.Fatalf("the broken feed was tried %d times", broken.Load())
		}
		uk := headlines(t, e, "uk")
		// RSS: three items with links; the June one is older than 30 days and dropped.
		if len(uk) != 2 || uk[0]["url"] != "https://news.example/rent-rises" || uk[0]["sample"] != false {
			t.Fatalf("uk: %v", uk)
		}
		a := uk[0]
		if a["title"] != "Rent rises slow in London & the South East" || a["source"] != "Letting Weekly" ||
			a["imageUrl"] != "https://img.news.example/rent.jpg" || a["publishedAt"] != "2026-11-20T08:00:00Z" {
			t.Fatalf("article: %v", a)
		}
		content := a["content"].(string)
		if strings.Contains(content, "<") || strings.Contains(content, "alert") || utf8.RuneCountInString(content) > 197 ||
			utf8.RuneCountInString(a["contentShort"].(string)) > 162 || !strings.HasSuffix(content, "…") {
			t.Fatalf("content not plain or not cut: %q / %q", content, a["contentShort"])
		}
		if uk[1]["imageUrl"] != "" {
			t.Fatalf("an http image was kept: %v", uk[1])
		}
		// Atom: the syndicated copy of the RSS story is a duplicate by URL.
		world := headlines(t, e, "world")
		if len(world) != 1 || world[0]["title"] != "Cities look to build-to-rent" || world[0]["author"] != "Sam Writer" {
			t.Fatalf("world: %v", world)
		}

		// The next run is scheduled; running again adds nothing new.
		e.Clock.Advance(31 * time.Minute)
		e.RunJobs()
		if n := len(headlines(t, e, "uk")); n != 2 {
			t.Fatalf("after a second run: %d", n)
		}
		// Retention: once everything is older than 30 days, the samples stand in.
		e.Clock.Advance(40 * 24 * time.Hour)
		e.RunJobs()
		uk = headlines(t, e, "uk")
		if len(uk) == 0 || uk[0]["sample"] != true {
			t.Fatalf("after retention: %v", uk)
		}
		var rows int
		_ = d.Conn().QueryRow(context.Background(), `SELECT COUNT(*) FROM news_articles`).Scan(&rows)
		if rows != 0 {
			t.Fatalf("%d expired rows kept", rows)
		}
	})
}

func TestSamplesWhenNothingIsConfigured(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for _, v := range []string{"uk", "world"} {
			list := headlines(t, e, v)
			if len(list) < 4 {
				t.Fatalf("%s: %v", v, list)
			}
			for _, a := range list {
				if a["sample"] != true || !strings.HasPrefix(a["url"].(string), "https://") || utf8.RuneCountInString(a["title"].(string)) > 118 {
					t.Errorf("sample %v", a)
				}
			}
		}
		if r := e.NewClient().Get("/api/news?view=mars"); r.Status != http.StatusBadRequest {
			t.Fatalf("unknown view: %d", r.Status)
		}
	})
}
