#!/usr/bin/env bash
# The README's second command: sets everything up (system packages, Node 24, pnpm, dependencies,
# the embedded database, schemathesis), checks the code (lint, format, types, build), runs every
# suite of every package (unit and integration tests, then the API journeys, fuzz and chaos
# suites and the browser end-to-end tests against the built shop), and ends with one line
# "N passed, N failed" totalled over all of them (read from each runner's JSON report).
export TURBO_TELEMETRY_DISABLED=1
set -uo pipefail
started=$SECONDS
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
say_failed() {
  echo "$1"
  echo "0 passed, 1 failed"
  exit 1
}
bash scripts/system-packages.sh || say_failed "The system packages above are missing."
source scripts/node.sh
bash scripts/setup.sh || say_failed "Set-up failed."
command -v pnpm >/dev/null 2>&1 || export PATH="$HOME/.local/bin:$PATH"
bash scripts/setup-fuzz.sh || echo "schemathesis could not be set up: the fuzz tests will say what to install." >&2
rm -rf packages/*/.reports apps/*/.reports .reports
mkdir -p .reports

# The checks count as one test each in the totals.
checks_passed=0
checks_failed=()
check() {
  local name="$1"
  shift
  echo
  echo "::: $name"
  if "$@"; then checks_passed=$((checks_passed + 1)); else checks_failed+=("$name"); fi
}
check lint pnpm lint --output-logs=errors-only
check format pnpm format:check
check typecheck pnpm typecheck --output-logs=errors-only
build_started=$SECONDS
# --force: the build is timed every run (a cache hit would hide a build that hangs again).
check build pnpm build --output-logs=errors-only --force
build_seconds=$((SECONDS - build_started))
echo "The build took ${build_seconds} s."
failed_json=""
for name in "${checks_failed[@]+"${checks_failed[@]}"}"; do failed_json+="${failed_json:+,}\"$name\""; done
printf '{"passed":%d,"failed":[%s]}\n' "$checks_passed" "$failed_json" >.reports/checks.json

status=0
pnpm test || status=1
# The journeys, the fuzz tests, the chaos suite and the browser suite run against the build: the
# journeys, fuzz and chaos from outside against the built API in production mode, the browser
# suite against the built API serving the built web app.
pnpm --filter @vanya/api test:journeys || status=1
# Schemathesis over the OpenAPI document, short form (a few hundred requests, as a customer and
# as the owner; the long one: `pnpm --filter @vanya/api fuzz`).
pnpm --filter @vanya/api fuzz:short || status=1
# The chaos suite in its short form (the full one: 100 shoppers, `pnpm --filter @vanya/api chaos`).
CHAOS_SHOPPERS="${CHAOS_SHOPPERS:-40}" pnpm --filter @vanya/api chaos || status=1
pnpm --filter @vanya/web test:e2e || status=1

elapsed=$((SECONDS - started))
echo
echo "The build took ${build_seconds} s; the whole test command $((elapsed / 60)) min $((elapsed % 60)) s."
node scripts/test-summary.mjs
summary=$?
[ "$status" -eq 0 ] && [ "$summary" -eq 0 ]
