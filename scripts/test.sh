#!/usr/bin/env bash
# The README's second command: sets up, runs every suite of every package, and ends with one line
# "N passed, N failed" totalled over all of them (read from each runner's JSON report).
export TURBO_TELEMETRY_DISABLED=1
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }
rm -rf packages/*/.reports apps/*/.reports
pnpm test
status=$?
node scripts/test-summary.mjs
summary=$?
[ "$status" -eq 0 ] && [ "$summary" -eq 0 ]
