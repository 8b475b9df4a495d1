package blog

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

const cols = `p.id, p.slug, p.title, p.body, p.body_html, p.excerpt, p.author_name, p.status, p.created_at, p.updated_at, p.published_at,
	COALESCE(m.name, ''), COALESCE(m.width, 0), COALESCE(m.height, 0), COALESCE(a.name, ''), COALESCE(a.width, 0), COALESCE(a.height, 0)`

const from = ` FROM blog_posts p LEFT JOIN blog_images m ON m.name = p.main_image LEFT JOIN blog_images a ON a.name = p.author_image`

func scan(row db.Scanner) (Post, error) {
	var p Post
	var created, updated int64
	var published sql.NullInt64
	var main, author Image
	err := row.Scan(&p.ID, &p.Slug, &p.Title, &p.Body, &p.HTML, &p.Excerpt, &p.AuthorName, &p.Status, &created, &updated, &published,
		&main.Name, &main.Width, &main.Height, &author.Name, &author.Width, &author.Height)
	if errors.Is(err, db.NoRows) {
		return Post{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if err != nil {
		return Post{}, apperr.Wrap(err, "scan post")
	}
	p.CreatedAt, p.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	if published.Valid {
		t := time.UnixMilli(published.Int64).UTC()
		p.PublishedAt = &t
	}
	if main.Name != "" {
		p.MainImage = withURLs(main)
	}
	if author.Name != "" {
		p.AuthorImage = withURLs(author)
	}
	return p, nil
}

func slugTaken(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.Fields(MsgSlugTaken, map[string]string{"slug": MsgSlugTaken}).WithKind(apperr.Conflict, "slug_taken")
	}
	return err
}

func insertPost(ctx context.Context, c db.Conn, p Post, mainImage, authorImage string) error {
	_, err := c.Exec(ctx, `INSERT INTO blog_posts (id, slug, title, body, body_html, excerpt, main_image, author_name, author_image, status,
		created_at, updated_at, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.Slug, p.Title, p.Body, p.HTML, p.Excerpt, mainImage, p.AuthorName, authorImage, p.Status,
		p.CreatedAt.UnixMilli(), p.UpdatedAt.UnixMilli(), millis(p.PublishedAt))
	return apperr.Wrap(slugTaken(err), "insert post")
}

func updatePost(ctx context.Context, c db.Conn, p Post, mainImage, authorImage string) error {
	res, err := c.Exec(ctx, `UPDATE blog_posts SET slug = ?, title = ?, body = ?, body_html = ?, excerpt = ?, main_image = ?, author_name = ?,
		author_image = ?, status = ?, updated_at = ?, published_at = ? WHERE id = ?`,
		p.Slug, p.Title, p.Body, p.HTML, p.Excerpt, mainImage, p.AuthorName, authorImage, p.Status, p.UpdatedAt.UnixMilli(),
		millis(p.PublishedAt), p.ID)
	if err != nil {
		return apperr.Wrap(slugTaken(err), "update post")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}

func millis(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UnixMilli()
}

func postByID(ctx context.Context, c db.Conn, id string) (Post, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+from+` WHERE p.id = ?`, id))
}

func publishedBySlug(ctx context.Context, c db.Conn, slug string) (Post, error) {
	return scan(c.QueryRow(ctx, `SELECT `+cols+from+` WHERE p.slug = ? AND p.status = 'published'`, slug))
}

func slugExists(ctx context.Context, c db.Conn, slug, exceptID string) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM blog_posts WHERE slug = ? AND id <> ?`, slug, exceptID).Scan(&n)
	return n > 0, apperr.Wrap(err, "check slug")
}

func allPosts(ctx context.Context, c db.Conn) ([]Post, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+from+` ORDER BY p.created_at DESC, p.id`)
	return out, apperr.Wrap(err, "list posts")
}

func publishedPosts(ctx context.Context, c db.Conn, limit int) ([]Post, error) {
	out, err := db.All(ctx, c, scan, `SELECT `+cols+from+` WHERE p.status = 'published' ORDER BY p.published_at DESC, p.id LIMIT ?`, limit)
	return out, apperr.Wrap(err, "list posts")
}

func deletePost(ctx context.Context, c db.Conn, id string) error {
	res, err := c.Exec(ctx, `DELETE FROM blog_posts WHERE id = ?`, id)
	if err != nil {
		return apperr.Wrap(err, "delete post")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	return nil
}

// imagePublished reports whether a published post shows the image: as its
// main or author image, or in its text (the editor inserts the image's URL,
// which ends in its name). Names are [a-z0-9] plus an extension, so the
// LIKE pattern has no wildcard of its own.
func imagePublished(ctx context.Context, c db.Conn, name string) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM blog_posts WHERE status = 'published'
		AND (main_image = ? OR author_image = ? OR body LIKE ?)`, name, name, "%/"+name+"%").Scan(&n)
	return n > 0, apperr.Wrap(err, "check image")
}

func imageExists(ctx context.Context, c db.Conn, name string) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM blog_images WHERE name = ?`, name).Scan(&n)
	return n > 0, apperr.Wrap(err, "check image")
}

func insertImage(ctx context.Context, c db.Conn, im Image, contentType string, now time.Time) error {
	_, err := c.Exec(ctx, `INSERT INTO blog_images (name, content_type, width, height, created_at) VALUES (?, ?, ?, ?, ?)`,
		im.Name, contentType, im.Width, im.Height, now.UnixMilli())
	return apperr.Wrap(err, "save image")
}
