// Package app wires the parts together: database, job queue, mail, domains
// and the HTTP routes. cmd/omnirent calls it; tests start it on port 0.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/auth"
	"github.com/omnirent/omnirent/internal/blog"
	"github.com/omnirent/omnirent/internal/calendar"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/contract"
	"github.com/omnirent/omnirent/internal/demo"
	"github.com/omnirent/omnirent/internal/deposit"
	"github.com/omnirent/omnirent/internal/devmail"
	"github.com/omnirent/omnirent/internal/documents"
	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/inventory"
	"github.com/omnirent/omnirent/internal/news"
	"github.com/omnirent/omnirent/internal/notices"
	"github.com/omnirent/omnirent/internal/openbanking"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/metrics"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/promo"
	"github.com/omnirent/omnirent/internal/property"
	"github.com/omnirent/omnirent/internal/refcheck"
	"github.com/omnirent/omnirent/internal/repair"
	"github.com/omnirent/omnirent/internal/savedsearch"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/siteinfo"
	"github.com/omnirent/omnirent/internal/spa"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
	"github.com/omnirent/omnirent/internal/wallet"
)

// App is a built, migrated application ready to serve.
type App struct {
	Config     config.Config
	DB         *db.DB
	Jobs       *jobs.Queue
	Mail       *mail.Service
	Auth       *auth.Service
	Properties *property.Service
	Photos     PropertyPhotos
	Files      storage.Store
	Promos     *promo.Service
	Payments   *payment.Service
	Signing    *signing.Service
	Inventory  *inventory.Service
	RefChecks  *refcheck.Service
	Contracts  *contract.Service
	Documents  *documents.Service
	News       *news.Service
	Blog       *blog.Service
	Calendar   *calendar.Service
	Wallet     *wallet.Service
	// Repairs are the tenants' repair reports and the landlords' clocks (issue 44).
	Repairs *repair.Service
	// Notices are the rent increases and tenants' notices served during a tenancy (issue 45).
	Notices *notices.Service
	// Deposits are the deposits' protection and return at the end of a tenancy (issue 45).
	Deposits *deposit.Service
	// SavedSearches are renters' saved listing searches and their daily e-mail.
	SavedSearches *savedsearch.Service
	Handler       http.Handler
	Log           *slog.Logger
	// Metrics is served on OMNIRENT_METRICS_ADDR when set.
	Metrics *metrics.Set
	// Routes are the registered patterns (checked against api/openapi.yaml).
	Routes []string
}

// New opens the database, runs migrations and builds every service.
// webDist is the built React app (nil serves a "not built" page).
func New(ctx context.Context, cfg config.Config, log *slog.Logger, clk clock.Clock, webDist fs.FS) (*App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	a, err := Build(ctx, cfg, log, clk, d, webDist)
	if err != nil {
		d.Close()
	}
	return a, err
}

// Build wires the services on an open, migrated database (tests pass their own).
func Build(ctx context.Context, cfg config.Config, log *slog.Logger, clk clock.Clock, d *db.DB, webDist fs.FS) (*App, error) {
	if err := cfg.EnsureSecretKey(); err != nil {
		return nil, fmt.Errorf("secret key: %w", err)
	}
	var err error
	// The demo's signed agreement is made on the days before its tenancy
	// starts (demo.SeedTenancy pins the clock to them); nothing else moves it.
	demoClock := clock.NewPinnable(clk)
	if cfg.SeedDemo {
		clk = demoClock
	}
	q := jobs.New(d, clk, log)
	var transport mail.Transport = mail.LocalOutbox{Log: log}
	if cfg.SMTPURL != "" {
		if transport, err = mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom); err != nil {
			return nil, fmt.Errorf("smtp: %w", err)
		}
	}
	mailer, err := mail.New(d, q, clk, transport, mail.Brand{BaseURL: cfg.BaseURL, SupportEmail: cfg.SupportEmail}, log)
	if err != nil {
		return nil, err
	}
	authSvc, err := auth.NewService(auth.Options{
		DB: d, Clock: clk, Mail: mailer, SecretKey: cfg.SecretKey, Log: log,
		Argon2: auth.Argon2Params{MemoryKiB: cfg.Argon2MemoryKiB, Time: cfg.Argon2Time, Threads: cfg.Argon2Threads},
	})
	if err != nil {
		return nil, err
	}
	properties := property.NewService(d, clk, geo.Default())
	properties.SetContact(accountDirectory{authSvc}, mailer)
	files, err := openFiles(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := checkWritable(ctx, d, files, databaseWhere(cfg)); err != nil {
		return nil, err
	}
	photos := PropertyPhotos{photo.NewService(d, clk, files, q, log)}
	photos.SetOwners(photo.KindProperty, propertyOwners{properties})
	properties.SetPhotos(photos)
	if err := photos.Schedule(ctx); err != nil { // the sweep of photo files a crash left without a row
		return nil, fmt.Errorf("photos: %w", err)
	}
	if cfg.SeedDemo {
		if err := demo.Seed(ctx, authSvc, properties, photos, clk.Now()); err != nil {
			return nil, fmt.Errorf("demo data: %w", err)
		}
	}
	promos := promo.NewService(d, clk)
	payments := payment.NewService(d, clk, promoCodes{promos}, mailer, q, log)
	payments.UseSupplier(payment.Supplier{Name: cfg.Supplier.Name, Address: cfg.Supplier.Address, VATNumber: cfg.Supplier.VATNumber})
	if st := cfg.Stripe; st.SecretKey != "" {
		payments.UseStripe(payment.StripeConfig{SecretKey: st.SecretKey, PublishableKey: st.PublishableKey, WebhookSecret: st.WebhookSecret, APIURL: st.APIURL})
	}
	a := &App{Config: cfg, DB: d, Jobs: q, Mail: mailer, Auth: authSvc, Properties: properties, Photos: photos, Files: files,
		Promos: promos, Payments: payments, RefChecks: refcheck.NewService(refcheck.Deps{DB: d, Clock: clk, Properties: propertyPlaces{properties}, Accounts: accountDirectory{authSvc}, Payments: payments, Mail: mailer,
			Bank: openbanking.Sandbox{BaseURL: cfg.BaseURL}, Jobs: q, BaseURL: cfg.BaseURL}), Log: log}
	termChecker, err := terms.Load()
	if err != nil {
		return nil, err
	}
	libs, err := contract.LoadLibraries()
	if err != nil {
		return nil, err
	}
	a.Signing = signing.NewService(signing.Deps{DB: d, Clock: clk, Secret: cfg.SecretKey, Mail: mailer, Files: files, BaseURL: cfg.BaseURL, Jobs: q, Log: log})
	a.Contracts = contract.NewService(d, clk, libs, contractProperties{properties})
	a.Contracts.UseTerms(termChecker)
	properties.UseTerms(termChecker)
	a.Contracts.UseSigning(contract.SigningDeps{Signing: a.Signing, Payments: payments, Mail: mailer, BaseURL: cfg.BaseURL})
	if cfg.SeedDemo {
		if err := demo.SeedContract(ctx, authSvc, properties, a.Contracts, clk.Now()); err != nil {
			return nil, fmt.Errorf("demo contract: %w", err)
		}
		if err := demo.SeedNations(ctx, authSvc, properties, a.Contracts, demoClock); err != nil {
			return nil, fmt.Errorf("demo nations: %w", err)
		}
	}
	cat, err := inventory.LoadCatalogue()
	if err != nil {
		return nil, err
	}
	a.Inventory = inventory.NewService(d, clk, cat, inventoryProperties{properties}, photos.Service)
	photos.SetOwners(photo.KindInventory, inventory.Owners{S: a.Inventory})
	photos.SetOwners(photo.KindDispute, inventory.DisputeOwners{S: a.Inventory})
	a.Inventory.UseSigning(inventory.SigningDeps{Signing: a.Signing, Payments: payments, Mail: mailer, BaseURL: cfg.BaseURL, Files: files, Jobs: q})
	if cfg.SeedDemo {
		if err := demo.SeedReport(ctx, authSvc, properties, a.Inventory, clk.Now()); err != nil {
			return nil, fmt.Errorf("demo report: %w", err)
		}
	}
	// Every fully signed document without its sealed PDF is sealed again
	// (after a crash), now and every signing.SweepEvery.
	if err := a.Signing.Schedule(ctx); err != nil {
		return nil, fmt.Errorf("signing: %w", err)
	}
	dir := documentsDirectory{properties: properties, auth: authSvc, contracts: a.Contracts, refchecks: a.RefChecks, inventory: a.Inventory}
	a.Documents, err = documents.NewService(documents.Deps{DB: d, Clock: clk, Jobs: q, Mail: mailer, Files: files, Properties: dir, Accounts: dir,
		Contracts: documentsContracts{dir}, RefChecks: documentsRefChecks{dir}, Reports: documentsReports{dir},
		BaseURL: cfg.BaseURL, VendorEmail: cfg.VendorBookingEmail, Log: log})
	if err != nil {
		return nil, err
	}
	a.Contracts.UseCertificates(contractCertificates{a.Documents})
	properties.SetEPCEvidence(a.Documents)
	a.Inventory.UseCertificateTerms(a.Documents.Types())
	if cfg.SeedDemo {
		if err := demo.SeedCertificates(ctx, authSvc, properties, a.Documents, clk.Now()); err != nil {
			return nil, fmt.Errorf("demo certificates: %w", err)
		}
		if err := demo.SeedTenancy(ctx, authSvc, properties, a.Contracts, a.Signing, a.Payments, a.Mail, demoClock); err != nil {
			return nil, fmt.Errorf("demo tenancy: %w", err)
		}
	}
	if err := a.Documents.Schedule(ctx); err != nil {
		return nil, fmt.Errorf("documents: %w", err)
	}
	noticeRules, err := notices.LoadRules() // the rent increase and tenant's notice rules, checked
	if err != nil {
		return nil, err
	}
	if a.Notices, err = notices.NewService(notices.Deps{DB: d, Clock: clk, Rules: noticeRules, Tenancies: noticeTenancies{a.Contracts},
		People: calendarPeople{authSvc}, Mail: mailer, BaseURL: cfg.BaseURL, Log: log}); err != nil {
		return nil, err
	}
	depositRules, err := deposit.LoadRules() // the deposit's protection deadline and schemes, checked
	if err != nil {
		return nil, err
	}
	if a.Deposits, err = deposit.NewService(deposit.Deps{DB: d, Clock: clk, Rules: depositRules, Tenancies: depositTenancies{a.Contracts},
		Uploads: a.Documents, Files: files, CheckOuts: depositCheckOuts{a.Inventory}, Log: log}); err != nil {
		return nil, err
	}
	a.Contracts.UseDepositCertificates(contractDepositCertificates{a.Deposits})
	a.Deposits.UsePack(deposit.PackDeps{Sources: depositPack{a.Signing, a.Contracts, a.Inventory, photos.Service}, Seals: a.Signing}) // deposit_pack.go
	rules, err := calendar.LoadRules()
	if err != nil {
		return nil, err
	}
	a.Calendar = calendar.NewService(calendar.Deps{DB: d, Clock: clk, Mail: mailer, Jobs: q, Properties: calendarProperties{properties},
		People: calendarPeople{authSvc}, Agreements: calendarAgreements{a.Contracts}, Certificates: calendarCertificates{a.Documents},
		Dated: []calendar.Dated{noticeDates{a.Notices}}, Rules: rules, BaseURL: cfg.BaseURL, Log: log})
	if err := a.Calendar.Schedule(ctx); err != nil {
		return nil, fmt.Errorf("calendar: %w", err)
	}
	if cfg.SeedDemo {
		if err := demo.SeedCalendar(ctx, authSvc, properties, a.Calendar, clk.Now()); err != nil {
			return nil, fmt.Errorf("demo calendar: %w", err)
		}
	}
	walletRules, err := wallet.LoadRules()
	if err != nil {
		return nil, err
	}
	a.Wallet = wallet.NewService(wallet.Deps{DB: d, Clock: clk, Rules: walletRules, Properties: walletProperties{properties},
		Agreements: walletAgreements{a.Contracts, a.Notices}, Files: files, Jobs: q})
	if err := a.Wallet.Schedule(ctx); err != nil {
		return nil, fmt.Errorf("wallet: %w", err)
	}
	a.Deposits.UseReturns(deposit.ReturnDeps{Jobs: q, Mail: mailer, Statements: depositStatements{a.Wallet}, Books: depositBooks{a.Wallet},
		BaseURL: cfg.BaseURL}) // rent arrears from the wallet and the return (deposit.go)
	if cfg.SeedDemo {
		if err := demo.SeedWallet(ctx, authSvc, properties, a.Wallet, clk.Now()); err != nil {
			return nil, fmt.Errorf("demo wallet: %w", err)
		}
	}
	if cfg.SeedDemo { // a signed check-out of the demo tenancy with proposed deductions (issue 45)
		if err := demo.SeedDeposit(ctx, authSvc, properties, a.Inventory, a.Deposits, a.Payments, a.Mail); err != nil {
			return nil, fmt.Errorf("demo deposit: %w", err)
		}
	}
	repairData, err := repair.LoadData() // the category tree and the deadline catalogue, checked
	if err != nil {
		return nil, err
	}
	if a.Repairs, err = repair.NewService(repair.Deps{DB: d, Clock: clk, Data: repairData, Homes: repairHomes{properties, a.Contracts},
		People: calendarPeople{authSvc}, Mail: mailer, BaseURL: cfg.BaseURL, Log: log}); err != nil {
		return nil, err
	}
	if err := a.useRepairEvidence(ctx, photos, files, q, demoClock); err != nil { // repairs_evidence.go
		return nil, err
	}
	if err := a.Repairs.UseVisits(repair.VisitDeps{Jobs: q, Files: files, Photos: photos.Service, Calendar: repairCalendar{a.Calendar},
		Wallet: repairWallet{a.Wallet}, Accounts: repairAccounts{authSvc}}); err != nil { // contractors and visits
		return nil, err
	}
	a.SavedSearches = savedsearch.NewService(savedsearch.Deps{DB: d, Clock: clk, Jobs: q, Mail: mailer,
		Listings: savedSearchListings{properties}, People: calendarPeople{authSvc}, BaseURL: cfg.BaseURL, Log: log})
	if err := a.SavedSearches.Schedule(ctx); err != nil {
		return nil, fmt.Errorf("saved searches: %w", err)
	}
	a.Blog = blog.NewService(d, clk, files)
	if cfg.SeedDemo {
		if err := demo.SeedBlog(ctx, a.Blog); err != nil {
			return nil, fmt.Errorf("demo blog: %w", err)
		}
	}
	a.News = news.NewService(d, clk, q, news.Config{Feeds: map[news.View][]string{news.UK: cfg.News.UKFeeds, news.World: cfg.News.WorldFeeds},
		Refresh: cfg.News.Refresh, Retention: cfg.News.Retention}, log)
	if err := a.News.Schedule(ctx); err != nil {
		return nil, fmt.Errorf("news: %w", err)
	}
	a.Metrics = metrics.NewSet(d.DB)
	a.Metrics.Register(q.Collector())
	// The periodic sweeps, for the sweeps metric.
	q.CountAsSweep("calendar.alerts", "calendar.alerts.now", "documents.reminders", "savedsearch.sweep")
	if err := q.SchedulePrune(ctx); err != nil { // done jobs older than two weeks
		return nil, fmt.Errorf("jobs: %w", err)
	}
	a.Handler = a.routes(webDist)
	return a, nil
}

func (a *App) routes(webDist fs.FS) http.Handler {
	mux := httpx.NewRouter()
	defer func() { a.Routes = mux.Patterns() }()
	mux.Handle("GET /healthz", &health{app: a, ttl: healthTTL})
	mux.Handle("GET /api/catalogue", httpx.Handle(a.catalogue))
	siteinfo.Routes(mux, siteinfo.Info{DataProtectionNumber: a.Config.DataProtectionNumber, SupportEmail: a.Config.SupportEmail, Dev: a.Config.Dev(),
		MapTileURL: a.Config.MapTileURL, MapAttribution: a.Config.MapAttribution})
	authHandler := auth.NewHandler(a.Auth, a.Config.SecureCookies(), a.describe)
	authHandler.Routes(mux)
	mux.Handle("GET /api/me/home", httpx.Handle(session.Require(a.home)))
	propertyHandler := property.NewHandler(a.Properties)
	propertyHandler.Routes(mux)
	propertyHandler.SearchRoutes(mux, geo.Default())
	propertyHandler.ListingRoutes(mux)
	photo.NewHandler(a.Photos.Service).Routes(mux)
	promo.NewHandler(a.Promos).Routes(mux)
	payment.NewHandler(a.Payments).Routes(mux)
	refcheck.NewHandler(a.RefChecks).Routes(mux)
	contract.NewHandler(a.Contracts).Routes(mux)
	signing.NewHandler(a.Signing).Routes(mux)
	inventory.NewHandler(a.Inventory).Routes(mux)
	documents.NewHandler(a.Documents).Routes(mux)
	news.NewHandler(a.News).Routes(mux)
	blog.NewHandler(a.Blog).Routes(mux)
	calendar.NewHandler(a.Calendar).Routes(mux)
	wallet.NewHandler(a.Wallet).Routes(mux)
	repair.NewHandler(a.Repairs).Routes(mux)
	notices.NewHandler(a.Notices).Routes(mux)
	deposit.NewHandler(a.Deposits).Routes(mux)
	savedSearches := savedsearch.NewHandler(a.SavedSearches)
	savedSearches.Routes(mux)
	mux.HandleFunc("GET /sitemap.xml", a.seo().Sitemap)
	mux.HandleFunc("GET /Blog/rss.xml", a.seo().RSS)
	// The embedded sandbox bank's consent page (the only bank until a real
	// open-banking provider is configured).
	mux.HandleFunc("GET "+openbanking.ConsentPath, openbanking.SandboxPage)
	mux.HandleFunc("POST "+openbanking.ConsentPath, openbanking.SandboxPage)
	if a.Config.Dev() {
		devmail.New(a.Mail).Routes(mux)
		savedSearches.DevRoutes(mux)
	} else {
		// Production has no mailbox: answer 404 rather than the web app.
		mux.Handle("/dev/", http.NotFoundHandler())
	}
	// Unknown API paths answer JSON 404 instead of falling through to the SPA.
	mux.Handle("/api/", httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		return notFound
	}))
	if webDist == nil {
		webDist = emptyFS{}
	}
	mux.Handle("/", spa.Handler(webDist, a.pageMeta))

	return httpx.Chain(metrics.Route(mux),
		httpx.WithRequestID,
		metrics.WithRequests,
		httpx.WithClientIP(a.Config.TrustProxy),
		httpx.WithLogging(a.Log),
		httpx.WithRecover,
		httpx.WithSecurityHeaders(a.Config.SecureCookies()),
		// Uploaded files redirect to presigned URLs of the object store: pages
		// may show and fetch them (an http endpoint is not covered by https:).
		httpx.WithCSPSources(map[string][]string{"img-src": a.Config.S3.Origins(), "connect-src": a.Config.S3.Origins()}),
		a.Payments.WithCSP, // Stripe.js's sources, when Stripe is the card provider
		httpx.WithCompression,
		httpx.WithBodyLimit(a.Config.MaxBodyBytes, func(r *http.Request) int64 {
			return max(photo.UploadBodyLimit(r), blog.UploadBodyLimit(r), signing.UploadBodyLimit(r), contract.UploadBodyLimit(r), inventory.UploadBodyLimit(r),
				documents.UploadBodyLimit(r), wallet.UploadBodyLimit(r), repair.UploadBodyLimit(r), deposit.UploadBodyLimit(r))
		}),
		httpx.WithCSRFProtection,
		session.Middleware(a.Auth),
	)
}

// Serve listens on ln until ctx ends, then shuts down gracefully: requests
// in flight finish, job workers stop, the database closes.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           a.Handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    1 << 16,
	}
	if a.Config.MetricsAddr != "" {
		mln, err := net.Listen("tcp", a.Config.MetricsAddr)
		if err != nil {
			return fmt.Errorf("metrics listener: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", a.Metrics.Handler())
		// Go's profiles of the running server (CPU, allocations, goroutines),
		// for profiling under load: go tool pprof http://ADDR/debug/pprof/profile
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = msrv.Serve(mln) }()
		defer msrv.Close()
		a.Log.Info("metrics at /metrics, profiles at /debug/pprof/", "addr", mln.Addr().String())
	}
	workCtx, stopWork := context.WithCancel(context.Background())
	workersDone := make(chan struct{})
	go func() {
		a.Jobs.Work(workCtx, 2, time.Second)
		close(workersDone)
	}()
	sweepDone := make(chan struct{}) // re-checks started Stripe payments a lost webhook left pending
	go func() {
		a.Payments.Reconcile(workCtx, payment.ReconcileEvery)
		close(sweepDone)
	}()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	// Stop taking requests and jobs; let those in flight (uploads included)
	// and running jobs finish within the timeout; then cut the rest off, and
	// release the leases of the jobs cut off so another instance runs them.
	a.Log.Info("shutting down: finishing requests and jobs in flight", "timeout", a.Config.ShutdownTimeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.Config.ShutdownTimeout)
	defer cancel()
	stopWork()
	if e := srv.Shutdown(shutdownCtx); e != nil && err == nil {
		err = e
	}
	select {
	case <-workersDone:
	case <-shutdownCtx.Done():
		a.Jobs.Abort()
		<-workersDone
	}
	<-sweepDone
	a.Wallet.FinishSnapshots(shutdownCtx)
	if c, ok := a.Files.(interface{ Close() error }); ok {
		_ = c.Close()
	}
	a.DB.Close()
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// openFiles is the store for uploads: the configured S3 bucket, or a folder
// in the data dir.
func openFiles(ctx context.Context, cfg config.Config) (storage.Store, error) {
	if s3 := cfg.S3; s3.Endpoint != "" {
		st, err := storage.NewS3(ctx, storage.S3Config{Endpoint: s3.Endpoint, Region: s3.Region, Bucket: s3.Bucket,
			AccessKey: s3.AccessKey, SecretKey: s3.SecretKey, UseSSL: s3.UseSSL, PathStyle: s3.PathStyle})
		if err != nil {
			return nil, fmt.Errorf("s3 storage: %w", err)
		}
		return st, nil
	}
	st, err := storage.NewLocal(filepath.Join(cfg.DataDir, "files"))
	if err != nil {
		return nil, fmt.Errorf("file storage: %w", err)
	}
	return st, nil
}

// databaseWhere names the database for a start-up message, without a password.
func databaseWhere(cfg config.Config) string {
	if path, ok := strings.CutPrefix(cfg.DatabaseURL, "sqlite:"); ok {
		return path + " in the data folder " + cfg.DataDir
	}
	if u, err := url.Parse(cfg.DatabaseURL); err == nil {
		return u.Redacted()
	}
	return "OMNIRENT_DATABASE_URL"
}

type emptyFS struct{}

func (emptyFS) Open(string) (fs.File, error) { return nil, fs.ErrNotExist }
