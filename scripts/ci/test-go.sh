#!/usr/bin/env bash
# make test-go: vet, then every Go test once (SQLite, and PostgreSQL as well
# when OMNIRENT_TEST_POSTGRES_URL is set: every test that opens a database
# runs on both; tests of pure logic open none), split so the race detector
# runs where it can find something (issue 43; docs/perf.md, "CI: where the
# time goes"):
#
#   1. the packages whose own code shares state between goroutines (WHOLE
#      below: the job queue, the database's and storage's handles, the image
#      decode budget, the PDF fonts, the clock, signing, geo's tables): all
#      their tests under -race;
#   2. in every other package, the tests that run code at the same time
#      (found by their shape: scripts/ci/racetests; a test whose code under
#      test starts goroutines of its own, as the wallet's books and the
#      demo's seeding do, is marked with racetest.Concurrent): under -race;
#   3. the rest of those packages without the race detector, which makes
#      them several times faster and finds nothing in code run by one
#      goroutine at a time.
#
# With PostgreSQL as well, step 2 runs the detector on PostgreSQL and the
# same tests without it on SQLite (OMNIRENT_TEST_DIALECTS, internal/dbtest).
#
# The race detector needs cgo and a C compiler (.ci/run installs gcc).
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}

WHOLE=(
  ./internal/platform/jobs ./internal/platform/db ./internal/platform/storage
  ./internal/platform/imaging ./internal/platform/pdf ./internal/platform/clock
  ./internal/platform/racetest ./internal/signing ./internal/geo
)

whole_csv=$(IFS=,; echo "${WHOLE[*]}")
plan=$($GO run ./scripts/ci/racetests -whole "$whole_csv" internal)
race_pkgs=$(sed -n 1p <<<"$plan")
race_pattern=$(sed -n 2p <<<"$plan")
whole_paths=$($GO list "${WHOLE[@]}")
rest=$($GO list ./... | grep -vxF "$whole_paths")

# Each step's start is printed with the stage's seconds so far, so the
# stage's time can be read step by step (docs/perf.md).
step() { echo "== $* (at ${SECONDS} s)"; }
step "without the race detector: every package but the shared-state ones, their concurrent tests aside"
# shellcheck disable=SC2086
$GO test -count=1 -timeout 20m -skip "$race_pattern" $rest
# After the tests, whose builds it reuses: run first, vet compiled every
# package for itself (60 s of a quiet run, 135 s of a busy one).
step "go vet"
$GO vet ./...
step "under the race detector: the shared-state packages, whole"
CGO_ENABLED=1 $GO test -race -count=1 -timeout 20m "${WHOLE[@]}"
if [ -n "${OMNIRENT_TEST_POSTGRES_URL:-}" ]; then
  # With both databases: the race detector on PostgreSQL, and the same
  # tests, as many rounds, on SQLite without it. The detector looks at the
  # Go code's memory, which is the same on both; on SQLite it would mostly
  # slow down SQLite's own engine (Go code, translated from C), several
  # times over, and the rounds find the same lost updates without it.
  step "under the race detector: the concurrent tests of the other packages (PostgreSQL)"
  # shellcheck disable=SC2086
  OMNIRENT_TEST_DIALECTS=postgres CGO_ENABLED=1 $GO test -race -count=1 -timeout 20m -run "$race_pattern" $race_pkgs
  step "without the race detector: the same concurrent tests (SQLite)"
  # shellcheck disable=SC2086
  OMNIRENT_TEST_DIALECTS=sqlite $GO test -count=1 -timeout 20m -run "$race_pattern" $race_pkgs
else
  step "under the race detector: the concurrent tests of the other packages"
  # shellcheck disable=SC2086
  CGO_ENABLED=1 $GO test -race -count=1 -timeout 20m -run "$race_pattern" $race_pkgs
fi
step "done"
