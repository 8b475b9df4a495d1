#!/usr/bin/env bash
# Listing search under load, on SQLite or PostgreSQL, with the plain SQL time
# of the same queries measured in the same run.
#
#   scripts/perf/search-load.sh [listings] [requests]
#
# SQLite (default): seeds `listings` into a fresh data folder, or reuses
# SEARCH_DATA_DIR if it holds omnirent.db. PostgreSQL: set
# OMNIRENT_DATABASE_URL; the database is topped up to `listings` Published
# listings (needs psql) and vacuumed, so index-only scans can skip the heap.
#
# Then, for each search below, hey runs `requests` requests at 8 and 32
# concurrent clients (CLIENTS) against the binary, and
# internal/property.TestSearchPlainSQL times, at the same concurrency, the
# statements one such search sends to the database, replayed directly
# ("plain SQL"), and the whole service call without HTTP. The table reports
# both, the ratio HTTP / plain SQL, and the floor under that ratio on this
# machine (the last column; how it is worked out is said where it is printed).
#
# Searches: filter only; radius (3 mi around SW11) + filter, nearest first,
# first page and a deep page; newest first, first page and page 50 (reached
# by following the cursors).
#
# Needs bin/omnirent (or OMNIRENT_BIN), hey, python3 and Go. Both forms of
# hey's report are read (scripts/perf/hey-parse.sh); the hey version used is
# printed with the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/perf/hey-parse.sh
n=${1:-100000}
reqs=${2:-2000}
clients=${CLIENTS:-8 32}
bin=${OMNIRENT_BIN:-./bin/omnirent}
port=${SEARCH_PORT:-18933}
dir=${SEARCH_DATA_DIR:-$(mktemp -d)}
export OMNIRENT_DATA_DIR="$dir" OMNIRENT_SEED_DEMO=false

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average:$(uptime | sed 's/.*load average://')"
echo "# load tool: $(go version -m "$(command -v hey)" 2>/dev/null | awk '$1 == "mod" {print $2, $3}' || echo hey, version unknown)"
if [ -n "${OMNIRENT_DATABASE_URL:-}" ]; then
  dialect=postgres
  sqlurl=$OMNIRENT_DATABASE_URL
  # An empty database has no properties table yet: migrate first.
  OMNIRENT_LOG_LEVEL=warn "$bin" migrate >/dev/null
  have=$(psql "$OMNIRENT_DATABASE_URL" -XAtc "SELECT COUNT(*) FROM properties WHERE status = 'Published'")
  if [ "$have" -lt "$n" ]; then
    OMNIRENT_LOG_LEVEL=warn "$bin" seed listings -count $((n - have)) -seed $((have + 1)) | tail -1
  fi
  psql "$OMNIRENT_DATABASE_URL" -Xqc "VACUUM ANALYZE properties"
else
  dialect=sqlite
  sqlurl="sqlite:$dir/omnirent.db"
  if [ ! -f "$dir/omnirent.db" ]; then
    OMNIRENT_LOG_LEVEL=warn "$bin" seed listings -count "$n" | tail -1
  fi
fi
echo "# $dialect, $n listings, $reqs requests per measurement"

OMNIRENT_ADDR="127.0.0.1:$port" OMNIRENT_LOG_LEVEL=error "$bin" serve >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
base="http://127.0.0.1:$port/api/listings"

filter="minimumBeds=2&maximumBeds=3&rentCycle=Monthly&minimumRent=1000&maximumRent=2000"
radius="searchArea=SW11&minimumBeds=1&rentCycle=Monthly&maximumRent=3000"
# deep QUERY: the query string of page 50 of QUERY (or its last page), by
# following the cursors; notes the page number on stderr.
deep() {
  python3 - "$base" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
base, q = sys.argv[1], sys.argv[2]
page, cursor = 1, None
while page < 50:
    body = json.load(urllib.request.urlopen(base + "?" + q + ("&cursor=" + cursor if cursor else "")))
    if not body["nextCursor"]:
        break
    cursor, page = body["nextCursor"], page + 1
print(q + ("&cursor=" + urllib.parse.quote(cursor) if cursor else ""))
print(f"# {q}: deep page is page {page}", file=sys.stderr)
PY
}
names=(filter radius radius-deep first-page deep-page)
declare -A queries=(
  [filter]="$filter"
  [radius]="$radius"
  [radius-deep]="$(deep "$radius")"
  [first-page]="sort=newest"
  [deep-page]="$(deep "sort=newest")"
)

results=$(mktemp)
for name in "${names[@]}"; do
  hey -n 200 -c 4 "$base?${queries[$name]}" >/dev/null # warm-up
  for c in $clients; do
    out=$(hey -n "$reqs" -c "$c" "$base?${queries[$name]}")
    printf 'HTTP %s %s %s\n' "$name" "$c" "$(echo "$out" | hey_figures)" >>"$results"
  done
done
# The HTTP stack alone, for reference, in the same run (issue 29).
hey -n 200 -c 4 "http://127.0.0.1:$port/healthz" >/dev/null
for c in $clients; do
  figures=$(hey -n "$reqs" -c "$c" "http://127.0.0.1:$port/healthz" | hey_figures)
  printf '# /healthz at %s clients: %s\n' "$c" "$figures"
  printf 'HEALTH healthz %s %s\n' "$c" "$figures" >>"$results"
done
kill $pid 2>/dev/null || true
wait $pid 2>/dev/null || true

qs=""
for name in "${names[@]}"; do qs+="$name ${queries[$name]}"$'\n'; done
SEARCH_PERF_DB="$sqlurl" SEARCH_PERF_QUERIES="$qs" SEARCH_PERF_CLIENTS="$clients" SEARCH_PERF_REQUESTS="$reqs" \
  go test -count=1 -run '^TestSearchPlainSQL$' -v ./internal/property/ | grep '^PLAIN' >>"$results"

python3 - "$results" <<'PY'
import collections, sys
rows = collections.defaultdict(dict)
num = lambda v: float(v) if v else float("nan")  # hey leaves out p99 when -n is small: shown as nan, not a made-up figure
for line in open(sys.argv[1]):
    kind, name, c, *kv = line.split()
    rows[(name, int(c))].update({kind + "_" + k.split("=")[0]: k.split("=")[1] for k in kv})
health = {c: r for (name, c), r in rows.items() if name == "healthz"}
# The last column is the floor under HTTP/plain. An answer over HTTP costs
# at least the CPU of its SQL (2 cores / plain req/s) plus that of a bare
# round trip, client and kernel included (2 cores / /healthz req/s); with a
# fixed number of clients latency is clients / throughput (Little's law), so
# no server, however little it did, could go below 1 + plain req/s /
# /healthz req/s on this machine with this load tool.
print("| Search | Clients | HTTP req/s | HTTP p50 | HTTP p99 | Plain SQL p50 | Plain SQL p99 | Plain SQL req/s | Service p50 | Service p99 | HTTP/plain p50 | HTTP/plain p99 | Statements | non-200 | floor |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
order = ["filter", "radius", "radius-deep", "first-page", "deep-page"]
for (name, c), r in sorted(((k, v) for k, v in rows.items() if k[0] != "healthz"), key=lambda kv: (order.index(kv[0][0]), kv[0][1])):
    f = lambda k: num(r.get(k))
    floor = 1 + f('PLAIN_plain_rps') / num(health.get(c, {}).get("HEALTH_rps"))
    print(f"| {name} | {c} | {f('HTTP_rps'):,.0f} | {f('HTTP_p50'):.1f} ms | {f('HTTP_p99'):.1f} ms "
          f"| {f('PLAIN_plain_p50'):.2f} ms | {f('PLAIN_plain_p99'):.2f} ms | {f('PLAIN_plain_rps'):,.0f} "
          f"| {f('PLAIN_service_p50'):.2f} ms | {f('PLAIN_service_p99'):.2f} ms "
          f"| {f('HTTP_p50') / f('PLAIN_plain_p50'):.1f} | {f('HTTP_p99') / f('PLAIN_plain_p99'):.1f} | {r['PLAIN_statements']} | {r['HTTP_non200']} "
          f"| {floor:.2f} |")
for deep, first in (("deep-page", "first-page"), ("radius-deep", "radius")):
    for c in sorted({c for (_, c) in rows}):
        a, b = rows.get((deep, c)), rows.get((first, c))
        if a and b:
            print(f"{deep} / {first} at {c} clients: HTTP p50 {num(a['HTTP_p50']) / num(b['HTTP_p50']):.2f}, "
                  f"p99 {num(a['HTTP_p99']) / num(b['HTTP_p99']):.2f}")
PY
rm -f "$results"
echo "# done, load average:$(uptime | sed 's/.*load average://')"
