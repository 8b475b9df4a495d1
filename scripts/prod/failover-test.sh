#!/usr/bin/env bash
# Failover through the production shape: starts scripts/prod/up.sh on its own
# port, sends a steady stream of GETs through the proxy (HAProxy), kills one
# instance with SIGKILL in the middle of it and checks (scripts/prod/failover)
# that the site kept answering through the other instance, that no request
# failed but those in flight at the kill, and that the killed instance was
# started again and serves again. Then it stops the set-up with SIGTERM and
# checks that every process it started is gone.
#
#   scripts/prod/failover-test.sh        (needs bin/omnirent: make build)
#
# PROD_PORT (default 18480) picks the ports, as for up.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
port="${PROD_PORT:-18480}"
dir="${PROD_DIR:-$PWD/.prod-$port}"
log="${TMPDIR:-/tmp}/omnirent-failover-$port.log" # up.sh's output (PROD_DIR is emptied at its start)
t0=$SECONDS
say() { echo "[failover] $*"; }

go build -o bin/failover ./scripts/prod/failover

: >"$log" # before the start: the background's own redirection may come after the first look
PROD_PORT=$port PROD_DIR=$dir bash scripts/prod/up.sh >"$log" 2>&1 &
up=$!
stop_up() {
  kill -TERM "$up" 2>/dev/null || return 0
  wait "$up" 2>/dev/null || true
}
trap stop_up EXIT
for _ in $(seq 1 1800); do  # the first run installs haproxy, Mailpit and versitygw
  grep -q 'ready:' "$log" && break
  kill -0 "$up" 2>/dev/null || { cat "$log"; say "up.sh stopped before it was ready"; exit 1; }
  sleep 0.5
done
grep -q 'ready:' "$log" || { cat "$log"; say "up.sh not ready after 15 minutes"; exit 1; }
say "set-up ready in $((SECONDS - t0)) s"

status=0
bin/failover -base "http://127.0.0.1:$port" -instance "http://127.0.0.1:$((port + 1))" -name a \
  -pidfile "$dir/a.pid" || status=1
grep '\[prod\].*exited' "$log" || true
kill -0 "$up" 2>/dev/null || { say "up.sh stopped after the kill"; status=1; }

# Stop: SIGTERM to up.sh stops every process it started, and waits for them.
pids=$(cat "$dir"/*.pid)
t1=$SECONDS
trap - EXIT
stop_up
left=""
for p in $pids; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
if [ -n "$left" ]; then
  say "still running after up.sh stopped:$left"; ps -o pid,args -p "${left# }" || true; status=1
  kill -TERM $left 2>/dev/null || true
fi
if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then say "the proxy still answers after the stop"; status=1; fi
say "stopped in $((SECONDS - t1)) s; $((SECONDS - t0)) s in all"
[ "$status" = 0 ] && say ok || { tail -30 "$log"; say "FAILED (the set-up's output: $log, its logs: $dir)"; }
exit "$status"
