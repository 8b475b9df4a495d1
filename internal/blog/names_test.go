package blog_test

import (
	"net/http"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/blog"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// An author name is shown on the post, in feeds and in the page title: no
// control or text-direction characters (issue 10).
func TestAuthorNameRejectsHiddenCharacters(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := admin(t, e)
		ok := a.Post("/api/admin/blog/posts", post("Deposits", "Body", blog.Draft))
		if ok.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", ok.Status, ok.Raw)
		}
		id := ok.Body["post"].(map[string]any)["id"].(string)
		for what, name := range map[string]string{"NUL": "Ada\x00Admin", "CR LF": "Ada\r\nAdmin", "RLO": "Ada \u202enimdA"} {
			in := post("Deposits", "Body", blog.Draft)
			in["authorName"] = name
			for _, r := range []apptest.Response{a.Post("/api/admin/blog/posts", in), a.Do(http.MethodPut, "/api/admin/blog/posts/"+id, in)} {
				if r.Status != http.StatusBadRequest || r.FieldError("authorName") != text.MsgNameCharacters || r.ErrorMessage() != text.MsgNameCharacters {
					t.Errorf("%s: %d %s", what, r.Status, r.Raw)
				}
			}
		}
		if r := a.Get("/api/admin/blog/posts/" + id); r.Body["post"].(map[string]any)["authorName"] != "Ada Admin" {
			t.Fatalf("author changed: %s", r.Raw)
		}
	})
}

// A post's title is one line with no hidden characters (issue 43,
// text.SingleLine): cleaned when stored, and one that is nothing once
// cleaned is told a title is required.
func TestTitleIsStoredOnOneLine(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		a := admin(t, e)
		r := a.Post("/api/admin/blog/posts", post("Deposits\r\nexplained\u202e", "Body", blog.Draft))
		if r.Status != http.StatusCreated || r.Body["post"].(map[string]any)["title"] != "Deposits explained" {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		r = a.Post("/api/admin/blog/posts", post("\r\n\u202e\u200b", "Body", blog.Draft))
		if r.Status != http.StatusBadRequest || r.FieldError("title") != blog.MsgTitleRequired {
			t.Fatalf("a title of nothing: %d %s", r.Status, r.Raw)
		}
	})
}
