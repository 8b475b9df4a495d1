package news

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/mmcdole/gofeed"

	"github.com/omnirent/omnirent/internal/platform/text"
)

// maxStored bounds what is kept of an article's text: pages show at most
// 197 characters, so there is no reason to keep whole articles.
const maxStored = 600

// fetch reads one RSS or Atom feed.
func (s *Service) fetch(ctx context.Context, feedURL string) ([]Article, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, feedURL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "OmniRent news reader (+https://omnirent.co.uk)")
	res, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("feed %s: HTTP %d", feedURL, res.StatusCode)
	}
	feed, err := gofeed.NewParser().Parse(io.LimitReader(res.Body, 5<<20))
	if err != nil {
		return nil, fmt.Errorf("feed %s: %w", feedURL, err)
	}
	return articles(feed, s.clock.Now()), nil
}

// articles turns feed items into articles; items without a title or an
// http(s) link are skipped.
func articles(feed *gofeed.Feed, now time.Time) []Article {
	var out []Article
	for _, it := range feed.Items {
		link, title := strings.TrimSpace(it.Link), text.SingleLine(plain(it.Title))
		if u, err := url.Parse(link); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || title == "" {
			continue
		}
		a := Article{Title: title, Source: text.SingleLine(feed.Title), URL: link, ImageURL: image(it), PublishedAt: now}
		body := it.Description
		if body == "" {
			body = it.Content
		}
		a.Content = text.Truncate(text.Squash(plain(body)), maxStored)
		if it.Author != nil {
			a.Author = text.SingleLine(it.Author.Name)
		} else if len(it.Authors) > 0 && it.Authors[0] != nil {
			a.Author = text.SingleLine(it.Authors[0].Name)
		}
		switch {
		case it.PublishedParsed != nil:
			a.PublishedAt = *it.PublishedParsed
		case it.UpdatedParsed != nil:
			a.PublishedAt = *it.UpdatedParsed
		}
		if a.PublishedAt.After(now) {
			a.PublishedAt = now // a feed's clock is not trusted to be in the past
		}
		out = append(out, a)
	}
	return out
}

var tags = regexp.MustCompile(`<[^>]*>`)

// plain turns feed HTML into plain text: pages print it as text, never as HTML.
func plain(s string) string {
	return html.UnescapeString(tags.ReplaceAllString(s, " "))
}

// image picks the item's picture, only over https (a page served over
// https must not load http images, and a missing one must not break it).
func image(it *gofeed.Item) string {
	var candidates []string
	if it.Image != nil {
		candidates = append(candidates, it.Image.URL)
	}
	for _, e := range it.Enclosures {
		if strings.HasPrefix(e.Type, "image/") {
			candidates = append(candidates, e.URL)
		}
	}
	if media, ok := it.Extensions["media"]; ok {
		for _, kind := range []string{"content", "thumbnail"} {
			for _, m := range media[kind] {
				candidates = append(candidates, m.Attrs["url"])
			}
		}
	}
	for _, c := range candidates {
		if u, err := url.Parse(strings.TrimSpace(c)); err == nil && u.Scheme == "https" && u.Host != "" {
			return u.String()
		}
	}
	return ""
}

// refreshJob fetches every feed, stores what is new, drops what is too old
// and queues the next run. One failing feed is logged and retried next
// time; readers never see the error.
func (s *Service) refreshJob(ctx context.Context, _ json.RawMessage) error {
	now := s.clock.Now()
	for _, v := range []View{UK, World} {
		for _, f := range s.cfg.Feeds[v] {
			list, err := s.fetch(ctx, f)
			if err != nil {
				s.log.Warn("news feed not read; will retry", "feed", f, "err", err)
				continue
			}
			if err := store(ctx, s.db.Conn(), v, list, now); err != nil {
				return err
			}
		}
	}
	if err := prune(ctx, s.db.Conn(), now.Add(-s.cfg.Retention)); err != nil {
		return err
	}
	return s.jobs.EnqueueAt(ctx, s.db.Conn(), refreshJob, nil, now.Add(s.cfg.Refresh), 3)
}
