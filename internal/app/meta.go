package app

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/omnirent/omnirent/internal/blog"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/money"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/spa"
)

// publicPages are the site's own pages listed in /sitemap.xml.
var publicPages = []string{"/", "/about-us", "/listing", "/Blog", "/omninews", "/privacy-policy", "/terms-of-service"}

// pageMeta gives the head of pages that are about one thing: a blog post
// or a listing. Link previews and crawlers read it from the served HTML.
func (a *App) pageMeta(r *http.Request) (spa.Meta, bool) {
	if slug := blog.SlugOf(r.URL.Path); slug != "" {
		return a.seo().PostMeta(r, slug)
	}
	if id, ok := strings.CutPrefix(r.URL.Path, "/DetailPage/"); ok && id != "" && !strings.Contains(id, "/") {
		return a.listingMeta(r, id)
	}
	return spa.Meta{}, false
}

func (a *App) seo() blog.SEO {
	return blog.SEO{Blog: a.Blog, BaseURL: a.Config.BaseURL, Pages: publicPages}
}

func (a *App) listingMeta(r *http.Request, id string) (spa.Meta, bool) {
	p, err := a.Properties.Listing(r.Context(), id)
	if err != nil {
		return spa.Meta{Title: "Listing not found | OmniRent", Description: "This listing is no longer available.", Status: http.StatusNotFound}, true
	}
	// The district only: a listing's public pages never show the full postcode.
	where := strings.TrimSpace(p.Address.Town + " " + geo.Outcode(p.Address.Postcode))
	title := fmt.Sprintf("%d bedroom home to rent in %s", p.BedroomCount, where)
	if p.RentPence != nil {
		cycle := "pcm"
		if p.RentCycle == "Weekly" {
			cycle = "pcw"
		}
		title = strings.TrimSuffix(money.Format(*p.RentPence), ".00") + " " + cycle + ": " + title
	}
	m := spa.Meta{Title: title + " | OmniRent", Description: text.Truncate(text.Squash(p.ShortDescription), 160),
		URL: a.Config.BaseURL + "/DetailPage/" + p.ID, Type: "website"}
	if len(p.Photos) > 0 {
		m.Image = a.Config.BaseURL + p.Photos[0].URL
	}
	return m, true
}
