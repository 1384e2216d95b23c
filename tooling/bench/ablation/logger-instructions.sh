#!/bin/bash
# The (e) ablation in instructions: runs logger-server.mjs under valgrind's callgrind for each
# variant, sends WARMUP (5,000) requests, then counts the user-space instructions the server's
# main thread executes for REQUESTS (10,000) more, and prints instructions per request. Instruction counts
# are repeatable whatever else the machine does (unlike time), so pieces costing 1-3% of a
# request can be told apart. Needs valgrind; takes about a minute per variant.
# usage: bash tooling/bench/ablation/logger-instructions.sh [variant ...]
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${REQUESTS:-10000}
variants=${*:-none empty stamps hook close full}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/exit-on-sigint.cjs" <<'JS'
process.on('SIGINT', () => process.exit(0));
JS
for v in $variants; do
  valgrind --tool=callgrind --callgrind-out-file="$work/$v.cg" --dump-instr=no --separate-threads=yes \
    node --require "$work/exit-on-sigint.cjs" ablation/logger-server.mjs "$v" > "$work/$v.port" 2> "$work/$v.err" &
  pid=$!
  for _ in $(seq 600); do grep -q PORT "$work/$v.port" 2>/dev/null && break; sleep 0.2; done
  port=$(grep -o 'PORT [0-9]*' "$work/$v.port" | cut -d' ' -f2)
  node_modules/.bin/autocannon -c 10 -a "${WARMUP:-5000}" "http://127.0.0.1:$port/" > /dev/null 2>&1
  callgrind_control -z "$pid" > /dev/null 2>&1
  node_modules/.bin/autocannon -c 10 -a "$requests" "http://127.0.0.1:$port/" > /dev/null 2>&1
  callgrind_control -d "$pid" > /dev/null 2>&1
  sleep 1
  kill -INT "$pid"; wait "$pid" || true
  # the main thread only: V8's background compiler and GC helper threads run when they run
  total=$(callgrind_annotate "$work/$v.cg.1-01" 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}' | tr -d ,)
  echo "$v $((total / requests)) instructions per request"
done
