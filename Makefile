# OmniRent: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
GO ?= go
export CGO_ENABLED ?= 0

WEB_DEPS := web/node_modules/.installed
E2E_DEPS := e2e/node_modules/.installed
API_DEPS := api/node_modules/.installed
BIN := bin/omnirent

STRIPE_MOCK_VERSION := v0.203.0

.PHONY: run build web test ci prod-tools test-failover test-go test-web test-e2e dev-api dev-web config clean stripe-mock fuzz lint-api image prod test-prod test-race bench

## run: build everything and start the server with demo data (SQLite, local outbox)
run: build
	./$(BIN) serve

## build: the web app, then the Go binary that embeds it
build: web
	$(GO) build -o $(BIN) ./cmd/omnirent

$(WEB_DEPS): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

$(E2E_DEPS): e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	@touch $@

$(API_DEPS): api/package-lock.json
	cd api && npm ci --no-audit --no-fund
	@touch $@

## lint-api: check api/openapi.yaml with Redocly CLI's recommended rules (api/redocly.yaml)
lint-api: $(API_DEPS)
	cd api && npx redocly lint openapi.yaml --format=stylish

## web: the web app's build (web/dist), made again only when a source of it is newer, so `make test`
## and `make test-prod` in one CI run build it once
WEB_SRC := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/package.json web/vite.config.ts \
	$(wildcard web/tsconfig*.json)
web: web/dist/index.html

web/dist/index.html: $(WEB_DEPS) $(WEB_SRC)
	cd web && npm run build

## test: every test: Go (SQLite, and PostgreSQL when OMNIRENT_TEST_POSTGRES_URL is set), a short run of each fuzz target, web unit tests,
## Playwright journeys; each stage timed against its budget (scripts/ci/stages.sh prints the table at the end)
test:
	@bash scripts/ci/stages.sh api go fuzz web e2e

## ci: what .ci/run runs: `make test`'s stages, then the production journeys and the container image, in one table
ci:
	@bash scripts/ci/stages.sh api go fuzz web e2e prod failover image

## test-go: vet, then every Go test once (scripts/ci/test-go.sh): the packages whose code shares state between
## goroutines, and every concurrent test of the others, under the race detector (it needs cgo and a C compiler;
## .ci/run installs gcc); the rest without it. The tests hash passwords at argon2id's least cost
## (apptest.TestArgon2MemoryKiB). The time and how it was measured: docs/perf.md. Then the benchmarks once.
test-go: stripe-mock
	GO=$(GO) bash scripts/ci/test-go.sh
	$(MAKE) --no-print-directory bench

## bench: the speed benchmarks of issue 29 once each (-benchtime 1x), so they keep compiling and running; each prints
## its figure and target, which are not asserted here (docs/perf.md says how to measure them: more runs, a seeded database)
bench:
	$(GO) test -run '^$$' -bench '^BenchmarkSearchHTTP$$' -benchtime 1x ./internal/property/
	$(GO) test -run '^$$' -bench '^BenchmarkSealedAgreementPDF$$' -benchtime 1x ./internal/contract/
	$(GO) test -run '^$$' -bench '^BenchmarkOverview$$' -benchtime 1x ./internal/wallet/
	$(GO) test -run '^$$' -bench '^BenchmarkSampleDocument$$' -benchtime 1x ./internal/platform/pdf/
	$(GO) test -run '^$$' -bench '^(BenchmarkLandlordRepairsList|BenchmarkHistoryPDF30Photos|BenchmarkReportWithThree12MPPhotos)$$' -benchtime 1x ./internal/repair/
	$(GO) test -run '^$$' -bench '^(BenchmarkDeductionsPage40Items|BenchmarkEvidencePack200Photos)$$' -benchtime 1x -short ./internal/deposit/

## test-race: the same run, then the perf parser's script check
test-race: test-go
	bash scripts/perf/hey-parse.sh

## fuzz: run each fuzz target FUZZTIME long (one at a time; seeds in each package's testdata/fuzz, see docs/fuzzing.md).
## The default is a count of inputs, not a duration: a duration is a deadline, and when the inputs
## cached by earlier runs take longer than it to replay, go test fails with "context deadline exceeded".
## For a longer local run: make fuzz FUZZTIME=60s
FUZZTIME ?= 10000x
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzDecodeJSON$$' -fuzztime=$(FUZZTIME) ./internal/httpx
	$(GO) test -run='^$$' -fuzz='^FuzzUploadedFile$$' -fuzztime=$(FUZZTIME) ./internal/httpx
	$(GO) test -run='^$$' -fuzz='^FuzzCheck$$' -fuzztime=$(FUZZTIME) ./internal/platform/imaging
	$(GO) test -run='^$$' -fuzz='^FuzzJPEGOrientation$$' -fuzztime=$(FUZZTIME) ./internal/platform/imaging
	$(GO) test -run='^$$' -fuzz='^FuzzClean$$' -fuzztime=$(FUZZTIME) ./internal/platform/video
	$(GO) test -run='^$$' -fuzz='^FuzzApply$$' -fuzztime=$(FUZZTIME) ./internal/payment
	$(GO) test -run='^$$' -fuzz='^FuzzOrderPrice$$' -fuzztime=$(FUZZTIME) ./internal/payment
	$(GO) test -run='^$$' -fuzz='^FuzzRender$$' -fuzztime=$(FUZZTIME) ./internal/blog

## prod-tools: the servers the production shape runs beside the binary (Mailpit, versitygw, HAProxy), installed when missing
prod-tools:
	bash scripts/prod/up.sh --tools

## stripe-mock: Stripe's API mock, which the payment tests start (they skip without it, fail in CI)
stripe-mock:
	@command -v stripe-mock >/dev/null || [ -x "$$($(GO) env GOPATH)/bin/stripe-mock" ] || \
		$(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)

test-web: $(WEB_DEPS)
	cd web && npm run check:api && npx tsc -b && npm test

test-e2e: build $(E2E_DEPS)
	cd e2e && npx playwright test

## prod: the production shape on this machine (scripts/prod/up.sh): two instances, each restarted when it dies, behind HAProxy (deploy/haproxy.cfg), PostgreSQL, an S3 server, Mailpit
prod: build prod-tools
	bash scripts/prod/up.sh

## test-prod: the main journeys through the production shape (desktop), reading e-mails from the SMTP server's API
PROD_PORT ?= 18180
test-prod: build prod-tools $(E2E_DEPS)
	cd e2e && E2E_PROD=1 E2E_PORT=$(PROD_PORT) npx playwright test --project=desktop

## test-failover: kill -9 one instance of the production shape under a stream of requests (scripts/prod/failover-test.sh):
## nothing lost but the requests in flight, the instance restarted and serving again (about 30-45 s)
FAILOVER_PORT ?= 18480
test-failover: build prod-tools
	PROD_PORT=$(FAILOVER_PORT) bash scripts/prod/failover-test.sh

## image: the container image (podman, FROM scratch) of bin/omnirent, the binary the journeys ran, with its contents checked (docs/operations.md)
image:
	bash scripts/image.sh

## dev-api / dev-web: the Go API on :8080 and Vite with hot reload on :5173 (proxies /api)
dev-api:
	$(GO) run ./cmd/omnirent serve

dev-web: $(WEB_DEPS)
	cd web && npm run dev

## config: print the configuration table
config:
	@$(GO) run ./cmd/omnirent config

clean:
	rm -rf bin web/dist/assets web/dist/index.html e2e/test-results
