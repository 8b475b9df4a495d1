package app_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// No route answers 500 to an id that cannot name a record (a NUL byte,
// invalid UTF-8, a very long id) in its path or in a propertyId query,
// on either database: PostgreSQL refuses such text in a query, which a
// handler would otherwise report as a server failure. Every such request
// is a client's mistake (404 or 400).
func TestOddIDsNeverAnswer500(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := e.SignedIn("odd-ids@example.com", "Secret#123", "Landlord")
		param := regexp.MustCompile(`\{[^}]+\}`)
		odd := []string{"%00", "%FF%FE", strings.Repeat("x", 5000)}
		for _, route := range e.App.Routes {
			method, path, ok := strings.Cut(route, " ")
			if !ok || !strings.HasPrefix(path, "/api/") || path == "/api/dev/" {
				continue
			}
			if method != http.MethodGet && method != http.MethodDelete && method != http.MethodPut && method != http.MethodPost && method != http.MethodPatch {
				continue
			}
			for _, id := range odd {
				var url string
				if param.MatchString(path) {
					url = param.ReplaceAllString(path, id)
				} else if method == http.MethodGet {
					url = path + "?propertyId=" + id + "&id=" + id
				} else {
					continue
				}
				var body any
				if method != http.MethodGet && method != http.MethodDelete {
					body = map[string]any{"propertyId": "\x00", "id": "\x00"}
				}
				r := c.Do(method, url, body)
				if r.Status >= 500 {
					t.Errorf("%s %s: %d %s", method, url[:min(len(url), 80)], r.Status, r.Raw[:min(len(r.Raw), 200)])
				}
			}
		}
	})
}
