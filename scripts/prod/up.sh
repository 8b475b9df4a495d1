#!/usr/bin/env bash
# The production shape on one machine, with real servers: PostgreSQL (the
# machine's), an S3 object store (Versity's S3 gateway over a local folder),
# an SMTP server with an API to read what it received (Mailpit), two
# `omnirent serve` instances sharing them, and HAProxy in front (Debian's
# package, installed when missing; its configuration is deploy/haproxy.cfg):
# round robin, so consecutive requests land on different instances, with
# health checks on /healthz that take a dead instance out.
#
#   scripts/prod/up.sh            start everything; Ctrl-C or SIGTERM stops it all
#   make prod                     the same, after building the binary
#
# Every process runs under a small supervisor that starts it again when it
# dies (kill -9 an instance: the site goes on through the other, and the
# instance is back within seconds; scripts/prod/failover-test.sh checks it).
# The set-up stops only when told to (SIGTERM or Ctrl-C), and then stops
# every process it started, waiting for each.
#
# Addresses (PROD_PORT, default 18180):
#   http://127.0.0.1:PROD_PORT          the site, through the proxy
#   127.0.0.1:PROD_PORT+1 / +2          the two instances (metrics on +11 / +12)
#   http://127.0.0.1:PROD_PORT+20       the S3 endpoint (bucket "omnirent")
#   127.0.0.1:PROD_PORT+25 / +26        Mailpit's SMTP / its web page and API
#   http://127.0.0.1:PROD_PORT+30       HAProxy's stats page (/metrics: Prometheus)
# Data lives in PROD_DIR (default .prod-PROD_PORT), emptied at each start;
# the database omnirent_prod_PROD_PORT is dropped and created again. Each
# process's current pid is in PROD_DIR/NAME.pid (a, b, proxy, s3, mailpit),
# its output in PROD_DIR/NAME.log.
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

# install_tools installs the servers the production shape runs beside the
# binary when missing. `up.sh --tools` does only this (make prod-tools):
# .ci/run calls it with the other installs, since on a fresh machine
# compiling Mailpit and versitygw takes minutes, longer than the journeys
# wait for their server to answer.
install_tools() {
  [ -x "$gobin/mailpit" ] || { log "installing mailpit $MAILPIT_VERSION"; go install "github.com/axllent/mailpit@$MAILPIT_VERSION"; }
  [ -x "$gobin/versitygw" ] || { log "installing versitygw $VERSITYGW_VERSION"; go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION"; }
  if ! command -v haproxy >/dev/null 2>&1; then
    log "installing Debian haproxy"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || true
    # Another apt-get (CI installs several packages) may hold the lock: wait for it.
    apt-get install -y -qq -o DPkg::Lock::Timeout=300 haproxy >/dev/null
  fi
}

# supervise NAME COMMAND...: runs COMMAND in the background (output appended
# to PROD_DIR/NAME.log, its pid in PROD_DIR/NAME.pid) and starts it again
# whenever it exits, until the supervisor gets SIGTERM (or SIGINT): it then
# sends the process SIGTERM, waits for it and returns. A process that dies within
# 5 s of its start waits twice as long before the next start (1 s, 2 s, ...
# at most 16 s), so one that cannot start does not spin.
supervise() {
  local name=$1 child='' stopping='' rc started delay=1
  shift
  # Ctrl-C reaches the supervisors too (the terminal signals the whole
  # process group): stop as on SIGTERM, whichever comes first. The process
  # gets SIGTERM either way (HAProxy, started in the background, ignores
  # SIGINT).
  trap 'stopping=1; [ -z "$child" ] || kill -TERM "$child" 2>/dev/null || true' TERM INT
  while :; do
    started=$SECONDS
    "$@" >>"$dir/$name.log" 2>&1 &
    child=$!
    echo "$child" >"$dir/$name.pid"
    [ -z "$stopping" ] || kill -TERM "$child" 2>/dev/null || true
    # wait returns early when the trap runs: wait again until the process is gone.
    rc=0; wait "$child" || rc=$?
    while kill -0 "$child" 2>/dev/null; do wait "$child" || true; done
    child=''
    stopping_now && return 0
    if [ $((SECONDS - started)) -lt 5 ]; then delay=$((delay * 2 > 16 ? 16 : delay * 2)); else delay=1; fi
    log "$name (pid $(cat "$dir/$name.pid")) exited ($rc); starting it again in ${delay}s"
    sleep "$delay" &
    child=$!
    wait "$child" || true
    kill "$child" 2>/dev/null || true
    child=''
    stopping_now && return 0
  done
}
# stopping_now (in a supervisor): told to stop, the set-up is stopping (a
# Ctrl-C reaches every process at once, before the supervisors hear of it),
# or the script itself was killed (-9): do not start anything again.
stopping_now() { [ -n "$stopping" ] || [ -e "$dir/.stopping" ] || ! kill -0 "$main" 2>/dev/null; }

main=$$
pids=()
cleanup() {
  trap - EXIT INT TERM
  log "stopping"
  [ ! -d "$dir" ] || touch "$dir/.stopping"
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  log "stopped"
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
if [ "${1:-}" = "--tools" ]; then trap - EXIT; exit 0; fi
[ -x bin/omnirent ] || { log "bin/omnirent is missing: make build"; exit 1; }
rm -rf "$dir"; mkdir -p "$dir/s3/omnirent" "$dir/a" "$dir/b"

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  log "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
psql -q "$pg_base/postgres" -c "DROP DATABASE IF EXISTS $dbname WITH (FORCE)" -c "CREATE DATABASE $dbname" >/dev/null

s3_port=$((port + 20)); smtp_port=$((port + 25)); mailpit_port=$((port + 26))
export ROOT_ACCESS_KEY=omnirent ROOT_SECRET_KEY=omnirent-local-secret
supervise s3 "$gobin/versitygw" --port "127.0.0.1:$s3_port" posix "$dir/s3" &
pids+=($!)
supervise mailpit "$gobin/mailpit" --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$mailpit_port" --database "$dir/mailpit.db" \
  --smtp-auth-accept-any --smtp-auth-allow-insecure --max 5000 &
pids+=($!)
wait_http "http://127.0.0.1:$mailpit_port/api/v1/info" "Mailpit"

instance() { # name port metrics_port
  supervise "$1" env -i PATH="$PATH" HOME="${HOME:-/root}" \
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
    "$root/bin/omnirent" serve &
  pids+=($!)
}

# The first instance migrates and seeds the demo data; the second starts on
# the same database once the first answers.
instance a $((port + 1)) $((port + 11))
wait_http "http://127.0.0.1:$((port + 1))/healthz" "instance a" || { tail -20 "$dir/a.log" >&2; exit 1; }
instance b $((port + 2)) $((port + 12))
wait_http "http://127.0.0.1:$((port + 2))/healthz" "instance b" || { tail -20 "$dir/b.log" >&2; exit 1; }
# HAProxy in the foreground (-db), as a child like the rest, not the
# system's service; deploy/haproxy.cfg reads its addresses from these.
export LB_LISTEN="127.0.0.1:$port" LB_INSTANCE_A="127.0.0.1:$((port + 1))" LB_INSTANCE_B="127.0.0.1:$((port + 2))" \
  LB_STATS_LISTEN="127.0.0.1:$((port + 30))" LB_SOCKET="$dir/haproxy.sock"
haproxy -c -q -f deploy/haproxy.cfg
supervise proxy haproxy -db -f deploy/haproxy.cfg &
pids+=($!)
# Through the proxy, and until both instances are in (the checks' rise).
for _ in $(seq 1 100); do
  seen=$(for _ in 1 2 3 4; do curl -fsS -o /dev/null -w '%header{x-backend}\n' "http://127.0.0.1:$port/healthz" 2>/dev/null || true; done | sort -u | tr -d '\n')
  [ "$seen" = ab ] && break
  sleep 0.2
done
[ "$seen" = ab ] || { log "the proxy does not reach both instances (saw '$seen')"; tail -20 "$dir/proxy.log" >&2; exit 1; }
log "ready: site http://127.0.0.1:$port (instances :$((port + 1)) :$((port + 2)), metrics :$((port + 11)) :$((port + 12)))"
log "       mail http://127.0.0.1:$mailpit_port   s3 http://127.0.0.1:$s3_port   proxy stats http://127.0.0.1:$((port + 30))   data $dir"
# Until SIGTERM or Ctrl-C (the trap exits, and cleanup stops everything).
wait || true
