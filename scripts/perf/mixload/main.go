// Command mixload puts a mixed load on a running OmniRent for a while and
// prints what it measured: visitors searching listings and opening them,
// landlords autosaving an inventory report and uploading photos to it, and
// tenants signing (a landlord pays the report's fee, proves their e-mail and
// signs; the tenant proves theirs and signs, which seals the report).
// E-mailed codes are read from the SMTP server's API (Mailpit), so it runs
// against the production shape (scripts/prod/up.sh), through its proxy.
//
//	go run ./scripts/perf/mixload -base http://127.0.0.1:18180 \
//	  -mailpit http://127.0.0.1:18206 -metrics 127.0.0.1:18191,127.0.0.1:18192 -duration 5m
//
// scripts/perf/mixed-load.sh starts the set-up and runs it. The figures go
// in docs/perf.md; nothing here asserts them.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	base     = flag.String("base", "http://127.0.0.1:18180", "the site (the proxy)")
	mailpit  = flag.String("mailpit", "http://127.0.0.1:18206", "Mailpit's web address (its API reads the codes)")
	metrics  = flag.String("metrics", "", "comma-separated metrics addresses of the instances (memory at start and end)")
	duration = flag.Duration("duration", 5*time.Minute, "how long to load")
	visitors = flag.Int("visitors", 6, "visitors searching and opening listings")
	editors  = flag.Int("landlords", 2, "landlords saving a report and uploading photos")
	signers  = flag.Int("signers", 2, "landlord-and-tenant pairs signing reports")
)

// stats keeps every request's latency by kind, and the errors.
type stats struct {
	mu     sync.Mutex
	lat    map[string][]time.Duration
	errs   map[string]int
	sample map[string]string
}

func (s *stats) add(kind string, d time.Duration, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lat[kind] = append(s.lat[kind], d)
	if err != nil {
		s.errs[kind]++
		if s.sample[kind] == "" {
			s.sample[kind] = err.Error()
		}
	}
}

var st = &stats{lat: map[string][]time.Duration{}, errs: map[string]int{}, sample: map[string]string{}}

// client is one person's browser: a cookie jar and same-origin requests.
type client struct {
	http *http.Client
	name string
}

func newClient(name string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{http: &http.Client{Jar: jar, Timeout: 60 * time.Second}, name: name}
}

// do sends one request, records it under kind when kind is not empty, and
// decodes a JSON answer. An answer other than want is an error.
func (c *client) do(kind, method, path string, body io.Reader, contentType string, want int) (map[string]any, error) {
	req, err := http.NewRequest(method, *base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	start := time.Now()
	res, err := c.http.Do(req)
	var raw []byte
	if err == nil {
		raw, err = io.ReadAll(res.Body)
		res.Body.Close()
		if err == nil && res.StatusCode != want {
			err = fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, bytes.TrimSpace(raw[:min(len(raw), 200)]))
		}
	}
	if kind != "" {
		st.add(kind, time.Since(start), err)
	}
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	if len(raw) > 0 && raw[0] == '{' {
		_ = json.Unmarshal(raw, &out)
	}
	return out, nil
}

func (c *client) json(kind, method, path string, v any, want int) (map[string]any, error) {
	var body io.Reader
	if v != nil {
		b, _ := json.Marshal(v)
		body = bytes.NewReader(b)
	}
	return c.do(kind, method, path, body, "application/json", want)
}

// code waits for a 6-digit code e-mailed to email in a message not in seen
// (the mailbox before the request; a receipt may arrive in between).
func code(email string, seen map[string]bool) (string, error) {
	deadline := time.Now().Add(30 * time.Second)
	re := regexp.MustCompile(`\b(\d{6})\b`)
	for time.Now().Before(deadline) {
		msgs, err := mailbox(email)
		if err != nil {
			return "", err
		}
		for _, m := range msgs {
			if !seen[m.ID] && strings.Contains(strings.ToLower(m.Subject), "code") {
				text, err := messageText(m.ID)
				if err != nil {
					return "", err
				}
				if k := re.FindStringSubmatch(text); k != nil {
					return k[1], nil
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("no code e-mailed to %s", email)
}

type message struct{ ID, Subject string }

// messageText is the plain text of one e-mail.
func messageText(id string) (string, error) {
	res, err := http.Get(*mailpit + "/api/v1/message/" + id)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var full struct{ Text string }
	err = json.NewDecoder(res.Body).Decode(&full)
	return full.Text, err
}

// mailbox is the newest e-mails to email (their ids and subjects), newest first.
func mailbox(email string) ([]message, error) {
	q := url.QueryEscape(`to:"` + email + `"`)
	res, err := http.Get(*mailpit + "/api/v1/search?limit=50&query=" + q)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var list struct {
		Messages []struct{ ID, Subject string } `json:"messages"`
	}
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		return nil, err
	}
	var out []message
	for _, m := range list.Messages {
		out = append(out, message{m.ID, m.Subject})
	}
	return out, nil
}

// seenMail is the ids of the newest e-mails to email.
func seenMail(email string) map[string]bool {
	msgs, _ := mailbox(email)
	seen := map[string]bool{}
	for _, m := range msgs {
		seen[m.ID] = true
	}
	return seen
}

const password = "Load#test-2026"

// account registers and signs in a fresh account.
func account(email, userType string) (*client, error) {
	c := newClient(email)
	before := seenMail(email)
	if _, err := c.json("", "POST", "/api/auth/register", map[string]any{"fullName": "Load Tester", "email": email,
		"password": password, "confirmPassword": password, "userType": userType, "acceptTerms": true}, 201); err != nil {
		return nil, err
	}
	k, err := code(email, before)
	if err != nil {
		return nil, err
	}
	if _, err := c.json("", "POST", "/api/auth/verify", map[string]any{"email": email, "code": k}, 200); err != nil {
		return nil, err
	}
	return c, nil
}

func property(c *client, n int) (string, error) {
	r, err := c.json("", "POST", "/api/properties", map[string]any{"address": map[string]any{
		"addrFirstLine": fmt.Sprintf("%d Load Street", n), "town": "London", "postcode": "SW8 3NX", "country": "United Kingdom"}}, 201)
	if err != nil {
		return "", err
	}
	return r["property"].(map[string]any)["id"].(string), nil
}

func report(c *client, pid string) (string, error) {
	r, err := c.json("", "POST", "/api/inventory/reports", map[string]any{"propertyId": pid, "type": "Check-in Report"}, 201)
	if err != nil {
		return "", err
	}
	return r["report"].(map[string]any)["id"].(string), nil
}

// reportData is a small check-in report naming tenant (when given) and photos.
func reportData(landlord, tenant string, note string, photos []string) map[string]any {
	if photos == nil {
		photos = []string{}
	}
	tenants := []any{}
	if tenant != "" {
		tenants = append(tenants, map[string]any{"id": "t1", "first": "Tess", "middle": "", "last": "Tenant", "email": tenant, "moveIn": "2027-01-04", "moveOut": "2028-01-03"})
	}
	empty := map[string]any{"rating": "", "description": "", "photos": []any{}}
	return map[string]any{
		"settings": map[string]any{"coverPhoto": "", "inspector": map[string]any{"first": "Load", "last": "Tester", "email": landlord}, "students": false, "pets": false, "saved": true},
		"overview": map[string]any{"rating": "Fine", "description": "A tidy flat.", "photos": []any{}},
		"insideProperty": []any{map[string]any{"id": 0, "name": "Kitchen", "tag": "Kitchen", "done": true, "overview": map[string]any{"rating": "Fine", "description": note, "photos": []any{}},
			"items": []any{map[string]any{"id": 0, "name": "Oven", "tag": "Oven", "completed": true, "notes": note, "photos": photos,
				"overview": map[string]any{"rating": "Fine", "description": "", "photos": []any{}}, "description": map[string]any{}, "disputeAvoidance": map[string]any{}}}}},
		"outsideProperty":        []any{},
		"utilitiesAndMeters":     []any{},
		"documentsAndCompliance": []any{},
		"tenantDetails":          tenants,
		"landlord":               map[string]any{"fullName": "Load Tester", "email": landlord},
		"checkIn":                map[string]any{"keys": empty, "alarms": empty, "done": true},
		"checkOut":               map[string]any{"keys": empty, "alarms": empty, "done": false},
	}
}

func save(c *client, id string, revision float64, data map[string]any) (float64, error) {
	r, err := c.json("report-save", "PUT", "/api/inventory/reports/"+id+"/data", map[string]any{"revision": revision, "data": data}, 200)
	if err != nil {
		return revision, err
	}
	if rep, ok := r["report"].(map[string]any); ok {
		if v, ok := rep["revision"].(float64); ok {
			return v, nil
		}
	}
	if v, ok := r["revision"].(float64); ok {
		return v, nil
	}
	return revision + 1, nil
}

// photo is a phone-sized JPEG of noise (so it compresses as a photo does).
func photo(seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	img := image.NewRGBA(image.Rect(0, 0, 1600, 1200))
	for y := 0; y < 1200; y += 4 {
		for x := 0; x < 1600; x += 4 {
			c := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
			for dy := range 4 {
				for dx := range 4 {
					img.SetRGBA(x+dx, y+dy, c)
				}
			}
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	return buf.Bytes()
}

func upload(c *client, id string, data []byte) (string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, _ := w.CreateFormFile("file", "room.jpg")
	_, _ = part.Write(data)
	_ = w.Close()
	r, err := c.do("photo-upload", "POST", "/api/inventory/reports/"+id+"/photos?origin=camera", &buf, w.FormDataContentType(), 201)
	if err != nil {
		return "", err
	}
	return r["photo"].(map[string]any)["name"].(string), nil
}

var card = map[string]any{"name": "Load Tester", "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123",
	"billing": map[string]any{"line1": "1 High Street", "town": "London", "postcode": "SW11 5RW", "country": "GB"}}

// sign proves email's address with a code and signs report id.
func sign(c *client, email, id, name string) (map[string]any, error) {
	base := "/api/inventory/reports/" + id + "/signing"
	before := seenMail(email)
	if _, err := c.json("signing-step", "POST", base+"/code", nil, 200); err != nil {
		return nil, err
	}
	k, err := code(email, before)
	if err != nil {
		st.add("signing-step", 0, err)
		return nil, err
	}
	if _, err := c.json("signing-step", "POST", base+"/verify", map[string]any{"code": k}, 200); err != nil {
		return nil, err
	}
	state, err := c.json("signing-step", "GET", base, nil, 200)
	if err != nil {
		return nil, err
	}
	return c.json("sign", "POST", base+"/sign", map[string]any{"documentHash": state["documentHash"], "method": "type", "typed": name}, 200)
}

func visitor(stop <-chan struct{}, seed uint64) {
	c := newClient("visitor")
	r := rand.New(rand.NewPCG(seed, 1))
	areas := []string{"", "London", "Leeds", "Manchester", "SW11", "Bristol", "EH1"}
	for {
		select {
		case <-stop:
			return
		default:
		}
		q := url.Values{}
		if a := areas[r.IntN(len(areas))]; a != "" {
			q.Set("searchArea", a)
		}
		if r.IntN(2) == 0 {
			q.Set("minimumBeds", strconv.Itoa(1+r.IntN(2)))
		}
		page, err := c.json("search", "GET", "/api/listings?"+q.Encode(), nil, 200)
		if err != nil {
			continue
		}
		list, _ := page["listings"].([]any)
		if len(list) > 0 {
			l := list[r.IntN(len(list))].(map[string]any)
			_, _ = c.json("listing", "GET", "/api/listings/"+url.PathEscape(l["id"].(string)), nil, 200)
		}
	}
}

func editor(stop <-chan struct{}, n int) error {
	email := fmt.Sprintf("load-editor-%d-%d@omnirent.test", time.Now().UnixNano(), n)
	c, err := account(email, "Landlord")
	if err != nil {
		return err
	}
	pid, err := property(c, n)
	if err != nil {
		return err
	}
	id, err := report(c, pid)
	if err != nil {
		return err
	}
	jpg := photo(uint64(n))
	var photos []string
	rev := 1.0
	for i := 0; ; i++ {
		select {
		case <-stop:
			return nil
		default:
		}
		if i%5 == 4 && len(photos) < 30 {
			if name, err := upload(c, id, jpg); err == nil {
				photos = append(photos, name)
			}
		}
		rev, _ = save(c, id, rev, reportData(email, "", fmt.Sprintf("Autosave %d", i), photos))
		time.Sleep(time.Duration(200+rand.IntN(300)) * time.Millisecond) // an autosave every few keystrokes
	}
}

func signer(stop <-chan struct{}, n int) error {
	stamp := time.Now().UnixNano()
	lordEmail := fmt.Sprintf("load-lord-%d-%d@omnirent.test", stamp, n)
	lord, err := account(lordEmail, "Landlord")
	if err != nil {
		return err
	}
	pid, err := property(lord, 100+n)
	if err != nil {
		return err
	}
	for round := 0; ; round++ {
		select {
		case <-stop:
			return nil
		default:
		}
		tenantEmail := fmt.Sprintf("load-tenant-%d-%d-%d@omnirent.test", stamp, n, round)
		tenant, err := account(tenantEmail, "Tenant")
		if err != nil {
			st.add("signing-step", 0, err)
			continue
		}
		id, err := report(lord, pid)
		if err != nil {
			continue
		}
		if _, err := save(lord, id, 1, reportData(lordEmail, tenantEmail, "Signed under load", nil)); err != nil {
			continue
		}
		order, err := lord.json("signing-step", "POST", "/api/inventory/reports/"+id+"/signing/order", nil, 200)
		if err != nil {
			continue
		}
		oid := order["order"].(map[string]any)["id"].(string)
		if _, err := lord.json("payment", "POST", "/api/orders/"+oid+"/sandbox-payment", card, 200); err != nil {
			continue
		}
		if _, err := sign(lord, lordEmail, id, "Load Tester"); err != nil {
			continue
		}
		r, err := sign(tenant, tenantEmail, id, "Tess Tenant")
		if err == nil && r["completed"] != true {
			st.add("sign", 0, errors.New("the last signature did not complete the report"))
		}
	}
}

// memory reads the resident memory of each instance from its metrics.
func memory() []string {
	var out []string
	for _, addr := range strings.Split(*metrics, ",") {
		if addr == "" {
			continue
		}
		res, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			out = append(out, addr+": "+err.Error())
			continue
		}
		rss, heap := "", ""
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "process_resident_memory_bytes "); ok {
				rss = mib(v)
			}
			if v, ok := strings.CutPrefix(line, "go_memstats_heap_inuse_bytes "); ok {
				heap = mib(v)
			}
		}
		res.Body.Close()
		out = append(out, fmt.Sprintf("%s: resident %s, Go heap in use %s", addr, rss, heap))
	}
	return out
}

func mib(v string) string {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v
	}
	return fmt.Sprintf("%.0f MiB", f/(1<<20))
}

func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := int(float64(len(d)-1) * p)
	return d[i]
}

func main() {
	flag.Parse()
	memStart := memory()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	fail := func(what string, err error) {
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", what, err)
			st.add("setup", 0, err)
		}
	}
	start := time.Now()
	for i := range *visitors {
		wg.Go(func() { visitor(stop, uint64(i)) })
	}
	for i := range *editors {
		wg.Go(func() { fail("landlord", editor(stop, i)) })
	}
	for i := range *signers {
		wg.Go(func() { fail("signer", signer(stop, i)) })
	}
	time.Sleep(*duration)
	close(stop)
	wg.Wait()
	elapsed := time.Since(start)
	memEnd := memory()

	kinds := make([]string, 0, len(st.lat))
	for k := range st.lat {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	total, errs := 0, 0
	fmt.Printf("Mixed load for %s: %d visitors, %d landlords saving, %d landlord-tenant pairs signing\n\n",
		elapsed.Round(time.Second), *visitors, *editors, *signers)
	fmt.Println("| Kind | Requests | Per second | p50 | p99 | Errors |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, k := range kinds {
		d := st.lat[k]
		slices.Sort(d)
		total += len(d)
		errs += st.errs[k]
		fmt.Printf("| %s | %d | %.1f | %s | %s | %d |\n", k, len(d), float64(len(d))/elapsed.Seconds(),
			pct(d, 0.5).Round(100*time.Microsecond), pct(d, 0.99).Round(100*time.Microsecond), st.errs[k])
	}
	fmt.Printf("| all | %d | %.1f | | | %d |\n\n", total, float64(total)/elapsed.Seconds(), errs)
	for i := range memStart {
		end := ""
		if i < len(memEnd) {
			end = memEnd[i]
		}
		fmt.Printf("- memory at start %s; at end %s\n", memStart[i], end)
	}
	for k, s := range st.sample {
		fmt.Printf("- first %s error: %s\n", k, s)
	}
	if errs > 0 {
		os.Exit(1)
	}
}
