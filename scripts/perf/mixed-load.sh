#!/usr/bin/env bash
# A mixed load through the production shape (issue 28): starts
# scripts/prod/up.sh (two instances on PostgreSQL, an S3 server, Mailpit and
# HAProxy in front, round robin), runs scripts/perf/mixload against the proxy
# for the given time, prints its table and stops everything.
# Usage: scripts/perf/mixed-load.sh [duration]   (default 5m; needs bin/omnirent: make build)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-5m}"
port="${PROD_PORT:-18380}"
go build -o bin/mixload ./scripts/perf/mixload
PROD_PORT=$port PROD_LOG_LEVEL=error bash scripts/prod/up.sh >/tmp/mixed-load-prod.log 2>&1 &
up=$!
trap 'kill -TERM $up 2>/dev/null; wait $up 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  grep -q 'ready:' /tmp/mixed-load-prod.log && break
  kill -0 $up 2>/dev/null || { cat /tmp/mixed-load-prod.log; exit 1; }
  sleep 0.5
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
bin/mixload -base "http://127.0.0.1:$port" -mailpit "http://127.0.0.1:$((port + 26))" \
  -metrics "127.0.0.1:$((port + 11)),127.0.0.1:$((port + 12))" -duration "$duration"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
