#!/usr/bin/env bash
# The production shape on one machine, with real servers: PostgreSQL (the
# machine's), an S3 object store (Versity's S3 gateway over a local folder),
# an SMTP server with an API to read what it received (Mailpit), two
# `omnirent serve` instances sharing them, and a round-robin proxy in front
# (cmd/rrproxy), so consecutive requests land on different instances.
#
#   scripts/prod/up.sh            start everything; Ctrl-C or SIGTERM stops it all
#   make prod                     the same, after building the binary
#
# Addresses (PROD_PORT, default 18180):
#   http://127.0.0.1:PROD_PORT          the site, through the proxy
#   127.0.0.1:PROD_PORT+1 / +2          the two instances (metrics on +11 / +12)
#   http://127.0.0.1:PROD_PORT+20       the S3 endpoint (bucket "omnirent")
#   127.0.0.1:PROD_PORT+25 / +26        Mailpit's SMTP / its web page and API
# Data lives in PROD_DIR (default .prod-PROD_PORT), emptied at each start;
# the database omnirent_prod_PROD_PORT is dropped and created again.
#
# Why Versity's gateway: it is an S3 server in Go that `go install`s from the
# module proxy (SeaweedFS's go install is refused for its replace directives;
# MinIO ships binaries from its own site, which these machines cannot reach),
# and its posix back end keeps objects as plain files, easy to inspect.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
port="${PROD_PORT:-18180}"
dir="${PROD_DIR:-$root/.prod-$port}"
pg_base="${PROD_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
dbname="omnirent_prod_$port"
gobin="$(go env GOPATH)/bin"
MAILPIT_VERSION=v1.33.1
VERSITYGW_VERSION=v1.8.0

log() { echo "[prod] $*" >&2; }

install_tools() {
  [ -x "$gobin/mailpit" ] || { log "installing mailpit $MAILPIT_VERSION"; go install "github.com/axllent/mailpit@$MAILPIT_VERSION"; }
  [ -x "$gobin/versitygw" ] || { log "installing versitygw $VERSITYGW_VERSION"; go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION"; }
  [ -x bin/omnirent ] || { log "bin/omnirent is missing: make build"; exit 1; }
  go build -o bin/rrproxy ./cmd/rrproxy
}

pids=()
cleanup() {
  trap - EXIT INT TERM
  log "stopping"
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 0' INT TERM

wait_http() { # url what
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  log "$2 did not answer at $1"; return 1
}

install_tools
rm -rf "$dir"; mkdir -p "$dir/s3/omnirent" "$dir/a" "$dir/b"

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  log "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
psql -q "$pg_base/postgres" -c "DROP DATABASE IF EXISTS $dbname WITH (FORCE)" -c "CREATE DATABASE $dbname" >/dev/null

s3_port=$((port + 20)); smtp_port=$((port + 25)); mailpit_port=$((port + 26))
export ROOT_ACCESS_KEY=omnirent ROOT_SECRET_KEY=omnirent-local-secret
"$gobin/versitygw" --port "127.0.0.1:$s3_port" posix "$dir/s3" >"$dir/s3.log" 2>&1 &
pids+=($!)
"$gobin/mailpit" --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$mailpit_port" --database "$dir/mailpit.db" \
  --smtp-auth-accept-any --smtp-auth-allow-insecure --max 5000 >"$dir/mailpit.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$mailpit_port/api/v1/info" "Mailpit"

instance() { # name port metrics_port
  env -i PATH="$PATH" HOME="${HOME:-/root}" \
    OMNIRENT_ENV=production OMNIRENT_SEED_DEMO=true \
    OMNIRENT_ADDR="127.0.0.1:$2" OMNIRENT_METRICS_ADDR="127.0.0.1:$3" \
    OMNIRENT_BASE_URL="http://127.0.0.1:$port" OMNIRENT_TRUST_PROXY=true \
    OMNIRENT_DATA_DIR="$dir/$1" OMNIRENT_SECRET_KEY="prod-shape-secret-key-0123456789abcdef" \
    OMNIRENT_DATABASE_URL="$pg_base/$dbname?sslmode=disable" \
    OMNIRENT_S3_ENDPOINT="127.0.0.1:$s3_port" OMNIRENT_S3_BUCKET=omnirent OMNIRENT_S3_REGION=us-east-1 \
    OMNIRENT_S3_ACCESS_KEY="$ROOT_ACCESS_KEY" OMNIRENT_S3_SECRET_KEY="$ROOT_SECRET_KEY" \
    OMNIRENT_S3_USE_SSL=false OMNIRENT_S3_PATH_STYLE=true \
    OMNIRENT_SMTP_URL="smtp://127.0.0.1:$smtp_port" \
    OMNIRENT_VENDOR_BOOKING_EMAIL=vendors@omnirent.test \
    OMNIRENT_ARGON2_MEMORY_KIB="${OMNIRENT_ARGON2_MEMORY_KIB:-8192}" \
    OMNIRENT_LOG_FORMAT=json OMNIRENT_LOG_LEVEL="${PROD_LOG_LEVEL:-warn}" \
    "$root/bin/omnirent" serve >"$dir/$1.out" 2>"$dir/$1.log" &
  pids+=($!)
  echo $! >"$dir/$1.pid"
}

# The first instance migrates and seeds the demo data; the second starts on
# the same database once the first answers.
instance a $((port + 1)) $((port + 11))
wait_http "http://127.0.0.1:$((port + 1))/healthz" "instance a" || { tail -20 "$dir/a.log" >&2; exit 1; }
instance b $((port + 2)) $((port + 12))
wait_http "http://127.0.0.1:$((port + 2))/healthz" "instance b" || { tail -20 "$dir/b.log" >&2; exit 1; }
bin/rrproxy -listen "127.0.0.1:$port" -backends "127.0.0.1:$((port + 1)),127.0.0.1:$((port + 2))" 2>"$dir/proxy.log" &
pids+=($!)
wait_http "http://127.0.0.1:$port/healthz" "the proxy"
log "ready: site http://127.0.0.1:$port (instances :$((port + 1)) :$((port + 2)), metrics :$((port + 11)) :$((port + 12)))"
log "       mail http://127.0.0.1:$mailpit_port   s3 http://127.0.0.1:$s3_port   data $dir"
wait -n "${pids[@]}" || true
log "a process stopped; shutting the set-up down"
