package documents_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
)

// A property's compliance (and its certificates page) answers 200 or 404,
// never 500, while its landlord publishes, un-publishes and deletes it,
// and for ids no property could have (PostgreSQL refuses NUL bytes and
// invalid UTF-8 in a query: those must not reach it).
func TestComplianceAnswers404Not500WhileThePropertyChangesOrForOddIDs(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c, pid := landlord(t, e, "race@example.com", true)
		cert := certificate(t, c, map[string]any{"propertyId": pid, "type": "gas-safety", "issuedOn": day(e, -10)})
		paths := func(id string) []string {
			return []string{
				"/api/documents/compliance?propertyId=" + url.QueryEscape(id),
				"/api/properties/" + url.PathEscape(id) + "/compliance",
				"/api/documents/certificates?propertyId=" + url.QueryEscape(id),
				"/api/documents/contracts?propertyId=" + url.QueryEscape(id),
				"/api/documents/reference-checks?propertyId=" + url.QueryEscape(id),
				"/api/documents/inventory-reports?propertyId=" + url.QueryEscape(id),
			}
		}
		get := func(p string) int {
			req, _ := http.NewRequest(http.MethodGet, c.URL(p), nil)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			res, err := c.HTTP.Do(req)
			if err != nil {
				return 0
			}
			res.Body.Close()
			return res.StatusCode
		}
		var wg sync.WaitGroup
		stop := make(chan struct{})
		bad := make(chan string, 64)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					for _, p := range paths(pid) {
						if s := get(p); s != http.StatusOK && s != http.StatusNotFound {
							select {
							case bad <- p + ": " + http.StatusText(s):
							default:
							}
						}
					}
				}
			}()
		}
		for range 5 {
			if r := c.Post("/api/properties/"+pid+"/unpublish", nil); r.Status != http.StatusOK {
				t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
			}
			if r := c.Post("/api/properties/"+pid+"/publish", nil); r.Status != http.StatusOK {
				t.Fatalf("publish: %d %s", r.Status, r.Raw)
			}
		}
		if r := c.Do(http.MethodDelete, "/api/properties/"+pid, nil); r.Status >= 300 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		for _, p := range paths(pid) {
			if r := c.Get(p); r.Status != http.StatusNotFound {
				t.Errorf("after delete %s: %d %s", p, r.Status, r.Raw)
			}
		}
		close(stop)
		wg.Wait()
		close(bad)
		for b := range bad {
			t.Error(b)
		}

		// Ids no record could have answer 404 on both databases.
		c2, pid2 := landlord(t, e, "odd@example.com", true)
		cert2 := certificate(t, c2, map[string]any{"propertyId": pid2, "type": "eicr", "issuedOn": day(e, -10)})
		id2 := cert2["id"].(string)
		for _, odd := range []string{"\x00", "a\x00b", "\xff\xfe", strings.Repeat("x", 5000)} {
			for _, p := range append(paths(odd),
				"/api/certificates/"+url.PathEscape(odd)+"/files/x",
				"/api/certificates/"+url.PathEscape(id2)+"/files/"+url.PathEscape(odd)) {
				if r := c2.Get(p); r.Status != http.StatusNotFound {
					t.Errorf("%q %s: %d %s", odd, p, r.Status, r.Raw)
				}
			}
			if r := c2.Do(http.MethodPatch, "/api/certificates/"+url.PathEscape(odd), map[string]any{"notes": "x"}); r.Status != http.StatusNotFound {
				t.Errorf("patch %q: %d %s", odd, r.Status, r.Raw)
			}
			if r := c2.Do(http.MethodDelete, "/api/certificates/"+url.PathEscape(id2)+"/files/"+url.PathEscape(odd), nil); r.Status != http.StatusNotFound {
				t.Errorf("delete file %q: %d %s", odd, r.Status, r.Raw)
			}
			if r := post(t, c2, map[string]any{"propertyId": odd, "type": "eicr", "issuedOn": day(e, -1)}); r.Status != http.StatusNotFound {
				t.Errorf("create on %q: %d %s", odd, r.Status, r.Raw)
			}
			if r := post(t, c2, map[string]any{"propertyId": pid2, "type": "eicr", "issuedOn": day(e, -1), "replaces": odd}); r.Status != http.StatusBadRequest {
				t.Errorf("replaces %q: %d %s", odd, r.Status, r.Raw)
			}
		}
		_ = cert

		// A NUL typed in a text is dropped, not a 500.
		r := post(t, c2, map[string]any{"propertyId": pid2, "type": "other", "name": "Fire\x00 alarm", "issuedOn": day(e, -1),
			"expiresOn": day(e, 300), "notes": "a\x00b"})
		if r.Status != http.StatusCreated || r.Body["notes"] != "ab" || r.Body["name"] != "Fire alarm" {
			t.Errorf("NUL in texts: %d %s", r.Status, r.Raw)
		}
		if r := c2.Do(http.MethodPatch, "/api/certificates/"+id2, map[string]any{"notes": "\x00"}); r.Status != http.StatusOK || r.Body["notes"] != "" {
			t.Errorf("NUL in patched notes: %d %s", r.Status, r.Raw)
		}
	})
}
