package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	neturl "net/url"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// twoInstances starts a second server on the first one's database and file
// folder, as two instances behind a load balancer share PostgreSQL and a
// bucket, and returns a client whose requests alternate between them.
func twoInstances(t *testing.T, e *apptest.Env) (*apptest.Env, *alternating) {
	t.Helper()
	second := apptest.Start(t, e.App.DB, func(c *config.Config) { c.DataDir = e.App.Config.DataDir })
	jar, _ := cookiejar.New(nil)
	return second, &alternating{envs: []*apptest.Env{e, second}, http: &http.Client{Jar: jarFor(jar, e, second)}}
}

// jarFor shares one cookie jar between the two servers' addresses, as a
// browser talking to one load-balanced host keeps one set of cookies.
func jarFor(jar http.CookieJar, envs ...*apptest.Env) http.CookieJar {
	return &sharedJar{jar: jar, first: envs[0]}
}

type sharedJar struct {
	jar   http.CookieJar
	first *apptest.Env
}

func (s *sharedJar) SetCookies(u *urlT, cs []*http.Cookie) { s.jar.SetCookies(s.canon(u), cs) }
func (s *sharedJar) Cookies(u *urlT) []*http.Cookie        { return s.jar.Cookies(s.canon(u)) }
func (s *sharedJar) canon(u *urlT) *urlT {
	c := *u
	c.Host = "instances.test"
	return &c
}

// alternating sends each request to the next instance in turn.
type alternating struct {
	envs []*apptest.Env
	http *http.Client
	n    atomic.Uint64
	last string
}

func (a *alternating) do(t *testing.T, method, path string, body io.Reader, contentType string) (int, map[string]any) {
	t.Helper()
	env := a.envs[int(a.n.Add(1))%len(a.envs)]
	req, _ := http.NewRequest(method, env.Server.URL+path, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := a.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a.last = env.Server.URL
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

func (a *alternating) json(t *testing.T, method, path string, v any) (int, map[string]any) {
	t.Helper()
	var body io.Reader
	if v != nil {
		b, _ := json.Marshal(v)
		body = bytesReader(b)
	}
	return a.do(t, method, path, body, "application/json")
}

// Two instances on one database and one file store: a session made on one
// holds on the other, the sign-in throttle counts guesses on both, a photo
// uploaded through one is served by the other, and the wallet's in-memory
// books never serve a figure the other instance has changed.
func TestTwoInstancesShareSessionsThrottlesFilesAndFigures(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		_, lb := twoInstances(t, e)
		e.SignedIn("owner@example.com", "Secret#123", "Landlord")

		// Sessions: signed in through one, every later request (alternating) is signed in.
		if st, body := lb.json(t, http.MethodPost, "/api/auth/login", map[string]any{"email": "owner@example.com", "password": "Secret#123"}); st != http.StatusOK {
			t.Fatalf("sign in: %d %v", st, body)
		}
		for i := range 4 {
			if st, body := lb.json(t, http.MethodGet, "/api/auth/me", nil); st != http.StatusOK || body["user"] == nil {
				t.Fatalf("request %d after sign-in (instance %s): %d %v", i, lb.last, st, body)
			}
		}

		// Photos: uploaded through one, served by the other.
		st, body := lb.json(t, http.MethodPost, "/api/properties", map[string]any{"address": map[string]any{
			"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom"}})
		if st != http.StatusCreated {
			t.Fatalf("create property: %d %v", st, body)
		}
		propertyID := body["property"].(map[string]any)["id"].(string)
		form, ct := multipartJPEG(t, imagingtest.JPEG(t, 120, 90))
		st, body = lb.do(t, http.MethodPost, "/api/properties/"+propertyID+"/images", form, ct)
		if st != http.StatusCreated {
			t.Fatalf("upload: %d %v", st, body)
		}
		uploadedOn := lb.last
		url := body["image"].(map[string]any)["url"].(string)
		st, _ = lb.do(t, http.MethodGet, url, nil, "")
		if st != http.StatusOK || lb.last == uploadedOn {
			t.Fatalf("photo uploaded on %s, fetched on %s: %d", uploadedOn, lb.last, st)
		}

		// Wallet: each instance's overview follows the other's changes.
		income := func(pence int) {
			st, body := lb.json(t, http.MethodPost, "/api/wallet/transactions", map[string]any{"kind": "income", "propertyId": propertyID,
				"category": "Rent", "description": "Rent", "amountPence": pence, "date": "2026-10-01", "vat": "none", "frequency": "one-off",
				"taxDeductible": true, "party": map[string]any{"type": "tenant", "person": "Tom Tenant"}})
			if st != http.StatusCreated {
				t.Fatalf("add income: %d %v", st, body)
			}
		}
		total := int64(0)
		for i := range 4 {
			income(10000 + i)
			total += int64(10000 + i)
			for range 2 { // both instances, each with its cache warm from the last round
				st, body := lb.json(t, http.MethodGet, "/api/wallet/overview?period=1Y", nil)
				if st != http.StatusOK {
					t.Fatalf("overview: %d %v", st, body)
				}
				if got := findIncome(body); got != total {
					t.Fatalf("round %d: instance %s shows income %d pence, want %d (a stale copy)", i, lb.last, got, total)
				}
			}
		}

		// Throttle: guesses through both instances count together.
		e.SignedIn("ann@example.com", "Secret#123", "Tenant")
		guard := &alternating{envs: lb.envs, http: &http.Client{}}
		locked := -1
		for i := range 30 {
			st, _ := guard.json(t, http.MethodPost, "/api/auth/login", map[string]any{"email": "ann@example.com", "password": "Wrong#123"})
			if st == http.StatusTooManyRequests {
				locked = i
				break
			}
		}
		if locked < 0 || locked > 10 {
			t.Fatalf("the pair throttle (10 failures) stopped guesses spread over two instances at guess %d", locked)
		}
		for range 2 { // and both instances now refuse
			if st, _ := guard.json(t, http.MethodPost, "/api/auth/login", map[string]any{"email": "ann@example.com", "password": "Wrong#123"}); st != http.StatusTooManyRequests {
				t.Fatalf("instance %s let a guess through after the limit: %d", guard.last, st)
			}
		}
	})
}

// findIncome adds up the overview chart's monthly income, in pence.
func findIncome(body map[string]any) int64 {
	var total int64
	months, _ := body["months"].([]any)
	for _, m := range months {
		if n, ok := m.(map[string]any)["incomePence"].(float64); ok {
			total += int64(n)
		}
	}
	return total
}

// A job is run once however many instances' workers poll the shared queue.
func TestJobsRunOnceAcrossInstances(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		second, _ := twoInstances(t, e)
		var mu sync.Mutex
		runs := map[string]int{}
		handler := func(ctx context.Context, p json.RawMessage) error {
			var id string
			_ = json.Unmarshal(p, &id)
			mu.Lock()
			runs[id]++
			mu.Unlock()
			return nil
		}
		e.App.Jobs.Handle("test.once", handler)
		second.App.Jobs.Handle("test.once", handler)
		const jobs = 40
		for i := range jobs {
			if err := e.App.Jobs.Enqueue(context.Background(), e.App.DB.Conn(), "test.once", fmt.Sprintf("job-%d", i), 3); err != nil {
				t.Fatal(err)
			}
		}
		envs := []*apptest.Env{e, second, e, second}
		racetest.Together(len(envs), func(i int) error {
			for {
				ran, err := envs[i].App.Jobs.RunOnce(context.Background())
				if err != nil {
					t.Error(err)
					return err
				}
				if !ran {
					return nil
				}
			}
		})
		if len(runs) != jobs {
			t.Fatalf("%d of %d jobs ran", len(runs), jobs)
		}
		for id, n := range runs {
			if n != 1 {
				t.Fatalf("%s ran %d times", id, n)
			}
		}
	})
}

type urlT = neturl.URL

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func multipartJPEG(t *testing.T, data []byte) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", "p.jpg")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(data)
	_ = w.Close()
	return &buf, w.FormDataContentType()
}
