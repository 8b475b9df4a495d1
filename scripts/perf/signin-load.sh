#!/usr/bin/env bash
# Sign-in under load: 8 concurrent clients POST /api/auth/login with the
# demo landlord's right password, using production argon2id parameters.
# Prints hey's latency distribution (p99) and requests per second.
# Usage: scripts/perf/signin-load.sh [requests]   (needs bin/omnirent and `hey`)
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-400}
port=18932
dir=$(mktemp -d)
OMNIRENT_DATA_DIR="$dir" OMNIRENT_ADDR="127.0.0.1:$port" OMNIRENT_LOG_LEVEL=error ./bin/omnirent serve >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
# Same-origin header, as the browser sends; the CSRF check refuses cross-site posts.
hey -n "$n" -c 8 -m POST -T application/json -H "Sec-Fetch-Site: same-origin" \
  -d '{"email":"landlord@demo.omnirent.co.uk","password":"DemoLandlord1!"}' \
  "http://127.0.0.1:$port/api/auth/login"
