#!/usr/bin/env bash
# The README's second command: sets up, runs every suite of every package (unit and integration
# tests, then the API journeys and the browser end-to-end tests against the built shop), and ends with one line
# "N passed, N failed" totalled over all of them (read from each runner's JSON report).
export TURBO_TELEMETRY_DISABLED=1
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }
rm -rf packages/*/.reports apps/*/.reports

pnpm test
status=$?

# The journeys, the fuzz tests, the chaos suite and the browser suite run against the build (turbo
# skips what is already built): the journeys, fuzz and chaos from outside against the built API in
# production mode, the browser suite against the built API serving the built web app.
pnpm build --output-logs=errors-only || status=1
pnpm --filter @vanya/api test:journeys || status=1
# Schemathesis over the OpenAPI document against the built API, short form (a few hundred
# requests; the long one: `pnpm --filter @vanya/api fuzz`). Its report counts even when the
# virtualenv cannot be made: the test then fails saying what to install.
bash scripts/setup-fuzz.sh || status=1
pnpm --filter @vanya/api fuzz:short || status=1
# The chaos suite in its short form (the full one: 100 shoppers, `pnpm --filter @vanya/api chaos`).
CHAOS_SHOPPERS="${CHAOS_SHOPPERS:-40}" pnpm --filter @vanya/api chaos || status=1
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing (Debian: apt-get install chromium): the browser suite cannot run." >&2
fi
pnpm --filter @vanya/web test:e2e || status=1

node scripts/test-summary.mjs
summary=$?
[ "$status" -eq 0 ] && [ "$summary" -eq 0 ]
