package news

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// store adds articles; one whose URL is already stored (in either view) is skipped.
func store(ctx context.Context, c db.Conn, v View, list []Article, now time.Time) error {
	for _, a := range list {
		_, err := c.Exec(ctx, `INSERT INTO news_articles (id, view, url, title, source, content, author, image_url, published_at, fetched_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (url) DO NOTHING`,
			uuid.NewString(), v, a.URL, a.Title, a.Source, a.Content, a.Author, a.ImageURL, a.PublishedAt.UnixMilli(), now.UnixMilli())
		if err != nil {
			return apperr.Wrap(err, "store article")
		}
	}
	return nil
}

// prune drops articles published before cutoff.
func prune(ctx context.Context, c db.Conn, cutoff time.Time) error {
	_, err := c.Exec(ctx, `DELETE FROM news_articles WHERE published_at < ?`, cutoff.UnixMilli())
	return apperr.Wrap(err, "prune articles")
}

func latest(ctx context.Context, c db.Conn, v View, since time.Time, limit int) ([]Article, error) {
	out, err := db.All(ctx, c, scanArticle, `SELECT title, source, content, author, url, image_url, published_at FROM news_articles
		WHERE view = ? AND published_at >= ? ORDER BY published_at DESC, id LIMIT ?`, v, since.UnixMilli(), limit)
	return out, apperr.Wrap(err, "list articles")
}

func scanArticle(row db.Scanner) (Article, error) {
	var a Article
	var published int64
	err := row.Scan(&a.Title, &a.Source, &a.Content, &a.Author, &a.URL, &a.ImageURL, &published)
	a.PublishedAt = time.UnixMilli(published).UTC()
	return shape(a), err
}
