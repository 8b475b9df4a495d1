#!/usr/bin/env bash
# Where the server's CPU goes on a search request, from a CPU profile of the
# running binary under the load of scripts/perf/search-load.sh (issue 43).
#
#   scripts/perf/search-profile.sh [seconds]
#
# The database is search-load.sh's: SQLite in SEARCH_DATA_DIR (seeded there
# by search-load.sh, or by `omnirent seed listings`), or PostgreSQL at
# OMNIRENT_DATABASE_URL (topped up by search-load.sh). For each search
# (SEARCHES, default "filter radius first-page": search-load.sh's queries)
# hey runs at CLIENTS (default 8) concurrent clients while
# /debug/pprof/profile samples the server for `seconds` (default 15), and
# the script reads, over the same window:
#
#   - the server's requests (its /metrics counter of GET /api/listings) and
#     its CPU (/proc/PID/stat);
#   - on PostgreSQL, the CPU of the database's backends serving the server's
#     connections (pg_stat_activity of that database, /proc/PID/stat): the
#     statement's own CPU that runs outside the server's process.
#
# The profile's samples are split by their stacks:
#
#   - statement: under the functions that send the search's statements and
#     read their rows (property.newest, inRing, inBoxNewest, pageByIDs and
#     pageRows; byIDs before issue 43): building its text, the driver,
#     SQLite itself (modernc runs it in the process), pgx, scanning the
#     rows;
#   - everything else, the server's work outside the statement: the page's
#     photos when they are a second statement (withPhotos, before issue 43),
#     JSON, gzip, the socket, garbage collection (all of the background
#     work, though the statement's rows cause much of it), net/http, the
#     middleware and the scheduler.
#
# The profile gives the shares; they are scaled to the server's CPU from
# /proc (the samples come to somewhat less). The goal (issue 43): outside
# at most half the statement's own CPU, the statement's own being its part
# of the server's plus, on PostgreSQL, the backends'. Each search ends with
# a RESULT line. docs/perf.md (issue 29, ninth pass) has the commands and
# figures. Needs OMNIRENT_BIN (default bin/omnirent), hey, curl, python3
# and Go (go tool pprof); psql on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-15}
clients=${CLIENTS:-8}
searches=${SEARCHES:-filter radius first-page}
bin=${OMNIRENT_BIN:-./bin/omnirent}
port=${SEARCH_PORT:-18933}
mport=${SEARCH_METRICS_PORT:-18934}
out=${PROFILE_DIR:-$(mktemp -d)}
mkdir -p "$out"
export OMNIRENT_SEED_DEMO=false
if [ -n "${OMNIRENT_DATABASE_URL:-}" ]; then
  dialect=postgres
  export OMNIRENT_DATA_DIR=${SEARCH_DATA_DIR:-$(mktemp -d)}
  dbname=$(psql "$OMNIRENT_DATABASE_URL" -XAtc "SELECT current_database()")
  n=$(psql "$OMNIRENT_DATABASE_URL" -XAtc "SELECT COUNT(*) FROM properties WHERE status = 'Published'")
else
  dialect=sqlite
  : "${SEARCH_DATA_DIR:?set SEARCH_DATA_DIR to a folder search-load.sh seeded (or OMNIRENT_DATABASE_URL)}"
  export OMNIRENT_DATA_DIR=$SEARCH_DATA_DIR
  n=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM properties WHERE status = '"'"'Published'"'"'").fetchone()[0])' "$SEARCH_DATA_DIR/omnirent.db")
fi
echo "# $(date -u +%FT%TZ) $(nproc) cores, load average:$(uptime | sed 's/.*load average://')"
echo "# $dialect, $n listings, $clients clients, ${seconds} s profile a search, binary $bin, profiles in $out"

OMNIRENT_ADDR="127.0.0.1:$port" OMNIRENT_METRICS_ADDR="127.0.0.1:$mport" OMNIRENT_LOG_LEVEL=error "$bin" serve >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
base="http://127.0.0.1:$port/api/listings"
declare -A queries=(
  [filter]="minimumBeds=2&maximumBeds=3&rentCycle=Monthly&minimumRent=1000&maximumRent=2000"
  [radius]="searchArea=SW11&minimumBeds=1&rentCycle=Monthly&maximumRent=3000"
  [first-page]="sort=newest"
)

ticks() { # user + system clock ticks of the given processes
  local t=0 p
  for p in "$@"; do
    [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo $t
}
backends() {
  [ $dialect = postgres ] || return 0
  psql "$OMNIRENT_DATABASE_URL" -XAtc "SELECT pid FROM pg_stat_activity WHERE datname = '$dbname' AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
}
requests() {
  curl -fs "http://127.0.0.1:$mport/metrics" | awk '/^omnirent_http_request_duration_seconds_count/ && /GET \/api\/listings"/ {n += $NF} END {printf "%d\n", n}'
}
hz=$(getconf CLK_TCK)

for name in $searches; do
  url="$base?${queries[$name]}"
  hey -n 1000 -c "$clients" "$url" >/dev/null # warm-up: the pool's connections, the caches
  hey -z "$((seconds + 6))s" -c "$clients" "$url" >"$out/$name.hey" &
  hpid=$!
  sleep 3
  mapfile -t pids < <(backends)
  declare -A before=()
  for p in "${pids[@]}"; do before[$p]=$(ticks "$p"); done
  r0=$(requests); s0=$(ticks $pid); l0=$(cut -d' ' -f1 /proc/loadavg)
  curl -fs "http://127.0.0.1:$mport/debug/pprof/profile?seconds=$seconds" -o "$out/$name.pprof"
  r1=$(requests); s1=$(ticks $pid); l1=$(cut -d' ' -f1 /proc/loadavg)
  db=0
  mapfile -t pids1 < <(backends)
  for p in $(printf '%s\n' "${pids[@]}" "${pids1[@]}" | sort -u); do
    [ -n "$p" ] && db=$((db + $(ticks "$p") - ${before[$p]:-0}))
  done
  unset before
  wait $hpid
  go tool pprof -traces "$out/$name.pprof" 2>/dev/null >"$out/$name.traces"
  python3 scripts/perf/search-profile-split.py "$out/$name.traces" "$name" "$((r1 - r0))" "$(((s1 - s0) * 1000 / hz))" "$((db * 1000 / hz))" "$l0-$l1"
  grep -E 'Requests/sec' "$out/$name.hey" | sed "s/^ */# hey $name: /"
done
kill $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
echo "# done, load average:$(uptime | sed 's/.*load average://')"
