package blog

import (
	"encoding/xml"
	"net/http"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/spa"
)

// SEO serves what search engines and feed readers read: the meta of a
// post's page, /sitemap.xml and /Blog/rss.xml.
type SEO struct {
	Blog    *Service
	BaseURL string
	// Pages are the public site's own paths listed in the sitemap.
	Pages []string
}

// PostMeta describes /Blog/{slug}; an unknown slug is a 404 page.
func (s SEO) PostMeta(r *http.Request, slug string) (spa.Meta, bool) {
	p, err := s.Blog.BySlug(r.Context(), slug)
	if err != nil {
		return spa.Meta{Title: "Page not found | OmniRent", Description: "This blog post does not exist.", Status: http.StatusNotFound}, true
	}
	m := spa.Meta{Title: p.Title + " | OmniRent blog", Description: p.Excerpt, URL: s.BaseURL + "/Blog/" + p.Slug, Type: "article"}
	if p.MainImage != nil {
		m.Image = s.BaseURL + p.MainImage.URL
	}
	return m, true
}

type urlset struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap lists the public pages and every published post.
func (s SEO) Sitemap(w http.ResponseWriter, r *http.Request) {
	posts, err := s.Blog.Published(r.Context(), 1000)
	if err != nil {
		http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
		return
	}
	set := urlset{}
	for _, p := range s.Pages {
		set.URLs = append(set.URLs, sitemapURL{Loc: s.BaseURL + p})
	}
	for _, p := range posts {
		set.URLs = append(set.URLs, sitemapURL{Loc: s.BaseURL + "/Blog/" + p.Slug, LastMod: p.UpdatedAt.Format(time.DateOnly)})
	}
	writeXML(w, "application/xml", set)
}

type rss struct {
	XMLName xml.Name `xml:"rss"`
	Version string   `xml:"version,attr"`
	Atom    string   `xml:"xmlns:atom,attr"`
	Channel channel  `xml:"channel"`
}

type channel struct {
	Title       string   `xml:"title"`
	Link        string   `xml:"link"`
	Self        atomLink `xml:"atom:link"`
	Description string   `xml:"description"`
	Language    string   `xml:"language"`
	Items       []item   `xml:"item"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type item struct {
	Title       string `xml:"title"`
	Link        string `xml:"link"`
	GUID        string `xml:"guid"`
	PubDate     string `xml:"pubDate"`
	Description string `xml:"description"`
	Author      string `xml:"dc:creator,omitempty"`
}

// RSS is the blog as an RSS 2.0 feed, newest first.
func (s SEO) RSS(w http.ResponseWriter, r *http.Request) {
	posts, err := s.Blog.Published(r.Context(), 50)
	if err != nil {
		http.Error(w, "feed unavailable", http.StatusServiceUnavailable)
		return
	}
	feed := rss{Version: "2.0", Atom: "http://www.w3.org/2005/Atom", Channel: channel{
		Title: "OmniRent blog", Link: s.BaseURL + "/Blog", Language: "en-GB",
		Self:        atomLink{Href: s.BaseURL + "/Blog/rss.xml", Rel: "self", Type: "application/rss+xml"},
		Description: "Guides and news for UK landlords and tenants from OmniRent.",
	}}
	for _, p := range posts {
		link := s.BaseURL + "/Blog/" + p.Slug
		published := p.CreatedAt
		if p.PublishedAt != nil {
			published = *p.PublishedAt
		}
		feed.Channel.Items = append(feed.Channel.Items, item{Title: p.Title, Link: link, GUID: link,
			PubDate: published.UTC().Format(time.RFC1123Z), Description: p.Excerpt})
	}
	writeXML(w, "application/rss+xml; charset=utf-8", feed)
}

func writeXML(w http.ResponseWriter, contentType string, v any) {
	out, err := xml.MarshalIndent(v, "", "  ")
	if err != nil {
		http.Error(w, "unavailable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(out)
}

// Slug of a /Blog/{slug} path, or "" for other paths (and /Blog/rss.xml).
func SlugOf(path string) string {
	rest, ok := strings.CutPrefix(path, "/Blog/")
	if !ok || rest == "" || strings.Contains(rest, "/") || rest == "rss.xml" {
		return ""
	}
	return rest
}
