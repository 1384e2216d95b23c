#!/bin/sh
# Deno as the bench harness runs a runtime (`<runtime> <script> <args>`): `deno run -A` with the
# binary the fetch suite installed (BENCH_DENO).
exec "$BENCH_DENO" run -A --quiet "$@"
