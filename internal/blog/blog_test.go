package blog_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/blog"
	"github.com/omnirent/omnirent/internal/demo"
)

func admin(t *testing.T, e *apptest.Env) *apptest.Client {
	t.Helper()
	c := e.SignedIn("editor@example.com", "Secret#123", "Landlord")
	if err := e.App.Auth.PromoteToAdmin(context.Background(), "editor@example.com"); err != nil {
		t.Fatal(err)
	}
	return c
}

func post(title, body string, status blog.Status) map[string]any {
	return map[string]any{"title": title, "body": body, "status": status, "authorName": "Ada Admin"}
}

func TestRenderSanitises(t *testing.T) {
	for src, forbidden := range map[string]string{
		"Hello <script>alert(1)</script>":                "<script",
		"[click](javascript:alert(1))":                   "javascript:",
		`<img src="x" onerror="alert(1)">`:               "onerror",
		"<iframe src=\"https://evil.example\"></iframe>": "<iframe",
		`[x](JaVaScRiPt:alert(1))`:                       "alert",
	} {
		html, err := blog.Render(src)
		if err != nil || strings.Contains(strings.ToLower(html), strings.ToLower(forbidden)) {
			t.Errorf("Render(%q) = %q", src, html)
		}
	}
	html, _ := blog.Render("# Title\n\nSome **bold** text and a [link](https://www.gov.uk).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |")
	for _, want := range []string{"<h1>Title</h1>", "<strong>bold</strong>", `href="https://www.gov.uk"`, `rel="nofollow noopener"`, "<li>one</li>", "<table>"} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %s in %s", want, html)
		}
	}
}

func TestExcerptKeepsHeadingsApart(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		r := admin(t, e).Post("/api/admin/blog/posts", post("Guide", "## Tenancies\n\nNo new assured shorthold tenancies.", blog.Published))
		if got := r.Body["post"].(map[string]any)["excerpt"]; got != "Tenancies – No new assured shorthold tenancies." {
			t.Fatalf("excerpt %q", got)
		}
	})
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"What the Renters' Rights Act changed on 1 May 2026": "what-the-renters-rights-act-changed-on-1-may-2026",
		"  Café & Crème: £5 off!  ":                          "cafe-creme-5-off",
		"!!!":                                                "",
	} {
		if got := blog.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOnlyAdminsWrite(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		landlord := e.SignedIn("lord@example.com", "Secret#123", "Landlord")
		for _, tc := range []struct {
			c    *apptest.Client
			want int
		}{{e.NewClient(), 401}, {landlord, 403}} {
			for _, call := range [][2]string{{"GET", "/api/admin/blog/posts"}, {"POST", "/api/admin/blog/posts"}, {"GET", "/api/admin/blog/posts/x"},
				{"PUT", "/api/admin/blog/posts/x"}, {"DELETE", "/api/admin/blog/posts/x"}, {"POST", "/api/admin/blog/preview"}} {
				if r := tc.c.Do(call[0], call[1], post("T", "B", blog.Published)); r.Status != tc.want {
					t.Errorf("%s %s: %d, want %d", call[0], call[1], r.Status, tc.want)
				}
			}
			if r := tc.c.Upload("/api/admin/blog/images", "a.png", "image/png", pngBytes(t)); r.Status != tc.want {
				t.Errorf("upload: %d", r.Status)
			}
		}
	})
}

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 800, 500))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	img.Set(0, 0, color.RGBA{1, 2, 3, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestWriteAndReadPosts(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := admin(t, e)
		up := a.Upload("/api/admin/blog/images", "cover.png", "image/png", pngBytes(t))
		if up.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", up.Status, up.Raw)
		}
		img := up.Body["image"].(map[string]any)
		if r := a.Upload("/api/admin/blog/images", "cover.png", "image/png", []byte("not an image")); r.ErrorMessage() != blog.MsgWrongType {
			t.Fatalf("text as png: %d %s", r.Status, r.Raw)
		}
		in := post("Deposits: the 30-day rule", "Protect the deposit **within 30 days**.\n\n<script>alert(1)</script>\n\nThen give the prescribed information.", blog.Published)
		in["mainImage"] = img["name"]
		r := a.Post("/api/admin/blog/posts", in)
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		p := r.Body["post"].(map[string]any)
		if p["slug"] != "deposits-the-30-day-rule" || strings.Contains(p["html"].(string), "script") || p["excerpt"] != "Protect the deposit within 30 days. Then give the prescribed information." {
			t.Fatalf("post: %v", p)
		}
		// The same title again gets a free slug; a typed slug that is taken is refused.
		if r := a.Post("/api/admin/blog/posts", post("Deposits: the 30-day rule", "Again", blog.Draft)); r.Body["post"].(map[string]any)["slug"] != "deposits-the-30-day-rule-2" {
			t.Fatalf("second: %s", r.Raw)
		}
		dup := post("Other", "Body", blog.Draft)
		dup["slug"] = "deposits-the-30-day-rule"
		if r := a.Post("/api/admin/blog/posts", dup); r.Status != http.StatusConflict || r.ErrorMessage() != blog.MsgSlugTaken {
			t.Fatalf("taken slug: %d %s", r.Status, r.Raw)
		}
		dup["slug"] = "Not A Slug"
		if r := a.Post("/api/admin/blog/posts", dup); r.Status != http.StatusBadRequest || r.FieldError("slug") != blog.MsgSlugInvalid {
			t.Fatalf("bad slug: %d %s", r.Status, r.Raw)
		}
		if r := a.Post("/api/admin/blog/posts", post(" ", "", blog.Draft)); r.FieldError("title") != blog.MsgTitleRequired || r.FieldError("body") != blog.MsgBodyRequired {
			t.Fatalf("empty: %s", r.Raw)
		}

		visitor := e.NewClient()
		list := visitor.Get("/api/blog/posts").Body["posts"].([]any)
		if len(list) != 1 { // the draft is not public
			t.Fatalf("public list: %v", list)
		}
		first := list[0].(map[string]any)
		if first["mainImage"].(map[string]any)["previewUrl"] != "/api/blog/images/preview/"+img["name"].(string) || first["body"] != nil {
			t.Fatalf("list item: %v", first)
		}
		if r := visitor.Get("/api/blog/posts/deposits-the-30-day-rule-2"); r.Status != http.StatusNotFound {
			t.Fatalf("draft by slug: %d", r.Status)
		}
		read := visitor.Get("/api/blog/posts/deposits-the-30-day-rule")
		if read.Status != 200 || !strings.Contains(read.Body["post"].(map[string]any)["html"].(string), "<strong>within 30 days</strong>") {
			t.Fatalf("read: %s", read.Raw)
		}
		for _, u := range []string{img["url"].(string), img["previewUrl"].(string)} {
			res, err := http.Get(e.Server.URL + u)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/") || len(b) < 100 {
				t.Fatalf("%s: %d %s", u, res.StatusCode, res.Header.Get("Content-Type"))
			}
		}

		// Edit keeps the slug; unpublishing hides the post; delete removes it.
		id := p["id"].(string)
		edit := post("Deposits: the 30-day rule (updated)", "New body", blog.Draft)
		if r := a.Do("PUT", "/api/admin/blog/posts/"+id, edit); r.Body["post"].(map[string]any)["slug"] != "deposits-the-30-day-rule" {
			t.Fatalf("edit: %s", r.Raw)
		}
		if r := visitor.Get("/api/blog/posts/deposits-the-30-day-rule"); r.Status != http.StatusNotFound {
			t.Fatalf("unpublished still public: %d", r.Status)
		}
		if r := a.Do("DELETE", "/api/admin/blog/posts/"+id, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d", r.Status)
		}
		if n := len(a.Get("/api/admin/blog/posts").Body["posts"].([]any)); n != 1 {
			t.Fatalf("after delete: %d posts", n)
		}
	})
}

func page(t *testing.T, e *apptest.Env, path string) (int, string) {
	t.Helper()
	res, err := http.Get(e.Server.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestSearchEnginesAndFeeds(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		if err := demo.SeedBlog(context.Background(), e.App.Blog); err != nil {
			t.Fatal(err)
		}
		if err := demo.SeedBlog(context.Background(), e.App.Blog); err != nil { // a second start adds nothing
			t.Fatal(err)
		}
		posts := e.NewClient().Get("/api/blog/posts").Body["posts"].([]any)
		if len(posts) != 3 {
			t.Fatalf("%d demo posts", len(posts))
		}
		slug := "what-the-renters-rights-act-changed-on-1-may-2026"
		status, html := page(t, e, "/Blog/"+slug)
		if status != 200 || !strings.Contains(html, `<meta property="og:title" content="What the Renters&#39; Rights Act changed on 1 May 2026 | OmniRent blog" />`) ||
			!strings.Contains(html, `<meta property="og:image" content="http://localhost:8080/api/blog/images/original/`) ||
			!strings.Contains(html, `<title>What the Renters&#39; Rights Act changed on 1 May 2026 | OmniRent blog</title>`) {
			t.Fatalf("post page: %d %s", status, html)
		}
		if status, _ := page(t, e, "/Blog/no-such-post"); status != http.StatusNotFound {
			t.Fatalf("unknown post page: %d", status)
		}
		status, sitemap := page(t, e, "/sitemap.xml")
		if status != 200 || !strings.Contains(sitemap, "<loc>http://localhost:8080/Blog/"+slug+"</loc>") || !strings.Contains(sitemap, "<loc>http://localhost:8080/listing</loc>") {
			t.Fatalf("sitemap: %d %s", status, sitemap)
		}
		status, feed := page(t, e, "/Blog/rss.xml")
		var parsed struct {
			Channel struct {
				Items []struct {
					Title string `xml:"title"`
					Link  string `xml:"link"`
				} `xml:"item"`
			} `xml:"channel"`
		}
		if err := xml.Unmarshal([]byte(feed), &parsed); err != nil || status != 200 || len(parsed.Channel.Items) != 3 {
			t.Fatalf("rss: %d %v %s", status, err, feed)
		}
	})
}

// An image uploaded but not in a published post (never used, or in a
// draft) is the admin's alone: a visitor gets 404, as for a name that does
// not exist. In a published post (main image, author image or the text)
// it is public; unpublishing hides it again.
func TestOnlyImagesOfPublishedPostsAreServed(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := admin(t, e)
		upload := func() map[string]any {
			up := a.Upload("/api/admin/blog/images", "x.png", "image/png", pngBytes(t))
			if up.Status != http.StatusCreated {
				t.Fatalf("upload: %d %s", up.Status, up.Raw)
			}
			return up.Body["image"].(map[string]any)
		}
		visitorSees := func(im map[string]any) bool {
			t.Helper()
			var seen []int
			for _, u := range []string{im["url"].(string), im["previewUrl"].(string)} {
				code, _ := page(t, e, u)
				seen = append(seen, code)
			}
			if seen[0] != seen[1] {
				t.Fatalf("original %d, preview %d", seen[0], seen[1])
			}
			return seen[0] == 200
		}
		adminSees := func(im map[string]any) bool {
			r := a.Get(im["url"].(string))
			return r.Status == 200
		}

		unused, main, inline, author := upload(), upload(), upload(), upload()
		if visitorSees(unused) || !adminSees(unused) {
			t.Fatal("an unused upload: visitors must not see it, the admin must")
		}
		in := post("Draft with pictures", "Look: ![x]("+inline["url"].(string)+")", blog.Draft)
		in["mainImage"], in["authorImage"] = main["name"], author["name"]
		r := a.Post("/api/admin/blog/posts", in)
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		for _, im := range []map[string]any{main, inline, author} {
			if visitorSees(im) {
				t.Fatalf("a draft's image is public: %v", im["name"])
			}
		}
		id := r.Body["post"].(map[string]any)["id"].(string)
		in["status"] = blog.Published
		if r := a.Do("PUT", "/api/admin/blog/posts/"+id, in); r.Status != 200 {
			t.Fatalf("publish: %d %s", r.Status, r.Raw)
		}
		for _, im := range []map[string]any{main, inline, author} {
			if !visitorSees(im) {
				t.Fatalf("a published post's image is hidden: %v", im["name"])
			}
		}
		if visitorSees(unused) {
			t.Fatal("the unused upload became public")
		}
		in["status"] = blog.Draft
		a.Do("PUT", "/api/admin/blog/posts/"+id, in)
		if visitorSees(main) {
			t.Fatal("an unpublished post's image is still public")
		}
	})
}

// The blog service itself refuses to write (or list drafts) for anyone but
// an admin, whoever calls it: visitor 401, other users 403.
func TestBlogServiceChecksTheActor(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		in := blog.Input{Title: "Rules", Body: "Text", Status: blog.Draft, AuthorName: "Ada Admin"}
		for _, tc := range apptest.NonAdmins {
			if _, err := e.App.Blog.Create(ctx, tc.Actor, in); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s create: %v", tc.Name, err)
			}
			if _, err := e.App.Blog.All(ctx, tc.Actor); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s list drafts: %v", tc.Name, err)
			}
			if err := e.App.Blog.Delete(ctx, tc.Actor, "x"); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s delete: %v", tc.Name, err)
			}
			if _, err := e.App.Blog.UploadImage(ctx, tc.Actor, bytes.NewReader(pngBytes(t))); apperr.KindOf(err) != tc.Kind {
				t.Errorf("%s upload: %v", tc.Name, err)
			}
		}
		boss := apptest.Admin
		p, err := e.App.Blog.Create(ctx, boss, in)
		if err != nil {
			t.Fatal(err)
		}
		if all, err := e.App.Blog.All(ctx, boss); err != nil || len(all) != 1 {
			t.Fatalf("admin list: %v %v", all, err)
		}
		if err := e.App.Blog.Delete(ctx, boss, p.ID); err != nil {
			t.Fatal(err)
		}
	})
}
