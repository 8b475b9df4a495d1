// Package news is OmniNews: rental-sector headlines collected from RSS and
// Atom feeds on a schedule run by the job queue. Two views, each with its
// own feeds: Top Headlines (UK rental sector) and Worldwide Top Headlines.
// Duplicates (by URL) are dropped and items expire after a retention
// period. When a view has nothing stored (offline, first start), built-in
// sample articles are shown so the page is never empty.
package news

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// View names a list of headlines.
type View string

const (
	UK    View = "uk"    // Top Headlines: the UK rental sector
	World View = "world" // Worldwide Top Headlines
)

// Truncation of spec 3 section 9.
const (
	TitleLen        = 118
	ContentLen      = 197 // desktop
	ContentLenPhone = 162 // mobile
	pageSize        = 50
	refreshJob      = "news.refresh"
)

// Article is one headline (spec 3 section 3, "News article").
type Article struct {
	Title        string    `json:"title"`
	Source       string    `json:"source"`
	Content      string    `json:"content"`      // up to 197 characters
	ContentShort string    `json:"contentShort"` // up to 162, for phones
	Author       string    `json:"author"`
	URL          string    `json:"url"`
	ImageURL     string    `json:"imageUrl"` // https only, or ""
	PublishedAt  time.Time `json:"publishedAt"`
	Sample       bool      `json:"sample"`
}

// Config says where the headlines come from and how long they stay.
type Config struct {
	Feeds     map[View][]string
	Refresh   time.Duration
	Retention time.Duration
}

type Service struct {
	db     *db.DB
	clock  clock.Clock
	jobs   *jobs.Queue
	cfg    Config
	client *http.Client
	log    *slog.Logger
}

func NewService(d *db.DB, c clock.Clock, q *jobs.Queue, cfg Config, log *slog.Logger) *Service {
	s := &Service{db: d, clock: c, jobs: q, cfg: cfg, log: log, client: &http.Client{Timeout: 15 * time.Second}}
	q.Handle(refreshJob, s.refreshJob)
	return s
}

// Schedule makes sure one refresh is queued (at start-up). Without feeds
// there is nothing to fetch and nothing is queued.
func (s *Service) Schedule(ctx context.Context) error {
	if len(s.cfg.Feeds[UK])+len(s.cfg.Feeds[World]) == 0 {
		return nil
	}
	pending, err := s.jobs.Pending(ctx, refreshJob)
	if err != nil || pending {
		return err
	}
	return s.jobs.Enqueue(ctx, s.db.Conn(), refreshJob, nil, 3)
}

// Headlines lists a view, newest first, with the sample articles standing
// in when nothing has been collected.
func (s *Service) Headlines(ctx context.Context, v View) ([]Article, error) {
	list, err := latest(ctx, s.db.Conn(), v, s.clock.Now().Add(-s.cfg.Retention), pageSize)
	if err != nil || len(list) > 0 {
		return list, err
	}
	return samples(v, s.clock.Now()), nil
}

// shape applies the truncation rules to an article as stored.
func shape(a Article) Article {
	a.Title = text.Truncate(text.SingleLine(a.Title), TitleLen)
	full := text.Squash(a.Content)
	a.Content, a.ContentShort = text.Truncate(full, ContentLen), text.Truncate(full, ContentLenPhone)
	return a
}
