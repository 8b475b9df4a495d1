#!/usr/bin/env bash
# Listing search under load. Seeds N listings into a fresh data folder (or
# reuses SEARCH_DATA_DIR), then runs hey at 8 and 32 concurrent clients for:
# filter only, radius + filter, and a deep page (page 50 of a newest-first
# walk, reached by following the cursors).
# Usage: scripts/perf/search-load.sh [listings] [requests]   (needs bin/omnirent, hey, python3)
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-100000}
reqs=${2:-2000}
port=18933
dir=${SEARCH_DATA_DIR:-$(mktemp -d)}
if [ ! -f "$dir/omnirent.db" ] && [ -z "${OMNIRENT_DATABASE_URL:-}" ]; then
  OMNIRENT_DATA_DIR="$dir" OMNIRENT_SEED_DEMO=false OMNIRENT_LOG_LEVEL=warn ./bin/omnirent seed listings -count "$n" >/dev/null
fi
OMNIRENT_DATA_DIR="$dir" OMNIRENT_ADDR="127.0.0.1:$port" OMNIRENT_SEED_DEMO=false OMNIRENT_LOG_LEVEL=error ./bin/omnirent serve >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
base="http://127.0.0.1:$port/api/listings"

deep=$(python3 - "$base" <<'PY'
import json, sys, urllib.request
base, cursor = sys.argv[1], None
for _ in range(49):
    url = base + "?sort=newest" + ("&cursor=" + cursor if cursor else "")
    cursor = json.load(urllib.request.urlopen(url))["nextCursor"]
print(base + "?sort=newest&cursor=" + cursor)
PY
)

declare -A urls=(
  [filter]="$base?minimumBeds=2&maximumBeds=3&rentCycle=Monthly&minimumRent=1000&maximumRent=2000"
  [radius]="$base?searchArea=SW11&minimumBeds=1&rentCycle=Monthly&maximumRent=3000"
  [first-page]="$base?sort=newest"
  [deep-page]="$deep"
)
for name in filter radius first-page deep-page; do
  for c in 8 32; do
    out=$(hey -n "$reqs" -c "$c" "${urls[$name]}")
    printf '%-10s c=%-2s %s req/s  p50 %s  p99 %s  non-200: %s\n' "$name" "$c" \
      "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
      "$(echo "$out" | awk '/50% in/ {print $3*1000 " ms"}')" \
      "$(echo "$out" | awk '/99% in/ {print $3*1000 " ms"}')" \
      "$(echo "$out" | grep -E '^\s+\[[0-9]+\]' | grep -v '\[200\]' | wc -l)"
  done
done
