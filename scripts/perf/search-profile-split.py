#!/usr/bin/env python3
# Splits a search's CPU profile (go tool pprof -traces) into the statement
# and the server's work outside it; run by scripts/perf/search-profile.sh,
# which says what each part is.
#
#   search-profile-split.py TRACES NAME REQUESTS SERVER_MS DATABASE_MS LOAD
import re, sys
path, name, reqs, server_ms, db_ms, load = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
# The statement: the store functions that send a search's statements and
# read their rows (anywhere in the stack: the garbage collection its
# allocations assist with included).
statement = re.compile(r"internal/property\.(newest|inRing|inBoxNewest|byIDs|pageByIDs|pageRows)$")
# The rest, by the frame nearest the leaf that one of these matches (the
# whole handler runs under gzhttp's wrapper, so the nearest frame decides).
parts = [
    ("photos' statement", re.compile(r"internal/property\.\(\*Service\)\.withPhotos$")),
    ("gzip", re.compile(r"compress/flate|compress/gzip|klauspost/compress/(flate|gzip|huff0)")),
    ("JSON (encoding; after issue 43 writing the kept cards)", re.compile(r"^encoding/json\.|internal/property\.(\(\*cardCache\)|\(\*Service\)\.(encodeCard|writePage)|appendJSONFloat)")),
    ("socket (reads and writes)", re.compile(r"^(syscall\.|internal/poll\.)")),
    ("garbage collection", re.compile(r"^runtime\.(gcBgMarkWorker|gcAssist|bgsweep|bgscavenge|gcDrain|markroot|scanobject)")),
]
unit = {"ns": 1e-6, "us": 1e-3, "µs": 1e-3, "ms": 1, "s": 1000}
def ms(v):
    m = re.fullmatch(r"([0-9.]+)(ns|us|µs|ms|s)", v)
    return float(m.group(1)) * unit[m.group(2)]
totals = {"statement": 0.0}
total = 0.0
for block in open(path).read().split("-----------+-------------------------------------------------------")[1:]:
    lines = [l for l in block.strip("\n").split("\n") if l.strip()]
    if not lines:
        continue
    first = lines[0].split()
    if not first or not re.fullmatch(r"[0-9.]+(ns|us|µs|ms|s)", first[0]):
        continue
    value = ms(first[0])
    frames = [first[1]] + [l.strip() for l in lines[1:]]
    frames = [f.split()[0] for f in frames if f and not f.startswith("bytes:")]
    total += value
    if any(statement.search(f) for f in frames):
        totals["statement"] += value
        continue
    label = next((label for f in frames for label, rx in parts if rx.search(f)), "the rest (net/http, middleware, handler)")
    totals[label] = totals.get(label, 0) + value
# The profile gives the shares of the server's CPU; /proc its amount over
# the window the requests and the backends' CPU were counted in (the
# profile's samples come to somewhat less).
scale = server_ms / total if server_ms and total else 1.0
totals = {k: v * scale for k, v in totals.items()}
profile_total, total = total, total * scale
outside = total - totals["statement"]
per = lambda v: v / reqs if reqs else float("nan")
# The backends' CPU is the statement's too.
stmt_own = totals["statement"] + db_ms
print(f"## {name}: {reqs} requests in the profile's window")
print(f"server CPU {server_ms} ms (/proc; the profile's samples {profile_total:.0f} ms, shares below scaled to it); database backends {db_ms} ms; load average {load}")
print(f"| part | CPU | a request | share of the server's |")
print(f"|---|---|---|---|")
for label, v in sorted(totals.items(), key=lambda kv: -kv[1]):
    print(f"| {label} | {v:.0f} ms | {per(v):.3f} ms | {100 * v / total:.1f} % |")
if db_ms:
    print(f"| database backends (PostgreSQL) | {db_ms} ms | {per(db_ms):.3f} ms | |")
ratio = outside / stmt_own if stmt_own else float("nan")
print(f"RESULT {name}: outside the statement {per(outside):.3f} ms a request, the statement's own {per(stmt_own):.3f} ms "
      f"(in the server {per(totals['statement']):.3f}, in the database {per(db_ms):.3f}): outside / statement = {ratio:.2f} "
      f"({'met' if ratio <= 0.5 else 'not met'}: at most 0.5)")
