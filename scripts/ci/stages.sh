#!/usr/bin/env bash
# Runs the named stages of the test suite one after another, times each, and
# prints a table of time against budget at the end (also when a stage fails),
# so a change that blows a stage's budget is seen in the run that made it.
#
#   scripts/ci/stages.sh go fuzz web e2e        (what `make test` runs)
#   scripts/ci/stages.sh go fuzz web e2e prod failover image   (make ci: .ci/run)
#
# The budgets are seconds on a quiet 2-core machine (docs/perf.md, "CI:
# where the time goes"); a busy machine may take up to 1.6 times as long.
# Going over prints OVER, it does not fail the run: the figure is for people.
set -uo pipefail
cd "$(dirname "$0")/../.."

MAKE=${MAKE:-make}

# name  make-target  budget-seconds
declare -A TARGET=(
  [api]=lint-api [go]=test-go [fuzz]=fuzz [web]=test-web
  [e2e]=test-e2e [prod]=test-prod [failover]=test-failover [image]=image
)
declare -A BUDGET=(
  [api]=30 [go]=480 [fuzz]=90 [web]=90
  [e2e]=600 [prod]=120 [failover]=30 [image]=30
)

names=() secs=() results=()
report() {
  local total=0 budget_total=0 i over=0
  echo
  echo "== stage times (budget: a quiet 2-core machine)"
  printf '%-8s %8s %8s  %s\n' stage seconds budget result
  for i in "${!names[@]}"; do
    local n=${names[$i]} s=${secs[$i]} b=${BUDGET[${names[$i]}]}
    local mark=${results[$i]}
    if [ "$s" -gt "$b" ]; then mark="$mark, OVER"; over=1; fi
    printf '%-8s %8d %8d  %s\n' "$n" "$s" "$b" "$mark"
    total=$((total + s)); budget_total=$((budget_total + b))
  done
  printf '%-8s %8d %8d\n' total "$total" "$budget_total"
  if [ "$over" = 1 ]; then echo "== a stage went over its budget: see docs/perf.md before raising it"; fi
}

for name in "$@"; do
  if [ -z "${TARGET[$name]:-}" ]; then echo "stages.sh: no stage $name" >&2; exit 2; fi
done
for name in "$@"; do
  echo "== stage $name (make ${TARGET[$name]}, budget ${BUDGET[$name]} s)"
  start=$(date +%s)
  $MAKE --no-print-directory "${TARGET[$name]}"
  rc=$?
  names+=("$name"); secs+=($(( $(date +%s) - start )))
  if [ "$rc" != 0 ]; then
    results+=("FAILED")
    report
    exit "$rc"
  fi
  results+=("ok")
done
report
