# hey_figures reads hey's text report on stdin and prints
# "rps=<n> p50=<ms> p99=<ms> non200=<n>". hey 0.1.4 prints "  50% in 0.0012 secs";
# hey 0.1.5 (what `go install github.com/rakyll/hey@latest` gives) prints
# "  50%% in 0.0012 secs": both are read. A figure hey left out (p99 with
# few requests) is printed empty, never as a number.
# Sourced by search-load.sh; `bash scripts/perf/hey-parse.sh`
# checks itself on both forms.
hey_figures() {
  awk '
    /Requests\/sec:/ { rps = $2 }
    $1 ~ /^50%+$/ && $2 == "in" { p50 = $3 * 1000 }
    $1 ~ /^99%+$/ && $2 == "in" { p99 = $3 * 1000 }
    /^[ \t]+\[[0-9]+\]/ && $1 != "[200]" { non200 += $2 }
    END { printf "rps=%s p50=%s p99=%s non200=%d\n", rps, p50, p99, non200 }
  '
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  sample() { # $1: the percent sign as that hey version prints it
    printf 'Summary:\n  Requests/sec:\t1234.5678\n\nLatency distribution:\n  10%s in 0.0005 secs\n  50%s in 0.0012 secs\n  99%s in 0.0250 secs\n\nStatus code distribution:\n  [200]\t1990 responses\n  [503]\t10 responses\n' "$1" "$1" "$1"
  }
  for pct in '%' '%%'; do
    got=$(sample "$pct" | hey_figures)
    want='rps=1234.5678 p50=1.2 p99=25 non200=10'
    if [ "$got" != "$want" ]; then
      echo "hey-parse: with '$pct' got '$got', want '$want'" >&2
      exit 1
    fi
  done
  echo "hey-parse: both hey forms read"
fi
