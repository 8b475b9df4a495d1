// Package blog owns the blog: posts written by admins in Markdown (draft or
// published, with a main image and an author), rendered to sanitised HTML,
// listed and read by anyone, and described to search engines and link
// previews (Open Graph tags in the served page, a sitemap and an RSS feed).
package blog

import (
	"time"
)

type Status string

const (
	Draft     Status = "draft"
	Published Status = "published"
)

// Texts; the spec's where it has them.
const (
	MsgTitleRequired = "Please enter a title."
	MsgBodyRequired  = "Please write the post."
	MsgSlugInvalid   = "Use only lower-case letters, numbers and hyphens in the address."
	MsgSlugTaken     = "Another post already uses this address."
	MsgNotFound      = "Post not found."
	MsgImageMissing  = "That image was not found; upload it again."
	MsgTooLong       = "Please shorten this text."
)

const (
	maxTitle   = 160
	maxBody    = 100_000
	maxSlug    = 100
	excerptLen = 220
)

// Image is an uploaded blog image as pages use it.
type Image struct {
	Name       string `json:"name"`
	URL        string `json:"url"`        // the cleaned original
	PreviewURL string `json:"previewUrl"` // at most 640 x 480, for the 320 x 240 list preview
	Width      int    `json:"width"`
	Height     int    `json:"height"`
}

// Post is a blog post (spec 1 section 3, "Blog post").
type Post struct {
	ID          string     `json:"id"`
	Slug        string     `json:"slug"`
	Title       string     `json:"title"`
	Body        string     `json:"body,omitempty"` // Markdown; admins only
	HTML        string     `json:"html,omitempty"` // sanitised
	Excerpt     string     `json:"excerpt"`
	MainImage   *Image     `json:"mainImage"`
	AuthorName  string     `json:"authorName"`
	AuthorImage *Image     `json:"authorImage"`
	Status      Status     `json:"status"`
	CreatedAt   time.Time  `json:"createdAt"`
	UpdatedAt   time.Time  `json:"updatedAt"`
	PublishedAt *time.Time `json:"publishedAt"`
}
