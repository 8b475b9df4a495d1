package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/app"
	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
)

// TestServeHelper is the server process of the SIGTERM test: it runs
// app.Serve as `omnirent serve` does, with one extra job kind ("test.slow",
// which takes OMNIRENT_TEST_SLOW_JOB to run), and writes its address to
// OMNIRENT_TEST_ADDR_FILE. It does nothing in a normal test run.
func TestServeHelper(t *testing.T) {
	addrFile := os.Getenv("OMNIRENT_TEST_ADDR_FILE")
	if addrFile == "" {
		t.Skip("helper process of TestSIGTERMFinishesUploadsAndJobsThenExits")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	log := app.NewLogger(os.Stderr, "info", "json")
	a, err := app.New(ctx, cfg, log, clock.System{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	slow, _ := time.ParseDuration(os.Getenv("OMNIRENT_TEST_SLOW_JOB"))
	a.Jobs.Handle("test.slow", func(ctx context.Context, _ json.RawMessage) error {
		select {
		case <-time.After(slow):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	if _, err := a.Auth.EnsureAccount(ctx, auth.NewAccount{Email: "owner@example.com", FullName: "Owner", Password: "Secret#123", UserType: auth.Landlord, Role: auth.RoleUser}); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(addrFile, []byte(ln.Addr().String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := a.Serve(ctx, ln); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(3)
	}
	os.Exit(0)
}

type server struct {
	cmd    *exec.Cmd
	url    string
	logs   *bytes.Buffer
	dir    string
	client *http.Client
}

func startServer(t *testing.T, slowJob, timeout string, metricsAddr string) *server {
	t.Helper()
	dir := t.TempDir()
	addrFile := filepath.Join(dir, "addr")
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelper$", "-test.v=false")
	cmd.Env = append(os.Environ(),
		"OMNIRENT_TEST_ADDR_FILE="+addrFile, "OMNIRENT_TEST_SLOW_JOB="+slowJob,
		"OMNIRENT_DATA_DIR="+filepath.Join(dir, "data"), "OMNIRENT_DATABASE_URL=", "OMNIRENT_SEED_DEMO=false",
		"OMNIRENT_ARGON2_MEMORY_KIB=8192", "OMNIRENT_ARGON2_TIME=1", "OMNIRENT_SHUTDOWN_TIMEOUT="+timeout, "OMNIRENT_METRICS_ADDR="+metricsAddr,
		"OMNIRENT_ENV=development", "OMNIRENT_SMTP_URL=", "OMNIRENT_S3_ENDPOINT=")
	logs := &bytes.Buffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var addr []byte
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if b, err := os.ReadFile(addrFile); err == nil && len(b) > 0 {
			addr = b
			break
		}
	}
	if addr == nil {
		t.Fatalf("server did not start: %s", logs)
	}
	jar, _ := cookiejar.New(nil)
	return &server{cmd: cmd, url: "http://" + string(addr), logs: logs, dir: dir, client: &http.Client{Jar: jar}}
}

func (s *server) post(t *testing.T, path string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, s.url+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := s.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// exitCode waits for the server process to end.
func (s *server) exitCode(t *testing.T, within time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(within):
		t.Fatalf("the server did not stop within %s: %s", within, s.logs)
		return -1
	}
}

// SIGTERM during an upload and a job: the server stops taking requests,
// finishes the upload (201) and the job, and exits 0; a job longer than the
// shutdown timeout is cut off and its lease released (not counted as an
// attempt), so another instance takes it at once.
func TestSIGTERMFinishesUploadsAndJobsThenExits(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	t.Run("in time", func(t *testing.T) {
		// The job lasts long enough to be seen running (polled every 50 ms
		// by opening the database: slow under -race on a loaded machine,
		// where a 1.5 s job was once over before it was seen), and well
		// within the 10 s shutdown timeout.
		s := startServer(t, "4s", "10s", "")
		if st, _ := s.post(t, "/api/auth/login", map[string]any{"email": "owner@example.com", "password": "Secret#123"}); st != http.StatusOK {
			t.Fatalf("sign in: %d", st)
		}
		st, body := s.post(t, "/api/properties", map[string]any{"address": map[string]any{
			"addrFirstLine": "12 Lavender Hill", "town": "London", "postcode": "SW11 5RW", "country": "United Kingdom"}})
		if st != http.StatusCreated {
			t.Fatalf("create property: %d %v", st, body)
		}
		propertyID := body["property"].(map[string]any)["id"].(string)
		enqueueSlowJob(t, s)

		// An upload whose body arrives in two halves, with SIGTERM between.
		var form bytes.Buffer
		w := multipart.NewWriter(&form)
		part, _ := w.CreateFormFile("file", "p.jpg")
		_, _ = part.Write(imagingtest.JPEG(t, 800, 600))
		_ = w.Close()
		pr, pw := io.Pipe()
		req, _ := http.NewRequest(http.MethodPost, s.url+"/api/properties/"+propertyID+"/images", pr)
		req.Header.Set("Content-Type", w.FormDataContentType())
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.ContentLength = int64(form.Len())
		result := make(chan int, 1)
		go func() {
			res, err := s.client.Do(req)
			if err != nil {
				result <- -1
				return
			}
			res.Body.Close()
			result <- res.StatusCode
		}()
		data := form.Bytes()
		if _, err := pw.Write(data[:len(data)/2]); err != nil {
			t.Fatal(err)
		}
		waitClaimed(t, s) // the slow job is running too
		if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		// A new connection is refused once the server stops listening.
		if _, err := http.Get(s.url + "/healthz"); err == nil {
			t.Error("a new request was accepted after SIGTERM")
		}
		if _, err := pw.Write(data[len(data)/2:]); err != nil {
			t.Fatal(err)
		}
		pw.Close()
		if got := <-result; got != http.StatusCreated {
			t.Fatalf("the upload in flight answered %d; want 201. Logs:\n%s", got, s.logs)
		}
		if code := s.exitCode(t, 15*time.Second); code != 0 {
			t.Fatalf("exit code %d; logs:\n%s", code, s.logs)
		}
		done, attempts, locked := slowJobState(t, s)
		if !done || attempts != 1 || locked {
			t.Fatalf("slow job done=%v attempts=%d locked=%v; want finished once before exit", done, attempts, locked)
		}
	})
	t.Run("cut off", func(t *testing.T) {
		s := startServer(t, "1h", "1s", "")
		enqueueSlowJob(t, s)
		waitClaimed(t, s)
		if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := s.exitCode(t, 15*time.Second); code != 0 {
			t.Fatalf("exit code %d; logs:\n%s", code, s.logs)
		}
		done, attempts, locked := slowJobState(t, s)
		if done || attempts != 0 || locked {
			t.Fatalf("cut-off job done=%v attempts=%d locked=%v; want waiting, unlocked, attempt uncounted", done, attempts, locked)
		}
		if !strings.Contains(s.logs.String(), "lease released") {
			t.Fatalf("no log line says the lease was released:\n%s", s.logs)
		}
	})
}

// enqueueSlowJob puts a test.slow job in the server's database (the
// workers poll every second).
func enqueueSlowJob(t *testing.T, s *server) {
	t.Helper()
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(s.dir, "data", "omnirent.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	now := time.Now().UnixMilli()
	if _, err := d.Conn().Exec(context.Background(), `INSERT INTO jobs (id, kind, payload, run_at, attempts, max_attempts, created_at, origin) VALUES ('slow-1', 'test.slow', '{}', ?, 0, 5, ?, 'req-slow')`, now, now); err != nil {
		t.Fatal(err)
	}
}

// waitClaimed waits until a worker has claimed the slow job.
func waitClaimed(t *testing.T, s *server) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if _, _, locked := slowJobState(t, s); locked {
			return
		}
	}
	t.Fatal("no worker claimed the slow job")
}

func slowJobState(t *testing.T, s *server) (done bool, attempts int, locked bool) {
	t.Helper()
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(s.dir, "data", "omnirent.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var doneAt, lockedUntil *int64
	if err := d.Conn().QueryRow(context.Background(), `SELECT done_at, attempts, locked_until FROM jobs WHERE id = 'slow-1'`).Scan(&doneAt, &attempts, &lockedUntil); err != nil {
		t.Fatal(err)
	}
	return doneAt != nil, attempts, lockedUntil != nil
}

// /metrics on its own listener: requests by route and status, the job
// queue, mails and the database pool; and the JSON log links a request to
// the job and the e-mail it caused by one request id, with no code in it.
func TestMetricsAndRequestIDsInTheLog(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	metricsAddr := ln.Addr().String()
	ln.Close()
	s := startServer(t, "1ms", "5s", metricsAddr)
	req, _ := http.NewRequest(http.MethodPost, s.url+"/api/auth/register", strings.NewReader(
		`{"fullName":"Rita Renter","email":"rita@example.com","password":"Secret#123","confirmPassword":"Secret#123","userType":"Tenant","acceptTerms":true}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("X-Request-Id", "req-register-1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("register: %d", res.StatusCode)
	}
	for range 3 {
		if r, err := http.Get(s.url + "/healthz"); err == nil {
			r.Body.Close()
		}
	}
	var scrape string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		r, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		scrape = string(b)
		if strings.Contains(scrape, `omnirent_mails_total{outcome="sent",transport="outbox"}`) {
			break
		}
	}
	for _, want := range []string{
		`omnirent_http_request_duration_seconds_count{method="GET",route="GET /healthz",status="200"} 3`,
		`omnirent_http_request_duration_seconds_bucket{method="POST",route="POST /api/auth/register",status="201",le=`,
		`omnirent_jobs_waiting{kind="mail.send"}`,
		`omnirent_jobs_oldest_due_age_seconds{kind=`,
		`omnirent_jobs_run_total{kind="mail.send",outcome="done"}`,
		`omnirent_mails_total{outcome="sent",transport="outbox"}`,
		`go_sql_max_open_connections{db_name="omnirent"}`,
		`omnirent_sweeps_total{sweep="calendar.alerts"`,
	} {
		if !strings.Contains(scrape, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if t.Failed() {
		t.Logf("scrape:\n%s", scrape)
	}
	// Go's profiles are there too (issue 29: profiling under load).
	if r, err := http.Get("http://" + metricsAddr + "/debug/pprof/heap?debug=1"); err != nil {
		t.Error(err)
	} else {
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode != http.StatusOK || !strings.Contains(string(b), "heap profile") {
			t.Errorf("/debug/pprof/heap: %d %.200s", r.StatusCode, b)
		}
	}
	// The public listener serves neither.
	for _, path := range []string{"/metrics", "/debug/pprof/heap?debug=1"} {
		if r, err := http.Get(s.url + path); err == nil {
			b, _ := io.ReadAll(r.Body)
			r.Body.Close()
			if strings.Contains(string(b), "omnirent_http_request") || strings.Contains(string(b), "heap profile") {
				t.Errorf("%s is served on the public address", path)
			}
		}
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	s.exitCode(t, 15*time.Second)

	// The request, the mail job and the mail line share the request id.
	var requestLine, mailLine bool
	sc := bufio.NewScanner(bytes.NewReader(s.logs.Bytes()))
	for sc.Scan() {
		var line map[string]any
		if json.Unmarshal(sc.Bytes(), &line) != nil {
			continue
		}
		if line["request_id"] != "req-register-1" {
			continue
		}
		switch {
		case line["msg"] == "http" && line["path"] == "/api/auth/register":
			requestLine = true
		case line["msg"] == "mail delivered" || line["msg"] == "mail kept in local outbox":
			mailLine = true
		}
	}
	if !requestLine || !mailLine {
		t.Fatalf("request line %v, mail line %v with the request's id; logs:\n%s", requestLine, mailLine, s.logs)
	}
	// The sign-up code e-mailed to Rita is nowhere in the log.
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(s.dir, "data", "omnirent.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var mailText string
	if err := d.Conn().QueryRow(context.Background(), `SELECT text_body FROM mail_outbox WHERE to_addr = 'rita@example.com'`).Scan(&mailText); err != nil {
		t.Fatal(err)
	}
	code := sixDigitsIn(mailText)
	if code == "" {
		t.Fatalf("no code in the sign-up e-mail: %q", mailText)
	}
	if strings.Contains(s.logs.String(), code) {
		t.Fatalf("the log holds the sign-up code %s", code)
	}
}

func sixDigitsIn(s string) string {
	for i := 0; i+6 <= len(s); i++ {
		ok := true
		for j := i; j < i+6; j++ {
			if s[j] < '0' || s[j] > '9' {
				ok = false
				break
			}
		}
		if ok && (i == 0 || s[i-1] < '0' || s[i-1] > '9') && (i+6 == len(s) || s[i+6] < '0' || s[i+6] > '9') {
			return s[i : i+6]
		}
	}
	return ""
}
