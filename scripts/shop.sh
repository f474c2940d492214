#!/usr/bin/env bash
# The README's first command: sets everything up, builds, and runs the whole shop (API + web app)
# in one process on http://localhost:${PORT:-3000}, on the embedded database unless MONGODB_URI is set.
export TURBO_TELEMETRY_DISABLED=1
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/node.sh
bash scripts/setup.sh
command -v pnpm >/dev/null 2>&1 || export PATH="$HOME/.local/bin:$PATH"
echo "Building the shop..."
pnpm build --output-logs=errors-only
port="${PORT:-3000}"
export PORT="$port" SERVE_WEB=true LOG_PRETTY="${LOG_PRETTY:-true}" WEB_ORIGIN="${WEB_ORIGIN:-http://localhost:$port}" NODE_ENV="${NODE_ENV:-development}"
exec node apps/api/dist/index.js
