package blog

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

const signedTTL = 10 * time.Minute

type Service struct {
	db    *db.DB
	clock clock.Clock
	files storage.Store
}

func NewService(d *db.DB, c clock.Clock, files storage.Store) *Service {
	return &Service{db: d, clock: c, files: files}
}

// Input is a post as the admin's editor sends it. An empty slug is made
// from the title.
type Input struct {
	Title       string `json:"title"`
	Slug        string `json:"slug"`
	Body        string `json:"body"`
	MainImage   string `json:"mainImage"` // an uploaded image's name, or ""
	AuthorName  string `json:"authorName"`
	AuthorImage string `json:"authorImage"` // an uploaded image's name, or ""
	Status      Status `json:"status"`
}

func (s *Service) check(ctx context.Context, in *Input) error {
	in.Title, in.Slug, in.AuthorName = text.SingleLine(in.Title), strings.TrimSpace(in.Slug), strings.TrimSpace(in.AuthorName)
	fields := map[string]string{}
	switch {
	case in.Title == "":
		fields["title"] = MsgTitleRequired
	case utf8.RuneCountInString(in.Title) > maxTitle:
		fields["title"] = MsgTooLong
	}
	switch {
	case strings.TrimSpace(in.Body) == "":
		fields["body"] = MsgBodyRequired
	case len(in.Body) > maxBody:
		fields["body"] = MsgTooLong
	}
	if in.Slug != "" && !validSlug(in.Slug) {
		fields["slug"] = MsgSlugInvalid
	}
	switch {
	case utf8.RuneCountInString(in.AuthorName) > 80:
		fields["authorName"] = MsgTooLong
	case !text.ValidName(in.AuthorName):
		fields["authorName"] = text.MsgNameCharacters
	}
	for field, name := range map[string]string{"mainImage": in.MainImage, "authorImage": in.AuthorImage} {
		if name == "" {
			continue
		}
		if ok, err := imageExists(ctx, s.db.Conn(), name); err != nil {
			return err
		} else if !ok {
			fields[field] = MsgImageMissing
		}
	}
	if in.Status != Published {
		in.Status = Draft
	}
	if in.AuthorName == "" {
		in.AuthorName = "OmniRent team"
	}
	for _, f := range []string{"title", "body", "slug", "authorName", "mainImage", "authorImage"} {
		if msg, bad := fields[f]; bad {
			return apperr.Fields(msg, fields)
		}
	}
	return nil
}

// freeSlug makes a slug from the title that no other post uses, adding -2,
// -3... when needed. A slug the admin typed is kept as typed (a clash is
// reported instead), so links they chose never change behind their back.
func (s *Service) freeSlug(ctx context.Context, in Input, exceptID string) (string, error) {
	if in.Slug != "" {
		return in.Slug, nil
	}
	base := Slugify(in.Title)
	if base == "" {
		base = "post"
	}
	for i := 1; ; i++ {
		slug := base
		if i > 1 {
			slug = base + "-" + strconv.Itoa(i)
		}
		taken, err := slugExists(ctx, s.db.Conn(), slug, exceptID)
		if err != nil || !taken {
			return slug, err
		}
	}
}

func (s *Service) fill(p *Post, in Input, now time.Time) error {
	html, err := Render(in.Body)
	if err != nil {
		return apperr.Wrap(err, "render markdown")
	}
	p.Title, p.Body, p.HTML, p.Excerpt, p.AuthorName = in.Title, in.Body, html, excerpt(html), in.AuthorName
	if in.Status == Published && p.PublishedAt == nil {
		p.PublishedAt = &now
	}
	if in.Status == Draft {
		p.PublishedAt = nil
	}
	p.Status, p.UpdatedAt = in.Status, now
	return nil
}

// Create, Update, Delete, All and Get are the admins': the service
// refuses anyone else itself (401 visitor, 403 other users).
func (s *Service) Create(ctx context.Context, a session.Actor, in Input) (Post, error) {
	if err := a.RequireAdmin(); err != nil {
		return Post{}, err
	}
	if err := s.check(ctx, &in); err != nil {
		return Post{}, err
	}
	slug, err := s.freeSlug(ctx, in, "")
	if err != nil {
		return Post{}, err
	}
	now := s.clock.Now()
	p := Post{ID: uuid.NewString(), Slug: slug, CreatedAt: now}
	if err := s.fill(&p, in, now); err != nil {
		return Post{}, err
	}
	if err := insertPost(ctx, s.db.Conn(), p, in.MainImage, in.AuthorImage); err != nil {
		return Post{}, err
	}
	return postByID(ctx, s.db.Conn(), p.ID)
}

func (s *Service) Update(ctx context.Context, a session.Actor, id string, in Input) (Post, error) {
	if err := a.RequireAdmin(); err != nil {
		return Post{}, err
	}
	if err := s.check(ctx, &in); err != nil {
		return Post{}, err
	}
	p, err := postByID(ctx, s.db.Conn(), id)
	if err != nil {
		return Post{}, err
	}
	if in.Slug == "" {
		in.Slug = p.Slug // keep the address unless the admin changes it
	}
	p.Slug = in.Slug
	if err := s.fill(&p, in, s.clock.Now()); err != nil {
		return Post{}, err
	}
	if err := updatePost(ctx, s.db.Conn(), p, in.MainImage, in.AuthorImage); err != nil {
		return Post{}, err
	}
	return postByID(ctx, s.db.Conn(), id)
}

func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	if err := a.RequireAdmin(); err != nil {
		return err
	}
	return deletePost(ctx, s.db.Conn(), id)
}

// All lists every post, drafts included, for admins.
func (s *Service) All(ctx context.Context, a session.Actor) ([]Post, error) {
	if err := a.RequireAdmin(); err != nil {
		return nil, err
	}
	return allPosts(ctx, s.db.Conn())
}

// Get reads any post by id, for admins.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Post, error) {
	if err := a.RequireAdmin(); err != nil {
		return Post{}, err
	}
	return postByID(ctx, s.db.Conn(), id)
}

// Published lists published posts, newest first.
func (s *Service) Published(ctx context.Context, limit int) ([]Post, error) {
	return publishedPosts(ctx, s.db.Conn(), limit)
}

// BySlug reads a published post.
func (s *Service) BySlug(ctx context.Context, slug string) (Post, error) {
	return publishedBySlug(ctx, s.db.Conn(), slug)
}
