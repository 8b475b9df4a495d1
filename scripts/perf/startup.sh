#!/usr/bin/env bash
# Cold start: time from starting the binary to the first 200 from /healthz,
# on SQLite. Runs N times on an existing database (the normal restart) and
# once on an empty data folder (first start, which also seeds demo accounts).
# Usage: scripts/perf/startup.sh [runs]   (needs bin/omnirent: make build)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
port=18931
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

measure() {
  local start end
  start=$(date +%s%N)
  OMNIRENT_DATA_DIR="$dir" OMNIRENT_ADDR="127.0.0.1:$port" OMNIRENT_LOG_LEVEL=error ./bin/omnirent serve >/dev/null 2>&1 &
  local pid=$!
  until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.005; done
  end=$(date +%s%N)
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo $(( (end - start) / 1000000 ))
}

echo "first start (empty data dir, seeds demo accounts): $(measure) ms"
times=()
for _ in $(seq "$runs"); do times+=("$(measure)"); done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
echo "restart, $runs runs: min $(echo "$sorted" | head -1) ms, median $(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p") ms, max $(echo "$sorted" | tail -1) ms"
